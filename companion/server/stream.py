"""The live views: Server-Sent Events served on the event loop, so an open stream costs a
coroutine and a socket, never a thread that actions need.

Only the newest view is ever sent (a phone that slept through ten versions gets the present),
each reader's view is rendered once per version however many streams share it, a closed
stream is let go as soon as its socket says so, and one phone (one seat or host cookie) holds
at most ``PER_READER`` streams: a reload ends the oldest.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from werkzeug.http import parse_cookie

from companion.server.app import SECURITY_HEADERS
from companion.server.context import HOST_COOKIE, SEAT_COOKIE, Viewer
from companion.table.owner import Table
from companion.table.published import Published

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

HEARTBEAT_S = 15.0
"""A comment line after this much quiet keeps the connection open through sleepy Wi-Fi."""
RETRY_MS = 3000
PER_READER = 2
HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"),
           (b"cache-control", b"no-cache"), (b"x-accel-buffering", b"no"),
           *((name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items())]


class Streams:
    """Every open stream of the phone server; the Table's ``publish`` wakes them all."""

    def __init__(self, table: Table, join_code: str, heartbeat_s: float = HEARTBEAT_S) -> None:
        self._table, self._join_code, self._heartbeat_s = table, join_code, heartbeat_s
        self._latest = table.published
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Future[None] | None = None
        self._closed = False
        self._held: dict[str, list[asyncio.Future[None]]] = {}
        self._rendered: dict[tuple[int | None, bool], bytes] = {}
        self._rendered_version = -1
        self.open = 0
        table.subscribe(self.publish, first=True)

    def publish(self, published: Published) -> None:
        """Keep ``published`` and wake every stream (a Table subscriber: from its thread)."""
        self._latest = published
        self._call(self._wake)

    def close(self) -> None:
        """End every stream now and every one that starts later (from any thread)."""
        self._closed = True
        self._call(self._wake)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """One reader's stream: ``retry`` first, then a full view per version, until the
        reader goes, a newer stream of the same reader replaces it, or the server stops."""
        self._attach()
        viewer = viewer_of(scope)
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await _chunk(send, f"retry: {RETRY_MS}\n\n".encode())
        gone = asyncio.ensure_future(_disconnect(receive))
        replaced = self._hold(viewer.seat_token or viewer.host_token)
        self.open += 1
        try:
            await self._follow(viewer, send, gone, replaced)
        finally:
            self.open -= 1
            gone.cancel()
            self._let_go(replaced)
        if not gone.done():
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _follow(self, viewer: Viewer, send: Send, gone: asyncio.Future[None],
                      replaced: asyncio.Future[None]) -> None:
        seen = -1
        while not (self._closed or gone.done() or replaced.done()):
            if self._latest.version > seen:
                seen = self._latest.version
                await _chunk(send, self._event(viewer))
                continue
            assert self._changed is not None
            done, _ = await asyncio.wait((self._changed, gone, replaced),
                                         timeout=self._heartbeat_s,
                                         return_when=asyncio.FIRST_COMPLETED)
            if not done:
                await _chunk(send, b": keepalive\n\n")

    def _event(self, viewer: Viewer) -> bytes:
        """The reader's view of the newest version as an event, rendered once per reader kind."""
        published = self._latest
        if published.version != self._rendered_version:
            self._rendered, self._rendered_version = {}, published.version
        reader = viewer.reader(self._table)
        event = self._rendered.get(reader)
        if event is None:
            view = viewer.render(self._table, published, reader, self._join_code)
            data = json.dumps(view, separators=(",", ":"))
            event = f"id: {published.version}\nevent: view\ndata: {data}\n\n".encode()
            self._rendered[reader] = event
        return event

    def _attach(self) -> None:
        """Wake streams on the loop that serves them (one for the box's whole run)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self._changed = loop, loop.create_future()

    def _call(self, callback: Callable[[], None]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(callback)

    def _wake(self) -> None:
        assert self._loop is not None and self._changed is not None
        changed, self._changed = self._changed, self._loop.create_future()
        changed.set_result(None)

    def _hold(self, key: str | None) -> asyncio.Future[None]:
        """A future that ends the stream when the same reader opens one too many."""
        assert self._loop is not None
        replaced: asyncio.Future[None] = self._loop.create_future()
        if key is not None:
            held = self._held.setdefault(key, [])
            held.append(replaced)
            for oldest in held[:-PER_READER]:
                if not oldest.done():
                    oldest.set_result(None)
        return replaced

    def _let_go(self, replaced: asyncio.Future[None]) -> None:
        for key, held in list(self._held.items()):
            if replaced in held:
                held.remove(replaced)
                if not held:
                    del self._held[key]


def viewer_of(scope: Scope) -> Viewer:
    """The reader of a request from its cookies and query (as ``context.viewer()`` does)."""
    cookie = b"; ".join(value for name, value in scope["headers"] if name == b"cookie")
    cookies = parse_cookie(cookie.decode("latin-1"))
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return Viewer(cookies.get(SEAT_COOKIE) or None, cookies.get(HOST_COOKIE) or None,
                  query.get("page") == ["table"])


async def _chunk(send: Send, body: bytes) -> None:
    await send({"type": "http.response.body", "body": body, "more_body": True})


async def _disconnect(receive: Receive) -> None:
    """Returns when the reader has gone (its socket closed)."""
    while (await receive())["type"] != "http.disconnect":
        pass
