"""How fast does every phone see a change, and can a crowd lock the phones out? The real
`getaway run --sim --headless` process; 30, 100, 300 and 1000 phones hold live streams (six
of them seated) while the table page POSTs actions over HTTP; for each action, the time from
sending it to the moment the last phone has read the new view. Beside it, the peer
(`benchmarks.peer`: a plain asyncio websockets fan-out that saves each action with fsync and
sends every client its JSON) has as many clients connected at the same time, and the two take
turns of ``--batch`` actions, so the machine's load falls on both alike; ``--rounds`` repeats
that, and the CPU an action is each side's median round (the load average beside each round).
Then 500 idle or half-sent connections are opened beside 30 phones, and 200 streams are closed
to see how soon the box lets go of them.

    python -m benchmarks.sse_fanout [--phones 30 100 300 1000] [--actions 200] [--batch 10]
                                    [--rounds 1] [--port 0]  (the peer: the port after it)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from benchmarks.figures import nth_port, percentiles, port_option, report
from benchmarks.phones import (
    Arrivals,
    Client,
    Stream,
    cpu_seconds,
    crowd,
    more_open_files,
    open_files,
)
from tests.program import Program

SEATS = 6
CROWD = (250, 250)
"""Idle connections and half-sent requests beside the phones."""
RELEASED = 200
GUARD_S = 30.0


async def table_page(box: Program) -> Client:
    """The table page: the cookie of the browser that opened the box's host link."""
    cookie = "; ".join(f"{c.name}={c.value}" for c in box.cookies if c.name == "getaway_host")
    return Client(box.port, cookie)


async def seats(box: Program, count: int = SEATS) -> list[str]:
    """The cookies of phones that typed the join code and sat down, one a seat."""
    code = box.join_path.rpartition("/j/")[2]
    cookies = []
    for seat in range(count):
        phone = Client(box.port)
        await phone.post("/api/code", {"code": code})
        status, _ = await phone.post("/api/join", {"seat": seat})
        assert status == 200, f"seat {seat}: {status}"
        cookies.append(phone.cookie)
        phone.close()
    return cookies


async def streams(box: Program, count: int, cookies: list[str],
                  arrivals: Arrivals) -> list[Stream]:
    opened = [Stream(box.port, arrivals, cookies[n] if n < len(cookies) else None)
              for n in range(count)]
    for stream in opened:
        stream.open()
    await asyncio.wait_for(asyncio.gather(*(s.first.wait() for s in opened)), GUARD_S)
    return opened


async def act_as_host(host: Client, kind: str, args: dict[str, Any] | None = None) -> int:
    """An action from the table page; the new version."""
    status, answer = await host.post("/api/action", {"type": kind, "args": args or {},
                                                     "host": True})
    assert status == 200, answer
    return int(answer["version"])


async def act(host: Client, n: int) -> tuple[int, float]:
    """Pause or resume the turn from the table page: the new version and when it was sent."""
    sent = time.monotonic()
    return await act_as_host(host, "pause" if n % 2 else "resume"), sent


class Rounds:
    """The CPU a process used for its actions, round by round: the figure is the median."""

    def __init__(self) -> None:
        self.cpu_s = 0.0
        self.acted = 0
        self.cpu_ms: list[float] = []
        """Each round's CPU milliseconds an action."""

    def counted(self, cpu_s: float) -> None:
        """One action's CPU seconds."""
        self.cpu_s, self.acted = self.cpu_s + cpu_s, self.acted + 1

    def end(self) -> None:
        """End the round under way (if it had actions)."""
        if self.acted:
            self.cpu_ms.append(self.cpu_s * 1000 / self.acted)
        self.cpu_s, self.acted = 0.0, 0

    def figures(self) -> dict[str, Any]:
        self.end()
        return {"cpu_ms_per_action": round(statistics.median(self.cpu_ms), 2),
                "cpu_ms_per_action_by_round": [round(ms, 2) for ms in self.cpu_ms]}


