"""Rob 'n Run in Debian's Chromium: the table page sets the game up, a boss phone and two crew
phones play one whole robbery (the fourth seat is played from the table page), and no crew
phone ever receives the boss's safes, in any response, pushed view or page source."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.conftest import JOIN_CODE
from tests.browser.test_phones import Phone
from tests.browser.test_two_phones import become_host, browser, shoot, table, take_seat

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]

SECRET = re.compile(r'"safes"\s*(:|\]\s*,)\s*\[\s*\{|"safes"\s*,\s*\d+\s*\]'
                    r'|"alarm"\s*(:|\]\s*,)\s*\{\s*"flashlight"|"alarm"\s*,\s*"flashlight"|data-secret=')
"""Bea's safes as entered, the card in her alarm stack (in a full view or a patch's step), the
safes list on the boss's page (the next boss's own, still empty, secret may reach the next
boss)."""
NOTE = "Carl thinks: no ram in here"


def table_page(browser: Browser, url: str, box: Table) -> Phone:
    table = Phone(browser, url + "table", 1024, "en-US")
    table.page.on("pageerror", lambda error: pytest.fail(f"table page: {error}"))
    become_host(table.page, box)
    return table


def crew_phone(browser: Browser, url: str, seat: int, name: str) -> Phone:
    phone = Phone(browser, f"{url}j/{JOIN_CODE}", 360, "en-US")
    phone.page.on("pageerror", lambda error: pytest.fail(f"{name}'s phone: {error}"))
    take_seat(phone.page, seat, name)
    return phone


def tap(page: Page, selector: str) -> None:
    page.locator(selector).first.tap()


def state(table: Table) -> dict[str, object]:
    view: dict[str, object] = table.published.public["state"]
    return view


def set_up(page: Page) -> None:
    """The table page starts Rob 'n Run for 4 with seat 1 as the first boss."""
    expect(page.locator("#setup")).to_be_visible()
    page.locator('[data-game="robnrun"]').click()
    page.locator('[data-seats="4"]').click()
    page.locator('[data-option="boss"][data-value="0"]').click()
    expect(page.locator('[data-option="scenario"][data-value="training"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(page.locator(".rr-docs")).to_contain_text("Example values")
    shoot(page, "robnrun-table-setup.png")
    page.locator("#setup-start").click()
    expect(page.locator("#board")).to_be_visible()


def enter_safe(boss: Page) -> None:
    """One safe: 2 security cards and 1 dynamite, 3 gold. The rule stands above the form, each
    safe says whether it can be one, and a wrong entry is refused."""
    expect(boss.locator('[data-rule="safe"]')).to_have_text(
        "Each safe: 3 to 5 tools, at most 4 kinds, each at most 4 times; 1 to 3 gold.")
    tap(boss, '[data-safe="0"][data-tool="card"][data-step="up"]')
    expect(boss.locator('[data-check="0"]')).to_have_text("1 tool · A safe needs 3 to 5 tools.")
    tap(boss, '[data-action="safes"]')
    expect(boss.locator("#toast")).to_have_text("Safe 1: A safe needs 3 to 5 tools.")
    for tool in ("card", "dynamite"):
        tap(boss, f'[data-safe="0"][data-tool="{tool}"][data-step="up"]')
    expect(boss.locator('[data-check="0"]')).to_have_text("3 tools · \u2713")
    tap(boss, '[data-safe="0"][data-gold="3"]')
    shoot(boss, "robnrun-boss-safes.png")
    tap(boss, '[data-action="safes"]')
    expect(boss.locator('[data-secret="safes"]')).to_contain_text(
        "security card \u00d72, dynamite \u00d71")


SAYS = {1: "You need the tool dynamite.", 2: "You don't need the tool flashlight.",
        3: "You need 2 different types of tools."}
"""What clues 1-3 say once the boss named a tool or number, as the rule book words them (true
to Bea's safe: the box refuses a false one on her phone)."""


def use_a_clue(boss: Page, face_up: list[int]) -> str:
    """The boss uses the first face-up clue, naming a tool or number for clues 1-3."""
    clue = face_up[0]
    tap(boss, f'[data-action="clue"][data-clue="{clue}"]')
    if clue in (1, 2):
        tap(boss, f'[data-pick="{"dynamite" if clue == 1 else "flashlight"}"]')
    if clue == 3:
        tap(boss, '[data-pick="2"]')
    return f"Clue {clue}: \u201c{SAYS[clue]}\u201d" if clue in SAYS else f"Clue {clue}"


def play(page: Page, action: str) -> None:
    tap(page, f'#actions [data-action="{action}"]')


def moment(page: Page, title: str) -> None:
    """The big moment fills the screen; a tap anywhere goes back to the page."""
    expect(page.locator("#moment .moment-title")).to_have_text(title)
    page.locator("#moment").tap()
    expect(page.locator("#moment")).to_be_hidden()


def result(page: Page, title: str) -> None:
    """The game's result fills the screen and stays after a tap, until the group chooses."""
    expect(page.locator("#moment .moment-title")).to_have_text(title)
    page.locator("#moment .moment-title").tap()
    expect(page.locator("#moment")).to_be_visible()


def open_section(page: Page, name: str) -> None:
    """Open one of the board's sections, which start closed."""
    page.locator(f'[data-section="{name}"] summary').tap()
    expect(page.locator(f'[data-section="{name}"]')).to_have_attribute("open", "")


def test_one_robbery_with_a_boss_and_two_crew_phones(table: Table, server: Server,
                                                     browser: Browser) -> None:
    board = table_page(browser, server.url, table)
    set_up(board.page)
    bea = crew_phone(browser, server.url, 0, "Bea")
    carl = crew_phone(browser, server.url, 1, "Carl")
    dana = crew_phone(browser, server.url, 2, "Dana")

    expect(bea.page.locator("#subline")).to_contain_text("You are the boss")
    expect(carl.page.locator("#subline")).to_contain_text("Bea is the boss")
    for device in (bea, carl, dana, board):
        expect(device.page.locator("[data-example]")).to_contain_text("Example values")
    expect(carl.page.locator('[data-action="rob"]')).to_have_count(0)
    expect(carl.page.locator('[data-now="rob"]')).to_have_text(
        "Now: Bea, the boss, picks a building and puts its safes behind the screen, face down. "
        "Tap it on the boss's phone or choose it on the box.")
    # The fourth seat has no phone: the robbery starts from the table page, not a phone.
    expect(bea.page.locator('[data-action="rob"][data-building="B1"]')).to_be_disabled()
    tap(board.page, '[data-action="rob"][data-building="B1"]')
    expect(carl.page.locator("#game-panel")).to_contain_text("B1 · 1 safe behind the screen")
    expect(bea.page.locator('[data-action="rob"]')).to_have_count(0)      # one building a robbery
    expect(bea.page.locator('[data-now="safes"]')).to_contain_text("Now: Bea enters")
    expect(carl.page.locator('[data-checklist] .current')).to_have_text(
        "The boss enters the safes on their phone")
    expect(bea.page.locator('#actions [data-action="deal"]')).to_have_count(0)  # the safes first
    enter_safe(bea.page)
    play(bea.page, "deal")
    expect(carl.page.locator('[data-now="start"]')).to_be_visible()
    play(bea.page, "start")
    expect(carl.page.locator("#headline")).to_have_text("Robbery 1: clue phase")
    face_up = list(state(table)["clues"]["face_up"])  # type: ignore[index]
    assert len(face_up) == 4  # yellow 4 on the example station
    order = [int(n) for n in bea.page.locator('[data-action="clue"]').evaluate_all(
        "buttons => buttons.map((b) => b.dataset.clue)")]
    assert order == sorted(face_up) + sorted(set(order) - set(face_up))  # face up first, by number
    assert board.page.locator('[data-action="clue"]').evaluate_all(
        "buttons => buttons.map((b) => Number(b.dataset.clue))") == order  # the same on the table
    for clue in set(order) & set(SAYS):
        expect(bea.page.locator(f'[data-action="clue"][data-clue="{clue}"]')).to_contain_text(
            SAYS[clue].replace("flashlight", "X").replace("dynamite", "X").replace("2", "N"))
    used = use_a_clue(bea.page, face_up)
    expect(dana.page.locator(".rr-uses")).to_contain_text(used)
    shoot(bea.page, "robnrun-boss-clues.png")
    play(bea.page, "crew")

    moment(carl.page, "Your turn!")
    expect(carl.page.locator("#headline")).to_have_text("Your turn!")
    expect(dana.page.locator("#headline")).to_have_text("It is Carl's turn")
    expect(dana.page.locator("#moment")).to_be_hidden()
    expect(dana.page.locator('#actions [data-action="play"]')).to_have_count(0)
    shoot(carl.page, "robnrun-crew-turn.png")
    play(carl.page, "play")
    moment(dana.page, "Your turn!")
    expect(dana.page.locator('#actions [data-action="exchange"]')).to_be_visible()
    play(dana.page, "exchange")
    expect(board.page.locator("#headline")).to_have_text("It is Seat 4's turn")
    play(board.page, "play")                                  # seat 4 plays at the box
    moment(carl.page, "Your turn!")
    play(carl.page, "play")
    moment(dana.page, "Your turn!")
    expect(dana.page.locator('#actions [data-action="exchange"]')).to_have_count(0)
    play(dana.page, "play")
    expect(carl.page.locator("#headline")).to_have_text("Robbery 1: alarm phase")
    expect(carl.page.locator('[data-played="4"]')).to_have_text("4 / 4")

    open_section(carl.page, "notes")
    carl.page.fill("#robnrun-notes", NOTE)                    # a crew member's own notes
    tap(carl.page, '[data-action="note"]')
    expect(carl.page.locator("#toast")).to_have_text("Saved")

    for card in ("card", "flashlight", "card", "dynamite"):
        tap(bea.page, f'[data-card="{card}"]')
    expect(bea.page.locator('[data-card="card"]')).to_be_disabled()  # exactly the played count
    shoot(bea.page, "robnrun-boss-sort.png")
    tap(bea.page, '[data-action="sort"]')

    for device in (bea, carl, dana, board):
        moment(device.page, "Cracked!")
        expect(device.page.locator("#headline")).to_have_text("Evaluation: step 1 of 6")
        expect(device.page.locator("#game-panel")).to_contain_text("1 of 1 safe, +3 gold")
        expect(device.page.locator("#game-panel")).not_to_contain_text("Evaluation: step")
    expect(dana.page.locator('[data-alarm="1"]')).to_have_text("1 / 4")
    sorting = dana.page.locator("[data-sorting]")             # what the sort did, for everyone
    expect(sorting).to_contain_text("Laid face up security card \u00d72, dynamite \u00d71")
    expect(sorting).to_contain_text("Onto the alarm stack 1 card (now 1 of 4, before 0)")
    expect(sorting).to_contain_text("Bags none")
    expect(sorting).not_to_contain_text("flashlight")         # which card: the boss's secret
    expect(bea.page.locator('.rr-need [data-tool="flashlight"]')).to_have_text(
        "flashlight needed 0 · face up 0 · in the alarm stack 1")
    expect(carl.page.locator('[data-gold="6"]')).to_be_visible()
    shoot(dana.page, "robnrun-crew-evaluation.png")
    shoot(board.page, "robnrun-table-evaluation.png")
    for step in range(2, 7):
        play(dana.page if step % 2 else carl.page, "next")
        expect(bea.page.locator("#headline")).to_have_text(f"Evaluation: step {step} of 6")
    expect(board.page.locator("#game-panel")).to_contain_text("1 step, now on square 1")
    play(board.page, "next")

    expect(carl.page.locator("#subline")).to_contain_text("You are the boss")
    expect(bea.page.locator("#subline")).to_contain_text("Carl is the boss")
    expect(bea.page.locator("#headline")).to_have_text("Robbery 2: preparation")
    carl.page.reload()
    expect(carl.page.locator("#robnrun-notes")).to_have_value(NOTE)
    shoot(carl.page, "robnrun-next-boss.png")

    seen = {name: device.everything() for name, device in
            (("bea", bea), ("carl", carl), ("dana", dana), ("table", board))}
    assert SECRET.search(seen["bea"]), "the boss never got the safes"
    for name in ("carl", "dana", "table"):
        assert not SECRET.search(seen[name]), f"{name} received the boss's safes"
    assert NOTE in seen["carl"]
    assert all(NOTE not in seen[name] for name in ("bea", "dana", "table"))


def test_the_table_page_edits_shares_and_imports_scenarios(server: Server, table: Table,
                                                           browser: Browser) -> None:
    page = table_page(browser, server.url, table).page
    expect(page.locator("#setup")).to_be_visible()
    page.locator('[data-game="robnrun"]').click()
    page.locator('[data-action="scenario-new"]').click()
    editor = page.locator('[data-editor="scenario"]')
    editor.locator('[name="name"]').fill("Heist night")
    editor.locator('[name="clues"]').fill("1, 2, 3, 4, 5")
    editor.locator('[data-action="table.save"]').click()
    expect(editor.locator(".rr-error")).to_have_text(
        "A scenario has exactly 6 different clues (1-16).")
    editor.locator('[name="clues"]').fill("1, 2, 3, 4, 5, 8")
    editor.locator('[name="square-4-yellow"]').fill("0")           # the last square: white
    editor.locator('[name="square-4-white"]').fill("1")
    shoot(page, "robnrun-table-editor.png")
    editor.locator('[data-action="table.save"]').click()
    expect(page.locator('[data-option="scenario"][data-value="Heist night"]')).to_be_visible()
    kept = table.published.public["saved"]["robnrun"]["scenario"]["Heist night"]
    assert kept["squares"][4] == ["white"]

    row = page.locator('.rr-doc[data-name="Heist night"]')
    with page.expect_download() as download:
        row.locator('[data-action="export"]').click()
    exported = Path(download.value.path()).read_text()
    assert json.loads(exported)["data"] == kept
    row.locator('[data-action="qr"]').click()
    expect(row.locator("img.rr-qr")).to_be_visible()
    assert row.locator("img.rr-qr").evaluate("img => img.naturalWidth") > 0
    shoot(page, "robnrun-table-qr.png")
    row.locator('[data-action="table.forget"]').click()
    row.locator('[data-action="table.forget"]').click()          # the second tap deletes
    expect(row).to_have_count(0)

    page.locator('.import[data-game="robnrun"] summary').click()
    page.fill("#robnrun-import-text", exported)
    page.locator('[data-action="import"]').click()
    expect(row).to_be_visible()
    assert table.published.public["saved"]["robnrun"]["scenario"]["Heist night"] == kept

    page.locator('.rr-doc[data-kind="profile"] [data-action="edit"]').click()
    profile = page.locator('[data-editor="profile"]')
    expect(profile).to_contain_text("Example values")
    profile.locator('[name="car"]').fill("25")
    profile.locator('[data-action="table.save"]').click()
    expect(profile.locator(".rr-error")).to_have_text("Every square lies between 0 and 19.")
