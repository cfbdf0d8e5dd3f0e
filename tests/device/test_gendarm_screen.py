"""The Räuber und Gendarm screen at a real Table, rendered headless to PNG (artifacts/screens/)
and read back pixel by pixel: whose turn in the seat's colour, the duty on its amber band, the
gendarmes out of play struck through, the hideouts in the pieces' colours, a catcher ringed
only once a capture showed it, the start roll beside each side, and a seat without a phone
named before the box deals it a catcher."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from companion.device.painters.palette import ACCENT, DANGER, TEXT, WARN
from companion.device.painters.parts import seat_colour
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action
from companion.games.gendarm.screen import PIECES, layout
from companion.table.owner import Table
from companion.table.views import TableView
from tests import tables
from tests.device.frames import drawn_lines
from tests.device.test_readable import walks
from tests.device.test_screen import assert_qr, colours, save
from tests.games.gendarm_helpers import Told

SIZE = (480, 320)
URL = "http://192.168.178.23:8000/j/KM7RX"
SPOT = layout(SIZE)

pytestmark = pytest.mark.usefixtures("offscreen")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Level 3, typed dice and chips: seat 0 (black) begins with catcher 2, seat 1 has 4,
    each typed on the own phone."""
    table = tables.open_table(tmp_path / "getaway.sqlite")
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "level": 3, "dice": "table", "catchers": "chips"}}))
    claim(table, 0, "Anna")
    claim(table, 1, "Bernd")
    table.submit(Action("start_roll", None, {"starter": 0}))
    table.submit(Action("catcher", 0, {"number": 2}))
    table.submit(Action("catcher", 1, {"number": 4}))
    yield table
    table.stop()


def render(table: Table, name: str, lang: str = "de") -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    Screen(SIZE, GAMES, language=lang).render(surface, table.published, 0, URL, 0.0)
    return save(surface, f"gendarm-{name}")


def ringed(surface: pygame.Surface, panel: int) -> bool:
    return colours(surface, SPOT.panels[panel])[ACCENT] > 40


def test_the_turn_shows_in_the_seat_colour_and_no_catcher(table: Table) -> None:
    surface = render(table, "turn")
    public = cast(TableView[Any], table.published.public)
    assert colours(surface, SPOT.headline)[seat_colour(public, 0)] > 100
    assert not ringed(surface, 0) and not ringed(surface, 1)
    assert colours(surface, SPOT.note)[WARN] == 0
    assert_qr(surface, URL)


def test_a_duty_shows_on_an_amber_band_and_a_gendarme_out_is_struck(table: Table) -> None:
    for action in (Action("safe"), Action("end_turn"), Action("end_turn")):
        table.submit(action)
    assert colours(render(table, "duty"), SPOT.note)[WARN] > 1000
    table.submit(Action("roll", None, {"value": 5}))
    table.submit(Action("remove", 0, {"gendarme": 5}))
    surface = render(table, "removed")
    assert colours(surface, SPOT.panels[0])[DANGER] > 20
    assert colours(surface, SPOT.panels[1])[DANGER] == 0


def test_the_hideouts_take_the_colour_of_the_pieces_in_them(table: Table) -> None:
    table.submit(Action("roll", None, {"value": 6}))
    table.submit(Action("hide", None, {"hideout": 2}))
    surface = render(table, "hidden", "en")
    black_fill = PIECES["black"][0]
    assert colours(surface, SPOT.side)[black_fill] > 200
    assert colours(surface, SPOT.note)[WARN] == 0


def test_a_catcher_is_ringed_once_a_capture_showed_it(table: Table) -> None:
    table.submit(Action("capture", 0, {"gendarme": 2}))
    surface = render(table, "caught")
    assert ringed(surface, 0) and not ringed(surface, 1)
    table.submit(Action("end_turn"))
    table.submit(Action("end_turn"))
    table.submit(Action("capture", 0, {"gendarme": 2}))
    surface = render(table, "over")
    assert ringed(surface, 0) and ringed(surface, 1)


def claim(table: Table, seat: int, name: str) -> None:
    """A phone takes ``seat`` under ``name``."""
    table.submit(Action("table.claim", None, {"seat": seat, "token_hash": f"{seat}" * 64,
                                              "name": name}))


