"""`getaway selftest`: shows a maker that every LED, the buzzer and every button is wired right.

It lights the police station one LED at a time, column by column from the bottom up (two
swapped LEDs light out of order), shifts a pattern through the whole chain and reads it back at
the last chip's QH' (when the pin map names a readback GPIO), sounds the buzzer, then asks for
each button in turn, on the screen and in the terminal, and reports which answered within the
time allowed. A button wired to another's GPIO shows up as "answered instead", which is what
swapped wires look like.
"""

from __future__ import annotations

import queue
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TextIO

import pygame
from gpiozero import InputDevice

from companion import i18n
from companion.device.buttons import Buttons
from companion.device.buzzer import PATTERNS, Beeper
from companion.device.display import KEYS, Keys
from companion.device.framebuffer import Framebuffer
from companion.device.painters import Fonts
from companion.device.painters.palette import BACKGROUND, DANGER, GOOD, TEXT
from companion.device.painters.parts import write, write_lines
from companion.device.pins import PinMap, ScreenSettings
from companion.device.station import COLUMNS, ROWS, PoliceStation
from companion.device.wiring import header_pin
from companion.games.base import Button, LedFrame, Sound

ASKED = (Button.LEFT, Button.RIGHT, Button.OK, Button.BACK, Button.TURN)
LED_S = 0.3
"""How long each LED stays lit in the chase; all 24 together stay lit three times as long."""
BUTTON_S = 10.0
"""How long the self-test waits for each button."""
POLL_S = 0.05
"""How often the screen is kept alive while waiting for a press."""
BEEP = Sound.DONE

COLOURS = ("yellow", "green", "white", "red")
"""The police station's columns, left to right (see companion/device/station.py)."""
PATTERN = tuple(bit == "1" for bit in "110100111000101111001010")
"""What the self-test shifts through the chain's 24 stages: no shift of it equals it, so a chain
a chip too short or too long reads back wrong, as does a stuck or a swapped line."""


class Console(Protocol):
    """Where the self-test speaks and waits: the terminal, and the screen if there is one."""

    def say(self, line: str, *, bad: bool = False) -> None:
        """One line; ``bad`` for a fault found (a silent or swapped button, the test failed)."""

    def wait(self, seconds: float) -> None: ...


@dataclass
class Report:
    """Which buttons answered when asked, which stayed silent, and which another answered."""

    answered: list[Button] = field(default_factory=list)
    silent: list[Button] = field(default_factory=list)
    instead: dict[Button, Button] = field(default_factory=dict)
    chain: list[bool] | None = None
    """The bits read back from the LED chain, in the order shifted (None: not checked)."""

    @property
    def chain_ok(self) -> bool:
        return self.chain is None or tuple(self.chain) == PATTERN

    @property
    def passed(self) -> bool:
        return not self.silent and not self.instead and self.chain_ok


def single_frame(column: int, row: int) -> LedFrame:
    """One LED lit: ``row`` of ``column`` (row 0 at the bottom)."""
    return LedFrame(tuple(tuple(c == column and r == row for r in range(ROWS))
                          for c in range(COLUMNS)))


