"""First-game mode: on by default for a game this box has never played to its end; each step
explained once; switched from the box, the table page or a phone; the setup checklist ticked
before the first turn; and the box showing what to do now, readable from a metre."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from companion.device.painters.parts import READABLE_CAP_PX
from companion.games import GAMES
from companion.games.base import Action, GetawayError, IllegalAction, InvalidAction
from companion.i18n import text
from companion.table.owner import Table
from companion.table.rules import apply_table
from companion.table.state import TableState
from companion.table.views import table_view
from tests.device.frames import drawn_lines
from tests.device.test_screen import save
from tests.tables import open_table

GENDARM: dict[str, Any] = {"game": "gendarm", "seats": 2,
                           "options": {"dice": "table", "catchers": "chips"}}


def act(state: TableState, kind: str, seat: int | None = None, **args: Any) -> TableState:
    return apply_table(state, Action(kind, seat, args), GAMES)


def teaching(state: TableState, seat: int | None = None) -> dict[str, Any]:
    taught: dict[str, Any] = table_view(state, GAMES, seat, 0)["teaching"]
    return taught


def step(state: TableState) -> str:
    return str(table_view(state, GAMES, None, 0)["guide"]["step"])


def caught(state: TableState) -> TableState:
    """Räuber und Gendarm from the start roll to the capture that ends it."""
    state = act(state, "start_roll", rolls=[5, 2])
    state = act(act(state, "catcher", 0, number=3), "catcher", 1, number=4)
    return act(state, "capture", 0, gendarme=3)


def test_a_game_never_played_here_starts_in_first_game_mode_and_the_next_does_not() -> None:
    state = act(TableState(), "table.new_game", **GENDARM)
    assert teaching(state)["first_game"] and teaching(state, 1)["first_game"]
    state = act(state, "table.end_game")            # left before its end: still never played
    state = caught(act(state, "table.new_game", **GENDARM))
    assert state.played == ("gendarm",)
    assert not teaching(act(state, "table.rematch"))["first_game"]
    romme = act(state, "table.end_game")
    romme = act(romme, "table.new_game", game="romme", seats=2, options={"first_player": 0})
    assert teaching(romme)["first_game"]
    assert TableState.from_json(romme.to_json(GAMES), GAMES).played == ("gendarm",)


def test_each_step_is_explained_the_first_time_it_comes() -> None:
    state = act(TableState(), "table.new_game", **GENDARM)
    assert (step(state), teaching(state)["explain"]) == ("start", True)
    rolled = act(state, "start_roll", rolls=[5, 2])
    assert (step(rolled), teaching(rolled)["explain"]) == ("catcher", True)
    again = act(rolled, "table.undo")     # taken back: taught again as it was
    assert (step(again), teaching(again)["explain"]) == ("start", True)
    off = act(act(rolled, "table.guide", first_game=False), "table.undo")
    assert not teaching(off)["first_game"], "an undo keeps the mode the group chose"
    assert TableState.from_json(rolled.to_json(GAMES), GAMES).teaching == rolled.teaching


def test_first_game_mode_is_switched_by_a_phone_and_the_table_page_alike() -> None:
    state = act(TableState(), "table.new_game", **GENDARM)
    off = act(state, "table.guide", 1, first_game=False)
    assert not teaching(off)["first_game"] and not teaching(off, 0)["explain"]
    assert teaching(act(off, "table.guide", None, first_game=True))["explain"]


def test_the_setup_checklist_is_ticked_before_the_first_turn() -> None:
    state = act(TableState(), "table.new_game", **GENDARM)
    guide = table_view(state, GAMES, None, 0)["guide"]
    assert guide["items"] == ["board", "pieces", "chips", "die"]
    assert all(text(key, "en", **guide["setup_params"]) != key for key in guide["setup"])
    ticked = act(act(state, "table.guide", tick="board"), "table.guide", 0, tick="die")
    assert teaching(ticked)["ticked"] == ["board", "die"] and teaching(ticked)["setup"]
    assert teaching(act(ticked, "table.guide", tick="die"))["ticked"] == ["board"]
    assert not teaching(act(ticked, "start_roll", rolls=[5, 2]))["setup"]
    with pytest.raises(InvalidAction, match="setup list"):
        act(state, "table.guide", tick="pieces_level3x")
    with pytest.raises(IllegalAction):
        act(TableState(), "table.guide", first_game=False)


def box_menu(table: Table) -> list[str]:
    return [item.key for item in table.published.controls.menu]


def choose(table: Table, key: str) -> None:
    item = next(i for i in table.published.controls.menu if i.key == key)
    table.submit(item.action)


def test_the_box_shows_what_now_readably_and_switches_first_game_mode(tmp_path: Path) -> None:
    table = open_table(tmp_path / "box.sqlite")
    try:
        table.submit(Action("table.new_game", None, GENDARM))
        assert box_menu(table)[-2:] == ["box.guide", "box.end_game"]
        choose(table, "box.guide")
        assert box_menu(table) == ["box.guide_close", "box.guide_tick", "box.first_game_off",
                                   "box.end_game"]
        choose(table, "box.guide_tick")
        assert table.published.public["teaching"]["ticked"] == ["board"]
        surface, lines = drawn_lines(GAMES, table.published)
        save(surface, "guide_box_setup")
        body = " ".join(line.words for line in lines if line.role == "body")
        assert body.startswith("Jeder wählt eine Farbe"), body
        assert all(line.cap_px >= READABLE_CAP_PX for line in lines if line.role != "hint")
        choose(table, "box.first_game_off")
        assert not table.published.public["teaching"]["first_game"]
        surface, lines = drawn_lines(GAMES, table.published)
        save(surface, "guide_box_now")
        body = " ".join(line.words for line in lines if line.role == "body")
        assert body.startswith("Wer beginnt? Beide würfeln"), body
        choose(table, "box.guide_close")
        assert "box.guide" in box_menu(table)
        with pytest.raises(GetawayError):
            table.submit(Action("table.guide", None, {"tick": "nothing"}))
    finally:
        table.stop()



def test_a_step_of_one_seat_is_explained_on_its_phone_and_the_table_page_alone() -> None:
    state = act(TableState(), "table.new_game", **GENDARM)
    assert teaching(state, 0)["explain"] and teaching(state, 1)["explain"], "both roll"
    state = act(act(act(state, "start_roll", rolls=[5, 2]), "catcher", 0, number=3),
                "catcher", 1, number=4)
    assert step(state) == "move"
    assert teaching(state)["explain"] and teaching(state, 0)["explain"], "Anna is on turn"
    assert not teaching(state, 1)["explain"], "Ben sees what now and the rule at hand"
    ben, anna = (table_view(state, GAMES, seat, 0)["guide"] for seat in (1, 0))
    assert ben == anna and ben["now"] == "gendarm.guide.now.move"
    robnrun = act(TableState(), "table.new_game", game="robnrun", seats=3, options={"boss": 2})
    assert [teaching(robnrun, seat)["explain"] for seat in range(3)] == [False, False, True]


def test_a_box_saved_before_it_kept_what_it_played_reads_it_from_its_history(
        tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    table = open_table(db)
    try:
        table.submit(Action("table.new_game", None, GENDARM))
        for action in (Action("start_roll", None, {"rolls": [5, 2]}),
                       Action("catcher", 0, {"number": 3}), Action("catcher", 1, {"number": 4}),
                       Action("capture", 0, {"gendarme": 3}), Action("table.end_game", None)):
            table.submit(action)
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                      "options": {"first_player": 0}}))
    finally:
        table.stop()
    with closing(sqlite3.connect(db)) as old, old:  # as a box saved it before it kept "played"
        old.execute("UPDATE snapshots SET body = json_remove(body, '$.played', '$.teaching')")
        assert all('"played"' not in body for (body,) in old.execute("SELECT body FROM snapshots"))
    table = open_table(db)
    try:
        assert table.published.public["teaching"]["first_game"], "Rommé: never played here"
        table.submit(Action("table.end_game", None))
        table.submit(Action("table.new_game", None, GENDARM))
        assert not table.published.public["teaching"]["first_game"], "played to its end"
    finally:
        table.stop()
