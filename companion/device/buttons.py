"""The five buttons of the box, turned into Button events.

LEFT, RIGHT and OK act when pressed. TURN and BACK act when released: held for HOLD_MS or
longer they are TURN_LONG and BACK_LONG. RIGHT held as long is RIGHT_LONG as well, at its
release (the asks waiting for the box). The hold is measured with an injected clock, so tests
decide it; gpiozero's own hold timer only tells the player that the long press registered.
The callbacks run on gpiozero's threads and only hand the event on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import gpiozero

from companion.games.base import Button

HOLD_MS = 800
BOUNCE_S = 0.02
LONG = {Button.TURN: Button.TURN_LONG, Button.BACK: Button.BACK_LONG}
"""The buttons whose long press is instead of their short one, and what it is called."""
HELD_TOO = {Button.RIGHT: Button.RIGHT_LONG}
"""The buttons that act when pressed and, held, once more when released."""

Handler = Callable[[Button], None]


class Buttons:
    """Calls ``on_event`` with each decided press, and ``on_feedback`` the moment a button goes
    down (with the button) or a long press registers (with its LONG name)."""

    def __init__(self, pins: Mapping[Button, int], on_event: Handler, on_feedback: Handler, *,
                 clock: Callable[[], float] = time.monotonic, pin_factory: Any = None) -> None:
        self._on_event, self._on_feedback, self._clock = on_event, on_feedback, clock
        self._down: dict[Button, float] = {}
        self._devices = [self._device(button, pin, pin_factory) for button, pin in pins.items()]

    def close(self) -> None:
        for device in self._devices:
            device.close()

    def _device(self, button: Button, pin: int, pin_factory: Any) -> Any:
        device = gpiozero.Button(pin, pull_up=True, bounce_time=BOUNCE_S, hold_time=HOLD_MS / 1000,
                                 pin_factory=pin_factory)
        device.when_pressed = lambda: self._pressed(button)
        long = LONG.get(button) or HELD_TOO.get(button)
        if long is not None:
            device.when_released = lambda: self._released(button)
            device.when_held = lambda: self._on_feedback(long)
        return device

    def _pressed(self, button: Button) -> None:
        self._on_feedback(button)
        if button in LONG or button in HELD_TOO:
            self._down[button] = self._clock()
        if button not in LONG:
            self._on_event(button)

    def _released(self, button: Button) -> None:
        pressed_at = self._down.pop(button, None)
        if pressed_at is None:
            return
        held = round((self._clock() - pressed_at) * 1000) >= HOLD_MS
        if button in LONG:
            self._on_event(LONG[button] if held else button)
        elif held:
            self._on_event(HELD_TOO[button])
