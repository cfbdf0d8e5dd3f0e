"""The box's budgets on this machine: the real program's CPU when idle and during a running
Rommé turn, its resident memory, the time from start to ready (HTTP 200 and the first frame
drawn), and the time from a button press on a mock pin to the beep and the LEDs latched.

    python -m benchmarks.budgets [--seconds 30] [--starts 10] [--presses 100]

Targets (a Pi Zero 2 W has about 290 MB free): idle CPU < 1 % of one core, a running turn
< 5 %, resident memory < 80 MB, start to ready < 2 s, press to LEDs and beep p99 < 10 ms.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPWMPin

from benchmarks.figures import percentiles, report
from companion.device.box import Box
from companion.device.pins import load_pins
from companion.games import GAMES
from companion.games.base import Action, Button
from companion.store import Store
from companion.table import Table
from tests.program import Program

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def memory_kib(pid: int) -> dict[str, int]:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        values = dict(line.split(":", 1) for line in status)
    return {key.lower(): int(values[key].split()[0]) for key in ("VmRSS", "VmHWM")}


def cpu_percent(pid: int, seconds: float) -> float:
    """Percent of one core the process used over the next ``seconds``."""
    used, started = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return round(100 * (cpu_seconds(pid) - used) / (time.monotonic() - started), 2)


def running_costs(seconds: float, data: Path) -> dict[str, Any]:
    """Idle, then a running Rommé turn, then memory: the real program, headless."""
    box = Program(data)
    box.start()
    assert box.process is not None
    try:
        time.sleep(2)  # start-up settles
        idle = cpu_percent(box.process.pid, seconds)
        box.post("table.new_game", {"game": "romme", "seats": 4,
                                    "options": {"turn_seconds": 180}})
        box.post("resume")
        turn = cpu_percent(box.process.pid, seconds)
        memory = memory_kib(box.process.pid)
    finally:
        box.kill()
    return {"idle_cpu_percent": idle, "turn_cpu_percent": turn, "memory_kib": memory}


def start_to_ready(data: Path) -> float:
    """Seconds from starting the program to both READY=1 (its first frame drawn with the
    phone server up) and an HTTP 200 from the phone server."""
    with tempfile.TemporaryDirectory() as sockets:
        address = str(Path(sockets) / "notify")
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify.bind(address)
        notify.settimeout(30)
        env = {**os.environ, "NOTIFY_SOCKET": address, "PYTHONUNBUFFERED": "1"}
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--sim", "--headless", "--data",
             str(data), "--host", "127.0.0.1", "--port", "0"], env=env,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert process.stdout is not None
            port = next(line.split("localhost:")[1].split("/")[0]
                        for line in process.stdout if "On this machine" in line)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/view") as answer:
                assert answer.status == 200
            while b"READY=1" not in notify.recv(4096):
                pass
            return time.monotonic() - started
        finally:
            process.kill()
            process.wait()
            notify.close()


class StampedPin(MockPWMPin):  # type: ignore[misc]
    """A mock pin that notes when it changes, on the clock the presses are timed with."""

    def _change_state(self, value: Any) -> bool:
        changed = bool(super()._change_state(value))
        if changed:
            self._factory.changes.append((int(self.info.name[4:]), float(value),
                                          time.perf_counter()))
        return changed


class StampedFactory(MockFactory):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__(pin_class=StampedPin)
        self.changes: list[tuple[int, float, float]] = []


def first_rise(changes: list[tuple[int, float, float]], pin: int, after: float) -> float:
    return min(at for number, value, at in list(changes) if number == pin and value and at > after)


def press_to_output(presses: int, data: Path) -> dict[str, Any]:
    """TURN tapped 0.7 s into a running 15 s turn (so at least one LED has gone dark):
    ms from the pin going low to the beep starting, and from its release (TURN acts on
    release, as it may be a long press) to the new turn's full columns latched."""
    pins = load_pins()
    pins = replace(pins, buzzer=replace(pins.buzzer, kind="active"))
    factory = StampedFactory()
    table = Table(Store(data / "press.sqlite"), GAMES)
    table.start()
    box = Box(table, pins, pin_factory=factory)
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 6,
                                                 "options": {"turn_seconds": 15}}))
    table.submit(Action("resume"))
    turn = factory.pin(pins.buttons[Button.TURN])
    beeps, leds = [], []
    for _ in range(presses):
        time.sleep(0.7)
        box.tick(time.monotonic())  # as the display loop does: an LED has gone dark
        version = table.published.version
        down = time.perf_counter()
        turn.drive_low()
        time.sleep(0.02)
        up = time.perf_counter()
        turn.drive_high()
        deadline = time.monotonic() + 5
        while table.published.version == version:
            assert time.monotonic() < deadline, "the press was not taken"
            time.sleep(0.001)
        time.sleep(0.05)  # the beep's thread and the latch have surely acted
        beeps.append((first_rise(factory.changes, pins.buzzer.pin, down) - down) * 1000)
        leds.append((first_rise(factory.changes, pins.station.latch, up) - up) * 1000)
    box.close()
    table.stop()
    factory.close()
    return {"press_to_beep": percentiles(beeps), "release_to_leds_latched": percentiles(leds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--presses", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        costs = running_costs(args.seconds, Path(data) / "run")
        starts = [start_to_ready(Path(data) / f"start{n}") for n in range(args.starts)]
        presses = press_to_output(args.presses, Path(data))
    report("budgets", {
        "seconds": args.seconds, **costs,
        "start_to_ready_s": {"n": len(starts), "median": round(statistics.median(starts), 3),
                             "max": round(max(starts), 3)},
        **presses,
        "targets": {"idle_cpu_percent": "< 1", "turn_cpu_percent": "< 5",
                    "memory_kib.vmrss": "< 81920", "start_to_ready_s": "< 2",
                    "press p99 ms": "< 10"},
    })


if __name__ == "__main__":
    main()
