"""Every distinct screen of every game, on phones 320, 360 and 412 px wide, in German and in
English: nothing runs off the phone, no word breaks inside itself, nothing covers text, every
target is a finger wide, no text key or placeholder shows. The 360 px pictures are the gallery
(artifacts/gallery/, or the folder in GETAWAY_GALLERY: docs/screens/ is made that way)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from companion.games.base import Action
from companion.server.serve import Server
from companion.table.owner import Table
from tests import tables
from tests.browser.conftest import JOIN_CODE
from tests.browser.layout import problems
from tests.browser.test_two_phones import SHOTS, ask_the_box, browser
from tests.clock import FakeClock

pytestmark = pytest.mark.browser
__all__ = ["browser"]

WIDTHS = (320, 360, 412)
LANGUAGES = ("de", "en")
GALLERY = Path(os.environ.get("GETAWAY_GALLERY") or SHOTS.parent / "gallery")
HEIGHT = 640  # the thing to do now shows on a 320 x 640 phone without scrolling
SURNAME = "Schwarzenbergerova"
SAFE = {"tools": {"card": 2, "dynamite": 1}, "gold": 3}
UNDER_THE_RESULT = "() => { window.Getaway.state.moment.open = false; window.Getaway.render(); }"


class Walk:
    """Phones held by seat (and the table page), looked at after each step of a game."""

    def __init__(self, browser: Browser, server: Server, table: Table) -> None:
        self.browser, self.url, self.table = browser, server.url, table
        self.pages: dict[str, Page] = {}
        self.found: dict[str, list[str]] = {}

    def phone(self, who: str, path: str = f"j/{JOIN_CODE}", fake_time: bool = False) -> Page:
        """``who``'s phone on ``path``; with ``fake_time`` its clock moves only when told."""
        context: BrowserContext = self.browser.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
            locale="en-US")
        page = context.new_page()
        page.on("pageerror", lambda error: self.found.setdefault(who, []).append(str(error)))
        if fake_time:
            page.clock.install()
        page.goto(self.url + path)
        self.pages[who] = page
        return page

    def sit(self, who: str, seat: int, fake_time: bool = False) -> None:
        """``who`` takes ``seat`` under a name as long as a name may be (20 characters)."""
        page = self.phone(who, fake_time=fake_time)
        expect(page.locator("#join")).to_be_visible()
        page.fill("#name", long_name(who))
        page.locator(f'#join-seats [data-seat="{seat}"]').tap()
        expect(page.locator("#me")).to_contain_text(who)

    def host(self, fake_time: bool = False) -> None:
        """The table page, made the host by OK on the box."""
        page = self.phone("table", "table", fake_time)
        label = ask_the_box(page)
        grant = self.table.published.controls.asks[0]
        assert grant.params == {"label": label}
        self.table.submit(grant.action)
        expect(page.locator("#host-ask")).to_be_hidden()

    def act(self, *actions: Action) -> None:
        for action in actions:
            self.table.submit(action)

    def look(self, screen: str, *who: str) -> None:
        """Each of ``who``'s pages at every width in both languages, once it shows the box's
        newest view; a big moment over the page first, then the page once it is tapped away."""
        version = self.table.published.version
        for name in who:
            page = self.pages[name]
            page.wait_for_function("v => window.Getaway.state.view?.version >= v", arg=version)
            if page.locator("#moment").is_visible():
                self.check(page, f"{screen}-moment", name)
                # a tap, even if the moment has closed itself meanwhile (it lasts seconds)
                page.locator("#moment").dispatch_event("click")
                # a game's result stays until the group chooses: the page under it, as a
                # phone opened afterwards shows it
                page.evaluate(UNDER_THE_RESULT)
            self.check(page, screen, name)

    def check(self, page: Page, screen: str, name: str) -> None:
        """What ``page`` shows at every width in both languages (the switch is pressed even
        under a big moment, as a script would)."""
        for lang in LANGUAGES:
            page.locator(f'[data-lang="{lang}"]').first.dispatch_event("click")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                page.evaluate("document.getElementById('toast').hidden = true")
                where = f"{screen} · {name} · {lang} · {width} px"
                self.found.setdefault(where, []).extend(problems(page))
                if width == 360:
                    self.shoot(page, f"{screen}-{name}-{lang}")

    def shoot(self, page: Page, picture: str) -> None:
        GALLERY.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=GALLERY / f"{picture}.jpg", full_page=True, quality=50)

    def verdict(self) -> None:
        wrong = {where: found for where, found in self.found.items() if found}
        assert wrong == {}, "\n".join(f"{where}: {f}" for where, found in wrong.items()
                                      for f in found)


