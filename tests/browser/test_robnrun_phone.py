"""Rob 'n Run on phones in Debian's Chromium at 360 and 412 px, as a group found it on its
first evening: the task of the moment comes first, the rest of the board one tap away; big
moments fill the screen and buzz; the named-tool marks are public and can be taken back; the
box profile is confirmed once; no word breaks in the middle, in German or English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.conftest import JOIN_CODE
from tests.browser.test_phones import Phone
from tests.browser.test_robnrun import moment, open_section, result, table_page
from tests.browser.test_two_phones import assert_tappable, browser, table
from tests.browser.test_two_phones import take_seat as join
from tests.device.test_robnrun_screen import SAFES, WRONG, Heist

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]

HEIGHT = 800
"""The phones' screen height (tests.browser.test_phones.Phone)."""
BUZZ = "window.__buzz = []; navigator.vibrate = (p) => { __buzz.push(p); return true; };"
"""Keeps every vibration a page asks for."""
BROKEN = """() => [...document.querySelectorAll("#status, #actions, #game-panel, #moment")]
  .flatMap((root) => {
    const found = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement.getClientRects().length) continue;   // not shown
      for (const word of node.data.matchAll(/\\p{L}{4,}/gu)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(word[0]);
      }
    }
    return found;
  })"""
"""The words shown broken over two lines in the middle (like "Presslufthamme/r")."""
SIDEWAYS = """() => [...document.querySelectorAll("#status, #actions, #game-panel")]
  .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.id)"""


def phone(browser: Browser, server: Server, seat: int, name: str, width: int,
          locale: str) -> Page:
    """A phone that took ``seat`` and keeps every vibration it asks for."""
    device = Phone(browser, "about:blank", width, locale)
    device.page.on("pageerror", lambda error: pytest.fail(f"{name}'s phone: {error}"))
    device.page.context.add_init_script(BUZZ)
    device.page.goto(f"{server.url}j/{JOIN_CODE}")
    join(device.page, seat, name)
    return device.page


def buzzed(page: Page) -> list[Any]:
    found: list[Any] = page.evaluate("window.__buzz")
    return found


def open_every_section(page: Page) -> None:
    for name in page.locator("details.rr-section:visible:not([open])").evaluate_all(
            "sections => sections.map((s) => s.dataset.section)"):
        open_section(page, name)


def assert_whole_words(*pages: Page) -> None:
    for page in pages:
        open_every_section(page)
        assert page.evaluate(BROKEN) == [], page.viewport_size
        assert page.evaluate(SIDEWAYS) == [], page.viewport_size


# -- the task first, the rest one tap away -------------------------------------------------------

def test_the_task_of_the_moment_comes_first_and_the_board_is_one_tap_away(
        table: Table, server: Server, browser: Browser) -> None:
    heist = Heist(table)
    heist.new_game()
    table.submit(Action("table.guide", None, {"first_game": False}))  # a group that knows it
    bea = phone(browser, server, 0, "Bea", 360, "en-US")
    carl = phone(browser, server, 1, "Carl", 360, "en-US")
    heist.prepare("B1", SAFES[:1])
    heist.do("crew")
    moment(carl, "Your turn!")

    assert carl.evaluate("document.scrollingElement.scrollHeight") <= 3 * HEIGHT
    turn = carl.locator('#actions [data-action="play"]').bounding_box()
    assert turn is not None and turn["y"] + turn["height"] <= HEIGHT  # no scrolling to play
    sections = carl.locator("details.rr-section:visible")
    assert sections.evaluate_all("all => all.map((s) => s.dataset.section)") == [
        "robbery", "station", "route", "buildings", "memory", "notes"]
    for n in range(sections.count()):
        expect(sections.nth(n)).not_to_have_attribute("open", "")
        assert_tappable(sections.nth(n).locator("summary"))
    expect(carl.locator('[data-colour="white"] .rr-value')).to_be_hidden()
    open_section(carl, "station")
    expect(carl.locator('[data-colour="white"] .rr-value')).to_have_text("4")

    for _ in range(4):
        heist.do("play")
    sort = bea.locator('[data-card="card"]').bounding_box()       # the boss's task: sorting
    assert sort is not None and sort["y"] + sort["height"] <= HEIGHT
    expect(bea.locator('[data-section="safes"] summary')).to_have_text("Your safes (secret)")
    expect(bea.locator('[data-section="safes"]')).not_to_have_attribute("open", "")


