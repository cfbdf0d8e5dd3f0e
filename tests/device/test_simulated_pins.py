"""The simulator's pins keep no history: an evening of LED updates costs no memory."""

from __future__ import annotations

from gpiozero import DigitalOutputDevice

from companion.device.simulated_pins import simulated_factory


def test_a_simulated_pin_forgets_its_past_states() -> None:
    factory = simulated_factory()
    try:
        device = DigitalOutputDevice(17, pin_factory=factory)
        for n in range(1001):
            device.value = n % 2
        pin = factory.pin(17)
        assert pin.state == 0 and len(pin.states) == 1
        device.close()
    finally:
        factory.close()
