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

import pytest
from uvicorn.protocols.http.httptools_impl import RequestResponseCycle

from companion.games.base import Action
from companion.server.address import lan_address
from companion.server.connections import PhoneProtocol
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
    assert first.block() == ["event: replaced", "data: {}"]  # its page rests, not retrying
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


def test_an_action_reaches_the_streams_without_an_asgi_send_each(
        server: Server, streams: list[Stream], table: Table,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each open stream's event is one chunk written straight to its socket, not a trip
    through uvicorn's ASGI send for every phone."""
    sends: list[str] = []
    asgi_send = RequestResponseCycle.send

    async def counted(cycle: RequestResponseCycle, message: Any) -> None:
        sends.append(cycle.scope["path"])
        await asgi_send(cycle, message)
    monkeypatch.setattr(RequestResponseCycle, "send", counted)
    cookie = host_cookie(server, table)
    opened = [open_stream(server, streams) for _ in range(5)]
    for stream in opened:
        stream.event()
    sends.clear()
    for step in ("resume", "pause"):
        assert post(server, "/api/action", {"type": step, "host": True}, cookie).status == 200
        assert {stream.event().id for stream in opened} == {table.published.version}
    assert "/api/events" not in sends and "/api/action" in sends


def test_a_view_that_fails_ends_its_streams_and_the_screen_still_hears(
        server: Server, streams: list[Stream], table: Table,
        monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[int] = []
    server.streams.subscribe(lambda published: heard.append(published.version))
    opened = [open_stream(server, streams) for _ in range(3)]
    for stream in opened:
        stream.event()

    def broken(*_: Any) -> None:
        raise RuntimeError("a view that cannot be made")
    monkeypatch.setattr(Viewer, "render", broken)
    version = table.submit(Action("resume"))
    assert wait_until(lambda: version in heard)
    for stream in opened:
        stream.drain()
        assert stream.response.isclosed()


def test_an_http_1_0_phone_gets_each_view_unchunked(server: Server, table: Table) -> None:
    """Its answer has no chunks (HTTP/1.0 has none): events go as they are, and the answer
    ends when the box closes the connection."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=GUARD_S) as phone:
        phone.sendall(f"GET /api/events HTTP/1.0\r\nHost: 127.0.0.1:{server.port}\r\n\r\n"
                      .encode())
        reader = phone.makefile("rb")
        while reader.readline() != b"retry: 3000\n":
            pass
        assert reader.readline() == b"\n" and reader.readline().startswith(b"id: ")
        assert reader.readline() == b"event: view\n" and reader.readline().startswith(b"data: ")
        version = table.submit(Action("resume"))
        assert [reader.readline() for _ in range(2)] == [b"\n", f"id: {version}\n".encode()]
        assert reader.readline().startswith(b"event: ") and reader.readline().startswith(b"data: ")
        server.streams.close()
        assert reader.read() == b"\n"  # the answer ends as the connection closes: no last chunk


def _stream_protocol(server: Server) -> PhoneProtocol:
    """The server's side of its only open stream."""
    protocols = [held for held in server.doors._held
                 if held.cycle is not None and held.cycle.scope["path"] == "/api/events"]
    assert len(protocols) == 1
    return protocols[0]


def test_a_phone_that_stops_reading_fills_no_more_than_the_high_water_mark(
        server: Server, streams: list[Stream], table: Table) -> None:
    """A stream whose phone reads nothing holds at most its socket's high-water mark and one
    event on the box; once it reads again it catches up with the newest view."""
    slow = open_stream(server, streams)
    slow.event()
    slow.connection.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    protocol = _stream_protocol(server)
    transport = protocol.transport
    transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 2048)
    protocol.loop.call_soon_threadsafe(transport.set_write_buffer_limits, 1024)
    assert wait_until(lambda: transport.get_write_buffer_limits()[1] == 1024)
    held, paused = [], False
    for step in ("resume", "pause") * 150:
        table.submit(Action(step))
        held.append(transport.get_write_buffer_size())
        paused = paused or protocol.flow.write_paused
    fresh = open_stream(server, streams)
    assert fresh.block() == ["retry: 3000"]
    full_view = len("\n".join(fresh.block())) + 64  # its blank line and chunk framing
    assert paused and max(held) <= 1024 + full_view
    while slow.event().id != table.published.version:
        pass


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