def long_name(who: str) -> str:
    """``who`` with a surname, 20 characters long (the most a name may have)."""
    return f"{who} {SURNAME}"[:20]


def tasks(page: Page, *steps: str) -> None:
    """The steps ``page`` asks for, in order, are tasks: the walk finds each above the fold."""
    marked = page.locator("[data-task]:not(#actions)")
    expect(marked).to_have_count(len(steps))
    assert [marked.nth(n).get_attribute("data-task") for n in range(len(steps))] == list(steps)


def crew_round(walk: Walk) -> None:
    """The crew plays its cards until the alarm phase."""
    while walk.table.published.public["state"]["phase"] == "crew":
        walk.act(Action("play"))


def refused_under_the_pad(page: Page) -> None:
    """Nine tens are refused; the refusal leaves the pad's buttons free to put it right (the
    player has scrolled just far enough to see Send at the bottom of a 320 x 640 phone)."""
    page.set_viewport_size({"width": 320, "height": HEIGHT})
    for _ in range(9):
        page.locator('.tile[data-tile="10"]').dispatch_event("click")
    send = page.locator('[data-action="score"]')
    send.evaluate("el => el.scrollIntoView({ block: 'end' })")
    send.dispatch_event("click")
    toast = page.locator("#toast")
    expect(toast).to_be_visible()
    covered = page.evaluate("""() => {
      const toast = document.getElementById("toast").getBoundingClientRect();
      return [...document.querySelectorAll("#game-panel button:not(:disabled)")].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > toast.top && box.top < toast.bottom
          && box.top < innerHeight && box.bottom > 0;
      }).map((el) => el.textContent.trim());
    }""")
    assert covered == [], f"the refusal covers {covered}"
    page.locator(".pad-row .action:not(.primary)").first.dispatch_event("click")


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    """The box, on a clock the walk moves (an overrun comes when the walk says so)."""
    table = tables.open_table(tmp_path / "getaway.sqlite", clock)
    yield table
    table.stop()


@pytest.fixture
def walk(browser: Browser, server: Server, table: Table) -> Iterator[Walk]:
    walk = Walk(browser, server, table)
    yield walk
    for page in walk.pages.values():
        page.context.close()


def test_every_romme_screen_fits_every_phone(walk: Walk, clock: FakeClock) -> None:
    walk.host()
    walk.look("lobby", "table")
    walk.act(Action("table.new_game", None, {"game": "romme", "seats": 3,
                                             "options": {"first_player": 0, "rounds": 2}}))
    walk.look("romme-setup", "table")
    walk.phone("Newcomer")
    walk.look("romme-join", "Newcomer")
    walk.sit("Anna", 0)
    walk.sit("Ben", 1)
    walk.look("romme-lobby", "Anna")
    walk.sit("Cara", 2)
    walk.act(Action("resume"))
    walk.look("romme-turn", "Anna", "Ben", "table")
    tasks(walk.pages["Anna"], "end_turn", "romme", "stuck", "pause")
    walk.act(Action("pause"))
    walk.look("romme-paused", "Anna")
    expect(walk.pages["Anna"].locator("#subline")).to_have_text("Your turn!")  # not "It is …"
    walk.act(Action("resume"))
    clock.advance(50)
    walk.table.poke()                                        # the box calls time
    walk.look("romme-settle", "Anna", "Ben", "table")
    clock.advance(10)
    walk.table.poke()                                        # the next turn starts
    ben = walk.pages["Ben"]
    ben.wait_for_function("v => window.Getaway.state.view?.version >= v",
                          arg=walk.table.published.version)
    expect(ben.locator("#moment .moment-title")).to_have_text("Your turn!")
    expect(ben.locator("#moment .moment-text")).to_have_count(0)  # not Anna's overrun again
    walk.look("romme-overrun", "Anna", "Ben")
    walk.act(*(Action("end_turn") for _ in range(3)), Action("romme"))
    walk.look("romme-scoring", "Anna", "Ben")
    tasks(walk.pages["Anna"], "score")
    refused_under_the_pad(walk.pages["Anna"])
    walk.act(Action("score", None, {"seat": 0, "tiles": [7, 50]}),
             Action("score", None, {"seat": 2, "tiles": [3]}))
    walk.look("romme-scored", "Ben")
    walk.act(Action("confirm_scores"))
    walk.look("romme-round-two", "Ben")
    walk.act(Action("resume"), Action("romme"))               # out at once: -200 for the others
    walk.look("romme-first-turn-out", "Ben", "Cara")
    walk.act(Action("confirm_scores"))
    walk.look("romme-over", "Anna", "table")
    expect(walk.pages["Anna"].locator("#players .tag.warn")).to_have_count(0)  # no overrun badge
    walk.verdict()


