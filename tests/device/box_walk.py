"""Every game of the registry played with the box's five buttons on mock pins, its settings
set in the lobby's menus first: a seeded walk that chooses the kinds of menu item it chose
least, presses the keys, runs the clock out, asks to be the table page (and answers on the
asks screen) and lets a phone step in now and then, and tells of every OK what the menu was,
what was chosen and where the cursor stands after."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.device.box import READ_S, Box
from companion.device.pins import load_pins
from companion.device.simulated_pins import simulated_factory
from companion.games.base import JSON, Action, Button, Controls, GetawayError
from companion.table.box_options import settable
from companion.table.published import token_hash
from tests.clock import FakeClock
from tests.device.recording import press
from tests.device.walk import phone
from tests.tables import open_table

NEVER = frozenset({"table.end_game", "table.new_game"})
"""What the walk never chooses: it would leave the game it walks through (to the lobby, or
to another game)."""
LOBBY_STEPS = 6
"""OKs in the lobby before the game's settings are set: the language, a host's ask, ..."""
ASK = 0.03
"""How often a browser asks to be the table page: beside the menu, never in it."""
ANSWER = 0.3
"""How often, with asks waiting, the walk opens the asks screen and answers one."""
PHONE = 0.1
"""How often a phone acts (where one may) instead of the box."""
ON = 0.3
"""How often TURN takes the game's main step on, where it does, as a group mostly would."""
HOLD_S = 0.8


@dataclass(frozen=True, slots=True)
class Choice:
    """One press of OK: the menu before with the cursor on the item chosen, the menu after
    and where the cursor stands on it."""

    before: Controls
    index: int
    after: Controls
    cursor: int


class Hands:
    """Presses the box's buttons, and waits each time until the Table has dealt with them and
    the box has followed."""

    def __init__(self, db: Path, seed: int) -> None:
        self.clock, self.chooser, self.taken = FakeClock(), random.Random(seed), Counter[str]()
        self.table = open_table(db, self.clock, seed)
        self.factory, self.pins = simulated_factory(), load_pins()
        self.box = Box(self.table, self.pins, clock=self.clock, pin_factory=self.factory)

    def close(self) -> None:
        self.box.close()
        self.table.stop()

    def tap(self, button: Button) -> None:
        self.box.settled()
        press(self.factory, self.pins.buttons[button])
        self.settle()

    def hold(self, button: Button) -> None:
        self.box.settled()
        press(self.factory, self.pins.buttons[button], hold=HOLD_S, clock=self.clock.advance)
        self.settle()

    def settle(self) -> None:
        """Wait until the Table has looked at its queue and its clock and the box has
        followed every change."""
        self.table.poke()
        self.box.settled()

    def choose(self, index: int) -> Choice:
        """Move the cursor the shorter way round to item ``index`` and press OK."""
        before = self.table.published.controls
        right = (index - self.box.cursor) % len(before.menu)
        left = len(before.menu) - right
        for button in [Button.RIGHT] * right if right <= left else [Button.LEFT] * left:
            self.tap(button)
        self.tap(Button.OK)
        return Choice(before, index, self.table.published.controls, self.box.cursor)

    def item(self, kind: str, **args: JSON) -> int:
        """The place in the menu of the item whose action is ``kind`` with ``args``."""
        menu = self.table.published.controls.menu
        return next(n for n, item in enumerate(menu) if item.action.type == kind
                    and all(item.action.args.get(name) == v for name, v in args.items()))

    def least_taken(self, kinds: Sequence[str]) -> int:
        """The place in ``kinds`` of one the walk took least so far (half the time any)."""
        fewest = min(self.taken[kind] for kind in kinds)
        places = [n for n, kind in enumerate(kinds)
                  if self.taken[kind] == fewest or self.chooser.random() < 0.5]
        place = self.chooser.choice(places)
        self.taken[kinds[place]] += 1
        return place

    def ask_to_host(self) -> None:
        """A browser asks to be the table page: the menu stays as it is."""
        with suppress(GetawayError):
            self.table.submit(Action("table.host_ask", None, {
                "token_hash": token_hash(f"browser-{self.chooser.random()}"), "label": "K7M"}))
        self.box.settled()

    def answer(self) -> Choice | None:
        """Hold RIGHT for the asks screen, move to one of its items, let it show READ_S and
        press OK, then BACK if the screen is still open: the menu before with the cursor on
        the item it stood on, the menu after and where the cursor stands (None: no menu)."""
        before, cursor = self.table.published.controls, self.box.cursor
        self.hold(Button.RIGHT)
        for _ in range(self.chooser.randrange(len(before.asks))):
            self.tap(Button.RIGHT)
        self.clock.advance(READ_S)
        self.tap(Button.OK)
        if self.box.asking is not None:
            self.tap(Button.BACK)
        after = self.table.published.controls
        return Choice(before, cursor, after, self.box.cursor) if before.menu else None

    def may_answer(self) -> Iterator[Choice]:
        """Now and then, with asks waiting, answer one."""
        if self.table.published.controls.asks and self.chooser.random() < ANSWER:
            answered = self.answer()
            if answered is not None:
                yield answered


