"""A page of another site sends a phone without a seat to a seat's hand-over link, in Debian's
Chromium: the phone gets no seat until it presses the link page's "Take this seat". A code
typed by hand moves the seat at once."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from companion.server.serve import Server
from companion.table.owner import Table
from tests.browser.conftest import JOIN_CODE
from tests.browser.layout import problems
from tests.browser.test_rejoin_link import EVIL, table
from tests.browser.test_two_phones import browser, phone, shoot, take_seat, type_code

pytestmark = pytest.mark.browser
__all__ = ["browser", "table"]


def me(page: Page, server: Server) -> Any:
    """The seat the box sees this browser as, asked with the browser's own cookies."""
    return page.request.get(f"{server.url}api/view").json()["me"]


def hand_over(page: Page) -> str:
    """The hand-over link the seated phone ``page`` shows after "Move to another phone"."""
    page.locator("#handover").tap()
    expect(page.locator("#handover-code")).to_contain_text("Code: ")
    link = page.locator("#handover-link").get_attribute("href")
    assert link is not None and "/j/" in link
    return link


def test_another_sites_page_cannot_hand_a_phone_a_seat(table: Table, server: Server,
                                                        browser: Browser) -> None:
    mallory = phone(browser, f"{server.url}j/{JOIN_CODE}", 390, "en-US")
    take_seat(mallory, 1, "Mallory")
    link = hand_over(mallory)
    attack = f'<script>location.href = "{server.url}j/{link.rsplit("/", 1)[1]}";</script>'

    def evil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=attack)

    newcomer = phone(browser, "about:blank", 390, "en-US")
    newcomer.context.route(f"{EVIL}**", evil)
    newcomer.goto(EVIL)
    expect(newcomer.locator("#handover-for")).to_have_text(
        "This link hands you Mallory (Seat 2).")
    shoot(newcomer, "phone-handover-offer.png")
    assert problems(newcomer) == []
    assert me(newcomer, server) is None, "opening the link gave the phone a seat"
    assert me(mallory, server) == 1

    newcomer.locator("#handover-stay").tap()
    expect(newcomer.locator("#handover-offer")).to_be_hidden()
    expect(newcomer.locator("#code")).to_be_visible()
    assert me(newcomer, server) is None

    newcomer.goto(EVIL)                                    # the code was not used up
    newcomer.locator("#handover-take").tap()
    expect(newcomer.locator("#me")).to_contain_text("Mallory")
    assert me(newcomer, server) == 1
    expect(mallory.locator("#me")).to_be_hidden()


def test_a_typed_hand_over_code_moves_the_seat_at_once(table: Table, server: Server,
                                                       browser: Browser) -> None:
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 390, "en-US")
    take_seat(anna, 0, "Anna")
    code = hand_over(anna).rsplit("/", 1)[1]
    new = phone(browser, server.url, 390, "en-US")
    type_code(new, code.lower())
    expect(new.locator("#me")).to_contain_text("Anna")
    expect(new.locator("#handover-offer")).to_be_hidden()
    assert me(new, server) == 0