def test_every_rob_n_run_screen_fits_every_phone(walk: Walk) -> None:
    walk.host()
    walk.act(Action("table.new_game", None, {"game": "robnrun", "seats": 3,
                                             "options": {"boss": 0}}))
    walk.look("robnrun-setup", "table")
    walk.sit("Bea", 0)
    walk.sit("Carl", 1)
    walk.sit("Dana", 2)
    walk.look("robnrun-prepare", "Bea", "Carl")
    walk.act(Action("rob", None, {"building": "B1"}), Action("deal"))
    walk.look("robnrun-safes", "Bea", "Carl")
    walk.act(Action("safes", 0, {"safes": [SAFE]}), Action("start"))
    walk.look("robnrun-clues", "Bea", "Carl", "table")
    bea = walk.pages["Bea"]
    bea.locator('[data-action="clue"][data-clue="3"]').dispatch_event("click")
    expect(bea.locator('[data-task="clue3"]')).to_be_visible()
    walk.check(bea, "robnrun-clue-picker", "Bea")
    bea.locator('.rr-picker .quiet').dispatch_event("click")
    walk.act(Action("crew"))
    walk.look("robnrun-crew", "Carl", "Dana")
    crew_round(walk)
    walk.act(Action("sort", 0, {"cards": ["card", "flashlight", "acid", "bag"]}))
    walk.look("robnrun-sorted", "Bea", "Carl", "table")        # the robbery goes on
    walk.act(Action("crew"))
    crew_round(walk)
    walk.look("robnrun-alarm", "Bea", "Carl")
    walk.act(Action("sort", 0, {"cards": ["card", "dynamite", "flashlight", "stethoscope"]}))
    walk.look("robnrun-evaluation", "Bea", "Carl", "table")
    walk.act(Action("next"), Action("next"))
    walk.look("robnrun-place", "Bea", "Carl", "table")
    while walk.table.published.public["state"]["phase"] == "evaluation":
        walk.act(Action("next"))
    walk.look("robnrun-next-robbery", "Bea", "Carl")
    walk.verdict()


def test_every_safehouse_screen_fits_every_phone(walk: Walk) -> None:
    walk.host()
    walk.act(Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                             "options": {"first_player": 0}}))
    walk.look("safehouse-setup", "table")
    walk.sit("Ina", 0)
    walk.sit("Sami", 1)
    walk.look("safehouse-select", "Ina", "Sami", "table")
    tasks(walk.pages["Ina"], "roll")
    walk.act(Action("roll", None, {"dice": {"yellow": 2, "blue": 1, "white": 1}}))
    walk.look("safehouse-faces", "Ina", "table")
    walk.act(Action("faces", None, {"faces": {"yellow": [3, "P"], "blue": [4], "white": [2]}}))
    walk.look("safehouse-helps", "Ina", "Sami")
    expect(walk.pages["Ina"].locator('[data-kind="reroll"]')).to_have_text(
        "Roll again: tap dice first")
    walk.act(Action("go"), Action("order", None, {"seat": 0, "row": 5, "status": "closed",
                                                  "arrow": 5}),
             Action("order", None, {"seat": 1, "row": 2, "status": "open"}))
    walk.look("safehouse-entering", "Ina", "Sami", "table")
    walk.act(Action("done"), Action("pursuer", None, {"field": 14}))
    walk.look("safehouse-close", "Sami")
    walk.act(Action("pursuer", None, {"field": 16}))
    walk.look("safehouse-lost", "Ina", "table")
    walk.verdict()


