"""Connection floods against a real phone server in a process with few open files: more idle
connections than it has files leave it serving, heads sent too slowly are closed, live streams
go on, and the log says "flood" twice, not once a connection.

Socket timeouts only guard against a hang; nothing asserts how long anything took.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import http.client
import json
import resource
import selectors
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.server.connections import (
    ACCEPT_FAILED,
    HEAD_MAX,
    Doors,
    PhoneConfig,
    PhoneUvicorn,
)
from tests.server.flood_box import HEAD_S, QUIET_S
from tests.server.streams import GUARD_S, Stream

FILES = 512
"""The open-file limit of the flooded server."""
IDLE = 3 * FILES // 2
ROOT = Path(__file__).parents[2]


@dataclass
class Box:
    process: subprocess.Popen[str]
    port: int
    cap: int
    log: Path

    def stop(self) -> list[str]:
        """Stop the server; the lines it logged."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(GUARD_S)
        return self.log.read_text().splitlines()


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Box]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4 * FILES:  # the test's own end of every connection
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8 * FILES), hard))
    log = tmp_path / "log.txt"
    with log.open("w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.server.flood_box", str(tmp_path), str(FILES)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True, cwd=ROOT)
    assert process.stdout is not None
    port, cap = process.stdout.readline().split()
    started = Box(process, int(port), int(cap), log)
    yield started
    if process.poll() is None:
        process.kill()
        process.wait()


