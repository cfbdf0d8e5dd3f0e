"""A box's history from before the records (schema 3, outcomes without the records' counts)
keeps every game and shows its records after the upgrade."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from companion.games import GAMES
from companion.games.base import Action
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.records import Standing, records
from companion.table.store import Store
from tests.server.way_in import served

SCHEMA_3 = """
CREATE TABLE events (seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, body TEXT NOT NULL, game_seq INTEGER,
                        entered_seq INTEGER);
CREATE TABLE history (game_seq INTEGER PRIMARY KEY, body TEXT NOT NULL, ended_at TEXT NOT NULL);
PRAGMA user_version = 3;
"""
"""The tables as Getaway kept them at schema version 3."""


def seats(*names: str | None) -> list[dict[str, Any]]:
    return [{"seat": n, "name": name} for n, name in enumerate(names)]


def title(name: str) -> dict[str, str]:
    return {"de": name, "en": name}


OLD_GAMES: list[tuple[int, str, dict[str, Any]]] = [
    (1, "2026-10-02T19:00:00Z", {
        "game": "romme", "title": title("Räuber-Rommé"), "finished": True,
        "seats": seats("Anna", "Ben", "Cem"),
        "outcome": {"rounds": 2, "results": [
            {"seat": 1, "place": 1, "score": -4, "rounds": [0, -4], "left": False},
            {"seat": 0, "place": 2, "score": -9, "rounds": [-9, 0], "left": False},
            {"seat": 2, "place": 3, "score": -30, "rounds": [-12, -18], "left": False}]}}),
    (40, "2026-10-02T20:10:00Z", {
        "game": "robnrun", "title": title("Rob 'n Run"), "finished": True,
        "seats": seats("anna", "Ben"),
        "outcome": {"won": True, "gold": 9, "rating": "living",
                    "summary": [{"key": "robnrun.rating.living", "params": {}}],
                    "results": [{"seat": 0, "place": 1, "score": 9},
                                {"seat": 1, "place": 1, "score": 9}]}}),
    (77, "2026-10-09T19:30:00Z", {
        "game": "safehouse", "title": title("Safehouse"), "finished": True,
        "seats": seats("Ben", None),
        "outcome": {"won": False, "pursuer": 14, "rolls": 20, "caught": [0],
                    "summary": [{"key": "safehouse.summary.lost", "params": {"field": 14}}],
                    "results": [{"seat": 0, "place": 1, "score": 12},
                                {"seat": 1, "place": 1, "score": 10}]}}),
    (90, "2026-10-09T20:00:00Z", {
        "game": "gendarm", "title": title("Räuber und Gendarm"), "finished": True,
        "seats": seats("Anna", "Cem"),
        "outcome": {"winner": 1, "reason": "capture", "level": 2, "catchers": [3, None],
                    "summary": [], "results": [{"seat": 1, "place": 1, "score": None},
                                               {"seat": 0, "place": 2, "score": None}]}}),
    (120, "2026-10-09T20:30:00Z", {
        "game": "romme", "title": title("Räuber-Rommé"), "finished": False,
        "seats": seats("Anna", "Ben"), "outcome": None}),
]
"""Games as that Getaway recorded them: before Rommé kept turns and Rob 'n Run robberies."""


def old_box(path: Path) -> Path:
    """A database written at schema version 3 with the games above."""
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA_3)
        db.executemany("INSERT INTO history (game_seq, body, ended_at) VALUES (?, ?, ?)",
                       [(seq, json.dumps(body), at) for seq, at, body in OLD_GAMES])
    return path


def test_an_upgraded_box_keeps_every_old_game_and_counts_its_records(tmp_path: Path) -> None:
    store = Store(old_box(tmp_path / "getaway.sqlite"))
    history = store.history()
    assert [game["id"] for game in history] == [120, 90, 77, 40, 1]
    found = records(history, GAMES)
    assert found["anna"].games == {
        "romme": Standing(1, 0, {"rounds_won": 1, "rounds": 2, "round_points": -9,
                                 "best_round": 0, "best_game": -9}),
        "robnrun": Standing(1, 1, {"gold": 9, "best_gold": 9, "rating.living": 1}),
        "gendarm": Standing(1, 0, {})}
    assert found["ben"].games["safehouse"] == Standing(
        1, 0, {"losses": 1, "caught_steps": 12, "earliest_catch": 12})  # Ben caught on 12
    assert found["cem"].games["gendarm"] == Standing(1, 1, {"capture.2": 1})
    store.close()


def test_a_romme_game_saved_before_the_records_goes_on_counting_from_the_upgrade() -> None:
    game = GAMES["romme"]
    saved = {"settings": [50, "one", "instead", 0, 10], "phase": "turn", "round": 1,
             "starter": 0, "turn": 0, "remaining_ms": 50_000, "last": None, "scoring": None,
             "settled_ms": 0, "players": [[[-3], 1, None, True, True], [[0], 0, None, False,
                                                                          False]]}
    state = game.apply(game.from_json(saved), Action("draw", 0, {}, 8_000))
    assert (state.players[0].turns, state.players[0].turn_ms, state.players[0].overruns) == (
        1, 8_000, 0)


def test_the_records_page_of_an_upgraded_box_shows_its_old_games(tmp_path: Path) -> None:
    table = Table(Store(old_box(tmp_path / "getaway.sqlite")), GAMES)
    table.start()
    try:
        client = served(create_app(table, public_url="http://127.0.0.1",
                                   join_code="KM7RX")).test_client()
        page = client.get("/records?lang=en").text
        assert "Caught once" in page and ("Level 2: won by a capture: 1; won when the other "
                                          "had only the catcher left: 0") in page
        assert "1 round won" in page and "A living: once" in page
        exported = json.loads(client.get("/records.json").text)
        assert [play["id"] for play in exported["plays"]] == [120, 90, 77, 40, 1]
    finally:
        table.stop()
