"""What four digital sheets cost a phone's wait: a real `getaway run --sim --headless` per mode
(sheet and light), four seated phones reading their live streams, the first phone entering
into its sheet (a number written and erased again in sheet mode, an order opened and emptied
on paper) during a roll of all ten dice. Per action: from the phone's POST to the moment the
last of the four phones has read the new version; the bytes a phone gets (the first full view,
then what each step sends to the phone that entered and to the others); the box's CPU time
(its whole process: event loop, Table thread, the headless screen). Beside them the peer
(``benchmarks.peer``) with four clients, each sent the sheet-mode view in full on every
action, and with ``--before CHECKOUT`` a sheet-mode box running that checkout's code. All take
turns, ``--batch`` actions each, so the machine's load falls on each alike.

    python -m benchmarks.safehouse_sheets [--actions 200] [--batch 10] [--port 0]
                                          [--before CHECKOUT]

Budget (issue 25): sheet mode within the peer's 4.4 ms (action to the last of four phones).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.figures import nth_port, percentiles, port_option, report
from benchmarks.phones import Arrivals, Client, Stream, cpu_seconds
from benchmarks.sse_fanout import PeerPhones, act_as_host, seats, start_peer, table_page
from tests.program import Program

SEATS = 4
MODES = ("sheet", "light")
ROLL = {"dice": {"yellow": 2, "green": 2, "red": 1, "blue": 1, "white": 2},
        "faces": {"yellow": [1, 2], "green": [2, 1], "red": [3], "blue": [4], "white": [1, 2]}}
GUARD_S = 30.0


class Box:
    """One mode's box, its four phones and their streams, and what was measured on it."""

    def __init__(self, mode: str, data: Path, port: int, wrapper: Sequence[str] = (),
                 name: str = "") -> None:
        self.mode, self.name = mode, name or mode
        self.program = Program(data, port=port, wrapper=wrapper)
        self.arrivals = Arrivals()
        self.phones: list[Client] = []
        self.streams: list[Stream] = []
        self.steps: list[dict[str, Any]] = []
        self.every: list[float] = []
        self.cpu_s = 0.0

    async def open(self) -> None:
        """The game set up to the entering of a roll, each phone seated with its stream."""
        self.program.start()
        host = await table_page(self.program)
        await act_as_host(host, "table.new_game", {"game": "safehouse", "seats": SEATS,
                                                   "options": {"mode": self.mode}})
        cookies = await seats(self.program, SEATS)
        self.phones = [Client(self.program.port, cookie) for cookie in cookies]
        if self.mode == "sheet":
            for phone, letter in zip(self.phones, "SAFE", strict=True):
                await self.post(phone, "sheet", {"letter": letter})
        await act_as_host(host, "roll", ROLL)
        await act_as_host(host, "go")
        host.close()
        self.streams = [Stream(self.program.port, self.arrivals, cookie, keep=True)
                        for cookie in cookies]
        for stream in self.streams:
            stream.open()
        await asyncio.wait_for(asyncio.gather(*(s.first.wait() for s in self.streams)),
                               GUARD_S)
        self.steps = self._steps(self.streams[0].views[0])

    def _steps(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The first phone's two steps, taken in turn: one enters, the other takes it back."""
        if self.mode == "light":
            return [{"type": "order", "args": {"row": 0, "status": status}}
                    for status in ("open", "empty")]
        offers = view["state"]["offers"]
        row, field, pick = next((row, field, picks[0]) for row, fields in enumerate(offers)
                                for field, picks in enumerate(fields) if picks)
        write = {"row": row, "field": field, "number": pick["number"]}
        return [{"type": "write", "args": write},
                {"type": "erase", "args": {"row": row, "field": field}}]

    async def post(self, phone: Client, kind: str, args: dict[str, Any]) -> int:
        status, answer = await phone.post("/api/action", {"type": kind, "args": args})
        assert status == 200, answer
        return int(answer["version"])

    async def batch(self, actions: int) -> None:
        """``actions`` steps of the first phone, each timed to the last phone's view."""
        cpu = cpu_seconds(self.program.pid())
        for n in range(actions):
            step = self.steps[n % 2]
            sent = time.monotonic()
            version = await self.post(self.phones[0], step["type"], step["args"])
            last = await asyncio.wait_for(self.arrivals.every(version, SEATS), GUARD_S)
            self.every.append((last - sent) * 1000)
        self.cpu_s += cpu_seconds(self.program.pid()) - cpu

    def figures(self) -> dict[str, Any]:
        return {"action_to_last_phone": percentiles(self.every),
                "bytes": {"first_view": self.streams[0].sizes[0],
                          "after_each_step": self.streams[0].sizes[-2:],
                          "to_the_others": self.streams[1].sizes[-2:]},
                "cpu_ms_per_action": round(self.cpu_s * 1000 / len(self.every), 2)}

    def close(self) -> None:
        for stream in self.streams:
            stream.close()
        for phone in self.phones:
            phone.close()
        self.program.kill()


async def measure(data: Path, actions: int, batch: int, port: int,
                  before: Path | None) -> dict[str, Any]:
    modes: list[tuple[str, str, Sequence[str]]] = [(mode, mode, ()) for mode in MODES]
    if before is not None:  # its own folder first on the path, whatever is installed
        modes.append(("sheet", "sheet_before", ("env", "-C", str(before),
                                                f"PYTHONPATH={before}")))
    boxes = [Box(mode, data / name, nth_port(port, n), wrapper, name)
             for n, (mode, name, wrapper) in enumerate(modes)]
    peer, peer_port = await start_peer(nth_port(port, len(boxes)))
    try:
        for box in boxes:
            (data / box.name).mkdir()
            await box.open()
        side = PeerPhones(peer.pid, peer_port, boxes[0].streams[0].views[0], SEATS)
        await side.open()
        for first in range(0, actions, batch):
            for box in boxes:
                await box.batch(batch)
            for n in range(first, first + batch):
                await side.act(n)
        return {**{box.name: box.figures() for box in boxes}, "peer": await side.close()}
    finally:
        for box in boxes:
            box.close()
        peer.kill()
        await peer.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200, help="actions on each box")
    parser.add_argument("--batch", type=int, default=10, help="actions a box takes in a row")
    parser.add_argument("--before", type=Path, help="a checkout whose code a sheet box runs")
    port_option(parser)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        figures = asyncio.run(measure(Path(data), args.actions, args.batch, args.port,
                                      args.before))
    report("safehouse_sheets", {
        "actions": args.actions, "phones": SEATS, **figures,
        "budgets": {"action_to_last_phone": "sheet p50 <= 4.4 ms (the peer, issue 25)"}})


if __name__ == "__main__":
    main()
