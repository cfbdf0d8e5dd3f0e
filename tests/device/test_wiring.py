"""The wiring diagram is drawn from the pin map, and the committed one is up to date."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree

from companion.device.pins import load_pins
from companion.device.wiring import PHYSICAL, connections, wiring_svg

COMMITTED = Path(__file__).resolve().parents[2] / "hardware" / "wiring.svg"


def test_wiring_committed_diagram_matches_pins_toml() -> None:
    assert COMMITTED.read_text() == wiring_svg(load_pins()), \
        "run: python -m companion.device.wiring > hardware/wiring.svg"


def test_wiring_names_every_used_pin_with_its_header_pin() -> None:
    pins = load_pins()
    svg = wiring_svg(pins)
    ElementTree.fromstring(svg)  # well-formed
    for gpio, _, goes_to in connections(pins):
        assert f"pin {PHYSICAL[gpio]} · GPIO {gpio} · {goes_to}" in svg
    assert "pin 37 · GPIO 26 · TURN button" in svg


def test_wiring_follows_a_changed_pin_map() -> None:
    pins = load_pins()
    moved = replace(pins, station=replace(pins.station, oe=22))
    svg = wiring_svg(moved)
    assert "pin 15 · GPIO 22 · OE (pin 13)" in svg
    assert len(re.findall(r'<circle [^>]*fill="#e0a100"', svg)) == 4