# -- big moments ---------------------------------------------------------------------------------

def test_big_moments_fill_the_screen_and_buzz(table: Table, server: Server,
                                              browser: Browser) -> None:
    heist = Heist(table)
    heist.new_game()
    carl = phone(browser, server, 1, "Carl", 360, "en-US")
    dana = phone(browser, server, 2, "Dana", 412, "de-DE")
    heist.prepare("A2")
    heist.do("crew")
    expect(carl.locator("#moment")).to_be_visible()
    width, height = carl.evaluate("[innerWidth, innerHeight]")
    assert carl.locator("#moment").bounding_box() == {"x": 0, "y": 0, "width": width,
                                                      "height": height}
    assert buzzed(carl) == [[200]] and buzzed(dana) == []
    expect(dana.locator("#moment")).to_be_hidden()                # not Dana's turn
    moment(carl, "Your turn!")
    for _ in range(4):
        heist.do("play")
    heist.do("sort", 0, cards=WRONG)
    heist.do("crew")
    for _ in range(4):
        heist.do("play")
    heist.do("sort", 0, cards=WRONG)                              # 8 wrong tools, red allows 4
    expect(carl.locator("#moment")).to_contain_text(
        "The red alarm went off! Cracked: 0 of 3 safes, no gold")
    moment(carl, "Alarm!")
    moment(dana, "Alarm!")
    assert [600, 150, 600] in buzzed(carl) and [600, 150, 600] in buzzed(dana)
    heist.finish()
    expect(dana.locator("#moment")).to_contain_text(
        "Spiel vorbei: Die Polizei hat das Fluchtauto erwischt.")
    result(dana, "Geschnappt!")
    result(carl, "Caught!")
    assert buzzed(carl)[-1] == [1000]
    board = table_page(browser, server.url, table).page
    for page, over in ((dana, "Das Spiel ist vorbei."), (carl, "The game is over."),
                       (board, "The game is over.")):
        expect(page.locator('[data-now="lost"]')).to_contain_text(over)
        expect(page.locator("#game-panel")).not_to_contain_text(re.compile("ächste|next", re.I))


def test_cracking_the_safes_and_escaping_are_big_moments_too(table: Table, server: Server,
                                                             browser: Browser) -> None:
    heist = Heist(table)
    heist.own_box()
    heist.new_game(scenario="ours", gold=10)
    carl = phone(browser, server, 1, "Carl", 412, "en-US")
    heist.crack("A2")
    expect(carl.locator("#moment")).to_contain_text("3 of 3 safes, +6 gold")
    moment(carl, "Cracked!")
    assert [100, 60, 100, 60, 300] in buzzed(carl)
    heist.finish()
    heist.crack("B3")
    heist.finish()
    expect(carl.locator("#moment")).to_contain_text("Game over: 22 gold at the airport.")
    result(carl, "Escaped!")
    expect(carl.locator('[data-now="won"]')).to_contain_text("The game is over.")
    expect(carl.locator("#game-panel")).not_to_contain_text(re.compile("next", re.I))


# -- the named tools -----------------------------------------------------------------------------

