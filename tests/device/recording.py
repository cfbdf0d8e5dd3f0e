"""A mock pin factory that records every pin change in one ordered log, and readers of that log.

Per-pin ``states`` in gpiozero's mock have separate time bases, so the order of changes across
pins (what a 74HC595 sees) is kept here instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from gpiozero.pins.mock import MockFactory, MockPWMPin
from gpiozero.tones import Tone

from companion.device.buzzer import PATTERNS, THREAD_NAME
from companion.device.pins import StationPins
from companion.device.station import COLUMNS, ROWS
from companion.games.base import Sound


class Edge(NamedTuple):
    """One change: a pin's state (0.0-1.0) or a frequency set on it (None: PWM off)."""

    pin: int
    what: str
    value: float | None
    thread: str


class EdgeLog:
    """The ordered log, with a handshake for changes that gpiozero's threads make."""

    def __init__(self) -> None:
        self._edges: list[Edge] = []
        self._changed = threading.Condition()

    def append(self, edge: Edge) -> None:
        with self._changed:
            self._edges.append(edge)
            self._changed.notify_all()

    def edges(self, since: int = 0) -> list[Edge]:
        with self._changed:
            return self._edges[since:]

    def mark(self) -> int:
        """A place in the log, for ``edges(since=...)``."""
        with self._changed:
            return len(self._edges)

    def wait_for(self, done: Callable[[list[Edge]], bool], timeout: float = 5.0) -> list[Edge]:
        with self._changed:
            assert self._changed.wait_for(lambda: done(self._edges), timeout)
            return list(self._edges)


class RecordingPin(MockPWMPin):  # type: ignore[misc]
    """A PWM-capable mock pin that adds each change to its factory's log."""

    def _change_state(self, value: Any) -> bool:
        changed = bool(super()._change_state(value))
        if changed:
            self._record("state", float(value))
        return changed

    def _set_frequency(self, value: float | None) -> None:
        super()._set_frequency(value)
        self._record("frequency", value)

    def _record(self, what: str, value: float | None) -> None:
        edge = Edge(int(self.info.name[4:]), what, value, threading.current_thread().name)
        self._factory.log.append(edge)


class RecordingFactory(MockFactory):  # type: ignore[misc]
    """gpiozero's MockFactory with RecordingPins and their shared ``log``."""

    def __init__(self) -> None:
        super().__init__(pin_class=RecordingPin)
        self.log = EdgeLog()


def latches(edges: Sequence[Edge], station: StationPins) -> list[tuple[bool, ...]]:
    """Replay a 74HC595 chain from the whole log: DATA is sampled at each rising SRCLK, the
    outputs are copied at each rising RCLK. Item i of each result is Q(i % 8) of chip i // 8."""
    data, register, shown = False, [False] * 24, []
    for edge in edges:
        if edge.what != "state":
            continue
        high = bool(edge.value)
        if edge.pin == station.data:
            data = high
        elif edge.pin == station.clock and high:
            register = [data, *register[:-1]]
        elif edge.pin == station.latch and high:
            shown.append(tuple(register))
    return shown


def chain_end(edges: Sequence[Edge], station: StationPins, stages: int = 24) -> bool:
    """QH' of the last 74HC595 of a chain of ``stages``, replayed from the whole log: what DATA
    held at the rising CLOCK ``stages`` edges ago (latching does not matter)."""
    data, register = False, [False] * stages
    for edge in edges:
        if edge.what != "state":
            continue
        if edge.pin == station.data:
            data = bool(edge.value)
        elif edge.pin == station.clock and edge.value:
            register = [data, *register[:-1]]
    return register[-1]


class EchoPin(RecordingPin):
    """The readback GPIO of a chain of shift registers: it reads what ``end`` says QH' is now."""

    def __init__(self, factory: MockFactory, info: Any, end: Callable[[], bool]) -> None:
        super().__init__(factory, info)
        self._end = end

    def _get_state(self) -> bool:
        return self._end()


def wire_chain(factory: RecordingFactory, station: StationPins, *, stages: int = 24,
               stuck: bool | None = None) -> None:
    """Wire the readback GPIO of ``station`` to a chain of ``stages`` (or hold it ``stuck``
    low or high, as a missing or shorted wire would)."""
    assert station.readback is not None

    def end() -> bool:
        return chain_end(factory.log.edges(), station, stages) if stuck is None else stuck
    factory.pin(station.readback, pin_class=EchoPin, end=end)


def lit(outputs: Sequence[bool]) -> set[tuple[int, int]]:
    """The (column, row) of each lit LED, by the documented order: bit 6 * column + row."""
    return {(bit // ROWS, bit % ROWS) for bit in range(COLUMNS * ROWS) if outputs[bit]}


FIRST_TONES = {Tone(steps[0][0]).frequency: sound for sound, steps in PATTERNS.items()}


def heard(edges: Sequence[Edge], pin: int) -> list[Sound]:
    """The sounds a tonal buzzer on ``pin`` started, by the first note each begins with.

    A sound's first note is set by whoever asked for it; its other notes come from the
    beeper's own thread and are left out.
    """
    return [FIRST_TONES[edge.value] for edge in edges
            if edge.pin == pin and edge.what == "frequency" and edge.value is not None
            and edge.thread != THREAD_NAME]


def press(factory: MockFactory, pin: int, *, hold: float = 0.0,
          clock: Callable[[float], None] | None = None) -> None:
    """Press and release the button on ``pin``; ``clock`` advances the fake time it is held."""
    factory.pin(pin).drive_low()
    if clock is not None:
        clock(hold)
    factory.pin(pin).drive_high()
