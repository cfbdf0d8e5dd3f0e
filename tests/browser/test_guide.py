"""The guide on the phones and the table page: what to do now, each step explained the first
time in a first game, the setup checklist ticked on the table page, first-game mode switched
from a phone; every screen of it fits every phone (and goes to the gallery)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from companion.games.base import Action
from companion.i18n import text
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_screens import Walk, table
from tests.browser.test_two_phones import browser

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]


@pytest.fixture
def walk(browser: Browser, server: Server, table: Table) -> Iterator[Walk]:
    walk = Walk(browser, server, table)
    yield walk
    for page in walk.pages.values():
        page.context.close()


def test_a_first_game_is_explained_on_the_phones_and_the_table_page(walk: Walk) -> None:
    walk.host()
    walk.act(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "dice": "table", "catchers": "chips"}}))
    walk.sit("Anna", 0)
    walk.sit("Ben", 1)
    table, anna = walk.pages["table"], walk.pages["Anna"]
    expect(anna.locator("#guide .guide-now")).to_have_text(
        text("gendarm.guide.now.start_table", "en"))
    expect(anna.locator("#guide .guide-step")).to_contain_text(
        text("gendarm.guide.step.start", "en"))
    expect(table.locator("#guide .guide-tick")).to_have_count(4)
    table.locator('#guide [data-tick="board"]').tap()
    expect(table.locator('#guide [data-tick="board"]')).to_have_attribute("aria-pressed", "true")
    walk.look("guide-setup", "table", "Anna")
    walk.act(Action("start_roll", None, {"starter": 0}))
    expect(anna.locator("#guide .guide-step")).to_contain_text(
        text("gendarm.guide.step.catcher", "en"))
    expect(table.locator("#guide .guide-tick")).to_have_count(0)
    walk.look("guide-first-step", "table", "Anna")
    anna.locator('#guide [data-action="table.guide"]').tap()
    expect(walk.pages["Ben"].locator("#guide details.guide-rule")).to_be_visible()
    assert walk.table.published.public["teaching"]["first_game"] is False
    walk.look("guide-rule-at-hand", "Ben")
    walk.verdict()


FIRST_GAMES: dict[str, dict[str, Any]] = {
    "romme": {"seats": 2, "options": {"first_player": 0}},
    "gendarm": {"seats": 2, "options": {"dice": "table", "catchers": "chips"}},
    "robnrun": {"seats": 3, "options": {"boss": 0}},
    "safehouse": {"seats": 2, "options": {"first_player": 0}},
}
"""Each game's first game as the gallery shows it: seat 0 begins (rolls, is the boss)."""
FIRST_STEPS: dict[str, tuple[Action, ...]] = {
    "romme": (Action("resume"),),
    "gendarm": (Action("start_roll", None, {"starter": 0}), Action("catcher", 0, {"number": 2}),
                Action("catcher", 1, {"number": 4})),
    "robnrun": (Action("rob", None, {"building": "B1"}), Action("deal")),
    "safehouse": (Action("roll", None, {"dice": {"yellow": 2, "blue": 1}}),),
}
"""Steps into the game up to one that concerns seat 0 alone (its turn, the boss's clues and
tools, the faces of its roll)."""


@pytest.mark.parametrize("game", FIRST_GAMES)
def test_the_first_game_of_every_game_is_explained_to_whom_it_concerns(walk: Walk,
                                                                       game: str) -> None:
    walk.host()
    walk.act(Action("table.new_game", None, {"game": game, **FIRST_GAMES[game]}))
    walk.look(f"{game}-first-game-setup", "table")
    walk.sit("Anna", 0)
    walk.sit("Ben", 1)
    walk.act(*FIRST_STEPS[game])
    step = walk.table.published.public["guide"]["explain"]
    walk.look(f"{game}-first-game-step", "table", "Anna", "Ben")
    for who, explained in (("table", True), ("Anna", True), ("Ben", False)):
        first = walk.pages[who].locator("#guide .guide-step strong")
        expect(first).to_have_count(1 if explained else 0)
    expect(walk.pages["Anna"].locator("#guide .guide-step")).to_contain_text(
        text(step, "en"))
    expect(walk.pages["Ben"].locator("#guide details.guide-rule")).to_have_count(1)
    walk.verdict()
