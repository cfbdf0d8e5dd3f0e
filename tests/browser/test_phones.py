"""Three phones in Debian's Chromium, as new users try them: join by QR link and by typed
code, reload, lose the box and get it back, switch language, hide a secret screen; and no
phone ever receives another seat's secret, in any response, stream or page source."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games import GAMES
from companion.games.base import Action, Game
from companion.server.app import create_app
from companion.server.serve import Server, serve
from companion.table.owner import Table
from companion.table.store import Store
from tests.browser.conftest import JOIN_CODE
from tests.browser.test_two_phones import assert_tappable, browser, shoot, take_seat, type_code
from tests.tiny import Tiny, tiny_game

pytestmark = pytest.mark.browser
__all__ = ["browser"]

SECRETS = ("QX7-ANNA-VAULT", "QX7-BERND-VAULT", "QX7-CLARA-VAULT")
RECORDER = """
window.__seen = [];
const Original = window.EventSource;
window.EventSource = class extends Original {
  constructor(...args) {
    super(...args);
    this.addEventListener("view", (event) => window.__seen.push(event.data));
    this.addEventListener("patch", (event) => window.__seen.push(event.data));
  }
};
"""
"""Keeps every pushed view and patch a page receives, so the test can read what the stream
carried."""


def secret_view(state: Tiny, seat: int) -> dict[str, Any]:
    """A secret per seat that only that seat's phone may ever see."""
    actions = ["pass"] if seat == state.turn else []
    return {"secret": SECRETS[seat], "actions": actions}


def secret_game(limit_ms: int) -> Game[Tiny]:
    """The tiny game with turns of ``limit_ms`` and a secret per seat."""
    return replace(tiny_game(limit_ms, "secrets"), private_view=secret_view)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), {**GAMES, "secrets": secret_game(60_000)})
    table.start()
    yield table
    table.stop()


def start_server(table: Table, port: int = 0) -> Server:
    app = create_app(table, public_url="http://127.0.0.1", join_code=JOIN_CODE)
    return serve(app, host="127.0.0.1", port=port)


class Phone:
    """A page and everything it received: responses, pushed views, its page source."""

    def __init__(self, browser: Browser, url: str, width: int, locale: str) -> None:
        self.received: list[str] = []
        context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True,
                                      has_touch=True, device_scale_factor=2, locale=locale)
        context.add_init_script(RECORDER)
        context.on("response", self._keep)
        self.page = phone_page(context, url)

    def _keep(self, response: Any) -> None:
        if "/api/events" in response.url:
            return  # a stream never ends: what it carried is read from the page instead
        try:
            self.received.append(response.text())
        except Exception:  # a body the browser dropped (a redirect, a closed page)
            return

    def everything(self) -> str:
        pushed = self.page.evaluate("window.__seen.join('\\n')")
        return "\n".join([*self.received, pushed, self.page.content()])


def phone_page(context: Any, url: str) -> Page:
    page: Page = context.new_page()
    page.goto(url)
    return page


COVERED = """() => {
  const toggle = document.getElementById("cover-toggle");
  const hide = toggle.getBoundingClientRect();
  return [...document.querySelectorAll("main *")].filter((el) => {
    if (el === toggle || el.contains(toggle)) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left < hide.right && hide.left < r.right
      && r.top < hide.bottom && hide.top < r.bottom;
  }).map((el) => el.id || el.className || el.tagName);
}"""
"""What the page shows under the "Hide" button, wherever the page is scrolled."""


def covered_by_the_hide_button(page: Page) -> list[str]:
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    found: list[str] = page.evaluate(COVERED)
    return found


def assert_only_own_secret(phones: Mapping[int, Phone]) -> None:
    for seat, device in phones.items():
        seen = device.everything()
        assert SECRETS[seat] in seen, f"seat {seat} never got its own secret"
        for other in set(range(len(SECRETS))) - {seat}:
            assert SECRETS[other] not in seen, f"seat {seat} received seat {other}'s secret"


