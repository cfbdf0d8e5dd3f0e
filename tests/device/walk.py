"""Every game of the registry played from the box's buttons: a seeded walk through the menus
and keys each game declares (and the clock running out), a phone stepping in only where the box
has nothing left to do, for checks that must hold on every screen of every game, games added
later included."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

from companion.games import GAMES
from companion.games.base import Action, Game, Games, GetawayError
from companion.table.owner import Table
from companion.table.published import Published
from companion.table.rules import apply_table, check_action
from companion.table.state import TableState
from companion.table.store import Store
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
    yield what the box shows after each step: an item of its menu, one of its keys, the
    running clock run out, or a phone's action where the box waits for one."""
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
    if all(action.type == "table.undo" for action in choices):
        phone(table, shown, chooser)
        return
    with suppress(GetawayError):  # refused: the box would beep ERROR, and the walk goes on
        table.submit(chooser.choice(choices), expect_version=shown.version)


def phone(table: Table, shown: Published, chooser: random.Random) -> None:
    """What a phone may do, as where the box has nothing left but undo (a chip typed in, a
    gendarme given up): one of the actions a seat's view offers, its whole numbers picked as a
    phone's list would offer them (those a game refuses leave the walk where it was)."""
    offers = [(seat, str(kind)) for seat, view in sorted(shown.private.items())
              for kind in (view.get("state") or {}).get("actions") or ()]
    if not offers:
        return  # stuck: the next step shows the same
    seat, kind = chooser.choice(offers)
    declared = table.games[str(shown.public["game"])].arguments.get(kind, {})
    if any(kind_of is not int for kind_of in declared.values()):
        return
    args = {name: chooser.randint(1, 6) for name in declared}
    with suppress(GetawayError):
        table.submit(Action(kind, seat, args), expect_version=shown.version)


def refused_keys(db: Path, shown: Published, games: Games) -> list[str]:
    """The keys of ``shown`` the walk's table at ``db`` would refuse now, with why: tried on
    the state its log replays to, so nothing is done."""
    state = replayed(db, games)
    refused = []
    for button, action in shown.controls.keys.items():
        try:
            check_action(state, action, games)
            apply_table(state, drawn(state, action, games), games)
        except GetawayError as error:
            refused.append(f"{button}: {action.type} ({error.key})")
    return refused


def replayed(db: Path, games: Games) -> TableState:
    """The table's state as the log at ``db`` has it (the Table keeps its own to itself)."""
    last = deque(states(db, games), maxlen=1)
    return last[0] if last else TableState()


def states(db: Path, games: Games) -> Iterator[TableState]:
    """Each state the log at ``db`` went through, in order: each step the walk's table took."""
    store = Store(db)
    try:
        state = TableState()
        for _, event in store.events():
            state = apply_table(state, Action.from_json(event), games)
            yield state
    finally:
        store.close()


def drawn(state: TableState, action: Action, games: Games) -> Action:
    """``action`` with what chance decides filled in, as the Table would (any outcome)."""
    if action.type.startswith("table.") or state.game_id is None:
        return action
    return games[state.game_id].draw(state.game, action, random.Random(0))
