"""Every game of the registry played from the box's buttons alone: a seeded walk through the
menus and keys each game declares (and the clock running out), for checks that must hold on
every screen of every game, games added later included."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

from companion.games import GAMES
from companion.games.base import Action, Game, GetawayError
from companion.table.owner import Table
from companion.table.published import Published
from tests.clock import FakeClock
from tests.tables import open_table

WAY_OUT = frozenset({"table.end_game", "table.end_ask"})
"""What a walk never chooses: it would leave the game it walks through."""


def seat_counts(game: Game[Any]) -> list[int]:
    """The fewest and the most seats the game takes."""
    return sorted({game.min_seats, game.max_seats})


def other_choices(game: Game[Any]) -> list[dict[str, Any]]:
    """Options for a game that differ from the defaults in one choice each: every choice an
    option offers besides its default, the most choices of all set at once (the highest
    level, the table's dice ...)."""
    chosen = [{option.name: choice} for option in game.options
              for choice in option.choices if choice != option.default]
    last = {option.name: option.choices[-1] for option in game.options if option.choices}
    return [*chosen, last]


def walk(db: Path, game_id: str, seats: int, *, steps: int = 80, seed: int = 1,
         options: dict[str, Any] | None = None) -> Iterator[Published]:
    """Start ``game_id`` for ``seats`` (with ``options``, else the defaults) from the box and
    yield what the box shows after each step: an item of its menu, one of its keys, or the
    running clock run out."""
    clock = FakeClock()
    table = open_table(db, clock, seed, GAMES)
    chooser = random.Random(seed)
    try:
        table.submit(Action("table.new_game", None, {"game": game_id, "seats": seats,
                                                      "options": options or {}}))
        for _ in range(steps):
            shown = table.published
            yield shown
            if shown.public["game"] is None:
                return
            _step(table, shown, clock, chooser)
    finally:
        table.stop()


def _step(table: Table, shown: Published, clock: FakeClock, chooser: random.Random) -> None:
    controls = shown.controls
    choices = [item.action for item in controls.menu] + list(controls.keys.values())
    choices = [action for action in choices if action.type not in WAY_OUT]
    timer = shown.public.get("timer")
    if timer and timer["running"] and (not choices or chooser.random() < 0.2):
        clock.advance(timer["remaining_ms"] / 1000 + 0.1)
        table.poke()
        return
    if not choices:
        return  # stuck: the next step shows the same
    with suppress(GetawayError):  # refused: the box would beep ERROR, and the walk goes on
        table.submit(chooser.choice(choices), expect_version=shown.version)
