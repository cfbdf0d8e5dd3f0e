"""The event log: durable settings on every connection, order, snapshots, checkpoints."""

from __future__ import annotations

import contextlib
import random
import shutil
import sqlite3
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.base import Action, GetawayError, IllegalAction
from companion.runtime import DATABASE, DATABASE_MOVED, open_store
from companion.table.owner import Replayed, Table
from companion.table.store import SCHEMA_VERSION, Checkpoint, NewerDatabase, Store
from tests.clock import FakeClock
from tests.tables import open_table


def test_store_uses_wal_and_full_sync(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_store_keeps_events_in_order_across_connections(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite")
    numbers = [store.append({"type": "a", "n": n}) for n in range(3)]
    store.close()
    again = Store(tmp_path / "log.sqlite")
    assert numbers == [1, 2, 3]
    assert [(seq, e["n"]) for seq, e in again.events()] == [(1, 0), (2, 1), (3, 2)]
    assert [seq for seq, _ in again.events(2)] == [2, 3]
    assert again.last_seq() == 3


def test_store_gives_the_snapshots_newest_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite")
    assert list(store.snapshots()) == []
    first = store.append({"type": "a"}, snapshot={"game": 1})
    store.append({"type": "b"})
    seq = store.append({"type": "c"}, snapshot={"game": 2})
    assert [(s.seq, s.body) for s in store.snapshots()] == [(seq, {"game": 2}),
                                                            (first, {"game": 1})]


def test_store_remembers_only_the_last_checkpoint(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite")
    assert store.checkpoint() is None
    store.save_checkpoint(4, 1200, 7_000)
    store.save_checkpoint(4, 2300, 9_000)
    assert store.checkpoint() == Checkpoint(4, 2300, 9_000)


def test_a_checkpoint_of_another_boot_has_no_time_of_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "log.sqlite")
    store.save_checkpoint(4, 1200, 7_000)
    monkeypatch.setattr("companion.table.store._boot", lambda: b"another boot ...")
    assert store.checkpoint() == Checkpoint(4, 1200, None)


def test_store_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    path.write_bytes(b"this is no database" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        Store(path)


def played(path: Path) -> dict[str, object]:
    """A short real game on a real Table, closed in order; the public view it ended with."""
    store = Store(path)
    table = Table(store, GAMES, clock=FakeClock())
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 3,
                                                 "options": {"first_player": 0}}))
    for kind in ("resume", "end_turn", "draw", "end_turn", "pause"):
        table.submit(Action(kind))
    view = table.published.public
    table.stop()
    store.close()
    return view