def test_named_tool_marks_stay_apart_from_the_boss_and_can_be_taken_back(
        table: Table, server: Server, browser: Browser) -> None:
    heist = Heist(table)
    heist.new_game()
    bea = phone(browser, server, 0, "Bea", 412, "en-US")
    carl = phone(browser, server, 1, "Carl", 360, "en-US")
    heist.prepare("B1", SAFES[:1])
    tap_clue = bea.locator('[data-action="clue"][data-clue="1"]')
    tap_clue.tap()                                                # the boss picks a tool...
    expect(bea.locator('[data-pick="acid"]')).to_be_visible()
    expect(bea.locator('[data-action="mark"]:visible')).to_have_count(0)  # ...no public mark near
    expect(bea.locator('.rr-task [data-action="mark"]')).to_have_count(0)
    expect(carl.locator('[data-section="memory"] summary')).to_have_text(
        "Tools named (everyone sees these)")
    open_section(carl, "memory")
    carl.locator('[data-action="mark"][data-tool="acid"]').tap()
    expect(bea.locator('[data-action="mark"][data-tool="acid"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(carl.locator('[data-tool="acid"] .rr-mark-state')).to_have_text("not needed")
    undo = carl.locator('[data-action="mark-undo"]')
    expect(undo).to_have_text("\u21b6\u00a0Take back: acid maybe needed after all")
    assert_tappable(undo)
    undo.tap()
    expect(undo).to_have_count(0)
    expect(bea.locator('[data-action="mark"][data-tool="acid"]')).to_have_attribute(
        "aria-pressed", "false")
    assert table.published.public["state"]["memory"]["acid"] is False


# -- the box profile and the lobby's words ------------------------------------------------------

def test_the_group_confirms_its_box_profile_once_and_the_warning_goes(
        table: Table, server: Server, browser: Browser) -> None:
    board = table_page(browser, server.url, table).page
    board.locator('[data-game="robnrun"]').click()
    training = board.locator('[data-option="scenario"][data-value="training"]')
    expect(training).to_contain_text("The training")
    board.locator('[data-lang="de"]').click()
    expect(training).to_contain_text("Das Training")
    expect(training).not_to_contain_text("example")
    expect(board.locator(".rr-docs")).not_to_contain_text("Beispiel / example")
    row = board.locator('.rr-doc[data-kind="profile"]')
    row.locator('[data-action="edit"]').click()
    expect(board.locator('[data-hint="jackhammer"]')).to_contain_text(
        "Nur für Telefone auf Englisch")
    board.locator('[data-editor="profile"] .pad-row .action').first.click()  # cancel
    expect(row.locator(".tag.warn")).to_have_text("Beispielwerte")
    confirm = row.locator('[data-action="profile-confirm"]')
    confirm.click()
    expect(confirm).to_have_text("Wirklich alle Zahlen geprüft? Nochmal tippen")
    confirm.click()                                               # the second tap confirms
    expect(row.locator(".tag.warn")).to_have_count(0)
    kept = table.published.public["saved"]["robnrun"]["profile"]["box"]
    assert kept["name"] == "Unsere Schachtel" and kept["example"] is False

    board.locator('[data-seats="4"]').click()
    board.locator("#setup-start").click()
    expect(board.locator("#board")).to_be_visible()
    carl = phone(browser, server, 1, "Carl", 360, "en-US")
    expect(carl.locator(".rr-now")).to_be_visible()
    expect(carl.locator("[data-example]")).to_have_count(0)
    expect(board.locator("[data-example]")).to_have_count(0)


def test_the_example_warning_stays_while_the_profile_is_unconfirmed(
        table: Table, server: Server, browser: Browser) -> None:
    Heist(table).new_game()
    dana = phone(browser, server, 2, "Dana", 412, "de-DE")
    expect(dana.locator("[data-example]")).to_have_text(
        "Beispielwerte: Prüft das Box-Profil auf der Tischseite mit eurer Schachtel und "
        "bestätigt es.")


# -- whole words and clear colours at 360 and 412 px --------------------------------------------

def test_no_word_breaks_in_the_middle_in_german_or_english(table: Table, server: Server,
                                                          browser: Browser) -> None:
    heist = Heist(table)
    heist.new_game()
    bea = phone(browser, server, 0, "Bea", 412, "de-DE")
    carl = phone(browser, server, 1, "Carl", 360, "en-US")
    dana = phone(browser, server, 2, "Dana", 360, "de-DE")
    heist.do("rob", building="A2")                                # the boss enters 3 safes
    expect(bea.locator('[data-safe="2"] .rr-tool').nth(6)).to_have_text("Presslufthammer")
    assert_whole_words(bea, carl, dana)
    two = dana.locator('[data-square="7"] .cube')                 # yellow and green together
    expect(two).to_have_count(2)
    first, second = two.nth(0).bounding_box(), two.nth(1).bounding_box()
    assert first is not None and second is not None
    assert second["x"] - (first["x"] + first["width"]) >= 8 or second["y"] > first["y"]
    heist.do("safes", 0, safes=SAFES)
    heist.do("deal")
    heist.do("start")
    bea.locator('[data-action="clue"][data-clue="2"]').tap()
    assert_whole_words(bea, carl, dana)
    bea.locator('[data-pick="jackhammer"]').tap()
    heist.do("crew")
    moment(carl, "Your turn!")
    assert_whole_words(bea, carl, dana)
    for _ in range(4):
        heist.do("play")
    assert_whole_words(bea, carl, dana)
    heist.do("sort", 0, cards=["jackhammer", "bag", "card", "card"])
    expect(dana.locator("[data-sorting]")).to_contain_text("1 Sporttasche, nachgezogen:")
    assert_whole_words(bea, carl, dana)


def test_the_boss_chooses_the_building_once_every_seat_has_a_phone(
        table: Table, server: Server, browser: Browser) -> None:
    """Choosing the building starts the robbery: on a phone it waits, as the first step of
    every game does, until each seat has a phone (the box may start anyway)."""
    heist = Heist(table)
    heist.new_game(seats=3)
    bea = phone(browser, server, 0, "Bea", 360, "en-US")
    phone(browser, server, 1, "Carl", 360, "en-US")
    building = bea.locator('[data-action="rob"]').first
    expect(building).to_be_disabled()
    expect(bea.locator(".rr-waits")).to_have_text("Starts once everyone is here (or on the box)")
    phone(browser, server, 2, "Dana", 360, "en-US")
    expect(building).to_be_enabled()
    expect(bea.locator(".rr-waits")).to_have_count(0)
    building.tap()
    expect(bea.locator('[data-step="rob"]')).to_have_class(re.compile(r"\bdone\b"))


def test_the_table_page_waits_while_the_box_enters_the_safes(
        table: Table, server: Server, browser: Browser) -> None:
    """The boss plays openly on the box: the table page deals no clue before every safe is
    entered there, and says what a safe needs."""
    heist = Heist(table)
    heist.new_game()
    board = table_page(browser, server.url, table).page
    heist.do("rob", building="A2")
    heist.do("openly", ask=True)
    heist.do("openly")
    expect(board.locator('[data-now="safes_openly"]')).to_contain_text(
        "Enter the tools (3 to 5) and the gold (1 to 3) pictured on each safe in the box's menu")
    expect(board.locator("[data-checklist] .current")).to_have_text(
        "The safes are entered on the box")
    expect(board.locator('#actions [data-action="deal"]')).to_have_count(0)
    heist.do("safes", safes=SAFES)
    expect(board.locator('#actions [data-action="deal"]')).to_be_visible()
    expect(board.locator('[data-step="safes"]')).to_have_class(re.compile(r"\bdone\b"))


def test_a_new_game_s_safe_form_starts_empty_on_a_phone_not_reloaded(
        table: Table, server: Server, browser: Browser) -> None:
    """Bea saved her safe in one game; the next game robs the same building in its first
    robbery, and her form (the page never reloaded) holds nothing of the old safe."""
    heist = Heist(table)
    heist.new_game(seats=2)
    bea = phone(browser, server, 0, "Bea", 320, "en-US")
    heist.do("rob", building="B1")
    for _ in range(3):
        bea.locator('[data-safe="0"][data-tool="card"][data-step="up"]').tap()
    expect(bea.locator('[data-check="0"]')).to_have_text("3 tools · \u2713")
    bea.locator('[data-action="safes"]').tap()
    expect(bea.locator('[data-secret="safes"]')).to_contain_text("security card \u00d73")
    heist.do("table.end_game")
    heist.new_game(seats=2)
    heist.do("rob", building="B1")
    expect(bea.locator('[data-check="0"]')).to_have_text("0 tools · A safe needs 3 to 5 tools.")


def test_every_tool_s_stepper_stays_on_its_line_at_320_px(
        table: Table, server: Server, browser: Browser) -> None:
    """Taschenlampe and Presslufthammer keep their steppers beside them, as the other tools do."""
    heist = Heist(table)
    heist.new_game(seats=2)
    bea = phone(browser, server, 0, "Bea", 320, "de-DE")
    heist.do("rob", building="B1")
    expect(bea.locator('[data-safe="0"] .rr-tool').nth(6)).to_have_text("Presslufthammer")
    rows = bea.locator('[data-safe="0"] .rr-step:has(.rr-stepper)').evaluate_all(
        """rows => rows.map((row) => [row.querySelector(".rr-tool").getBoundingClientRect(),
          row.lastElementChild.getBoundingClientRect()]).map(([a, b]) => b.top < a.bottom)""")
    assert rows == [True] * 7
    assert bea.evaluate(BROKEN) == [] and bea.evaluate(SIDEWAYS) == []
    assert_tappable(bea.locator('[data-safe="0"][data-tool="jackhammer"][data-step="up"]'))
