"""The action endpoint on the event loop: it answers as Flask would, and a phone that gives up
waiting never takes the answer away from the Table."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.server import actions
from companion.server.actions import PATH
from companion.server.serve import PhoneServer
from companion.server.stream import Streams
from companion.table.owner import Table
from companion.table.published import Published
from tests.server.conftest import JOIN_CODE, send_action


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


def posted(table: Table, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """An event set once an action is posted to the Table."""
    taken, post = threading.Event(), table.post

    def posting(action: Action, **kwargs: Any) -> Future[int]:
        taken.set()
        return post(action, **kwargs)
    monkeypatch.setattr(table, "post", posting)
    return taken


def test_an_action_is_answered_with_the_new_version(host_page: FlaskClient, table: Table) -> None:
    answer = send_action(host_page, {"type": "resume", "host": True})
    assert answer.status_code == 200 and answer.json == {"version": table.published.version}
    assert answer.headers["Cache-Control"] == "no-store"
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]


def test_a_foreign_host_name_is_refused(host_page: FlaskClient, table: Table) -> None:
    before = table.published.version
    answer = send_action(host_page, {"type": "resume", "host": True},
                         headers={"Host": "rebound.example", "Accept-Language": "de"})
    assert answer.status_code == 400 and (answer.json or {})["error"] == "error.bad_request"
    assert table.published.version == before


def test_a_busy_table_is_503_and_the_action_still_happens(host_page: FlaskClient, table: Table,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    go_on = held(table)
    monkeypatch.setattr(actions, "ANSWER_S", 0.01)
    answer = send_action(host_page, {"type": "pause", "host": True})
    assert answer.status_code == 503 and (answer.json or {})["error"] == "error.busy"
    go_on.set()
    table.poke()
    assert table.published.public["timer"]["running"] is False


def test_a_phone_that_goes_while_waiting_leaves_the_table_running(
        app: Flask, host_page: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The request's task is cancelled (its phone went, the server stops): the Table still
    answers its own future, and a cancelled one would stop its thread."""
    go_on = held(table)
    cookie = host_page.get_cookie("getaway_host")
    assert cookie is not None
    scope = {"type": "http", "method": "POST", "path": PATH, "query_string": b"",
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"localhost"), (b"content-type", b"application/json"),
                         (b"cookie", f"getaway_host={cookie.value}".encode())]}
    taken = posted(table, monkeypatch)

    async def receive() -> Any:
        return {"type": "http.request", "body": b'{"type": "pause", "host": true}'}

    async def send(message: Any) -> None:
        raise AssertionError("no answer for a phone that went")

    async def go_away() -> None:
        way_in = PhoneServer(app, Streams(table, JOIN_CODE))
        task = asyncio.create_task(way_in(scope, receive, send))
        while not taken.is_set():  # the task runs up to its wait: the action is with the Table
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(go_away())
    go_on.set()
    assert table.submit(Action("resume")) > 0 and table.alive()
