"""Each game's phone script and styles come from its own folder, and every page loads them."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import Game
from tests.test_texts import known
from tests.tiny import GAME as TINY

GAME_IDS = sorted(GAMES)


def named_keys(script: str, game_id: str) -> set[str]:
    """The sentences a phone script names: quoted keys of the pages' or the game's own."""
    key = rf"""["'`]((?:web|{game_id})\.[a-z_]+(?:\.[a-z_0-9]+)*)["'`]"""
    return set(re.findall(key, script))


def phone_folder(game: Game[Any]) -> Path:
    """Where the game's phone files lie: its package's ``phone`` folder."""
    return Path(str(files(game.package) / "phone"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_games_script_and_styles_are_served_from_its_folder(game_id: str,
                                                               client: FlaskClient) -> None:
    folder = phone_folder(GAMES[game_id])
    for name, kind in (("phone.js", "javascript"), ("phone.css", "text/css")):
        response = client.get(f"/games/{game_id}/{name}")
        assert response.status_code == 200 and kind in response.content_type
        assert response.data == (folder / name).read_bytes()
    assert client.get(f"/games/{game_id}/../__init__.py").status_code == 404
    assert client.get(f"/games/{game_id}/rules.py").status_code == 404


@pytest.mark.parametrize(("path", "own", "other"), [("/", "phone", "table"),
                                                   ("/table", "table", "phone")])
def test_every_page_loads_the_core_its_own_script_and_every_games(
        path: str, own: str, other: str, client: FlaskClient) -> None:
    page = client.get(path).text
    core = page.index("/static/getaway.js")
    mine = page.index(f"/static/{own}-page.js")
    assert core < mine and f"{other}-page.js" not in page
    for game_id in GAME_IDS:
        assert page.index(f"/games/{game_id}/phone.js") > mine
        assert f"/games/{game_id}/phone.css" in page


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_sentence_a_games_script_names_is_in_both_languages(game_id: str,
                                                                 client: FlaskClient) -> None:
    script = (phone_folder(GAMES[game_id]) / "phone.js").read_text(encoding="utf-8")
    keys = named_keys(script, game_id)
    assert len(keys) > 10
    for lang in ("de", "en"):
        catalog = set(client.get(f"/api/texts/{lang}").get_json())
        assert {key for key in keys if not known(key, catalog)} == set(), lang


def test_the_robnrun_script_names_its_sentences_as_the_test_reads_them() -> None:
    script = (phone_folder(GAMES["robnrun"]) / "phone.js").read_text(encoding="utf-8")
    assert "web.robnrun.sort_send" in named_keys(script, "robnrun")


@pytest.mark.parametrize("game", [*GAMES.values(), TINY], ids=lambda game: game.id)
def test_every_sentence_of_a_game_names_the_game(game: Game[Any]) -> None:
    assert set(game.texts["de"]) == set(game.texts["en"])
    assert all(game.id in key.split(".")[:2] for key in game.texts["en"])
