"""Two phones in Debian's Chromium play a turn of Räuber-Rommé against a real box server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from companion.games import GAMES
from companion.games.base import Action
from companion.server.app import create_app
from companion.server.presence import GRACE_S
from companion.server.serve import Server, serve
from companion.table.owner import Table
from companion.table.store import Store
from tests.browser.conftest import JOIN_CODE
from tests.clock import FakeClock
from tests.server.test_events import wait_until
from tests.tables import open_table

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "browser"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    yield table
    table.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


def phone(browser: Browser, url: str, width: int, locale: str) -> Page:
    context = browser.new_context(viewport={"width": width, "height": 860}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, locale=locale)
    page = context.new_page()
    page.goto(url)
    return page


def shoot(page: Page, name: str) -> None:
    """A full-page screenshot from the top (a sticky header would otherwise float mid-page)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SHOTS / name, full_page=True)


def ask_the_box(page: Page) -> str:
    """The table page asks to be the host; the label it shows, which the box shows too."""
    expect(page.locator("#host-ask")).to_be_visible()
    page.locator("#host-ask-button").click()
    expect(page.locator("#host-label")).to_be_visible()
    label = page.locator("#host-label").get_attribute("data-label") or ""
    expect(page.locator("#host-label")).to_contain_text(label)
    return label


def become_host(page: Page, table: Table) -> None:
    """The table page asks and OK is pressed on the box (the first item of its asks screen)."""
    label = ask_the_box(page)
    grant = table.published.controls.asks[0]
    assert (grant.key, grant.params) == ("box.host_grant", {"label": label})
    table.submit(grant.action)
    expect(page.locator("#host-ask")).to_be_hidden()


def type_code(page: Page, code: str) -> None:
    """What a phone does that opened the box's address instead of scanning its QR code."""
    expect(page.locator("#code")).to_be_visible()
    page.fill("#code-input", code)
    page.locator("#code-form button").tap()


def assert_tappable(target: Locator) -> None:
    """A finger's worth: at least 44 x 44 CSS pixels."""
    box = target.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box


def take_seat(page: Page, seat: int, name: str) -> None:
    expect(page.locator("#join")).to_be_visible()
    page.fill("#name", name)
    page.locator(f'#join-seats [data-seat="{seat}"]').tap()
    expect(page.locator("#me")).to_contain_text(name)


def test_two_phones_hand_the_turn_on(table: Table, server: Server, browser: Browser) -> None:
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 2, "options": {"first_player": 0}}))
    table.submit(Action("resume"))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 412, "en-US")  # scanned the QR code
    bernd = phone(browser, server.url, 360, "de-DE")
    shoot(bernd, "phone-code.png")
    type_code(bernd, JOIN_CODE.lower())
    shoot(anna, "phone-join.png")
    take_seat(anna, 0, "Anna")
    take_seat(bernd, 1, "Bernd")

    end_turn = '[data-action="end_turn"]'
    expect(anna.locator(end_turn)).to_have_text("End turn")
    expect(anna.locator("#headline")).to_have_text("Your turn!")
    expect(bernd.locator("#headline")).to_have_text("Anna ist dran")
    expect(bernd.locator(end_turn)).to_have_count(0)
    expect(anna.locator("#first-meld")).to_have_text(
        "Your first meld this round needs at least 20 points from your own hand.")
    expect(bernd.locator("#first-meld")).to_have_count(0)
    shoot(anna, "phone1-your-turn.png")
    shoot(bernd, "phone2-waiting.png")
    for target in (".brand", "#rejoin summary"):
        assert_tappable(bernd.locator(target))

    bernd.fill("#rename-name", "Berti")                 # a seat renames itself at any time
    bernd.locator("#rename").tap()
    expect(anna.locator("#players")).to_contain_text("Berti")
    anna.locator(end_turn).tap()
    expect(bernd.locator(end_turn)).to_be_visible()
    expect(bernd.locator(end_turn)).to_have_text("Zug beenden")
    expect(bernd.locator("#headline")).to_have_text("Du bist dran!")
    expect(anna.locator(end_turn)).to_have_count(0)
    expect(anna.locator("#headline")).to_have_text("It is Berti's turn")
    expect(bernd.locator("#first-meld")).to_contain_text("mindestens 20 Punkte")
    expect(anna.locator("#first-meld")).to_have_count(0)
    assert table.published.public["state"]["turn"] == 1
    shoot(bernd, "phone2-your-turn.png")


