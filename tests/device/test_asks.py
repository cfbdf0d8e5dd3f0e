"""A grant on the box is never where a game's OK lands: a browser asking to be the table page
and a phone asking for a taken seat wait on a screen of their own, which only a held ▶ opens;
there each ask shows its label for a moment before OK takes it, and the game's cursor never
moves for an ask. On a real Table, with the box's buttons on gpiozero's mock pins."""

from __future__ import annotations

import random
from contextlib import suppress
from dataclasses import dataclass

import pytest

from companion.device.box import ASKS_IDLE_S, READ_S, Box
from companion.device.pins import PinMap
from companion.games.base import Action, Button, GetawayError, Sound
from companion.server import context
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.published import token_hash
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory
from tests.device.test_box import Player
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, phone, send_action
from tests.server.test_seats import view
from tests.server.way_in import served

PERIOD_S = 0.5
"""A careful player presses OK every half second ..."""
LOOK_S = 0.25
"""... each time on what the screen showed this long before (a person's reaction): an item
that took the cursor since goes unseen."""
ASKS = 20
PRESSES = 80
"""40 s of pressing, over which the asks come at random moments."""
YELLOW = "safehouse.menu.die.yellow"
"""The item the player means: Safehouse with the box's dice, one more yellow die each OK."""
OWNERS = ("Anna", "Ben")


@dataclass(frozen=True, slots=True)
class Ask:
    """A stranger's ask, when it comes, the token its browser or phone would hold, and how
    the table page or the seat's own phone refuses it at the end of its slot."""

    at: float
    token: str
    action: Action
    refusal: Action


def strangers(seed: int) -> list[Ask]:
    """``ASKS`` asks, each at a random moment of a slot of its own (refused at the slot's end
    if the box has not granted it): to be the table page (no join code needed), or for a seat
    a phone holds, under that seat's own name."""
    chooser, slot = random.Random(seed), PRESSES * PERIOD_S / ASKS
    asks = []
    for n in range(ASKS):
        token, at = f"stranger-{seed}-{n}", chooser.uniform(n * slot, (n + 1) * slot)
        if chooser.random() < 0.5:
            label = "".join(chooser.choices("ACDEFHJKMNPRTVWXY3479", k=3))
            asks.append(Ask(at, token, Action("table.host_ask", None, {
                "token_hash": token_hash(token), "label": label}),
                            Action("table.host_refuse")))
        else:
            seat = chooser.randrange(len(OWNERS))
            args = {"seat": seat, "name": OWNERS[seat], "token_hash": token_hash(token)}
            asks.append(Ask(at, token, Action("table.request", None, args),
                            Action("table.deny", None, {"seat": seat})))
    return asks


def granted(table: Table, asks: list[Ask]) -> set[str]:
    """The tokens of ``asks`` that are a table page or hold a seat now."""
    return {ask.token for ask in asks
            if table.is_host(ask.token) or table.seat_for_token(ask.token) is not None}


