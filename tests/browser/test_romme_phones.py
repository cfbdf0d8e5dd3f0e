"""Two Rommé phones in Chromium (412 px in English, 360 px in German) through what the first
evening's testers stumbled on: the group settles after an overrun and the next player starts
their own clock, the overrun warning, round-ending taps that ask twice and a phone that takes
back its own, the header saying what comes next, a player who left entering no tiles, scores
made final for everyone with a second tap, and every round's points during play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games import GAMES
from companion.games.base import TIME_UP_MS, Action
from companion.server.serve import Server
from companion.table.owner import Table
from companion.table.store import Store
from tests.browser.conftest import JOIN_CODE
from tests.browser.layout import problems
from tests.browser.test_two_phones import (
    assert_tappable,
    become_host,
    browser,
    phone,
    shoot,
    take_seat,
)
from tests.clock import FakeClock

pytestmark = pytest.mark.browser
__all__ = ["browser"]

TURN_S, SETTLE_S = 15, 20
END_TURN = '[data-action="end_turn"]'
UNDO = '[data-action="table.undo"]'


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES, clock=clock, chance=random.Random(3))
    table.start()
    yield table
    table.stop()


def wait(table: Table, clock: FakeClock, seconds: float) -> None:
    """Time passes on the box, and its Table looks at the clock."""
    clock.advance(seconds)
    table.poke()


def phase(table: Table) -> str:
    return str(table.published.public["state"]["phase"])


def assert_fits(page: Page) -> None:
    """Nothing sticks out sideways on the phone's screen."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def tap_twice(page: Page, selector: str, question: str | None = None) -> None:
    """A tap that asks first: the button turns into its question (``question``, if given),
    the second tap does it. The page first finishes its own last action (its answer redraws
    the buttons)."""
    page.wait_for_function("() => !window.Getaway.state.busy")
    target = page.locator(selector)
    label = target.inner_text()
    target.tap()
    if question is None:
        expect(target).not_to_have_text(label)
    else:
        expect(target).to_have_text(question)
    target.tap()


def seen(page: Page, title: str) -> None:
    """The big moment ``title`` is up; a tap takes it away."""
    expect(page.locator("#moment .moment-title")).to_have_text(title)
    page.locator("#moment").tap()
    expect(page.locator("#moment")).to_be_hidden()


