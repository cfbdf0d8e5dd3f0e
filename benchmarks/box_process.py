"""The box as a process: start to ready, idle CPU, CPU during a running Rommé turn, memory.

Starts `getaway run --sim --headless` as systemd would (a notify socket): start to ready is
from the start of the process to READY=1, which is sent with the first frame drawn once the
phone server is up, and to the first HTTP 200. CPU is read from /proc over a window: idle (no
game), then during a running Rommé turn (started and resumed over HTTP, a seated phone
reading its live stream). Resident memory (VmRSS) every second across each window (the
largest and the last reading), and its peak (VmHWM); then RSS, PSS
and USS once ready, drawing to no screen (SDL's dummy driver, as for a small SPI panel) and
to a real window on a virtual X server; and the disk writes of a running turn.

    python -m benchmarks.box_process [--starts 5] [--idle-s 30] [--turn-s 30] [--port 0]

Budgets (issue 4): idle < 1 % of a core, turn < 5 %, RSS < 80 MB, ready < 2 s.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.figures import port_option, report
from tests.program import VirtualScreen

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


class Box:
    """One `getaway run --sim --headless` process under a stand-in systemd."""

    def __init__(self, data: Path, display: str | None = None, port: int = 0) -> None:
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(str(data / "notify"))
        env = {**os.environ, "NOTIFY_SOCKET": str(data / "notify"), "PYTHONUNBUFFERED": "1",
               "SDL_AUDIODRIVER": "dummy"}
        screen = ["--headless"]
        if display is None:
            env["SDL_VIDEODRIVER"] = "dummy"
        else:
            env["DISPLAY"] = display
            screen = []
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--sim", *screen,
             "--data", str(data / "games"), "--host", "127.0.0.1", "--port", str(port),
             "--print-host-link"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.host = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.url, self.join_path, self.host_link = self._urls()
        self.hosted = False

    def _urls(self) -> tuple[str, str, str]:
        """The box's address, its join path and its host link, as it prints them."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            found = re.search(r"On this machine: (http://localhost:\d+)(/\S*).*page: (\S+)\)",
                              line)
            if found:
                return found.group(1), found.group(2), found.group(3)
        raise RuntimeError(f"the box did not start (exit {self.process.wait()})")

    def seconds_to_ready(self) -> float:
        """From the start of the process to READY=1 (first frame drawn, server up)."""
        self.notify.settimeout(30)
        while self.notify.recv(256) != b"READY=1":
            pass
        return time.monotonic() - self.started

    def seconds_to_http(self) -> float:
        """From the start of the process to the first 200 of the table page."""
        while True:
            try:
                with urllib.request.urlopen(self.url + "/table", timeout=5) as page:
                    if page.status == 200:
                        return time.monotonic() - self.started
            except OSError:
                time.sleep(0.005)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def memory_mb(self, key: str) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = re.search(rf"^{key}:\s+(\d+) kB", status, re.MULTILINE)
        assert found, key
        return round(int(found.group(1)) / 1024, 1)

    def memory(self) -> dict[str, float]:
        """RSS, PSS (shared pages split among their users) and USS (its own pages), in MB."""
        rollup = Path(f"/proc/{self.process.pid}/smaps_rollup").read_text()
        kib = {name: int(value) for name, value in re.findall(r"^(\w+):\s+(\d+) kB", rollup,
                                                             re.MULTILINE)}
        return {"rss": round(kib["Rss"] / 1024, 1), "pss": round(kib["Pss"] / 1024, 1),
                "uss": round((kib["Private_Clean"] + kib["Private_Dirty"]) / 1024, 1)}

    def written_bytes(self) -> int:
        """Bytes the process has sent to the disk so far (what an SD card wears on)."""
        io = Path(f"/proc/{self.process.pid}/io").read_text()
        return int(re.search(r"^write_bytes: (\d+)", io, re.MULTILINE).group(1))  # type: ignore[union-attr]

    def cpu_percent(self, seconds: float) -> tuple[float, list[float]]:
        """CPU used over the next ``seconds``, in percent of one core, and the resident
        memory read every second meanwhile (MB)."""
        before, start = self.cpu_seconds(), time.monotonic()
        resident = [self.memory_mb("VmRSS")]
        while (left := start + seconds - time.monotonic()) > 0:
            time.sleep(min(1.0, left))
            resident.append(self.memory_mb("VmRSS"))
        used, wall = self.cpu_seconds() - before, time.monotonic() - start
        return round(100 * used / wall, 2), resident

    def seated_phone(self) -> Phone:
        """A phone that typed the join code, took the first seat and reads its stream."""
        phone = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        for path, body in (("/api/code", {"code": self.join_path.rpartition("/j/")[2]}),
                           ("/api/join", {"seat": 0})):
            request = urllib.request.Request(self.url + path, json.dumps(body).encode(),
                                             {"Content-Type": "application/json"})
            phone.open(request, timeout=10).close()
        return Phone(phone.open(self.url + "/api/events", timeout=30))

    def act(self, kind: str, args: dict[str, Any]) -> None:
        """An action from the table page (which opened the host link first)."""
        if not self.hosted:
            self.host.open(self.host_link, timeout=10).close()
            self.hosted = True
        body = json.dumps({"type": kind, "args": args, "host": True}).encode()
        request = urllib.request.Request(self.url + "/api/action", body,
                                         {"Content-Type": "application/json"})
        with self.host.open(request, timeout=10) as answer:
            assert answer.status == 200

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.notify.close()


