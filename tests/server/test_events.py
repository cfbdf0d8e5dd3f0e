"""Live views over the real phone server: every stream gets every new version, a closed or
replaced stream is let go, hundreds of streams and half-sent requests leave actions answered.

Reads use socket timeouts only as a guard against a hang; nothing waits for time to pass.
"""

from __future__ import annotations

import asyncio
import http.client
import ipaddress
import json
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

from companion.games.base import Action
from companion.server.address import lan_address
from companion.server.context import Viewer
from companion.server.serve import Server
from companion.server.stream import Streams
from companion.table.owner import Table
from companion.table.published import Published
from tests.server.conftest import JOIN_CODE
from tests.server.streams import GUARD_S, Stream, read_stream


def open_stream(server: Server, streams: list[Stream], cookie: str | None = None) -> Stream:
    stream = Stream(server.port, cookie)
    streams.append(stream)
    return stream


def post(server: Server, path: str, body: dict[str, Any],
         cookie: str | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=GUARD_S)
    headers = {"Content-Type": "application/json", **({"Cookie": cookie} if cookie else {})}
    connection.request("POST", path, json.dumps(body), headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def seat_cookie(server: Server, seat: int) -> str:
    """The cookies of a phone that typed the join code and took ``seat``."""
    code = post(server, "/api/code", {"code": JOIN_CODE})
    join_cookie = code.headers["Set-Cookie"].split(";")[0]
    response = post(server, "/api/join", {"seat": seat, "name": f"Player {seat + 1}"},
                    join_cookie)
    assert response.status == 200
    return f'{join_cookie}; {response.headers["Set-Cookie"].split(";")[0]}'


def host_cookie(server: Server, table: Table) -> str:
    """The cookie of a browser that asked to be the table page and was granted by the box."""
    response = post(server, "/api/host", {})
    table.submit(Action("table.host_grant"))
    return response.headers["Set-Cookie"].split(";")[0]



def test_stream_starts_with_retry_then_the_current_view(server: Server, streams: list[Stream],
                                                        table: Table) -> None:
    stream = open_stream(server, streams)
    assert stream.response.status == 200
    assert stream.response.getheader("Content-Type", "").startswith("text/event-stream")
    assert stream.block() == ["retry: 3000"]
    event = stream.event()
    assert (event.id, event.name) == (table.published.version, "view")
    assert event.data["version"] == event.id and event.data["me"] is None


def test_an_action_reaches_every_stream(server: Server, streams: list[Stream],
                                        table: Table) -> None:
    cookie = seat_cookie(server, 0)
    mine, watchers = open_stream(server, streams, cookie), [open_stream(server, streams)
                                                            for _ in range(3)]
    for stream in (mine, *watchers):
        assert stream.event().id == table.published.version
    response = post(server, "/api/action", {"type": "resume", "version": table.published.version},
                    cookie)
    assert response.status == 200
    seen = [stream.event() for stream in (mine, *watchers)]
    assert {event.id for event in seen} == {table.published.version}
    assert seen[0].data["me"] == 0 and "end_turn" in seen[0].data["state"]["actions"]
    assert all(event.data["me"] is None and "actions" not in event.data["state"]
               for event in seen[1:])
    assert seen[1].data["timer"]["running"] is True


def test_a_released_seat_stops_seeing_its_own_view(server: Server, streams: list[Stream],
                                                   table: Table) -> None:
    cookie = seat_cookie(server, 1)
    stream = open_stream(server, streams, cookie)
    assert stream.event().data["me"] == 1
    assert post(server, "/api/action", {"type": "table.release", "args": {"seat": 1}},
                cookie).status == 200
    assert stream.event().data["me"] is None


def test_close_ends_every_stream(server: Server, streams: list[Stream]) -> None:
    opened = [open_stream(server, streams) for _ in range(3)]
    for stream in opened:
        stream.event()
    server.close()
    assert not server.alive()
    for stream in opened:
        stream.drain()
        assert stream.response.isclosed()


def wait_until(check: Callable[[], bool]) -> bool:
    """Whether ``check`` comes true within the guard time (polled; nothing is timed)."""
    for _ in range(int(GUARD_S / 0.01)):
        if check():
            return True
        time.sleep(0.01)
    return check()


def test_a_closed_stream_is_let_go_at_once(server: Server, streams: list[Stream]) -> None:
    opened = [open_stream(server, streams) for _ in range(5)]
    for stream in opened:
        stream.event()
    assert server.streams.open == 5
    for stream in opened[:4]:
        stream.close()
    assert wait_until(lambda: server.streams.open == 1)


def test_a_reload_replaces_the_oldest_stream_of_a_phone(server: Server, streams: list[Stream],
                                                        table: Table) -> None:
    cookie = seat_cookie(server, 0)
    first, second = open_stream(server, streams, cookie), open_stream(server, streams, cookie)
    for stream in (first, second):
        assert stream.event().data["me"] == 0
    third = open_stream(server, streams, cookie)
    assert third.event().data["me"] == 0
    first.drain()
    assert first.response.isclosed()
    assert wait_until(lambda: server.streams.open == 2)
    watchers = [open_stream(server, streams) for _ in range(3)]  # no cookie: no such limit
    for stream in watchers:
        stream.event()
    assert server.streams.open == 5


def test_hundreds_of_streams_leave_actions_answered(server: Server, streams: list[Stream],
                                                    table: Table) -> None:
    cookie = host_cookie(server, table)
    opened = [open_stream(server, streams) for _ in range(300)]
    for stream in opened:
        stream.event()
    response = post(server, "/api/action", {"type": "resume", "host": True}, cookie)
    assert response.status == 200
    assert {stream.event().id for stream in opened} == {table.published.version}


def test_a_slow_request_holds_no_worker(server: Server, table: Table) -> None:
    """Half-sent requests (slowloris) keep no thread an action needs."""
    stuck = []
    for _ in range(50):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=GUARD_S)
        sock.sendall(b"POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        stuck.append(sock)
    try:
        response = post(server, "/api/action", {"type": "resume", "host": True},
                        host_cookie(server, table))
        assert response.status == 200
    finally:
        for sock in stuck:
            sock.close()


def test_the_stream_sends_a_heartbeat_when_nothing_changes(table: Table) -> None:
    retry, view, beat = read_stream(Streams(table, JOIN_CODE, heartbeat_s=0), count=3)
    assert retry == b"retry: 3000\n\n" and view.startswith(b"id: ")
    assert beat == b": keepalive\n\n"


def test_a_sleeping_stream_gets_only_the_newest(table: Table) -> None:
    streams = Streams(table, JOIN_CODE)
    first = table.published.version
    for step in ("resume", "pause", "resume"):
        table.submit(Action(step))
    _, view = read_stream(streams)
    assert view.startswith(f"id: {first + 3}\n".encode())


def test_phones_hear_of_a_step_before_the_box_shows_it(table: Table) -> None:
    """The box subscribes first, but its LEDs and buzzer wait until the streams were woken."""
    heard: list[int] = []
    table.subscribe(lambda published: heard.append(phones._latest.version))
    phones = Streams(table, JOIN_CODE)
    version = table.submit(Action("resume"))
    assert heard == [version]


async def _screen_after_phones(streams: Streams, table: Table, phones: int) -> list[bool]:
    """For each version the screen hears of: whether every phone's stream had written it."""
    written: list[list[bytes]] = [[] for _ in range(phones)]
    heard: list[bool] = []
    everyone = asyncio.Event()
    loop = asyncio.get_running_loop()

    def screen(published: Published) -> None:
        marker = f"id: {published.version}\n".encode()
        heard.append(all(chunks and chunks[-1].startswith(marker) for chunks in written))
        loop.call_soon_threadsafe(everyone.set)

    def reader(chunks: list[bytes]) -> Callable[[Any], Awaitable[None]]:
        async def send(message: Any) -> None:
            if message.get("body"):
                chunks.append(message["body"])
        return send

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    watcher = Viewer(None, None)
    tasks = [asyncio.create_task(streams(watcher, receive, reader(chunks))) for chunks in written]
    while not all(len(chunks) == 2 for chunks in written):  # retry, then the first view
        await asyncio.sleep(0)
    streams.subscribe(screen)
    for step in ("resume", "pause"):
        everyone.clear()
        await loop.run_in_executor(None, table.submit, Action(step))
        await asyncio.wait_for(everyone.wait(), GUARD_S)
    for task in tasks:
        task.cancel()
    return heard


def test_the_screen_hears_of_a_step_after_every_phone_has_it(table: Table) -> None:
    """Phones and screen share one interpreter: the screen draws once the streams wrote."""
    heard = asyncio.run(_screen_after_phones(Streams(table, JOIN_CODE), table, phones=20))
    assert heard == [True, True]


def test_the_screen_hears_of_steps_without_any_stream(table: Table) -> None:
    streams, heard = Streams(table, JOIN_CODE), []
    streams.subscribe(lambda published: heard.append(published.version))
    version = table.submit(Action("resume"))
    assert heard == [version] and streams.published.version == version


def test_server_reports_where_it_listens(server: Server) -> None:
    assert server.port > 0 and server.url == f"http://127.0.0.1:{server.port}/"
    assert server.alive()


def test_lan_address_is_an_ipv4_address_or_none() -> None:
    found = lan_address()
    assert found is None or ipaddress.ip_address(found).version == 4


def test_connections_are_accepted_without_nagle_delays(server: Server) -> None:
    """Named TCP, so asyncio turns Nagle off on each accepted connection: an answer written
    in two pieces (headers, body) would otherwise wait 40 ms for a phone's delayed ACK."""
    assert server.listening.proto == socket.IPPROTO_TCP