def test_a_rommé_evening_on_two_phones(table: Table, server: Server, clock: FakeClock,
                                       browser: Browser) -> None:
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "turn_seconds": TURN_S, "after_overrun": SETTLE_S}}))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 412, "en-US")
    bernd = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "de-DE")
    take_seat(anna, 0, "Anna")
    take_seat(bernd, 1, "Bernd")

    # 5: Anna's time runs out; the group settles, and Bernd starts his clock himself.
    table.submit(Action("resume"))
    expect(anna.locator(END_TURN)).to_be_visible()
    wait(table, clock, TURN_S)
    expect(bernd.locator("#headline")).to_have_text("Du bist als Nächstes dran")
    expect(anna.locator("#headline")).to_have_text("Next: Bernd")
    expect(bernd.locator("#clock-label")).to_have_text("Sekunden bis zum nächsten Zug")
    expect(anna.locator("#settle")).to_have_text(
        "Anna takes back the tiles laid this turn and draws. Then the clock runs for Bernd.")
    expect(bernd.locator(END_TURN)).to_have_count(0)
    expect(anna.locator('[data-action="resume"]')).to_have_text("Start Bernd's turn")
    # 8: how many overruns in a row, and what the next one means
    expect(anna.locator("#overrun-warning")).to_have_text(
        "1 overrun in a row: one more and you leave the game.")
    expect(bernd.locator("#overrun-warning")).to_have_count(0)
    shoot(bernd, "romme-settle.png")
    assert phase(table) == "settle"
    bernd.locator('[data-action="resume"]').filter(has_text="Meinen Zug starten").tap()
    expect(bernd.locator(END_TURN)).to_be_visible()
    assert table.published.public["timer"]["running"] is True
    bernd.locator(END_TURN).tap()
    expect(anna.locator(END_TURN)).to_be_visible()

    # 6: going out asks twice, and the phone that went out can take it back.
    tap_twice(anna, '[data-action="romme"]', "Went out? Ends the round: tap again")
    expect(bernd.locator("#headline")).to_have_text("Runde vorbei: Steine zählen")
    seen(anna, "You went out!")
    expect(anna.locator(UNDO)).to_have_text("\u21b6\u00a0Take back my last tap")
    expect(bernd.locator(UNDO)).to_have_count(0)
    assert_tappable(anna.locator(UNDO))
    anna.locator(UNDO).tap()
    expect(anna.locator(END_TURN)).to_be_visible()
    assert phase(table) == "turn"
    tap_twice(anna, '[data-action="romme"]', "Went out? Ends the round: tap again")
    seen(anna, "You went out!")                             # news again once taken back
    seen(bernd, "Anna ist ausgegangen!")

    # 7: the header says what is next; the scores are made final for everyone with two taps.
    expect(anna.locator("#headline")).to_have_text("Waiting for the tiles of Bernd")
    expect(bernd.locator("#headline")).to_have_text("Runde vorbei: Steine zählen")
    for value in (3, 7):
        bernd.locator(f'.pad [data-tile="{value}"]').tap()
    bernd.locator('.pad [data-action="score"]').tap()
    expect(anna.locator("#headline")).to_have_text("All points are in: make them final")
    expect(bernd.locator("#headline")).to_have_text("Alle Punkte stehen: festschreiben")
    confirm = '[data-action="confirm_scores"]'
    expect(bernd.locator(confirm)).to_have_text("Punkte für alle festschreiben")
    shoot(bernd, "romme-scores-complete.png")
    tap_twice(bernd, confirm, "Für alle endgültig? Nochmal tippen")
    expect(anna.locator("#headline")).to_have_text("Round 2")
    expect(anna.locator("#moment .moment-text p")).to_have_text([
        "Anna: 0", "Bernd: \u221210",
        "Round 2: Bernd starts. Start the clock when everyone is ready."])
    seen(anna, "Scores final")

    # 8: every round's points during play
    expect(anna.locator("#rounds tbody tr")).to_have_text(["AnnaR1\u00a000",
                                                              "BerndR1\u00a0\u221210\u221210"])
    expect(bernd.locator("#rounds")).to_be_visible()
    assert_fits(bernd)
    anna.locator('[data-action="finish"]').tap()  # ending the game asks first too
    expect(anna.locator('[data-action="finish"]')).to_have_text(
        "End the game for everyone? Tap again")
    assert phase(table) == "ready"

    # 7: Bernd overruns twice in a row and leaves; he may enter no tiles at all.
    table.submit(Action("resume"))
    wait(table, clock, TURN_S)
    wait(table, clock, SETTLE_S)
    anna.locator('[data-action="draw"]').tap()
    expect(bernd.locator(END_TURN)).to_be_visible()
    wait(table, clock, TURN_S)
    expect(bernd.locator(".pad")).to_contain_text("Du hast das Spiel verlassen")
    none = bernd.locator('.pad [data-action="score"]')
    expect(none).to_have_text("Keine Steine: 0")
    expect(none).to_be_enabled()
    expect(anna.locator('.pad [data-action="score"]')).to_be_disabled()  # Anna holds tiles
    shoot(bernd, "romme-left-no-tiles.png")
    none.tap()
    anna.locator('.pad [data-tile="5"]').tap()
    anna.locator('.pad [data-action="score"]').tap()
    tap_twice(anna, confirm, "Final for everyone? Tap again")
    expect(anna.locator("#headline")).to_have_text("Game over")
    expect(bernd.locator("#rounds tbody tr")).to_have_text(
        ["AnnaR1\u00a00R2\u00a0\u22125\u22125", "BerndR1\u00a0\u221210R2\u00a00\u221210"])
    assert_fits(bernd)
    shoot(bernd, "romme-over.png")


def test_the_big_moments_fill_the_phone_and_a_running_game_s_go_by_themselves(
        table: Table, server: Server, clock: FakeClock, browser: Browser) -> None:
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "turn_seconds": TURN_S, "after_overrun": "at_once", "rounds": 1}}))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    bernd = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    take_seat(anna, 0, "Anna")
    take_seat(bernd, 1, "Bernd")
    table.submit(Action("resume"))
    moment = anna.locator("#moment")
    expect(moment).to_contain_text("Your turn!")
    assert moment.bounding_box() == {"x": 0, "y": 0, "width": 360, "height": 860}
    expect(bernd.locator("#moment")).to_be_hidden()         # only the player on turn
    expect(moment).to_be_hidden()                           # out of the way of the clock
    wait(table, clock, TURN_S)
    expect(anna.locator("#moment")).to_contain_text("Time is up")
    expect(anna.locator("#moment")).to_contain_text("Anna: out of time, 1 penalty tile.")
    wait(table, clock, TIME_UP_MS / 1000)
    expect(bernd.locator("#moment")).to_contain_text("Your turn!")  # at once, as chosen
    expect(bernd.locator("#moment .moment-text")).to_have_count(0)  # Anna's news stays below
    expect(anna.locator("#moment")).to_be_hidden()
    for action in (Action("end_turn"), Action("romme"),
                   Action("score", None, {"seat": 1, "tiles": [3]}), Action("confirm_scores")):
        table.submit(action)
    expect(bernd.locator("#moment")).to_contain_text("Game over")
    bernd.locator("#moment").tap()                          # the result stays
    expect(bernd.locator("#moment")).to_be_visible()


