"""The box before it has a network: "waiting for Wi-Fi" stands whole where the QR code will,
on the lobby and in every game's corner, in German and English, and nothing there is cut."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import Action
from companion.i18n import LANGUAGES, text
from companion.table.published import Published
from tests.device.frames import Written, drawn_lines
from tests.device.walk import seat_counts
from tests.tables import open_table


def waiting(tmp_path: Path) -> Iterator[tuple[str, str, list[Written]]]:
    """The lobby and each game's first screen without a network, in each language: what
    was drawn, in which language, and every line drawn."""
    table = open_table(tmp_path / "waiting.sqlite")
    try:
        screens: list[tuple[str, Published]] = [("lobby", table.published)]
        for game_id, game in GAMES.items():
            table.submit(Action("table.new_game", None,
                                {"game": game_id, "seats": seat_counts(game)[0]}))
            screens.append((game_id, table.published))
            table.submit(Action("table.end_ask", None, {"ask": True}))
            table.submit(Action("table.end_game", None, {}))
        for what, published in screens:
            for lang in LANGUAGES:
                shown = replace(published, public={**published.public, "language": lang})
                yield what, lang, drawn_lines(GAMES, shown, link=None)[1]
    finally:
        table.stop()


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, list[Written]]]:
    return list(waiting(tmp_path_factory.mktemp("waiting")))


def test_waiting_for_wi_fi_is_drawn_whole_and_nothing_is_cut(
        screens: list[tuple[str, str, list[Written]]]) -> None:
    assert {what for what, _, _ in screens} == {"lobby", *GAMES}
    for what, lang, lines in screens:
        said = " ".join(line.words for line in lines)
        assert " ".join(text("screen.no_network", lang).split()) in said, (what, lang, said)
        assert [line.cut for line in lines if line.cut] == [], (what, lang)


def test_nothing_asks_to_join_while_there_is_nothing_to_join(
        screens: list[tuple[str, str, list[Written]]]) -> None:
    for what, lang, lines in screens:
        said = {line.words for line in lines}
        for key in ("box.join", "screen.join_short"):
            assert text(key, lang) not in said, (what, lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_with_a_join_link_draws_its_hints_whole(tmp_path: Path, lang: str) -> None:
    table = open_table(tmp_path / "lobby.sqlite")
    try:
        published = table.published
        shown = replace(published, public={**published.public, "language": lang})
        lines = drawn_lines(GAMES, shown, link="http://192.168.1.20:8000/j/K7M")[1]
    finally:
        table.stop()
    assert text("box.join", lang) in {line.words for line in lines}
    assert [line.cut for line in lines if line.cut] == []
