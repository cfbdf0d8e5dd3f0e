"""The wiring diagram, drawn from the pin map: the Pi's 40-pin header with every used pin
coloured by its part, and a table of what goes where.

    python -m companion.device.wiring [pins.toml] > hardware/wiring.svg
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from companion.device.pins import PinMap, load_pins

HEADER: dict[int, str] = {
    1: "3V3", 2: "5V", 3: "GPIO 2", 4: "5V", 5: "GPIO 3", 6: "GND", 7: "GPIO 4", 8: "GPIO 14",
    9: "GND", 10: "GPIO 15", 11: "GPIO 17", 12: "GPIO 18", 13: "GPIO 27", 14: "GND",
    15: "GPIO 22", 16: "GPIO 23", 17: "3V3", 18: "GPIO 24", 19: "GPIO 10", 20: "GND",
    21: "GPIO 9", 22: "GPIO 25", 23: "GPIO 11", 24: "GPIO 8", 25: "GND", 26: "GPIO 7",
    27: "GPIO 0", 28: "GPIO 1", 29: "GPIO 5", 30: "GND", 31: "GPIO 6", 32: "GPIO 12",
    33: "GPIO 13", 34: "GND", 35: "GPIO 19", 36: "GPIO 16", 37: "GPIO 26", 38: "GPIO 20",
    39: "GND", 40: "GPIO 21",
}
"""Physical header pin → what it carries (BCM numbering), the same on every 40-pin Pi."""
PHYSICAL = {int(name[5:]): pin for pin, name in HEADER.items() if name.startswith("GPIO")}

BUTTON_COLOUR, STATION_COLOUR, BUZZER_COLOUR, GROUND = "#2f7ed8", "#e0a100", "#c2185b", "#333"
ROW, TOP, LEFT = 26, 70, 40


def connections(pins: PinMap) -> list[tuple[int, str, str]]:
    """(GPIO, colour, what it goes to) for every pin the map uses, in the order of the table."""
    rows = [(gpio, BUTTON_COLOUR, f"{button.value.upper()} button, other leg to GND")
            for button, gpio in pins.buttons.items()]
    station = pins.station
    rows += [(station.data, STATION_COLOUR, "SER (pin 14) of the first 74HC595"),
             (station.clock, STATION_COLOUR, "SRCLK (pin 11) of all three 74HC595"),
             (station.latch, STATION_COLOUR, "RCLK (pin 12) of all three 74HC595")]
    if station.oe is not None:
        rows.append((station.oe, STATION_COLOUR, "OE (pin 13) of all three, 10 kΩ pull-up"))
    rows.append((pins.buzzer.pin, BUZZER_COLOUR,
                 f"{pins.buzzer.kind} buzzer through an NPN transistor (1 kΩ to its base)"))
    return rows


def wiring_svg(pins: PinMap) -> str:
    """The diagram as an SVG document."""
    rows = connections(pins)
    colours = {PHYSICAL[gpio]: colour for gpio, colour, _ in rows}
    height = TOP + 20 * ROW + 150
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="980" height="{height}" '
             f'viewBox="0 0 980 {height}" font-family="DejaVu Sans, sans-serif" font-size="13">',
             '<rect width="100%" height="100%" fill="#fff"/>',
             '<text x="40" y="32" font-size="20" font-weight="bold">Getaway: wiring '
             '(generated from hardware/pins.toml)</text>',
             f'<rect x="{LEFT + 90}" y="{TOP - 18}" width="90" height="{20 * ROW + 10}" '
             'rx="6" fill="#1b5e20"/>']
    parts += [_pin(pin, colours.get(pin)) for pin in HEADER]
    parts += _table(rows)
    parts += _chain_notes(TOP + 20 * ROW + 30)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _pin(pin: int, colour: str | None) -> str:
    """One header pin: a dot with its number, its name beside it (odd left, even right)."""
    row, odd = (pin - 1) // 2, pin % 2 == 1
    x, y = LEFT + (115 if odd else 155), TOP + row * ROW
    name = HEADER[pin]
    fill = colour or (GROUND if name == "GND" else "#ddd")
    ink = "#fff" if colour or name == "GND" else "#000"
    label_x, anchor = (x - 25, "end") if odd else (x + 25, "start")
    weight = ' font-weight="bold"' if colour else ""
    return (f'<circle cx="{x}" cy="{y}" r="10" fill="{fill}" stroke="#000"/>'
            f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="9" fill="{ink}">'
            f'{pin}</text>'
            f'<text x="{label_x}" y="{y + 4}" text-anchor="{anchor}"{weight}>{escape(name)}</text>')


def _table(rows: list[tuple[int, str, str]]) -> list[str]:
    x, y = 420, TOP
    out = [f'<text x="{x}" y="{y - 10}" font-weight="bold">Pin (physical) · GPIO (BCM) · goes to'
           '</text>']
    for index, (gpio, colour, goes_to) in enumerate(rows):
        line_y = y + 12 + index * ROW
        out.append(f'<rect x="{x}" y="{line_y - 11}" width="14" height="14" fill="{colour}"/>'
                   f'<text x="{x + 24}" y="{line_y}">pin {PHYSICAL[gpio]} · GPIO {gpio} · '
                   f'{escape(goes_to)}</text>')
    ground = y + 12 + len(rows) * ROW
    out.append(f'<rect x="{x}" y="{ground - 11}" width="14" height="14" fill="{GROUND}"/>'
               f'<text x="{x + 24}" y="{ground}">GND (pins 30, 34, 39): buttons, chips, '
               'buzzer transistor</text>')
    return out


def _chain_notes(y: int) -> list[str]:
    notes = ["The police station: three chained 74HC595 (74HCT595 at 5 V) drive 24 LEDs, each",
             "through its own 330 Ω resistor. QH' (pin 9) of each chip feeds SER (pin 14) of the "
             "next;",
             "VCC (16) and MR (10) to 3V3, GND (8) to GND, OE (13) to GND unless wired to a GPIO.",
             "A 100 nF capacitor from VCC to GND at every chip."]
    return [f'<text x="{LEFT}" y="{y + i * 20}">{escape(note)}</text>'
            for i, note in enumerate(notes)]


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    sys.stdout.write(wiring_svg(load_pins(path)))


if __name__ == "__main__":
    main()
