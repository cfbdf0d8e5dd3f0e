"""Phones for the benchmarks, on one asyncio loop: live streams read line by line, JSON POSTs
over kept-alive connections, and the sockets a crowd of idle or half-sent requests holds."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from companion.server.view_patch import apply

TICKS = os.sysconf("SC_CLK_TCK")


def more_open_files() -> None:
    """Hundreds of phones are hundreds of sockets: lift the soft limit to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def cpu_seconds(pid: int) -> float:
    """CPU seconds the process ``pid`` has used so far (all its threads)."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / TICKS


def open_files(pid: int) -> int:
    """How many files (sockets included) the process ``pid`` holds."""
    return len(os.listdir(f"/proc/{pid}/fd"))


class Arrivals:
    """When each version reached each phone; ``every(version, n)`` waits for all ``n``."""

    def __init__(self) -> None:
        self.times: defaultdict[int, list[float]] = defaultdict(list)
        self._changed = asyncio.Event()

    def arrived(self, version: int) -> None:
        self.times[version].append(time.monotonic())
        self._changed.set()

    async def every(self, version: int, phones: int) -> float:
        """The moment the last of ``phones`` had ``version``."""
        while len(self.times[version]) < phones:
            self._changed.clear()
            await self._changed.wait()
        return max(self.times[version])


class Stream:
    """One phone's ``/api/events``: every view's version goes to ``arrivals``; a patch is
    applied to the view before where views are kept."""

    def __init__(self, port: int, arrivals: Arrivals, cookie: str | None = None,
                 query: str = "", keep: bool = False) -> None:
        self.port, self.cookie, self.query, self.arrivals = port, cookie, query, arrivals
        self.keep = keep
        self.views: list[dict[str, Any]] = []
        """The first view, or every view if ``keep``."""
        self.arrived_at: list[float] = []
        """When each of ``views`` arrived."""
        self.sizes: list[int] = []
        """The bytes of every view's or patch's JSON, in order."""
        self.changed = asyncio.Event()
        self.first = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._writer: asyncio.StreamWriter | None = None

    def open(self) -> None:
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        cookie = f"Cookie: {self.cookie}\r\n" if self.cookie else ""
        self._writer.write(f"GET /api/events{self.query} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           f"{cookie}Accept: text/event-stream\r\n\r\n".encode())
        version, patch = -1, False
        async for line in reader:
            if line.startswith(b"id: "):
                version = int(line[4:])
            elif line.startswith(b"event: "):
                patch = line == b"event: patch\n"
            elif line.startswith(b"data: "):
                self.arrivals.arrived(version)
                self.sizes.append(len(line) - len(b"data: \n"))
                if self.keep or not self.first.is_set():
                    self.arrived_at.append(time.monotonic())
                    data = json.loads(line[6:])
                    self.views.append(apply(self.views[-1], data["steps"]) if patch else data)
                    self.first.set()
                    self.changed.set()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._task is not None:
            self._task.cancel()


class Client:
    """A browser's kept-alive connection for JSON POSTs, with its cookies."""

    def __init__(self, port: int, cookie: str = "") -> None:
        self.port, self.cookie = port, cookie
        self._connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def connect(self) -> None:
        """A fresh connection now, so the next POST's time holds no connecting."""
        self.close()
        self._connection = await asyncio.open_connection("127.0.0.1", self.port)

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer; Set-Cookie headers join this client's cookies. A
        connection the server closed while idle is opened again, as a browser does."""
        data = json.dumps(body).encode()
        for _ in range(2):
            if self._connection is None:
                self._connection = await asyncio.open_connection("127.0.0.1", self.port)
            reader, writer = self._connection
            cookie = f"Cookie: {self.cookie}\r\n" if self.cookie else ""
            writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{cookie}Content-Type: "
                         f"application/json\r\nContent-Length: {len(data)}\r\n\r\n"
                         .encode() + data)
            status_line = await reader.readline()
            if status_line:
                return await self._answer(int(status_line.split()[1]), reader)
            self.close()
        raise ConnectionError("the box closed the connection twice")

    async def _answer(self, status: int, reader: asyncio.StreamReader
                      ) -> tuple[int, dict[str, Any]]:
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                pair = value.strip().split(";", 1)[0]
                self.cookie = f"{self.cookie}; {pair}" if self.cookie else pair
        return status, json.loads(await reader.readexactly(length)) if length else {}

    def close(self) -> None:
        if self._connection is not None:
            self._connection[1].close()
            self._connection = None


async def crowd(port: int, idle: int, half_sent: int) -> list[asyncio.StreamWriter]:
    """Connections that send nothing, and requests whose headers never end (slowloris)."""
    writers = []
    for n in range(idle + half_sent):
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        if n >= idle:
            writer.write(b"POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty")
        writers.append(writer)
    return writers
