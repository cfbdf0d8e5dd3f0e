"""hardware/wiring.svg is drawn from hardware/pins.toml and must stay in step with it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from pathlib import Path

from companion.device.pins import PinMap, load_pins
from companion.device.wiring import HEADER, draw, header_pin

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def titles(svg: str) -> list[str]:
    return [title.text or "" for title in ElementTree.fromstring(svg).iter(f"{SVG}title")]


def test_committed_diagram_is_the_drawing_of_the_committed_pin_map() -> None:
    committed = (ROOT / "hardware" / "wiring.svg").read_text(encoding="utf-8")
    assert committed == draw(load_pins()), (
        "hardware/wiring.svg is stale: python -m companion.device.wiring > hardware/wiring.svg")


def test_diagram_has_a_wire_for_every_part() -> None:
    wires = titles(draw(load_pins()))
    assert wires[:5] == ["left button", "right button", "ok button", "back button",
                         "turn button"]
    assert {"station data: GPIO 16", "station clock: GPIO 20", "station latch: GPIO 21",
            "buzzer", "ground", "5 V"} <= set(wires)


def test_diagram_draws_the_oe_wire_only_when_the_map_has_one(pin_map: PinMap) -> None:
    assert "station oe: GPIO 22" in titles(draw(pin_map))
    without = replace(pin_map, station=replace(pin_map.station, oe=None))
    assert not any("oe" in title for title in titles(draw(without)))


def test_header_pins_named_in_pins_toml_are_where_the_gpios_are() -> None:
    """The comments a maker solders by ("# header pin 29") agree with the header's layout."""
    text = (ROOT / "hardware" / "pins.toml").read_text(encoding="utf-8")
    named = re.findall(r"^#?\s*\w+ = (\d+)\s+# header pin (\d+)", text, re.MULTILINE)
    assert len(named) == 11  # five buttons, data, clock, latch, the optional OE and readback,
    # the buzzer
    for gpio, pin in named:
        assert header_pin(int(gpio)) == int(pin), f"GPIO {gpio} is not header pin {pin}"


def test_header_has_every_gpio_of_the_pin_map_once() -> None:
    gpios = [name for name in HEADER.values() if name.startswith("GPIO")]
    assert sorted(int(name[4:]) for name in gpios) == list(range(2, 28))