class Phone:
    """A phone's live stream, read on a thread of its own until it is closed."""

    def __init__(self, stream: Any) -> None:
        self.stream, self.views = stream, 0
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for line in self.stream:
                self.views += line.startswith(b"data: ")
        except (OSError, ValueError):
            pass  # closed

    def close(self) -> None:
        self.stream.close()


def one_start(data: Path, port: int = 0) -> dict[str, float]:
    box = Box(data, port=port)
    try:
        return {"ready_s": box.seconds_to_ready(), "http_s": box.seconds_to_http()}
    finally:
        box.stop()


def load(data: Path, idle_s: float, turn_s: float, port: int = 0) -> dict[str, Any]:
    """Idle, then a running Rommé turn with a seated phone reading its stream, in one
    process."""
    box = Box(data, port=port)
    try:
        box.seconds_to_ready()
        idle, idle_rss = box.cpu_percent(idle_s)
        box.act("table.new_game", {"game": "romme", "seats": 4,
                                   "options": {"turn_seconds": max(60, int(turn_s) + 10)}})
        phone = box.seated_phone()
        box.act("resume", {})
        written = box.written_bytes()
        turn, turn_rss = box.cpu_percent(turn_s)
        per_minute = (box.written_bytes() - written) / 1024 * 60 / turn_s
        phone.close()
        return {"idle_cpu_percent": idle, "idle_s": idle_s,
                "turn_cpu_percent": turn, "turn_s": turn_s, "turn_phone_views": phone.views,
                "turn_disk_writes_kb_per_min": round(per_minute, 1),
                "rss_mb": {"idle": idle_rss[-1], "idle_most": max(idle_rss),
                           "turn": turn_rss[-1], "turn_most": max(turn_rss),
                           "peak": box.memory_mb("VmHWM")}}
    finally:
        box.stop()


def memory_on_screens(data: Path, port: int = 0) -> dict[str, dict[str, float]]:
    """Memory once ready, drawing to no screen (SDL's dummy driver, as for an SPI panel) and
    to a real window on an X server (Xvfb)."""
    found = {}
    for name, display in (("no_window", None), ("x11_window", "x11")):
        screen = VirtualScreen() if display else None
        box = Box(data / name, screen.display if screen else None, port)
        try:
            box.seconds_to_ready()
            found[name] = box.memory()
        finally:
            box.stop()
            if screen is not None:
                screen.close()
    return found


def loadavg() -> list[float]:
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--starts", type=int, default=5, help="starts to time (median)")
    parser.add_argument("--idle-s", type=float, default=30.0)
    parser.add_argument("--turn-s", type=float, default=60.0,
                        help="seconds of a running turn whose disk writes are counted")
    port_option(parser)
    args = parser.parse_args()
    load_before = loadavg()
    with tempfile.TemporaryDirectory() as scratch:
        starts = []
        for n in range(args.starts):
            (Path(scratch) / str(n)).mkdir()
            starts.append(one_start(Path(scratch) / str(n), args.port))
        (Path(scratch) / "load").mkdir()
        figures = load(Path(scratch) / "load", args.idle_s, args.turn_s, args.port)
        for name in ("no_window", "x11_window"):
            (Path(scratch) / name).mkdir()
        figures["memory_mb"] = memory_on_screens(Path(scratch), args.port)
    ready = [start["ready_s"] for start in starts]
    http = [start["http_s"] for start in starts]
    report("box_process", {
        "start_to_ready_s": {"n": len(ready), "median": round(statistics.median(ready), 3),
                             "max": round(max(ready), 3)},
        "start_to_http_200_s": {"n": len(http), "median": round(statistics.median(http), 3),
                                "max": round(max(http), 3)},
        **figures,
        "load_average": {"before": load_before, "after": loadavg()},
        "budgets": {"idle_cpu_percent": 1, "turn_cpu_percent": 5, "rss_mb": 80,
                    "memory_mb": "pss < 80 with a real screen",
                    "start_to_ready_s": 2, "turn_disk_writes_kb_per_min": 100},
    })


if __name__ == "__main__":
    main()
