"""The table page in Debian's Chromium: undo says what it took back and whose it was, and the
language switch reaches what the page keeps between views (the importer of a game's
documents)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_robnrun import crew_phone, table_page
from tests.browser.test_safehouse import expect_toast
from tests.browser.test_two_phones import browser, table

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]


def test_undo_says_what_it_took_back_and_whose_it_was(server: Server, table: Table,
                                                      browser: Browser) -> None:
    """A turn ended on Ina's phone, and one ended with the box's TURN button (then it was
    the turn of whoever is on turn again); in each language."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                 "options": {"first_player": 0}}))
    page = table_page(browser, server.url, table).page
    ina = crew_phone(browser, server.url, 0, "Ina").page
    table.submit(Action("resume"))
    ina.locator('[data-action="end_turn"]').tap()
    expect(page.locator("#headline")).not_to_contain_text("Ina")
    page.locator('[data-action="table.undo"]').click()
    expect_toast(page, "Undone: turn ended (Ina)", "good")
    expect(page.locator("#headline")).to_contain_text("Ina")

    table.submit(Action("end_turn"))  # the box's TURN button
    page.locator('[data-lang="de"]').click()
    page.locator('[data-action="table.undo"]').click()
    expect_toast(page, "Rückgängig: Zug beendet (Ina)", "good")
    page.locator('[data-action="table.undo"]').click()  # the clock Ina's turn started with
    expect_toast(page, "Rückgängig: Uhr gestartet (Ina)", "good")


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