def test_the_table_page_sets_up_a_game(table: Table, server: Server, browser: Browser) -> None:
    page = browser.new_context(viewport={"width": 1024, "height": 768}, locale="de-DE").new_page()
    page.goto(server.url + "table")
    become_host(page, table)
    expect(page.locator("#setup")).to_be_visible()
    page.locator('[data-seats="3"]').click()
    page.locator('[data-option="first_player"][data-value="2"]').click()
    rounds_up = page.locator('[data-option="rounds"][data-step="up"]')
    rounds_up.click()
    rounds_up.click()
    expect(page.locator('[data-option="rounds"] output')).to_have_text("2")
    shoot(page, "table-setup.png")
    page.locator("#setup-start").click()

    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#headline")).to_have_text("Runde 1 von 2")
    expect(page.locator("#clock-label")).to_have_text("Bereit: die Uhr läuft noch nicht")
    assert_tappable(page.locator(".history-link a"))
    page.locator('[data-action="resume"]').click()
    expect(page.locator("#headline")).to_have_text("Platz 3 ist dran")
    expect(page.locator("#clock-label")).to_have_text("Sekunden")
    state = table.published.public
    assert len(state["seats"]) == 3 and state["state"]["turn"] == 2
    assert state["state"]["rounds"] == 2
    assert state["timer"]["running"] is True
    shoot(page, "table-turn.png")


def test_a_game_over_offers_a_rematch_and_the_lobby_keeps_the_options(
        table: Table, server: Server, browser: Browser) -> None:
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                  "options": {"rounds": 1, "turn_seconds": 90,
                                                              "first_player": 0}}))
    page = browser.new_context(viewport={"width": 412, "height": 800}, locale="en").new_page()
    page.goto(server.url + "table")
    become_host(page, table)
    expect(page.locator('[data-action="table.rematch"]')).to_have_count(0)
    for action in (Action("resume"), Action("end_turn"), Action("end_turn"), Action("romme"),
                   Action("score", None, {"seat": 1, "tiles": [4]}), Action("confirm_scores")):
        table.submit(action)
    expect(page.locator("#moment")).to_contain_text("Game over")     # full screen, until a tap
    page.locator("#moment").click()
    rematch = page.locator('[data-action="table.rematch"]')
    assert_tappable(rematch)
    rematch.click()
    rematch.click()                                        # the second tap confirms it
    expect(page.locator("#clock-label")).to_have_text("Ready: the clock has not started")
    assert table.published.public["state"]["phase"] == "ready"

    page.locator('[data-action="table.end_game"]').click()
    page.locator('[data-action="table.end_game"]').click()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator('[data-seats="2"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-option="turn_seconds"] output')).to_have_text("90")


MARKER_COLOURS = """() => [...document.querySelectorAll("#players .player .marker")]
  .map((el) => getComputedStyle(el).backgroundColor)"""


def test_the_lobby_shows_who_is_missing_in_seat_colours_and_starts_when_all_are_here(
        table: Table, server: Server, browser: Browser) -> None:
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 3, "options": {"first_player": 0}}))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    ben = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    take_seat(anna, 0, "Anna")
    take_seat(ben, 1, "Ben")
    start = anna.locator('[data-action="resume"]')
    expect(anna.locator("#players .missing")).to_have_text("Still missing 1 player: Seat 3")
    expect(start).to_be_disabled()
    expect(start).to_have_text("Starts once everyone is here (or on the box)")
    colours = [seat["colour"] for seat in table.published.public["seats"]]
    assert len(set(colours)) == 3
    expected = [f"rgb({int(c[1:3], 16)}, {int(c[3:5], 16)}, {int(c[5:7], 16)})"
                for c in colours]
    assert anna.evaluate(MARKER_COLOURS) == expected == ben.evaluate(MARKER_COLOURS)

    cara = phone(browser, f"{server.url}j/{JOIN_CODE}", 412, "de-DE")
    take_seat(cara, 2, "Cara")
    expect(anna.locator("#players .missing")).to_have_count(0)
    expect(start).to_be_enabled()
    start.tap()
    expect(anna.locator("#headline")).to_have_text("Your turn!")


@pytest.fixture
def clocked(tmp_path: Path, clock: FakeClock) -> Iterator[tuple[Table, Server]]:
    """A box server whose Table runs on a clock the test moves (the grace of a gone phone)."""
    table = open_table(tmp_path / "clocked.sqlite", clock)
    server = serve(create_app(table, public_url="http://127.0.0.1", join_code=JOIN_CODE),
                   host="127.0.0.1", port=0)
    yield table, server
    server.close()
    table.stop()


