"""The one way in: every request's Host and Origin are checked and its caller read once, before
the streams, the action endpoint or Flask see it, so a check added there covers them all; and
the phone that sent an action hears its answer before any stream is written."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from uvicorn.protocols.http.httptools_impl import RequestResponseCycle

from companion.i18n import text
from companion.server import guard
from companion.server.actions import PATH
from companion.server.connections import Chunks
from companion.server.request import Message, Scope, header
from companion.server.serve import PhoneServer, Server
from companion.server.stream import Streams
from companion.table.owner import Table
from companion.table.published import Published
from tests.server.conftest import JOIN_CODE
from tests.server.streams import Stream
from tests.server.test_api import join
from tests.server.test_headers import status
from tests.server.test_trust_model import cookies_of, first_event

GUARD_S = 10.0
API = {"stream": ("GET", "/api/events"), "action": ("POST", PATH), "flask": ("GET", "/api/view")}
"""A request of each kind the box serves under /api/: the live stream, an action, Flask's."""
RESUME = b'{"type": "resume", "host": true}'


def asked(server: Server, method: str, path: str, headers: str = "",
          host: str = "127.0.0.1") -> tuple[int, bytes]:
    """The status and body ``method path`` gets over HTTP (only the head of a live stream)."""
    return status(server.port, f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n{headers}"
                               f"Content-Type: application/json\r\n"
                               f"Content-Length: {len(RESUME)}\r\n", RESUME)


def test_a_forged_host_is_refused_alike_by_the_stream_the_action_and_flask(
        server: Server) -> None:
    """Each once had its own check and its own refusal: a page got Flask's error page."""
    forged = {"host": f"rebind.evil.example:{server.port}", "headers": "Accept-Language: de\r\n"}
    said = {"error": "error.bad_request", "message": text("error.bad_request", "de")}
    for kind, (method, path) in API.items():
        code, body = asked(server, method, path, **forged)
        assert (code, json.loads(body)) == (400, said), kind
    assert asked(server, "GET", "/", **forged) == (400, said["message"].encode())


@pytest.mark.parametrize("host", ["evil.example@127.0.0.1:8000", "u:p@localhost", "localhost:0",
                                  "localhost:99999", "[::1", "127.0.0.1/x", ""])
def test_the_guard_trusts_no_host_werkzeug_finds_malformed(host: str) -> None:
    """Nor when the Host is read some other way than Werkzeug's, which finds them empty."""
    assert not guard.trusted_host(host, guard.box_names())


def test_a_guard_added_at_the_way_in_covers_every_path(server: Server, table: Table,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    checked = guard.refusal

    def stricter(scope: Scope, names: frozenset[str]) -> tuple[int, str] | None:
        return (403, "error.cross_site") if header(scope, b"x-forged") else checked(scope, names)

    monkeypatch.setattr(guard, "refusal", stricter)
    for kind, (method, path) in {**API, "page": ("GET", "/")}.items():
        code, _ = asked(server, method, path, headers="X-Forged: 1\r\n")
        assert code == 403, kind
    assert asked(server, "GET", "/api/events")[0] == 200
    assert table.published.version > 0


def test_the_stream_and_flask_read_the_table_page_alike(server: Server, client: FlaskClient,
                                                         table: Table) -> None:
    """The stream once read ``?page=table&page=x`` as a seat's reader, Flask as the table's."""
    join(client, 0, "Anna")
    seat = cookies_of(client)
    status_code, streamed = first_event(server, "?page=table&page=x", seat)
    viewed = client.get("/api/view?page=table&page=x").json or {}
    assert status_code == 200 and streamed is not None
    assert streamed["me"] == viewed["me"] is None


# -- answer first ----------------------------------------------------------------------------

def _scope(method: str, path: str, cookie: str = "") -> Scope:
    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]
    return {"type": "http", "method": method, "path": path, "query_string": b"",
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
            "headers": [*headers, *([(b"cookie", cookie.encode())] if cookie else [])]}


async def _written(app: Flask, table: Table, cookie: str, phones: int) -> list[tuple[str, int]]:
    """Who was written what, in order, around one action: each stream's versions and the
    sender's answer (its version), all through the one way in, on one loop."""
    way_in = PhoneServer(app, Streams(table, JOIN_CODE))
    written: list[tuple[str, int]] = []

    def writer(name: str) -> Any:
        async def send(message: Message) -> None:
            body = message.get("body", b"")
            if body.startswith(b"id: "):
                written.append((name, int(body.split(b"\n")[0][4:])))
            elif body.startswith(b"{"):
                written.append((name, json.loads(body)["version"]))
        return send

    async def stays() -> Message:
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    async def action() -> Message:
        return {"type": "http.request", "body": RESUME}

    readers = [asyncio.create_task(way_in(_scope("GET", "/api/events"), stays, writer("stream")))
               for _ in range(phones)]
    while len(written) < phones:
        await asyncio.sleep(0)
    await way_in(_scope("POST", PATH, cookie), action, writer("sender"))
    while len(written) < 2 * phones + 1:
        await asyncio.sleep(0)
    for reader in readers:
        reader.cancel()
    return written[phones:]


