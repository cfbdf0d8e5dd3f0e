"""Reading the live stream endpoint in-process: the ASGI call a server makes, without a socket,
for the reader the one way in reads from the request."""

from __future__ import annotations

import asyncio
from typing import Any

from companion.server.request import caller_of
from companion.server.stream import Streams


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
