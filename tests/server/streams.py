"""Reading the live stream endpoint: in-process, the ASGI call a server makes without a
socket, for the reader the one way in reads from the request; over a real phone server, one
phone's stream read event by event (``Stream``)."""

from __future__ import annotations

import asyncio
import http.client
import json
from dataclasses import dataclass
from typing import Any

from companion.server.request import caller_of
from companion.server.stream import Streams
from companion.server.view_patch import apply


async def _read(streams: Streams, headers: list[tuple[bytes, bytes]], query: bytes,
                count: int) -> list[bytes]:
    chunks: list[bytes] = []
    enough = asyncio.Event()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()  # the reader never goes: the test stops reading
        return {"type": "http.disconnect"}

    async def send(message: Any) -> None:
        if message["type"] == "http.response.body" and message.get("body"):
            chunks.append(message["body"])
            if len(chunks) >= count:
                enough.set()

    caller = caller_of({"type": "http", "method": "GET", "path": "/api/events",
                        "headers": headers, "query_string": query})
    task = asyncio.create_task(streams(caller.viewer, receive, send))
    await asyncio.wait_for(enough.wait(), 10)
    task.cancel()
    return chunks[:count]


def read_stream(streams: Streams, cookies: dict[str, str] | None = None, query: bytes = b"",
                count: int = 2) -> list[bytes]:
    """The first ``count`` pieces a reader with ``cookies`` gets (``retry`` first)."""
    header = "; ".join(f"{name}={value}" for name, value in (cookies or {}).items())
    headers = [(b"cookie", header.encode())] if header else []
    return asyncio.run(_read(streams, headers, query, count))


GUARD_S = 10.0


@dataclass
class Event:
    id: int
    name: str
    data: dict[str, Any]


class Stream:
    """One phone's /api/events, read line by line."""

    def __init__(self, port: int, cookie: str | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD_S)
        self.connection.request("GET", "/api/events", headers={"Cookie": cookie} if cookie else {})
        self.response = self.connection.getresponse()
        self.view: dict[str, Any] = {}

    def block(self) -> list[str]:
        """The lines up to the next blank line; what is left at the end of the stream."""
        lines: list[str] = []
        while raw := self.response.readline():
            line = raw.decode().rstrip("\n")
            if line:
                lines.append(line)
            elif lines:
                break
        return lines

    def event(self) -> Event:
        """The next event, skipping keepalive comments; a patch comes applied to the view
        before, as the page applies it."""
        while True:
            fields = dict(line.split(": ", 1) for line in self.block() if not line.startswith(":"))
            if "event" in fields:
                data = json.loads(fields["data"])
                if fields["event"] == "patch":
                    assert data["base"] == self.view["version"]
                    data = apply(self.view, data["steps"])
                self.view = data
                return Event(int(fields["id"]), fields["event"], data)

    def drain(self) -> None:
        """Read until the server ends the stream (the socket timeout guards against a hang)."""
        try:
            while self.response.readline():
                pass
        except http.client.IncompleteRead:
            self.response.close()

    def close(self) -> None:
        self.connection.close()
