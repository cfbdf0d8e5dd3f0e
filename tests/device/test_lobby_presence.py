"""The box's lobby says whose phones are here and whose are gone, by name, in the view's
language, beside the menu it still shows whole."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table.colours import seat_colour
from tests.device.frames import drawn_lines
from tests.device.test_screen import SCREEN_GAMES, URL, lobby_menu, lobby_view, published, render
from tests.device.test_screen import seats as named_seats

pytestmark = pytest.mark.usefixtures("offscreen")

SAID = {"de": ["Da: Anna, Ben, Platz 3", "Weg: Dora, Emil"],
        "en": ["Here: Anna, Ben, Seat 3", "Gone: Dora, Emil"]}


def evening(lang: str) -> dict[str, Any]:
    """The lobby after a game: Dora's phone closed, Emil (sitting out) gone, Cleo's seat
    unnamed; a fifth seat nobody holds is neither."""
    seats = [{**seat, "here": seat["seat"] != 3} for seat in named_seats()]
    free = {"seat": 5, "name": "", "taken": False, "colour": seat_colour(5), "here": False}
    emil = {"seat": 4, "name": "Emil", "taken": True, "colour": seat_colour(4), "here": False}
    return {**lobby_view(lang), "seats": seats, "benched": [emil, free]}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_lobby_names_the_phones_here_and_gone(lang: str) -> None:
    written = drawn_lines(SCREEN_GAMES, published(evening(lang), lobby_menu()), 2, URL)[1]
    said = [w for w in written if w.words.startswith(("Da:", "Weg:", "Here:", "Gone:"))]
    assert [w.words for w in said] == SAID[lang]
    assert all(w.cut is None for w in said), "whole names, never cut"
    assert sum(w.words.startswith("Räuber-Rommé ·") for w in written) >= 2, "the menu stays"
    render(evening(lang), f"lobby-presence-{lang}", controls=lobby_menu(), cursor=2)


def test_the_lobby_says_nothing_of_phones_before_any_seat_has_one() -> None:
    written = drawn_lines(SCREEN_GAMES, published(lobby_view(), lobby_menu()), 0, URL)[1]
    assert not any(w.words.startswith(("Da:", "Weg:")) for w in written)
