"""The phone server's connections: never more than the box has files for, and each given a few
seconds to say what it wants.

Requests are read by httptools (the C parser of uvicorn's standard install), whose head has
no limit of its own: a head longer than ``HEAD_MAX`` is refused. A stranger on the Wi-Fi can
open connections faster than any timer closes them. Beyond a cap
kept below the open-file limit, a new connection pushes out the oldest one whose request has
not fully arrived (a phone's arrives within milliseconds, a flood's never does), or is closed
at once when every connection is busy (live streams, requests being answered). A
connection that has not sent a whole request head ``HEAD_S`` after connecting, or after its
last answer, is closed: one that sends nothing and one that dribbles its headers alike. Once
its head has arrived, a live stream runs as long as the phone keeps it. A flood is logged
twice, when it starts and when it is over, never once a connection.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import socket
import sys
import time
from enum import Enum
from typing import Any, cast

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle
from uvicorn.server import ServerState

from companion.server.request import Message, Send

HEAD_S = 10.0
"""How long a connection may take to send a request's head before it is closed."""
HEAD_MAX = 16 * 1024
"""The most bytes a request's head may take: a browser's, cookies and all, is under 2 KB."""
TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; "
             b"charset=utf-8\r\ncontent-length: 24\r\nconnection: close\r\n\r\n"
             b"Request head too large.\n")
ACCEPT_BURST = 64
"""Connections the event loop accepts in one go."""
QUEUE = 2048
"""Connections the kernel holds for the server to accept: a burst of them waits there, not
for a phone's retry a second later."""
RESERVE = 128
"""Files kept for the box itself beyond those open when the server starts: SQLite's database,
WAL and shared memory, the address lookup, the screen's fonts, logs, files Flask sends."""
QUIET_S = 10.0
"""A flood is over once this long has passed without a connection turned away."""
ACCEPT_FAILED = "socket.accept() out of system resource"
"""asyncio's complaint (with a traceback, once per try) when no file is left for a connection."""
COMPLAINT_EVERY_S = 60.0
"""How often uvicorn may say a request was malformed: a stranger sends such requests at will."""

log = logging.getLogger(__name__)
http_log = logging.getLogger(f"{__name__}.http")
"""What uvicorn says about the phone server's connections and requests."""


class Complaints(logging.Filter):
    """uvicorn's warnings about a request (no HTTP, an upgrade it does not speak): one line a
    minute for each, saying how many were left unsaid."""

    def __init__(self) -> None:
        super().__init__()
        self._said: dict[str, tuple[float, int]] = {}  # message: when last said, unsaid since

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING or record.args or not isinstance(record.msg, str):
            return True
        now = time.monotonic()
        said, unsaid = self._said.get(record.msg, (float("-inf"), 0))
        if now - said < COMPLAINT_EVERY_S:
            self._said[record.msg] = said, unsaid + 1
            return False
        self._said[record.msg] = now, 0
        if unsaid:
            record.msg = f"{record.msg} ({unsaid} more since this was last said)"
        return True


http_log.addFilter(Complaints())


def connection_cap() -> int:
    """How many connections the server may hold under this process's open-file limit.

    Beyond the files open now and the reserve, three bursts may be open unseen: two accepted
    before the server hears of them, one closed but not yet let go.
    """
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if limit == resource.RLIM_INFINITY:
        limit = 2**20
    return max(8, limit - _open_files() - RESERVE - 3 * ACCEPT_BURST)


def _open_files() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # no /proc: count generously
        return RESERVE


