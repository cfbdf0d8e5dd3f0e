"""Becoming the table page, as a group does it: the real program in its simulator window, a
browser that opens /table, asks, and someone holds ▶ and presses OK on the box's keyboard."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.device.box import READ_S
from companion.device.buttons import HOLD_MS
from tests.browser.test_two_phones import ask_the_box, browser, shoot
from tests.program import Program, VirtualScreen

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture
def screen() -> Iterator[VirtualScreen]:
    screen = VirtualScreen()
    yield screen
    screen.close()


@pytest.fixture
def box(tmp_path: Path, screen: VirtualScreen) -> Iterator[Program]:
    box = Program(tmp_path / "data", display=screen.display)
    box.start()
    yield box
    box.kill()


def new_game(page: Page) -> int:
    """What a script on the page could send: start a game (the status it gets)."""
    return int(page.evaluate("""async () => (await fetch("/api/action", {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({type: "table.new_game", args: {game: "romme", seats: 2},
                              host: true})})).status"""))


def test_a_browser_runs_the_table_after_ok_on_the_box(box: Program, screen: VirtualScreen,
                                                      browser: Browser) -> None:
    code = box.join_path.rsplit("/", 1)[1]
    context = browser.new_context(viewport={"width": 1024, "height": 860}, locale="en-US")
    page = context.new_page()
    page.goto(box.url + "/table")
    expect(page.locator("#host-ask")).to_be_visible()
    expect(page.locator("#setup")).to_be_hidden()
    with urllib.request.urlopen(box.url + "/table", timeout=10) as response:
        assert code not in response.read().decode()
    assert code not in page.content()
    assert new_game(page) == 403

    label = ask_the_box(page)
    assert code not in page.content() and new_game(page) == 403  # asking is not being
    assert box.process is not None
    screen.hold("Right", box.process.pid, HOLD_MS / 1000 + 0.2)  # the box's asks screen
    time.sleep(READ_S + 0.2)                  # the ask shows a moment before OK takes it
    screen.press("Return", box.process.pid)  # OK on the box's asks screen

    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#join-code")).to_have_text(code)
    shoot(page, "host-granted.png")
    page.locator('[data-game="romme"]').click()
    page.locator('[data-seats="2"]').click()
    page.locator("#setup-start").click()
    expect(page.locator("#board")).to_be_visible()
    assert box.view()["game"] == "romme"
    assert label and len(label) == 3