class Careful(Player):
    """Presses OK on the yellow die every half second; whenever the screen showed the cursor
    elsewhere, moves it back to the yellow die first, the shorter way round."""

    def __init__(self, box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                 clock: FakeClock) -> None:
        super().__init__(box, pins, pin_map, table, clock)
        self.strayed, self.granted = 0, set[str]()

    def start_safehouse(self) -> None:
        self.table.submit(Action("table.new_game", None, {
            "game": "safehouse", "seats": len(OWNERS), "options": {"dice": "box"}}))
        for seat, name in enumerate(OWNERS):
            self.table.submit(Action("table.claim", None, {
                "seat": seat, "name": name, "token_hash": token_hash(f"phone-{seat}")}))
        assert self.table.published.controls.menu[self.box.cursor].key == YELLOW

    def look(self) -> list[Button]:
        """What the player will press, from the screen now: back to the yellow die, then OK."""
        menu, cursor = self.table.published.controls.menu, self.box.cursor
        if menu[cursor].key == YELLOW:
            return [Button.OK]
        self.strayed += 1
        target = next(n for n, item in enumerate(menu) if item.key == YELLOW)
        right = (target - cursor) % len(menu)
        steps = [Button.RIGHT] * right if right <= len(menu) - right else [
            Button.LEFT] * (len(menu) - right)
        return [*steps, Button.OK]

    def race(self, asks: list[Ask]) -> None:
        """OK every ``PERIOD_S`` (back to the yellow die first where the screen showed the
        cursor elsewhere), each ask coming at its moment and refused at its slot's end."""
        start, per_slot = self.clock(), PRESSES // len(asks)
        for n, ask in enumerate(asks):
            waiting = [ask]
            for k in range(1, per_slot + 1):
                moment = start + (n * per_slot + k) * PERIOD_S
                self.until(moment - LOOK_S, waiting, start)
                buttons = self.look()
                self.until(moment, waiting, start)
                self.tap(*buttons)
                self.granted |= granted(self.table, asks)
            with suppress(GetawayError):
                self.table.submit(ask.refusal)
            self.box.settled()

    def until(self, moment: float, waiting: list[Ask], start: float) -> None:
        """Let the clock run to ``moment``, an ask due by then coming in on the way."""
        while waiting and start + waiting[0].at <= moment:
            ask = waiting.pop(0)
            self.clock.advance(max(0.0, start + ask.at - self.clock()))
            self.table.submit(ask.action)
            self.box.settled()
        self.clock.advance(max(0.0, moment - self.clock()))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_careful_players_ok_never_grants_a_strangers_ask(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table, clock: FakeClock,
        seed: int) -> None:
    """20 asks at random moments while OK goes to the yellow die every 0.5 s: none granted,
    and the cursor never left the yellow die."""
    player = Careful(box, pins, pin_map, table, clock)
    player.start_safehouse()
    asks = strangers(seed)
    player.race(asks)
    assert (len(player.granted), player.strayed) == (0, 0), (
        f"{len(player.granted)} of {ASKS} asks granted, the cursor strayed {player.strayed} "
        "times")
    assert table.published.controls.menu[box.cursor].key == YELLOW



class Owner(Player):
    """Plays from the box's buttons and answers the asks on their own screen."""

    def __init__(self, box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                 clock: FakeClock) -> None:
        super().__init__(box, pins, pin_map, table, clock)

    def item(self) -> str:
        """The key of the game's menu item the cursor is on."""
        return self.table.published.controls.menu[self.box.cursor].key

    def asks(self) -> list[str]:
        return [item.key for item in self.table.published.controls.asks]

    def showing(self) -> str | None:
        """The key of the ask the asks screen shows (None: the game's screen)."""
        asking = self.box.asking
        return None if asking is None else asking.item.key

    def errors(self, since: int) -> int:
        return self.heard(since).count(Sound.ERROR)


@pytest.fixture
def owner(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
          clock: FakeClock) -> Owner:
    return Owner(box, pins, pin_map, table, clock)


def safehouse(table: Table) -> None:
    """Safehouse with the box's dice for Anna and Ben, each with a phone: the box's menu
    starts on the yellow die."""
    table.submit(Action("table.new_game", None, {
        "game": "safehouse", "seats": len(OWNERS), "options": {"dice": "box"}}))
    for seat, name in enumerate(OWNERS):
        table.submit(Action("table.claim", None, {
            "seat": seat, "name": name, "token_hash": token_hash(f"phone-{seat}")}))


def ask_to_host(table: Table, token: str, label: str) -> None:
    """What ``POST /api/host`` sends for a browser: no join code needed."""
    table.submit(Action("table.host_ask", None, {"token_hash": token_hash(token),
                                                 "label": label}))


def yellow(table: Table) -> int:
    chosen: int = table.published.public["state"]["selection"]["yellow"]
    return chosen


