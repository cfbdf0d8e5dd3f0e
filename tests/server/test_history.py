"""Past games: the list, a summary per game with every round, and the JSON and CSV downloads;
times in the box's own time zone, real minus signs, a language switch that needs no script."""

from __future__ import annotations

import csv
import io
import os
import time
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.server.context import CALLER, Caller, Viewer
from companion.server.history import inert, result_rows
from companion.server.pages import render_page
from companion.table.owner import Table
from companion.table.records import records
from tests.server.test_api import join

# -- past games ------------------------------------------------------------------------------

def finish_a_romme_game(table: Table) -> None:
    """One round to its end: seat 0 goes out, seat 1 keeps a 7 and a joker."""
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                 "options": {"first_player": 0, "rounds": 1}}))
    for kind in ("resume", "end_turn", "end_turn", "romme"):
        table.submit(Action(kind))
    table.submit(Action("score", None, {"seat": 1, "tiles": [7, 50]}))
    table.submit(Action("confirm_scores"))


def test_a_finished_game_is_in_the_history_as_json_csv_and_a_summary(
        client: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    finish_a_romme_game(table)
    games = (client.get("/api/history").json or {})["games"]
    finished = games[0]
    assert finished["finished"] is True and finished["game"] == "romme"
    places = {r["seat"]: (r["place"], r["score"]) for r in finished["outcome"]["results"]}
    assert places == {0: (1, 0), 1: (2, -57)}
    rows = list(csv.DictReader(io.StringIO(client.get("/history.csv").text)))
    assert [(r["name"], r["place"], r["score"]) for r in rows if r["game_id"] == str(
        finished["id"])] == [("Anna", "1", "0"), ("", "2", "-57")]
    download = client.get("/history.json")
    assert "attachment" in download.headers["Content-Disposition"]
    summary = client.get(f"/history/{finished['id']}", headers={"Accept-Language": "de"})
    assert summary.status_code == 200 and "Anna" in summary.text and "\u221257" in summary.text
    assert client.get("/history/999999").status_code == 404
    listed = client.get("/history", headers={"Accept-Language": "de"}).text
    assert "Anna, Platz 2" in listed          # the seat nobody named is called by its place


def test_the_csv_never_hands_a_spreadsheet_a_formula(client: FlaskClient, other: FlaskClient,
                                                     table: Table) -> None:
    join(client, 0, '=HYPERLINK("x.io")')
    join(other, 1, "@SUM(1)")
    finish_a_romme_game(table)
    rows = list(csv.DictReader(io.StringIO(client.get("/history.csv").text)))
    assert {("'=HYPERLINK(\"x.io\")", "0"), ("'@SUM(1)", "-57")} <= {
        (row["name"], row["score"]) for row in rows}  # a score below 0 stays a number
    assert not any(row["name"].startswith(("=", "@")) for row in rows)


@pytest.mark.parametrize("cell, written", [
    ("+1", "'+1"), ("-1+2", "'-1+2"), ("\tx", "'\tx"), ("\r=1", "'\r=1"), ("a=1", "a=1"),
    (-57, -57), (None, None), ("", "")])
def test_a_cell_that_would_run_is_made_text(cell: object, written: object) -> None:
    assert inert(cell) == written


@pytest.fixture
def in_berlin() -> Iterator[None]:
    """The box's clock set to Berlin: the history shows its own time, not UTC."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Berlin"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_the_summary_shows_every_round_with_real_minus_signs(client: FlaskClient,
                                                              table: Table) -> None:
    join(client, 0, "Anna")
    finish_a_romme_game(table)
    game_id = (client.get("/api/history").json or {})["games"][0]["id"]
    page = client.get(f"/history/{game_id}", headers={"Accept-Language": "en"}).text
    assert "Player</th>" in page and "Your name" not in page
    assert '<span class="round-cell">R1&nbsp;' in page  # each round under the name
    assert "\u221257" in page and "-57" not in page


def test_times_are_the_box_s_own(client: FlaskClient, table: Table, in_berlin: None) -> None:
    finish_a_romme_game(table)
    game = (client.get("/api/history").json or {})["games"][0]
    utc_hour = int(game["ended_at"][11:13])
    page = client.get("/history", headers={"Accept-Language": "de"}).text
    assert "UTC" not in page
    local = next(line for line in page.splitlines() if "Räuber-Rommé" in line)
    assert f", {(utc_hour + 1) % 24:02d}:" in local or f", {(utc_hour + 2) % 24:02d}:" in local


def test_downloads_number_seats_alike(client: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    finish_a_romme_game(table)
    game = (client.get("/history.json").json or {})["games"][0]
    row = next(csv.DictReader(io.StringIO(client.get("/history.csv").text)))
    assert game["seats"][0]["seat"] == 0 and (row["seat"], row["number"]) == ("0", "1")


def test_the_language_switch_is_a_link_that_is_remembered(client: FlaskClient) -> None:
    german = client.get("/history", headers={"Accept-Language": "de"})
    assert "Frühere Spiele" in german.text and 'href="?lang=en"' in german.text
    english = client.get("/history?lang=en", headers={"Accept-Language": "de"})
    assert "Past games" in english.text
    assert "Past games" in client.get("/history", headers={"Accept-Language": "de"}).text


def test_a_summary_tells_how_a_game_ended_in_the_game_s_words(app: Flask) -> None:
    record = {"id": 7, "ended_at": "2026-11-24T20:00:00Z", "game": "robnrun", "finished": True,
              "title": {"de": "Rob 'n Run", "en": "Rob 'n Run"},
              "seats": [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": ""}],
              "outcome": {"summary": [{"key": "screen.robnrun.won", "params": {"gold": 9}}],
                          "results": [{"seat": 0, "place": 1, "score": 9},
                                      {"seat": 1, "place": 1, "score": 9}]}}
    english = Caller(Viewer(None, None), join_code="", language="en", address="127.0.0.1")
    with app.test_request_context("/history/7", environ_base={"asgi.scope": {CALLER: english}}):
        page = render_page("summary.html", "summary", game=record, rows=result_rows(record),
                           rounds=range(1, 1))
    assert "At the airport with 9 gold!" in page and "Seat 2" in page


def lose_a_safehouse_game(table: Table) -> None:
    """Two players on field 16; the pursuer jumps from 0 to field 21 by a drift correction."""
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                                 "options": {"first_player": 0}}))
    table.submit(Action("pursuer", None, {"field": 21}))


def test_each_line_of_the_list_says_won_or_lost_as_the_game_itself(
        client: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    lose_a_safehouse_game(table)
    finish_a_romme_game(table)
    lines = [line for line in client.get("/history?lang=en").text.split("<li>")[1:]]
    romme, safehouse, unfinished = (" ".join(line.split()) for line in lines[:3])
    assert "won by Anna" in romme and "lost" not in romme
    assert "Safehouse" in safehouse and "won by" not in safehouse
    assert '· <span class="lost">lost</span>' in safehouse
    assert "· <span class=\"tag\">not played to the end</span>" in unfinished


def test_a_lost_safehouse_game_names_the_field_the_players_were_caught_on(
        client: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    lose_a_safehouse_game(table)
    counted = records(table.history(), table.games)["anna"].games["safehouse"].counts
    assert counted["earliest_catch"] == counted["caught_steps"] == 16
    game = (client.get("/api/history").json or {})["games"][0]
    page = client.get(f"/history/{game['id']}?lang=en").text
    told = page.split("<table")[0]
    assert "Caught on field 16" in told and "21" not in told
