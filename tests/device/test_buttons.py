"""The buttons: presses become Button events; TURN and BACK have a long press."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from companion.device.buttons import Buttons
from companion.games.base import Button
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory, press

PINS = {Button.LEFT: 5, Button.RIGHT: 6, Button.OK: 13, Button.BACK: 19, Button.TURN: 26}


class Heard:
    """What the buttons handed on: decided events and feedback."""

    def __init__(self) -> None:
        self.events: list[Button] = []
        self.feedback: list[Button] = []
        self.held = threading.Event()

    def on_feedback(self, button: Button) -> None:
        self.feedback.append(button)
        if button in (Button.TURN_LONG, Button.BACK_LONG):
            self.held.set()


@pytest.fixture
def heard() -> Heard:
    return Heard()


@pytest.fixture
def buttons(pins: RecordingFactory, heard: Heard, clock: FakeClock) -> Iterator[Buttons]:
    buttons = Buttons(PINS, heard.events.append, heard.on_feedback, clock=clock,
                      pin_factory=pins)
    yield buttons
    buttons.close()


@pytest.mark.parametrize(("hold", "events"), [
    (0.0, [Button.RIGHT]),
    (0.79, [Button.RIGHT]),
    (0.8, [Button.RIGHT, Button.RIGHT_LONG]),
    (5.0, [Button.RIGHT, Button.RIGHT_LONG]),
])
def test_buttons_right_acts_on_the_press_and_held_once_more_at_release(
        pins: RecordingFactory, buttons: Buttons, heard: Heard, clock: FakeClock,
        hold: float, events: list[Button]) -> None:
    pins.pin(PINS[Button.RIGHT]).drive_low()
    assert heard.events == [Button.RIGHT]
    clock.advance(hold)
    pins.pin(PINS[Button.RIGHT]).drive_high()
    assert heard.events == events


@pytest.mark.parametrize("button", [Button.LEFT, Button.RIGHT, Button.OK])
def test_buttons_act_on_the_press(pins: RecordingFactory, buttons: Buttons, heard: Heard,
                                  button: Button) -> None:
    pins.pin(PINS[button]).drive_low()
    assert heard.events == [button]
    assert heard.feedback == [button]
    pins.pin(PINS[button]).drive_high()
    assert heard.events == [button]


@pytest.mark.parametrize(("button", "hold", "event"), [
    (Button.TURN, 0.0, Button.TURN),
    (Button.TURN, 0.79, Button.TURN),
    (Button.TURN, 0.8, Button.TURN_LONG),
    (Button.TURN, 5.0, Button.TURN_LONG),
    (Button.BACK, 0.3, Button.BACK),
    (Button.BACK, 0.8, Button.BACK_LONG),
])
def test_buttons_turn_and_back_are_decided_at_release(pins: RecordingFactory, buttons: Buttons,
                                                      heard: Heard, clock: FakeClock,
                                                      button: Button, hold: float,
                                                      event: Button) -> None:
    pins.pin(PINS[button]).drive_low()
    assert heard.events == []
    assert heard.feedback == [button]  # confirmed the moment it goes down
    clock.advance(hold)
    pins.pin(PINS[button]).drive_high()
    assert heard.events == [event]


def test_buttons_each_press_is_one_event(pins: RecordingFactory, buttons: Buttons,
                                         heard: Heard, clock: FakeClock) -> None:
    press(pins, PINS[Button.TURN], hold=1.0, clock=clock.advance)
    press(pins, PINS[Button.TURN])
    press(pins, PINS[Button.RIGHT])
    press(pins, PINS[Button.BACK], hold=0.9, clock=clock.advance)
    assert heard.events == [Button.TURN_LONG, Button.TURN, Button.RIGHT, Button.BACK_LONG]


def test_buttons_tell_when_a_long_press_registers(pins: RecordingFactory, buttons: Buttons,
                                                  heard: Heard) -> None:
    """gpiozero's own hold timer runs in real time: this waits for it (about 0.8 s)."""
    pins.pin(PINS[Button.BACK]).drive_low()
    assert heard.held.wait(5)
    pins.pin(PINS[Button.BACK]).drive_high()
    assert heard.feedback == [Button.BACK, Button.BACK_LONG]


def test_buttons_are_pulled_up(pins: RecordingFactory, buttons: Buttons) -> None:
    assert all(pins.pin(pin).pull == "up" for pin in PINS.values())
