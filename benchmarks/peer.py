"""The peer the phone server is measured against: a plain asyncio websockets fan-out that does
what Getaway does for each action (append it to SQLite with synchronous=FULL, then one JSON
view per connected client) and nothing else: no rules, no seats, no HTTP.

    python -m benchmarks.peer [--port 0]      prints "listening <port>", serves until killed

A client sends ``{"type": ..., "view": {...}}``; every client, the sender included, gets
``{"version": n, "view": {...}}`` once the action is durable.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve


class FanOut:
    """Every connected client, and the log each action is saved to first."""

    def __init__(self, path: Path) -> None:
        self.clients: set[ServerConnection] = set()
        self.version = 0
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, event TEXT NOT NULL)")

    def save(self, event: str) -> int:
        with self.db:
            cursor = self.db.execute("INSERT INTO events (event) VALUES (?)", (event,))
        return int(cursor.lastrowid or 0)

    async def client(self, connection: ServerConnection) -> None:
        self.clients.add(connection)
        try:
            async for message in connection:
                await self.act(json.loads(message))
        finally:
            self.clients.discard(connection)

    async def act(self, action: dict[str, Any]) -> None:
        """Durable first (on a thread, as Getaway's Table does), then each client's JSON."""
        self.version = await asyncio.to_thread(self.save, json.dumps(action))
        for connection in list(self.clients):
            data = json.dumps({"version": self.version, "view": action["view"]},
                              separators=(",", ":"))
            try:
                await connection.send(data)
            except Exception:  # a client that went: the others still get theirs
                self.clients.discard(connection)


async def run(port: int) -> None:
    with tempfile.TemporaryDirectory() as data:
        fan_out = FanOut(Path(data) / "peer.sqlite")
        async with serve(fan_out.client, "127.0.0.1", port, compression=None) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            print(f"listening {bound}", flush=True)
            await asyncio.Future()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    asyncio.run(run(parser.parse_args().port))


if __name__ == "__main__":
    main()
