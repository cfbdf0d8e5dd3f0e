"""Safehouse in Debian's Chromium: the table page sets the game up, two phones play it to a
win (dice chosen, faces typed, both helps, orders opened and closed on each sheet, an earlier
roll's kept as it is on the phone but not on the table page), then a rematch to a
loss (the table page corrects the pursuer, the next step before the roll catches a player,
and the phones say so instead of showing an empty roll); and the box profile kept as a file
and brought back."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FilePayload, Page, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.test_phones import Phone
from tests.browser.test_robnrun import crew_phone, table_page
from tests.browser.test_two_phones import browser, shoot, table
from tests.games.safehouse_helpers import ORDERS

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]


def tap(page: Page, selector: str) -> None:
    page.locator(selector).first.tap()


def state(table: Table) -> dict[str, object]:
    view: dict[str, object] = table.published.public["state"]
    return view


def set_up(page: Page) -> None:
    """The table page starts Safehouse for 2 with seat 1 rolling first."""
    expect(page.locator("#setup")).to_be_visible()
    page.locator('[data-game="safehouse"]').click()
    page.locator('[data-seats="2"]').click()
    page.locator('[data-option="first_player"][data-value="0"]').click()
    expect(page.locator(".sh-profile")).to_contain_text("Example values")
    shoot(page, "safehouse-table-setup.png")
    page.locator("#setup-start").click()
    expect(page.locator("#board")).to_be_visible()


def close(phone: Page, *rows: int) -> None:
    """Orders closed with the arrow 6."""
    for row in rows:
        tap(phone, f'[data-row="{row}"][data-set="closed"]')
        tap(phone, f'[data-row="{row}"][data-arrow="6"]')
        expect(phone.locator(f'.sh-order[data-row="{row}"]')).to_have_attribute(
            "data-status", "closed")


def test_two_phones_and_the_table_page_play_to_a_win_and_to_a_loss(
        server: Server, table: Table, browser: Browser) -> None:
    board = table_page(browser, server.url, table)
    set_up(board.page)
    ina: Phone = crew_phone(browser, server.url, 0, "Ina")
    sami: Phone = crew_phone(browser, server.url, 1, "Sami")
    expect(ina.page.locator("#headline")).to_have_text("Your roll!")
    expect(sami.page.locator("#headline")).to_have_text("Ina rolls")

    # Ina chooses two yellow dice and one of each other colour (four numbers); a joker alone
    # cannot be rolled.
    tap(ina.page, '[data-colour="white"][data-step="up"]')
    expect(ina.page.locator('[data-action="roll"]')).to_be_disabled()
    tap(ina.page, '[data-colour="white"][data-step="down"]')
    tap(ina.page, '[data-colour="yellow"][data-step="up"]')
    tap(ina.page, '[data-colour="yellow"][data-step="up"]')
    for colour in ("green", "red", "blue"):
        tap(ina.page, f'[data-colour="{colour}"][data-step="up"]')
    tap(ina.page, '[data-action="roll"]')
    expect(sami.page.locator("[data-pursuer]")).to_have_attribute("data-pursuer", "1")
    for die, value in (('[data-colour="yellow"][data-die="0"]', "3"),
                       ('[data-colour="yellow"][data-die="1"]', "P"),
                       ('[data-colour="green"][data-die="0"]', "2"),
                       ('[data-colour="red"][data-die="0"]', "4"),
                       ('[data-colour="blue"][data-die="0"]', "1")):
        tap(ina.page, f'{die}[data-face="{value}"]')
    shoot(ina.page, "safehouse-faces.png")
    tap(ina.page, '[data-action="faces"]')
    expect(sami.page.locator("#headline")).to_have_text("Use a help?")
    expect(sami.page.locator('[data-action="go"]')).to_have_count(0)  # Ina's to decide
    # "The pursuer does not move": its face crossed out at once, on every phone; the group
    # may still roll again before it goes on.
    expect(ina.page.locator('[data-action="go"]')).to_have_text("Go on (pursuer +1)")
    tap(ina.page, '[data-action="help"][data-kind="ignore"]')
    tap(ina.page, '[data-action="help"][data-kind="ignore"]')  # the second tap confirms
    expect(sami.page.locator(".sh-roll .sh-die.ignored")).to_have_count(1)
    expect(sami.page.locator("[data-stays]")).to_have_text(
        "The pursuer does not move: it stays on field 1.")
    expect(ina.page.locator('[data-action="go"]')).to_have_text(
        "Go on (the pursuer stays on field 1)")
    shoot(sami.page, "safehouse-ignored.png")
    tap(ina.page, '[data-reroll="yellow/1"]')
    tap(ina.page, '[data-action="help"][data-kind="reroll"]')
    tap(ina.page, '[data-colour="yellow"][data-die="1"][data-face="5"]')
    tap(ina.page, '[data-action="faces"]')
    expect(ina.page.locator("[data-numbers]")).to_have_attribute("data-numbers",
                                                            "Yellow 8,Green 2,Red 4,Blue 1")
    tap(ina.page, '[data-action="go"]')
    expect(ina.page.locator("#headline")).to_have_text("Everyone enters")

    # Four numbers close two of the bottom three orders (two each, beside the grey 6).
    close(ina.page, 5, 6)
    tap(ina.page, '[data-action="done"]')
    close(sami.page, 5, 6)
    shoot(sami.page, "safehouse-sheet.png")
    tap(sami.page, '[data-action="done"]')
    expect(ina.page.locator("#headline")).to_have_text("Sami rolls")

    # Sami rolls the three colour dice left: the third of those orders closes, one opens. A
    # phone keeps the orders an earlier roll closed; the table page may still correct them.
    table.submit(Action("roll", 1, {"dice": {"green": 1, "red": 1, "blue": 1},
                                    "faces": {"green": [3], "red": [3], "blue": [3]}}))
    table.submit(Action("go", 1))
    expect(ina.page.locator('[data-kept="5,6"]')).to_have_text(
        "Orders closed in earlier rolls stay closed: a mistake is corrected on the table page "
        "or the box.")
    expect(ina.page.locator('.sh-order[data-row="5"] button')).to_have_count(0)
    expect(board.page.locator('.sh-sheet[data-sheet="0"] [data-row="5"][data-set="empty"]')
           ).to_be_visible()
    for phone in (ina.page, sami.page):
        close(phone, 7)
        tap(phone, '[data-row="0"][data-set="open"]')
        tap(phone, '[data-action="done"]')
    expect(ina.page.locator("#headline")).to_have_text("Take the dice back!")
    # The dice come back (+1: an open order each); one yellow number closes the open ones.
    table.submit(Action("retrieve", 0))
    table.submit(Action("roll", 0, {"dice": {"yellow": 1}, "faces": {"yellow": [2]}}))
    table.submit(Action("go", 0))
    close(ina.page, 0)
    tap(ina.page, '[data-action="done"]')
    tap(sami.page, '[data-row="0"][data-set="closed"]')
    tap(sami.page, '[data-row="0"][data-arrow="6"]')  # the last one home: won at once
    for device in (ina, sami, board):
        expect(device.page.locator("#moment")).to_contain_text("Everyone is safe!")  # full screen
        device.page.locator("#moment .moment-title").click()  # the result stays up
        expect(device.page.locator('.sh-moment[data-moment="won"]')).to_contain_text(
            "Everyone is safe!")
    shoot(sami.page, "safehouse-won.png")
    assert state(table)["phase"] == "won" and table.history()[0]["outcome"]["won"] is True

    # The rematch: the table page corrects the pursuer; the next step catches Ina.
    tap(sami.page, '[data-action="table.rematch"]')
    tap(sami.page, '[data-action="table.rematch"]')
    expect(ina.page.locator("#headline")).to_have_text("Your roll!")
    board.page.locator(".sh-drift summary").click()
    board.page.fill("#safehouse-drift", "15")
    board.page.locator('[data-action="pursuer"]').click()
    board.page.locator('[data-action="pursuer"]').click()  # costly: a second tap confirms
    expect(sami.page.locator("[data-pursuer]")).to_have_attribute("data-pursuer", "15")
    tap(ina.page, '[data-colour="green"][data-step="up"]')
    tap(ina.page, '[data-action="roll"]')
    expect(ina.page.locator("#moment")).to_contain_text("Ina, Sami were caught.")
    for device in (ina, sami, board):
        expect(device.page.locator("#moment")).to_contain_text("Caught!")
        device.page.locator("#moment .moment-title").click()
        expect(device.page.locator('.sh-moment[data-moment="lost"]')).to_contain_text("Caught!")
    expect(ina.page.locator('.sh-moment[data-moment="lost"]')).to_contain_text("Ina, Sami")
    # What caught them, not an empty roll: the step before the roll, no dice rolled.
    expect(sami.page.locator('[data-lost="step"]')).to_have_text(
        "Before the roll the pursuer stepped onto field 16: the dice were not rolled.")
    expect(sami.page.locator(".sh-roll")).to_have_count(0)
    expect(sami.page.get_by_text("No number in this roll.")).to_have_count(0)
    shoot(ina.page, "safehouse-lost.png")
    assert state(table)["caught"] == [0, 1]


def saved_profile(table: Table) -> dict[str, object]:
    saved: dict[str, object] = table.published.public["saved"]["safehouse"]["profile"]["box"]
    return saved


def test_numbers_typed_for_the_track_stay_while_the_page_redraws(
        server: Server, table: Table, browser: Browser) -> None:
    page = table_page(browser, server.url, table).page
    page.locator('[data-game="safehouse"]').click()
    profile = page.locator(".sh-profile")
    profile.locator('[name="profile-safehouse"]').fill("37")
    page.locator('[data-seats="3"]').click()
    table.submit(Action("table.show_wifi", None, {"show": False}))  # a new view, redrawn
    page.wait_for_function("v => window.Getaway.state.view?.version >= v",
                           arg=table.published.version)
    expect(profile.locator('[name="profile-safehouse"]')).to_have_value("37")
    profile.locator('[data-action="table.save"]').click()
    expect(profile).to_have_attribute("data-profile", "own")
    assert saved_profile(table)["safehouse"] == 37


def test_the_table_page_keeps_the_track_as_a_file_and_brings_it_back(
        server: Server, table: Table, browser: Browser) -> None:
    page = table_page(browser, server.url, table).page
    expect(page.locator("#setup")).to_be_visible()
    page.locator('[data-game="safehouse"]').click()
    profile = page.locator(".sh-profile")
    profile.locator('[name="profile-safehouse"]').fill("36")
    profile.locator('[data-action="table.save"]').click()
    expect(profile).to_have_attribute("data-profile", "own")
    with page.expect_download() as download:
        profile.locator('[data-action="export"]').click()
    exported = Path(download.value.path()).read_text()
    assert json.loads(exported)["data"] == saved_profile(table)

    profile.locator('[name="profile-safehouse"]').fill("38")
    profile.locator('[data-action="table.save"]').click()
    expect(profile.locator('[name="profile-safehouse"]')).to_have_value("38")
    profile.locator(".import summary").click()
    page.fill("#safehouse-import-text", exported)
    profile.locator('[data-action="import"]').click()
    expect(profile.locator('[name="profile-safehouse"]')).to_have_value("36")
    assert saved_profile(table)["safehouse"] == 36

    bare = {"name": "Block B", "safehouse": 34, "start": 16, "pursuer": 0, "orders": 8}
    page.fill("#safehouse-import-text", json.dumps(bare))
    profile.locator('[data-action="import"]').click()
    expect(profile.locator('[name="profile-safehouse"]')).to_have_value("34")
    assert saved_profile(table) == {**bare, "sheets": {}, "example": False}
    page.fill("#safehouse-import-text", json.dumps({**bare, "start": 40}))
    profile.locator('[data-action="import"]').click()
    expect_toast(page, "The pursuer starts behind you", "error")
    assert saved_profile(table)["safehouse"] == 34
    shoot(page, "safehouse-table-profile.png")


def expect_toast(page: Page, words: str, tone: str) -> None:
    """The toast says ``words`` in the look of its tone: a tick on green for what worked, a
    warning sign on red for an error."""
    toast = page.locator("#toast")
    expect(toast).to_contain_text(words)
    expect(toast).to_have_attribute("data-tone", tone)
    sign, edge = toast.evaluate(
        "el => [getComputedStyle(el, '::before').content, getComputedStyle(el).borderLeftColor]")
    assert (("\u2713" in sign, edge) == (True, "rgb(60, 207, 126)") if tone == "good"
            else ("\u26a0" in sign, edge) == (True, "rgb(255, 77, 77)"))
    page.evaluate("document.getElementById('toast').hidden = true")


MINE = '.sh-digital[data-sheet="0"]'
"""Ina's own sheet on her phone."""