def test_the_winner_reads_that_they_went_out_and_the_result_stays_until_the_group_chooses(
        table: Table, server: Server, browser: Browser) -> None:
    """Going out is a big moment on every phone, "You went out!" on the winner's 320-px phone;
    the game's result then stays up, however long the group looks and wherever it taps, until
    one of them chooses a rematch."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "rounds": 1}}))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "en-US")
    anna.clock.install()
    bernd = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    take_seat(anna, 0, "Anna Schwarzenberger")
    take_seat(bernd, 1, "Bernd")
    for action in (Action("resume"), Action("end_turn"), Action("end_turn"), Action("romme")):
        table.submit(action)
    expect(anna.locator("#moment .moment-title")).to_have_text("You went out!")
    expect(bernd.locator("#moment .moment-title")).to_have_text("Anna Schwarzenberger went out!")
    anna.set_viewport_size({"width": 320, "height": 640})
    assert problems(anna) == []                             # readable, nothing off the phone
    anna.locator("#moment").tap()
    expect(anna.locator("#moment")).to_be_hidden()
    table.submit(Action("score", None, {"seat": 1, "tiles": [3, 9]}))
    expect(anna.locator("#moment")).to_be_hidden()          # not again for Bernd's tiles
    table.submit(Action("confirm_scores"))
    result = anna.locator("#moment")
    expect(result).to_contain_text("Game over")
    expect(result).to_contain_text("Anna Schwarzenberger wins!")
    anna.clock.fast_forward(30 * 60_000)                    # half an hour of looking
    result.locator(".moment-title").tap()
    expect(result).to_be_visible()
    expect(result).not_to_contain_text("Tap to play on")
    assert problems(anna) == []
    rematch = bernd.locator('#moment [data-action="table.rematch"]')
    rematch.tap()
    rematch.tap()                                           # Bernd chooses a rematch
    expect(anna.locator("#moment")).to_be_hidden()
    expect(anna.locator("#headline")).to_have_text("Round 1 of 1")


def test_the_table_page_ends_an_open_game_between_rounds_with_its_standings(
        table: Table, server: Server, browser: Browser) -> None:
    """Between rounds of a game without a set number of rounds, the table page ends it as a
    phone does, with the standings; abandoning it, without a result, is told apart."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0}}))
    for action in (Action("resume"), Action("end_turn"), Action("end_turn"), Action("romme"),
                   Action("score", None, {"seat": 1, "tiles": [3, 9]}), Action("confirm_scores")):
        table.submit(action)
    page = phone(browser, server.url + "table", 412, "en-US")
    become_host(page, table)
    expect(page.locator('#table-controls [data-action="table.end_game"]')).to_have_text(
        "Abandon the game (no result)")
    tap_twice(page, '[data-action="finish"]', "End the game for everyone? Tap again")
    expect(page.locator('[data-action="finish"]')).to_have_count(0)
    assert phase(table) == "over"
    assert table.published.public["outcome"] is not None


def test_a_phone_plays_the_moment_its_view_names_once(
        table: Table, server: Server, clock: FakeClock, browser: Browser) -> None:
    """The own turn is the moment of Anna's phone alone, as its view names it: a pause and the
    clock running again, a rename, are new views of the same moment and never play it again;
    Bernd's phone plays its own turn when it comes."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "turn_seconds": TURN_S}}))
    anna = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    bernd = phone(browser, f"{server.url}j/{JOIN_CODE}", 360, "en-US")
    take_seat(anna, 0, "Anna")
    take_seat(bernd, 1, "Bernd")
    table.submit(Action("resume"))
    expect(anna.locator("#moment")).to_contain_text("Your turn!")
    expect(anna.locator("#moment")).to_be_hidden()          # by itself, after a moment
    for action in (Action("pause", 0), Action("resume", 0),
                   Action("table.rename", None, {"seat": 1, "name": "Bea"})):
        table.submit(action)
        anna.wait_for_function("v => window.Getaway.state.view?.version >= v",
                               arg=table.published.version)
        assert not anna.locator("#moment").is_visible()     # drawn with the view: not now
    key = anna.locator("#moment").get_attribute("data-moment")
    assert key == table.published.private[0]["state"]["moment"]["key"]
    expect(bernd.locator("#moment")).to_be_hidden()
    table.submit(Action("end_turn", 0))
    expect(bernd.locator("#moment")).to_contain_text("Your turn!")
    expect(anna.locator("#moment")).to_be_hidden()