def test_three_phones_keep_their_seats_and_their_secrets(table: Table,
                                                         browser: Browser) -> None:
    server = start_server(table)
    try:
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 3}))
        anna = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")    # scanned the QR
        bernd = Phone(browser, server.url, 412, "de-DE")                      # typed the code
        clara = Phone(browser, f"{server.url}j/{JOIN_CODE}", 412, "en-GB")
        type_code(bernd.page, JOIN_CODE)
        take_seat(anna.page, 0, "Anna")
        take_seat(bernd.page, 1, "Bernd")
        take_seat(clara.page, 2, "Clara")
        table.submit(Action("resume"))
        expect(anna.page.locator('[data-action="pass"]')).to_be_visible()
        expect(bernd.page.locator("#headline")).to_have_text("Anna ist dran")
        shoot(anna.page, "phones-anna-turn.png")
        shoot(bernd.page, "phones-bernd-waiting-de.png")

        anna.page.reload()                                   # reload keeps the seat
        expect(anna.page.locator("#me")).to_contain_text("Anna")
        restarted = browser.new_context(                     # so does restarting the browser
            storage_state=anna.page.context.storage_state(), viewport={"width": 360,
                                                                        "height": 800})
        again = phone_page(restarted, server.url)
        expect(again.locator("#me")).to_contain_text("Anna")
        restarted.close()
        anna.page.locator('[data-action="pass"]').tap()
        expect(bernd.page.locator("#headline")).to_have_text("Du bist dran!")

        clara.page.locator('[data-lang="de"]').tap()         # switch language
        expect(clara.page.locator("#headline")).to_have_text("Bernd ist dran")
        clara.page.reload()
        expect(clara.page.locator("#headline")).to_have_text("Bernd ist dran")

        server.close()                                       # the box drops every stream
        for device in (anna, bernd, clara):
            expect(device.page.locator("#banner")).to_be_visible()
        shoot(anna.page, "phones-reconnecting.png")
        server = start_server(table, port=server.port)
        table.submit(Action("pass", 1))                      # happens while they are away
        for device in (anna, bernd, clara):
            expect(device.page.locator("#banner")).to_be_hidden(timeout=15_000)
        expect(clara.page.locator("#headline")).to_have_text("Du bist dran!")
        expect(anna.page.locator("#headline")).to_have_text("It is Clara's turn")

        assert covered_by_the_hide_button(clara.page) == []   # it hides nothing of the page
        cover = clara.page.locator("#cover")
        clara.page.locator("#cover-toggle").tap()            # a neighbour glances over
        expect(cover).to_be_visible()
        shoot(clara.page, "phones-covered.png")
        cover.tap()
        expect(cover).to_be_hidden()

        assert_only_own_secret({0: anna, 1: bernd, 2: clara})
    finally:
        server.close()


def test_a_seat_moves_to_a_new_phone_only_when_its_phone_agrees(table: Table,
                                                                browser: Browser) -> None:
    server = start_server(table)
    try:
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 2}))
        old = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
        new = Phone(browser, f"{server.url}j/{JOIN_CODE}", 412, "en-US")
        take_seat(old.page, 0, "Anna")
        expect(new.page.locator("#join")).to_be_visible()
        taken = new.page.locator('#join-seats [data-seat="0"]')
        taken.tap()
        taken.tap()                                          # the second tap asks for it
        expect(new.page.locator("#pending")).to_be_visible()
        expect(old.page.locator("#asks")).to_be_visible()
        shoot(old.page, "phones-asked-for-seat.png")
        give = old.page.locator('[data-action="table.grant"]')
        give.tap()
        give.tap()
        expect(new.page.locator("#me")).to_contain_text("Anna")
        expect(old.page.locator("#join")).to_be_visible()
        expect(old.page.locator("#toast")).to_have_text("Your seat is now on the other phone.")
        assert_only_own_secret({0: new})
        assert SECRETS[0] not in old.page.content()
    finally:
        server.close()


def test_a_refused_ask_says_so_and_an_ask_can_be_taken_back(table: Table,
                                                             browser: Browser) -> None:
    server = start_server(table)
    try:
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 2}))
        old = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
        new = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
        take_seat(old.page, 0, "Anna")
        expect(new.page.locator("#join")).to_be_visible()
        new.page.fill("#name", "Ben")
        taken = new.page.locator('#join-seats [data-seat="0"]')
        taken.tap()
        taken.tap()
        expect(old.page.locator("#players")).to_contain_text("Ben asks for this seat")
        old.page.locator('[data-action="table.deny"]').tap()            # "Keep it"
        expect(new.page.locator("#toast")).to_contain_text("your request was declined")
        expect(new.page.locator("#join")).to_be_visible()
        assert table.published.public["claims"] == []

        taken.tap()
        taken.tap()
        expect(new.page.locator("#pending")).to_be_visible()
        assert_tappable(new.page.locator("#pending-cancel"))
        new.page.locator("#pending-cancel").tap()                        # changed their mind
        expect(new.page.locator("#join")).to_be_visible()
        expect(old.page.locator("#asks")).to_be_hidden()
        assert table.published.public["claims"] == []
        assert old.page.locator("#players").inner_text().count("asks for") == 0
    finally:
        server.close()


