"""How late is an overrun? The delay from a turn's deadline to the overrun being applied
(logged to SQLite with fsync) and published, over many short turns on the real clock.

    python -m benchmarks.turn_deadline [--turns 300] [--turn-ms 20]
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.figures import percentiles, report
from companion.games.base import Action
from companion.store import Store
from companion.table import Published, Table
from tests.tiny_game import TinyGame


def measure(turns: int, turn_ms: int, data: Path) -> list[float]:
    """Delays in ms between each deadline and the moment its overrun was published."""
    table = Table(Store(data / "bench.sqlite"), {"tiny": TinyGame(limit_ms=turn_ms)})
    delays: list[float] = []
    done = threading.Event()

    def on_publish(published: Published) -> None:
        if published.public.get("state", {}).get("overruns") and not done.is_set():
            delays.append((time.monotonic() - published.as_of) * 1000)
            if len(delays) >= turns:
                done.set()

    table.start()
    table.subscribe(on_publish)
    table.submit(Action("table.new_game", None, {"game": "tiny", "seats": 4}))
    table.submit(Action("resume"))
    done.wait(turns * turn_ms / 1000 * 3 + 30)
    table.stop()
    return delays[:turns]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--turn-ms", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        delays = measure(args.turns, args.turn_ms, Path(data))
    report("turn_deadline", {"turns": len(delays), "turn_ms": args.turn_ms,
                             "deadline_to_published": percentiles(delays),
                             "target": "p99 <= 5 ms on a dev machine"})


if __name__ == "__main__":
    main()
