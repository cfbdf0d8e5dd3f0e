"""The whole box on a Pi's CPU: `getaway run --sim --headless` (and the peer beside it) held to
``--percent`` of one core of this machine, as a Pi Zero 2 W's or a Pi 3's core does about a
quarter of what one of its cores does. Printed beside each figure: its budget (issue 25) at
that share, a time budget stretched by 100 / percent, a CPU time per action as it is.

- start on a long game: from the start of the process to its ready line (the server
  answers), on a log of one Rommé game of ``--events`` events and on an empty one; what the
  long game adds is its replay (budget: 0.5 s);
- Safehouse on digital sheets: a phone's entry to the last of four phones (budget: the
  peer's 4.4 ms), the bytes of a phone's view and the box's CPU per entry;
- 30 phones on Rommé: an action to the last phone and the CPU per action, the box's beside
  the peer's measured under the same limit (budget: the peer's).

How the share is held, the first that works here: a systemd scope with ``CPUQuota``; a cgroup
of its own (v2 ``cpu.max``, v1 ``cpu.cfs_quota_us``); or, on one core (``taskset -c 0``),
stopping and continuing every process this benchmark started in a duty cycle.

    python -m benchmarks.pi_cpu [--percent 25] [--events 20000] [--starts 3] [--actions 100]
                                [--port 0]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.figures import nth_port, port_option, report
from benchmarks.phones import Arrivals, Stream, more_open_files
from benchmarks.replay import long_game
from benchmarks.safehouse_sheets import Box as SheetBox
from benchmarks.sse_fanout import act_as_host, seats, side_by_side, table_page
from companion.runtime import DATABASE
from companion.table.owner import SNAPSHOT_EVERY
from tests.program import Program

PERIOD_US = 100_000
DUTY_S = 0.02
"""One stop-and-go cycle of the duty-cycle limiter."""
PHONES = 30
BUDGETS = {"start_s": 0.5, "sheet_action_to_last_phone_ms": 4.4}
"""The budgets of issue 25 on this machine without a limit."""


class Limit:
    """Holds the processes it starts to ``percent`` of one core."""

    def __init__(self, percent: int, folder: Path) -> None:
        self.percent = percent
        self.how, self.prefix = "duty cycle on one core", ["taskset", "-c", "0"]
        self.group: Path | None = None
        self.done = threading.Event()
        if Path("/run/systemd/system").exists() and shutil.which("systemd-run"):
            self.how = "systemd scope"
            self.prefix = ["systemd-run", "--scope", "--quiet", "-p", f"CPUQuota={percent}%"]
        elif (group := _cgroup(percent, folder.name)) is not None:
            self.how, self.group = f"cgroup {group}", group
            self.prefix = ["sh", "-c", 'echo $$ > "$0" && exec "$@"', str(group / "cgroup.procs")]
        else:
            threading.Thread(target=self._cycle, daemon=True).start()

    def wrapper(self) -> list[str]:
        return list(self.prefix)

    def _cycle(self) -> None:
        run = DUTY_S * self.percent / 100
        while not self.done.wait(run):
            self._signal(signal.SIGSTOP)
            time.sleep(DUTY_S - run)
            self._signal(signal.SIGCONT)

    def _signal(self, which: signal.Signals) -> None:
        """Stop or continue every process this one started (the boxes, the peer)."""
        for pid in _children():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, which)

    def close(self) -> None:
        self.done.set()
        self._signal(signal.SIGCONT)
        if self.group is not None:
            try:
                self.group.rmdir()
            except OSError as error:
                print(f"the cgroup {self.group} is left: {error}", file=sys.stderr)


def _children() -> list[int]:
    tasks = Path(f"/proc/{os.getpid()}/task")
    return [int(pid) for task in tasks.iterdir() if (task / "children").exists()
            for pid in (task / "children").read_text().split()]


CGROUPS = ((Path("/sys/fs/cgroup"), "cgroup.controllers", "cpu.max", "{quota} {period}"),
           (Path("/sys/fs/cgroup/cpu"), "cpu.cfs_quota_us", "cpu.cfs_quota_us", "{quota}"))
"""Where a cgroup of its own may be made (v2, v1), the file that tells which one is there,
and the file and text that set the share (v1's period is its default, 100 ms)."""


def _cgroup(percent: int, name: str) -> Path | None:
    """A cgroup of its own with the CPU share set, or None where none can be made."""
    for base, marker, file, value in CGROUPS:
        if not (base / marker).exists():
            continue
        group = base / f"getaway-pi-{name}"
        try:
            group.mkdir()
            (group / file).write_text(value.format(quota=percent * PERIOD_US // 100,
                                                   period=PERIOD_US))
        except OSError:
            if group.exists():
                group.rmdir()
            continue
        return group
    return None


@contextmanager
def limited(limit: Limit, data: Path, port: int) -> Iterator[Program]:
    """The box, started under the limit on ``data``."""
    box = Program(data, wrapper=limit.wrapper(), port=port)
    try:
        yield box
    finally:
        if box.process is not None:
            box.kill()


def start_s(limit: Limit, scratch: Path, events: int, starts: int,
            port: int) -> dict[str, float]:
    """Seconds from starting the box to its ready line on an empty log and on a game of
    ``events`` events (the median of ``starts``, the two taking turns)."""
    logs = {"empty": scratch / "empty", "long_game": scratch / "long_game"}
    for data in logs.values():
        data.mkdir()
    long_game(logs["long_game"] / DATABASE, events, SNAPSHOT_EVERY)
    taken: dict[str, list[float]] = {name: [] for name in logs}
    for _ in range(starts):
        for name, data in logs.items():
            copy = scratch / "started"
            shutil.copytree(data, copy)
            with limited(limit, copy, port) as box:
                began = time.monotonic()
                box.start()
                taken[name].append(time.monotonic() - began)
            shutil.rmtree(copy)
    return {name: round(statistics.median(seconds), 3) for name, seconds in taken.items()}


async def sheets(limit: Limit, scratch: Path, actions: int, port: int) -> dict[str, Any]:
    box = SheetBox("sheet", scratch / "sheets", port, limit.wrapper())
    (scratch / "sheets").mkdir()
    try:
        await box.open()
        await box.batch(actions)
        return box.figures()
    finally:
        box.close()


async def phones(limit: Limit, box: Program, actions: int, peer_port: int) -> dict[str, Any]:
    """30 phones on Rommé, the box's and the peer's, both under the limit."""
    host = await table_page(box)
    await act_as_host(host, "table.new_game", {"game": "romme", "seats": 6})
    cookies = await seats(box)
    probe = Stream(box.port, Arrivals(), query="?page=table")
    probe.open()
    await probe.first.wait()
    probe.close()
    peer = subprocess.Popen([*limit.wrapper(), sys.executable, "-m", "benchmarks.peer",
                             "--port", str(peer_port)], stdout=subprocess.PIPE, text=True)
    try:
        assert peer.stdout is not None
        port = int(peer.stdout.readline().split()[1])
        return await side_by_side(box, host, cookies, (peer.pid, port), probe.views[0],
                                  PHONES, actions, 10)
    finally:
        peer.kill()
        peer.wait()


def measure(percent: int, events: int, starts: int, actions: int,
            port: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        limit = Limit(percent, scratch)
        try:
            started = start_s(limit, scratch, events, starts, nth_port(port, 0))
            sheet = asyncio.run(sheets(limit, scratch, actions, nth_port(port, 1)))
            (scratch / "phones").mkdir()
            with limited(limit, scratch / "phones", nth_port(port, 2)) as box:
                box.start()
                crowd = asyncio.run(phones(limit, box, actions, nth_port(port, 3)))
        finally:
            limit.close()
    stretch = 100 / percent
    return {
        "limit": {"percent_of_one_core": percent, "how": limit.how},
        "start_s": {"events": events, "starts": starts, **started,
                    "long_game_adds": round(started["long_game"] - started["empty"], 3),
                    "budget_long_game_adds": round(BUDGETS["start_s"] * stretch, 3)},
        "safehouse_sheets": {**sheet, "budget_p50_ms": round(
            BUDGETS["sheet_action_to_last_phone_ms"] * stretch, 2)},
        "phones_30": {**crowd, "budget": "the peer's figures beside it"},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--percent", type=int, default=25, help="share of one core")
    parser.add_argument("--events", type=int, default=20_000,
                        help="events of the long game the box starts on")
    parser.add_argument("--starts", type=int, default=3, help="starts of each log (median)")
    parser.add_argument("--actions", type=int, default=100, help="actions each part times")
    port_option(parser)
    args = parser.parse_args()
    more_open_files()
    report("pi_cpu", measure(args.percent, args.events, args.starts, args.actions, args.port))


if __name__ == "__main__":
    main()
