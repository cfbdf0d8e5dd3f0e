"""Memory while phones play: the real `getaway run --sim --headless` process with 30 phones
holding live streams (six of them seated) and the table page.

Two phases: first a Rommé turn clock runs with no action for ``--minutes`` (what the clock,
the screen, the LED station and the streams' heartbeats cost), then ``--actions`` actions come
as fast as the table page sends them (what the actions cost). Memory is read off the box as it
runs (every 10 s, and every 100 actions); what it prints is what it measured: the resident
memory at the start, after the clock phase and at the end, what each phase added, and the
fitted growth per minute and per action over that run (nothing is extrapolated: an evening's
figure takes ``--minutes 120`` and as many actions as an evening has). Then the same is played
again with the box under tracemalloc (`benchmarks.traced_box`), and the allocation sites that
grew most in each phase are printed, so each megabyte has a name. Every phone's stream is
checked for a missed update.

    python -m benchmarks.phones_load [--phones 30] [--minutes 5] [--sites-minutes M]
                                     [--actions 3000] [--port 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.figures import percentiles, port_option, report
from benchmarks.phones import Arrivals, more_open_files
from benchmarks.sse_fanout import act_as_host, seats, streams, table_page
from tests.program import Program

TOP = 8
SAMPLE_S = 10.0


def resident_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines()
                if line.startswith("VmRSS:"))


class Traced:
    """The box's allocation sites, asked for with SIGUSR1 (none for a box not traced)."""

    def __init__(self, box: Program, path: Path | None) -> None:
        self.box, self.path = box, path

    async def sites(self) -> Counter[str]:
        if self.path is None:
            return Counter()
        self.path.unlink(missing_ok=True)
        os.kill(self.box.pid(), signal.SIGUSR1)
        while not self.path.exists():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)  # written in one go: let it finish
        return Counter({site["where"]: site["bytes"] for site in json.loads(self.path.read_text())})


def slope(samples: list[tuple[float, float]]) -> float:
    """The least-squares growth of the second value per unit of the first."""
    if len(samples) < 2:
        return 0.0
    xs, ys = [x for x, _ in samples], [y for _, y in samples]
    x_mean, y_mean = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - x_mean) ** 2 for x in xs)
    return sum((x - x_mean) * (y - y_mean) for x, y in samples) / spread if spread else 0.0


def grown(before: Counter[str], after: Counter[str]) -> list[dict[str, Any]]:
    """The sites that grew most, in KiB."""
    diff = Counter(after)
    diff.subtract(before)
    return [{"where": where, "kib": round(size / 1024, 1)}
            for where, size in diff.most_common(TOP) if size > 0]


async def measure(box: Program, traced: Traced, phones: int, minutes: float,
                  actions: int, warm_up: int) -> dict[str, Any]:
    assert box.process is not None
    host = await table_page(box)
    await act_as_host(host, "table.new_game", {"game": "romme", "seats": 6,
                                               "options": {"turn_seconds": 180}})
    arrivals = Arrivals()
    opened = await streams(box, phones, await seats(box), arrivals)
    for n in range(warm_up):
        await act_as_host(host, "pause" if n % 2 else "resume")
    pid = box.pid()

    # The clock runs: resume, and a fresh turn every minute (a turn has three).
    start_rss, start_sites = resident_kib(pid), await traced.sites()
    began = time.monotonic()
    clock: list[tuple[float, float]] = [(0.0, start_rss)]
    await act_as_host(host, "resume")
    while (minute := (time.monotonic() - began) / 60) < minutes:
        await asyncio.sleep(SAMPLE_S)
        clock.append((minute, resident_kib(pid)))
        if len(clock) % round(60 / SAMPLE_S) == 0:
            await act_as_host(host, "end_turn")
    clock_rss, clock_sites = resident_kib(pid), await traced.sites()

    sent: dict[int, float] = {}
    played: list[tuple[float, float]] = [(0.0, clock_rss)]
    for n in range(actions):
        started = time.monotonic()
        sent[await act_as_host(host, "pause" if n % 2 == 0 else "resume")] = started
        if n % 100 == 99:
            played.append((n + 1, resident_kib(pid)))
    await asyncio.sleep(1.0)  # the last update's way to every phone
    end_rss, end_sites = resident_kib(pid), await traced.sites()
    for stream in opened:
        stream.close()

    per_minute, per_action = slope(clock), slope(played)
    missed = sum(phones - len(arrivals.times[version]) for version in sent)
    latencies = [(at - sent[version]) * 1000 for version in sent
                 for at in arrivals.times[version]]
    if traced.path is not None:
        return {"grew_while_the_clock_ran": grown(start_sites, clock_sites),
                "grew_with_the_actions": grown(clock_sites, end_sites)}
    return {
        "missed_updates": missed,
        "push_latency": percentiles(latencies),
        "rss_kib": {"start": start_rss, "after_clock": clock_rss, "end": end_rss},
        "clock_rss_kib_every_10_min": [round(rss) for minute, rss in clock
                                       if round(minute * 6) % 60 == 0],
        "grew_kib": {"while_the_clock_ran": clock_rss - start_rss,
                     "with_the_actions": end_rss - clock_rss},
        "clock_kib_per_minute": round(per_minute, 1),
        "kib_per_action": round(per_action, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--sites-minutes", type=float, default=None,
                        help="the clock phase of the traced run (default: --minutes)")
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--warm-up", type=int, default=200,
                        help="actions before measuring, so the caches are full")
    port_option(parser)
    args = parser.parse_args()
    more_open_files()
    figures: dict[str, Any] = {}
    for traced in (False, True):  # memory untraced (tracemalloc's own weighs a lot), then sites
        with tempfile.TemporaryDirectory() as data:
            sites = Path(data) / "sites.json" if traced else None
            wrapper = [sys.executable, "-m", "benchmarks.traced_box", str(sites)] if traced else []
            box = Program(Path(data) / "box", wrapper=wrapper, port=args.port)
            box.start()
            try:
                minutes = args.minutes if not traced or args.sites_minutes is None \
                    else args.sites_minutes
                figures |= asyncio.run(measure(box, Traced(box, sites), args.phones,
                                               minutes, args.actions, args.warm_up))
            finally:
                box.kill()
    report("phones_load", {
        "phones": args.phones, "minutes": args.minutes, "actions": args.actions,
        **figures,
        "goals": {"missed_updates": 0,
                  "grew_kib": "< 5 MB over --minutes 120 and an evening's actions"}})


if __name__ == "__main__":
    main()
