"""One parts list: its totals are its own lines added up, and the schematic, the case, the
template, the pin map and the guide name the buttons and the wires it buys."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion.device.pins import BuzzerPin, load_pins
from companion.maker.__main__ import drawings
from companion.maker.circuit import CHIPS, board_nets, bought_for, circuit
from companion.maker.enclosure import load_panel
from companion.maker.parts import BUTTONS, PartsError, load_parts
from companion.maker.schematic import draw
from companion.maker.stripboard import layout
from tests.maker.test_schematic import words

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
PARTS = HARDWARE / "parts.toml"
DASH = "\N{EN DASH}"


def read(name: str) -> str:
    return (HARDWARE / name).read_text(encoding="utf-8")


def table_prices(markdown: str) -> dict[str, float]:
    """Each line's price as parts.md shows it, by its part (a range counts its lower end)."""
    prices = {}
    for line in markdown.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        price = next((cell for cell in cells[1:] if re.fullmatch(r"[0-9.]+(\u2013[0-9.]+)?", cell)),
                     None)
        if line.startswith("| ") and price is not None:
            prices[" ".join(cells[:3])] = float(price.split(DASH)[0])
    return prices


def test_the_totals_are_the_lines_added_up() -> None:
    """The list's own lines with a Pi Zero 2 W (18 €, its 9 € supply) or a Pi 4 B (60 €,
    13 €), the HDMI screen at 25 €, D25 and not R27, neither other screen: 113.10 and 159.10
    (the lines as they stood claimed about 75 and 110 € and added up to 111.80 and 157.80)."""
    text = read("parts.md")
    prices = table_prices(text.split("## Totals")[0])
    left_out = [part for part in prices if re.search(r"R27|Raspberry Pi Touch|SPI panel", part)]
    assert len(left_out) == 3
    common = sum(price for part, price in prices.items() if part not in left_out) - 18 - 9
    assert round(common + 18 + 9, 2) == 113.1 and round(common + 60 + 13, 2) == 159.1
    assert load_parts(PARTS).totals() == {"Pi Zero 2 W": 113.1, "Pi 4 B": 159.1}
    assert "what to expect: 113.10 € with a Pi Zero 2 W, 159.10 € with a Pi 4 B" in text
    assert "| **Total** | **113.10 €** | **159.10 €** |" in text


def test_a_price_range_without_a_cost_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "parts.toml"
    broken.write_text(read("parts.toml").replace('cost = { "Pi Zero 2 W" = 9, "Pi 4 B" = 13 }\n',
                                                 ""), encoding="utf-8")
    with pytest.raises(PartsError, match="Power supply: its price '9\N{EN DASH}13' needs a cost"):
        load_parts(broken)


def test_the_schematic_the_case_and_the_template_take_the_buttons_of_the_parts_list() -> None:
    bought, pins = load_parts(PARTS), load_pins()
    switches = [part for part in circuit(pins, bought).parts if part.ref.startswith("SW")]
    assert [switch.value for switch in switches] == ["24 mm arcade button"] * 4 + [
        "30 mm arcade button"]
    svg = draw(pins)
    assert "12 mm" not in svg and "push button" not in svg
    assert svg.count(">24 mm<") == 4 and svg.count(">30 mm<") == 1
    holes = {hole.label: hole.diameter for hole in
             load_panel(HARDWARE / "panel.toml", pins, bought).holes}
    for button in BUTTONS:
        size = bought.buttons[button].size
        assert holes[f"{button.value.upper()} button"] == size
        assert f"{button.value.upper()} button {size:g}</text>" in read("enclosure/template.svg")
    parts = read("parts.md")
    assert f"| SW1{DASH}SW4 | Arcade button 24 mm (LEFT, RIGHT, OK, BACK) |" in parts
    assert "| SW5 | Arcade button 30 mm (TURN) |" in parts
    small, big = sorted({part.size for part in bought.buttons.values()})
    assert f"buttons {small:g} and {big:g} mm" in read("assembly.md")


