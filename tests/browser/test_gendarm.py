"""Räuber und Gendarm in Debian's Chromium: two phones at level 2. The box deals the catchers,
each phone holds its own face down until a tap turns it up; a wrong capture claim is refused on
the claimant's phone alone; a safe robber's owner rolls, gives up a gendarme on an odd number
from their own phone (every one in play is offered, the catcher is refused), and a right claim
wins. Until the end no phone receives the other's catcher, in any response, pushed view or page
source. The table page plays for a player without a phone, whose chip stays on the table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests import tables
from tests.browser.conftest import JOIN_CODE
from tests.browser.test_phones import Phone
from tests.browser.test_robnrun import table_page
from tests.browser.test_two_phones import browser, shoot, take_seat
from tests.games.gendarm_helpers import Told

pytestmark = pytest.mark.browser
__all__ = ["browser"]

ANNA, BERND = 3, 5
"""The catchers the box deals: Anna (black, seat 0) gets gendarme 3, Bernd gendarme 5."""


def catcher_of(number: int) -> re.Pattern[str]:
    """A catcher as a seat's own view carries it (never in the public view), in a full view
    or as a patch's step that sets it."""
    return re.compile(rf'"catcher"\s*(:|\]\s*,)\s*{number}\b')


@pytest.fixture
def told() -> Told:
    return Told()


@pytest.fixture
def table(tmp_path: Path, told: Told) -> Iterator[Table]:
    table = tables.open_table(tmp_path / "getaway.sqlite", chance=told)
    yield table
    table.stop()


def seated(browser: Browser, server: Server, seat: int, name: str) -> Phone:
    phone = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    phone.page.on("pageerror", lambda error: pytest.fail(f"{name}'s phone: {error}"))
    take_seat(phone.page, seat, name)
    return phone


def tap(page: Page, selector: str) -> None:
    page.locator(selector).first.tap()


def twice(page: Page, selector: str) -> None:
    """A tap that asks for a second one before it does something hard to take back."""
    tap(page, selector)
    tap(page, selector)


def moment(page: Page, title: str) -> None:
    """A big moment fills the screen; a tap lets the player on."""
    expect(page.locator("#moment")).to_be_visible()
    expect(page.locator(".moment-title")).to_have_text(title)
    page.locator("#moment").tap()
    expect(page.locator("#moment")).to_be_hidden()


def result(page: Page, title: str) -> None:
    """The game's result fills the screen and stays after a tap, until the group chooses."""
    expect(page.locator(".moment-title")).to_have_text(title)
    page.locator("#moment .moment-title").tap()
    expect(page.locator("#moment")).to_be_visible()


