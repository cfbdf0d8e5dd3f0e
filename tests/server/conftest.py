"""A real Table on a Store in tmp_path, with Rommé set up for two seats, and its phone app.

Flask's test client sends its requests in by the phone server's one way in (``way_in``): the
pages and the API in Flask, and the actions (``send_action``) on the event loop.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.games import GAMES
from companion.games.base import Action
from companion.server.actions import PATH
from companion.server.app import create_app
from companion.server.serve import Server, serve
from companion.table.owner import Table
from companion.table.store import Store
from tests.server.streams import Stream
from tests.server.way_in import served

PUBLIC_URL = "http://192.168.1.20:8000"
JOIN_CODE = "KM7RX"
ROMME_FOR_TWO = Action("table.new_game", None,
                       {"game": "romme", "seats": 2, "options": {"first_player": 0}})
"""The game every table of these tests starts with, the first seat to play."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(ROMME_FOR_TWO)
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


def phone(app: Flask) -> FlaskClient:
    """A phone that scanned the box's QR code: it holds the join code, no seat yet."""
    client = app.test_client()
    assert client.post("/api/code", json={"code": JOIN_CODE}).status_code == 200
    return client


def host_browser(app: Flask, table: Table) -> FlaskClient:
    """A browser that asked to be the table page, granted by OK on the box."""
    client = app.test_client()
    assert client.post("/api/host", json={}).status_code == 200
    table.submit(Action("table.host_grant"))
    return client


@pytest.fixture
def server(app: Flask) -> Iterator[Server]:
    """The phone app served on a free port of this machine, as `getaway run` serves it."""
    server = serve(app, host="127.0.0.1", port=0)
    yield server
    server.close()


@pytest.fixture
def streams(server: Server) -> Iterator[list[Stream]]:
    """The phones' streams a test opens, closed after it."""
    opened: list[Stream] = []
    yield opened
    for stream in opened:
        stream.close()


@pytest.fixture
def host_page(app: Flask, table: Table) -> FlaskClient:
    return host_browser(app, table)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return phone(app)


@pytest.fixture
def other(app: Flask) -> FlaskClient:
    """A second phone with its own cookies."""
    return phone(app)


def send_action(client: FlaskClient, body: Any = None, *, data: str | bytes | None = None,
                headers: Mapping[str, str] | None = None,
                content_type: str = "application/json", method: str = "POST",
                address: str = "127.0.0.1") -> TestResponse:
    """What ``client`` gets for an action (``body`` as JSON, or raw ``data``) from the box's
    action endpoint, sent with its cookies as a browser at ``address`` sends it."""
    raw = json.dumps(body) if data is None else data
    return client.open(PATH, method=method, data=raw, content_type=content_type,
                       headers=dict(headers or {}), environ_base={"REMOTE_ADDR": address})
