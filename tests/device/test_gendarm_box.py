"""The box running Räuber und Gendarm on a real Table and mock pins: the buttons do everything
but a capture claim and a removal, the LEDs read back from the 74HC595 bitstream show each
side's gendarmes and robbers, the buzzer warns of the duty roll and sounds the capture; a claim
refused on a phone makes no sound at all."""

from __future__ import annotations

from typing import Any

import pytest

from companion.device.box import Box
from companion.device.pins import PinMap
from companion.games.base import Action, Button, GetawayError, Sound
from companion.table.owner import Table
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory
from tests.device.test_box import Player

YELLOW, GREEN, WHITE, RED = range(4)


class Operator(Player):
    """Runs the game from the box's buttons; claims and removals come from the phones."""

    def __init__(self, box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                 clock: FakeClock) -> None:
        super().__init__(box, pins, pin_map, table, clock)

    def keys(self) -> list[str]:
        """The game's own menu items (the box's guide and way back to the games left aside)."""
        return [item.key for item in self.table.published.controls.menu
                if item.key not in ("box.guide", "box.end_game")]

    def choose(self, key: str) -> None:
        menu = self.table.published.controls.menu
        index = next(n for n, item in enumerate(menu) if item.key == key)
        self.tap(*[Button.RIGHT] * ((index - self.box.cursor) % len(menu)), Button.OK)

    def phone(self, kind: str, seat: int, **args: Any) -> None:
        self.table.submit(Action(kind, seat, args))
        self.box.settled()

    def catcher(self, seat: int) -> int:
        number: int = self.table.published.private[seat]["state"]["catcher"]
        return number


@pytest.fixture
def operator(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
             clock: FakeClock) -> Operator:
    return Operator(box, pins, pin_map, table, clock)


def column(lit: set[tuple[int, int]], col: int) -> set[int]:
    return {row for c, row in lit if c == col}


def test_the_box_plays_level_2_and_the_phones_keep_their_secrets(operator: Operator,
                                                                 table: Table) -> None:
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2,
                                                 "options": {"level": 2}}))
    for seat in (0, 1):                                           # a phone each
        table.submit(Action("table.claim", None, {"seat": seat, "token_hash": f"{seat}" * 64}))
    assert operator.keys() == ["gendarm.menu.start_roll"]
    operator.tap(Button.TURN)                                     # the start roll
    assert operator.keys() == ["gendarm.menu.deal"]
    operator.tap(Button.TURN)                                     # the deal
    first = operator.state()["turn"]
    shown = operator.shown()
    assert column(shown, YELLOW) == column(shown, RED) == set(range(6))
    robbers = (GREEN, WHITE) if first == 0 else (WHITE, GREEN)
    assert column(shown, robbers[0]) == {0, 5} and column(shown, robbers[1]) == {0}

    operator.choose("gendarm.menu.safe")
    assert 4 in column(operator.shown(), robbers[0])              # a robber out of reach
    mark = operator.pins.log.mark()
    operator.tap(Button.TURN, Button.TURN)
    assert operator.heard(mark) == [Sound.WARN]                   # the duty roll is due
    assert Button.TURN not in table.published.controls.keys       # TURN waits for the roll
    mark = operator.pins.log.mark()
    operator.tap(Button.TURN)
    assert operator.heard(mark) == [] and operator.state()["turn"] == first
    while True:
        mark = operator.pins.log.mark()
        operator.choose("gendarm.menu.roll")
        if operator.state()["duty"]["remove"]:
            break
        operator.tap(Button.TURN, Button.TURN)
    assert operator.heard(mark) == [Sound.WARN]                   # odd: a gendarme goes
    assert all(item.action.type != "remove" for item in table.published.controls.menu)
    keep = operator.catcher(first)
    operator.phone("remove", first, gendarme=next(n for n in range(1, 7) if n != keep))
    assert column(operator.shown(), (YELLOW, RED)[first]) == set(range(5))

    wrong = next(n for n in operator.state()["players"][first]["gendarmes"] if n != keep)
    mark = operator.pins.log.mark()
    with pytest.raises(GetawayError):
        operator.phone("capture", first, gendarme=wrong)
    assert operator.heard(mark) == []                             # not a sound
    operator.phone("capture", first, gendarme=keep)
    assert operator.heard(mark) == [Sound.SIREN]                  # DONE follows on its thread
    assert operator.keys()[:2] == ["gendarm.menu.end_game", "box.rematch"]
