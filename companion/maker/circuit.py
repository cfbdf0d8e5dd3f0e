"""The box's circuit as data, made from the pin map: every part, and the net each of its pins is on.

The schematic and the stripboard are both drawn from this one list, and a test checks that the
stripboard joins exactly what the circuit joins. Every part's value is its line's in the parts
list (hardware/parts.toml), so what is drawn is what is bought.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.device.pins import PinMap
from companion.device.station import COLUMNS, ROWS
from companion.device.wiring import header_pin
from companion.maker.parts import BUTTONS, PartsList, load_parts

GND, FIVE_VOLT, THREE_VOLT = "GND", "+5V", "+3V3"
CHIPS = 3
COLOURS = ("yellow", "green", "white", "red")
"""The police station's columns, left to right (see companion/device/station.py)."""
CHIP_PINS = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "Q5": 5, "Q6": 6, "Q7": 7, "GND": 8,
             "QH'": 9, "MR": 10, "SRCLK": 11, "RCLK": 12, "OE": 13, "SER": 14, "Q0": 15,
             "VCC": 16}
"""The 74HC595's pins by name (Q0 is pin 15, Q1-Q7 are pins 1-7)."""
BOARD_GROUND = 34
"""The header pin the board's ground wire goes to; the buttons' ground goes to pin 39."""
BUTTON_GROUND = 39
BUTTON_RESISTOR = 28
"""The reference number of the first button's series resistor (R28-R32, LEFT to TURN)."""
READBACK = "READBACK"
"""The net from the readback divider (R33 from the last chip's QH', R34 to GND) to its GPIO."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part: its reference, what to buy, and the net of each pin (by pin name)."""

    ref: str
    value: str
    pins: Mapping[str, str]
    where: str = "board"
    """"board" (on the stripboard), "panel" (in the front panel) or "pi" (the Raspberry Pi)."""


@dataclass(frozen=True, slots=True)
class Circuit:
    """All parts of one box; ``nets`` maps each net to the (ref, pin) on it."""

    parts: tuple[Part, ...]

    def part(self, ref: str) -> Part:
        return next(part for part in self.parts if part.ref == ref)

    @property
    def nets(self) -> dict[str, list[tuple[str, str]]]:
        nets: dict[str, list[tuple[str, str]]] = {}
        for part in self.parts:
            for pin, net in part.pins.items():
                nets.setdefault(net, []).append((part.ref, pin))
        return nets


def led_name(bit: int) -> str:
    """Where LED ``bit`` sits: "yellow 1" is the bottom LED of the first column."""
    return f"{COLOURS[bit // ROWS]} {bit % ROWS + 1}"


def output(bit: int) -> tuple[int, str]:
    """The chip (0-2) and output (Q0-Q7) that drives LED ``bit``."""
    return bit // 8, f"Q{bit % 8}"


def anode(bit: int) -> str:
    chip, q = output(bit)
    return f"U{chip + 1}.{q}"


def cathode(bit: int) -> str:
    return f"LED{bit + 1}.K"


def circuit(pins: PinMap, bought: PartsList | None = None) -> Circuit:
    """The circuit of a box wired as ``pins`` says, with the values of the parts list
    (default: the packaged hardware/parts.toml)."""
    made = _made(pins)
    parts = _wired(made, pins, bought)
    return Circuit(tuple(replace(part, value=parts.value(part.ref, pins.buzzer.kind))
                         if part.where != "pi" else part for part in made))


def bought_for(pins: PinMap, bought: PartsList | None = None) -> PartsList:
    """The parts list of a box wired as ``pins`` says: the lines of the parts its circuit
    has, J1 and its jumper wires as many as J1 has pins."""
    return _wired(_made(pins), pins, bought)


def _made(pins: PinMap) -> tuple[Part, ...]:
    """Every part of the circuit, without its value."""
    return (*_pi(pins), *_board_connector(pins), *_chips(pins), *_leds(), *_buttons(),
            *_buzzer(pins), *(() if pins.station.oe is None else
                              (Part("R25", "", {"1": "OE", "2": THREE_VOLT}),)),
            *_readback(pins))


def _wired(made: tuple[Part, ...], pins: PinMap, bought: PartsList | None) -> PartsList:
    return (bought or load_parts()).wired({part.ref for part in made}, len(board_nets(pins)))


