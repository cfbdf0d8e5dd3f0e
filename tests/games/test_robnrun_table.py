"""Rob 'n Run at a real Table: the box draws, the log replays the game exactly after a power
cut, undo steps over public steps but never over the deal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.base import Action, IllegalAction
from companion.table.owner import Table
from tests.tables import open_table
from tests.views import robnrun_table

BOSS = 1


def play(table: Table, kind: str, seat: int | None = None, **args: Any) -> None:
    table.submit(Action(kind, seat, args))


def undoable(table: Table) -> Any:
    """Whether the box may undo now, as the public view says."""
    return table.published.public["undo"]


def views(table: Table) -> list[dict[str, Any]]:
    published = table.published
    return [published.public, *(published.private[seat] for seat in sorted(published.private))]


def a_robbery_in_progress(table: Table) -> None:
    play(table, "table.new_game", game="robnrun", seats=4, options={"variation1": "on"})
    boss = robnrun_table(table)["boss"]
    play(table, "rob", building="B3")
    play(table, "deal")
    play(table, "safes", boss, safes=[{"tools": {"acid": 2, "ram": 2}, "gold": 2}] * 3)
    play(table, "start")
    play(table, "crew")
    play(table, "play")
    play(table, "exchange")


def test_a_game_comes_back_exactly_after_the_plug_is_pulled(tmp_path: Path) -> None:
    db = tmp_path / "getaway.sqlite"
    table = open_table(db, seed=7)
    a_robbery_in_progress(table)
    before = views(table)
    table.stop()
    again = open_table(db, seed=99)  # other chance: replay must not draw anew
    try:
        assert views(again) == before
        assert before[0]["state"]["crew"]["played"] == 1
    finally:
        again.stop()


def test_variation_1_draws_the_cubes_and_dealers_on_the_box(tmp_path: Path) -> None:
    layouts = set()
    for seed in range(6):
        table = open_table(tmp_path / f"{seed}.sqlite", seed=seed)
        play(table, "table.new_game", game="robnrun", seats=3, options={"variation1": "on"})
        state = robnrun_table(table)
        layouts.add(str((state["squares"], state["dealers"])))
        assert [len(square) for square in state["squares"]] == [2, 2, 1, 1, 1]
        table.stop()
    assert len(layouts) > 1


def test_undo_steps_back_over_public_steps_but_never_over_the_deal(tmp_path: Path) -> None:
    table = open_table(tmp_path / "getaway.sqlite", seed=3)
    play(table, "table.new_game", game="robnrun", seats=4, options={"boss": BOSS})
    play(table, "rob", building="A1")
    assert undoable(table) is True
    play(table, "table.undo")
    assert robnrun_table(table)["prepare"]["building"] is None
    play(table, "rob", building="A2")
    play(table, "deal")
    assert undoable(table) is False
    with pytest.raises(IllegalAction) as refused:
        play(table, "table.undo")
    assert refused.value.key == "error.undo_reveal"
    safes = [{"tools": {tool: 3}, "gold": 1} for tool in ("card", "ram", "acid")]
    play(table, "safes", BOSS, safes=safes)
    play(table, "start")
    play(table, "table.undo")
    assert robnrun_table(table)["phase"] == "prepare"
    table.stop()
