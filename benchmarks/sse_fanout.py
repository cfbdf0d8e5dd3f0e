"""How fast does every phone see a change? 30 phones hold Server-Sent Event streams to the real
phone server (waitress on loopback); for each action we time from submitting it to the moment
the last phone has read the new view.

    python -m benchmarks.sse_fanout [--phones 30] [--actions 300]
"""

from __future__ import annotations

import argparse
import http.client
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.figures import percentiles, report
from companion.games import GAMES
from companion.games.base import Action
from companion.server.app import create_app
from companion.server.context import SEAT_COOKIE
from companion.server.serve import serve
from companion.store import Store
from companion.table import Table, token_hash


class Phones:
    """Phones reading their streams on threads; ``wait_for(version)`` returns when all have it."""

    def __init__(self, port: int, cookies: list[str | None]) -> None:
        self._seen = threading.Condition()
        self._versions = [0] * len(cookies)
        self.arrivals: dict[int, list[float]] = {}
        for index, cookie in enumerate(cookies):
            threading.Thread(target=self._read, args=(port, cookie, index), daemon=True).start()

    def _read(self, port: int, cookie: str | None, index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/api/events", headers={"Cookie": cookie} if cookie else {})
        response = connection.getresponse()
        while raw := response.readline():
            if raw.startswith(b"id: "):
                version = int(raw[4:])
            elif raw.startswith(b"data: "):
                with self._seen:
                    self.arrivals.setdefault(version, []).append(time.monotonic())
                    self._versions[index] = version
                    self._seen.notify_all()

    def wait_for(self, version: int, timeout: float = 10) -> bool:
        with self._seen:
            return self._seen.wait_for(lambda: min(self._versions) >= version, timeout)


def measure(phones: int, actions: int, data: Path) -> tuple[list[float], list[float]]:
    """Per action: ms until the last phone had it, and ms for each single phone."""
    table = Table(Store(data / "bench.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 6}))
    cookies: list[str | None] = [None] * phones
    for seat in range(min(6, phones)):
        table.submit(Action("table.claim", None, {"seat": seat, "name": f"P{seat + 1}",
                                                  "token_hash": token_hash(f"bench-{seat}")}))
        cookies[seat] = f"{SEAT_COOKIE}=bench-{seat}"
    server = serve(create_app(table, public_url="http://127.0.0.1"), host="127.0.0.1", port=0)
    reader = Phones(server.port, cookies)
    assert reader.wait_for(table.published.version), "not every phone connected"
    last_phone: list[float] = []
    each_phone: list[float] = []
    for n in range(actions):
        started = time.monotonic()
        version = table.submit(Action("resume" if n % 2 == 0 else "pause"))
        assert reader.wait_for(version), f"a phone missed version {version}"
        arrivals = reader.arrivals[version]
        last_phone.append((max(arrivals) - started) * 1000)
        each_phone.extend((t - started) * 1000 for t in arrivals)
    server.close()
    table.stop()
    return last_phone, each_phone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        last_phone, each_phone = measure(args.phones, args.actions, Path(data))
    report("sse_fanout", {"phones": args.phones, "actions": args.actions,
                          "action_to_every_phone": percentiles(last_phone),
                          "action_to_one_phone": percentiles(each_phone),
                          "target": "p99 <= 50 ms on loopback (every phone)"})


if __name__ == "__main__":
    main()
