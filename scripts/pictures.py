"""Draw the pictures of the assembly guide (hardware/pictures/) with the box's own code.

    .venv/bin/python scripts/pictures.py

Headless (SDL's dummy driver) on mock pins: the simulator window in the lobby, during a
Rommé turn and in a Rob 'n Run crew phase, the self-test screen, and the self-test's terminal
output.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import threading
from dataclasses import replace
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.device.box import Box
from companion.device.display import run_display
from companion.device.pins import PinMap, load_pins
from companion.device.selftest import ASKED, ScreenConsole, SelfTest
from companion.games import GAMES
from companion.games.base import Action, Button
from companion.table.owner import Table
from companion.table.store import Store

OUT = Path(__file__).resolve().parent.parent / "hardware" / "pictures"
URL = "http://192.168.1.20:8000/"


def link() -> str:
    """The join link, as the box's network gives it."""
    return URL


def simulator(table: Table, box: Box, name: str) -> None:
    """The simulator's window (screen and LEDs beside it), saved after its first frame."""
    pins, stop = load_pins(), threading.Event()
    box.settled()  # the LEDs of the table shown, not of the step before

    def save(frame: pygame.Surface) -> None:
        pygame.image.save(frame, str(OUT / name))
        stop.set()

    run_display(table, box, link, window=True, size=(pins.screen.width, pins.screen.height),
                stop=stop, on_frame=save)


def robnrun(table: Table, box: Box) -> None:
    """Rob 'n Run in its first crew phase: the white dealer on the route, two cards played."""
    safes = [{"tools": {"card": 2, "acid": 1}, "gold": 2}, {"tools": {"ram": 3}, "gold": 3},
             {"tools": {"flashlight": 3}, "gold": 1}]
    steps = [Action("table.end_game"),
             Action("table.new_game", None, {"game": "robnrun", "seats": 4,
                                             "options": {"boss": 0}}),
             *[Action("table.rename", None, {"seat": n, "name": name})
               for n, name in enumerate(("Anna", "Ben", "Cleo", "Dora"))],
             Action("rob", None, {"building": "C1"}), Action("deal"),
             Action("safes", 0, {"safes": safes}), Action("start"), Action("crew"),
             Action("play"), Action("play")]
    for action in steps:
        table.submit(action)
    simulator(table, box, "simulator-robnrun.png")


class Maker(ScreenConsole):
    """The self-test's screen, with a maker pressing each button asked for (OK stays
    silent: a loose wire)."""

    def __init__(self, pins: PinMap, factory: MockFactory, out: io.StringIO) -> None:
        super().__init__(pins.screen, fullscreen=False, out=out)
        self.pins, self.factory = pins, factory

    def say(self, line: str, *, bad: bool = False) -> None:
        super().say(line, bad=bad)
        asked = {f"Press {b.value.upper()}": b for b in ASKED if b is not Button.OK}
        if line in asked:
            pin = self.factory.pin(self.pins.buttons[asked[line]])
            pin.drive_low()
            pin.drive_high()


def selftest() -> str:
    """The self-test screen with OK not answering; its terminal output (mock pins have no
    chips to read the LED chain back from)."""
    pins = load_pins()
    pins = replace(pins, station=replace(pins.station, readback=None))
    out, factory = io.StringIO(), MockFactory(pin_class=MockPWMPin)
    console = Maker(pins, factory, out)
    SelfTest(pins, console, lang="en", button_s=0.05, led_s=0.01, pin_factory=factory).run()
    pygame.image.save(pygame.display.get_surface(), str(OUT / "selftest.png"))
    console.close()
    return out.getvalue()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        table = Table(Store(Path(data) / "pictures.sqlite"), GAMES)
        table.start()
        box = Box(table, load_pins(), pin_factory=MockFactory(pin_class=MockPWMPin))
        try:
            table.submit(Action("table.language", None, {"language": "en"}))
            simulator(table, box, "simulator-lobby.png")
            table.submit(Action("table.new_game", None, {"game": "romme", "seats": 4}))
            table.submit(Action("resume"))
            simulator(table, box, "simulator-romme.png")
            robnrun(table, box)
        finally:
            box.close()
            table.stop()
    with contextlib.redirect_stdout(sys.stderr):
        text = selftest()
    (OUT / "selftest.txt").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
