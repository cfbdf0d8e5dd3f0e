"""Safehouse's box profile at a real Table: the track and the sheets are example values apart,
each until the group types or imports that part; and a group types only the sheets it uses."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.games.safehouse import builtin_documents
from tests.device.conftest import offscreen
from tests.device.frames import drawn_lines
from tests.games.safehouse_helpers import ORDERS, SHEETS, Group

__all__ = ["offscreen"]

EXAMPLE = builtin_documents()["profile"]["box"]
TRACK = {"name": "Unser Block", "safehouse": 38, "start": 15, "pursuer": 0, "orders": 8}
"""The track as the group typed it (the lobby's "save the profile" sends no ``example``)."""
PAD = SHEETS["sheets"]
SAVES: dict[str, list[dict[str, Any]]] = {
    "neither": [],
    "track": [TRACK],
    "sheets": [{**EXAMPLE, "name": "Unser Block", "sheets": PAD}],
    "both": [{**EXAMPLE, "name": "Unser Block", "sheets": PAD}, {**TRACK, "sheets": PAD}],
}
"""What the group saved, as the table page's lobby sends it: saving the sheets keeps the
track as it was (the example's ``example: true`` with it), saving the track confirms it."""


def saved(tmp_path: Path, typed: str, mode: str) -> tuple[Group, dict[str, Any]]:
    """A game after the group's saves, and the profile as the lobby showed it."""
    group = Group(tmp_path, 2, mode="light", profile=None)
    group.do("table.end_game")
    for data in SAVES[typed]:
        group.do("table.save", game="safehouse", kind="profile", name="box", data=data)
    lobby = group.table.published.public["saved"]["safehouse"]["profile"]["box"]
    group.do("table.new_game", game="safehouse", seats=2, options={"mode": mode})
    return group, lobby


def screen_warns(group: Group) -> bool:
    """Whether the box's screen says "Example values!"."""
    published = group.table.published
    shown = replace(published, public={**published.public, "language": "en"})
    _, written = drawn_lines(group.table.games, shown, 0, "http://192.168.178.23:8000/j/KM7RX")
    return any("Example values!" in w.words for w in written)


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize(("typed", "track", "sheets"), [
    ("neither", True, True), ("track", False, True), ("sheets", True, False),
    ("both", False, False),
])
@pytest.mark.parametrize("mode", ["light", "sheet"])
def test_the_track_and_the_sheets_are_example_values_apart(
        tmp_path: Path, typed: str, track: bool, sheets: bool, mode: str) -> None:
    """The lobby, every phone and the screen say of each part what the group did with it; the
    screen warns of the sheets only where they are used."""
    group, lobby = saved(tmp_path, typed, mode)
    assert lobby["example"] is track and (not lobby["sheets"]) is sheets
    for view in (group.table.published.public, *group.table.published.private.values()):
        assert view["state"]["profile"]["example"] is track
        assert view["state"]["sheets"]["example"] is sheets
    assert screen_warns(group) is (track or (sheets and mode == "sheet"))
    group.close()


def test_a_file_exported_before_the_track_was_confirmed_imports_as_example_values(
        tmp_path: Path) -> None:
    group, exported = saved(tmp_path, "sheets", "light")
    group.do("table.end_game")
    group.do("table.save", game="safehouse", kind="profile", name="box", data=exported)
    group.do("table.new_game", game="safehouse", seats=2, options={})
    assert group.state["profile"]["example"] is True
    assert group.refused("table.save", game="safehouse", kind="profile", name="box",
                         data={**TRACK, "example": "no"}) == "safehouse.profile.malformed"
    group.close()


def test_a_group_types_only_the_sheets_it_uses(tmp_path: Path) -> None:
    """Two sheets typed for three players: only those two are offered, no example sheet
    stands in, and the third player keeps the paper entries."""
    group = Group(tmp_path, 3, mode="sheet",
                  profile={**SHEETS, "sheets": {"S": ORDERS, "F": ORDERS}})
    assert group.state["sheets"] == {"letters": ["S", "F"], "example": False}
    assert group.refused("sheet", 2, letter="A") == "safehouse.sheet.untyped"
    group.do("sheet", 0, letter="S")
    group.do("sheet", 1, letter="F")
    assert [group.player(seat)["letter"] for seat in range(3)] == ["S", "F", None]
    group.roll(0, {"yellow": [3]})
    group.do("go", 0)
    group.do("order", 2, row=0, status="open")
    assert group.player(2)["open"] == 1
    group.close()


def test_the_example_sheets_stand_in_only_when_the_group_typed_none(tmp_path: Path) -> None:
    group = Group(tmp_path, 2, mode="sheet", profile=None)
    assert group.state["sheets"] == {"letters": ["S", "A", "F", "E"], "example": True}
    group.do("sheet", 1, letter="E")
    assert group.player(1)["letter"] == "E"
    group.close()