def test_a_phone_left_out_of_a_smaller_game_is_told_and_may_watch(table: Table,
                                                                  browser: Browser) -> None:
    server = start_server(table)
    try:
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 2}))
        anna = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
        ben = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
        take_seat(anna.page, 0, "Anna")
        take_seat(ben.page, 1, "Ben")
        table.submit(Action("table.end_game"))
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 1}))
        expect(ben.page.locator("#me")).to_have_text(
            "You are Ben (Seat 2) and sit this game out: you watch. The next bigger game "
            "seats you in your place again.")
        expect(anna.page.locator("#me")).to_contain_text("Anna")
        expect(ben.page.locator("#join")).to_be_hidden()
        expect(ben.page.locator("#players")).to_contain_text("Anna")        # it watches along
        ben.page.locator("#sit").tap()
        expect(ben.page.locator("#all-taken")).to_have_text(
            "The new game has only 1 seat, and it is taken: your phone watches along. "
            "To play, ask its player for it.")
        expect(ben.page.locator('#join-seats [data-seat="0"]')).to_be_visible()
        ben.page.locator("#watch").tap()
        expect(ben.page.locator("#join")).to_be_hidden()
    finally:
        server.close()


def test_move_to_another_phone_is_one_tap_and_gives_a_link_and_a_code(table: Table,
                                                                     browser: Browser) -> None:
    server = start_server(table)
    try:
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 2}))
        old = Phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
        take_seat(old.page, 0, "Anna")
        expect(old.page.locator("#rejoin")).not_to_have_attribute("open", "")
        move = old.page.locator("#handover")
        expect(move).to_be_visible()                       # not inside the folded link
        assert_tappable(move)
        move.tap()
        expect(old.page.locator("#handover-code")).to_contain_text("Code: ")
        expect(old.page.locator("#handover-result")).to_contain_text("open this link")
        link = old.page.locator("#handover-link").get_attribute("href")
        assert link is not None and "/j/" in link
        new = Phone(browser, server.url + link.split("/", 3)[3], 412, "en-US")
        expect(new.page.locator("#handover-for")).to_have_text("This link hands you Anna (Seat 1).")
        new.page.locator("#handover-take").tap()                 # a link asks first
        expect(new.page.locator("#me")).to_contain_text("Anna")
        expect(old.page.locator("#me")).to_be_hidden()
    finally:
        server.close()


HABITS = """
window.__buzz = [];
Object.defineProperty(Navigator.prototype, "vibrate",
  { value: (pattern) => { window.__buzz.push(pattern); return true; } });
delete Navigator.prototype.wakeLock;  // as on http://<the box's address>: not a secure page
"""


def test_a_phone_buzzes_on_its_turn_and_asks_to_stay_awake(tmp_path: Path,
                                                           browser: Browser) -> None:
    table = Table(Store(tmp_path / "habits.sqlite"), {"secrets": secret_game(11_500)})
    table.start()
    server = start_server(table)
    try:
        table.submit(Action("table.new_game", None, {"game": "secrets", "seats": 2}))
        context = browser.new_context(viewport={"width": 360, "height": 800}, locale="en-US",
                                      is_mobile=True, has_touch=True)
        context.add_init_script(HABITS)
        page = phone_page(context, f"{server.url}j/{JOIN_CODE}")
        take_seat(page, 0, "Anna")
        expect(page.locator("#awake-hint")).to_be_visible()
        table.submit(Action("resume"))
        for _ in range(50):  # the page's CSP allows no string-evaluated wait
            if 100 in page.evaluate("window.__buzz"):
                break
            page.wait_for_timeout(100)
        assert page.evaluate("window.__buzz") == [200, 100]  # your turn, then 10 s left
        shoot(page, "phones-awake-hint.png")
    finally:
        server.close()
        table.stop()