def test_every_safehouse_sheet_screen_fits_every_phone(walk: Walk) -> None:
    """Sheet mode on the example sheets: choosing the letter, the sheets (one order that can
    no longer be closed), the number picker at the bottom of the phone, with a chameleon's
    offers too; before it, the lobby's profile with the sheets to type in."""
    walk.host()
    lobby = walk.pages["table"]
    lobby.locator('[data-game="safehouse"]').click()
    lobby.locator(".sh-sheets summary").click()
    expect(lobby.locator("#safehouse-sheet-E")).to_be_visible()
    walk.check(lobby, "safehouse-sheets-profile", "table")
    walk.act(Action("table.new_game", None, {"game": "safehouse", "seats": 2,
                                             "options": {"first_player": 0, "mode": "sheet"}}))
    walk.sit("Ina", 0)
    walk.sit("Sami", 1)
    walk.act(Action("sheet", 0, {"letter": "S"}))
    walk.look("safehouse-sheet-letter", "Ina", "Sami")
    walk.act(Action("sheet", 1, {"letter": "A"}),
             Action("roll", None, {"dice": {"yellow": 2, "green": 1, "blue": 1, "white": 1},
                                   "faces": {"yellow": [3, 2], "green": [4], "blue": [5],
                                             "white": [1]}}),
             Action("go"),
             Action("write", 0, {"row": 1, "field": 0, "number": 4}),  # S: green yellow blue red
             Action("write", 0, {"row": 1, "field": 2, "number": 5}))  # nothing fits between
    assert walk.table.published.public["state"]["players"][0]["sheet"][1]["stuck"]
    walk.look("safehouse-sheet", "Ina", "Sami", "table")
    ina = walk.pages["Ina"]
    ina.locator('.sh-digital button.sh-cell[data-row="0"][data-field="0"]').tap()
    expect(ina.locator(".sh-picker .sh-number").first).to_be_visible()
    walk.check(ina, "safehouse-sheet-picker", "Ina")
    ina.locator('.sh-picker [data-action="cancel"]').tap()
    ina.locator('.sh-digital button.sh-cell[data-row="0"][data-field="1"]').tap()
    expect(ina.locator('.sh-picker .sh-number[data-colour="yellow"]').first).to_be_visible()
    walk.check(ina, "safehouse-sheet-chameleon", "Ina")  # a yellow 5 or 6 into a blue field
    walk.verdict()


def test_the_history_pages_fit_every_phone(walk: Walk) -> None:
    walk.act(Action("table.new_game", None, {"game": "romme", "seats": 3,
                                             "options": {"first_player": 0, "rounds": 2}}),
             *(Action("table.rename", None, {"seat": seat, "name": long_name(who)})
               for seat, who in enumerate(("Anna", "Ben", "Cara"))))
    for _ in range(2):
        walk.act(Action("resume"), *(Action("end_turn") for _ in range(3)), Action("romme"))
        winner = walk.table.published.public["state"]["scoring"]["winner"]
        walk.act(*(Action("score", None, {"seat": seat, "tiles": [9, 10, 50]})
                   for seat in range(3) if seat != winner), Action("confirm_scores"))
    game_id = walk.table.history()[0]["id"]
    for screen, path in (("history", "history"), ("history-game", f"history/{game_id}"),
                         ("records", "records?" + urlencode(
                             {"first": long_name("Anna"), "second": long_name("Ben")}))):
        page = walk.phone(screen, path)
        for lang in LANGUAGES:
            page.goto(f"{walk.url}{path}{'&' if '?' in path else '?'}lang={lang}")
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": HEIGHT})
                walk.found.setdefault(f"{screen} · {lang} · {width} px", []).extend(
                    problems(page))
            if screen == "history" and lang == "en":
                expect(page.locator(".winner")).to_contain_text(f"won by {long_name('Anna')}")
            if screen == "records":
                expect(page.locator(".record-list .pname").first).to_be_visible()
                expect(page.locator(".record-list .player-colour").first).to_be_visible()
                if width == 360:
                    walk.shoot(page, f"{screen}-{lang}")
    walk.verdict()