class GetawayPhones:
    """``count`` phones' streams on the box, and the table page's actions timed to them."""

    def __init__(self, box: Program, host: Client, count: int) -> None:
        self.box, self.host, self.count = box, host, count
        self.arrivals = Arrivals()
        self.opened: list[Stream] = []
        self.every: list[float] = []
        self.answered: list[float] = []
        self.rounds = Rounds()

    async def open(self, cookies: list[str]) -> None:
        self.opened = await streams(self.box, self.count, cookies, self.arrivals)

    async def act(self, n: int) -> None:
        cpu = cpu_seconds(self.box.pid())
        version, sent = await act(self.host, n)
        self.answered.append((time.monotonic() - sent) * 1000)
        last = await asyncio.wait_for(self.arrivals.every(version, self.count), GUARD_S)
        self.every.append((last - sent) * 1000)
        self.rounds.counted(cpu_seconds(self.box.pid()) - cpu)

    def close(self) -> dict[str, Any]:
        for stream in self.opened:
            stream.close()
        return {"action_to_every_phone": percentiles(self.every),
                "action_answered": percentiles(self.answered), **self.rounds.figures()}


class PeerPhones:
    """``count`` clients of the peer, one of them sending the actions."""

    def __init__(self, peer: int, port: int, view: dict[str, Any], count: int) -> None:
        self.peer, self.port, self.view, self.count = peer, port, view, count
        self.rounds = Rounds()
        self.arrivals = Arrivals()
        self.clients: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []
        self.version: int | None = None
        self.every: list[float] = []

    async def open(self) -> None:
        self.clients = [await connect(f"ws://127.0.0.1:{self.port}", compression=None,
                                      max_size=None) for _ in range(self.count)]
        self.readers = [asyncio.create_task(_listen(client, self.arrivals))
                        for client in self.clients]

    async def act(self, n: int) -> None:
        cpu = cpu_seconds(self.peer)
        sent = time.monotonic()
        await self.clients[0].send(json.dumps({"type": "pause" if n % 2 else "resume",
                                               "view": self.view}))
        while self.version is None or not self.arrivals.times.get(self.version + 1):
            await asyncio.sleep(0)  # the first answer names the version
            if self.version is None and self.arrivals.times:
                self.version = min(self.arrivals.times) - 1
        self.version += 1
        last = await asyncio.wait_for(self.arrivals.every(self.version, self.count), GUARD_S)
        self.every.append((last - sent) * 1000)
        self.rounds.counted(cpu_seconds(self.peer) - cpu)

    async def close(self) -> dict[str, Any]:
        for reader, client in zip(self.readers, self.clients, strict=True):
            reader.cancel()
            await client.close()
        return {"action_to_every_phone": percentiles(self.every), **self.rounds.figures()}


async def side_by_side(box: Program, host: Client, cookies: list[str],
                       peer: tuple[int, int], view: dict[str, Any], count: int, actions: int,
                       batch: int, rounds: int = 1) -> dict[str, Any]:
    """Getaway and the peer (its process and port) with ``count`` phones each, all connected
    at once, taking turns of ``batch`` actions: the machine's load falls on both alike; each
    of ``rounds`` is ``actions`` actions a side."""
    getaway, side = GetawayPhones(box, host, count), PeerPhones(*peer, view, count)
    await getaway.open(cookies)
    await side.open()
    load = []
    for _ in range(rounds):
        for first in range(0, actions, batch):
            for phones in (getaway, side):
                for n in range(first, min(actions, first + batch)):
                    await phones.act(n)
        getaway.rounds.end()
        side.rounds.end()
        load.append(round(os.getloadavg()[0], 2))
    ratios = [ours / theirs for ours, theirs in zip(getaway.rounds.cpu_ms, side.rounds.cpu_ms,
                                                    strict=True) if theirs]
    return {"getaway": getaway.close(), "peer": await side.close(),
            "cpu_getaway_to_peer": round(statistics.median(ratios), 2) if ratios else None,
            "load_average_by_round": load}


async def _listen(client: ClientConnection, arrivals: Arrivals) -> None:
    async for message in client:
        arrivals.arrived(int(json.loads(message)["version"]))