def test_the_pin_map_the_parts_list_and_the_guide_wire_the_pi_with_the_same_jumpers() -> None:
    """No ribbon cable: a jumper from each pin of J1, one from each button and their ground."""
    board, buttons = len(board_nets(load_pins())), len(BUTTONS) + 1
    parts = read("parts.md")
    assert f"| {board} | Jumper wires, female{DASH}female, 20 cm |" in parts
    assert f"| {buttons} | Jumper wires, female on one end, 30 cm |" in parts
    pins = read("pins.toml").replace("\n# ", " ")
    assert "ribbon" not in pins
    assert f"each with a female jumper wire: {board} from the board's connector J1 and " \
           f"{buttons} from the buttons" in pins
    guide = read("assembly.md")
    assert f"{board} jumpers to the Pi" in guide and "ribbon cable to the Pi" not in guide


@pytest.mark.parametrize(("oe", "readback", "connector", "gone"), [
    (True, True, 9, ()),
    (True, False, 8, ("R33", "R34")),
    (False, False, 6, ("R25", "R33", "R34")),
])
def test_the_parts_documents_follow_the_pin_map(oe: bool, readback: bool, connector: int,
                                                gone: tuple[str, ...]) -> None:
    """A pin map without `readback` (or `oe`): J1, its jumper wires and the lines of the
    parts it needs follow in the parts list and the stripboard's steps."""
    pins = load_pins()
    station = pins.station
    pins = replace(pins, station=replace(station, oe=station.oe if oe else None,
                                         readback=station.readback if readback else None))
    made = drawings(pins)
    parts = made[HARDWARE / "parts.md"]
    assert f"| 1 | J1 | 1\N{MULTIPLICATION SIGN}{connector} male pin header, 2.54 mm |" in parts
    assert f"| {connector} | Jumper wires, female{DASH}female, 20 cm |" in parts
    assert all(f"| {ref} |" not in parts for ref in gone)
    assert f"- J1 1 x {connector} pin header:" in made[HARDWARE / "stripboard.md"]


FORWARD_V = {"yellow": 2.1, "green": 2.2, "white": 3.1, "red": 2.0}
"""Typical forward voltages at a few mA: Kingbright L-53YD, L-53GD, L-53ID; a 5 mm white LED."""


def test_every_column_of_leds_gets_about_the_same_current() -> None:
    """From the 595's output (about 4.8 V at 6 mA) through the LED and its resistor: the white
    column within 10 % of the others (470 Ω gave it 3.6 mA against 5.5-6 mA), and the parts
    list buys each resistor the circuit has."""
    parts = circuit(load_pins())
    currents = {}
    for bit in range(24):
        led, resistor = parts.part(f"LED{bit + 1}"), parts.part(f"R{bit + 1}")
        colour = led.value.split()[1]
        currents[colour] = (4.8 - FORWARD_V[colour]) / float(resistor.value.split()[0]) * 1000
    assert max(currents.values()) / min(currents.values()) < 1.1, currents
    assert max(currents.values()) * 8 < 70, "8 LEDs on one 595"
    bought = {}
    for refs, value in re.findall(r"\| (R[0-9\N{EN DASH}, R]+) \| Resistor (\d+ Ω)",
                                  read("parts.md")):
        for first, last in re.findall(rf"R(\d+)(?:{DASH}R(\d+))?", refs):
            bought.update(dict.fromkeys(range(int(first), int(last or first) + 1), value))
    assert all(bought[bit + 1] == parts.part(f"R{bit + 1}").value for bit in range(24))


