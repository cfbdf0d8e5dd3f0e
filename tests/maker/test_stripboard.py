"""The stripboard joins exactly what the circuit joins, and a maker can build it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.device.pins import BuzzerPin, PinMap, load_pins
from companion.maker.circuit import Circuit, circuit
from companion.maker.stripboard import Layout, connections, layout, problems


def wrong_joins(board: Layout, parts: Circuit) -> list[str]:
    """Every net the board splits, every two nets it shorts, every board part it lacks."""
    joined, found, owner = connections(board), [], dict[int, str]()
    for net, members in parts.nets.items():
        missing = [m for m in members if m not in joined and parts.part(m[0]).where == "board"]
        found += [f"{ref}.{pin} ({net}) is not on the board" for ref, pin in missing]
        pieces = {joined[m] for m in members if m in joined}
        if len(pieces) > 1:
            found.append(f"{net} is split")
        for piece in pieces:
            if owner.setdefault(piece, net) != net:
                found.append(f"{net} is shorted to {owner[piece]}")
    found += [f"{ref}.{pin} is not in the circuit" for ref, pin in joined
              if pin not in parts.part(ref).pins]
    return found


def variants() -> list[PinMap]:
    packaged = load_pins()
    return [packaged,
            replace(packaged, station=replace(packaged.station, oe=None, readback=None),
                    buzzer=BuzzerPin(packaged.buzzer.pin, "tonal"))]


@pytest.mark.parametrize("pins", variants(), ids=["packaged", "no-oe-readback-tonal"])
def test_stripboard_joins_exactly_the_circuit(pins: PinMap) -> None:
    assert wrong_joins(layout(pins), circuit(pins)) == []


@pytest.mark.parametrize("pins", variants(), ids=["packaged", "no-oe-readback-tonal"])
def test_stripboard_can_be_built(pins: PinMap) -> None:
    """No two leads in a hole, none in a cut, nothing lying over a soldered hole."""
    assert problems(layout(pins)) == []


def test_stripboard_check_finds_a_missing_wire_a_missing_cut_and_a_crowded_hole() -> None:
    pins = load_pins()
    parts, board = circuit(pins), layout(pins)
    board.wires.pop()                     # the GND strip of the resistors, cut off
    assert "GND is split" in wrong_joins(board, parts)
    board = layout(pins)
    board.cuts.discard(next(iter(sorted(board.cuts))))
    assert any("shorted" in line for line in wrong_joins(board, parts))
    board = layout(pins)
    board.wire(board.wires[0].start, (0, 0))
    assert any(line.startswith("two leads in hole") for line in problems(board))


def test_stripboard_has_two_wires_per_led_and_a_jumper_per_connector_pin() -> None:
    pins = load_pins()
    board = layout(pins)
    to_leds = [pad for pad in board.pads if pad.ref.startswith("LED")]
    assert len(to_leds) == 48
    assert {pad.pin for pad in to_leds} == {"A", "K"}
    assert [pad.ref for pad in board.pads if pad.ref == "BZ1"] == ["BZ1", "BZ1"]
    assert len(circuit(pins).part("J1").pins) == 9


def test_the_last_chips_serial_output_reaches_j1_through_the_divider() -> None:
    """QH' of U3 through R33 to J1's READBACK pin, R34 from there to GND, C4 across J1's
    supply: on the board, as in the circuit."""
    pins = load_pins()
    joined = connections(layout(pins))
    j1 = {net: pin for pin, net in circuit(pins).part("J1").pins.items()}
    assert joined[("U3", "QH'")] == joined[("R33", "1")]
    assert joined[("R33", "2")] == joined[("J1", j1["READBACK"])] == joined[("R34", "1")]
    assert joined[("R34", "2")] == joined[("J1", j1["GND"])] == joined[("C4", "-")]
    assert joined[("C4", "+")] == joined[("J1", j1["+5V"])]


def test_the_mounting_holes_are_free_and_carry_nothing() -> None:
    """A screw through each corner hole touches no strip anything is on."""
    board = layout(load_pins())
    assert len(board.mounts) == 4
    cut = replace(board, mounts=())
    assert connections(cut) == connections(board)
    board.wire((1, 2), (1, 4))
    assert any("mounting hole (1, 1)" in line for line in problems(board))
