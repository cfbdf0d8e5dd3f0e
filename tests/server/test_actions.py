"""The action endpoint on the event loop: it answers as Flask would, and a phone that gives up
waiting never takes the answer away from the Table."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.server import actions
from companion.server.actions import PATH, Actions
from companion.server.app import box_names
from companion.server.limiter import PRODUCT, Limiter
from companion.table.owner import Table
from companion.table.published import Published
from tests.server.conftest import send_action


def held(table: Table) -> threading.Event:
    """Hold the Table's thread inside the next step it publishes, until the event is set."""
    holding, go_on = threading.Event(), threading.Event()

    def hold(published: Published) -> None:
        holding.set()
        go_on.wait(10)

    table.subscribe(hold)
    threading.Thread(target=table.submit, args=(Action("resume"),), daemon=True).start()
    assert holding.wait(10)
    return go_on


def test_an_action_is_answered_with_the_new_version(host_page: FlaskClient, table: Table) -> None:
    answer = send_action(host_page, {"type": "resume", "host": True})
    assert answer.status_code == 200 and answer.json == {"version": table.published.version}
    assert answer.headers["Cache-Control"] == "no-store"
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]


def test_a_foreign_host_name_is_refused(host_page: FlaskClient, table: Table) -> None:
    before = table.published.version
    answer = send_action(host_page, {"type": "resume", "host": True},
                         headers={"Host": "rebound.example", "Accept-Language": "de"})
    assert answer.status_code == 400 and answer.json["error"] == "error.bad_request"
    assert table.published.version == before


def test_a_busy_table_is_503_and_the_action_still_happens(host_page: FlaskClient, table: Table,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    go_on = held(table)
    monkeypatch.setattr(actions, "ANSWER_S", 0.01)
    answer = send_action(host_page, {"type": "pause", "host": True})
    assert answer.status_code == 503 and answer.json["error"] == "error.busy"
    go_on.set()
    table.poke()
    assert table.published.public["timer"]["running"] is False


def test_a_phone_that_goes_while_waiting_leaves_the_table_running(host_page: FlaskClient,
                                                                  table: Table) -> None:
    """The request's task is cancelled (its phone went, the server stops): the Table still
    answers its own future, and a cancelled one would stop its thread."""
    go_on = held(table)
    cookie = host_page.get_cookie("getaway_host")
    assert cookie is not None
    scope = {"type": "http", "method": "POST", "path": PATH, "query_string": b"",
             "headers": [(b"host", b"localhost"), (b"content-type", b"application/json"),
                         (b"cookie", f"getaway_host={cookie.value}".encode())]}

    async def send(message: Any) -> None:
        raise AssertionError("no answer for a phone that went")

    async def go_away() -> None:
        endpoint = Actions(table, box_names(), Limiter(PRODUCT))
        task = asyncio.create_task(endpoint(scope, b'{"type": "pause", "host": true}', send))
        await asyncio.sleep(0)  # the task runs up to its wait: the action is with the Table
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(go_away())
    go_on.set()
    assert table.submit(Action("resume")) > 0 and table.alive()
