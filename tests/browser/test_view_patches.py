"""The phone page in Debian's Chromium keeps the view the box sends as patches: after several
entries on Safehouse's digital sheets, each page holds exactly the full view a fresh stream
gives."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_robnrun import crew_phone, table_page
from tests.browser.test_two_phones import browser, table
from tests.games.test_safehouse_offers import ROLL

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]

PATCHES = """
window.__patches = 0;
const Original = window.EventSource;
window.EventSource = class extends Original {
  constructor(...args) {
    super(...args);
    this.addEventListener("patch", () => { window.__patches += 1; });
  }
};
"""
"""Counts the patches a page's streams bring."""

FULL = """async (query) => {
  const fresh = new EventSource(`/api/events${query}`);
  const view = await new Promise((done) => fresh.addEventListener("view", (event) => {
    done(JSON.parse(event.data));
  }));
  fresh.close();
  return view;
}"""
"""The full view a new stream of the same reader starts with."""


def test_the_pages_apply_the_patches_to_exactly_the_full_view(
        server: Server, table: Table, browser: Browser) -> None:
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                                 "options": {"mode": "sheet"}}))
    board = table_page(browser, server.url, table)
    phones = [crew_phone(browser, server.url, seat, name)
              for seat, name in enumerate(("Ina", "Sami"))]
    for seat, letter in enumerate("SA"):
        table.submit(Action("sheet", seat, {"letter": letter}))
    table.submit(Action("roll", None, ROLL))
    for page in (board.page, *(phone.page for phone in phones)):
        page.add_init_script(PATCHES)
        page.reload()
        expect(page.locator("#board" if page is board.page else "#me")).to_be_visible()
    pages = ((board.page, "?page=table"), *((phone.page, "") for phone in phones))

    def step(action: Action) -> int:
        """The action taken, once every page has its version."""
        version = table.submit(action)
        for page, _ in pages:
            page.wait_for_function("(v) => Getaway.state.view && Getaway.state.view.version >= v",
                                   arg=version)
        return version

    step(Action("go"))
    state = table.published.view(0, table.clock())["state"]
    row, field, number = next((row, field, picks[0]["number"])
                              for row, fields in enumerate(state["offers"])
                              for field, picks in enumerate(fields) if picks)
    step(Action("write", 0, {"row": row, "field": field, "number": number}))
    step(Action("erase", 0, {"row": row, "field": field}))
    step(Action("write", 0, {"row": row, "field": field, "number": number}))
    version = step(Action("done", 1))
    for page, query in pages:
        kept = page.evaluate("Getaway.state.view")
        assert kept["version"] == version and kept == page.evaluate(FULL, query)
        assert page.evaluate("window.__patches") >= 3  # a version may come with the next