class Flood:
    """Connections turned away at the cap, logged once when it starts and once when over."""

    def __init__(self, cap: int) -> None:
        self._cap = cap
        self._count = 0
        self._started = self._last = 0.0
        self._check: asyncio.TimerHandle | None = None

    def turned_away(self) -> None:
        """One more connection (or attempt) refused or pushed out."""
        loop = asyncio.get_running_loop()
        if self._count == 0:
            self._started = loop.time()
            log.warning("Connection flood: more than %d connections at once; the oldest whose "
                        "request has not arrived are closed, new ones when all are busy",
                        self._cap)
        self._count += 1
        self._last = loop.time()
        if self._check is None:
            self._check = loop.call_later(QUIET_S, self._over)

    def _over(self) -> None:
        loop = asyncio.get_running_loop()
        quiet = loop.time() - self._last
        if quiet < QUIET_S:
            self._check = loop.call_later(QUIET_S - quiet, self._over)
            return
        log.warning("Connection flood over after %.0f s: %d connections turned away",
                    self._last - self._started, self._count)
        self._count, self._check = 0, None


class Doors:
    """The connections one server holds: at most ``cap``; at the cap, the oldest of those
    whose request has not fully arrived is pushed out."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.flood = Flood(cap)
        self._held: set[PhoneProtocol] = set()
        self._waiting: dict[PhoneProtocol, None] = {}  # oldest first

    def admit(self, connection: PhoneProtocol) -> bool:
        """Take ``connection`` in, making room if a connection waits; False when it cannot."""
        if len(self._held) >= self.cap:
            self.flood.turned_away()
            if not self._waiting:
                return False
            self.let_go(next(iter(self._waiting))).push_out()
        self._held.add(connection)
        return True

    def waits(self, connection: PhoneProtocol) -> None:
        """``connection`` has not sent a whole request yet (since it began to wait)."""
        if connection in self._held and connection not in self._waiting:
            self._waiting[connection] = None

    def serves(self, connection: PhoneProtocol) -> None:
        """``connection`` sent its whole request: it is answered, not to be pushed out."""
        self._waiting.pop(connection, None)

    def let_go(self, connection: PhoneProtocol) -> PhoneProtocol:
        """``connection`` is closed or being closed."""
        self._held.discard(connection)
        self._waiting.pop(connection, None)
        return connection


class PhoneConfig(uvicorn.Config):
    """uvicorn's settings, and the doors every connection of the server goes through."""

    def __init__(self, app: Any, doors: Doors, **settings: Any) -> None:
        super().__init__(app, http=PhoneProtocol, ws="none", backlog=ACCEPT_BURST, **settings)
        self.doors = doors


class Reading(Enum):
    """How far the request a connection sends has come."""

    HEAD = "head"  # its first head, awaited or under way
    BODY = "body"  # its body
    DONE = "done"  # read whole (the next one's head may be under way)


class PhoneProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 connection, admitted at the cap, its head timed and its size capped."""

    def __init__(self, config: PhoneConfig, server_state: ServerState,
                 app_state: dict[str, Any], _loop: asyncio.AbstractEventLoop | None = None
                 ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.logger = http_log
        self._doors = config.doors
        self._head_timer: asyncio.TimerHandle | None = None
        self._reading = Reading.HEAD
        self._head_bytes, self._head_tail = 0, b""
        """The bytes of the head under way so far, and its last three."""
        self._refused = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self._doors.admit(self):
            self._watch_head()
        else:
            transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._doors.let_go(self)
        self._stop_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # the rest of a refused head: read and dropped, as the phone reads why
        if self._reading is not Reading.BODY and self._head_too_large(data):
            self._refused = True
            self.logger.warning("Request head too large.")
            self.transport.write(TOO_LARGE)
            self.transport.write_eof()  # closed by the phone, or when the head's time is up
            return
        super().data_received(data)
        self._watch_head()

    def _head_too_large(self, data: bytes) -> bool:
        """Whether the head under way passes HEAD_MAX with ``data``, before its blank line
        (which may straddle two reads: the last bytes of the read before are looked at too)."""
        seen = self._head_tail + data
        end = seen.find(b"\r\n\r\n")
        if end < 0:
            self._head_bytes += len(data)
            self._head_tail = seen[-3:]
            return self._head_bytes > HEAD_MAX
        head = self._head_bytes + end - len(self._head_tail)
        self._head_bytes, self._head_tail = 0, b""
        return head > HEAD_MAX

    def on_headers_complete(self) -> None:
        self._reading = Reading.BODY
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle.scope is self.scope and self.scope["http_version"] == "1.0":
            cycle.send = UntilClose(cycle)  # type: ignore[method-assign,assignment]

    def on_message_complete(self) -> None:
        self._reading = Reading.DONE
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_head()

    def push_out(self) -> None:
        """Close at once, to make room for a newer connection."""
        self._stop_timer()
        self.transport.abort()

    def _watch_head(self) -> None:
        """Start the head's clock while a request head is awaited, stop it once it is in; a
        connection is among those to push out until its whole request has arrived."""
        answering = self.cycle is not None and not self.cycle.response_complete
        closing = self.transport.is_closing()
        awaited = not (closing or answering or self._reading is Reading.BODY)
        if awaited and self._head_timer is None:
            self._head_timer = self.loop.call_later(HEAD_S, self._head_too_slow)
        elif not awaited:
            self._stop_timer()
        if closing or (answering and self._reading is Reading.DONE):
            self._doors.serves(self)
        else:
            self._doors.waits(self)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        self._doors.let_go(self)
        self.transport.abort()

    def _stop_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None


class UntilClose:
    """uvicorn's send for an HTTP/1.0 request, which knows no chunks: an answer of unknown
    length (a live stream) goes as it is, and ends when the connection closes."""

    def __init__(self, cycle: RequestResponseCycle) -> None:
        self._cycle, self._send, self._unsized = cycle, cast(Send, cycle.send), False

    async def __call__(self, message: Message) -> None:
        cycle = self._cycle
        if message["type"] == "http.response.start":
            self._unsized = cycle.chunked_encoding is None and not any(
                name.lower() == b"content-length" for name, _ in message.get("headers", ()))
            if self._unsized:
                cycle.chunked_encoding, cycle.keep_alive = False, False
        elif self._unsized:  # uvicorn counts the body down to a length: the rest, or this
            more = message.get("more_body", False)
            cycle.expected_content_length = sys.maxsize if more else len(message.get("body", b""))
        await self._send(message)


class Chunks:
    """A started HTTP/1.1 answer's body written straight to its socket as chunks, the framing
    uvicorn gives it, without the ASGI send; refused where that send must go instead: a socket
    above its high-water mark (the send waits for it to drain), closing, or its answer ended."""

    def __init__(self, cycle: RequestResponseCycle) -> None:
        self._cycle = cycle

    @staticmethod
    def of(send: Send) -> Chunks | None:
        """The chunks of the answer ``send`` belongs to; None where it is not chunked."""
        cycle = getattr(send, "__self__", None)
        if (not isinstance(cycle, RequestResponseCycle) or cycle.scope["method"] != "GET"
                or cycle.scope["http_version"] != "1.1"):
            return None
        return Chunks(cycle)

    def writable(self) -> bool:
        """Whether a chunk may be written now, without waiting for the phone to read."""
        cycle = self._cycle
        return (cycle.response_started and bool(cycle.chunked_encoding)
                and not (cycle.disconnected or cycle.flow.write_paused or cycle.response_complete
                         or cycle.transport.is_closing()))

    def write(self, body: bytes) -> None:
        """``body`` as one chunk (only when ``writable``; never empty)."""
        self._cycle.transport.write(b"%x\r\n%b\r\n" % (len(body), body))


class PhoneUvicorn(uvicorn.Server):
    """uvicorn's server, whose loop counts a failed accept into the flood, without a
    traceback, instead of logging one for every try."""

    def __init__(self, config: PhoneConfig) -> None:
        super().__init__(config)
        self._doors = config.doors

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(self._loop_error)
        await super().startup(sockets)
        for listening in sockets or ():  # asyncio listened with its burst
            listening.listen(QUEUE)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") == ACCEPT_FAILED:
            self._doors.flood.turned_away()
        else:
            loop.default_exception_handler(context)
