"""Write the maker's files of hardware/ again from pins.toml, panel.toml and parts.toml.

    .venv/bin/python -m companion.maker [--no-pictures]

Needs the test extra (schemdraw) and Debian's openscad (and xvfb for the pictures); a test
keeps the committed files equal to what this writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.device import wiring
from companion.device.pins import PinMap, load_pins
from companion.maker import enclosure, schematic, stripboard
from companion.maker.circuit import bought_for
from companion.maker.parts import load_parts, markdown

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
CASE = HARDWARE / "enclosure"
RENDERS = {"enclosure.png": ("assembled", "--camera=110,-150,170,35,0,25,0",
                             "--viewall", "--autocenter"),
           "enclosure-print.png": ("print", "--camera=110,-150,170,45,0,20,0",
                                   "--viewall", "--autocenter"),
           "enclosure-inside.png": ("inside", "--camera=110,-150,170,50,0,20,0",
                                    "--viewall", "--autocenter")}
"""The guide's pictures of the case: which part, seen from where (translate, rotate, distance)."""
PRINTS = {"shell.stl": "shell-print", "base.stl": "base"}
"""The files to print, one part each, as it lies on the bed."""


def drawings(pins: PinMap) -> dict[Path, str]:
    """Every text file made from the pin and panel data, by where it goes."""
    bought = load_parts(HARDWARE / "parts.toml")
    panel = enclosure.load_panel(HARDWARE / "panel.toml", pins, bought)
    return {HARDWARE / "parts.md": markdown(bought_for(pins, bought)),
            HARDWARE / "wiring.svg": wiring.draw(pins),
            HARDWARE / "schematic.svg": schematic.draw(pins),
            HARDWARE / "stripboard.svg": stripboard.draw(pins),
            HARDWARE / "stripboard.md": stripboard.instructions(pins),
            CASE / "panel.scad": enclosure.scad(panel),
            CASE / "template.svg": enclosure.template(panel)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.maker", description=__doc__)
    parser.add_argument("--no-pictures", action="store_true", help="skip the rendered pictures")
    args = parser.parse_args(argv)
    pins = load_pins(HARDWARE / "pins.toml")
    for path, text in drawings(pins).items():
        path.write_text(text, encoding="utf-8")
    model = CASE / "enclosure.scad"
    for name, part in PRINTS.items():
        enclosure.openscad(model, CASE / name, "-D", f'part="{part}"')
    if not args.no_pictures:
        for name, (part, *view) in RENDERS.items():
            enclosure.openscad(model, HARDWARE / "pictures" / name, "-D", f'part="{part}"',
                               "--imgsize=900,600", "--colorscheme=Tomorrow", *view)
    return 0


if __name__ == "__main__":
    sys.exit(main())
