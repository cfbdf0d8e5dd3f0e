"""The build guide says what the drawings show and what the code does."""

from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from companion.cli import parse
from companion.device import wiring
from companion.device.pins import load_pins
from companion.maker.circuit import circuit
from companion.maker.stripboard import layout

ROOT = Path(__file__).resolve().parents[2]
SVG = "http://www.w3.org/2000/svg"
GUIDE = (ROOT / "hardware" / "assembly.md").read_text(encoding="utf-8")


def test_guide_counts_what_the_stripboard_has() -> None:
    board = layout(load_pins())
    assert f"{len(board.cuts)} cuts, {len(board.wires)} wires, {len(board.parts)} parts, " \
           f"{len(board.pads)} wires off the board" in GUIDE
    assert f"**Cut** the strips at the {len(board.cuts)} marked holes" in GUIDE


def test_guide_names_every_header_pin_the_circuit_uses_beyond_29_to_40() -> None:
    used = {int(pin) for pin in circuit(load_pins()).part("PI").pins}
    assert used - set(range(29, 41)) == {1, 2, 13, 15}
    assert "Pins 1 (3.3 V" in GUIDE and ", 2 (5 V), 13 (GPIO\n27" in GUIDE
    assert "15 (GPIO 22, the LEDs' OE)" in GUIDE and "1, 2, 13 and 15: solder those four" in GUIDE
    for name in ("parts.md", "assembly.md", "pins.toml"):
        text = (ROOT / "hardware" / name).read_text(encoding="utf-8")
        assert "all the box needs" not in text, name


def test_selftest_commands_of_the_guides_speak_english_to_an_english_reader() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"getaway selftest ([^`\n]*)", readme + GUIDE)
    assert len(commands) == 2
    for command in commands:
        assert parse(["selftest", *shlex.split(command)]).lang == "en"


def test_wiring_draws_3v3_and_5v_in_colours_of_their_own() -> None:
    """A maker who follows the colours cannot take 3.3 V for 5 V."""
    svg = ElementTree.fromstring(wiring.draw(load_pins()))
    strokes = {title.text: line.get("stroke") for line in svg.iter(f"{{{SVG}}}polyline")
               if (title := line.find(f"{{{SVG}}}title")) is not None}
    assert strokes["3.3 V"] != strokes["5 V"]
    assert strokes["3.3 V"] not in {colour for name, colour in strokes.items()
                                    if name != "3.3 V"}
    pin_1 = next(rect.get("fill") for rect in svg.iter(f"{{{SVG}}}rect")
                 if rect.get("width") == "12")
    x, y = wiring._pin_xy(wiring.FIVE_VOLT)
    pin_2 = next(circle.get("fill") for circle in svg.iter(f"{{{SVG}}}circle")
                 if (circle.get("cx"), circle.get("cy")) == (str(x), str(y)))
    assert (pin_1, pin_2) == (strokes["3.3 V"], strokes["5 V"])
