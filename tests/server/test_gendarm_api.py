"""Räuber und Gendarm over the phone API: a catcher reaches only its own phone, a wrong capture
claim is answered to the claimant alone (nothing is published, logged or pushed to anyone
else), and a right one shows the number to everyone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import Action
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.published import Published
from companion.table.store import Store
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone
from tests.server.test_api import act, join
from tests.server.test_robnrun_api import first_pushed_view
from tests.server.way_in import served

ANNA, BERND = 2, 4
"""The chips typed in: Anna (seat 0, on turn) holds 2, Bernd 4."""


def catcher(number: int) -> re.Pattern[str]:
    return re.compile(rf'"catcher":\s*{number}\b')


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "dice": "table", "catchers": "chips"}}))
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


@pytest.fixture
def phones(app: Flask, table: Table) -> tuple[FlaskClient, FlaskClient]:
    anna, bernd = phone(app), phone(app)
    join(anna, 0, "Anna")
    join(bernd, 1, "Bernd")
    assert act(anna, "start_roll", {"starter": 0})[0] == 200
    assert act(anna, "catcher", {"number": ANNA})[0] == 200
    assert act(bernd, "catcher", {"number": BERND})[0] == 200
    return anna, bernd


def test_a_catcher_reaches_its_own_phone_only(app: Flask, table: Table,
                                              phones: tuple[FlaskClient, FlaskClient]) -> None:
    anna, bernd = phones
    page = host_browser(app, table)
    assert catcher(ANNA).search(anna.get("/api/view").text)
    assert not catcher(BERND).search(anna.get("/api/view").text)
    assert catcher(BERND).search(bernd.get("/api/view").text)
    assert not catcher(ANNA).search(bernd.get("/api/view").text)
    for viewer in (page, app.test_client()):
        seen = viewer.get("/api/view").text
        assert not catcher(ANNA).search(seen) and not catcher(BERND).search(seen)
    assert not catcher(ANNA).search(first_pushed_view(bernd, table))
    assert catcher(ANNA).search(first_pushed_view(anna, table))


def test_a_wrong_claim_is_answered_to_the_claimant_alone(app: Flask, table: Table,
                                                         phones: tuple[FlaskClient,
                                                                       FlaskClient]) -> None:
    anna, bernd = phones
    page = host_browser(app, table)
    told: list[Published] = []
    table.subscribe(told.append)
    before = {name: client.get("/api/view").data for name, client in
              (("bernd", bernd), ("page", page), ("watcher", app.test_client()))}
    version = table.published.version

    status, body = act(anna, "capture", {"gendarme": 3})
    assert status == 409
    assert body["message"].startswith("Gendarme 3 may not catch \u2013 take the move back. The "
                                      "rule: only the gendarme with the number of your own chip")
    assert told == [] and table.published.version == version         # nothing logged or told
    for name, client in (("bernd", bernd), ("page", page), ("watcher", app.test_client())):
        assert client.get("/api/view").data == before[name], name

    assert act(bernd, "capture", {"gendarme": BERND})[0] == 409     # not Bernd's turn
    assert act(page, "capture", {"gendarme": ANNA})[0] == 409       # not a phone
    status, _ = act(anna, "capture", {"gendarme": ANNA})
    assert status == 200 and len(told) == 1
    for client in (bernd, page):
        seen = client.get("/api/view").text
        assert catcher(ANNA).search(seen) and catcher(BERND).search(seen)


def test_the_table_page_plays_for_a_seat_without_a_phone(app: Flask, table: Table) -> None:
    """Level 2 with one phone: the table page keeps Anna's chip face down (never Bernd's: his
    phone holds his seat), gives up her gendarme after an odd duty roll and claims her capture
    on the table's word."""
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "level": 2, "dice": "table", "catchers": "chips"}}))
    bernd, page = phone(app), host_browser(app, table)
    join(bernd, 1, "Bernd")
    assert act(page, "start_roll", {"starter": 0})[0] == 200
    assert act(bernd, "catcher", {"number": BERND})[0] == 200
    status, body = act(page, "keep_chip", {"seat": 1})
    assert (status, body["error"]) == (409, "error.seat_has_phone")
    assert act(page, "keep_chip", {"seat": 0})[0] == 200
    for sender, kind, args in ((page, "safe", {}), (page, "end_turn", {}),
                               (bernd, "end_turn", {}), (page, "roll", {"value": 3}),
                               (page, "remove", {"gendarme": 6}), (page, "end_turn", {}),
                               (bernd, "end_turn", {}), (page, "roll", {"value": 2}),
                               (page, "capture", {"gendarme": ANNA})):
        assert act(sender, kind, args)[0] == 200, kind
    state = table.published.public["state"]
    assert state["result"] == {"winner": 0, "reason": "capture"}
    assert state["players"][0]["removed"] == [6]
    assert [p["catcher"] for p in state["players"]] == [ANNA, BERND]