def test_safehouse_ok_on_the_yellow_die_never_makes_a_stranger_the_table_page(
        owner: Owner, table: Table, clock: FakeClock) -> None:
    """The stranger asks while the cursor is on the yellow die: the OK meant for the die
    chooses the die, and the stranger cannot end the game. Held ▶ shows the ask; an OK at
    once is refused, one after the moment grants it."""
    safehouse(table)
    stranger = served(create_app(table, public_url=PUBLIC_URL,
                                   join_code=JOIN_CODE)).test_client()
    asked = stranger.post("/api/host", json={})                 # no join code needed
    assert asked.status_code == 200
    owner.tap(Button.OK)                                        # meant for the die
    end = send_action(stranger, {"type": "table.end_game", "args": {}, "version": None})
    assert end.status_code == 403 and table.published.public["game"] == "safehouse"
    cookie = stranger.get_cookie(context.HOST_COOKIE)
    assert cookie is not None and not table.is_host(cookie.value)
    assert (yellow(table), owner.item()) == (1, YELLOW)

    owner.hold(Button.RIGHT)                                    # the deliberate press
    asking = owner.box.asking
    assert asking is not None and owner.item() == YELLOW
    assert (asking.item.key, asking.item.params) == ("box.host_grant",
                                                     {"label": (asked.json or {})["label"]})
    mark = owner.pins.log.mark()
    owner.tap(Button.OK)                                        # too soon: refused
    assert owner.errors(mark) == 1 and owner.asks() == ["box.host_grant", "box.host_refuse"]
    clock.advance(READ_S)
    owner.tap(Button.OK)
    assert owner.asks() == [] and owner.showing() is None
    assert (owner.item(), yellow(table)) == (YELLOW, 1)
    assert table.is_host(cookie.value)
    end = send_action(stranger, {"type": "table.end_game", "args": {}, "version": None})
    assert end.status_code == 200                               # granted: it may now


def test_gendarm_ok_never_hands_seat_1_and_its_catcher_to_a_third_browser(
        owner: Owner, table: Table, clock: FakeClock) -> None:
    """A third browser with the join code asks for seat 1 under its holder's name: the OK
    meant for the game does the game's item, and the browser gets neither the seat nor its
    secret catcher; the owner refuses it on the asks screen."""
    app = served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2}))
    anna, ben, third = phone(app), phone(app), phone(app)
    for seat, (client, name) in enumerate([(anna, "Anna"), (ben, "Ben")]):
        assert client.post("/api/join", json={"seat": seat, "name": name}).status_code == 200
    owner.tap(Button.TURN, Button.TURN)                          # the start roll, the deal
    catcher = view(anna)["state"]["catcher"]
    asked = third.post("/api/claim", json={"seat": 0, "name": "Anna"})
    assert asked.status_code == 200 and (asked.json or {})["pending"]
    version = table.published.version
    owner.tap(Button.OK)                                        # meant for the game's item
    assert view(third)["me"] is None and "catcher" not in view(third)["state"]
    assert view(anna)["me"] == 0 and view(anna)["state"]["catcher"] == catcher
    assert table.published.version > version, "the OK did the game's item"
    assert owner.asks() == ["box.grant", "box.deny"]

    owner.hold(Button.RIGHT)
    assert owner.showing() == "box.grant"
    owner.tap(Button.RIGHT)                                     # to "Refuse seat 1 to Anna"
    assert owner.showing() == "box.deny"
    clock.advance(READ_S)
    owner.tap(Button.OK)
    assert owner.asks() == [] and owner.showing() is None and view(third)["me"] is None


def test_the_asks_screen_leaves_the_games_cursor_where_it_was(
        owner: Owner, table: Table, clock: FakeClock) -> None:
    safehouse(table)
    owner.tap(Button.RIGHT, Button.RIGHT)
    item = owner.item()
    owner.hold(Button.RIGHT)                      # nothing asks: a step like any RIGHT
    assert owner.showing() is None and owner.box.cursor == 3
    owner.tap(Button.LEFT)
    ask_to_host(table, "stranger", "X9Q")
    owner.hold(Button.RIGHT)                      # the step it took is taken back
    assert owner.showing() == "box.host_grant" and owner.item() == item
    owner.tap(Button.RIGHT, Button.RIGHT, Button.LEFT)
    assert owner.showing() == "box.host_refuse" and owner.item() == item
    owner.tap(Button.BACK)
    assert owner.showing() is None and owner.item() == item
    assert owner.asks() == ["box.host_grant", "box.host_refuse"]