def choices(db: Path, game_id: str, seats: int, options: dict[str, Any], *, steps: int,
            seed: int = 1) -> Iterator[Choice]:
    """Set each of ``game_id``'s settings the box can set in the lobby's menus (``options``,
    else the default), start the game for ``seats`` and play ``steps`` steps, all from the
    box's buttons; yield every OK pressed."""
    hands = Hands(db, seed)
    try:
        hands.ask_to_host()
        for _ in range(LOBBY_STEPS):
            yield from _lobby_step(hands, game_id)
        while hands.table.published.controls.keys.get(Button.BACK):
            hands.tap(Button.BACK)
        yield from _settings(hands, game_id, options)
        yield hands.choose(hands.item("table.new_game", game=game_id, seats=seats))
        for _ in range(steps):
            yield from _step(hands)
    finally:
        hands.close()


def _lobby_step(hands: Hands, game_id: str) -> Iterator[Choice]:
    """An item of the lobby or of the settings of ``game_id``; never another game's."""
    if hands.chooser.random() < ASK:
        hands.ask_to_host()
    yield from hands.may_answer()
    menu = hands.table.published.controls.menu
    offered = [n for n, item in enumerate(menu) if item.action.type not in NEVER
               and item.action.args.get("game", game_id) in (game_id, "")]
    yield hands.choose(offered[hands.least_taken([menu[n].key for n in offered])])


def _settings(hands: Hands, game_id: str, options: dict[str, Any]) -> Iterator[Choice]:
    """Open the game's settings, set every option there and close them again."""
    game = hands.table.games[game_id]
    if not settable(game):
        return
    yield hands.choose(hands.item("table.setup", game=game_id, option=""))
    for option in settable(game):
        yield hands.choose(hands.item("table.setup", game=game_id, option=option.name))
        value = options.get(option.name, option.default)
        yield hands.choose(hands.item("table.option", option=option.name, value=value))
    yield hands.choose(hands.item("table.setup", game=""))


def _step(hands: Hands) -> Iterator[Choice]:
    """An item of the menu or a key, the clock run out, or a phone's action."""
    if hands.chooser.random() < ASK:
        hands.ask_to_host()
    yield from hands.may_answer()
    shown = hands.table.published
    if shown.public["game"] is None:
        return
    timer, moves = shown.public.get("timer"), _moves(shown.controls)
    if timer and timer["running"] and (not moves or hands.chooser.random() < 0.1):
        hands.clock.advance(timer["remaining_ms"] / 1000 + 0.1)
        hands.settle()
    elif not moves or hands.chooser.random() < PHONE:
        phone(hands.table, shown, hands.chooser)
        hands.box.settled()
    else:
        yield from _press(hands, shown.controls)


def _moves(controls: Controls) -> list[str]:
    """What the walk may do on the box now besides undo: the menu's items (by key), the keys."""
    moves = [item.key for item in controls.menu if item.action.type not in NEVER]
    moves += [str(button) for button in controls.keys if button is not Button.BACK_LONG]
    return [move for move in moves if move != "box.end_game"]


def _press(hands: Hands, controls: Controls) -> Iterator[Choice]:
    """TURN now and then where it takes the game on, else the item or key taken least."""
    offered = [n for n, item in enumerate(controls.menu) if item.action.type not in NEVER]
    keys = list(controls.keys)
    moves = [controls.menu[n].key for n in offered] + [str(button) for button in keys]
    if Button.TURN in keys and hands.chooser.random() < ON:
        hands.tap(Button.TURN)
        return
    place = hands.least_taken(moves)
    if place < len(offered):
        yield hands.choose(offered[place])
    else:
        _key(hands, keys[place - len(offered)])


def _key(hands: Hands, button: Button) -> None:
    if button in (Button.TURN_LONG, Button.BACK_LONG):
        hands.hold(Button.TURN if button is Button.TURN_LONG else Button.BACK)
    else:
        hands.tap(button)
