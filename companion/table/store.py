"""The durable event log: every action is in SQLite, fsynced, before anyone sees its effect."""

from __future__ import annotations

import functools
import json
import logging
import os
import shutil
import sqlite3
import struct
import uuid
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES, text

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1),
                                       seq INTEGER NOT NULL, elapsed_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS history (game_seq INTEGER PRIMARY KEY, body TEXT NOT NULL,
                                    ended_at TEXT NOT NULL);
"""
MIGRATIONS: tuple[str, ...] = (
    SCHEMA, "DROP TABLE checkpoint;",
    "ALTER TABLE snapshots ADD COLUMN game_seq INTEGER; "
    "ALTER TABLE snapshots ADD COLUMN entered_seq INTEGER;")
"""``MIGRATIONS[n]`` brings a database of schema version n to n + 1 (``PRAGMA user_version``).

Version 0 is a new file or one written before the schema had a number (the same tables);
a change to the tables appends its ALTER statements here, never edits an earlier step.
"""
SCHEMA_VERSION = len(MIGRATIONS)
CLOCK = struct.Struct("<qqq16sI")
"""The time-left file (``<log>.clock``): event number, ms the turn has run, when that was
saved (ms on the Table's clock) and on which boot, CRC-32 of the rest."""
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
"""Linux's identity of this boot: the Table's monotonic clock only counts on within one."""
ENDED_AT = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
"""The box's wall clock in UTC; a Pi without a clock battery may be wrong until it has NTP."""
UNREADABLE = "box.game_unreadable"
"""The title of a recorded game whose row cannot be read (it stays in the database)."""
PAST = "game_seq, CAST(body AS BLOB), CAST(ended_at AS BLOB)"
"""A history row's columns as bytes: a damaged text is found here, not as a decoding error."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """How long the turn entered by event ``seq`` had run, and when that was saved on the
    Table's clock (None: on an earlier boot, whose clock this one cannot compare with)."""

    seq: int
    elapsed_ms: int
    saved_at_ms: int | None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table just before event ``seq`` (None: its text cannot be read), the event that
    started the game it is in and the one that entered the game's state: ``seq`` itself for
    a snapshot taken at a new game."""

    seq: int
    body: dict[str, Any] | None
    game_seq: int
    entered_seq: int


class NewerDatabase(Exception):
    """The database was written by a newer Getaway, whose tables this one does not know."""

    def __init__(self, path: Path, found: int) -> None:
        self.path, self.found = path, found
        super().__init__(self.says("en"))

    def says(self, lang: str) -> str:
        """Why the box cannot open it, in ``lang``."""
        return text("box.newer_database", lang, path=str(self.path), found=self.found,
                    known=SCHEMA_VERSION)


class Store:
    """An append-only log of actions plus snapshots of the table at each new game and every
    so many events within one.

    One connection, used from the Table's owner thread only (opened there or before it starts).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._clock_path = self.path.with_name(self.path.name + ".clock")
        self._clock: int | None = None
        self._db = _connect(self.path)
        if self._db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError(f"{self.path} failed its integrity check")
        self._migrate()

    def move(self, path: Path) -> None:
        """Go on in a copy of the log at ``path`` (this one cannot be written any more), as
        far as it was saved; this file is left as it is."""
        copy = sqlite3.connect(path)
        try:
            self._db.backup(copy)
        finally:
            copy.close()
        self.close()
        self.path = path
        self._clock_path = path.with_name(path.name + ".clock")
        self._db = _connect(path)

    def _migrate(self) -> None:
        """Bring the tables to SCHEMA_VERSION, one step a transaction."""
        found = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        if found > SCHEMA_VERSION:
            raise NewerDatabase(self.path, found)
        for version in range(found, SCHEMA_VERSION):
            self._db.executescript(f"BEGIN IMMEDIATE; {MIGRATIONS[version]} "
                                   f"PRAGMA user_version = {version + 1}; COMMIT;")

    def append(self, event: dict[str, Any], snapshot: dict[str, Any] | None = None,
               finished: tuple[int, dict[str, Any]] | None = None,
               within: tuple[int, int] | None = None) -> int:
        """Write one event (and the table snapshot taken just before it); return its number.

        ``finished`` is (the number of the event that started a game, its record): the game
        this event ended goes into the history in the same transaction. ``within`` is (the
        number of the event that started the game, of the one that entered its state) for a
        snapshot taken within a game; None for one taken at a new game.
        """
        with self._transaction():
            cur = self._db.execute("INSERT INTO events (body) VALUES (?)", (_dump(event),))
            seq = int(cur.lastrowid or 0)
            if snapshot is not None:
                game_seq, entered_seq = within or (None, None)
                self._db.execute("INSERT INTO snapshots (seq, body, game_seq, entered_seq) "
                                 "VALUES (?, ?, ?, ?)",
                                 (seq, _dump(snapshot), game_seq, entered_seq))
            if finished is not None:
                # A game's end is recorded once; only when a damaged log lost the step that
                # ended it is it played to its end again, and its record replaced.
                self._db.execute("INSERT INTO history (game_seq, body, ended_at) "
                                 f"VALUES (?, ?, {ENDED_AT}) ON CONFLICT (game_seq) "
                                 "DO UPDATE SET body = excluded.body",
                                 (finished[0], _dump(finished[1])))
        return seq

    def snapshots(self) -> Iterator[Snapshot]:
        """The snapshots, newest first; a damaged one's body is None."""
        rows = self._db.execute(
            "SELECT seq, CAST(body AS BLOB), game_seq, entered_seq FROM snapshots "
            "ORDER BY seq DESC")
        for seq, body, game_seq, entered_seq in rows:
            yield Snapshot(seq, _load(body), _seq(game_seq, seq), _seq(entered_seq, seq))

    def logged(self, first_seq: int = 0) -> Iterator[tuple[int, dict[str, Any] | None]]:
        """The events from ``first_seq`` on, oldest first; None for one whose text cannot be
        read (damaged: not UTF-8, not JSON, not an object)."""
        rows = self._db.execute(
            "SELECT seq, CAST(body AS BLOB) FROM events WHERE seq >= ? ORDER BY seq",
            (first_seq,))
        for seq, body in rows:
            yield seq, _load(body)

    def events(self, first_seq: int = 0) -> Iterator[tuple[int, dict[str, Any]]]:
        """The readable events from ``first_seq`` on, oldest first."""
        return ((seq, event) for seq, event in self.logged(first_seq) if event is not None)

    def keep(self) -> Path | None:
        """Copy the database and its side files aside as they are now (evidence of damage
        found while reading them); where they went, or None if they could not be copied."""
        try:
            return aside(self.path, shutil.copy2)
        except OSError as error:
            log.error("could not copy %s aside: %s", self.path, error)
            return None

    def last_seq(self) -> int:
        """The number of the newest event, 0 for an empty log."""
        return int(self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0])

    def save_checkpoint(self, seq: int, elapsed_ms: int, now_ms: int, *,
                        sync: bool = True) -> None:
        """Remember how long the turn running since event ``seq`` has run at ``now_ms`` (the
        Table's clock): 44 bytes written in place beside the log, one block of the SD card a
        save (the log itself would write two pages and, now and then, its checkpoint), and
        synced unless ``sync`` is False. Raises OSError."""
        if self._clock is None:
            self._clock = os.open(self._clock_path, os.O_RDWR | os.O_CREAT, 0o644)
            _sync_folder(self.path.parent)
        fields = (seq, elapsed_ms, now_ms, _boot())
        os.pwrite(self._clock, CLOCK.pack(*fields, _crc(*fields)), 0)
        if sync:
            os.fdatasync(self._clock)

    def checkpoint(self) -> Checkpoint | None:
        """The last checkpoint saved by ``save_checkpoint``; None if there is none or it is
        damaged."""
        try:
            data = self._clock_path.read_bytes()[:CLOCK.size]
        except OSError:
            return None
        if len(data) < CLOCK.size:
            return None
        seq, elapsed_ms, saved_at_ms, boot, crc = CLOCK.unpack(data)
        if crc != _crc(seq, elapsed_ms, saved_at_ms, boot):
            return None
        same_boot = boot == _boot() != bytes(16)
        return Checkpoint(seq, elapsed_ms, saved_at_ms if same_boot else None)

    def history(self) -> list[dict[str, Any]]:
        """Every recorded game, newest first, each with its ``id`` and ``ended_at``.

        Read on a connection of its own, so any thread may ask while the owner writes.
        """
        return [_past(*row) for row in self._read(
            f"SELECT {PAST} FROM history ORDER BY game_seq DESC")]

    def wall_clock(self) -> str:
        """The box's wall clock now, as the history's ``ended_at`` says it."""
        return str(self._read(f"SELECT {ENDED_AT}")[0][0])

    def past_game(self, game_id: int) -> dict[str, Any] | None:
        """One recorded game by its id (the number of the event that started it)."""
        rows = self._read(f"SELECT {PAST} FROM history WHERE game_seq = ?", (game_id,))
        return _past(*rows[0]) if rows else None

    def _read(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return db.execute(query, params).fetchall()
        finally:
            db.close()

    def close(self) -> None:
        self._db.close()
        if self._clock is not None:
            os.close(self._clock)
            self._clock = None

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back if the body raises."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            self._db.execute("COMMIT")
        elif self._db.in_transaction:
            # SQLite has already rolled back after some errors (SQLITE_FULL among them).
            self._db.execute("ROLLBACK")


def saved_language(path: Path) -> str | None:
    """The box's language as the log at ``path`` last saved it, read without writing to it;
    None where there is no log to read."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        return _language(db)
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _language(db: sqlite3.Connection) -> str | None:
    """The language of the newest readable snapshot, as the language steps after it changed it."""
    language, first_seq = None, 0
    for seq, body in db.execute("SELECT seq, CAST(body AS BLOB) FROM snapshots ORDER BY seq DESC"):
        snapshot = _load(body)
        if snapshot is not None:
            language, first_seq = snapshot.get("language"), seq
            break
    for (body,) in db.execute("SELECT CAST(body AS BLOB) FROM events WHERE seq >= ? "
                              "ORDER BY seq", (first_seq,)):
        event = _load(body) or {}
        if event.get("type") == "table.language":
            language = dict(event.get("args") or {}).get("language")
    return language if language in LANGUAGES else None


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    # synchronous is per connection: FULL fsyncs the WAL on every commit.
    db.execute("PRAGMA synchronous=FULL")
    return db


def _seq(stored: object, seq: int) -> int:
    """A snapshot's stored event number, ``seq`` where none (or no number) is stored."""
    return stored if isinstance(stored, int) else seq


def _crc(seq: int, elapsed_ms: int, saved_at_ms: int, boot: bytes) -> int:
    return zlib.crc32(CLOCK.pack(seq, elapsed_ms, saved_at_ms, boot, 0)[:-4])


@functools.cache
def _boot() -> bytes:
    """This boot's identity (16 bytes; zeros where the system does not say)."""
    try:
        return uuid.UUID(BOOT_ID.read_text().strip()).bytes
    except (OSError, ValueError):
        return bytes(16)


def _sync_folder(folder: Path) -> None:
    """Make a new file's name in ``folder`` survive a power cut."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _past(game_seq: int, body: bytes | None, ended_at: bytes | None) -> dict[str, Any]:
    """A history row as its record; one that cannot be read is shown as an unreadable game
    (no seats, not finished) so the others still answer."""
    record = _load(body)
    when = (ended_at or b"").decode("utf-8", "replace")
    if record is None or not _recorded(record):
        _unreadable(game_seq)
        return {"id": game_seq, "ended_at": when, "game": None, "unreadable": True,
                "title": {lang: text(UNREADABLE, lang) for lang in LANGUAGES},
                "finished": False, "seats": [], "outcome": None}
    return {"id": game_seq, "ended_at": when, **record}


@functools.cache
def _unreadable(game_seq: int) -> None:
    """Log a damaged history row once, not on every visit of the history page."""
    log.error("the history of game %d cannot be read; its row is left as it is", game_seq)


def _recorded(record: dict[str, Any]) -> bool:
    """Whether ``record`` has the shape ``finished.record`` gives a game (the history pages
    and downloads read it so)."""
    title, outcome = record.get("title"), record.get("outcome")
    return (isinstance(record.get("game"), str) and isinstance(record.get("finished"), bool)
            and isinstance(title, dict)
            and all(isinstance(title.get(lang), str) for lang in LANGUAGES)
            and _all(record.get("seats"), lambda seat: _whole(seat.get("seat"))
                     and isinstance(seat.get("name"), str | None))
            and (outcome is None or (isinstance(outcome, dict) and _outcome(outcome))))


def _outcome(outcome: dict[str, Any]) -> bool:
    return (_all(outcome.get("results", []), lambda result: _whole(result.get("seat"))
                 and isinstance(result.get("rounds", []), list))
            and _all(outcome.get("summary", []), lambda line: isinstance(line.get("key"), str)
                     and isinstance(line.get("params", {}), dict))
            and _whole(outcome.get("rounds") or 0))


def _all(items: object, shaped: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether ``items`` is a list of objects that each have the shape ``shaped`` checks."""
    return isinstance(items, list) and all(isinstance(item, dict) and shaped(item)
                                           for item in items)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _load(body: bytes | None) -> dict[str, Any] | None:
    """A JSON object stored as text (read as bytes); None if it is damaged (not UTF-8, not
    JSON, no object)."""
    try:
        found = json.loads((body or b"").decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return found if isinstance(found, dict) else None


def aside(path: Path, keep: Callable[[Path, Path], object]) -> Path:
    """Keep (move or copy) the database and its side files as ``<name>.damaged-N``: the
    evidence of damage is never thrown away. Raises OSError."""
    n = 1
    while path.with_name(f"{path.name}.damaged-{n}").exists():
        n += 1
    target = path.with_name(f"{path.name}.damaged-{n}")
    keep(path, target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            keep(side, target.with_name(target.name + suffix))
    return target


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