def test_two_phones_play_a_level_2_game(table: Table, server: Server, browser: Browser,
                                        told: Told) -> None:
    table.submit(Action("table.new_game", None,
                        {"game": "gendarm", "seats": 2, "options": {"level": 2}}))
    anna = seated(browser, server, 0, "Anna")
    bernd = seated(browser, server, 1, "Bernd")
    expect(anna.page.locator("#headline")).to_have_text("Set up the pieces")

    told.dice(4, 4, 6, 2)
    tap(bernd.page, '#actions [data-action="start_roll"]')
    expect(anna.page.locator("#headline")).to_have_text("Anna begins")
    expect(bernd.page.locator("[data-start]")).to_have_text(
        "Start roll: Anna (Black) 6, Bernd (White) 2 (after a tie)")
    told.deal(ANNA, BERND, pool=[1, 2, 3, 4, 5, 6])
    tap(anna.page, '#actions [data-action="deal"]')
    for phone, number in ((anna, ANNA), (bernd, BERND)):
        expect(phone.page.locator(".rg-secret")).to_be_visible()
        expect(phone.page.locator('[data-secret="catcher"]')).to_have_count(0)
        tap(phone.page, '[data-action="peek"]')
        expect(phone.page.locator('[data-secret="catcher"]')).to_contain_text(f"Gendarme {number}")
    expect(anna.page.locator("#cover-toggle")).to_be_visible()
    shoot(anna.page, "gendarm-catcher.png")

    version = table.published.version
    tap(anna.page, '[data-action="claim"]')
    twice(anna.page, '[data-action="capture"][data-gendarme="4"]')
    expect(anna.page.locator("#toast")).to_contain_text(  # and the rule it stands on
        "Gendarme 4 may not catch \u2013 take the move back. The rule: only the gendarme")
    expect(bernd.page.locator("#toast")).to_be_hidden()
    assert table.published.version == version
    expect(bernd.page.locator('[data-action="claim"], [data-action="capture"]')).to_have_count(0)

    tap(anna.page, '#actions [data-action="safe"]')
    tap(anna.page, '#actions [data-action="end_turn"]')
    expect(bernd.page.locator("#headline")).to_have_text("Your turn!")
    tap(bernd.page, '#actions [data-action="end_turn"]')
    moment(anna.page, "Roll first!")
    expect(anna.page.locator('#actions [data-action="end_turn"]')).to_have_count(0)
    told.dice(3)
    tap(anna.page, '#actions [data-action="roll"]')
    moment(anna.page, "Odd!")
    expect(anna.page.locator('[data-secret="catcher"]')).to_have_count(0)  # a new turn
    offered = anna.page.locator('[data-action="remove"]')
    expect(offered).to_have_count(6)
    assert sorted(int(n) for n in offered.evaluate_all(
        "els => els.map(el => el.dataset.gendarme)")) == [1, 2, 3, 4, 5, 6]
    twice(anna.page, f'[data-action="remove"][data-gendarme="{ANNA}"]')
    expect(anna.page.locator("#toast")).to_contain_text(
        "That is your catcher: it stays in the game. Take another. The rule: on an odd number")
    expect(bernd.page.locator('[data-action="remove"]')).to_have_count(0)
    expect(bernd.page.locator("#subline")).to_have_text(
        "An odd number: Anna takes a gendarme off the board.")
    shoot(anna.page, "gendarm-remove.png")
    twice(anna.page, '[data-action="remove"][data-gendarme="6"]')
    expect(bernd.page.locator('[data-side="black"] .rg-disc.out')).to_have_text(["6"])
    tap(anna.page, '#actions [data-action="end_turn"]')
    tap(bernd.page, '#actions [data-action="end_turn"]')
    moment(anna.page, "Roll first!")
    told.dice(2)
    tap(anna.page, '#actions [data-action="roll"]')

    seen = {"anna": anna.everything(), "bernd": bernd.everything()}
    assert catcher_of(ANNA).search(seen["anna"]) and not catcher_of(BERND).search(seen["anna"])
    assert catcher_of(BERND).search(seen["bernd"]) and not catcher_of(ANNA).search(seen["bernd"])

    tap(anna.page, '[data-action="claim"]')
    twice(anna.page, f'[data-action="capture"][data-gendarme="{ANNA}"]')
    result(anna.page, "You won!")
    result(bernd.page, "You lost")
    expect(anna.page.locator(".rg-over")).to_contain_text("Bernd's robber is caught.")
    expect(bernd.page.locator(".rg-over")).to_contain_text("Your robber is caught.")
    for phone in (anna, bernd):
        expect(phone.page.locator(".rg-over")).to_contain_text(f"Catcher: gendarme {ANNA}")
        expect(phone.page.locator(".rg-over")).to_contain_text(f"Catcher: gendarme {BERND}")
    shoot(bernd.page, "gendarm-over.png")
    assert table.history()[0]["outcome"]["catchers"] == [ANNA, BERND]


