"""The build guide says what the drawings show and what the code does."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from companion.cli import parse
from companion.device.pins import load_pins
from companion.maker.circuit import circuit
from companion.maker.stripboard import layout

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "hardware" / "assembly.md").read_text(encoding="utf-8")


def test_guide_counts_what_the_stripboard_has() -> None:
    board = layout(load_pins())
    assert f"{len(board.cuts)} cuts, {len(board.wires)} wires, {len(board.parts)} parts, " \
           f"{len(board.pads)} wires off the board" in GUIDE
    assert f"**Cut** the strips at the {len(board.cuts)} marked holes" in GUIDE


def test_guide_names_every_header_pin_the_circuit_uses_beyond_29_to_40() -> None:
    used = {int(pin) for pin in circuit(load_pins()).part("PI").pins}
    assert used - set(range(29, 41)) == {1, 2, 15}
    assert "Pins 1 (3.3 V" in GUIDE and ", 2 (5 V), 15 (GPIO\n22" in GUIDE
    for name in ("parts.md", "assembly.md", "pins.toml"):
        text = (ROOT / "hardware" / name).read_text(encoding="utf-8")
        assert "all the box needs" not in text, name


def test_selftest_commands_of_the_guides_speak_english_to_an_english_reader() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"getaway selftest ([^`\n]*)", readme + GUIDE)
    assert len(commands) == 2
    for command in commands:
        assert parse(["selftest", *shlex.split(command)]).lang == "en"
