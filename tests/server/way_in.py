"""Flask's test clients through the phone server's one way in: each request goes to
``serve.PhoneServer`` on an event loop, as uvicorn hands it over, so the guard, the caller and
the action endpoint are the ones a phone meets."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterable
from functools import cache
from http import HTTPStatus
from typing import Any
from urllib.parse import unquote

from flask import Flask

from companion.server import context
from companion.server.request import Message, Scope
from companion.server.serve import PhoneServer
from companion.server.stream import Streams

GUARD_S = 30.0


@cache
def _loop() -> asyncio.AbstractEventLoop:
    """The event loop the test clients' requests run on, like the phone server's own."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="way-in", daemon=True).start()
    return loop


Wsgi = Callable[[dict[str, Any], Any], Iterable[bytes]]


class WayIn:
    """A WSGI app for Flask's test client that hands each request to ``server``; a request
    that came in by a phone server already (a test's real one) goes on to ``flask``."""

    def __init__(self, server: PhoneServer, flask: Wsgi) -> None:
        self.server, self._flask = server, flask

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if "asgi.scope" in environ:
            return self._flask(environ, start_response)
        body = environ["wsgi.input"].read()
        exchange = _exchange(self.server, scope_of(environ), body)
        start, *pieces = asyncio.run_coroutine_threadsafe(exchange, _loop()).result(GUARD_S)
        status = HTTPStatus(start["status"])
        start_response(f"{status.value} {status.phrase}",
                       [(name.decode("latin-1"), value.decode("latin-1"))
                        for name, value in start["headers"]])
        return [b"".join(piece.get("body", b"") for piece in pieces)]


def served(app: Flask) -> Flask:
    """``app``, whose test clients now go in the one way a phone does."""
    streams = Streams(context.table_of(app), context.codes_of(app).join)
    flask = app.wsgi_app
    app.wsgi_app = WayIn(PhoneServer(app, streams), flask)  # type: ignore[method-assign]
    return app


def scope_of(environ: dict[str, Any]) -> Scope:
    """The ASGI scope uvicorn makes of the request a test client built as ``environ``."""
    named = {key[5:].lower().replace("_", "-"): value for key, value in environ.items()
             if key.startswith("HTTP_")}
    named.update({key.lower().replace("_", "-"): value for key, value in environ.items()
                  if key in ("CONTENT_TYPE", "CONTENT_LENGTH") and value})
    return {"type": "http", "http_version": "1.1", "method": environ["REQUEST_METHOD"],
            "scheme": environ["wsgi.url_scheme"],
            "path": unquote(_target(environ["PATH_INFO"]).decode("ascii")),
            "query_string": _target(environ["QUERY_STRING"]), "root_path": "",
            "headers": [(name.encode("latin-1"), _wire(value)) for name, value in named.items()],
            "client": (environ.get("REMOTE_ADDR", ""), int(environ.get("REMOTE_PORT") or 0)),
            "server": (environ["SERVER_NAME"], int(environ["SERVER_PORT"]))}


async def _exchange(server: PhoneServer, scope: Scope, body: bytes) -> list[Message]:
    """What ``server`` sends for one request whose whole ``body`` has arrived."""
    sent: list[Message] = []
    asked = False

    async def receive() -> Message:
        nonlocal asked
        if asked:
            return {"type": "http.disconnect"}
        asked = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    await server(scope, receive, send)
    return sent


def _target(text: str) -> bytes:
    """A path or query as a browser sends it, anything beyond printable ASCII percent-encoded
    (uvicorn refuses a request with raw bytes there)."""
    return b"".join(bytes([byte]) if 0x21 <= byte < 0x7F else b"%%%02X" % byte
                    for byte in text.encode("latin-1"))


def _wire(value: str) -> bytes:
    """A header's bytes on the wire: a text beyond Latin-1 (a test writes "€") as UTF-8, as a
    phone sends it."""
    try:
        return value.encode("latin-1")
    except UnicodeEncodeError:
        return value.encode()
