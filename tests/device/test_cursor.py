"""After OK the box's cursor stays on the item chosen, in every menu of every game and of the
table (its lobby, settings and questions): a second OK never does something else by accident.
A new turn starts the menu at its first item instead, and a menu that leads the cursor on (the
tools of a safe, in the order they are listed) has it where it leads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.device.box import follow
from companion.games import GAMES
from companion.games.base import Action, Controls, Game, GetawayError, MenuItem
from companion.table.menu import table_controls
from companion.table.rules import apply_table, check_action
from companion.table.state import TableState
from tests.device.box_walk import choices
from tests.device.walk import drawn, other_choices, states
from tests.tables import open_table

STEPS = 150
STARTS = frozenset({"table.new_game", "table.rematch"})
"""Items that start a game, whose chance only the Table draws: the walk presses them, and no
item of the menu before is left after them anyway."""


def walks(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """The fewest seats with the default settings, the most with the last choice of each."""
    return [(game.min_seats, {}), (game.max_seats, other_choices(game)[-1])]


def found_again(chosen: MenuItem, before: Controls, after: Controls) -> set[int]:
    """Where the new menu has the item chosen: the same key with the params that told it apart
    from the others of its key ("To safe 3" after "To safe 2"), the same key with the first
    param that named it alone ("+5 = 10" after "+5 = 5"), or the same kind of action on the
    same params ("Keep: 1 blue die" after "Again: 1 blue die")."""
    kin = [item.params for item in before.menu if item.key == chosen.key]
    telling = {name for params in kin for name in params
               if params.get(name) != chosen.params.get(name)}
    same = {n for n, item in enumerate(after.menu) if item.key == chosen.key
            and all(item.params.get(name) == chosen.params.get(name) for name in telling)}
    relabelled = {n for n, item in enumerate(after.menu) if chosen.params
                  and (item.action.type, item.params) == (chosen.action.type, chosen.params)}
    naming = next((name for name in chosen.params if len(kin) > 1
                   and len({repr(params.get(name)) for params in kin}) == len(kin)), None)
    named = {n for n, item in enumerate(after.menu) if naming is not None
             and item.key == chosen.key and item.params.get(naming) == chosen.params[naming]}
    return same | relabelled | (named if not same else set())


def misplaced(before: Controls, index: int, after: Controls, cursor: int) -> str | None:
    """What is wrong with the cursor at ``cursor`` after OK on item ``index``, if anything; an
    item that left the menu leaves the cursor where the box reads it should be; a menu that
    leads the cursor (a safe entered tool by tool) has it where it leads."""
    chosen = before.menu[index]
    wanted = {0} if before.turn != after.turn else found_again(chosen, before, after)
    if after.lead is not None and before.menu != after.menu:
        wanted = {after.lead}
    if not wanted or cursor in wanted:
        return None
    return (f"OK on {chosen.key} {dict(chosen.params)} (item {index}) put the cursor on item "
            f"{cursor} of {[(item.key, dict(item.params)) for item in after.menu]}, "
            f"not one of {sorted(wanted)}")


def tried(state: TableState) -> Iterator[tuple[Controls, int, Controls]]:
    """Every item of the box's menu at ``state`` chosen in turn: the menu, the item's place,
    the menu after (items the rules refuse now left out)."""
    before = table_controls(state, GAMES)
    for index, item in enumerate(before.menu):
        if item.action.type in STARTS:
            continue
        try:
            check_action(state, item.action, GAMES)
            after = apply_table(state, drawn(state, item.action, GAMES), GAMES)
        except GetawayError:
            continue
        yield before, index, table_controls(after, GAMES)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_after_ok_the_cursor_stays_on_the_item_chosen(tmp_path: Path, game_id: str) -> None:
    """The box's buttons play the game from the lobby, its settings set there, and every OK
    is checked; then every item of every menu the walk came by is chosen on its own."""
    for n, (seats, options) in enumerate(walks(GAMES[game_id])):
        db = tmp_path / f"{n}.sqlite"
        for choice in choices(db, game_id, seats, options, steps=STEPS):
            assert not misplaced(choice.before, choice.index, choice.after, choice.cursor)
        for state in states(db, GAMES):
            for before, index, after in tried(state):
                assert not misplaced(before, index, after, follow(index, before, after))


def test_an_ok_on_a_step_of_a_hand_s_points_keeps_the_cursor_on_that_step(
        tmp_path: Path) -> None:
    """Rommé on the box: "+5" entered for the last hand missing puts "make the scores final"
    first; the cursor stays on "+5" (a second quick OK adds 5 more, never closes the round)."""
    table = open_table(tmp_path / "log.sqlite")
    try:
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                     "options": {"first_player": 0}}))
        for step in ("resume", "end_turn", "end_turn", "romme"):  # Anna goes out on turn 3
            table.submit(Action(step))
        before = table.published.controls
        five = next(n for n, item in enumerate(before.menu)
                    if item.params.get("change") == "+5")
        table.submit(before.menu[five].action)
        after = table.published.controls
        assert after.menu[0].action.type == "confirm_scores"
        cursor = follow(five, before, after)
        assert (after.menu[cursor].key, after.menu[cursor].params["change"]) == (
            "romme.menu.change", "+5")
    finally:
        table.stop()