def test_the_table_page_asks_whether_a_name_is_a_player_from_before(walk: Walk) -> None:
    """Two Annas and a Ben in the records; in the lobby and in a game, Anna's and Ben's names
    typed again at other seats: the table page asks about each (a button for each Anna);
    one answer takes its question away."""
    anna, ben = long_name("Anna"), long_name("Ben")
    links = ({"seat": 0, "player": ben.casefold()}, {"seat": 1, "new": True})
    for first, second, linked in ((anna, ben, ()), (ben, anna, links)):
        walk.act(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                 "options": {"first_player": 0, "rounds": 1}}),
                 Action("table.rename", None, {"seat": 0, "name": first}),
                 Action("table.rename", None, {"seat": 1, "name": second}),
                 *(Action("table.player", None, args) for args in linked),
                 Action("resume"), Action("end_turn"), Action("end_turn"), Action("romme"),
                 Action("score", None, {"seat": 1, "tiles": [7, 50]}),
                 Action("confirm_scores"), Action("table.end_game"))
    walk.host()
    walk.act(Action("table.rename", None, {"seat": 0, "name": anna}),
             Action("table.rename", None, {"seat": 1, "name": ben}))
    page = walk.pages["table"]
    expect(page.locator("#returning .returning-ask")).to_have_count(2)
    expect(page.locator('#returning [data-seat="0"] button')).to_have_count(3)
    walk.look("returning-lobby", "table")
    walk.act(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                             "options": {"first_player": 0}}))
    walk.look("returning-game", "table")
    page.locator(f'#returning [data-seat="1"] [data-player="{ben.casefold()}"]').click()
    expect(page.locator("#returning .returning-ask")).to_have_count(1)
    page.locator('#returning [data-seat="0"] [data-new="true"]').click()
    expect(page.locator("#returning")).to_be_hidden()
    assert walk.table.published.public["returning"] == []
    walk.verdict()


def test_four_phones_reach_the_first_turn_in_few_taps(walk: Walk) -> None:
    """The first evening: four phones scan the QR code, type a name, tap a seat; one taps
    Start. Taps are counted (at most 14, as the trials found), the time is printed."""
    walk.act(Action("table.new_game", None, {"game": "romme", "seats": 4,
                                             "options": {"first_player": 0}}))
    taps = 0
    started = time.monotonic()
    for seat, name in enumerate(("Anna", "Ben", "Cara", "Dora")):
        page = walk.phone(name)
        page.locator("#name").tap()
        page.fill("#name", name)
        page.locator(f'#join-seats [data-seat="{seat}"]').tap()
        taps += 2
        expect(page.locator("#me")).to_contain_text(name)
    walk.pages["Anna"].locator('[data-action="resume"]').tap()
    taps += 1
    expect(walk.pages["Anna"].locator("#headline")).to_have_text("Your turn!")
    seconds = time.monotonic() - started
    print(f"\nfirst evening: 4 phones from the join link to the first running turn in "
          f"{taps} taps, {seconds:.1f} s")
    assert taps <= 14
    assert walk.table.published.public["timer"]["running"] is True