def test_a_phone_fills_and_closes_an_order_on_its_digital_sheet(
        server: Server, table: Table, browser: Browser) -> None:
    board = table_page(browser, server.url, table)
    expect(board.page.locator("#setup")).to_be_visible()
    board.page.locator('[data-game="safehouse"]').click()
    board.page.locator('[data-seats="2"]').click()
    board.page.locator('[data-option="mode"][data-value="sheet"]').click()
    board.page.locator("#setup-start").click()
    ina: Phone = crew_phone(browser, server.url, 0, "Ina")
    sami: Phone = crew_phone(browser, server.url, 1, "Sami")

    tap(ina.page, 'button[data-letter="S"]')
    expect(sami.page.locator('button[data-letter="S"]')).to_be_disabled()  # a different one each
    tap(sami.page, 'button[data-letter="A"]')
    expect(ina.page.locator(MINE)).to_contain_text("My sheet S")
    expect(ina.page.locator(f'{MINE} [data-example="sheet"]')).to_be_visible()  # made up

    for colour in ("yellow", "blue", "red"):
        tap(ina.page, f'[data-colour="{colour}"][data-step="up"]')
    tap(ina.page, '[data-action="roll"]')
    for colour in ("yellow", "blue", "red"):
        tap(ina.page, f'[data-colour="{colour}"][data-die="0"][data-face="4"]')
    tap(ina.page, '[data-action="faces"]')
    tap(ina.page, '[data-action="go"]')

    # Order 1 of sheet S: yellow, blue, red, all the same; its arrow 2.
    order = ina.page.locator(f'{MINE} .sh-row[data-row="0"]')
    tap(ina.page, f'{MINE} [data-row="0"][data-field="0"]')
    expect(ina.page.locator(".sh-picker")).to_contain_text("Order 1, field 1 (Yellow)")
    tap(ina.page, '.sh-picker [data-number="4"][data-colour="yellow"]')
    expect(order).to_have_attribute("data-status", "open")
    tap(ina.page, f'{MINE} [data-row="0"][data-field="0"]')  # a typo: take it back
    tap(ina.page, '.sh-picker [data-action="erase"]')
    expect(order).to_have_attribute("data-status", "empty")
    for field, colour in ((0, "yellow"), (1, "blue")):
        tap(ina.page, f'{MINE} [data-row="0"][data-field="{field}"]')
        tap(ina.page, f'.sh-picker [data-number="4"][data-colour="{colour}"]')
        written = ina.page.locator(f'{MINE} [data-row="0"][data-field="{field}"]')
        expect(written).to_have_attribute("data-number", "4")
    shoot(ina.page, "safehouse-digital-sheet.png")
    tap(ina.page, f'{MINE} [data-row="0"][data-field="2"]')
    tap(ina.page, '.sh-picker [data-number="4"][data-colour="red"]')
    expect(order).to_have_attribute("data-status", "closed")
    expect(sami.page.locator('.sh-lead[data-seat="0"]')).to_contain_text("lead 17")  # 18 - 1
    sami.page.locator(".sh-others summary").click()
    expect(sami.page.locator('.sh-others .sh-row[data-row="0"]')).to_have_attribute(
        "data-status", "closed")
    assert table.published.public["state"]["players"][0]["position"] == 18