def beside(panel: int) -> pygame.Rect:
    """The right-hand column at the height of a side's panel."""
    return pygame.Rect(SPOT.side.left, SPOT.panels[panel].top, SPOT.side.width,
                       SPOT.panels[panel].height)


def test_the_start_roll_stands_beside_each_side_until_play(tmp_path: Path) -> None:
    """A tie rolled again, then Anna (black) 6, Bernd (white) 2: each number readable on a
    die beside the panel that names its player, the higher one ringed."""
    told = Told()
    table = tables.open_table(tmp_path / "getaway.sqlite", chance=told)
    try:
        table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2,
                                                     "options": {"black": 1}}))
        claim(table, 0, "Bernd")
        claim(table, 1, "Anna")
        told.dice(3, 3, 2, 6)
        table.submit(Action("start_roll"))
        surface, written = drawn_lines(GAMES, table.published, 0, URL)
        save(surface, "gendarm-start-roll")
        assert {w.words for w in written if w.role == "large"} >= {"6", "2"}
        labels = [w.words for w in written if w.role == "hint"]
        assert any("Anna" in line for line in labels) and any("Bernd" in line for line in labels)
        for panel in (0, 1):                                      # black's first
            assert colours(surface, beside(panel))[TEXT] > 400
        assert colours(surface, beside(0))[ACCENT] > 100                # Anna's 6 begins
        assert colours(surface, beside(1))[ACCENT] == 0
        told.deal(3, 5, pool=[1, 2, 3, 4, 5, 6])
        table.submit(Action("deal", None))
        assert colours(render(table, "first-turn"), beside(1))[TEXT] == 0
    finally:
        table.stop()


def stranded(table: Table) -> bool:
    """Whether the screen names Schwarz's side as without a phone and says on its amber band
    to take a chip (Weiß's phone holds its seat)."""
    surface, written = drawn_lines(GAMES, table.published, 0, URL)
    words = " ".join(w.words for w in written)
    assert "Weiß · Bernd · Räuber: frei" in words
    named = "Schwarz · Platz 1 · kein Telefon" in words
    assert named == ("Ohne Telefon: Chip nehmen" in words)
    assert named == (colours(surface, SPOT.note)[WARN] > 1000)
    return named


@pytest.mark.parametrize("way_out", ["phone", "chip"])
def test_the_box_names_a_seat_without_a_phone_until_it_has_a_way_to_catch(
        tmp_path: Path, way_out: str) -> None:
    """Dealt catchers are shown on the players' own phones only: a side without a phone, before
    the deal and after it, is named on the screen and told on its amber band to take a real
    chip, until it does or a phone takes its seat."""
    table = tables.open_table(tmp_path / "getaway.sqlite")
    try:
        table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2}))
        claim(table, 1, "Bernd")
        table.submit(Action("start_roll"))
        assert stranded(table)
        table.submit(Action("deal"))
        assert stranded(table)
        if way_out == "phone":
            claim(table, 0, "Anna")
        else:
            table.submit(Action("keep_chip", None, {"seat": 0}))
        assert not stranded(table)
    finally:
        table.stop()


def test_the_readability_walks_reach_every_duty_of_levels_2_and_3(tmp_path: Path) -> None:
    """The box's walks, whose every screen must read whole (tests/device/test_readable.py),
    reach the duty roll and the removal after an odd one (level 2 and 3), a robber in a
    hideout and the forced exit (level 3)."""
    reached = set()
    for _, _, shown in walks(tmp_path, "gendarm"):
        state = shown.public["state"]
        if state["phase"] != "play":
            continue
        duty, level = state["duty"], state["level"]
        reached |= {(level, name) for name, due in (
            ("roll", duty["roll"]), ("removal", duty["remove"]),
            ("hideout", any(held is not None for held in state["hideouts"])),
            ("exit", state["must_leave"] == state["turn"] and not duty["moved"])) if due}
    assert reached >= {(2, "roll"), (2, "removal"), (3, "roll"), (3, "removal"),
                       (3, "hideout"), (3, "exit")}
