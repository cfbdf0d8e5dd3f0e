"""A digital sheet's offers are worked out once for a sheet and hand: after a phone writes,
the views ask only its own sheet again, and every view says what it said before."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Action
from companion.games.safehouse import sheet
from companion.table.rules import apply_table
from companion.table.state import TableState
from companion.table.views import table_views

ROLL = {"dice": {"yellow": 2, "green": 2, "red": 1, "blue": 1, "white": 2},
        "faces": {"yellow": [1, 2], "green": [2, 1], "red": [3], "blue": [4], "white": [1, 2]}}


def entering() -> TableState:
    """Four players with digital sheets entering a roll of all ten dice."""
    table = apply_table(TableState(), Action("table.new_game", None, {
        "game": "safehouse", "seats": 4, "options": {"mode": "sheet"}}), GAMES)
    for action in (*(Action("sheet", seat, {"letter": letter})
                     for seat, letter in enumerate("SAFE")),
                   Action("roll", None, ROLL), Action("go")):
        table = apply_table(table, action, GAMES)
    return table


def test_after_a_phone_writes_the_views_work_out_only_its_own_sheet_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = entering()
    before = table_views(table, GAMES, 1)
    offers = before[1][0]["state"]["offers"]
    row, field, pick = next((row, field, picks[0]) for row, fields in enumerate(offers)
                            for field, picks in enumerate(fields) if picks)
    written = apply_table(table, Action("write", 0, {"row": row, "field": field,
                                                     "number": pick["number"]}), GAMES)
    asked: list[tuple[object, ...]] = []
    bounds = sheet.bounds

    def counted(*args: Any) -> tuple[int, int]:
        asked.append(args)
        return bounds(*args)
    monkeypatch.setattr(sheet, "bounds", counted)
    after = table_views(written, GAMES, 2)
    fields = sum(len(order.fields) for order in sheet.sheets(written.game.profile)["S"])
    assert 0 < len(asked) < fields  # the writer's empty fields, once; no other sheet
    for seat in (1, 2, 3):
        assert after[1][seat]["state"]["offers"] == before[1][seat]["state"]["offers"]
        assert after[1][seat]["state"]["refusals"] == before[1][seat]["state"]["refusals"]
    assert after[1][0]["state"]["offers"][row][field] == []