def _pi(pins: PinMap) -> tuple[Part, ...]:
    used = {1: THREE_VOLT, 2: FIVE_VOLT, BOARD_GROUND: GND, BUTTON_GROUND: GND}
    station = pins.station
    signals = {"DATA": station.data, "CLOCK": station.clock, "LATCH": station.latch,
               "BUZZER": pins.buzzer.pin}
    if station.oe is not None:
        signals["OE"] = station.oe
    if station.readback is not None:
        signals[READBACK] = station.readback
    for net, gpio in signals.items():
        used[header_pin(gpio)] = net
    for button in BUTTONS:
        used[header_pin(pins.buttons[button])] = f"BUTTON_{button.value.upper()}"
    if station.oe is None:
        del used[1]
    return (Part("PI", "Raspberry Pi 40-pin header",
                 {str(pin): used[pin] for pin in sorted(used)}, where="pi"),)


def board_nets(pins: PinMap) -> tuple[str, ...]:
    """What the board's connector J1 carries, pin 1 first (one jumper wire to the Pi each)."""
    oe = () if pins.station.oe is None else ("OE",)
    return ("LATCH", "CLOCK", *oe, GND, "DATA", FIVE_VOLT,
            *(() if pins.station.oe is None else (THREE_VOLT,)), "BUZZER",
            *(() if pins.station.readback is None else (READBACK,)))


def _board_connector(pins: PinMap) -> tuple[Part, ...]:
    nets = board_nets(pins)
    return (Part("J1", "", {str(n + 1): net for n, net in enumerate(nets)}),
            Part("C4", "", {"+": FIVE_VOLT, "-": GND}))


def _chips(pins: PinMap) -> tuple[Part, ...]:
    parts = []
    oe = GND if pins.station.oe is None else "OE"
    for chip in range(CHIPS):
        nets = {"VCC": FIVE_VOLT, "GND": GND, "MR": FIVE_VOLT, "OE": oe, "SRCLK": "CLOCK",
                "RCLK": "LATCH", "SER": "DATA" if chip == 0 else f"CHAIN{chip}",
                "QH'": f"CHAIN{chip + 1}" if chip < CHIPS - 1 or pins.station.readback
                else "U3.QH' (not connected)",
                **{f"Q{q}": f"U{chip + 1}.Q{q}" for q in range(8)}}
        parts.append(Part(f"U{chip + 1}", "", nets))
        parts.append(Part(f"C{chip + 1}", "", {"1": FIVE_VOLT, "2": GND}))
    return tuple(parts)


def _leds() -> tuple[Part, ...]:
    parts = []
    for bit in range(COLUMNS * ROWS):
        parts.append(Part(f"LED{bit + 1}", "", {"A": anode(bit), "K": cathode(bit)},
                          where="panel"))
        parts.append(Part(f"R{bit + 1}", "", {"1": cathode(bit), "2": GND}))
    return tuple(parts)


def _buttons() -> tuple[Part, ...]:
    """Each button to ground, through its series resistor (at its tab, against static from a
    player's finger) to its GPIO."""
    parts = []
    for n, button in enumerate(BUTTONS):
        net = f"BUTTON_{button.value.upper()}"
        parts.append(Part(f"R{BUTTON_RESISTOR + n}", "", {"1": net, "2": f"SW{n + 1}.1"},
                          where="panel"))
        parts.append(Part(f"SW{n + 1}", "", {"1": f"SW{n + 1}.1", "2": GND}, where="panel"))
    return tuple(parts)


def _buzzer(pins: PinMap) -> tuple[Part, ...]:
    active = pins.buzzer.kind == "active"
    across = (Part("D25", "", {"A": "BUZZER-", "K": FIVE_VOLT}) if active else
              Part("R27", "", {"1": "BUZZER-", "2": FIVE_VOLT}))
    return (Part("R26", "", {"1": "BUZZER", "2": "BASE"}),
            Part("Q1", "", {"C": "BUZZER-", "B": "BASE", "E": GND}),
            Part("BZ1", "", {"+": FIVE_VOLT, "-": "BUZZER-"}, where="panel"),
            across)


def _readback(pins: PinMap) -> tuple[Part, ...]:
    """The last chip's QH' through a divider to its GPIO: 5 V becomes 3.3 V at the Pi."""
    if pins.station.readback is None:
        return ()
    return (Part("R33", "", {"1": f"CHAIN{CHIPS}", "2": READBACK}),
            Part("R34", "", {"1": READBACK, "2": GND}))
