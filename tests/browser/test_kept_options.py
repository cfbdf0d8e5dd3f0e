"""The table page offers a game's options as last used: set on the box's keys, or started with
from the table page, with another game played in between."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_two_phones import become_host, browser
from tests.tables import open_table

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = open_table(tmp_path / "getaway.sqlite")
    yield table
    table.stop()


def seconds_offered(host: Page) -> str:
    """Rommé's seconds per turn on the table page's setup, chosen after another game."""
    host.locator('[data-game="gendarm"]').click()
    host.locator('[data-game="romme"]').click()
    return host.locator('[data-option="turn_seconds"] .stepper-value').inner_text()


def test_the_table_page_offers_the_options_last_used_on_the_box_or_there(
        table: Table, server: Server, browser: Browser) -> None:
    host = browser.new_context(viewport={"width": 1024, "height": 768},
                               locale="en-US").new_page()
    host.goto(server.url + "table")
    become_host(host, table)
    table.submit(Action("table.option", None, {"game": "romme", "option": "turn_seconds",
                                               "value": 15}))
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2}))
    table.submit(Action("table.end_game"))
    expect(host.locator("#setup-start")).to_be_visible()
    assert seconds_offered(host) == "15"
    host.locator('[data-option="turn_seconds"] [data-step="up"]').click()
    host.locator("#setup-start").click()
    expect(host.locator("#board")).to_be_visible()
    assert table.published.public["timer"]["limit_ms"] == 20_000
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2}))
    table.submit(Action("table.end_game"))
    expect(host.locator("#setup-start")).to_be_visible()
    assert seconds_offered(host) == "20"
