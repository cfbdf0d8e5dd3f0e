"""A real Table on a Store in tmp_path, with Rommé set up for two seats, and its phone app.

Flask's test client serves the pages and the API; actions, which the server takes on its event
loop, go through ``send_action`` with the client's cookies.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import Headers

from companion.games import GAMES
from companion.games.base import Action
from companion.server import context
from companion.server.actions import PATH, Actions
from companion.server.app import box_names, create_app
from companion.table.owner import Table
from companion.table.store import Store

PUBLIC_URL = "http://192.168.1.20:8000"
JOIN_CODE = "KM7RX"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 2, "options": {"first_player": 0}}))
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE)


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
def host_page(app: Flask, table: Table) -> FlaskClient:
    return host_browser(app, table)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return phone(app)


@pytest.fixture
def other(app: Flask) -> FlaskClient:
    """A second phone with its own cookies."""
    return phone(app)


@dataclass
class Answer:
    """The action endpoint's answer, read as a Flask test response is."""

    status_code: int
    headers: Headers
    data: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.data)


def post_to(client: FlaskClient, path: str, data: str, content_type: str) -> Answer | Any:
    """A POST of raw ``data`` to ``path``, the action endpoint's or Flask's."""
    if path == PATH:
        return send_action(client, data=data, content_type=content_type)
    return client.post(path, data=data, content_type=content_type)


def send_action(client: FlaskClient, body: Any = None, *, data: str | bytes | None = None,
                headers: Mapping[str, str] | None = None,
                content_type: str = "application/json", method: str = "POST",
                address: str = "127.0.0.1") -> Answer:
    """What ``client`` gets for an action (``body`` as JSON, or raw ``data``) from the box's
    action endpoint, sent with its cookies as a browser at ``address`` sends it."""
    kept = [f"{name}={cookie.value}" for name in (context.SEAT_COOKIE, context.HOST_COOKIE,
                                                   context.JOIN_COOKIE, context.LANG_COOKIE)
            if (cookie := client.get_cookie(name)) is not None]
    sent = {"host": "localhost", "content-type": content_type, **{
        name.lower(): value for name, value in (headers or {}).items()}}
    if kept:
        sent["cookie"] = "; ".join(kept)
    raw = json.dumps(body).encode() if data is None else (
        data.encode() if isinstance(data, str) else data)
    scope = {"type": "http", "method": method, "path": PATH, "query_string": b"",
             "client": (address, 50000),
             "headers": [(name.encode(), value.encode()) for name, value in sent.items()]}
    messages: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        messages.append(message)

    endpoint = Actions(context.table_of(client.application), box_names(),
                       context.limiter_of(client.application))
    asyncio.run(endpoint(scope, raw, send))
    start, body_message = messages
    return Answer(start["status"], Headers([(k.decode(), v.decode())
                                            for k, v in start["headers"]]), body_message["body"])
