"""First-game mode over the phone API: any seated phone switches it, the table page ticks the
setup checklist, a bad item is a clear 4xx; every phone's view carries the guide."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.games import GAMES
from companion.games.base import Action
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
    assert view["teaching"] == {"first_game": True, "shown": False, "explain": True,
                                "ticked": [], "setup": True}
    assert act(anna, "table.guide", {"first_game": False})[0] == 200
    assert table.published.public["teaching"]["first_game"] is False
    host = host_browser(app, table)
    assert act(host, "table.guide", {"tick": "dice"})[0] == 200
    assert table.published.private[1]["teaching"]["ticked"] == ["dice"]
    status, body = act(host, "table.guide", {"tick": "chairs"})
    assert status == 400 and body["error"] == "error.setup_item_unknown", body