def test_a_sheet_taken_already_is_refused_with_the_holders_name(
        server: Server, table: Table, browser: Browser) -> None:
    """The rules know seats, not names: the phone says who has the sheet, as it shows them."""
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                                 "options": {"mode": "sheet"}}))
    ina: Phone = crew_phone(browser, server.url, 0, "Ina")
    sami: Phone = crew_phone(browser, server.url, 1, "Sami")
    tap(ina.page, 'button[data-letter="S"]')
    expect(sami.page.locator('button[data-letter="S"]')).to_have_text("S · Ina")
    sami.page.evaluate('Getaway.send("sheet", { letter: "S" })')  # whatever sends it
    expect_toast(sami.page, "Ina already has sheet S: everyone needs a different sheet.",
                 "error")
    assert table.published.public["state"]["players"][1]["letter"] is None


TYPED = "Y G R B 2\nY G R B 3\nY R B 3\nG B R 3\nY G R 4\nY G 6 R B 5\nR 6 B Y 5\nB 6 G 6"
"""The test's sheets (``ORDERS``) as a group types them: a line an order, then its arrow."""


def test_the_table_page_types_in_the_sheets_exports_and_imports_them(
        server: Server, table: Table, browser: Browser) -> None:
    board = table_page(browser, server.url, table).page
    board.locator('[data-game="safehouse"]').click()
    expect(board.locator("[data-sheets]")).to_have_attribute("data-sheets", "example")
    board.locator(".sh-sheets summary").click()
    for letter in "SAFE":
        board.fill(f"#safehouse-sheet-{letter}", TYPED)
    board.locator('[data-action="sheets-save"]').click()
    expect(board.locator("[data-sheets]")).to_have_attribute("data-sheets", "own")
    expect_toast(board, "Saved", "good")
    saved = table.published.public["saved"]["safehouse"]["profile"]["box"]
    assert saved["sheets"] == {letter: ORDERS for letter in "SAFE"}

    exported = board.request.get(server.url + "api/saved/safehouse/profile/box.json").json()
    assert exported["data"]["sheets"]["F"] == ORDERS
    exported["data"]["sheets"]["F"][7]["arrow"] = 5
    board.locator(".import summary").click()
    board.fill("#safehouse-import-text", json.dumps(exported))
    board.locator('[data-action="import"]').click()
    expect(board.locator(".sh-sheets summary")).to_be_visible()
    board.wait_for_function(
        "() => window.Getaway.state.view.saved.safehouse.profile.box.sheets.F[7].arrow === 5")
    board.locator(".sh-sheets summary").click()
    expect(board.locator("#safehouse-sheet-F")).to_have_value(TYPED[:-1] + "5")


