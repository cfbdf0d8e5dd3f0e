"""First-game mode over the phone API: any seated phone switches it, the table page ticks the
setup checklist, a bad item is a clear 4xx; every phone's view carries the guide."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.games import GAMES
from companion.games.base import Action
from companion.i18n import text
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.store import Store
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone
from tests.server.test_api import act, join
from tests.server.way_in import served


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2}))
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


def test_a_phone_switches_first_game_mode_and_the_table_page_ticks(app: Flask,
                                                                   table: Table) -> None:
    anna = phone(app)
    join(anna, 1, "Anna")
    view = anna.get("/api/view").json or {}
    assert view["guide"]["now"] == "safehouse.guide.now.ready_first"
    assert view["teaching"] == {"first_game": True, "shown": False, "explain": False,
                                "ticked": [], "setup": True}, "the roll is seat 1's to explain"
    ben = phone(app)
    join(ben, 0, "Ben")
    assert (ben.get("/api/view").json or {})["teaching"]["explain"] is True
    assert act(anna, "table.guide", {"first_game": False})[0] == 200
    assert table.published.public["teaching"]["first_game"] is False
    host = host_browser(app, table)
    assert act(host, "table.guide", {"tick": "dice"})[0] == 200
    assert table.published.private[1]["teaching"]["ticked"] == ["dice"]
    status, body = act(host, "table.guide", {"tick": "chairs"})
    assert status == 400 and body["error"] == "error.setup_item_unknown", body


def test_a_refusal_of_the_impossible_explains_the_rule_in_its_sentence(tmp_path: Path) -> None:
    table = Table(Store(tmp_path / "gendarm.sqlite"), GAMES)
    table.start()
    try:
        table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
            "dice": "table", "catchers": "chips"}}))
        app = served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
        anna, bernd = phone(app), phone(app)
        join(anna, 0, "Anna")
        join(bernd, 1, "Bernd")
        status, body = act(anna, "start_roll", {"rolls": [3, 3]}, language="de")
        assert (status, body["error"]) == (409, "gendarm.start_roll_tie"), body
        assert body["message"].endswith(text("gendarm.guide.rule.start", "de")), body
        assert act(anna, "start_roll", {"starter": 0})[0] == 200
        status, body = act(bernd, "catcher", {"number": 9})
        assert (status, body["error"]) == (400, "gendarm.catcher_range"), body
        assert body["message"] == " ".join((text("gendarm.catcher_range", "en", top=6).split(
            " The rule:")[0], text("gendarm.guide.rule.chips", "en"))), body
        assert "Spielanleitung, Abschnitte „4. Spielverlauf“" in act(
            bernd, "catcher", {"number": 0}, language="de")[1]["message"]
    finally:
        table.stop()


def test_an_impossible_count_of_dice_explains_the_rule(app: Flask, table: Table) -> None:
    anna = phone(app)
    join(anna, 0, "Anna")
    status, body = act(anna, "roll", {"dice": {"yellow": 3}})
    assert body.get("error") == "safehouse.dice_not_free", (status, body)
    assert body["message"].endswith(text("safehouse.guide.rule.lid", "en")), body
