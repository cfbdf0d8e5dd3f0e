"""The clock is law: no undo, pause, restart or replay gives a turn back time that ran.

Random evenings of Räuber-Rommé through the real Table on a real SQLite file, with a fake
clock, undos from the box and from phones, and restarts on the same boot and after a power
cut. The time left may only grow by the rules' own new turn (a turn handed on, a round
begun, the settle time over): never by undo, pause, resume, a restart or a table action.
"""

from __future__ import annotations

import random
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.games import GAMES
from companion.games.base import Action, GetawayError
from companion.table.owner import Table
from companion.table.store import Store
from tests import tables
from tests.clock import FakeClock
from tests.proof import examples

NEW_TURN = ("end_turn", "draw", "failed_manipulation", "romme", "stuck", "confirm_scores")
"""The actions by which the rules hand on a turn or end a round (the next starts afresh)."""


class Evenings(RuleBasedStateMachine):
    """A Table, its clock, and the time left the group saw last."""

    boots: int
    """How many times the box has booted: a power cut boots it anew."""
    boot: Any
    waking: Any
    store: Store
    folder: tempfile.TemporaryDirectory[str]
    clock: FakeClock
    table: Table
    seen: int | None
    """The time left on the clock the group saw last (kept while no clock shows)."""
    ruled: int
    """How many timeouts the log held when the group looked last."""

    @initialize(seconds=st.sampled_from([15, 30]), wait=st.sampled_from(["wait", "at_once", 5, 10]))
    def start(self, seconds: int, wait: Any) -> None:
        self.boots = 1
        self.boot = patch("companion.table.store._boot", lambda: self.boots.to_bytes(16))
        self.boot.start()
        # The Table looks at the clock when poked, never by itself: a wait it ended on real
        # time would read the fake clock (and save the time left) whenever the machine let it,
        # and the same evening could then play out otherwise.
        self.waking = patch.object(Table, "_wake_at", lambda table: None)
        self.waking.start()
        self.folder = tempfile.TemporaryDirectory()
        self.clock = FakeClock()
        self.open()
        self.table.submit(Action("table.new_game", None, {
            "game": "romme", "seats": 3,
            "options": {"turn_seconds": seconds, "after_overrun": wait, "first_player": 0}}))
        self.seen, self.ruled = None, 0
        self.table.submit(Action("resume"))
        self.look(grow=True)

    def teardown(self) -> None:
        if hasattr(self, "table"):
            self.close()
            self.folder.cleanup()
            self.boot.stop()
            self.waking.stop()

    def open(self) -> None:
        """Start the box on the log: it replays it, a running turn comes back paused."""
        self.store = Store(self.db)
        self.table = Table(self.store, GAMES, clock=self.clock, chance=random.Random(1))
        self.table.start()

    def close(self) -> None:
        self.table.stop()
        self.store.close()

    @property
    def db(self) -> Path:
        return Path(self.folder.name) / "getaway.sqlite"

    @property
    def public(self) -> dict[str, Any]:
        return self.table.published.view(None, self.clock())

    def left(self) -> int | None:
        timer = self.public["timer"]
        return None if timer is None else int(timer["remaining_ms"])

    def timeouts(self) -> int:
        """How many times the clock has ruled, as the log says."""
        with closing(sqlite3.connect(f"{self.db.as_uri()}?mode=ro", uri=True)) as log:
            return int(log.execute("SELECT COUNT(*) FROM events WHERE body LIKE ?",
                                   ('{"type":"timeout"%',)).fetchone()[0])

    def look(self, grow: bool, floor: int = 0) -> None:
        """Read the time left now; unless the rules began a new turn (the clock's verdict
        among them: a turn taken back whose time ran out meanwhile meets it at once) it is no
        more than the group saw last (a restart may come back with ``floor``: no overrun)."""
        left, timeouts = self.left(), self.timeouts()
        grow = grow or timeouts != self.ruled
        self.ruled = timeouts
        if left is None:
            return
        if not grow and self.seen is not None:
            assert left <= max(self.seen, floor), (left, self.seen)
        self.seen = left

    def send(self, action: Action) -> bool:
        try:
            self.table.submit(action)
        except GetawayError:
            return False
        return True

    # -- what the group does -----------------------------------------------------------------

    @rule(seconds=st.sampled_from([0.3, 1.0, 2.2, 4.0, 9.0]), step=st.sampled_from([0.1, 0.29]))
    def time_passes(self, seconds: float, step: float) -> None:
        """The Table looks at the clock every ``step`` s; a timeout it submits is the rules'."""
        for _ in range(round(seconds / step)):
            version = self.table.published.version
            self.clock.advance(step)
            self.table.poke()
            self.look(grow=self.table.published.version != version)

    @rule(kind=st.sampled_from(["pause", "resume"]), by=st.none() | st.integers(0, 2))
    def pause_or_resume(self, kind: str, by: int | None) -> None:
        """Either, while the group settles, ends the settle time: the clock then shows the
        next turn's whole time, running or paused."""
        settling = self.public["state"]["phase"] == "settle"
        self.send(Action(kind, by))
        self.look(grow=settling)

    @rule(kind=st.sampled_from(NEW_TURN), phone=st.booleans())
    def a_step_of_the_rules(self, kind: str, phone: bool) -> None:
        state = self.public["state"]
        by = state["turn"] if phone else None
        if kind == "confirm_scores":
            for seat in (state.get("scoring") or {}).get("missing", []):
                self.send(Action("score", None, {"seat": seat, "tiles": [5]}))
        self.send(Action(kind, by))
        self.look(grow=True)

    @rule(by=st.none() | st.integers(0, 2))
    def undo(self, by: int | None) -> None:
        self.send(Action("table.undo", by))
        self.look(grow=False)

    @rule()
    def a_table_action(self) -> None:
        self.send(Action("table.rename", None, {"seat": 1, "name": "Ben"}))
        self.look(grow=False)

    @rule(away=st.sampled_from([0.0, 0.4, 3.0]), power_cut=st.booleans())
    def restart(self, away: float, power_cut: bool) -> None:
        """The box dies without a word and starts again: on the same boot after ``away`` s,
        or after a power cut, when its clock starts anew."""
        settling = self.public["state"]["phase"] == "settle"
        self.close()  # nothing is written on stop: as good as a kill
        self.clock.advance(away)
        if power_cut:  # a new boot, whose clock starts anew
            self.clock, self.boots = FakeClock(start=50.0), self.boots + 1
        self.open()
        self.look(grow=settling, floor=1000)  # paused, a settle time shows the next turn's

    @precondition(lambda self: self.public["state"]["phase"] == "over")
    @rule()
    def rematch(self) -> None:
        self.send(Action("table.rematch"))
        self.look(grow=True)

    @invariant()
    def a_clock_is_never_negative(self) -> None:
        left = self.left()
        assert left is None or left >= 0