def test_the_lobby_keeps_the_track_and_the_sheets_apart_and_takes_only_the_sheets_used(
        server: Server, table: Table, browser: Browser) -> None:
    """Saving one sheet leaves the track's example warning; saving the track leaves the
    sheets; a phone is offered only the sheet typed in."""
    board = table_page(browser, server.url, table).page
    board.locator('[data-game="safehouse"]').click()
    profile = board.locator(".sh-profile")
    expect(profile).to_have_attribute("data-profile", "example")
    board.locator(".sh-sheets summary").click()
    board.fill("#safehouse-sheet-S", TYPED)
    board.locator('[data-action="sheets-save"]').click()
    expect(board.locator("[data-sheets]")).to_have_text("Your own sheets: S.")
    expect(profile).to_have_attribute("data-profile", "example")
    expect(profile.locator(".sh-example")).to_have_text(
        "\u26a0 Example values: check the Safehouse field and the start fields on your sheets.")
    assert list(table.published.public["saved"]["safehouse"]["profile"]["box"]["sheets"]) == ["S"]

    profile.locator('[name="profile-safehouse"]').fill("38")
    profile.locator('[data-action="table.save"]').click()
    expect(profile).to_have_attribute("data-profile", "own")
    expect(profile.locator(".sh-example")).to_have_count(0)
    expect(board.locator("[data-sheets]")).to_have_text("Your own sheets: S.")

    board.locator('[data-seats="2"]').click()
    board.locator('[data-option="mode"][data-value="sheet"]').click()
    board.locator("#setup-start").click()
    ina: Phone = crew_phone(browser, server.url, 0, "Ina")
    expect(ina.page.locator("button[data-letter]")).to_have_text(["S"])
    expect(ina.page.locator(".sh-example")).to_have_count(0)


