"""The group's players across evenings, kept in the history's seats (a seat's player is the
one the table page linked it to, else its name, see ``records.player_of``): two players
merged into one, a player forgotten with their records. Each changes the recorded games in
one transaction of its own connection, beside the Table's (SQLite lets one writer at a time;
the other waits)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.base import IllegalAction, InvalidAction
from companion.table.records import known_players, linked, player_of

WAIT_S = 5.0
"""How long a change waits for the Table's own write to finish."""

Seats = list[dict[str, Any]]


def merge(database: Path, player: str, into: str) -> int:
    """Record every game of the player ``player`` (an id) as ``into``'s, under their name;
    how many games changed. Two players who sat at one game together are two people:
    refused."""
    if player == into:
        raise InvalidAction("error.players_same")
    names = _names(database)
    if player not in names or into not in names:
        raise InvalidAction("error.player_unknown")

    def merged(seats: Seats) -> Seats:
        players = [player_of(seat) for seat in seats]
        if player in players and into in players:
            raise IllegalAction("error.players_met")
        return [_as(seat, names[into], into) if player_of(seat) == player else seat
                for seat in seats]

    return _rewrite(database, merged)


def forget(database: Path, player: str) -> int:
    """Take the player ``player`` (an id) off every recorded game (their seats stay,
    nameless, and count for nobody's records); how many games changed."""
    if player not in _names(database):
        raise InvalidAction("error.player_unknown")
    return _rewrite(database, lambda seats: [_as(seat, None, None)
                                             if player_of(seat) == player else seat
                                             for seat in seats])


def _as(seat: dict[str, Any], name: str | None, player: str | None) -> dict[str, Any]:
    """``seat`` recorded for ``player`` under ``name`` (None, None: for nobody)."""
    kept = {key: value for key, value in seat.items() if key != "player"}
    return {**kept, "name": name, **linked(name, player)}


def _names(database: Path) -> dict[str, str]:
    """Every player of the history by id, with the name their newest game gave them."""
    with _connected(database) as db:
        return known_players(record for _, record in _records(db))


def _records(db: sqlite3.Connection) -> list[tuple[int, dict[str, Any]]]:
    """The readable history rows, newest first (a damaged one is left as it is)."""
    found = []
    for game_seq, body in db.execute("SELECT game_seq, CAST(body AS BLOB) FROM history "
                                     "ORDER BY game_seq DESC"):
        try:
            record = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            continue
        if isinstance(record, dict) and isinstance(record.get("seats"), list):
            found.append((game_seq, record))
    return found


def _rewrite(database: Path, change: Callable[[Seats], Seats]) -> int:
    """Apply ``change`` to every recorded game's seats in one transaction."""
    with _connected(database) as db:
        db.execute("BEGIN IMMEDIATE")
        try:
            changed = [(json.dumps({**record, "seats": seats}, separators=(",", ":"),
                                   ensure_ascii=False), game_seq)
                       for game_seq, record in _records(db)
                       if (seats := change(record["seats"])) != record["seats"]]
            db.executemany("UPDATE history SET body = ? WHERE game_seq = ?", changed)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    return len(changed)


def _connected(database: Path) -> contextlib.closing[sqlite3.Connection]:
    """A connection of its own to ``database`` that syncs each commit, closed after use."""
    db = sqlite3.connect(database, timeout=WAIT_S, isolation_level=None)
    db.execute("PRAGMA synchronous=FULL")
    return contextlib.closing(db)
