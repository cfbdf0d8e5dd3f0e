"""The wiring diagram, drawn from the pin map: the Pi's 40-pin header and where each wire goes.

    python -m companion.device.wiring [pins.toml] > hardware/wiring.svg

The committed hardware/wiring.svg is this module's drawing of hardware/pins.toml (a test
keeps the two in step), so a changed pin map means a redrawn diagram.
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import escape

from companion.device.pins import PinMap, load_pins
from companion.games.base import Button

HEADER: dict[int, str] = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND", 15: "GPIO22",
    16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9", 22: "GPIO25",
    23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "ID_SD", 28: "ID_SC", 29: "GPIO5",
    30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16",
    37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
}
"""What each physical pin of the 40-pin header carries (BCM numbering for the GPIOs)."""

GROUND, FIVE_VOLT, THREE_VOLT = 39, 2, 1
"""The header pins the diagram takes ground, 5 V and (for OE's pull-up) 3.3 V from."""

ROW, TOP, HEADER_X = 24, 70, 150
WIDTH, HEIGHT = 980, 640
INK, PAPER, MUTED = "#222", "#fff", "#888"
COLOURS = {"button": "#1f6fd1", "station": "#1a9a4a", "buzzer": "#c2410c",
           "ground": "#222", "power": "#d11f1f", "logic power": "#7c3aed"}
"""Each kind of wire's colour; 5 V ("power") and 3.3 V ("logic power") differ, as they must
never be swapped."""


def header_pin(gpio: int) -> int:
    """The physical header pin of a BCM GPIO."""
    return next(pin for pin, name in HEADER.items() if name == f"GPIO{gpio}")


def _pin_xy(pin: int) -> tuple[int, int]:
    return HEADER_X + (0 if pin % 2 else ROW), TOP + (pin - 1) // 2 * ROW


class _Drawing:
    """SVG elements, appended in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.lanes = 0

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(self, x: float, y: float, words: str, *, size: int = 12, anchor: str = "start",
             colour: str = INK, bold: bool = False) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.add(f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
                 f'fill="{colour}"{weight}>{escape(words)}</text>')

    def box(self, x: float, y: float, w: float, h: float, colour: str) -> None:
        self.add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{PAPER}" '
                 f'stroke="{colour}" stroke-width="2"/>')

    def wire(self, pin: int, to: tuple[int, int], colour: str, label: str) -> None:
        """From a header pin out to the right, down its own lane, then across to ``to``."""
        x, y = _pin_xy(pin)
        lane = HEADER_X + ROW + 90 + 14 * self.lanes
        self.lanes += 1
        points = f"{x},{y} {x + 8},{y} {lane},{y} {lane},{to[1]} {to[0]},{to[1]}"
        if pin % 2:  # an odd pin leaves under its even neighbour
            points = f"{x},{y} {x},{y + ROW // 2} {lane},{y + ROW // 2} {lane},{to[1]} " \
                     f"{to[0]},{to[1]}"
        self.add(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                 f'stroke-width="2"><title>{escape(label)}</title></polyline>')
        self.add(f'<circle cx="{to[0]}" cy="{to[1]}" r="3" fill="{colour}"/>')


def _header(drawing: _Drawing, used: dict[int, str]) -> None:
    drawing.text(HEADER_X + ROW // 2, TOP - 30, "Raspberry Pi 40-pin header", anchor="middle",
                 bold=True)
    drawing.text(HEADER_X + ROW // 2, TOP - 16, "(pin 1 at the top, next to the SD card side)",
                 size=10, anchor="middle", colour=MUTED)
    drawing.add(f'<rect x="{HEADER_X - 12}" y="{TOP - 12}" width="{ROW + 24}" '
                f'height="{20 * ROW}" rx="4" fill="#f3f3f3" stroke="{MUTED}"/>')
    for pin, name in HEADER.items():
        x, y = _pin_xy(pin)
        colour = COLOURS.get(used.get(pin, ""), MUTED)
        shape = "rect" if pin == 1 else "circle"
        if shape == "rect":
            drawing.add(f'<rect x="{x - 6}" y="{y - 6}" width="12" height="12" fill="{colour}"/>')
        else:
            drawing.add(f'<circle cx="{x}" cy="{y}" r="6" fill="{colour}"/>')
        if pin % 2:
            drawing.text(x - 12, y + 4, f"{name}  {pin}", size=11, anchor="end",
                         colour=INK if pin in used else MUTED)
        else:
            drawing.text(x + 9, y - 6, f"{pin} {name}", size=9,
                         colour=INK if pin in used else MUTED)


def _buttons(drawing: _Drawing, pins: PinMap, used: dict[int, str]) -> None:
    x, y = 560, 60
    drawing.text(x, y - 14, "Buttons (to GND, internal pull-ups)", bold=True)
    for n, (button, gpio) in enumerate(pins.buttons.items()):
        row = y + n * 34
        drawing.box(x, row - 11, 200, 24, COLOURS["button"])
        big = " (big)" if button is Button.TURN else ""
        drawing.text(x + 10, row + 5, f"{button.value.upper()}{big}: GPIO {gpio}")
        drawing.wire(header_pin(gpio), (x, row), COLOURS["button"], f"{button.value} button")
        drawing.add(f'<line x1="{x + 200}" y1="{row}" x2="{x + 230}" y2="{row}" '
                    f'stroke="{COLOURS["ground"]}" stroke-width="2"/>')
        used[header_pin(gpio)] = "button"
    bottom = y + 4 * 34
    drawing.add(f'<line x1="{x + 230}" y1="{y}" x2="{x + 230}" y2="{bottom + 30}" '
                f'stroke="{COLOURS["ground"]}" stroke-width="2"/>')
    drawing.wire(GROUND, (x + 230, bottom + 30), COLOURS["ground"], "ground")
    drawing.text(x + 236, bottom + 34, f"GND (header pin {GROUND})", size=11)


def _station(drawing: _Drawing, pins: PinMap, used: dict[int, str]) -> None:
    x, y = 560, 280
    station = pins.station
    drawing.text(x, y - 14, "Police station: 3 x 74HCT595 at 5 V, 24 LEDs", bold=True)
    for chip in range(3):
        left = x + chip * 130
        drawing.box(left, y, 110, 120, COLOURS["station"])
        drawing.text(left + 55, y + 16, f"74HCT595 #{chip + 1}", size=11, anchor="middle",
                     bold=True)
        for n, name in enumerate(("SER 14", "SRCLK 11", "RCLK 12", "OE 13")):
            drawing.text(left + 6, y + 38 + n * 20, name, size=10)
        drawing.text(left + 104, y + 38, "QH' 9", size=10, anchor="end")
        drawing.text(left + 104, y + 78, "Q0-Q7", size=10, anchor="end")
        if chip < 2:
            drawing.add(f'<line x1="{left + 110}" y1="{y + 34}" x2="{left + 130}" '
                        f'y2="{y + 34}" stroke="{COLOURS["station"]}" stroke-width="2" '
                        'stroke-dasharray="4 2"/>')
    drawing.wire(FIVE_VOLT, (x + 55, y + 120), COLOURS["power"], "5 V")
    drawing.text(x + 60, y + 134, f"5 V (header pin {FIVE_VOLT})", size=10,
                 colour=COLOURS["power"])
    lines = [("data", station.data, 34), ("clock", station.clock, 54),
             ("latch", station.latch, 74)]
    if station.oe is not None:
        lines.append(("oe", station.oe, 94))
    for name, gpio, dy in lines:
        drawing.wire(header_pin(gpio), (x, y + dy), COLOURS["station"],
                     f"station {name}: GPIO {gpio}")
        used[header_pin(gpio)] = "station"
    if station.readback is not None:
        drawing.wire(header_pin(station.readback), (x + 370, y + 25), COLOURS["station"],
                     f"station readback: GPIO {station.readback}")
        used[header_pin(station.readback)] = "station"
    notes = ["SER of #1 from the Pi; QH' of each chip to SER of the next.",
             *(() if station.readback is None else (
                 f"QH' of #3 via 10 kOhm to GPIO {station.readback}, 20 kOhm from there to GND "
                 "(5 V read as 3.3 V).",)),
             "SRCLK of all three joined, RCLK of all three joined.",
             "MR (10) and VCC (16) to 5 V, GND (8) to GND, 100 nF at each VCC.",
             "Q0-Q7: LED anode; cathode via its resistor to GND (see schematic.svg)."]
    if station.oe is None:
        notes.append("OE (13) to GND: LEDs always enabled (no OE pin in pins.toml).")
    else:
        notes.append("OE (13) of all three joined, 10 kOhm pull-up to 3V3.")
        drawing.wire(THREE_VOLT, (x + 315, y + 120), COLOURS["logic power"], "3.3 V")
        drawing.text(x + 320, y + 134, f"3.3 V (header pin {THREE_VOLT})", size=10,
                     colour=COLOURS["logic power"])
        used[THREE_VOLT] = "logic power"
    for n, note in enumerate(notes):
        drawing.text(x, y + 152 + n * 16, note, size=11)


def _buzzer(drawing: _Drawing, pins: PinMap, used: dict[int, str]) -> None:
    x, y = 560, 530
    drawing.text(x, y - 14, f"Buzzer ({pins.buzzer.kind})", bold=True)
    drawing.box(x, y, 200, 24, COLOURS["buzzer"])
    drawing.text(x + 10, y + 16, f"NPN base via 1 kOhm: GPIO {pins.buzzer.pin}")
    drawing.wire(header_pin(pins.buzzer.pin), (x, y + 12), COLOURS["buzzer"], "buzzer")
    used[header_pin(pins.buzzer.pin)] = "buzzer"
    drawing.text(x, y + 44, "Buzzer between 5 V and the collector, emitter to GND;", size=11)
    across = "a 1N4148 across it" if pins.buzzer.kind == "active" else "1 kOhm across it"
    drawing.text(x, y + 60, f"{across} (see schematic.svg).", size=11)


def draw(pins: PinMap) -> str:
    """The whole diagram as SVG text."""
    drawing, used = _Drawing(), {GROUND: "ground", FIVE_VOLT: "power"}
    _buttons(drawing, pins, used)
    _station(drawing, pins, used)
    _buzzer(drawing, pins, used)
    body = drawing.parts
    drawing.parts = []
    _header(drawing, used)
    screen = pins.screen
    where = f"framebuffer {screen.framebuffer}" if screen.framebuffer else "HDMI/DSI (KMS/DRM)"
    drawing.text(30, HEIGHT - 20, f"Screen: {screen.width} x {screen.height}, rotation "
                 f"{screen.rotation}, {where}. Generated from pins.toml by "
                 "companion/device/wiring.py.", size=11, colour=MUTED)
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{PAPER}"/>',
        *drawing.parts, *body, "</svg>", ""])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    sys.stdout.write(draw(load_pins(Path(args[0]) if args else None)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