async def crowded(box: Program, host: Client, cookies: list[str],
                  actions: int) -> dict[str, Any]:
    """Action answers with 30 phones, then with 500 idle or half-sent connections beside."""
    arrivals = Arrivals()
    opened = await streams(box, 30, cookies, arrivals)
    figures: dict[str, Any] = {}
    for label in ("without_crowd", "with_crowd"):
        held = await crowd(box.port, *CROWD) if label == "with_crowd" else []
        answered = []
        for n in range(actions):
            _, sent = await act(host, n)
            answered.append((time.monotonic() - sent) * 1000)
        figures[label] = percentiles(answered)
        for writer in held:
            writer.close()
    for stream in opened:
        stream.close()
    figures["delay_p99_ms"] = round(figures["with_crowd"]["p99_ms"]
                                    - figures["without_crowd"]["p99_ms"], 3)
    return figures


async def released(box: Program) -> dict[str, Any]:
    """Seconds from closing 200 streams until the box holds no more sockets than before."""
    before = await settled_files(box.pid())
    opened = await streams(box, RELEASED, [], Arrivals())
    held = open_files(box.pid())
    for stream in opened:
        stream.close()
    closed = time.monotonic()
    while open_files(box.pid()) > before and time.monotonic() - closed < GUARD_S:
        await asyncio.sleep(0.005)
    return {"streams": RELEASED, "box_files_before": before, "box_files_while_open": held,
            "seconds_to_let_go": round(time.monotonic() - closed, 3)}


async def settled_files(pid: int) -> int:
    """The files the box holds once the streams closed just before are let go."""
    held = open_files(pid)
    while True:
        await asyncio.sleep(0.2)
        if (now := open_files(pid)) >= held:
            return now
        held = now


async def start_peer(port: int = 0) -> tuple[asyncio.subprocess.Process, int]:
    peer = await asyncio.create_subprocess_exec(sys.executable, "-m", "benchmarks.peer",
                                                "--port", str(port),
                                                stdout=asyncio.subprocess.PIPE)
    assert peer.stdout is not None
    line = (await peer.stdout.readline()).decode()
    return peer, int(line.split()[1])


async def measure(box: Program, counts: list[int], actions: int, batch: int,
                  peer_port: int, rounds: int) -> dict[str, Any]:
    host = await table_page(box)
    await act_as_host(host, "table.new_game", {"game": "romme", "seats": SEATS})
    cookies = await seats(box)
    probe = Stream(box.port, Arrivals(), query="?page=table")
    probe.open()
    await probe.first.wait()
    probe.close()
    peer, port = await start_peer(peer_port)
    try:
        phones = {str(count): await side_by_side(box, host, cookies, (peer.pid, port),
                                                 probe.views[0], count, actions, batch,
                                                 rounds)
                  for count in counts}
    finally:
        peer.kill()
        await peer.wait()
    let_go = await released(box)
    return {"phones": phones, "closed_streams": let_go,
            "crowd_500": await crowded(box, host, cookies, actions)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, nargs="+", default=[30, 100, 300, 1000])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--batch", type=int, default=10,
                        help="actions one side takes before the other's turn")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds of --actions a side; CPU figures are the median round")
    port_option(parser)
    args = parser.parse_args()
    more_open_files()
    with tempfile.TemporaryDirectory() as data:
        box = Program(Path(data), port=args.port)
        box.start()
        try:
            figures = asyncio.run(measure(box, args.phones, args.actions, args.batch,
                                          nth_port(args.port, 1), args.rounds))
        finally:
            box.kill()
    report("sse_fanout", {
        "actions": args.actions, **figures,
        "goals": {"every_action_answered": "at 300 phones",
                  "action_to_every_phone": "p99 <= 50 ms at 100 phones; at 30 no slower than "
                                           "the peer",
                  "crowd_500": "delay_p99_ms <= 100",
                  "closed_streams": "seconds_to_let_go <= 1"}})


if __name__ == "__main__":
    main()
