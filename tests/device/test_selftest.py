"""`getaway selftest`: the LEDs one by one, the buzzer, each button asked for in turn."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.device.display import pin_keys
from companion.device.painters.palette import DANGER, GOOD
from companion.device.pins import PinMap
from companion.device.selftest import ASKED, PATTERN, ScreenConsole, SelfTest
from companion.games.base import Button, Sound
from companion.i18n import text
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory, heard, latches, lit, wire_chain

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "screens"
NAMES = {text(f"selftest.button.{button.value}", "en"): button for button in ASKED}


class Person:
    """A console that is also the person at the box: it writes down what it is told, presses
    a button when asked (``answers`` says which, None: none), and lets fake time pass."""

    def __init__(self, factory: RecordingFactory, pin_map: PinMap, clock: FakeClock,
                 answers: dict[Button, Button | None] | None = None) -> None:
        self.factory, self.pin_map, self.clock = factory, pin_map, clock
        self.answers = answers or {}
        self.lines: list[str] = []
        self.bad: list[str] = []
        self.waited = 0.0
        self.marks: list[int] = []

    def say(self, line: str, *, bad: bool = False) -> None:
        self.lines.append(line)
        if bad:
            self.bad.append(line)
        self.marks.append(self.factory.log.mark())
        if line.startswith("Press "):
            asked = NAMES[line.removeprefix("Press ")]
            pressed = self.answers.get(asked, asked)
            if pressed is not None:
                pin = self.factory.pin(self.pin_map.buttons[pressed])
                pin.drive_low()
                pin.drive_high()

    def wait(self, seconds: float) -> None:
        self.waited += seconds
        self.clock.advance(seconds)


def selftest(pins: RecordingFactory, pin_map: PinMap, person: Person, clock: FakeClock,
             lang: str = "en", *, stages: int = 24, stuck: bool | None = None) -> SelfTest:
    """The self-test of a box whose LED chain (``stages`` long, or its readback ``stuck``)
    is read back as the pin map says."""
    wire_chain(pins, pin_map.station, stages=stages, stuck=stuck)
    return SelfTest(pin_map, person, lang=lang, clock=clock, button_s=10.0, pin_factory=pins)


def test_selftest_reads_the_pattern_back_through_the_whole_chain(
        pins: RecordingFactory, pin_map: PinMap, clock: FakeClock) -> None:
    """24 bits shifted in, 24 read at QH' of the last chip: the same bits, and no LED
    latched in between (the chase's frames are all the LEDs showed)."""
    person = Person(pins, pin_map, clock)
    report = selftest(pins, pin_map, person, clock).run()
    assert report.chain == list(PATTERN) and report.passed
    assert person.lines[6:8] == ["LED chain: a pattern through all 24 stages, read back on "
                                 "GPIO 27", "Buzzer: does it beep?"]
    assert "LED chain: every bit came back" in person.lines
    assert len(latches(pins.log.edges(), pin_map.station)) == 1 + 24 + 2


@pytest.mark.parametrize(("stuck", "line"), [
    (False, "LED chain: GPIO 27 stays low: check QH' (pin 9) of the last chip, R33, R34 and "
            "the wire to header pin 13"),
    (True, "LED chain: GPIO 27 stays high: check R34 to GND, and that nothing else is on header "
           "pin 13")])
def test_selftest_a_stuck_readback_fails_and_says_where_to_look(
        pins: RecordingFactory, pin_map: PinMap, clock: FakeClock, stuck: bool, line: str) -> None:
    person = Person(pins, pin_map, clock)
    report = selftest(pins, pin_map, person, clock, stuck=stuck).run()
    assert report.answered == list(ASKED) and not report.passed
    assert person.bad == [line, "Please check the wiring (hardware/assembly.md)."]


@pytest.mark.parametrize("stages", [16, 32])
def test_selftest_a_chain_a_chip_short_or_long_reads_back_wrong(
        pins: RecordingFactory, pin_map: PinMap, clock: FakeClock, stages: int) -> None:
    """A chip left out of the chain (QH' to the wrong SER) or one too many."""
    person = Person(pins, pin_map, clock, {button: None for button in ASKED})
    report = selftest(pins, pin_map, person, clock, "de", stages=stages).run()
    wrong = sum(a != b for a, b in zip(report.chain or [], PATTERN, strict=True))
    assert wrong > 1
    assert (f"LED-Kette: {wrong} von 24 Bits kamen falsch zurück: QH' jedes Chips zum SER des "
            "nächsten, CLOCK und DATA prüfen") in person.bad


def test_selftest_chases_led_by_led_then_lights_all(pins: RecordingFactory, pin_map: PinMap,
                                                    clock: FakeClock) -> None:
    """One LED at a time, each column from the bottom up: two swapped LEDs light out of turn."""
    person = Person(pins, pin_map, clock)
    selftest(pins, pin_map, person, clock).run()
    shown = [lit(frame) for frame in latches(pins.log.edges(), pin_map.station)]
    chase = [{(column, row)} for column in range(4) for row in range(6)]
    everything = set().union(*chase)
    assert shown == [set(), *chase, everything, set()]
    assert person.lines[1] == "LEDs: column 1 (yellow), one by one from the bottom up"


def test_selftest_sounds_the_buzzer_and_confirms_each_answer(pins: RecordingFactory,
                                                             pin_map: PinMap,
                                                             clock: FakeClock) -> None:
    person = Person(pins, pin_map, clock)
    selftest(pins, pin_map, person, clock).run()
    between = pins.log.edges()[person.marks[0]:person.marks[-1]]  # devices made, not closed
    assert heard(between, pin_map.buzzer.pin) == [Sound.DONE] + [Sound.PRESS] * 5


def test_selftest_all_buttons_answer(pins: RecordingFactory, pin_map: PinMap,
                                     clock: FakeClock) -> None:
    person = Person(pins, pin_map, clock)
    report = selftest(pins, pin_map, person, clock).run()
    assert report.passed
    assert report.answered == list(ASKED)
    assert [line for line in person.lines if line.startswith("Press")] == [
        "Press LEFT", "Press RIGHT", "Press OK", "Press BACK", "Press TURN"]
    assert person.lines[-1] == "All is well."


def test_selftest_a_silent_button_times_out(pins: RecordingFactory, pin_map: PinMap,
                                            clock: FakeClock) -> None:
    person = Person(pins, pin_map, clock, {Button.OK: None})
    report = selftest(pins, pin_map, person, clock).run()
    assert report.silent == [Button.OK]
    assert report.answered == [Button.LEFT, Button.RIGHT, Button.BACK, Button.TURN]
    assert not report.passed
    assert "OK: no answer" in person.lines
    # the LEDs (24 x 0.3 s, all for 0.9 s) and the buzzer, then the full 10 s for OK alone
    assert 18.0 < person.waited < 20.0


def test_selftest_swapped_wires_show_as_answered_instead(pins: RecordingFactory,
                                                         pin_map: PinMap,
                                                         clock: FakeClock) -> None:
    person = Person(pins, pin_map, clock, {Button.LEFT: Button.RIGHT,
                                           Button.RIGHT: Button.LEFT})
    report = selftest(pins, pin_map, person, clock).run()
    assert report.instead == {Button.LEFT: Button.RIGHT, Button.RIGHT: Button.LEFT}
    assert "LEFT: RIGHT answered instead (swapped?)" in person.lines
    assert person.lines[-1] == "Please check the wiring (hardware/assembly.md)."
    assert person.bad == ["LEFT: RIGHT answered instead (swapped?)",
                          "RIGHT: LEFT answered instead (swapped?)", person.lines[-1]]


def test_selftest_shows_a_failure_in_red_on_the_screen(headless: None, pins: RecordingFactory,
                                                       pin_map: PinMap) -> None:
    """Nobody presses anything: the last screen says "check the wiring" in red, not green."""
    console = ScreenConsole(pin_map.screen, fullscreen=False, out=io.StringIO())
    report = SelfTest(pin_map, console, lang="en", button_s=0.0, led_s=0.0,
                      pin_factory=pins).run()
    shown = pygame.display.get_surface()
    assert shown is not None and not report.passed
    colours = {shown.get_at((x, y))[:3] for x in range(0, shown.get_width(), 2)
               for y in range(shown.get_height())}
    console.close()
    assert DANGER in colours and GOOD not in colours


def test_selftest_a_press_before_the_question_does_not_count(pins: RecordingFactory,
                                                             pin_map: PinMap,
                                                             clock: FakeClock) -> None:
    class Early(Person):
        def say(self, line: str, *, bad: bool = False) -> None:
            if line.startswith("Buzzer"):  # OK pressed too early, then never again
                pin = self.factory.pin(self.pin_map.buttons[Button.OK])
                pin.drive_low()
                pin.drive_high()
            super().say(line, bad=bad)

    person = Early(pins, pin_map, clock, {Button.LEFT: None, Button.OK: None})
    report = selftest(pins, pin_map, person, clock).run()
    assert report.silent == [Button.LEFT, Button.OK]


def test_selftest_speaks_german(pins: RecordingFactory, pin_map: PinMap,
                                clock: FakeClock) -> None:
    person = Person(pins, pin_map, clock, {button: None for button in ASKED})
    selftest(pins, pin_map, person, clock, lang="de").run()
    assert "LEDs: Spalte 1 (gelb), einzeln von unten nach oben" in person.lines
    assert "Drücke ZURÜCK" in person.lines
    assert "TURN: keine Antwort" in person.lines


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.quit()


def test_selftest_in_the_simulator_keys_press_the_buttons(headless: None,
                                                          pins: RecordingFactory,
                                                          pin_map: PinMap) -> None:
    """The real screen console: each question is answered by its key, as a maker would."""
    keys = {Button.LEFT: pygame.K_LEFT, Button.RIGHT: pygame.K_RIGHT, Button.OK: pygame.K_RETURN,
            Button.BACK: pygame.K_BACKSPACE, Button.TURN: pygame.K_SPACE}
    frames: list[pygame.Surface] = []

    class Keyboard(ScreenConsole):
        def say(self, line: str, *, bad: bool = False) -> None:
            super().say(line, bad=bad)
            shown = pygame.display.get_surface()
            assert shown is not None
            frames.append(shown.copy())
            if line.startswith("Press "):
                key = keys[NAMES[line.removeprefix("Press ")]]
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    pygame.event.post(pygame.event.Event(kind, key=key))

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    wire_chain(pins, pin_map.station)
    out = io.StringIO()
    console = Keyboard(pin_map.screen, fullscreen=False, keys=pin_keys(pins, pin_map.buttons),
                       out=out)
    report = SelfTest(pin_map, console, lang="en", button_s=5.0, led_s=0.01,
                      pin_factory=pins).run()
    console.close()
    assert report.answered == list(ASKED)
    assert "Press TURN" in out.getvalue().splitlines()
    newest = frames[-1]
    assert newest.get_size() == (pin_map.screen.width, pin_map.screen.height)
    pygame.image.save(newest, str(ARTIFACTS / "selftest.png"))
    assert any(newest.get_at((x, y))[:3] == GOOD for x in range(0, newest.get_width(), 2)
               for y in range(newest.get_height()))


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "companion.cli", "selftest", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=False)


def test_selftest_command_reports_silent_buttons_and_fails() -> None:
    result = run_cli("--sim", "--headless", "--timeout", "0", "--lang", "en")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "Self-test"
    assert [line for line in lines if line.endswith("no answer")] == [
        "LEFT: no answer", "RIGHT: no answer", "OK: no answer", "BACK: no answer",
        "TURN: no answer"]


def test_selftest_command_refuses_a_wrong_pin_map(tmp_path: Path) -> None:
    pins = tmp_path / "pins.toml"
    pins.write_text("[buttons]\nleft = 99\n", encoding="utf-8")
    result = run_cli("--sim", "--headless", "--pins", str(pins))
    assert result.returncode == 2
    assert f"{pins} line 2: buttons.left is GPIO 99" in result.stderr