Evenings.TestCase.settings = settings(max_examples=examples(30), stateful_step_count=30)
TestEvenings = Evenings.TestCase


# -- the cases the group met -------------------------------------------------------------------

def romme(tmp_path: Path, seconds: int = 30, wait: Any = 10) -> tuple[Table, FakeClock]:
    clock = FakeClock()
    table = tables.open_table(tmp_path / "getaway.sqlite", clock)
    table.submit(Action("table.new_game", None, {
        "game": "romme", "seats": 3,
        "options": {"turn_seconds": seconds, "after_overrun": wait, "first_player": 0}}))
    table.submit(Action("resume"))
    return table, clock


def run(table: Table, clock: FakeClock, seconds: float) -> None:
    for _ in range(round(seconds * 10)):
        clock.advance(0.1)
        table.poke()


def timer(table: Table, clock: FakeClock) -> tuple[int, bool]:
    found = table.published.view(None, clock())["timer"]
    return found["remaining_ms"], found["running"]


def test_pause_and_undo_never_give_the_turn_its_time_back(tmp_path: Path) -> None:
    table, clock = romme(tmp_path)
    run(table, clock, 20.2)
    for _ in range(3):
        table.submit(Action("pause", 0))
        run(table, clock, 5)  # paused: no time runs
        table.submit(Action("table.undo", 0))
        assert timer(table, clock) == (9_800, True)
    table.stop()


def test_undo_of_a_paused_turns_resume_keeps_the_time_it_ran(tmp_path: Path) -> None:
    table, clock = romme(tmp_path)
    run(table, clock, 4)
    table.submit(Action("pause"))
    table.submit(Action("resume"))
    run(table, clock, 6)
    table.submit(Action("table.undo"))
    assert timer(table, clock) == (20_000, False)
    table.stop()


