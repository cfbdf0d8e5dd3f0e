"""The event log: durable settings on every connection, order, snapshots, checkpoints."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store import Store


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


def test_store_finds_the_newest_snapshot(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite")
    assert store.latest_snapshot() is None
    store.append({"type": "a"}, snapshot={"game": 1})
    store.append({"type": "b"})
    seq = store.append({"type": "c"}, snapshot={"game": 2})
    assert store.latest_snapshot() == (seq, {"game": 2})


def test_store_remembers_only_the_last_checkpoint(tmp_path: Path) -> None:
    store = Store(tmp_path / "log.sqlite")
    assert store.checkpoint() is None
    store.save_checkpoint(4, 1200)
    store.save_checkpoint(4, 2300)
    assert store.checkpoint() == (4, 2300)


def test_store_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    path.write_bytes(b"this is no database" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        Store(path)