def test_a_tap_waiting_for_its_second_survives_a_new_view(table: Table, server: Server,
                                                          browser: Browser, told: Told) -> None:
    """The first tap on a gendarme to give up asks for a second; a view pushed in between
    (the other phone renames itself) draws the button anew and it still asks, so the second
    tap gives the gendarme up."""
    table.submit(Action("table.new_game", None,
                        {"game": "gendarm", "seats": 2, "options": {"level": 2}}))
    anna = seated(browser, server, 0, "Anna")
    told.dice(6, 2)
    told.deal(ANNA, BERND, pool=[1, 2, 3, 4, 5, 6])
    told.dice(3)
    for action in (Action("start_roll"), Action("deal"), Action("safe"), Action("end_turn"),
                   Action("end_turn"), Action("roll")):
        table.submit(action)
    moment(anna.page, "Odd!")
    gendarme = anna.page.locator('[data-action="remove"][data-gendarme="6"]')
    gendarme.tap()
    expect(gendarme).to_have_text("Tap again to confirm")
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Bea"}))
    anna.page.wait_for_function("v => window.Getaway.state.view?.version >= v",
                                arg=table.published.version)
    expect(anna.page.locator(".rg-board")).to_contain_text("Bea")
    expect(gendarme).to_have_text("Tap again to confirm")
    gendarme.tap()
    expect(anna.page.locator('[data-side="black"] .rg-disc.out')).to_have_text(["6"])
    assert table.published.public["state"]["players"][0]["gendarmes"] == [1, 2, 3, 4, 5]


def test_the_table_page_plays_for_a_player_without_a_phone(table: Table, server: Server,
                                                           browser: Browser, told: Told) -> None:
    """Level 2 with real chips and one phone: the setup says what the catchers ask of the
    phones; the table page keeps Anna's chip face down, gives up her gendarme after an odd
    duty roll and claims her capture, and Bernd's phone keeps his own catcher."""
    page = table_page(browser, server.url, table).page
    page.locator('[data-game="gendarm"]').click()
    expect(page.locator("[data-catchers]")).to_contain_text("takes a real chip instead")
    page.locator('[data-option="catchers"][data-value="chips"]').click()
    expect(page.locator("[data-catchers]")).to_contain_text("with or without phones")
    page.locator('[data-option="level"][data-value="2"]').click()
    page.locator("#setup-start").click()
    bernd = seated(browser, server, 1, "Bernd")
    told.dice(6, 2)
    tap(page, '#actions [data-action="start_roll"]')
    tap(bernd.page, f'[data-action="catcher"][data-number="{BERND}"]')
    keep = page.locator('[data-action="keep_chip"]')
    expect(keep).to_have_count(1)
    expect(keep).to_have_text("Black keeps the chip")
    shoot(page, "gendarm-table-keep.png")
    keep.tap()
    for sender, action in ((page, "safe"), (page, "end_turn"), (bernd.page, "end_turn")):
        tap(sender, f'#actions [data-action="{action}"]')
    told.dice(3)
    tap(page, '#actions [data-action="roll"]')
    expect(page.locator('[data-action="remove"]')).to_have_count(6)
    expect(page.locator(".rg-remove")).to_contain_text("only the chip on the table knows it")
    expect(bernd.page.locator('[data-action="remove"]')).to_have_count(0)
    twice(page, '[data-action="remove"][data-gendarme="6"]')
    expect(bernd.page.locator('[data-side="black"] .rg-disc.out')).to_have_text(["6"])
    tap(page, '#actions [data-action="end_turn"]')
    tap(bernd.page, '#actions [data-action="end_turn"]')
    told.dice(2)
    tap(page, '#actions [data-action="roll"]')
    tap(page, '[data-action="claim"]')
    expect(page.locator(".rg-capture")).to_contain_text("the box takes the table's word")
    twice(page, f'[data-action="capture"][data-gendarme="{ANNA}"]')
    result(bernd.page, "You lost")
    expect(page.locator(".rg-over")).to_contain_text(f"Catcher: gendarme {ANNA}")
    expect(page.locator(".rg-over")).to_contain_text(f"Catcher: gendarme {BERND}")
