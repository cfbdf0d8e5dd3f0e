"""A real Table on a real SQLite file, started: for tests that need the owner thread."""

from __future__ import annotations

import random
from pathlib import Path

from companion.games import GAMES
from companion.games.base import Chance, Games
from companion.table.owner import Table
from companion.table.store import Store
from tests.clock import FakeClock


def open_table(db: Path, clock: FakeClock | None = None, seed: int = 1,
               games: Games = GAMES, chance: Chance | None = None) -> Table:
    """Replay ``db`` and start the owner; chance is seeded (or told), time is a fake clock."""
    table = Table(Store(db), games, clock=clock or FakeClock(),
                  chance=chance or random.Random(seed))
    table.start()
    return table
