"""Each game's options as last used: one set, whether chosen on the box or started with from the
table page, kept across other games in between and over a restart; the box and the table page
both start from it."""

from __future__ import annotations

from pathlib import Path

from companion.games.base import JSON, Action
from companion.table.owner import Table
from tests.tables import open_table

GENDARM = Action("table.new_game", None, {"game": "gendarm", "seats": 2})
END = Action("table.end_game")


def romme_offered(table: Table) -> tuple[JSON, JSON, JSON]:
    """Rommé's seconds per turn as the table page, the box's settings and its lobby offer them."""
    page = table.published.public["kept_options"]["romme"].get("turn_seconds")
    lobby = next(item.action.args["options"]["turn_seconds"]
                 for item in table.published.controls.menu
                 if item.action.args.get("game") == "romme" and "seats" in item.action.args)
    table.submit(Action("table.setup", None, {"game": "romme", "option": ""}))
    box = next(item.params["value"] for item in table.published.controls.menu
               if item.action.args.get("option") == "turn_seconds")
    table.submit(Action("table.setup", None, {"game": ""}))
    return page, int(str(box)), lobby


def test_options_set_on_the_box_reach_the_table_page_across_another_game(tmp_path: Path) -> None:
    table = open_table(tmp_path / "getaway.sqlite")
    try:
        table.submit(Action("table.option", None, {"game": "romme", "option": "turn_seconds",
                                                   "value": 15}))
        table.submit(GENDARM)
        table.submit(END)
        assert romme_offered(table) == (15, 15, 15)
    finally:
        table.stop()


def test_options_started_with_on_the_table_page_reach_the_box_and_survive_a_restart(
        tmp_path: Path) -> None:
    table = open_table(tmp_path / "getaway.sqlite")
    try:
        table.submit(Action("table.new_game", None, {
            "game": "romme", "seats": 3, "options": {"turn_seconds": 55, "first_player": 2}}))
        table.submit(END)
        table.submit(GENDARM)
        table.submit(END)
        assert romme_offered(table) == (55, 55, 55)
        assert "first_player" not in table.published.public["kept_options"]["romme"], \
            "a seat of one table is not kept for the next"
    finally:
        table.stop()
    again = open_table(tmp_path / "getaway.sqlite")
    try:
        assert romme_offered(again) == (55, 55, 55)
    finally:
        again.stop()
