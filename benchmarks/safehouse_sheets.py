"""What four digital sheets cost the Table: the views it makes after every action (the public
one and each phone's, a phone's with every number each field of its sheet may take now),
during a roll of all ten dice with four players on sheet mode, against the same roll on paper.

    python -m benchmarks.safehouse_sheets [--repeat 200]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from benchmarks.figures import percentiles, report
from companion.games import GAMES
from companion.games.base import Action
from companion.table.rules import apply_table
from companion.table.state import TableState
from companion.table.views import table_view

SEATS = 4
ROLL = {"dice": {"yellow": 2, "green": 2, "red": 1, "blue": 1, "white": 2},
        "faces": {"yellow": [1, 2], "green": [2, 1], "red": [3], "blue": [4], "white": [1, 2]}}


def entering(mode: str) -> TableState:
    """Four players entering a roll of all ten dice; in sheet mode each holds a sheet."""
    table = apply_table(TableState(), Action("table.new_game", None, {
        "game": "safehouse", "seats": SEATS, "options": {"mode": mode}}), GAMES)
    letters = "SAFE" if mode == "sheet" else ""
    for action in (*(Action("sheet", seat, {"letter": letter})
                     for seat, letter in enumerate(letters)),
                   Action("roll", None, ROLL), Action("go")):
        table = apply_table(table, action, GAMES)
    return table


def views_ms(table: TableState, repeat: int) -> list[float]:
    """How long each round of views takes: the box's and every phone's."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for seat in (None, *range(SEATS)):
            table_view(table, GAMES, seat, 0)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    repeat = parser.parse_args().repeat
    figures: dict[str, Any] = {mode: percentiles(views_ms(entering(mode), repeat))
                               for mode in ("sheet", "light")}
    report("safehouse_sheets", {"views_per_action": figures})


if __name__ == "__main__":
    main()
