"""The box's schematic, drawn by schemdraw from the circuit (itself made from the pin map).

Every part of the circuit is drawn once, with its reference and value; nets that do not run
as a line carry a flag with their name (DATA, CLOCK, ...), and every ground is a ground
symbol. Needs schemdraw (the test extra); the box itself never imports this module.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from contextlib import contextmanager

import schemdraw
import schemdraw.elements as elm

from companion.device.pins import PinMap
from companion.device.wiring import HEADER
from companion.maker.circuit import (
    CHIPS,
    FIVE_VOLT,
    GND,
    THREE_VOLT,
    Circuit,
    Part,
    circuit,
    led_name,
)

INPUTS = ("SER", "SRCLK", "RCLK", "OE", "MR")
OUTPUTS = (*(f"Q{q}" for q in range(8)), "QH'")
PIN_NUMBERS = {"Q0": 15, "Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "Q5": 5, "Q6": 6, "Q7": 7,
               "GND": 8, "QH'": 9, "MR": 10, "SRCLK": 11, "RCLK": 12, "OE": 13, "SER": 14,
               "VCC": 16}
SVG = "http://www.w3.org/2000/svg"
CHIP_HEIGHT = 16.0
"""Vertical room per chip and its eight LEDs, in schemdraw units."""


def draw(pins: PinMap) -> str:
    """The schematic as SVG text."""
    parts = circuit(pins)
    schemdraw.use("svg")
    with _svg_as_default_namespace(), schemdraw.Drawing(show=False) as drawing:
        drawing.config(unit=2, fontsize=10, lw=1.2)
        _pi(drawing, parts.part("PI"))
        for chip in range(CHIPS):
            _chip(drawing, parts, chip)
        _connector(drawing, parts.part("J1"), (-7, -30))
        if any(part.ref == "R25" for part in parts.parts):
            _pull_up(drawing, parts.part("R25"), (-1, -30))
        _bulk(drawing, parts.part("C4"), (-3.5, -30))
        if any(part.ref == "R33" for part in parts.parts):
            _divider(drawing, parts, (0, -37))
        _buzzer(drawing, parts, (-12, -34))
        _buttons(drawing, parts, (-12, -45))
        drawing.add(elm.Label().at((-14, 6)).label(
            "Getaway: the box's schematic, drawn from hardware/pins.toml by "
            "companion/maker/schematic.py", fontsize=12, halign="left"))
        svg = bytes(drawing.get_imagedata("svg")).decode() + "\n"
    return svg


@contextmanager
def _svg_as_default_namespace() -> Iterator[None]:
    """schemdraw writes through ElementTree, whose namespace prefixes are global (qrcode maps
    SVG's to "svg:"): draw with SVG as the default namespace, then put back what was there."""
    names: dict[str, str] = getattr(ElementTree, "_namespace_map")  # noqa: B009
    saved = dict(names)
    ElementTree.register_namespace("", SVG)
    try:
        yield
    finally:
        names.clear()
        names.update(saved)


def _flag(drawing: schemdraw.Drawing, net: str, at: tuple[float, float], *,
          left: bool = False) -> None:
    """A net's end: a ground symbol, or a flag with the net's name."""
    if net == GND:
        drawing.add(elm.Ground().at(at))
        return
    tag = elm.Tag(width=0.6 + 0.16 * len(net)).at(at).label(net, fontsize=9)
    drawing.add(tag.left() if left else tag.right())


def _pi(drawing: schemdraw.Drawing, pi: Part) -> None:
    pins = [elm.IcPin(name=f"{HEADER[int(number)]}", pin=number, side="right",
                      anchorname=f"p{number}") for number in reversed(list(pi.pins))]
    header = elm.Ic(pins=pins, pinspacing=1.0, edgepadH=0.6, w=3.2)
    drawing.add(header.at((-9, 0)).anchor(f"p{next(iter(pi.pins))}")
                .label("Raspberry Pi\n40-pin header\n(pins used)", loc="top"))
    for number, net in pi.pins.items():
        end = drawing.add(elm.Line().at(header.absanchors[f"p{number}"]).right(1)).end
        _flag(drawing, net, (end[0], end[1]))


def _chip(drawing: schemdraw.Drawing, parts: Circuit, chip: int) -> None:
    u = parts.part(f"U{chip + 1}")
    top = -chip * CHIP_HEIGHT
    pins = [*(elm.IcPin(name=name, pin=str(PIN_NUMBERS[name]), side="left", anchorname=name)
              for name in INPUTS),
            *(elm.IcPin(name=name, pin=str(PIN_NUMBERS[name]), side="right", anchorname=name)
              for name in OUTPUTS),
            elm.IcPin(name="VCC", pin="16", side="top", anchorname="VCC"),
            elm.IcPin(name="GND", pin="8", side="bottom", anchorname="GND")]
    ic = drawing.add(elm.Ic(pins=pins, pinspacing=1.3, edgepadH=0.6, w=5)
                     .at((8, top)).anchor("QH'"))
    drawing.add(elm.Label().at((ic.absanchors["VCC"][0], top + 1.3)).label(
        f"{u.ref} {u.value}", fontsize=11, halign="left", valign="bottom"))
    for name in INPUTS:
        start = ic.absanchors[name]
        end = drawing.add(elm.Line().at(start).left(1)).end
        _flag(drawing, u.pins[name], (end[0], end[1]), left=True)
    ground = ic.absanchors["GND"]
    drawing.add(elm.Ground().at(ground))
    vcc = ic.absanchors["VCC"]
    line = drawing.add(elm.Line().at(vcc).up(0.6))
    drawing.add(elm.Vdd().at(line.end).label(FIVE_VOLT, fontsize=9))
    cap = parts.part(f"C{chip + 1}")
    branch = drawing.add(elm.Line().at(line.end).left(2.2))
    drawing.add(elm.Capacitor().at(branch.end).down(1.6)
                .label(f"{cap.ref}\n{cap.value}", loc="bottom", fontsize=9))
    drawing.add(elm.Ground())
    for name in OUTPUTS:
        start = ic.absanchors[name]
        net = u.pins[name]
        if name == "QH'":
            end = drawing.add(elm.Line().at(start).right(1)).end
            if net.startswith("CHAIN"):
                _flag(drawing, net, (end[0], end[1]))
            else:
                drawing.add(elm.NoConnect().at(end))
            continue
        bit = chip * 8 + int(name[1:])
        if bit >= 24:
            continue
        led, resistor = parts.part(f"LED{bit + 1}"), parts.part(f"R{bit + 1}")
        drawing.add(elm.Line().at(start).right(0.5))
        drawing.add(elm.LED().right(2.5).label(f"{led.ref} {led_name(bit)}", loc="bottom",
                                              fontsize=9, ofst=0.1))
        drawing.add(elm.Resistor().right(2.5).label(f"{resistor.ref} {resistor.value}",
                                                   fontsize=9, ofst=0.1))
        drawing.add(elm.Ground().right())


def _connector(drawing: schemdraw.Drawing, j1: Part, at: tuple[float, float]) -> None:
    pins = [elm.IcPin(name=net, pin=number, side="left", anchorname=f"p{number}")
            for number, net in j1.pins.items()]
    block = drawing.add(elm.Ic(pins=pins, pinspacing=0.9, edgepadH=0.5, w=2.2).at(at)
                        .anchor("p1").label(f"{j1.ref} {j1.value}\n(jumper wires to the Pi)",
                                            loc="top", fontsize=9))
    for number, net in j1.pins.items():
        end = drawing.add(elm.Line().at(block.absanchors[f"p{number}"]).left(1)).end
        _flag(drawing, net, (end[0], end[1]), left=True)


def _buttons(drawing: schemdraw.Drawing, parts: Circuit, at: tuple[float, float]) -> None:
    x, y = at
    switches = [part for part in parts.parts if part.ref.startswith("SW")]
    for n, switch in enumerate(switches):
        start = (x + 3.6 * n, y)
        resistor = next(part for part in parts.parts
                        if part.pins.get("2") == switch.pins["1"])
        _flag(drawing, resistor.pins["1"], start, left=True)
        name = resistor.pins["1"].removeprefix("BUTTON_")
        drawing.add(elm.Resistor().at(start).down(2).label(f"{resistor.ref}\n{resistor.value}",
                                                             loc="bottom", fontsize=9))
        drawing.add(elm.Button().down(2).label(
            f"{switch.ref} {name}\n{switch.value.replace(' mm ', ' mm' + chr(10))}",
            loc="bottom", fontsize=9))
        drawing.add(elm.Ground())


def _buzzer(drawing: schemdraw.Drawing, parts: Circuit, at: tuple[float, float]) -> None:
    """5 V, the buzzer, the transistor's collector; the diode (or resistor) across the
    buzzer; the GPIO through R26 to the base."""
    x, y = at
    r26, q1, bz1 = parts.part("R26"), parts.part("Q1"), parts.part("BZ1")
    across = next(part for part in parts.parts if part.ref in ("D25", "R27"))
    drawing.add(elm.Vdd().at((x + 6, y)).label(FIVE_VOLT, fontsize=9))
    top = drawing.add(elm.Line().at((x + 6, y)).down(0.5)).end
    drawing.add(elm.Crystal().at(top).down(3).label(f"{bz1.ref}\n{bz1.value}", loc="bottom",
                                                    fontsize=9))
    collector = drawing.here
    drawing.add(elm.Line().at(top).right(3))
    element = elm.Diode() if across.ref == "D25" else elm.Resistor()
    drawing.add(element.down(3).reverse().label(f"{across.ref}\n{across.value}", loc="bottom",
                                                fontsize=9))
    drawing.add(elm.Line().left(3))
    transistor = drawing.add(elm.BjtNpn(circle=True).theta(0).at(collector).anchor("collector")
                             .label(f"{q1.ref} {q1.value}\nC-B-E", loc="right", fontsize=9))
    drawing.add(elm.Ground().at(transistor.emitter))
    drawing.add(elm.Resistor().at(transistor.base).left(3).label(f"{r26.ref}\n{r26.value}",
                                                                 fontsize=9))
    _flag(drawing, r26.pins["1"], drawing.here, left=True)


def _bulk(drawing: schemdraw.Drawing, c4: Part, at: tuple[float, float]) -> None:
    """The bulk capacitor at the board's connector, from +5V to GND."""
    drawing.add(elm.Vdd().at(at).label(FIVE_VOLT, fontsize=9))
    drawing.add(elm.Capacitor(polar=True).at(at).down(2)
                .label(f"{c4.ref}\n{c4.value}", loc="bottom", fontsize=9))
    drawing.add(elm.Ground())


def _divider(drawing: schemdraw.Drawing, parts: Circuit, at: tuple[float, float]) -> None:
    """The last chip's QH' down through R33 to the READBACK GPIO, and R34 on to GND."""
    r33, r34 = parts.part("R33"), parts.part("R34")
    _flag(drawing, r33.pins["1"], at, left=True)
    drawing.add(elm.Resistor().at(at).down(2.5).label(f"{r33.ref}\n{r33.value}", loc="bottom",
                                                      fontsize=9))
    middle = drawing.here
    drawing.add(elm.Resistor().down(2.5).label(f"{r34.ref}\n{r34.value}", loc="bottom",
                                               fontsize=9))
    drawing.add(elm.Ground())
    end = drawing.add(elm.Line().at(middle).left(1)).end
    _flag(drawing, r33.pins["2"], (end[0], end[1]), left=True)


def _pull_up(drawing: schemdraw.Drawing, r25: Part, at: tuple[float, float]) -> None:
    _flag(drawing, r25.pins["1"], at, left=True)
    drawing.add(elm.Resistor().at(at).up(2.5).label(f"{r25.ref}\n{r25.value}", loc="bottom",
                                                    fontsize=9))
    drawing.add(elm.Vdd().label(THREE_VOLT, fontsize=9))
