"""The table page in Debian's Chromium: its language switch reaches what it keeps between
views (the importer of a game's documents)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_robnrun import table_page
from tests.browser.test_two_phones import browser, server, table

pytestmark = pytest.mark.browser
__all__ = ["browser", "server", "table"]


def test_the_importer_follows_the_language_switch(server: Server, table: Table,
                                                  browser: Browser) -> None:
    """Drawn in English, it speaks German after the switch: where it shows and where it
    waits unseen for its game to be chosen again."""
    page = table_page(browser, server.url, table).page
    page.locator('[data-game="safehouse"]').click()
    safehouse = page.locator('.import[data-game="safehouse"]')
    expect(safehouse.locator("summary")).to_have_text("Take from a file or text")
    page.locator('[data-game="robnrun"]').click()
    robnrun = page.locator('.import[data-game="robnrun"]')
    expect(robnrun.locator("summary")).to_have_text("Take from a file or text")
    robnrun.locator("summary").click()
    page.fill("#robnrun-import-text", "{half typed")

    page.locator('[data-lang="de"]').click()
    expect(robnrun.locator("summary")).to_have_text("Aus Datei oder Text übernehmen")
    expect(robnrun.locator('[data-action="import"]')).to_have_text("Übernehmen")
    expect(robnrun.locator('label[for="robnrun-import-file"]')).to_have_text("Datei wählen")
    text = page.locator("#robnrun-import-text")
    expect(text).to_have_attribute("placeholder", "… oder den Text (JSON) hier einfügen")
    expect(text).to_have_attribute("aria-label", "… oder den Text (JSON) hier einfügen")
    expect(text).to_have_value("{half typed")  # what was typed stays
    expect(page.locator("#robnrun-import-file")).to_have_attribute("aria-label", "Datei wählen")

    page.locator('[data-game="safehouse"]').click()
    expect(safehouse.locator("summary")).to_have_text("Aus Datei oder Text übernehmen")
    expect(safehouse.locator('[data-action="import"]')).to_have_text("Übernehmen")
