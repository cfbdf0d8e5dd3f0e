"""Running the phone server: uvicorn on one event loop in a daemon thread.

Every request comes in one way (``PhoneServer``): its caller is read once and the guard
checks its Host and Origin, whatever it asks for. The live streams (``/api/events``) are then
coroutines on the loop, so hundreds of phones cost no thread; so are actions
(``/api/action``), which only wait for the Table. Everything else is Flask, run by a few
worker threads once the request has fully arrived: a phone that sends its request slowly, or
a connection left half open, holds only a socket, never a worker.
"""

from __future__ import annotations

import asyncio
import resource
import socket
import threading

from a2wsgi import WSGIMiddleware
from flask import Flask

from companion.server import actions, context, guard
from companion.server.app import MAX_BODY
from companion.server.connections import QUEUE, Doors, PhoneConfig, PhoneUvicorn, connection_cap
from companion.server.request import Message, Receive, Scope, Send, caller_of
from companion.server.stream import PATH as STREAM_PATH
from companion.server.stream import Streams

WORKERS = 8
"""Threads for Flask: an action holds one only while the Table saves it (milliseconds)."""
BODY_S = 10.0
"""How long a request's body may take to arrive before it is refused (408)."""
SHUTDOWN_S = 5.0
OPEN_FILES = 8192
"""Files the process asks for: every phone's stream and idle connection is one (the server
holds fewer connections than the limit it gets, see ``connections``)."""


class PhoneServer:
    """The whole phone server as one ASGI app and the one way in: the caller is read and the
    guard asked once, then the streams and actions run on the loop, the rest in Flask."""

    def __init__(self, app: Flask, streams: Streams) -> None:
        self._flask = WSGIMiddleware(app.wsgi_app, workers=WORKERS)  # type: ignore[arg-type]
        self._streams = streams
        app.extensions[context.PUBLISHED_EXTENSION] = lambda: streams.published
        self._names = guard.box_names()
        self._actions = actions.Actions(context.table_of(app), streams, context.limiter_of(app))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        caller = caller_of(scope)
        refused = guard.refusal(scope, self._names)
        if refused is not None:
            await guard.refuse(scope, send, caller, *refused)
        elif scope["path"] == STREAM_PATH and scope["method"] == "GET":
            await self._streams(caller.viewer, receive, send)
        else:
            await self._read(scope, caller, receive, send)

    async def _read(self, scope: Scope, caller: context.Caller, receive: Receive,
                    send: Send) -> None:
        """The request's whole body first, then the action endpoint or Flask."""
        try:
            async with asyncio.timeout(BODY_S):  # no task of its own, as wait_for would make
                body = await _whole_body(receive)
        except TimeoutError:
            await guard.refuse(scope, send, caller, 408, "error.too_slow")
            return
        if body is None:
            await guard.refuse(scope, send, caller, 413, "error.too_large")
        elif scope["path"] == actions.PATH:
            await self._actions(scope, caller, body, send)
        else:
            scope[context.CALLER] = caller
            await self._flask(scope, _replay(body, receive), send)  # type: ignore[arg-type]


class Server:
    """A running phone server; ``close()`` ends every live stream and stops serving."""

    def __init__(self, app: Flask, host: str, port: int) -> None:
        table = context.table_of(app)
        self.streams = Streams(table, context.codes_of(app).join)
        self.listening = _listen(host, port)
        self.port = int(self.listening.getsockname()[1])
        local = "127.0.0.1" if host in ("0.0.0.0", "") else host
        self.url = f"http://{local}:{self.port}/"  # for this machine; phones get Address
        _more_open_files()
        self.doors = Doors(connection_cap())
        # No proxy stands before the box: X-Forwarded-For is a phone's word, not its address.
        config = PhoneConfig(PhoneServer(app, self.streams), self.doors, loop="asyncio",
                             lifespan="off", log_config=None, access_log=False,
                             server_header=False, proxy_headers=False,
                             timeout_graceful_shutdown=int(SHUTDOWN_S))
        self._uvicorn = PhoneUvicorn(config)
        self._thread = threading.Thread(target=self._uvicorn.run, kwargs={
            "sockets": [self.listening]}, name="phone-server", daemon=True)
        self._thread.start()

    def alive(self) -> bool:
        """Whether the server is still serving (for the watchdog)."""
        return self._thread.is_alive()

    def close(self) -> None:
        """End the streams, let the requests under way finish, then stop (once)."""
        if not self.alive():
            return
        self.streams.close()
        self._uvicorn.should_exit = True
        self._thread.join(SHUTDOWN_S * 2)
        self.listening.close()


def serve(app: Flask, host: str = "0.0.0.0", port: int = 8000) -> Server:
    """Serve ``app`` and its live streams; ``port=0`` picks a free port. Raises OSError when
    the port is taken."""
    return Server(app, host, port)


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound now, so a taken port is an error here and not later."""
    # IPPROTO_TCP named, so asyncio sets TCP_NODELAY on every accepted connection: an answer
    # written in two pieces then does not wait 40 ms for the phone's delayed ACK.
    # An IPv6 address listens on IPv4 too where it can (:: takes every address of both).
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(QUEUE)
    sock.set_inheritable(True)
    return sock


def _more_open_files() -> None:
    """Raise the soft limit on open files towards the hard one (1024 is systemd's default)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES if hard == resource.RLIM_INFINITY else min(OPEN_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


async def _whole_body(receive: Receive) -> bytes | None:
    """The request's body, read before any thread is given to it; None beyond MAX_BODY."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return bytes(body)
        body += message.get("body", b"")
        if len(body) > MAX_BODY:
            return None
        if not message.get("more_body", False):
            return bytes(body)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body read already, then waits for the phone to go."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}
    return replay
