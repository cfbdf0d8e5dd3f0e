"""A game added from outside Getaway: the tiny game of tests/tiny, registered here alone, is
set up on the table page and played on two phones in Chromium through the real server, with
its own phone script and styles, and drawn on the box's screen by its own painter."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from playwright.sync_api import Browser, expect

from companion.device.painters.palette import ACCENT
from companion.device.painters.parts import game_layout
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from companion.table.store import Store
from tests.browser.conftest import JOIN_CODE
from tests.browser.test_phones import start_server
from tests.browser.test_two_phones import become_host, browser, phone, shoot, take_seat
from tests.device.test_screen import colours
from tests.tiny import GAME as TINY

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), {**GAMES, TINY.id: TINY})
    table.start()
    yield table
    table.stop()


@pytest.fixture
def server(table: Table) -> Iterator[Server]:
    server = start_server(table)
    yield server
    server.close()


def test_a_game_registered_from_outside_is_played_end_to_end(table: Table, server: Server,
                                                             browser: Browser) -> None:
    host = browser.new_context(viewport={"width": 1024, "height": 768},
                               locale="en-US").new_page()
    host.goto(server.url + "table")
    become_host(host, table)
    host.locator('[data-game="tiny"]').click()
    host.locator('[data-seats="2"]').click()
    host.locator("#setup-start").click()
    expect(host.locator("#board")).to_be_visible()

    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    ben = phone(browser, f"{server.url}j/{JOIN_CODE}", 412, "de-DE")
    take_seat(anna, 0, "Anna")
    take_seat(ben, 1, "Ben")
    table.submit(Action("roll"))                 # the box rolls: the tiny game's own panel
    die = table.published.public["state"]["rolls"][0]
    for page in (anna, ben, host):
        expect(page.locator("#tiny-rolls")).to_have_text(str(die))
    expect(anna.locator("#subline")).to_have_text(f"Rolled: {die}")
    expect(ben.locator("#subline")).to_have_text(f"Gewürfelt: {die}")
    plural = "(n) => Getaway.t('box.seats', { count: n })"
    assert [anna.evaluate(f"({plural})({n})") for n in (1, 2)] == ["1 seat", "2 seats"]
    assert [ben.evaluate(f"({plural})({n})") for n in (1, 0)] == ["1 Platz", "0 Plätze"]
    size = anna.locator("#tiny-rolls").evaluate("el => getComputedStyle(el).fontSize")
    assert float(size.removesuffix("px")) > 20   # its phone.css, 1.6rem, is loaded
    expect(anna.locator('[data-action="pass"]')).to_have_text("Pass")
    expect(ben.locator('[data-action="pass"]')).to_have_count(0)
    anna.locator('[data-action="pass"]').tap()
    expect(ben.locator('[data-action="pass"]')).to_have_text("Weitergeben")
    expect(anna.locator('[data-action="pass"]')).to_have_count(0)
    assert table.published.public["state"]["turn"] == 1
    shoot(ben, "tiny-game-ben.png")

    surface = pygame.Surface((480, 320))          # the box's screen: the game's own painter
    Screen(surface.get_size(), table.games).render(surface, table.published, 0, server.url,
                                                   table.clock())
    assert colours(surface, game_layout(surface.get_size()).side)[ACCENT] > 0
