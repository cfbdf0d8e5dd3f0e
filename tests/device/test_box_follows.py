"""The box follows the Table on a thread of its own: the Table's owner only hands each
Published over, so a shift register that hangs holds up the box alone, and the box then
shows the last step and sounds every step's sound, in order."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest

from companion.device.box import THREAD_NAME, Box
from companion.device.buzzer import Beeper
from companion.device.pins import PinMap
from companion.games.base import Action, Button, Sound
from companion.table.owner import Table
from tests.clock import FakeClock
from tests.device.recording import Edge, EdgeLog, RecordingFactory
from tests.device.test_box import bars, player


class Hang:
    """Holds the box's thread on its next pin change until let go: a shift register that
    hangs (the change is logged first)."""

    def __init__(self, log: EdgeLog) -> None:
        self.held, self.free = threading.Event(), threading.Event()
        self._append = log.append

    def append(self, edge: Edge) -> None:
        self._append(edge)
        if edge.thread == THREAD_NAME and not self.free.is_set():
            self.held.set()
            self.free.wait(10)


def played(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Sound, ...]]:
    """Every sound the box's buzzer is asked to play from now on, a tuple each time."""
    asked: list[tuple[Sound, ...]] = []
    play = Beeper.play

    def spy(beeper: Beeper, sounds: Sequence[Sound]) -> None:
        asked.append(tuple(sounds))
        play(beeper, sounds)
    monkeypatch.setattr(Beeper, "play", spy)
    return asked


def test_a_hung_shift_register_holds_up_the_box_and_never_the_table(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table, clock: FakeClock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    p = player(box, pins, pin_map, table, clock)
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2}))
    table.submit(Action("pursuer", None, {"field": 10}))      # each lead 6: five LEDs
    box.settled()
    hang, sounds = Hang(pins.log), played(monkeypatch)
    monkeypatch.setattr(pins.log, "append", hang.append)
    first = table.submit(Action("pursuer", None, {"field": 12}))
    assert hang.held.wait(5)                # the box hangs on the LEDs of a lead of 4 ...
    answered = [table.submit(Action("pursuer", None, {"field": field})) for field in (13, 14, 15)]
    assert answered == [first + 1, first + 2, first + 3]    # ... while the Table answers on
    assert not hang.free.is_set()
    hang.free.set()
    box.settled()
    assert p.shown() == bars(1, 1)          # a lead of 1 each
    tick, warn = Sound.TICK, Sound.WARN     # each step's, never the four as one
    assert sounds == [(tick, tick), (tick,), (tick, warn), (tick, warn)]


def test_the_tables_thread_never_moves_a_pin(box: Box, pins: RecordingFactory,
                                             pin_map: PinMap, table: Table,
                                             clock: FakeClock) -> None:
    p = player(box, pins, pin_map, table, clock)
    mark = pins.log.mark()
    p.start_romme()
    p.hold(Button.BACK)                     # undo, with nothing to undo: refused
    table.submit(Action("resume"))
    clock.advance(50.1)
    p.settle()                              # the Table calls time: OVERRUN, the LEDs flash
    assert p.heard(mark) == [Sound.ERROR, Sound.OVERRUN]
    threads = {edge.thread for edge in pins.log.edges(mark)}
    assert THREAD_NAME in threads and "table" not in threads


def test_the_screen_hears_when_the_box_has_followed_a_change_it_shows(
        box: Box, table: Table) -> None:
    """The screen may wake for a new version before the box has followed it: the box wakes
    it again with the cursor, the moment and the LEDs that go with it."""
    moved = threading.Event()
    box.watch(moved.set)
    table.submit(Action("table.language", None, {"language": "en"}))
    box.settled()
    assert not moved.is_set()               # the same LEDs, the cursor where it was
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
    box.settled()
    assert moved.is_set()


def test_closing_the_box_ends_its_thread(table: Table, pin_map: PinMap, pins: RecordingFactory,
                                         clock: FakeClock) -> None:
    def following() -> int:
        return sum(thread.name == THREAD_NAME for thread in threading.enumerate())
    before = following()
    box = Box(table, pin_map, clock=clock, pin_factory=pins)
    assert box.alive() and following() == before + 1
    box.close()
    assert not box.alive() and following() == before
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
    assert following() == before            # nothing wakes it again


def test_a_late_box_follows_each_step_as_of_when_it_was_published(
        box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table, clock: FakeClock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    p = player(box, pins, pin_map, table, clock)
    p.start_romme()
    table.submit(Action("resume"))
    p.run_down(box, 49.9)
    hang = Hang(pins.log)
    monkeypatch.setattr(pins.log, "append", hang.append)
    clock.advance(0.2)
    table.poke()                            # the Table calls time ...
    called = clock()
    assert hang.held.wait(5)                # ... and the box hangs on the flashing LEDs
    clock.advance(1.0)
    hang.free.set()
    box.settled()
    assert box.moment is not None and box.moment.since == called
