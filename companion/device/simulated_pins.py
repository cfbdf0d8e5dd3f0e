"""The simulator's pins: gpiozero's mock pins, without the history only tests need."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory, MockPWMPin


class SimulatedPin(MockPWMPin):  # type: ignore[misc]
    """A mock pin that keeps only its present state.

    gpiozero's mock pin appends every change to ``states`` for a test to check; the LED
    station's shift registers change their pins thousands of times an evening, so in the
    simulator that list would grow without end (about 1 MB a minute of play).
    """

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed:
            del self.states[:-1]
        return changed


def simulated_factory() -> MockFactory:
    """The pin factory of `getaway run --sim`."""
    return MockFactory(pin_class=SimulatedPin)
