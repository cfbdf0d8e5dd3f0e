"""The evening's players between games, on phones in Chromium against a real box server: a
seated phone chooses the next game; a player sitting a smaller game out gets back to their
place after the phone forgot it, or by their rejoin link; the table page says whose phone is
here wherever it lists the players."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.base import Action
from companion.server.presence import GRACE_S
from companion.server.serve import Server
from companion.table.owner import Table
from tests import tables
from tests.browser.conftest import JOIN_CODE
from tests.browser.layout import problems
from tests.browser.test_two_phones import become_host, browser, phone, shoot, take_seat
from tests.clock import FakeClock
from tests.server.test_evening_places import NAMES, ROMME_OVER
from tests.server.test_events import wait_until

pytestmark = pytest.mark.browser
__all__ = ["browser"]

SITS_OUT = ("Du bist Cara (Platz 3) und setzt dieses Spiel aus: Du schaust zu. Das nächste "
            "größere Spiel setzt dich wieder auf deinen Platz.")


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    table = tables.open_table(tmp_path / "getaway.sqlite", clock)
    yield table
    table.stop()


def new_game(table: Table, game: str, seats: int) -> None:
    options = {"first_player": 0, "rounds": 1} if game == "romme" else {}
    table.submit(Action("table.new_game", None, {"game": game, "seats": seats,
                                                 "options": options}))


def evening(table: Table, server: Server, browser: Browser) -> list[Page]:
    """Anna (412 px, English), Ben (360 px) and Cara (320 px, both German) sit down for a
    one-round Rommé."""
    new_game(table, "romme", 3)
    phones = [phone(browser, f"{server.url}j/{JOIN_CODE}", width, locale)
              for width, locale in ((412, "en-US"), (360, "de-DE"), (320, "de-DE"))]
    for seat, (page, name) in enumerate(zip(phones, NAMES, strict=True)):
        take_seat(page, seat, name)
    return phones


def sit_cara_out(table: Table) -> None:
    table.submit(Action("table.end_game"))
    new_game(table, "gendarm", 2)


def fits(page: Page) -> list[str]:
    """What is wrong with ``page`` at 320, 360 and 412 px in English, then in German (the
    language these pages end in)."""
    found = []
    for lang in ("en", "de"):
        page.locator(f'[data-lang="{lang}"]').first.dispatch_event("click")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        for width in (320, 360, 412):
            page.set_viewport_size({"width": width, "height": 640})
            found += [f"{lang} {width} px: {problem}" for problem in problems(page)]
    return found


def test_a_seated_phone_chooses_another_game_after_the_result(
        table: Table, server: Server, browser: Browser) -> None:
    anna, ben, cara = evening(table, server, browser)
    for action in ROMME_OVER:
        table.submit(action)
    choose = ben.locator('#moment [data-next="choose"]')
    expect(choose).to_have_text("Anderes Spiel wählen")
    expect(anna.locator('#moment [data-next="choose"]')).to_have_text("Choose another game")
    choose.tap()
    gendarm = ben.locator('#moment [data-next-game="gendarm"]')
    expect(gendarm).to_have_text("Räuber und Gendarm für 2 Spieler")
    expect(ben.locator('#moment [data-next-game="romme"]')).to_have_text(
        "Räuber-Rommé für 3 Spieler")
    assert fits(ben) == []
    shoot(ben, "phone-next-game.png")
    gendarm.tap()
    expect(gendarm).to_have_text("Nochmal tippen zum Bestätigen")
    ben.set_viewport_size({"width": 320, "height": 640})
    assert problems(ben) == []
    assert table.published.public["game"] == "romme", "asked once more first"
    gendarm.tap()
    expect(ben.locator("#me")).to_have_text("Du bist Ben (Platz 2)")
    expect(cara.locator("#me")).to_have_text(SITS_OUT)
    expect(anna.locator("#moment")).to_be_hidden()
    assert table.published.public["game"] == "gendarm"


def test_a_phone_that_forgot_its_place_takes_it_back(
        table: Table, server: Server, browser: Browser) -> None:
    cara = evening(table, server, browser)[2]
    sit_cara_out(table)
    expect(cara.locator("#me")).to_have_text(SITS_OUT)
    cara.evaluate("localStorage.clear()")                # its storage cleared, its cookie kept
    cara.reload()
    expect(cara.locator("#me")).to_have_text(SITS_OUT)
    expect(cara.locator("#join")).to_be_hidden()

    fresh = phone(browser, f"{server.url}j/{JOIN_CODE}", 320, "de-DE")  # cookies gone too
    expect(fresh.locator("#join")).to_be_visible()
    kept = fresh.locator('#kept-places [data-seat="2"]')
    expect(kept).to_contain_text("Cara · setzt aus")
    assert fits(fresh) == []
    kept.tap()
    expect(kept).to_have_text("Nochmal tippen: um diesen Platz bitten")
    kept.tap()
    expect(fresh.locator("#pending")).to_be_visible()
    table.submit(table.published.controls.asks[0].action)  # OK on the box: "seat 3 to Cara"
    expect(fresh.locator("#me")).to_have_text(SITS_OUT)
    assert [place["name"] for place in table.published.public["benched"]] == ["Cara"]
    table.submit(Action("table.end_game"))
    new_game(table, "romme", 3)
    expect(fresh.locator("#me")).to_have_text("Du bist Cara (Platz 3)")


def test_a_sitting_out_player_s_rejoin_link_brings_the_phone_back(
        table: Table, server: Server, browser: Browser) -> None:
    cara = evening(table, server, browser)[2]
    link = str(cara.evaluate("localStorage.getItem('getaway.rejoin')"))
    sit_cara_out(table)
    other = phone(browser, server.url + link[link.index("r/"):], 360, "de-DE")
    expect(other.locator("#rejoin-for")).to_contain_text("Cara (Platz 3)")
    other.locator("#rejoin-take").tap()
    expect(other.locator("#me")).to_have_text(SITS_OUT)
    expect(other.locator("#join")).to_be_hidden()


def test_the_table_page_says_whose_phone_is_here_between_games(
        table: Table, server: Server, browser: Browser, clock: FakeClock) -> None:
    phones = evening(table, server, browser)
    host = browser.new_context(viewport={"width": 320, "height": 640},
                               locale="de-DE").new_page()
    host.goto(server.url + "table")
    become_host(host, table)
    table.submit(Action("table.end_game"))
    lobby = host.locator("#setup-players")
    expect(lobby.locator(".player")).to_have_text([f"{name}da" for name in NAMES])
    assert fits(host) == []
    new_game(table, "gendarm", 2)
    expect(host.locator("#players .benched .presence.here")).to_have_text("da")
    phones[2].close()                                     # Cara's phone goes
    assert wait_until(lambda: server.streams.open == 3)
    clock.advance(GRACE_S)
    server.streams.look()
    expect(host.locator("#players .benched .presence.gone")).to_have_text("Telefon weg")
    table.submit(Action("table.end_game"))
    expect(lobby.locator(".presence")).to_have_text(["da", "da", "Telefon weg"])
    assert fits(host) == []
    shoot(host, "table-lobby-players.png")
