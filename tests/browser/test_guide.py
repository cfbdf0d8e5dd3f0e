"""The guide on the phones and the table page: what to do now, each step explained the first
time in a first game, the setup checklist ticked on the table page, first-game mode switched
from a phone; every screen of it fits every phone (and goes to the gallery)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from companion.games.base import Action
from companion.i18n import text
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_screens import Walk, clock, table
from tests.browser.test_two_phones import browser, server

pytestmark = pytest.mark.browser
__all__ = ["browser", "clock", "server", "table"]


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
