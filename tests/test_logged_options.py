"""An upgrade never changes a game under way: the Table logs every option of a new game, and
an option added later replays an older log as the game was played before it existed."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import TIME_UP_MS, Action, InvalidAction
from companion.table.store import Store
from tests import tables
from tests.clock import FakeClock


def test_a_new_game_is_logged_with_every_option(tmp_path: Path) -> None:
    db = tmp_path / "getaway.sqlite"
    table = tables.open_table(db, FakeClock())
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                  "options": {"turn_seconds": 30}}))
    table.stop()
    logged = [event for _, event in Store(db).events() if event["type"] == "table.new_game"]
    assert set(logged[0]["args"]["options"]) == {option.name for option in GAMES["romme"].options}
    assert logged[0]["args"]["options"]["turn_seconds"] == 30


def test_a_romme_logged_before_the_settle_time_overruns_into_the_next_turn_at_once(
        tmp_path: Path) -> None:
    db, clock = tmp_path / "getaway.sqlite", FakeClock()
    store = Store(db)                        # a log written by a Getaway without the option
    store.append({"type": "table.new_game", "seat": None, "elapsed_ms": 0,
                  "args": {"game": "romme", "seats": 2,
                           "options": {"first_player": 0, "turn_seconds": 15}}})
    store.append({"type": "resume", "seat": None, "args": {}, "elapsed_ms": 0})
    store.append({"type": "timeout", "seat": None, "args": {}, "elapsed_ms": 15_000})
    store.append({"type": "end_turn", "seat": 1, "args": {}, "elapsed_ms": 4_000})
    store.close()
    table = tables.open_table(db, clock)
    state = table.published.public["state"]
    assert state["turn"] == 0                 # Ben's turn ran at once, and he ended it
    assert state["last"] == {"kind": "end_turn", "seat": 1, "tiles": 0}
    table.stop()


def test_a_romme_logged_with_0_s_after_an_overrun_goes_on_under_time_up_as_it_did(
        tmp_path: Path) -> None:
    """0 s started the next clock under the box's TIME'S UP screen: a game logged with it
    replays so, and a new game chooses "at once" instead."""
    db, clock = tmp_path / "getaway.sqlite", FakeClock()
    store = Store(db)
    store.append({"type": "table.new_game", "seat": None, "elapsed_ms": 0,
                  "args": {"game": "romme", "seats": 2, "options": {
                      **{o.name: o.default for o in GAMES["romme"].options},
                      "first_player": 0, "turn_seconds": 15, "after_overrun": 0}}})
    store.append({"type": "resume", "seat": None, "args": {}, "elapsed_ms": 0})
    store.append({"type": "timeout", "seat": None, "args": {}, "elapsed_ms": 15_000})
    store.append({"type": "end_turn", "seat": 1, "args": {}, "elapsed_ms": 1_000})
    store.close()
    table = tables.open_table(db, clock)
    assert table.published.public["state"]["last"] == {"kind": "end_turn", "seat": 1, "tiles": 0}
    table.submit(Action("table.end_game"))
    with pytest.raises(InvalidAction) as refused:
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                      "options": {"after_overrun": 0}}))
    assert refused.value.key == "error.option_choice"
    table.stop()


def test_a_group_may_go_on_at_once_after_an_overrun(tmp_path: Path) -> None:
    clock = FakeClock()
    table = tables.open_table(tmp_path / "getaway.sqlite", clock)
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "turn_seconds": 15, "after_overrun": "at_once"}}))
    table.submit(Action("resume"))
    clock.advance(15)
    table.poke()
    assert table.published.public["state"]["phase"] == "settle"   # TIME'S UP on the box
    clock.advance(TIME_UP_MS / 1000)
    table.poke()
    state = table.published.public["state"]
    assert (state["phase"], state["turn"]) == ("turn", 1)
    table.stop()
