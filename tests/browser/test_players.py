"""A phone's player comes back: the name it last went by is in the join form the next time,
so the same person joins as the same player (and their records go on); the table page puts
two names of one person together after a second tap and says what it did, and a phone of the
merged player goes by the name merged into."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games import GAMES
from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from companion.table.records import records
from companion.table.store import Store
from tests.browser.conftest import JOIN_CODE
from tests.browser.layout import problems
from tests.browser.test_two_phones import become_host, browser, phone, take_seat
from tests.server.test_players import named_games

pytestmark = pytest.mark.browser
__all__ = ["browser"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {}}))
    yield table
    table.stop()


def test_a_phone_offers_the_name_its_player_last_went_by(table: Table, server: Server,
                                                         browser: Browser) -> None:
    page = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "de-DE")
    take_seat(page, 0, "Anna")
    page.fill("#rename-name", "Anna B.")
    page.locator("#rename").tap()
    expect(page.locator("#me")).to_contain_text("Anna B.")
    table.submit(Action("table.release", None, {"seat": 0}))    # the evening is over
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {}}))
    later = page.context.new_page()              # the same phone, another evening
    later.goto(f"{server.url}j/{JOIN_CODE}")
    expect(later.locator("#join")).to_be_visible()
    expect(later.locator("#name")).to_have_value("Anna B.")


def romme_round(table: Table, first: int) -> None:
    """A new one-round Rommé game that seat ``first`` wins; the other keeps a 7 and a joker."""
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": first, "rounds": 1}}))
    for kind in ("resume", "end_turn", "end_turn", "romme"):
        table.submit(Action(kind))
    table.submit(Action("score", None, {"seat": 1 - first, "tiles": [7, 50]}))


def test_a_phone_whose_player_beats_their_best_game_has_a_big_moment(
        table: Table, server: Server, browser: Browser) -> None:
    page = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "en-US")
    take_seat(page, 0, "Anna")
    romme_round(table, 1)
    table.submit(Action("confirm_scores"))                # Anna's first game: -57
    expect(page.locator("#moment[data-moment^='best']")).to_have_count(0)
    romme_round(table, 0)
    table.submit(Action("confirm_scores"))                # and now 0: her best game
    moment = page.locator("#moment")
    expect(moment).to_be_visible()
    expect(moment).to_contain_text("A new best!")
    expect(moment).to_contain_text("Your best game: 0 points")
    assert problems(page) == []                          # readable on a 320 px phone


def merge_on_the_records_page(browser: Browser, server: Server, table: Table, player: str,
                              into: str) -> Page:
    """The table page puts ``player`` together with ``into`` on its records page (two taps)."""
    page = phone(browser, f"{server.url}table", 1024, "en-US")
    page.on("pageerror", lambda error: pytest.fail(f"table page: {error}"))
    become_host(page, table)
    page.goto(f"{server.url}records")
    page.select_option("#merge-player", player)
    page.select_option("#merge-into", into)
    merge = page.locator('form[data-post="/api/players/merge"] button')
    merge.tap()
    expect(merge).to_have_text("Really put together? Tap again")
    assert player in records(table.history(), table.games)
    merge.tap()
    return page


def test_the_table_page_puts_two_players_together_on_a_second_tap_and_says_so(
        table: Table, server: Server, browser: Browser) -> None:
    named_games(table, ("Dave", "Ben"), ("Davey", "Ben"))
    page = merge_on_the_records_page(browser, server, table, "davey", "dave")
    expect(page.locator("#players-done")).to_have_text(
        "Davey's 1 game now counts for Dave. Davey plays on as Dave.")
    assert set(records(table.history(), table.games)) == {"dave", "ben"}
    expect(page.locator("#merge-player option")).to_have_count(2)
    assert problems(page) == []


def test_a_phone_of_a_merged_player_goes_by_the_name_merged_into(
        table: Table, server: Server, browser: Browser) -> None:
    named_games(table, ("Dave", "Ben"))
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "rounds": 1}}))
    page = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "en-US")
    take_seat(page, 0, "Davey")                          # Dave's phone, under a new name
    for kind in ("resume", "end_turn", "end_turn", "romme"):
        table.submit(Action(kind))
    table.submit(Action("score", None, {"seat": 1, "tiles": [7, 50]}))
    table.submit(Action("confirm_scores"))
    merge_on_the_records_page(browser, server, table, "davey", "dave")
    expect(page.locator("#me")).to_contain_text("Dave")
    expect(page.locator("#me")).not_to_contain_text("Davey")
    table.submit(Action("table.release", None, {"seat": 0}))    # the evening is over
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {}}))
    later = page.context.new_page()              # the same phone, another evening
    later.goto(f"{server.url}j/{JOIN_CODE}")
    expect(later.locator("#name")).to_have_value("Dave")