def test_the_sender_hears_its_answer_before_any_stream_is_written(
        app: Flask, host_page: FlaskClient, table: Table) -> None:
    before = table.published.version
    written = asyncio.run(asyncio.wait_for(_written(app, table, cookies_of(host_page), 20),
                                           GUARD_S))
    assert written == [("sender", before + 1)] + [("stream", before + 1)] * 20


def test_an_action_from_the_loop_is_answered_and_its_streams_woken_in_one_hand_over(
        app: Flask, host_page: FlaskClient, table: Table) -> None:
    """The Table's thread wakes the loop once for the sender's answer and the streams."""
    woken_by: list[str] = []

    async def counted() -> list[tuple[str, int]]:
        loop = asyncio.get_running_loop()
        wake = loop.call_soon_threadsafe

        def counting(callback: Any, *args: Any, context: Any = None) -> asyncio.Handle:
            if threading.current_thread() is not threading.main_thread():
                woken_by.append(threading.current_thread().name)
            return wake(callback, *args, context=context)

        loop.call_soon_threadsafe = counting  # type: ignore[method-assign,assignment]
        return await _written(app, table, cookies_of(host_page), 3)

    before = table.published.version
    written = asyncio.run(asyncio.wait_for(counted(), GUARD_S))
    assert written == [("sender", before + 1)] + [("stream", before + 1)] * 3
    assert woken_by == ["table"], "one hand-over from the Table's thread"


def test_over_sockets_the_sender_hears_its_answer_before_any_stream(
        server: Server, host_page: FlaskClient, table: Table,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The streams' events written straight to their sockets go after the sender's answer,
    as do those sent through uvicorn."""
    written: list[str] = []
    chunk, asgi_send = Chunks.write, RequestResponseCycle.send

    def chunked(chunks: Chunks, body: bytes) -> None:
        written.append("stream")
        chunk(chunks, body)

    async def sent(cycle: RequestResponseCycle, message: Any) -> None:
        body = message.get("body", b"")
        if cycle.scope["path"] == PATH and body:
            written.append("sender")
        elif body.startswith(b"id: "):
            written.append("stream")
        await asgi_send(cycle, message)
    monkeypatch.setattr(Chunks, "write", chunked)
    monkeypatch.setattr(RequestResponseCycle, "send", sent)
    opened = [Stream(server.port) for _ in range(5)]
    for stream in opened:
        stream.event()
    written.clear()
    sender = http.client.HTTPConnection("127.0.0.1", server.port, timeout=GUARD_S)
    sender.request("POST", PATH, RESUME, {"Content-Type": "application/json",
                                          "Cookie": cookies_of(host_page)})
    version = json.loads(sender.getresponse().read())["version"]
    sender.close()
    assert [stream.event().id for stream in opened] == [version] * 5
    for stream in opened:
        stream.close()
    assert written == ["sender"] + ["stream"] * 5


def test_a_follower_that_holds_the_loop_does_not_hold_up_the_senders_answer(
        server: Server, host_page: FlaskClient, table: Table) -> None:
    """The box's screen follows the streams on the loop; the sender was answered after it."""
    answered, followed, held = threading.Event(), threading.Event(), []

    def screen(published: Published) -> None:
        held.append(answered.wait(GUARD_S))
        followed.set()

    with socket.create_connection(("127.0.0.1", server.port), timeout=GUARD_S) as stream:
        stream.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        seen = stream.recv(65536)
        while b"\ndata: " not in seen:
            seen += stream.recv(65536)
        server.streams.subscribe(screen)
        sender = http.client.HTTPConnection("127.0.0.1", server.port, timeout=GUARD_S)
        sender.request("POST", PATH, RESUME, {"Content-Type": "application/json",
                                              "Cookie": cookies_of(host_page)})
        answer = sender.getresponse()
        version = json.loads(answer.read())["version"]
        answered.set()
        sender.close()
        while f"id: {version}\n".encode() not in seen:
            seen += stream.recv(65536)
    assert answer.status == 200 and followed.wait(GUARD_S) and held == [True]
