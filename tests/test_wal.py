"""A damaged write-ahead log is found before SQLite quietly drops what it cannot read, the
damaged files are kept, and the screen says the game is back at an earlier step."""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

from companion.games import GAMES
from companion.i18n import Told
from companion.runtime import (
    DATABASE,
    DATABASE_MOVED,
    DATABASE_PARTIAL,
    DATABASE_REPAIRED,
    notices,
    open_store,
)
from companion.table.owner import Table
from companion.table.store import Store
from companion.table.wal import lost_commits
from tests.clock import FakeClock

EVENTS = 60


def power_cut(tmp_path: Path) -> Path:
    """A data folder as the plug left it: the database and its log, never checkpointed."""
    live = tmp_path / "live"
    live.mkdir()
    store = Store(live / DATABASE)
    for n in range(EVENTS):
        store.append({"type": "table.rename", "seat": None, "args": {"seat": 0, "name": f"N{n}"},
                      "elapsed_ms": 0})
    cut = tmp_path / "cut"
    cut.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy(live / f"{DATABASE}{suffix}", cut / f"{DATABASE}{suffix}")
    store.close()
    return cut


def events(data: Path) -> int:
    with sqlite3.connect(data / DATABASE) as db:
        return int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])


def damage_the_middle(wal: Path) -> None:
    log = bytearray(wal.read_bytes())
    middle = len(log) // 2
    log[middle:middle + 2000] = random.Random(26).randbytes(2000)
    wal.write_bytes(bytes(log))


def test_an_intact_log_and_a_torn_tail_lose_nothing_acknowledged(tmp_path: Path) -> None:
    cut = power_cut(tmp_path)
    wal = cut / f"{DATABASE}-wal"
    assert lost_commits(wal) == 0
    wal.write_bytes(wal.read_bytes()[:-3000])  # the last write cut short by the plug
    assert lost_commits(wal) == 0
    assert lost_commits(cut / "no-such-wal") == 0


def test_random_bytes_in_the_middle_of_the_log_lose_commits(tmp_path: Path) -> None:
    cut = power_cut(tmp_path)
    damage_the_middle(cut / f"{DATABASE}-wal")
    assert lost_commits(cut / f"{DATABASE}-wal") > 0
    copy = tmp_path / "copy"
    shutil.copytree(cut, copy)
    assert events(copy) < EVENTS, "SQLite itself drops the steps after the damage"


def test_a_damaged_log_is_kept_aside_and_the_screen_says_so(tmp_path: Path) -> None:
    cut = power_cut(tmp_path)
    wal = cut / f"{DATABASE}-wal"
    damage_the_middle(wal)
    damaged = {suffix: (cut / f"{DATABASE}{suffix}").read_bytes() for suffix in ("", "-wal")}
    store, recovery = open_store(cut)
    table = Table(store, GAMES, clock=FakeClock())
    table.start()
    try:
        assert recovery is not None and recovery.notice == DATABASE_PARTIAL
        for suffix, data in damaged.items():
            assert Path(f"{recovery.kept}{suffix}").read_bytes() == data
        # the made-up renames name no seat: the replay skips them too, and says so
        lost = recovery.lost + table.replayed.skipped
        assert notices(store, table, recovery)() == Told(DATABASE_PARTIAL, lost)
        assert 0 < table.published.version < EVENTS
    finally:
        table.stop()
        store.close()


def test_an_emptied_database_is_kept_and_told_not_silently_replaced(tmp_path: Path) -> None:
    (tmp_path / DATABASE).write_bytes(b"")
    store, recovery = open_store(tmp_path)
    store.close()
    assert recovery is not None and recovery.notice == DATABASE_MOVED
    assert recovery.kept is not None and recovery.kept.read_bytes() == b""


def test_a_zeroed_header_is_written_back_as_it_was_from_the_first_frame(tmp_path: Path) -> None:
    """SQLite reads nothing of a log whose header is gone, and deletes it: every commit in
    it would be lost. SQLite's checksum runs backwards, so the first frame tells the header."""
    cut = power_cut(tmp_path)
    wal = cut / f"{DATABASE}-wal"
    log = wal.read_bytes()
    wal.write_bytes(bytes(32) + log[32:])
    assert lost_commits(wal) >= EVENTS
    store, recovery = open_store(cut)
    store.close()
    assert recovery is not None and (recovery.notice, recovery.lost) == (DATABASE_REPAIRED, 0)
    assert recovery.kept is not None
    assert Path(f"{recovery.kept}-wal").read_bytes() == bytes(32) + log[32:]  # as found
    assert events(cut) == EVENTS


def test_a_zeroed_first_block_of_the_log_is_kept_and_its_commits_counted(
        tmp_path: Path) -> None:
    """The header and the first frame gone (a 4 KB block of the card zeroed): nothing tells
    the header any more; what SQLite will drop is counted and kept."""
    cut = power_cut(tmp_path)
    wal = cut / f"{DATABASE}-wal"
    damaged = bytes(4096) + wal.read_bytes()[4096:]
    wal.write_bytes(damaged)
    assert EVENTS - 2 <= lost_commits(wal) <= EVENTS + 3  # and the schema's own commits
    store, recovery = open_store(cut)
    store.close()
    assert recovery is not None and recovery.notice == DATABASE_PARTIAL
    assert recovery.kept is not None and Path(f"{recovery.kept}-wal").read_bytes() == damaged
    assert recovery.lost == lost_commits(Path(f"{recovery.kept}-wal"))
