"""How late does an overrun reach the phones? The real `getaway run --sim --headless` process
plays Räuber-Rommé with 15-second turns; three seated phones, three watchers and the table
page hold live streams. Each sample: the table page ends a turn (the next one starts the
moment the box takes that action), nobody ends the next one, and we time from its deadline to
the moment the last phone has read the overrun. The players take turns overrunning, so nobody
overruns twice in a row and leaves; after each overrun the group settles until the table page
starts the next turn (``after_overrun`` "wait"), which it does at once.

The deadline is the moment the box stamped the action plus the turn's 15 s. The view that
action publishes counts its timer down from that stamp to the moment it was rendered, so the
stamp is the table page's arrival of that view less the time already gone (its ms truncated:
half a ms is added back). That estimate errs by less than a ms plus that view's own way to the
table page (the time gone and the arrival must be the same reader's: another phone's earlier
arrival would put the stamp before the box made it); each sample also has hard bounds, from
sending the POST (upper) and from its answer (lower).

    python -m benchmarks.turn_deadline [--turns 60] [--port 0]

Each sample is a whole turn of 15 s: the default 60 take a quarter of an hour.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.figures import percentiles, port_option, report
from benchmarks.phones import Arrivals, Stream
from benchmarks.sse_fanout import act_as_host, seats, streams, table_page
from tests.program import Program

TURN_S = 15
SEATS = 3
WATCHERS = 3
GUARD_S = TURN_S + 15.0


async def seen(board: Stream,
               found: Callable[[dict[str, Any]], bool]) -> tuple[dict[str, Any], float]:
    """The first view the table page got for which ``found`` holds, and when it came."""
    while True:
        for view, at in zip(board.views, board.arrived_at, strict=True):
            if found(view):
                return view, at
        board.changed.clear()
        await board.changed.wait()


def of_version(version: int, view: dict[str, Any]) -> bool:
    return bool(view["version"] == version)


def overrun_after(version: int, view: dict[str, Any]) -> bool:
    last = (view.get("state") or {}).get("last") or {}
    return bool(view["version"] > version and last.get("kind") in ("overrun", "left"))


async def measure(box: Program, turns: int) -> dict[str, Any]:
    host = await table_page(box)
    await act_as_host(host, "table.new_game", {"game": "romme", "seats": SEATS, "options": {
        "turn_seconds": TURN_S, "first_player": 0, "after_overrun": "wait"}})
    arrivals = Arrivals()
    phones = await streams(box, SEATS + WATCHERS, await seats(box, SEATS), arrivals)
    board = Stream(box.port, arrivals, query="?page=table", keep=True)
    board.open()
    readers = len(phones) + 1
    estimate: list[float] = []
    upper: list[float] = []
    lower: list[float] = []
    for n in range(turns):
        await host.connect()  # the box closed the idle one during the turn
        if n:
            await act_as_host(host, "resume")  # the group has settled after the overrun
        sent = time.monotonic()
        version = await act_as_host(host, "resume" if n == 0 else "end_turn")
        answered = time.monotonic()
        started, came = await asyncio.wait_for(seen(board, partial(of_version, version)),
                                               GUARD_S)
        gone_ms = TURN_S * 1000 - started["timer"]["remaining_ms"] + 0.5
        stamp = came - gone_ms / 1000
        over, _ = await asyncio.wait_for(seen(board, partial(overrun_after, version)), GUARD_S)
        last = await asyncio.wait_for(arrivals.every(over["version"], readers), GUARD_S)
        estimate.append((last - stamp - TURN_S) * 1000)
        upper.append((last - sent - TURN_S) * 1000)
        lower.append((last - answered - TURN_S) * 1000)
    for stream in (*phones, board):
        stream.close()
    return {"deadline_to_every_phone": percentiles(estimate),
            "bounds": {"at_most": percentiles(upper), "at_least": percentiles(lower)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=60)
    port_option(parser)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        box = Program(Path(data), port=args.port)
        box.start()
        try:
            figures = asyncio.run(measure(box, args.turns))
        finally:
            box.kill()
    report("turn_deadline", {"turns": args.turns, "turn_s": TURN_S,
                             "phones": SEATS + WATCHERS + 1, **figures,
                             "goal": "deadline_to_every_phone p99 <= 5 ms"})


if __name__ == "__main__":
    main()
