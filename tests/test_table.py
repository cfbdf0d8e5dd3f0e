"""The Table: one owner, durable before visible, replay, undo, the turn timer and restarts."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.games.base import Action, GetawayError, IllegalAction, InvalidAction
from companion.table.owner import CHECKPOINT_S, LATE_S, Table
from companion.table.published import Published, token_hash
from companion.table.store import Checkpoint, Store
from tests import tables
from tests.clock import FakeClock
from tests.tiny import GAME, LIMIT_MS, tiny_game

GAMES = {"tiny": GAME}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "getaway.sqlite"


def open_table(db: Path, clock: FakeClock, seed: int = 1) -> Table:
    return tables.open_table(db, clock, seed, GAMES)


@pytest.fixture
def table(db: Path, clock: FakeClock) -> Iterator[Table]:
    table = open_table(db, clock)
    table.submit(Action("table.new_game", None, {"game": "tiny", "seats": 3}))
    yield table
    table.stop()


def test_table_versions_are_the_event_numbers(table: Table, db: Path) -> None:
    version = table.submit(Action("pass"))
    assert version == table.published.version == Store(db).last_seq() == 2


def test_table_publishes_only_what_is_already_durable(table: Table, db: Path) -> None:
    reader = Store(db)
    seen: list[tuple[int, int]] = []
    table.subscribe(lambda p: seen.append((p.version, reader.last_seq())))
    table.submit(Action("pass"))
    assert seen == [(2, 2)]


def test_table_refuses_a_stale_action_and_keeps_going(table: Table) -> None:
    with pytest.raises(IllegalAction) as refused:
        table.submit(Action("pass"), expect_version=0)
    assert refused.value.key == "error.stale"
    assert table.submit(Action("pass"), expect_version=1) == 2


def test_an_action_taken_back_before_the_table_takes_it_is_not_applied(table: Table) -> None:
    """Its sender gave up (a phone went): withdrawn, and the Table's thread goes on."""
    go_on = threading.Event()

    def hold(published: Published) -> None:
        go_on.wait(10)

    table.subscribe(hold)
    first = table.post(Action("pass"))  # the Table's thread waits inside its publication
    withdrawn = table.post(Action("pass"))
    assert withdrawn.cancel()
    go_on.set()
    assert first.result(10) == 2
    assert table.submit(Action("pass")) == 3 and table.alive()


def test_table_passes_rule_errors_to_the_caller(table: Table) -> None:
    with pytest.raises(IllegalAction):
        table.submit(Action("pass", seat=2))
    with pytest.raises(InvalidAction):
        table.submit(Action("jump"))
    assert table.published.public["state"]["turn"] == 0


def test_table_survives_a_bug_in_the_rules(table: Table) -> None:
    with pytest.raises(GetawayError) as failed:
        table.submit(Action("crash"))
    assert failed.value.key == "error.internal"
    assert table.submit(Action("pass")) == 2


def test_table_submits_the_timeout_at_the_deadline(table: Table, clock: FakeClock,
                                                  db: Path) -> None:
    table.submit(Action("resume"))
    clock.advance(LIMIT_MS / 1000 - 0.001)
    table.poke()
    assert table.published.public["state"]["overruns"] == []
    clock.advance(0.001)
    table.poke()
    view = table.published.public
    assert view["state"] == {"turn": 1, "overruns": [0], "rolls": []}
    last = list(Store(db).events())[-1][1]
    assert last["type"] == "timeout" and last["elapsed_ms"] == LIMIT_MS


def test_table_applies_one_timeout_per_passed_deadline(table: Table, clock: FakeClock) -> None:
    table.submit(Action("resume"))
    clock.advance(3 * LIMIT_MS / 1000 + 0.5)
    table.poke()
    assert table.published.public["state"]["overruns"] == [0, 1, 2]
    assert table.published.remaining_ms(clock()) == LIMIT_MS - 500


def test_table_stamps_the_time_a_turn_used(table: Table, clock: FakeClock) -> None:
    table.submit(Action("resume"))
    clock.advance(4.25)
    table.submit(Action("pause"))
    assert table.published.public["timer"] == {"remaining_ms": LIMIT_MS - 4250,
                                               "running": False, "limit_ms": LIMIT_MS,
                                               "turn": True}