def test_a_database_of_the_unnumbered_first_schema_is_upgraded_with_its_game(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    view = played(path)
    with sqlite3.connect(path) as db:  # as the first Getaway wrote it: its tables, no number
        db.executescript("ALTER TABLE snapshots DROP COLUMN game_seq; "
                         "ALTER TABLE snapshots DROP COLUMN entered_seq; PRAGMA user_version = 0")
    table = open_table(path)
    try:
        assert table.published.public == view
    finally:
        table.stop()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 1


def test_a_database_of_a_newer_getaway_is_refused_not_damaged(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(NewerDatabase, match="newer Getaway"):
        Store(path)


def test_a_damaged_page_is_found_and_the_database_moved_aside(tmp_path: Path) -> None:
    """A bit rot in the middle of the file, where no header is: only the integrity check
    on opening can tell, before the replay trips over it."""
    data = tmp_path / "data"
    data.mkdir()
    played(data / DATABASE)
    with sqlite3.connect(data / DATABASE) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        events = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'events'")
        page = events.fetchone()[0]
    with open(data / DATABASE, "r+b") as damaged:  # the events' page, where its cells lie
        damaged.seek(page * page_size - page_size // 4)
        damaged.write(random.Random(7).randbytes(page_size // 4))
    store, recovery = open_store(data)
    store.close()
    assert recovery is not None and recovery.notice == DATABASE_MOVED
    assert recovery.kept == data / f"{DATABASE}.damaged-1" and recovery.kept.exists()


def test_a_damaged_time_left_is_no_time_left(tmp_path: Path) -> None:
    store = Store(tmp_path / "getaway.sqlite")
    store.save_checkpoint(7, 4000, 1_000)
    clock = tmp_path / "getaway.sqlite.clock"
    data = bytearray(clock.read_bytes())
    data[9] ^= 0x10  # a bit of the time turned over
    clock.write_bytes(bytes(data))
    assert store.checkpoint() is None
    clock.write_bytes(b"\0" * 5)
    assert store.checkpoint() is None
    store.save_checkpoint(7, 8000, 2_000)
    assert store.checkpoint() == Checkpoint(7, 8000, 2_000)


def test_a_game_recorded_at_its_end_keeps_that_time_when_it_is_ended_later(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "getaway.sqlite")
    def record(at: str) -> dict[str, object]:
        return {"game": "romme", "title": {"de": at, "en": at}, "finished": True, "seats": [],
                "outcome": None}

    store.append({"type": "confirm_scores"}, finished=(1, record("end")))
    with sqlite3.connect(store.path) as db:       # the game was over an hour ago
        db.execute("UPDATE history SET ended_at = '2026-11-25T09:00:00Z'")
    store.append({"type": "table.end_game"}, finished=(1, record("ended")))
    (past,) = store.history()
    assert (past["ended_at"], past["title"]["en"]) == ("2026-11-25T09:00:00Z", "ended")
    store.close()


EVERY = 4
"""Snapshots within a game this often in the replay tests (a box takes one every 1000)."""
MOVES = ("end_turn", "draw", "pause", "resume", "table.undo", "wait", "table.rename",
         "table.end_game", "table.new_game")
"""What the group does: steps of a Rommé game, undo, a turn running out ("wait"), a new name,
a new game."""


def replayed(db: Path, clock: FakeClock) -> tuple[Replayed, list[object]]:
    """The box started on ``db``: what its start went over, and what it shows after each undo
    back to where undo stops (and why it stops there)."""
    store = Store(db)
    table = Table(store, GAMES, clock=clock, chance=random.Random(2), snapshot_every=EVERY)
    table.start()
    seen: list[object] = [table._state.to_json(GAMES, within=True)]
    while True:
        seen.append((table.published.public, table.published.private))
        try:
            table.submit(Action("table.undo"))
        except IllegalAction as refused:
            seen.append(refused.key)
            break
    table.stop()
    store.close()
    return table.replayed, seen


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(MOVES), min_size=1, max_size=30))
@example(["resume", *["table.rename"] * (EVERY + 1)])  # the turn's clock entered before it
def test_a_start_from_a_snapshot_within_the_game_is_the_whole_log_replayed(
        moves: list[str]) -> None:
    """Snapshot and the steps after it give the table the whole game's steps give: the
    steps undo can still take back, the clocks, the views; and a start goes over no more
    than twice EVERY steps."""
    with tempfile.TemporaryDirectory() as folder:
        db, full, clock = Path(folder) / "log.sqlite", Path(folder) / "full.sqlite", FakeClock()
        store = Store(db)
        table = Table(store, GAMES, clock=clock, chance=random.Random(1), snapshot_every=EVERY)
        table.start()
        for move in ("table.new_game", *moves):
            play(table, clock, move)
        table.stop()
        store.close()
        shutil.copy(db, full)
        if db.with_name("log.sqlite.clock").exists():  # the time the running turn had used
            shutil.copy(db.with_name("log.sqlite.clock"), full.with_name("full.sqlite.clock"))
        with sqlite3.connect(full) as plain:  # the log as it would be without them
            plain.execute("DELETE FROM snapshots WHERE game_seq IS NOT NULL")
        plain.close()
        quick, seen = replayed(db, clock)
        whole, expected = replayed(full, clock)
        assert seen == expected
        assert quick.steps <= 2 * EVERY
        assert quick == replace(whole, steps=quick.steps)


def play(table: Table, clock: FakeClock, move: str) -> None:
    """One move of the group on ``table``; a step the game refuses now is left out."""
    args: dict[str, object] = {}
    if move == "table.new_game":
        args = {"game": "romme", "seats": 3, "options": {"first_player": 0,
                                                          "turn_seconds": 15}}
    if move == "table.rename":
        args = {"seat": 1, "name": "Ben"}
    if move == "wait":
        clock.advance(20)
        table.poke()
        return
    with contextlib.suppress(GetawayError):
        table.submit(Action(move, None, args))


def test_a_long_game_starts_from_its_newest_snapshot(tmp_path: Path) -> None:
    db, clock = tmp_path / "log.sqlite", FakeClock()
    store = Store(db)
    table = Table(store, GAMES, clock=clock, snapshot_every=EVERY)
    table.start()
    play(table, clock, "table.new_game")
    for _ in range(3 * EVERY + 1):
        play(table, clock, "resume")
        play(table, clock, "pause")
    table.stop()
    store.close()
    again, _ = replayed(db, clock)
    assert again.steps <= 2 * EVERY
    assert {s.game_seq for s in Store(db).snapshots()} == {1}


def test_a_damaged_snapshot_within_the_game_is_gone_past_and_kept(tmp_path: Path) -> None:
    db, clock = tmp_path / "log.sqlite", FakeClock()
    store = Store(db)
    table = Table(store, GAMES, clock=clock, snapshot_every=EVERY)
    table.start()
    for move in ("table.new_game", *["resume", "pause"] * (2 * EVERY)):
        play(table, clock, move)
    table.stop()
    store.close()
    shutil.copy(db, tmp_path / "clean.sqlite")
    _, expected = replayed(tmp_path / "clean.sqlite", clock)
    with sqlite3.connect(db) as damage:
        damage.execute("UPDATE snapshots SET body = substr(body, 1, 40) "
                       "WHERE seq = (SELECT MAX(seq) FROM snapshots)")
    damage.close()
    went, seen = replayed(db, clock)
    assert seen == expected
    assert (went.snapshots, went.skipped) == (1, 0)
    assert went.kept is not None and went.steps > 2 * EVERY
