"""The evening's players between games, through the phone server: a seated phone chooses the
next game for all of them; a player sitting a smaller game out takes their place back by its
rejoin link, or by name from a phone that forgot it, and never becomes a second seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.table.owner import Table
from tests import tables
from tests.server.conftest import phone
from tests.server.test_api import act, join
from tests.server.test_rejoin import me, token_of

NAMES = ("Anna", "Ben", "Cara")
ROMME_OVER = (Action("resume"), Action("end_turn"), Action("end_turn"), Action("end_turn"),
              Action("romme"), Action("score", None, {"seat": 1, "tiles": [7]}),
              Action("score", None, {"seat": 2, "tiles": [50]}), Action("confirm_scores"))
"""A one-round Rommé of three: Anna goes out on her second turn, the others count."""


@pytest.fixture
def table(tmp_path: Path) -> Any:
    table = tables.open_table(tmp_path / "getaway.sqlite")
    table.submit(Action("table.new_game", None, {
        "game": "romme", "seats": 3, "options": {"first_player": 0, "rounds": 1}}))
    yield table
    table.stop()


def evening(app: Flask) -> tuple[list[FlaskClient], list[str]]:
    """Anna, Ben and Cara sit down for Rommé: their phones and rejoin tokens."""
    phones = [phone(app) for _ in NAMES]
    return phones, [token_of(join(client, seat, name))
                    for seat, (client, name) in enumerate(zip(phones, NAMES, strict=True))]


def names(table: Table, part: str) -> list[str]:
    return [str(place["name"]) for place in table.published.public[part]]


def place(client: FlaskClient) -> Any:
    return (client.get("/api/place").json or {})["place"]


def test_a_seated_phone_chooses_the_next_game_for_the_evening_s_players(
        app: Flask, table: Table, tmp_path: Path) -> None:
    phones, _ = evening(app)
    anna, ben, cara = phones
    status, refused = act(ben, "table.next_game", {"game": "gendarm"})
    assert (status, refused["error"]) == (409, "error.next_not_over")
    for action in ROMME_OVER:
        table.submit(action)
    offered = table.published.private[1]["next_games"]
    assert {(game["id"], game["seats"]) for game in offered} >= {("gendarm", 2), ("romme", 3)}
    assert act(ben, "table.next_game", {"game": "gendarm", "setup": {"seats": 1}})[0] == 400
    assert act(ben, "table.next_game", {"game": "gendarm"})[0] == 200
    assert table.published.public["game"] == "gendarm"
    assert (names(table, "seats"), names(table, "benched")) == (["Anna", "Ben"], ["Cara"])
    assert (me(anna), me(ben), me(cara)) == (0, 1, None)
    assert act(cara, "table.next_game", {"game": "romme"})[0] == 403, "a watcher never chooses"
    seats, benched = table.published.public["seats"], table.published.public["benched"]
    table.stop()
    replayed = tables.open_table(tmp_path / "getaway.sqlite")
    assert (replayed.published.public["seats"], replayed.published.public["benched"]) == (
        seats, benched)
    replayed.stop()


def sit_cara_out(table: Table) -> None:
    """Rommé of three ends; Räuber und Gendarm seats Anna and Ben, Cara sits it out."""
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2}))


def test_a_sitting_out_player_s_rejoin_link_brings_the_phone_back_to_its_place(
        app: Flask, table: Table) -> None:
    _, tokens = evening(app)
    sit_cara_out(table)
    new_phone = app.test_client()
    page = new_phone.get(f"/r/{tokens[2]}", headers={"Accept-Language": "en"})
    assert page.status_code == 200, "not expired: the place is Cara's"
    assert "This link belongs to Cara (Seat 3)." in page.text
    taken = new_phone.post("/api/rejoin", json={"token": tokens[2]})
    assert taken.status_code == 200 and taken.json == {"seat": 2}
    assert (me(new_phone), place(new_phone)) == (None, 2)
    assert names(table, "benched") == ["Cara"]


def test_a_phone_that_forgot_its_place_asks_for_it_by_name_and_the_box_gives_it(
        app: Flask, table: Table) -> None:
    phones, _ = evening(app)
    sit_cara_out(table)
    assert place(phones[2]) == 2
    cleared = phone(app)                                   # Cara's phone, storage cleared
    assert place(cleared) is None
    asked = cleared.post("/api/claim", json={"seat": 2, "name": "Cara"})
    assert asked.status_code == 200 and (asked.json or {})["pending"] is True
    grant = table.published.controls.asks[0]              # OK on the box
    assert (grant.key, grant.params) == ("box.grant", {"seat": 3, "name": "Cara"})
    table.submit(grant.action)
    assert (place(cleared), place(phones[2])) == (2, None)
    assert (names(table, "seats"), names(table, "benched")) == (["Anna", "Ben"], ["Cara"])
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 3}))
    assert (me(cleared), names(table, "seats")) == (2, list(NAMES))