def test_table_actions_leave_a_running_turn_alone(table: Table, clock: FakeClock) -> None:
    table.submit(Action("resume"))
    clock.advance(3)
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Bea"}))
    assert table.published.remaining_ms(clock()) == LIMIT_MS - 3000


def test_published_views_count_down_to_now(table: Table, clock: FakeClock) -> None:
    table.submit(Action("resume"))
    published = table.published
    clock.advance(2.5)
    assert published.view(None, clock())["timer"]["remaining_ms"] == LIMIT_MS - 2500
    assert published.view(1, clock() + 60)["timer"]["remaining_ms"] == 0


def test_published_private_views_belong_to_their_seat(table: Table) -> None:
    published: Published = table.published
    assert published.view(1, 0)["state"]["secret"] == "seat 1"
    assert "secret" not in published.view(None, 0)["state"]
    assert published.view(1, 0)["me"] == 1


def test_table_replays_the_log_on_start(table: Table, db: Path, clock: FakeClock) -> None:
    table.submit(Action("pass"))
    table.submit(Action("roll"))
    before = table.published.public
    table.stop()
    again = open_table(db, clock, seed=99)
    assert again.published.public == before
    again.stop()


def run_for(table: Table, clock: FakeClock, seconds: float, step: float = 0.1) -> None:
    """Let the clock run, the Table looking at it every ``step`` seconds (a busy box: late)."""
    for _ in range(round(seconds / step)):
        clock.advance(step)
        table.poke()


@pytest.mark.parametrize("ran_s", [0.5, 3.2, 4.1, 7.9, 8.0, 9.5])
def test_a_turn_comes_back_paused_with_no_more_time_than_it_had_after_a_power_cut(
        table: Table, db: Path, ran_s: float) -> None:
    table.submit(Action("resume"))
    run_for(table, table.clock, ran_s)  # type: ignore[arg-type]
    table.stop()  # as good as a power cut: nothing is written on stop
    again = open_table(db, FakeClock(start=3.0))  # a new boot: its clock starts again
    timer = again.published.public["timer"]
    truth = LIMIT_MS - ran_s * 1000
    assert timer["running"] is False
    assert truth - (CHECKPOINT_S + LATE_S) * 1000 <= timer["remaining_ms"] <= max(truth, 1000)
    again.stop()


@pytest.mark.parametrize(("ran_s", "step"), [(0.5, 0.1), (4.1, 0.1), (7.9, 0.103),
                                             (6.2, 0.29), (8.5, 0.5)])
def test_a_restart_on_the_same_boot_counts_the_time_since_the_last_save_by_its_own_time(
        table: Table, db: Path, clock: FakeClock, ran_s: float, step: float) -> None:
    """Saves come late on a busy box (``step``): the restart counts from when the last one
    was made, so the turn comes back with at most the time the box was away less."""
    table.submit(Action("resume"))
    run_for(table, clock, ran_s, step)
    truth = LIMIT_MS - round(ran_s / step) * step * 1000
    table.stop()
    clock.advance(0.3)  # the box restarts
    again = open_table(db, clock)
    left = again.published.public["timer"]["remaining_ms"]
    assert truth - 300 - 1 <= left <= truth
    again.stop()