def test_each_button_reaches_its_gpio_through_a_series_resistor() -> None:
    """Against static from players' fingers: 1 kOhm at each button, bought and drawn."""
    parts = circuit(load_pins())
    for n, button in enumerate(BUTTONS):
        switch = parts.part(f"SW{n + 1}")
        (ref, _), = [member for member in parts.nets[switch.pins["1"]] if member[0] != switch.ref]
        resistor = parts.part(ref)
        assert resistor.value == "1 kΩ" and resistor.where == "panel"
        assert resistor.pins["1"] == f"BUTTON_{button.value.upper()}"
    assert f"| 5 | R28{DASH}R32 | Resistor 1 kΩ, ¼ W |" in read("parts.md")
    svg = draw(load_pins())
    assert all(f">R{28 + n}<" in svg for n in range(5))


def ohms(value: str) -> str:
    """A resistor's value as the wiring diagram writes it: "10 kOhm"."""
    return value.replace("Ω", "Ohm")


def test_the_schematic_the_board_the_wiring_the_guide_and_the_case_use_the_listed_parts() -> None:
    """parts.toml is the one source: every part the schematic draws is bought and every part
    bought is drawn, each with the list's value, on the board where it belongs, in the wiring
    diagram, the guide and the case as the list has it."""
    bought, pins = load_parts(PARTS), load_pins()
    parts = circuit(pins, bought)
    tonal = circuit(replace(pins, buzzer=BuzzerPin(pins.buzzer.pin, "tonal")), bought)
    drawn = {part.ref for part in (*parts.parts, *tonal.parts) if part.where != "pi"}
    assert set(bought.values) == drawn
    wired = bought_for(pins, bought)
    shown = " | ".join(words(read("schematic.svg")))
    for part in parts.parts:
        if part.where != "pi":
            assert part.value == wired.value(part.ref)
            assert re.search(rf"\b{re.escape(part.ref)}\b", shown), part.ref
            assert part.value.split()[0] in shown, part.value
    board = layout(pins)
    assert {placed.ref for placed in board.parts} == {
        part.ref for part in parts.parts if part.where == "board"}
    steps = read("stripboard.md")
    assert all(f"- {placed.ref} {wired.value(placed.ref)}:" in steps for placed in board.parts)
    assert wired.value("J1") == f"1 x {len(board_nets(pins))} pin header"
    wiring = read("wiring.svg")
    assert f"{CHIPS} x {wired.value('U1')} at 5 V" in wiring
    assert f"NPN base via {ohms(wired.value('R26'))}" in wiring
    assert f"{ohms(wired.value('R25'))} pull-up to 3V3" in wiring
    assert f"via {ohms(wired.value('R33'))} to GPIO {pins.station.readback}, " \
           f"{ohms(wired.value('R34'))} from there to GND" in wiring
    guide = read("assembly.md").replace("\n   ", " ")
    for ref in ("R33", "R34", "C4"):
        assert f"{ref} ({wired.value(ref)}" in guide, ref
    assert f"solder a {wired.value('R28')} resistor to each button's NO tab" in guide
    assert f"({wired.value('Q1')}:" in guide
    holes = {hole.label: hole.diameter for hole in
             load_panel(HARDWARE / "panel.toml", pins, bought).holes}
    assert all(holes[f"{button.value.upper()} button"] == bought.buttons[button].size
               for button in BUTTONS)
    assert f"for the {bought.screen.model}" in read("enclosure/panel.scad")


def test_the_power_budget_counts_every_part_on_5_v_and_the_spi_panels_backlight() -> None:
    """Pi, screen, 24 lit LEDs and the buzzer stay well within each build's supply, and the
    SPI panel (c), whose backlight takes its current from the header, is in the budget."""
    bought = load_parts(PARTS)
    budget, text = bought.budget(), read("parts.md")
    assert budget == {"Pi Zero 2 W": 766, "Pi 4 B": 1016}
    assert all(budget[build] < 0.5 * bought.supply[build] for build in bought.builds)
    spi = next(row for row in bought.drawing() if "SPI panel" in row.cells["part"])
    assert spi.alternative and spi.current["Pi 4 B"] == 100
    assert "| **Total** | **766** | **1016** |" in text
    assert 'SPI panel instead of (a) | 616 | 866 |' in text
    assert "| The supply gives | 2500 | 3000 |" in text
