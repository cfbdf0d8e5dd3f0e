"""From a button press to the beep and the LEDs: the box's own path, on gpiozero mock pins.

A Rommé turn runs on a real Table (SQLite event log, fsync) with the Box attached. Each round
lets 10 s of the turn pass (a skewed clock: the LEDs drain to 20), then presses TURN on its
mock pin: the PRESS beep must start on the press, and on the release (TURN acts on release)
the turn ends, is logged, published, and the new turn's 24 LEDs are latched.

    python -m benchmarks.press_latency [--presses 500]

Budget (issue 4): press to LEDs latched and beep started, p99 < 10 ms.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPWMPin

from benchmarks.figures import percentiles, report
from companion.device.box import Box
from companion.device.pins import PinMap, load_pins
from companion.games import GAMES
from companion.games.base import Action, Button
from companion.table.owner import Table
from companion.table.store import Store


class TimedPin(MockPWMPin):  # type: ignore[misc]
    """A mock pin that notes when it last went high (time.perf_counter)."""

    def _change_state(self, value: Any) -> bool:
        changed = bool(super()._change_state(value))
        if changed and value:
            self._factory.went_high(int(self.info.name[4:]))
        return changed


class TimedFactory(MockFactory):  # type: ignore[misc]
    """MockFactory with TimedPins; ``wait_high`` waits for a pin's next rising edge."""

    def __init__(self) -> None:
        super().__init__(pin_class=TimedPin)
        self._rose: dict[int, float] = {}
        self._changed = threading.Condition()

    def went_high(self, gpio: int) -> None:
        with self._changed:
            self._rose[gpio] = time.perf_counter()
            self._changed.notify_all()

    def forget(self) -> None:
        with self._changed:
            self._rose.clear()

    def wait_low(self, gpio: int) -> None:
        """Until the pin is low: a beep of the round before may still sound on a busy machine,
        and a pin that is high already cannot rise."""
        pin = self.pin(gpio)
        for _ in range(10_000):
            if not pin.state:
                return
            time.sleep(0.001)
        raise RuntimeError(f"GPIO {gpio} stayed high")

    def wait_high(self, gpio: int) -> float:
        with self._changed:
            if not self._changed.wait_for(lambda: gpio in self._rose, timeout=10):
                raise RuntimeError(f"GPIO {gpio} never went high")
            return self._rose[gpio]


class SkewedClock:
    """time.monotonic plus an offset that the benchmark moves on."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset


def measure(presses: int, data: Path) -> tuple[list[float], list[float]]:
    """(press to beep, release to LEDs latched) in ms, one pair per press."""
    pins, clock, factory = load_pins(), SkewedClock(), TimedFactory()
    table = Table(Store(data / "bench.sqlite"), GAMES, clock=clock)
    table.start()
    box = Box(table, pins, clock=clock, pin_factory=factory)
    try:
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 4}))
        table.submit(Action("resume"))
        first = table.published.version
        timed = _press(presses, pins, box, clock, factory)
        if table.published.version != first + presses:
            raise RuntimeError("a press did not end its turn")
        return timed
    finally:
        box.close()
        table.stop()


def _press(presses: int, pins: PinMap, box: Box, clock: SkewedClock,
           factory: TimedFactory) -> tuple[list[float], list[float]]:
    turn = factory.pin(pins.buttons[Button.TURN])
    beeps, latches = [], []
    for _ in range(presses):
        box.settled()  # the box shows the turn before, as the player sees it
        clock.offset += 10.0
        box.tick(clock())  # what the display loop does: the LEDs drain to 20
        factory.wait_low(pins.buzzer.pin)  # the beeps of the round before have ended
        factory.forget()
        pressed = time.perf_counter()
        turn.drive_low()
        beeps.append(factory.wait_high(pins.buzzer.pin) - pressed)
        released = time.perf_counter()
        turn.drive_high()
        latches.append(factory.wait_high(pins.station.latch) - released)
    return [s * 1000 for s in beeps], [s * 1000 for s in latches]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        beeps, latches = measure(args.presses, Path(data))
    both = [max(pair) for pair in zip(beeps, latches, strict=True)]
    report("press_latency", {
        "press_to_beep_started": percentiles(beeps),
        "release_to_leds_latched": percentiles(latches),
        "press_to_leds_and_beep": percentiles(both),
        "note": "TURN acts on release: the LEDs are timed from the release, the beep from "
                "the press; the last figure is the slower of the two per press",
        "budget": "press_to_leds_and_beep p99 < 10 ms",
    })


if __name__ == "__main__":
    main()