PRESENCE = """() => [...document.querySelectorAll("#players .player")]
  .map((row) => (row.querySelector(".presence") || {}).textContent || "")"""
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_the_phones_and_the_table_page_say_whose_phone_is_here(
        clocked: tuple[Table, Server], clock: FakeClock, browser: Browser) -> None:
    table, server = clocked
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 2, "options": {"first_player": 0}}))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "en-US")
    bernd = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "de-DE")
    take_seat(anna, 0, "Anna Annabella Maier")
    take_seat(bernd, 1, "Bernd")
    host = browser.new_context(viewport={"width": 320, "height": 640}, locale="de-DE").new_page()
    host.goto(server.url + "table")
    become_host(host, table)
    expect(anna.locator("#players .presence.here")).to_have_count(2)
    assert anna.evaluate(PRESENCE) == ["here", "here"]
    expect(bernd.locator("#players .presence.here")).to_have_count(2)
    assert bernd.evaluate(PRESENCE) == ["da", "da"]
    expect(host.locator("#players .presence.here")).to_have_count(2)

    context = bernd.context
    bernd.close()                                  # Bernd's phone closes the page
    assert wait_until(lambda: server.streams.open == 2)
    clock.advance(GRACE_S - 1)                     # a reload or a short sleep: still here
    server.streams.look()
    expect(anna.locator("#players .presence.gone")).to_have_count(0)
    clock.advance(1)
    server.streams.look()
    expect(anna.locator("#players .presence.gone")).to_have_count(1)
    assert anna.evaluate(PRESENCE) == ["here", "phone gone"]
    expect(host.locator("#players .presence.gone")).to_have_text("Telefon weg")
    shoot(anna, "phone-presence-gone.png")
    assert anna.evaluate(FITS) and host.evaluate(FITS)

    bernd = context.new_page()                     # and opens it again
    bernd.goto(server.url)
    expect(bernd.locator("#me")).to_contain_text("Bernd")
    expect(anna.locator("#players .presence.here")).to_have_count(2)
    expect(host.locator("#players .presence.here")).to_have_count(2)
    assert bernd.evaluate(PRESENCE) == ["da", "da"] and bernd.evaluate(FITS)


def test_a_player_who_sits_out_watches_and_is_seated_again(
        table: Table, server: Server, browser: Browser) -> None:
    def new_game(game: str, seats: int) -> None:
        table.submit(Action("table.new_game", None, {
            "game": game, "seats": seats,
            "options": {"first_player": 0} if game == "romme" else {}}))

    new_game("romme", 3)
    phones = [phone(browser, f"{server.url}j/{JOIN_CODE}", 320, locale)
              for locale in ("en-US", "de-DE", "de-DE")]
    for seat, (page, name) in enumerate(zip(phones, ("Anna", "Ben", "Cara"), strict=True)):
        take_seat(page, seat, name)
    anna, cara = phones[0], phones[2]
    table.submit(Action("table.end_game"))
    new_game("gendarm", 2)
    expect(cara.locator("#me")).to_have_text(
        "Du bist Cara (Platz 3) und setzt dieses Spiel aus: Du schaust zu. Das nächste größere "
        "Spiel setzt dich wieder auf deinen Platz.")
    expect(cara.locator("#join")).to_be_hidden()
    expect(cara.locator("#sit")).to_be_visible()
    expect(anna.locator("#players .benched")).to_have_text("Sitting this game out: Cara here")
    expect(cara.locator("#players .benched")).to_have_text("Setzen dieses Spiel aus: Cara da")
    assert cara.evaluate(FITS) and anna.evaluate(FITS)
    shoot(cara, "phone-sits-out.png")
    table.submit(Action("table.end_game"))
    new_game("romme", 3)
    expect(cara.locator("#me")).to_have_text("Du bist Cara (Platz 3)")
    expect(cara.locator('[data-action="resume"]')).to_have_count(1)


def test_a_third_tab_of_one_phone_leaves_the_oldest_resting_until_it_is_tapped(
        table: Table, server: Server, browser: Browser) -> None:
    """A phone holds two live streams: a third tab tells the oldest it was replaced, and that
    tab waits, saying so, instead of reconnecting and ending another tab in turn; a tap on it
    takes over again."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
    first = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    take_seat(first, 0, "Anna")
    tabs = [first]
    for _ in range(2):
        tabs.append(first.context.new_page())
        tabs[-1].goto(server.url)
        expect(tabs[-1].locator("#me")).to_contain_text("Anna")
    elsewhere = first.locator("#elsewhere")
    expect(elsewhere).to_have_text("This page is open in another tab. Tap here to play on here.")
    assert wait_until(lambda: server.streams.open == 2)
    for tab in tabs[1:]:
        expect(tab.locator("#elsewhere")).to_be_hidden()
    elsewhere.tap()
    expect(elsewhere).to_be_hidden()
    expect(tabs[1].locator("#elsewhere")).to_be_visible()  # the oldest now rests in turn
    expect(tabs[2].locator("#elsewhere")).to_be_hidden()
    assert server.streams.open == 2
    first.context.close()