def test_the_trial_groups_findings_on_the_phones(server: Server, table: Table,
                                                 browser: Browser) -> None:
    """A new group's trial: whose job the faces are, a typo corrected before the helps, the
    help that needs a pursuer offered only with one, taking the dice back and correcting the
    pursuer on a second tap, and a caught player said to be caught, never a lead of -1."""
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                                 "options": {"first_player": 0}}))
    ina: Phone = crew_phone(browser, server.url, 0, "Ina")
    ben: Phone = crew_phone(browser, server.url, 1, "Ben")
    table.submit(Action("roll", 0, {"dice": {"yellow": 1, "green": 1}}))
    expect(ben.page.locator("#headline")).to_have_text("Ina types in the faces")
    expect(ina.page.locator("#headline")).to_have_text("Type in the faces")
    tap(ina.page, '[data-colour="yellow"][data-die="0"][data-face="P"]')
    tap(ina.page, '[data-colour="green"][data-die="0"][data-face="3"]')
    tap(ina.page, '[data-action="faces"]')
    expect(ina.page.locator('[data-action="help"][data-kind="ignore"]')).to_have_count(1)
    tap(ina.page, '[data-action="face_back"]')  # the yellow die showed a 3, not the pursuer
    expect(ina.page.locator('[data-action="faces"]')).to_be_enabled()
    expect(ina.page.locator('[data-colour="yellow"][data-face="P"]')).to_have_attribute(
        "aria-pressed", "true")
    tap(ina.page, '[data-colour="yellow"][data-die="0"][data-face="3"]')
    tap(ina.page, '[data-action="faces"]')
    expect(ina.page.locator('[data-action="go"]')).to_have_text("Go on (pursuer +0)")
    expect(ina.page.locator('[data-action="help"][data-kind="ignore"]')).to_have_count(0)
    assert state(table)["helps"] == {"ignore": False, "reroll": False}

    table.submit(Action("go", 0, {}))
    table.submit(Action("order", None, {"seat": 0, "row": 0, "status": "open"}))
    table.submit(Action("order", None, {"seat": 0, "row": 1, "status": "open"}))
    table.submit(Action("done", None, {}))
    table.submit(Action("pursuer", None, {"field": 14}))
    tap(ben.page, '[data-action="retrieve"]')  # the first tap asks again
    expect(ben.page.locator('[data-action="retrieve"]')).to_have_attribute("data-armed", "yes")
    assert state(table)["pursuer"] == 14
    ben.page.locator(".sh-drift summary").click()
    ben.page.fill("#safehouse-drift", "15")
    tap(ben.page, '[data-action="pursuer"]')
    assert state(table)["pursuer"] == 14
    tap(ben.page, '[data-action="pursuer"]')
    expect(ben.page.locator("[data-pursuer]")).to_have_attribute("data-pursuer", "15")
    table.submit(Action("retrieve", None, {}))  # two open orders: onto 17, past Ben's 16
    expect(ben.page.locator("#moment")).to_contain_text("Caught!")
    ben.page.locator("#moment").click()
    for phone in (ina, ben):
        expect(phone.page.locator('.sh-lead[data-caught="true"] .sh-num')).to_have_text(
            ["caught", "caught"])
        expect(phone.page.get_by_text("-1")).to_have_count(0)
    expect(ben.page.locator("#subline")).to_contain_text("you were caught")