def test_ok_pressed_again_and_again_on_the_asks_screen_never_grants(
        owner: Owner, table: Table, clock: FakeClock) -> None:
    """Each OK before the ask has shown READ_S starts the moment again: only an OK after a
    calm look takes it."""
    safehouse(table)
    ask_to_host(table, "stranger", "X9Q")
    owner.hold(Button.RIGHT)
    for _ in range(12):
        clock.advance(PERIOD_S)
        mark = owner.pins.log.mark()
        owner.tap(Button.OK)
        assert owner.errors(mark) == 1
    assert not table.is_host("stranger") and owner.showing() == "box.host_grant"
    clock.advance(READ_S)
    owner.tap(Button.OK)
    assert table.is_host("stranger")


def test_an_ask_that_changes_under_the_cursor_must_be_read_again(
        owner: Owner, table: Table, clock: FakeClock) -> None:
    safehouse(table)
    ask_to_host(table, "first", "K7M")
    owner.hold(Button.RIGHT)
    clock.advance(READ_S - 0.1)
    ask_to_host(table, "second", "X9Q")           # the newer ask replaces the one shown
    owner.box.settled()
    asking = owner.box.asking
    assert asking is not None and asking.item.params == {"label": "X9Q"}
    clock.advance(0.2)
    owner.tap(Button.OK)
    assert not table.is_host("first") and not table.is_host("second")
    clock.advance(READ_S)
    owner.tap(Button.OK)
    assert table.is_host("second") and not table.is_host("first")


def test_the_asks_screen_closes_when_nothing_asks_or_nobody_presses(
        owner: Owner, box: Box, table: Table, clock: FakeClock) -> None:
    safehouse(table)
    phone_token = token_hash("stranger-phone")
    table.submit(Action("table.request", None, {"seat": 1, "name": "Ben",
                                                "token_hash": phone_token}))
    owner.hold(Button.RIGHT)
    assert owner.showing() == "box.grant"
    table.submit(Action("table.withdraw", None, {"token_hash": phone_token}))
    box.settled()
    assert owner.showing() is None and owner.item() == YELLOW
    ask_to_host(table, "stranger", "X9Q")
    owner.hold(Button.RIGHT)
    clock.advance(ASKS_IDLE_S - 0.1)
    box.tick(clock())
    assert owner.showing() == "box.host_grant"
    clock.advance(0.1)
    box.tick(clock())
    assert owner.showing() is None and owner.item() == YELLOW


def test_turn_on_the_asks_screen_does_the_games_turn(owner: Owner, table: Table,
                                                     clock: FakeClock) -> None:
    safehouse(table)
    owner.tap(Button.OK)                          # a yellow die: TURN rolls it
    ask_to_host(table, "stranger", "X9Q")
    owner.hold(Button.RIGHT)
    owner.tap(Button.TURN)
    assert owner.showing() is None and table.published.public["state"]["roll"] is not None
    assert not table.is_host("stranger")


def test_no_menu_of_the_box_holds_an_ask(owner: Owner, table: Table) -> None:
    """The lobby, a game's settings, a game and the question before it ends: each menu the
    same with asks waiting as without."""
    def menus() -> list[list[str]]:
        shown = []
        for step in (Action("table.setup", None, {"game": "romme", "option": ""}),
                     Action("table.setup", None, {"game": ""}),
                     Action("table.new_game", None, {"game": "romme", "seats": 2}),
                     Action("table.end_ask", None, {"ask": True}),
                     Action("table.end_game")):
            shown.append([item.key for item in table.published.controls.menu])
            table.submit(step)
        return shown

    alone = menus()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
    table.submit(Action("table.claim", None, {"seat": 0, "token_hash": token_hash("anna")}))
    table.submit(Action("table.end_game"))
    table.submit(Action("table.request", None, {"seat": 0, "token_hash": token_hash("x")}))
    ask_to_host(table, "stranger", "X9Q")
    assert owner.asks() == ["box.host_grant", "box.host_refuse", "box.grant_phone",
                            "box.deny_phone"]
    assert menus() == alone
