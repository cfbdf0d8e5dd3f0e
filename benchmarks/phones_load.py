"""An evening's load on the phone server: the real program (`getaway run --sim --headless`)
with 30 phones holding live streams for minutes while a Rommé turn clock runs and an action
arrives every second. Counts the updates a phone missed, the push latency from each action to
each phone, and how much the program's resident memory grew.

    python -m benchmarks.phones_load [--phones 30] [--seconds 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.figures import percentiles, report
from tests.program import Program

SEATS = 6


class Listener:
    """One phone's stream on a thread: when each version arrived."""

    def __init__(self, port: int, cookie: str | None) -> None:
        self.arrived: dict[int, float] = {}
        self.connected = threading.Event()
        threading.Thread(target=self._read, args=(port, cookie), daemon=True).start()

    def _read(self, port: int, cookie: str | None) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/api/events", headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        version = 0
        while raw := response.readline():
            if raw.startswith(b"id: "):
                version = int(raw[4:])
            elif raw.startswith(b"data: "):
                self.arrived[version] = time.monotonic()
                self.connected.set()


def seat_cookie(port: int, code: str, seat: int) -> str:
    """The cookies of a phone that typed the join code and sat down at ``seat``."""
    cookies = []
    for path, body in (("/api/code", {"code": code}), ("/api/join", {"seat": seat})):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Content-Type": "application/json", "Cookie": "; ".join(cookies)}
        connection.request("POST", path, json.dumps(body), headers)
        response = connection.getresponse()
        response.read()
        assert response.status == 200, f"{path} answered {response.status}"
        cookies.append(response.headers["Set-Cookie"].split(";")[0])
    return "; ".join(cookies)


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def measure(phones: int, seconds: float, data: Path) -> dict[str, object]:
    box = Program(data)
    box.start()
    assert box.process is not None
    try:
        box.post("table.new_game", {"game": "romme", "seats": SEATS})
        code = box.join_path.rpartition("/j/")[2]
        cookies = [seat_cookie(box.port, code, seat) if seat < SEATS else None
                   for seat in range(phones)]
        listeners = [Listener(box.port, cookie) for cookie in cookies]
        assert all(listener.connected.wait(10) for listener in listeners), "a phone got no view"
        box.post("resume")
        memory_before = resident_kib(box.process.pid)
        sent: dict[int, float] = {}
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            started = time.monotonic()
            version = box.post("end_turn")
            if version is not None:
                sent[version] = started
            time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))
        time.sleep(1.0)  # the last update's way to every phone
        memory_after = resident_kib(box.process.pid)
    finally:
        box.kill()
    latencies = [(listener.arrived[v] - at) * 1000 for listener in listeners
                 for v, at in sent.items() if v in listener.arrived]
    missed = sum(v not in listener.arrived for listener in listeners for v in sent)
    return {"actions": len(sent), "missed_updates": missed,
            "push_latency": percentiles(latencies),
            "memory_kib": {"before": memory_before, "after": memory_after,
                           "growth": memory_after - memory_before}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        figures = measure(args.phones, args.seconds, Path(data))
    report("phones_load", {"phones": args.phones, "seconds": args.seconds, **figures,
                           "targets": "0 missed updates; memory growth < 5 MB"})


if __name__ == "__main__":
    main()
