"""A page of another site sends a seated phone to another seat's rejoin link, in Debian's
Chromium: the phone stays who it was until it presses the link page's own button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, expect

from companion.games import GAMES
from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from companion.table.store import Store
from tests.browser.conftest import JOIN_CODE
from tests.browser.layout import problems
from tests.browser.test_two_phones import browser, phone, shoot, take_seat

pytestmark = pytest.mark.browser
__all__ = ["browser"]

EVIL = "http://evil.example/"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {}}))
    yield table
    table.stop()


def me(page: Any) -> Any:
    """The seat the box sees this browser as, asked with the browser's own cookies."""
    return page.request.get(page.url.split("/r/")[0].rstrip("/") + "/api/view").json()["me"]


def test_another_sites_page_cannot_make_a_phone_another_seat(table: Table, server: Server,
                                                              browser: Browser) -> None:
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 390, "en-US")
    take_seat(anna, 0, "Anna")
    mallory = phone(browser, f"{server.url}j/{JOIN_CODE}", 390, "en-US")
    take_seat(mallory, 1, "Mallory")
    link = mallory.evaluate("localStorage.getItem('getaway.rejoin')")
    token = link.rsplit("/", 1)[1]
    attack = f'<script>location.href = "{server.url}r/{token}";</script>'

    def evil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=attack)

    anna.context.route(f"{EVIL}**", evil)
    anna.goto(EVIL)
    expect(anna.locator("#rejoin-for")).to_have_text("This link belongs to Mallory (Seat 2).")
    expect(anna.locator("#rejoin-now")).to_contain_text("This phone is Anna (Seat 1) now.")
    shoot(anna, "phone-rejoin-offer.png")
    assert problems(anna) == []
    assert me(anna) == 0, "opening the link made the phone another seat"

    anna.locator("#rejoin-stay").tap()
    expect(anna.locator("#me")).to_contain_text("Anna")

    anna.goto(f"{server.url}r/{token}")
    anna.locator("#rejoin-take").tap()
    expect(anna.locator("#me")).to_contain_text("Mallory")
    assert me(anna) == 1