class SelfTest:
    """The self-test of one box: its pins, and the console it speaks through."""

    def __init__(self, pins: PinMap, console: Console, *, lang: str = i18n.DEFAULT_LANGUAGE,
                 clock: Callable[[], float] = time.monotonic, button_s: float = BUTTON_S,
                 led_s: float = LED_S, pin_factory: Any = None) -> None:
        self._pins, self._console, self._lang = pins, console, lang
        self._clock, self._factory = clock, pin_factory
        self._button_s, self._led_s = button_s, led_s
        self._presses: queue.Queue[Button] = queue.Queue()

    def run(self) -> Report:
        """LEDs, buzzer, buttons; the report is also told on the console."""
        leds = PoliceStation.wired(self._pins.station, pin_factory=self._factory)
        beeper = Beeper(self._pins.buzzer.pin, self._pins.buzzer.kind, pin_factory=self._factory)
        buttons = Buttons(self._pins.buttons, lambda button: None, self._pressed,
                          clock=self._clock, pin_factory=self._factory)
        try:
            self._console.say(self._text("selftest.title"))
            self.leds(leds)
            report = Report()
            if self._pins.station.readback is not None:
                report.chain = self.chain(leds, self._pins.station.readback)
            self.buzzer(beeper)
            for button in ASKED:
                self.ask(button, report, beeper)
            self._tell(report)
            return report
        finally:
            for device in (buttons, beeper, leds):
                device.close()

    def leds(self, station: PoliceStation) -> None:
        """The chase, LED by LED, then all 24 at once."""
        for column, colour in enumerate(COLOURS):
            self._console.say(self._text("selftest.column", column=column + 1,
                                         colour=self._text(f"selftest.colour.{colour}")))
            for row in range(ROWS):
                station.show(single_frame(column, row))
                self._console.wait(self._led_s)
        station.show(LedFrame.bars((ROWS,) * COLUMNS))
        self._console.say(self._text("selftest.all"))
        self._console.wait(3 * self._led_s)
        station.show(LedFrame())

    def chain(self, station: PoliceStation, gpio: int) -> list[bool]:
        """Shift PATTERN into all 24 stages, then read QH' of the last chip before each of 24
        more clocks: the same bits come back, oldest first. Nothing is latched."""
        self._console.say(self._text("selftest.chain", gpio=gpio))
        readback = InputDevice(gpio, pull_up=False, pin_factory=self._factory)
        try:
            for bit in PATTERN:
                station.shift(bit)
            back = []
            for _ in PATTERN:
                back.append(bool(readback.value))
                station.shift(False)
            return back
        finally:
            readback.close()

    def buzzer(self, beeper: Beeper) -> None:
        beeper.play([BEEP])
        self._console.say(self._text("selftest.buzzer"))
        self._console.wait(sum(seconds for _, seconds in PATTERNS[BEEP]) + 0.5)

    def ask(self, button: Button, report: Report, beeper: Beeper) -> None:
        """Ask for ``button`` and note who answered within the time allowed."""
        while not self._presses.empty():  # a press before the question does not count
            self._presses.get_nowait()
        self._console.say(self._text("selftest.press", button=self._name(button)))
        answer = self._answer(self._clock() + self._button_s)
        if answer is None:
            report.silent.append(button)
        elif answer is button:
            report.answered.append(button)
        else:
            report.instead[button] = answer
        if answer is not None:
            beeper.play([Sound.PRESS])

    def _answer(self, deadline: float) -> Button | None:
        while True:
            try:
                return self._presses.get_nowait()
            except queue.Empty:
                left = deadline - self._clock()
                if left <= 0:
                    return None
                self._console.wait(min(left, POLL_S))

    def _pressed(self, button: Button) -> None:
        """gpiozero's threads: a button went down (its long press is not asked for)."""
        if button in ASKED:
            self._presses.put(button)

    def _tell(self, report: Report) -> None:
        if report.chain is not None:
            self._tell_chain(report.chain)
        for button in report.answered:
            self._console.say(self._text("selftest.answered", button=self._name(button)))
        for button in report.silent:
            self._console.say(self._text("selftest.silent", button=self._name(button)), bad=True)
        for button, other in report.instead.items():
            self._console.say(self._text("selftest.instead", button=self._name(button),
                                         other=self._name(other)), bad=True)
        self._console.say(self._text("selftest.passed" if report.passed else "selftest.failed"),
                          bad=not report.passed)

    def _tell_chain(self, back: list[bool]) -> None:
        gpio = self._pins.station.readback
        assert gpio is not None
        wrong = sum(a != b for a, b in zip(back, PATTERN, strict=True))
        if not wrong:
            self._console.say(self._text("selftest.chain_ok"))
        elif len(set(back)) == 1:
            self._console.say(self._text("selftest.chain_high" if back[0] else "selftest.chain_low",
                                         gpio=gpio, pin=header_pin(gpio)), bad=True)
        else:
            self._console.say(self._text("selftest.chain_wrong", count=wrong), bad=True)

    def _name(self, button: Button) -> str:
        return self._text(f"selftest.button.{button.value}")

    def _text(self, key: str, **params: Any) -> str:
        return i18n.text(key, self._lang, **params)


