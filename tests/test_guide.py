"""The guide teaches every game as it is played: every situation of every game has a "what
now" line, every step an explanation of two or three sentences with a rule-book reference,
every checklist item a line, in German and in English; and every state the box's walks reach
shows them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Game
from companion.i18n import LANGUAGES, Catalog
from companion.table.guide import setup_items, situations, steps
from companion.texts import assemble
from tests.device.walk import other_choices, walk

CATALOG = assemble()
SECTION = {"de": re.compile(r"^(Spielregel|Spielanleitung), Abschnitte? „[^“]+“"),
           "en": re.compile(r"^Rule book, sections? “[^”]+”")}
"""A reference names the rule book and a section of it by its heading."""
SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def sentence(catalog: Catalog, key: str, lang: str, **params: Any) -> str:
    """The sentence for ``key``; fails where the catalog lacks it or leaves a placeholder."""
    said = catalog.text(key, lang, **params)
    assert said != key and not said.startswith(f"{key}."), f"no {lang} text for {key}"
    assert "{" not in said, f"{key} ({lang}) leaves a placeholder: {said}"
    return said


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_situation_has_a_line_and_every_step_an_explanation(game: Game[Any]) -> None:
    assert situations(game), f"{game.id} brings no guide"
    assert set(steps(game)) == set(situations(game))
    for lang in LANGUAGES:
        for situation in situations(game):
            sentence(CATALOG, f"{game.id}.guide.now.{situation}", lang)
        for step in set(steps(game).values()):
            explained = sentence(CATALOG, f"{game.id}.guide.step.{step}", lang)
            assert 2 <= len(SENTENCE_END.findall(explained)) <= 3, explained
            reference = sentence(CATALOG, f"{game.id}.guide.ref.{step}", lang)
            assert SECTION[lang].match(reference), f"{game.id} {step} ({lang}): {reference}"


def test_a_game_without_a_guide_is_told_apart() -> None:
    from tests.tiny import GAME as TINY
    assert situations(TINY) == () and setup_items(TINY) == ()


def walks(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """The fewest seats with the default settings, the most with the last choice of each."""
    return [(game.min_seats, {}), (game.max_seats, other_choices(game)[-1])]


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_state_of_the_walks_says_what_now(tmp_path: Path, game: Game[Any]) -> None:
    for number, (seats, options) in enumerate(walks(game)):
        for shown in walk(tmp_path / f"{number}.sqlite", game.id, seats, options=options):
            if shown.public["game"] is None:
                continue
            guide = shown.public["guide"]
            assert guide["situation"] in situations(game), guide
            assert set(guide["setup"]) <= {f"{game.id}.guide.setup.{item}"
                                           for item in setup_items(game)}
            for view in (shown.public, *shown.private.values()):
                assert view["guide"] == guide
            for lang in LANGUAGES:
                for key in (guide["now"], guide["explain"], guide["ref"], *guide["setup"]):
                    sentence(CATALOG, key, lang, **guide["setup_params"])