def test_an_action_that_starts_a_turn_syncs_its_log_alone_and_each_later_save_syncs(
        table: Table, db: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log's commit (SQLite, synchronous=FULL) is the one sync of a turn's first action;
    its time left is written beside it for a restart on this boot, and every later save of
    the time left is synced."""
    table.submit(Action("resume"))  # the first save makes the file and syncs its folder
    table.submit(Action("pause"))
    syncs: list[int] = []
    for name in ("fsync", "fdatasync"):
        monkeypatch.setattr(os, name, functools.partial(_counted, getattr(os, name), syncs))
    version = table.submit(Action("resume"))
    table.poke()  # the time left is saved after the answer
    assert syncs == []
    assert Store(db).checkpoint() == Checkpoint(version, 0, round(clock() * 1000))
    clock.advance(CHECKPOINT_S)
    table.poke()
    assert len(syncs) == 1
    assert Store(db).checkpoint() == Checkpoint(version, round(CHECKPOINT_S * 1000),
                                                round(clock() * 1000))


def _counted(sync: Callable[[int], None], syncs: list[int], fd: int) -> None:
    syncs.append(fd)
    sync(fd)


def test_undo_steps_back_and_is_logged(table: Table, db: Path, clock: FakeClock) -> None:
    table.submit(Action("pass"))
    assert table.published.public["undo"] is True
    table.submit(Action("table.undo"))
    assert table.published.public["state"]["turn"] == 0
    assert [e["type"] for _, e in Store(db).events()][-2:] == ["pass", "table.undo"]
    table.stop()
    again = open_table(db, clock)
    assert again.published.public["state"]["turn"] == 0
    again.stop()


def test_undo_never_steps_over_a_reveal(table: Table) -> None:
    table.submit(Action("roll"))
    assert table.published.public["undo"] is False
    with pytest.raises(IllegalAction) as refused:
        table.submit(Action("table.undo"))
    assert refused.value.key == "error.undo_reveal"


def test_chance_is_drawn_once_and_replayed(table: Table, db: Path, clock: FakeClock) -> None:
    table.submit(Action("roll"))
    rolled = table.published.public["state"]["rolls"]
    assert len(rolled) == 1 and 1 <= rolled[0] <= 6
    table.stop()
    again = open_table(db, clock, seed=12345)
    assert again.published.public["state"]["rolls"] == rolled
    again.stop()


def test_seats_are_found_by_token_only(table: Table) -> None:
    table.submit(Action("table.claim", None, {"seat": 1, "name": "Anna",
                                              "token_hash": token_hash("secret-token")}))
    assert table.seat_for_token("secret-token") == 1
    assert table.seat_for_token("secret-tokeN") is None
    assert table.published.public["seats"][1] == {"seat": 1, "name": "Anna", "taken": True,
                                                      "colour": "#f28c28"}
    assert "secret" not in repr(table.published.public)


TABLE_ACTIONS = {
    "rename": Action("table.rename", None, {"seat": 1, "name": "Bea"}),
    "language": Action("table.language", None, {"language": "en"}),
    "join": Action("table.claim", None, {"seat": 2, "token_hash": token_hash("phone")}),
}


@pytest.mark.parametrize("kind", TABLE_ACTIONS)
def test_a_power_cut_after_a_table_action_keeps_the_time_left(kind: str, db: Path) -> None:
    clock, long_turn = FakeClock(), tiny_game(limit_ms=60_000)
    table = tables.open_table(db, clock, games={"tiny": long_turn})
    table.submit(Action("table.new_game", None, {"game": "tiny", "seats": 3}))
    table.submit(Action("resume"))
    for _ in range(25):
        clock.advance(1)
        table.poke()
    table.submit(TABLE_ACTIONS[kind])
    # The power cut: a new Table on the same file, the old one never stopped in order.
    again = tables.open_table(db, FakeClock(start=5.0), games={"tiny": long_turn})
    timer = again.published.public["timer"]
    assert timer["running"] is False
    assert 35_000 - (CHECKPOINT_S + LATE_S) * 1000 <= timer["remaining_ms"] <= 35_000
    again.stop()
    table.stop()


def test_undo_never_steps_over_the_clocks_verdict(table: Table, clock: FakeClock) -> None:
    table.submit(Action("resume"))
    clock.advance(LIMIT_MS / 1000)
    table.poke()
    assert table.published.public["state"]["overruns"] == [0]
    assert table.published.public["undo"] is False
    with pytest.raises(IllegalAction) as refused:
        table.submit(Action("table.undo"))
    assert refused.value.key == "error.undo_clock"
    assert table.published.public["state"]["turn"] == 1
    assert table.published.remaining_ms(clock()) == LIMIT_MS


def test_a_phone_undoes_only_its_own_seats_last_action(table: Table) -> None:
    table.submit(Action("pass", seat=0))
    published = table.published
    assert [published.view(seat, 0)["undo"] for seat in (None, 0, 1)] == [True, True, False]
    with pytest.raises(IllegalAction) as refused:
        table.submit(Action("table.undo", seat=1))
    assert refused.value.key == "error.undo_not_yours"
    table.submit(Action("pass", seat=1))
    table.submit(Action("table.undo", seat=1))
    table.submit(Action("table.undo"))  # the box undoes anyone's
    assert table.published.public["state"]["turn"] == 0
    table.submit(Action("pass"))
    assert table.published.view(0, 0)["undo"] is False