def test_undo_of_a_turns_first_start_keeps_the_time_it_ran(tmp_path: Path) -> None:
    table, clock = romme(tmp_path)
    run(table, clock, 7)
    table.submit(Action("table.undo"))  # the round's first TURN taken back
    assert timer(table, clock) == (23_000, False)
    table.submit(Action("resume"))
    assert timer(table, clock) == (23_000, True)
    table.stop()


@pytest.mark.parametrize(("kind", "left"), [
    ("end_turn", 15_000), ("draw", 15_000), ("failed_manipulation", 15_000),
    ("romme", 18_000), ("stuck", 18_000)])
def test_a_turn_ended_and_taken_back_has_no_more_time_than_the_clocks_left_it(
        tmp_path: Path, kind: str, left: int) -> None:
    """Handed on, the next turn's clock ran for 3 s, and they are spent; while a round is
    scored no clock runs, and the turn comes back with the time it had."""
    table, clock = romme(tmp_path)
    run(table, clock, 12)
    table.submit(Action(kind, 0))
    run(table, clock, 3)
    table.submit(Action("table.undo"))
    state = table.published.public["state"]
    assert (state["phase"], state["turn"]) == ("turn", 0)
    assert timer(table, clock) == (left, True)
    table.stop()


def test_the_pause_of_a_restart_taken_back_gives_no_time_back(tmp_path: Path) -> None:
    table, clock = romme(tmp_path, seconds=60)
    run(table, clock, 25)
    table.stop()  # killed
    again = tables.open_table(tmp_path / "getaway.sqlite", clock)
    assert timer(again, clock) == (35_000, False)
    again.submit(Action("table.undo"))
    assert timer(again, clock) == (35_000, True)
    again.stop()


def test_a_settle_time_taken_back_is_spent_and_the_next_turn_goes_on(tmp_path: Path) -> None:
    table, clock = romme(tmp_path, seconds=15, wait=10)
    run(table, clock, 15)  # the overrun: the group settles for 10 s
    run(table, clock, 3)
    table.submit(Action("resume", 1))  # the next player starts early
    run(table, clock, 2)
    table.submit(Action("table.undo"))
    assert timer(table, clock) == (5_000, True)  # back to settling, 5 s of 10 spent
    table.submit(Action("resume", 1))
    run(table, clock, 1)
    table.submit(Action("table.undo"))
    run(table, clock, 5)  # the settle time runs out after 4 s, the next turn starts by itself
    state = table.published.public["state"]
    assert (state["phase"], state["turn"]) == ("turn", 1)
    assert abs(timer(table, clock)[0] - 14_000) <= 1
    table.submit(Action("pause"))
    table.submit(Action("resume"))
    run(table, clock, 3)
    table.submit(Action("table.undo"))
    table.submit(Action("table.undo"))
    assert abs(timer(table, clock)[0] - 11_000) <= 1
    with pytest.raises(GetawayError) as refused:
        table.submit(Action("table.undo"))  # the settle time's end is the clock's verdict
    assert refused.value.key == "error.undo_clock"
    table.stop()


def test_a_turn_taken_back_after_its_time_ran_out_meanwhile_meets_the_clock(
        tmp_path: Path) -> None:
    """Ended with 11 s left, the next turn ran 12 s: taken back, the turn has overrun."""
    table, clock = romme(tmp_path, seconds=15, wait="wait")
    run(table, clock, 4)
    table.submit(Action("end_turn", 0))
    run(table, clock, 12)
    table.submit(Action("table.undo"))
    table.poke()
    state = table.published.public["state"]
    assert state["last"] == {"kind": "overrun", "seat": 0, "tiles": 1}
    assert (state["phase"], state["turn"]) == ("settle", 1)
    table.stop()


def test_a_settle_time_that_ran_out_while_undone_gives_the_next_turn_nothing(
        tmp_path: Path) -> None:
    """The next player started 3.8 s before the settle time was up and played 4 s: taken
    back, the settle time is over meanwhile and the turn goes on with the 11 s it had."""
    table, clock = romme(tmp_path, seconds=15, wait=10)
    run(table, clock, 15 + 6.2)  # the overrun, then 6.2 s of the 10 s settle time
    table.submit(Action("resume", 1))
    run(table, clock, 4)
    table.submit(Action("table.undo"))
    state = table.published.public["state"]
    assert (state["phase"], state["turn"]) == ("turn", 1)
    left, running = timer(table, clock)
    assert running and abs(left - 11_000) <= 1
    table.stop()
