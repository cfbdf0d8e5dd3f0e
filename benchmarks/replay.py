"""How long the box takes to start on a long game: a log of one Rommé game of ``--events``
ended turns, replayed by a Table in this process and by a whole `getaway run`, with snapshots
within the game every ``SNAPSHOT_EVERY`` events against a log with none (only the one at the
new game, as every log written before them).

    python -m benchmarks.replay [--events 20000] [--every 1000] [--starts 5] [--port 0]

Budget (issue 25): a start replays 20 000 events in under 0.5 s here.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.box_process import Box
from benchmarks.figures import port_option, report
from companion.games import GAMES
from companion.games.base import Action
from companion.runtime import DATABASE
from companion.table.owner import SNAPSHOT_EVERY, Table
from companion.table.store import Store

NEVER = 10**12
"""A snapshot interval no game reaches: the log as it was before snapshots within a game."""


class QuickStore(Store):
    """A log written without syncing each event: only to make a long log quickly."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self._db.execute("PRAGMA synchronous=OFF")


def long_game(path: Path, events: int, every: int) -> None:
    """A Rommé game of ``events`` ended turns in the log at ``path``."""
    store = QuickStore(path)
    table = Table(store, GAMES, snapshot_every=every)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 4, "options": {
        "turn_seconds": 180, "first_player": 0}}))
    table.submit(Action("resume"))
    for _ in range(events - 2):
        table.submit(Action("end_turn"))
    table.stop()
    store.close()


def table_start_s(path: Path, every: int) -> tuple[float, int]:
    """Seconds a Table takes to start on a copy of the log, and the steps it replayed."""
    copy = path.with_name("copy.sqlite")
    shutil.copy(path, copy)
    store = Store(copy)
    table = Table(store, GAMES, snapshot_every=every)
    start = time.perf_counter()
    table.start()
    took = time.perf_counter() - start
    table.stop()
    store.close()
    copy.unlink()
    return took, table.replayed.steps


def process_start_s(path: Path, port: int) -> float:
    """Seconds from the start of `getaway run` on a copy of the log to its first HTTP 200."""
    data = path.parent / "process"
    (data / "games").mkdir(parents=True)
    shutil.copy(path, data / "games" / DATABASE)
    box = Box(data, port=port)
    try:
        return box.seconds_to_http()
    finally:
        box.stop()
        shutil.rmtree(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--every", type=int, default=SNAPSHOT_EVERY,
                        help="events between snapshots within the game")
    parser.add_argument("--starts", type=int, default=5, help="starts of each kind (median)")
    port_option(parser)
    args = parser.parse_args()
    figures = {}
    with tempfile.TemporaryDirectory() as scratch:
        logs = {"snapshots_within": args.every, "new_game_only": NEVER}
        for name, every in logs.items():
            (Path(scratch) / name).mkdir()
            long_game(Path(scratch) / name / DATABASE, args.events, every)
        starts: dict[str, list[tuple[float, int]]] = {name: [] for name in logs}
        process: dict[str, list[float]] = {name: [] for name in logs}
        for _ in range(args.starts):  # interleaved: the machine's load falls on both alike
            for name, every in logs.items():
                starts[name].append(table_start_s(Path(scratch) / name / DATABASE, every))
                process[name].append(process_start_s(Path(scratch) / name / DATABASE,
                                                     args.port))
        for name in logs:
            figures[name] = {
                "steps_replayed": starts[name][0][1],
                "table_start_s": round(statistics.median(s for s, _ in starts[name]), 3),
                "process_start_to_http_200_s": round(statistics.median(process[name]), 3)}
    report("replay", {"events": args.events, "starts": args.starts, **figures,
                      "budgets": {"table_start_s": 0.5}})


if __name__ == "__main__":
    main()
