"""Between games the box's lobby says who won how many games this evening (the games ended
since the box started) and the record of the highlighted game over every evening, readable and
whole, in the view's language; counted from the real history in a real SQLite file."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

import pytest

from companion.device.painters.parts import READABLE_CAP_PX
from companion.games import GAMES
from companion.games.base import Action
from companion.table.owner import Table
from companion.table.published import Published, token_hash
from companion.table.store import Store
from tests import tables
from tests.clock import FakeClock
from tests.device.frames import drawn_lines
from tests.device.test_screen import save

pytestmark = pytest.mark.usefixtures("offscreen")

OPTIONS = {"rounds": 1, "turn_seconds": 30, "first_player": "random"}
URL = "http://192.168.178.23:8000/j/KM7RX"
SAID = {"de": ["Siege heute:", "Anna 1, Ben 0", "Anna: 2 Runden", "gewonnen"],
        "en": ["Wins tonight:", "Anna 1, Ben 0", "Anna: 2 rounds", "won"]}


def rommé_won_by_anna(table: Table) -> None:
    """One round of Rommé that Anna ends by going out, then back to the lobby."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                  "options": OPTIONS}))
    for seat, name in enumerate(("Anna", "Ben")):
        table.submit(Action("table.claim", None, {"seat": seat, "name": name,
                                                  "token_hash": token_hash(f"phone-{seat}")}))
    table.submit(Action("resume"))
    table.submit(Action("romme", 0))
    for seat in table.published.public["state"]["scoring"]["missing"]:
        table.submit(Action("score", seat, {"seat": seat, "tiles": [3]}))
    table.submit(Action("confirm_scores"))
    table.submit(Action("table.end_game"))


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Published:
    """The lobby after a Rommé game last week and one tonight, both won by Anna."""
    db = tmp_path_factory.mktemp("lobby") / "getaway.sqlite"
    last_week = tables.open_table(db, FakeClock())
    rommé_won_by_anna(last_week)
    last_week.stop()
    with sqlite3.connect(db) as written:
        written.execute("UPDATE history SET ended_at = '2026-11-20T21:00:00Z'")
    tonight = tables.open_table(db, FakeClock())
    rommé_won_by_anna(tonight)
    published = tonight.published
    tonight.stop()
    return published


def rommé_item(published: Published) -> int:
    return next(n for n, item in enumerate(published.controls.menu)
                if item.params.get("game") == "romme")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_lobby_shows_the_evening_and_the_games_record(lobby: Published, lang: str) -> None:
    shown = replace(lobby, public={**lobby.public, "language": lang})
    surface, written = drawn_lines(GAMES, shown, rommé_item(lobby), URL)
    save(surface, f"lobby-records-{lang}")
    told = len(SAID[lang])
    said = [w for w in written if w.role == "body"]
    assert [w.words.replace("\u00a0", " ") for w in said[:told]] == SAID[lang]
    assert all(w.cut is None and w.cap_px >= READABLE_CAP_PX for w in said)
    assert [w.words for w in said[told:]] == ["Räuber-Rommé:", {"de": "Einstellungen …",
                                                                "en": "settings…"}[lang]]


def test_the_records_are_counted_when_a_game_is_recorded_not_on_every_frame(
        lobby: Published) -> None:
    assert lobby.device["evening"] == {
        "standings": [["Anna", 1], ["Ben", 0]],
        "records": {"romme": {"name": "Anna", "key": "romme.records.rounds_won", "count": 2}}}


def test_the_history_is_read_when_a_game_is_recorded_not_on_every_step(tmp_path: Path) -> None:
    table = tables.open_table(tmp_path / "getaway.sqlite", FakeClock())
    try:
        with patch.object(Store, "history", autospec=True, side_effect=Store.history) as read:
            table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                          "options": OPTIONS}))
            table.submit(Action("table.claim", None, {"seat": 0, "name": "Anna",
                                                      "token_hash": token_hash("phone-0")}))
            assert read.call_count == 0
            table.submit(Action("table.end_game"))
            assert read.call_count == 1
    finally:
        table.stop()


def test_the_evening_leaves_room_for_whose_phones_are_here(lobby: Published) -> None:
    seats = [{**seat, "taken": True, "here": True} for seat in lobby.public["seats"]]
    shown = replace(lobby, public={**lobby.public, "language": "en", "seats": seats})
    surface, written = drawn_lines(GAMES, shown, rommé_item(lobby), URL)
    save(surface, "lobby-records-here")
    assert "Here: Anna, Ben" in [w.words for w in written if w.role == "hint"]
    told = [w.words for w in written if w.role == "body"]
    assert told[2:] == ["Anna: 2 rounds", "won", "Räuber-Rommé:", "settings…"]
    assert not any(w.words.startswith("Räuber-Rommé: settings") for w in written
                   if w.role == "hint"), "no list squeezed in beside the names"
