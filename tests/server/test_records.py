"""The records page on the table page and every phone, the export of players, games and plays
(JSON read back to the same records, CSV with the same rows) and a finished game in BG Stats'
documented import form."""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
from typing import Any
from urllib.parse import quote

from flask.testing import FlaskClient

from companion.games.base import Action
from companion.table import export
from companion.table.colours import seat_colour
from companion.table.owner import Table
from companion.table.records import records
from tests.server.test_history import finish_a_romme_game

BGSTATS_PLAY = {"board", "durationMin", "comments", "game", "location", "playDate", "players",
                "sourceName", "sourcePlayId"}
BGSTATS_GAME = {"bggId", "highestWins", "name", "noPoints", "sourceGameId"}
BGSTATS_PLAYER = {"startPlayer", "name", "rank", "role", "score", "sourcePlayerId", "winner"}
"""The fields of a play, its game and its players in BG Stats' page "Push plays to BG Stats
from other apps or websites" (bgstatsapp.com/support)."""


def three_games(table: Table) -> None:
    """Seats 0 and 1 finish three one-round Rommé games; seat 0 goes out every time."""
    for _ in range(3):
        finish_a_romme_game(table)


def test_the_records_page_shows_each_players_records_in_both_languages(
        client: FlaskClient, table: Table) -> None:
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Anna"}))
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Ben"}))
    three_games(table)
    german = client.get("/records?lang=de").text
    assert "Räuber-Rommé" in german and "Anna" in german and "3 Runden gewonnen" in german
    english = client.get("/records?lang=en&first=anna&second=BEN").text
    assert "3 rounds won" in english and "Average round \u221257, best \u221257" in english
    assert "Anna: 3 ahead, Ben: 0 ahead, 0 level" in english
    assert "/records" in client.get("/table").text and "/records" in client.get("/").text


def test_the_export_reads_back_to_the_same_history_and_records(
        client: FlaskClient, table: Table) -> None:
    table.submit(Action("table.rename", None, {"seat": 0, "name": "=Anna"}))
    finish_a_romme_game(table)
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Anna"}))
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Ben"}))
    three_games(table)
    data = json.loads(client.get("/records.json").text)
    assert (data["format"], data["version"]) == ("getaway-records", 1)
    assert {p["id"] for p in data["players"]} == {"anna", "ben", "=anna"}
    history = table.history()
    assert export.history(data) == history
    assert records(export.history(data), table.games) == records(history, table.games)
    rows = list(csv.DictReader(io.StringIO(client.get("/records.csv").text)))
    expected = [(str(play["id"]), seat["player"] or "", seat["name"] or "")
                for play in data["plays"] for seat in play["seats"]]
    assert [(r["play"], r["player"].lstrip("'"), r["name"].lstrip("'")) for r in rows] == \
        expected
    assert "'=Anna" in {r["name"] for r in rows}    # a spreadsheet never runs a name


def test_a_finished_game_goes_to_bg_stats_in_its_documented_form(
        client: FlaskClient, table: Table) -> None:
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Anna"}))
    finish_a_romme_game(table)
    game = table.history()[0]
    page = client.get(f"/history/{game['id']}?lang=en").text
    link = page.split('class="button bgstats" href="')[1].split('"')[0]
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play: dict[str, Any] = json.loads(urllib.parse.unquote(
        link.replace("&amp;", "&").split("data=", 1)[1]))
    assert set(play) <= BGSTATS_PLAY and set(play["game"]) <= BGSTATS_GAME
    assert all(set(player) <= BGSTATS_PLAYER for player in play["players"])
    assert play["game"]["name"] == "Räuber-Rommé" and play["game"]["highestWins"] is True
    assert [(p["name"], p["rank"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Anna", 1, 0, True), ("2", 2, -57, False)]
    assert len(play["playDate"]) == len("2020-10-23 19:16:58")


def test_a_phone_without_a_seat_hears_of_no_new_best(client: FlaskClient, table: Table) -> None:
    finish_a_romme_game(table)
    assert client.get("/api/records/best").json == {"bests": []}


def test_a_player_keeps_the_colour_of_their_seat_with_their_name(
        client: FlaskClient, table: Table) -> None:
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Anna"}))
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Ben"}))
    finish_a_romme_game(table)
    found = records(table.history(), table.games)
    assert (found["anna"].colour, found["ben"].colour) == (seat_colour(0), seat_colour(1))
    page = client.get("/records?lang=en").text
    assert quote(f"fill='{seat_colour(1)}'") in page, "a mark of Ben's colour beside his name"
    exported = client.get("/records.json").json or {}
    assert export.history(exported)[0]["seats"][0]["colour"] == seat_colour(0)


def test_the_records_page_numbers_no_places_and_says_what_orders_its_players(
        client: FlaskClient, table: Table) -> None:
    """Ben came second in every game: no number calls him last, the list says its order."""
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Zoe"}))
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Ben"}))
    three_games(table)
    page = client.get("/records?lang=en").text
    romme = page.split("Räuber-Rommé</h2>")[1].split("</section>")[0]
    assert "<ol" not in romme and "Most games won first; on a tie, most games played." in romme
    assert romme.index("Zoe") < romme.index("Ben")