def test_every_gendarm_screen_fits_every_phone(walk: Walk) -> None:
    """Räuber und Gendarm at level 3 with typed dice and chips (every pad and card), the box's
    rolls and deal at level 2 (the duty and the removal), both to the end; then the table page
    playing for a player without a phone (the chip kept, a gendarme given up, the claim)."""
    walk.host()
    walk.act(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "level": 3, "dice": "table", "catchers": "chips"}}))
    walk.look("gendarm-setup", "table")
    walk.sit("Anna", 0)
    walk.sit("Ben", 1)
    walk.look("gendarm-start", "Anna", "table")
    walk.act(Action("start_roll", None, {"starter": 0}), Action("catcher", 0, {"number": 2}))
    walk.look("gendarm-chips", "Anna", "Ben")
    walk.act(Action("catcher", 1, {"number": 4}))
    walk.look("gendarm-turn", "Anna", "Ben", "table")
    expect(walk.pages["table"].locator('[data-action="end_turn"]')).to_have_text("End turn")
    walk.pages["Anna"].locator('[data-action="claim"]').tap()
    walk.look("gendarm-claim", "Anna")
    walk.act(Action("roll", None, {"value": 6}))
    walk.look("gendarm-hide", "Anna", "table")
    walk.act(Action("hide", None, {"hideout": 1}), Action("roll", None, {"value": 1}),
             Action("hide", None, {"hideout": 2}))
    walk.look("gendarm-leave", "Anna", "Ben")
    walk.act(Action("leave"), Action("end_turn"), Action("end_turn"),
             Action("capture", 0, {"gendarme": 2}))
    walk.look("gendarm-caught", "Anna", "Ben")
    walk.act(Action("end_turn"), Action("leave"), Action("end_turn"),
             Action("capture", 0, {"gendarme": 2}))
    walk.look("gendarm-over", "Anna", "Ben", "table")
    walk.act(Action("table.end_game"),
             Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
                 "level": 2}}), Action("start_roll"), Action("deal"))
    first = walk.table.published.public["state"]["turn"]
    walk.act(Action("safe"), Action("end_turn"), Action("end_turn"))
    walk.act(Action("roll"))
    while not walk.table.published.public["state"]["duty"]["remove"]:
        walk.act(Action("end_turn"), Action("end_turn"), Action("roll"))
    names = ("Anna", "Ben")
    walk.look("gendarm-remove", names[first], names[1 - first])
    # Ben's phone leaves: with real chips the table page keeps White's chip face down and
    # gives up White's gendarme and claims White's capture.
    walk.act(Action("table.end_game"), Action("table.release", 1, {"seat": 1}),
             Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
                 "level": 2, "dice": "table", "catchers": "chips"}}),
             Action("start_roll", None, {"starter": 1}))
    walk.look("gendarm-keep", "table")
    walk.act(Action("keep_chip", None, {"seat": 1}), Action("catcher", 0, {"number": 2}),
             Action("safe"), Action("end_turn"), Action("end_turn"),
             Action("roll", None, {"value": 3}))
    walk.look("gendarm-kept-remove", "table", "Anna")
    walk.act(Action("remove", None, {"gendarme": 6}), Action("end_turn"), Action("end_turn"),
             Action("roll", None, {"value": 2}))
    claim = walk.pages["table"].locator('[data-action="claim"]')
    expect(claim).to_be_visible()
    claim.tap()
    walk.look("gendarm-kept-claim", "table")
    walk.verdict()


def test_a_question_to_tap_again_reads_and_stays_until_answered(walk: Walk) -> None:
    """Rematch asks for a second tap in light words on dark red (4.5:1 at least), and the
    question stays a minute later; a tap elsewhere takes it back."""
    walk.act(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                             "options": {"first_player": 0, "rounds": 1}}))
    walk.sit("Anna", 0, fake_time=True)
    walk.act(Action("resume"), Action("end_turn"), Action("end_turn"), Action("romme"),
             Action("score", None, {"seat": 1, "tiles": [7, 50]}), Action("confirm_scores"))
    anna = walk.pages["Anna"]
    expect(anna.locator("#moment")).to_be_visible()
    anna.locator("#moment").dispatch_event("click")
    rematch = anna.locator('#moment [data-action="table.rematch"]')  # the result offers it
    rematch.tap()
    expect(rematch).to_have_attribute("data-armed", "yes")
    expect(rematch).to_have_text("Tap again to confirm")
    anna.set_viewport_size({"width": 320, "height": HEIGHT})
    assert problems(anna) == []
    anna.clock.fast_forward(60_000)
    expect(rematch).to_have_text("Tap again to confirm")
    anna.locator("#moment .moment-title").tap()
    expect(rematch).not_to_have_attribute("data-armed", "yes")


def test_the_result_stays_on_the_table_page_until_the_host_chooses_another_game(
        walk: Walk) -> None:
    """The game's result stays on the table page however long the group looks and wherever
    it taps; "Another game" asks once more, then the lobby shows."""
    walk.host(fake_time=True)
    walk.act(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                             "options": {"first_player": 0, "rounds": 1}}),
             Action("resume"), Action("end_turn"), Action("end_turn"), Action("romme"),
             Action("score", None, {"seat": 1, "tiles": [7, 50]}), Action("confirm_scores"))
    page = walk.pages["table"]
    result = page.locator("#moment")
    expect(result).to_contain_text("Game over")
    page.clock.fast_forward(30 * 60_000)
    result.locator(".moment-title").tap()
    expect(result).to_be_visible()
    another = result.locator('[data-next="lobby"]')
    another.tap()
    expect(another).to_have_text("Tap again to confirm")
    another.tap()
    expect(result).to_be_hidden()
    expect(page.locator('[data-game="romme"]')).to_be_visible()    # the lobby's games
    assert walk.table.published.public["game"] is None
