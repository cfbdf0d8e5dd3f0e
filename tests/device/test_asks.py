"""A grant on the box is never where a game's OK lands: a browser asking to be the table page
and a phone asking for a taken seat wait on a screen of their own, which only a held ▶ opens;
there each ask shows its label for a moment before OK takes it, and the game's cursor never
moves for an ask. On a real Table, with the box's buttons on gpiozero's mock pins."""

from __future__ import annotations

import random
from contextlib import suppress
from dataclasses import dataclass

from companion.device.box import Box
from companion.device.pins import PinMap
from companion.games.base import Action, Button, GetawayError
from companion.table.owner import Table
from companion.table.published import token_hash
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory
from tests.device.test_box import Player

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
        super().__init__(pins, pin_map, table, clock)
        self.box, self.strayed, self.granted = box, 0, set[str]()

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

    def until(self, moment: float, waiting: list[Ask], start: float) -> None:
        """Let the clock run to ``moment``, an ask due by then coming in on the way."""
        while waiting and start + waiting[0].at <= moment:
            ask = waiting.pop(0)
            self.clock.advance(max(0.0, start + ask.at - self.clock()))
            self.table.submit(ask.action)
        self.clock.advance(max(0.0, moment - self.clock()))


def test_a_careful_players_ok_never_grants_a_strangers_ask(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
        clock: FakeClock) -> None:
    """20 asks at random moments while OK goes to the yellow die every 0.5 s: none granted,
    and the cursor never left the yellow die."""
    player = Careful(box, pins, pin_map, table, clock)
    player.start_safehouse()
    asks = strangers(1)
    player.race(asks)
    assert (len(player.granted), player.strayed) == (0, 0), (
        f"{len(player.granted)} of {ASKS} asks granted, the cursor strayed {player.strayed} "
        "times")
    assert table.published.controls.menu[box.cursor].key == YELLOW

