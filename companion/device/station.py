"""The police station: 24 LEDs behind three chained 74HC595 shift registers.

Three GPIOs bit-bang the chain (serial data, shift clock, latch clock); the latch makes each
update atomic, so a half-shifted frame is never seen. The OE pin (active low, optional) on PWM
keeps the LEDs dark until the first frame is latched, then lights them at the brightness of
the pin map.

LED order. Column c (0 yellow, 1 green, 2 white, 3 red) and row r (0 at the bottom) is bit
``6 * c + r``; bit ``8 * k + j`` is output Qj of chip k, chip 0 being the one whose SER is
wired to the Pi. Bit 23 is shifted first, bit 0 last. On the chips (Q0 is pin 15, Q1-Q7 are
pins 1-7):

    chip 0  Q0-Q5 yellow rows 0-5   Q6-Q7 green rows 0-1
    chip 1  Q0-Q3 green rows 2-5    Q4-Q7 white rows 0-3
    chip 2  Q0-Q1 white rows 4-5    Q2-Q7 red rows 0-5
"""

from __future__ import annotations

from typing import Any

from gpiozero import OutputDevice, PWMOutputDevice

from companion.device.pins import StationPins
from companion.games.base import LedFrame

COLUMNS, ROWS = 4, 6
OE_HZ = 500
"""PWM frequency of the OE pin: fast enough that dimmed LEDs do not flicker."""


def frame_bits(frame: LedFrame) -> list[bool]:
    """The 24 bits of ``frame``, bit 0 first (see the module docstring for the order)."""
    return [bool(frame.columns[c][r]) for c in range(COLUMNS) for r in range(ROWS)]


class PoliceStation:
    """The LED police station; ``show`` latches a whole LedFrame at once."""

    def __init__(self, data: int, clock: int, latch: int, oe: int | None = None, *,
                 brightness: float = 1.0, pin_factory: Any = None) -> None:
        self._data = OutputDevice(data, pin_factory=pin_factory)
        self._clock = OutputDevice(clock, pin_factory=pin_factory)
        self._latch = OutputDevice(latch, pin_factory=pin_factory)
        self._oe = None if oe is None else PWMOutputDevice(
            oe, active_high=False, initial_value=0.0, frequency=OE_HZ, pin_factory=pin_factory)
        self._frame: LedFrame | None = None
        self.show(LedFrame())
        if self._oe is not None:
            self._oe.value = brightness

    @classmethod
    def wired(cls, pins: StationPins, *, pin_factory: Any = None) -> PoliceStation:
        """The police station as the pin map wires it, at the pin map's brightness."""
        return cls(pins.data, pins.clock, pins.latch, pins.oe, brightness=pins.brightness,
                   pin_factory=pin_factory)

    @property
    def frame(self) -> LedFrame:
        """The frame the LEDs show now (the last one latched)."""
        assert self._frame is not None
        return self._frame

    @property
    def brightness(self) -> float:
        """How bright the LEDs are, 0.0 to 1.0; only an OE pin can change it."""
        return 1.0 if self._oe is None else float(self._oe.value)

    @brightness.setter
    def brightness(self, value: float) -> None:
        if self._oe is None:
            raise ValueError("the police station has no OE pin to dim with")
        self._oe.value = value

    def show(self, frame: LedFrame) -> None:
        """Shift all 24 bits and latch them once; an unchanged frame costs nothing."""
        if frame == self._frame:
            return
        for bit in reversed(frame_bits(frame)):
            self.shift(bit)
        self._latch.on()
        self._latch.off()
        self._frame = frame

    def shift(self, bit: bool) -> None:
        """Clock one bit into the chain without latching: the LEDs keep showing their frame."""
        self._data.value = bit
        self._clock.on()
        self._clock.off()

    def close(self) -> None:
        for device in (self._oe, self._latch, self._clock, self._data):
            if device is not None:
                device.close()