class TerminalConsole:
    """The terminal alone: each line printed, waits slept (a box without a screen)."""

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self._out = out

    def say(self, line: str, *, bad: bool = False) -> None:
        print(line, file=self._out, flush=True)

    def wait(self, seconds: float) -> None:
        time.sleep(seconds)


class ScreenConsole(TerminalConsole):
    """The terminal and the box's screen: the last lines said, the newest highlighted.

    While it waits it keeps the screen alive, and in the simulator its keys press buttons.
    """

    def __init__(self, screen: ScreenSettings, *, fullscreen: bool, keys: Keys | None = None,
                 out: TextIO = sys.stdout) -> None:
        super().__init__(out)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Getaway")
        self._rotation, self._keys = screen.rotation, keys
        turned = screen.rotation in (90, 270)
        size = (screen.height, screen.width) if turned else (screen.width, screen.height)
        self._display = (pygame.display.set_mode((0, 0), pygame.FULLSCREEN) if fullscreen
                         else pygame.display.set_mode(size))
        width, height = self._display.get_size()
        self._frame = pygame.Surface((height, width) if turned else (width, height))
        self._fonts = Fonts.for_height(self._frame.get_height())
        self._panel = (Framebuffer(Path(screen.framebuffer), self._display.get_size())
                       if screen.framebuffer else None)
        self._lines: list[tuple[str, bool]] = []

    def say(self, line: str, *, bad: bool = False) -> None:
        super().say(line)
        self._lines.append((line, bad))
        self._draw()

    def wait(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            event = pygame.event.wait(max(1, round(left * 1000)))
            if event.type == pygame.QUIT:
                raise KeyboardInterrupt
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self._keys and event.key in KEYS:
                self._keys(KEYS[event.key], event.type == pygame.KEYDOWN)

    def close(self) -> None:
        pygame.quit()

    def _draw(self) -> None:
        self._frame.fill(BACKGROUND)
        _lines(self._frame, self._lines, self._fonts)
        if self._rotation:
            self._display.blit(pygame.transform.rotate(self._frame, -self._rotation), (0, 0))
        else:
            self._display.blit(self._frame, (0, 0))
        pygame.display.flip()
        if self._panel is not None:
            self._panel.write(self._display)


def _lines(surface: pygame.Surface, lines: Sequence[tuple[str, bool]], fonts: Fonts) -> None:
    """As many of the last lines as fit, from the top, small (the terminal has them too);
    the newest one, what to do now, readable and in as many lines as it needs. A fault found
    is red, the newest line otherwise green."""
    height = fonts.hint.get_linesize()
    width = surface.get_width() - 16
    newest = _newest_height(fonts, lines[-1][0] if lines else "", width)
    fits = max(0, (surface.get_height() - newest - 8) // height)
    y = 4
    for line, bad in lines[-1 - fits:-1] if fits else ():
        write(surface, fonts.hint, line, DANGER if bad else TEXT, (8, y), width=width)
        y += height
    if lines:
        line, bad = lines[-1]
        write_lines(surface, fonts.body, line, DANGER if bad else GOOD,
                    pygame.Rect(8, y, width, surface.get_height() - y), "topleft")


def _newest_height(fonts: Fonts, line: str, width: int) -> int:
    lines = len(line.split()) and -(-fonts.body.size(line)[0] // width)
    return max(1, lines) * fonts.body.get_linesize()


def run_selftest(pins: PinMap, *, sim: bool, headless: bool, lang: str,
                 button_s: float = BUTTON_S) -> int:
    """`getaway selftest`: 0 when every button answered, 1 otherwise."""
    factory = None
    if sim:
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        factory = MockFactory(pin_class=MockPWMPin)
        # the simulator has no shift registers whose output could be read back
        pins = replace(pins, station=replace(pins.station, readback=None))
    console: TerminalConsole
    if headless:
        console = TerminalConsole()
    else:
        from companion.device.display import pin_keys

        keys = pin_keys(factory, pins.buttons) if factory else None
        console = ScreenConsole(pins.screen, fullscreen=pins.screen.fullscreen and not sim,
                                keys=keys)
    try:
        report = SelfTest(pins, console, lang=lang, button_s=button_s, pin_factory=factory).run()
    finally:
        if isinstance(console, ScreenConsole):
            console.close()
    return 0 if report.passed else 1