def test_the_importer_takes_a_chosen_file_on_take_it_and_says_what_to_do_without_one(
        server: Server, table: Table, browser: Browser) -> None:
    """Choosing a file only chooses it; "Take it" imports it with one "Saved"; with neither a
    file nor pasted text it says what to do instead of "not JSON"."""
    page = table_page(browser, server.url, table).page
    page.locator('[data-game="safehouse"]').click()
    profile = page.locator(".sh-profile")
    profile.locator(".import summary").click()
    bare = {"name": "Block B", "safehouse": 34, "start": 16, "pursuer": 0, "orders": 8}
    chosen: FilePayload = {"name": "block-b.json", "mimeType": "application/json",
                           "buffer": json.dumps(bare).encode()}
    page.set_input_files("#safehouse-import-file", files=chosen)
    profile.locator('[data-action="import"]').click()
    expect(profile.locator('[name="profile-safehouse"]')).to_have_value("34")
    expect(page.locator("#toast")).to_have_text("Saved")
    page.evaluate("document.getElementById('toast').hidden = true")
    profile.locator('[data-action="import"]').click()
    expect(page.locator("#toast")).to_have_text("Choose a file or paste the text first.")
    assert saved_profile(table)["safehouse"] == 34


def test_a_field_that_takes_nothing_now_says_why_at_a_tap(
        server: Server, table: Table, browser: Browser) -> None:
    """Sheet S, order 2 rises strictly: with a 4 and a 5 around it, its yellow field takes
    nothing this roll, and a tap says so instead of doing nothing."""
    for action in (Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                                   "options": {"mode": "sheet"}}),
                   Action("sheet", 0, {"letter": "S"}),
                   Action("roll", None, {"dice": {"yellow": 2, "green": 1, "blue": 1, "white": 1},
                                         "faces": {"yellow": [3, 2], "green": [4], "blue": [5],
                                                   "white": [1]}}),
                   Action("go"),
                   Action("write", 0, {"row": 1, "field": 0, "number": 4}),
                   Action("write", 0, {"row": 1, "field": 2, "number": 5})):
        table.submit(action)
    ina = crew_phone(browser, server.url, 0, "Ina").page
    field = ina.locator(f'{MINE} [data-row="1"][data-field="1"]')
    expect(field).to_have_class(re.compile(r"\brefused\b"))
    field.tap()
    expect(ina.locator(".sh-picker")).to_have_count(0)
    expect_toast(ina, "In this order the numbers rise from left to right", "error")


def test_i_have_entered_is_in_sight_on_a_small_phone_wherever_the_sheet_is_scrolled(
        server: Server, table: Table, browser: Browser) -> None:
    """At 320 x 640 the roll and eight orders fill more than the screen: the sheet's last
    buttons stay at its foot as the orders scroll by."""
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2, "options": {
        "first_player": 0, "dice": "table", "mode": "light"}}))
    table.submit(Action("roll", 0, {"dice": {"yellow": 1, "green": 1},
                                    "faces": {"yellow": [3], "green": [2]}}))
    table.submit(Action("go", 0))
    ina = crew_phone(browser, server.url, 0, "Ina").page
    ina.set_viewport_size({"width": 320, "height": 640})
    done = ina.locator('[data-action="done"]')
    for row in (0, len(ORDERS) - 1):
        ina.locator(f'[data-row="{row}"]').first.scroll_into_view_if_needed()
        box = done.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640, (row, box)