def version(port: int) -> int:
    """A phone's request: the table's version, as /api/view tells it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD_S)
    try:
        connection.request("GET", "/api/view", headers={"Host": "localhost"})
        response = connection.getresponse()
        assert response.status == 200
        return int(json.loads(response.read())["version"])
    finally:
        connection.close()


def closed_by_server(sockets: list[socket.socket], dribble: bool = False) -> int:
    """How many of ``sockets`` the server closes (waiting up to the guard); with ``dribble``,
    each sends one more header line every 0.2 s meanwhile."""
    left, closed = set(sockets), 0
    end = time.monotonic() + GUARD_S
    # epoll, not select(): the test's sockets may be numbered past select's 1 024
    with selectors.DefaultSelector() as watch:
        for sock in sockets:
            watch.register(sock, selectors.EVENT_READ, sock)
        while left and time.monotonic() < end:
            for key, _ in watch.select(0.2):
                ready: socket.socket = key.data
                try:
                    data = ready.recv(1024)
                except ConnectionError:
                    data = b""
                if not data:
                    watch.unregister(ready)
                    left.discard(ready)
                    closed += 1
            for sock in left if dribble else ():
                with contextlib.suppress(ConnectionError):
                    sock.sendall(b"X-Slow: 1\r\n")
    return closed


def test_idle_connections_beyond_the_file_limit_leave_the_box_serving(box: Box) -> None:
    early = Stream(box.port)
    assert early.event().name
    idle = [socket.create_connection(("127.0.0.1", box.port), timeout=GUARD_S)
            for _ in range(IDLE)]
    try:
        assert box.cap < FILES < IDLE
        assert version(box.port) > 0  # a phone is served amid the flood
        late = Stream(box.port)
        assert late.event().name
        time.sleep(2 * HEAD_S)
        now = version(box.port)
        while early.event().id < now:
            pass  # the stream opened before the flood goes on past the head's time
        assert closed_by_server(idle) == IDLE  # pushed out, refused or timed out, all
        late.close()
        early.close()
        assert box.process.poll() is None
    finally:
        for sock in idle:
            sock.close()
    guard = time.monotonic() + GUARD_S
    while not over(box.log.read_text()) and time.monotonic() < guard:
        time.sleep(QUIET_S)  # the flood is over QUIET_S after its last connection
    lines = box.stop()
    assert not any("Traceback" in line or "accept" in line for line in lines), lines
    assert over("\n".join(lines)) and len(lines) < 12, lines


def over(log: str) -> bool:
    """Whether the box logged the flood as over, as often as started: once (twice if it came
    in two waves on a busy machine), never once a connection."""
    started = log.count("Connection flood:")
    return 1 <= started <= 2 and log.count("Connection flood over") == started


def test_headers_sent_too_slowly_are_closed(box: Box) -> None:
    slow = [socket.create_connection(("127.0.0.1", box.port), timeout=GUARD_S)
            for _ in range(50)]
    try:
        for sock in slow:
            sock.sendall(b"GET /api/view HTTP/1.1\r\nHost: localhost\r\n")
        assert closed_by_server(slow, dribble=True) == len(slow)
        assert version(box.port) > 0
    finally:
        for sock in slow:
            sock.close()
    assert box.process.poll() is None
    assert not any("Traceback" in line for line in box.stop())


@pytest.mark.parametrize("path", ["/api/action", "/api/join"])
def test_a_body_that_does_not_arrive_is_refused(box: Box, path: str) -> None:
    """A request whose body stops short holds its socket until BODY_S, then hears 408, on
    the loop's action endpoint as on Flask's; the box serves on."""
    with socket.create_connection(("127.0.0.1", box.port), timeout=GUARD_S) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                     '{"type":'.encode())
        answer = sock.makefile("rb").read()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 "), answer
    assert json.loads(body)["error"]
    assert version(box.port) > 0
    assert not any("Traceback" in line for line in box.stop())


@pytest.mark.parametrize(("head", "pieces"), [
    (b"".join(b"X-Pad-%d: %s\r\n" % (n, b"a" * 90) for n in range(400)), 1),  # endless
    (b"X-Long: " + b"a" * 40_000 + b"\r\n", 1),  # one endless header
    (b"Cookie: x=" + b"a" * 20_000 + b"\r\n\r\n", 1),  # whole, in one read
    (b"Cookie: x=" + b"a" * 20_000 + b"\r\n\r\n", 20),  # whole, in 1 KB pieces
], ids=["many", "long", "whole", "pieces"])
def test_a_head_too_large_is_refused_however_it_comes(box: Box, head: bytes,
                                                       pieces: int) -> None:
    """A head beyond HEAD_MAX is answered 431 and closed: a hostile phone cannot fill the
    box's memory with one, and the log says so once, not once a request."""
    request = b"GET /api/view HTTP/1.1\r\nHost: localhost\r\n" + head
    size = -(-len(request) // pieces)
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", box.port), timeout=GUARD_S) as sock:
            for start in range(0, len(request), size):
                with contextlib.suppress(ConnectionError):
                    sock.sendall(request[start:start + size])
            answer = sock.makefile("rb").read()
        assert answer.startswith(b"HTTP/1.1 431 ") and answer.endswith(b"Request head too large.\n")
    assert version(box.port) > 0
    assert box.process.poll() is None
    lines = box.stop()
    assert not any("Traceback" in line for line in lines), lines
    assert sum("Request head too large" in line for line in lines) == 1, lines


def test_a_head_just_under_the_cap_is_served(box: Box) -> None:
    """A phone with many cookies, its head just under HEAD_MAX in one read, is answered."""
    phone = http.client.HTTPConnection("127.0.0.1", box.port, timeout=GUARD_S)
    phone.request("GET", "/api/view", headers={"Cookie": "x=" + "a" * (HEAD_MAX - 200)})
    assert phone.getresponse().status == 200
    phone.close()


def test_bodies_sent_slowly_at_the_cap_make_room_for_a_phone(box: Box) -> None:
    """A request whose body has not arrived is no live stream: at the cap it makes room."""
    head = (b"POST /api/code HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
            b"\r\nContent-Length: 1000\r\n\r\n{")
    slow = [socket.create_connection(("127.0.0.1", box.port), timeout=GUARD_S)
            for _ in range(box.cap + 20)]
    try:
        for sock in slow:
            sock.sendall(head)
        time.sleep(HEAD_S / 2)  # the box reads every head: all are bodies under way
        assert version(box.port) > 0
        assert Stream(box.port).event().name
    finally:
        for sock in slow:
            sock.close()
    assert box.process.poll() is None


def test_no_file_left_to_accept_with_is_the_flood_not_a_traceback_a_try(
        caplog: pytest.LogCaptureFixture) -> None:
    """Should the cap ever be passed, asyncio's traceback for every failed accept (4 086 in 3 s
    once) is counted into the flood instead."""
    server = PhoneUvicorn(PhoneConfig(object(), Doors(cap=8)))

    async def accept_fails() -> None:
        loop = asyncio.get_running_loop()
        for _ in range(100):
            server._loop_error(loop, {"message": ACCEPT_FAILED,
                                      "exception": OSError(errno.EMFILE, "Too many open files")})
        server._loop_error(loop, {"message": "something else"})

    asyncio.run(accept_fails())
    said = [record.getMessage() for record in caplog.records]
    assert sum("Connection flood:" in line for line in said) == 1
    assert sum("something else" in line for line in said) == 1 and len(said) == 2, said
