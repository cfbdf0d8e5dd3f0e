"""The schematic is schemdraw's drawing of the circuit: every part, its value, its nets."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import replace

from companion.device.pins import BuzzerPin, load_pins
from companion.maker.circuit import circuit
from companion.maker.schematic import draw

SVG = "{http://www.w3.org/2000/svg}"


def words(svg: str) -> list[str]:
    """Each line of text in the drawing (schemdraw writes a line as a tspan)."""
    root = ElementTree.fromstring(svg)
    return [span.text or "" for text in root.iter(f"{SVG}text")
            for span in (list(text.iter(f"{SVG}tspan")) or [text])]


def test_schematic_names_every_part_and_its_value() -> None:
    pins = load_pins()
    shown = " | ".join(words(draw(pins)))
    for part in circuit(pins).parts:
        if part.where != "pi":
            assert re.search(rf"\b{re.escape(part.ref)}\b", shown), part.ref
        assert part.value.split()[0] in shown, part.value


def test_schematic_names_the_outputs_as_the_steps_do() -> None:
    shown = words(draw(load_pins()))
    assert {f"Q{q}" for q in range(8)} <= set(shown)
    assert not {"QA", "QH", "QA-QH"} & set(shown)
    assert "LED1 yellow 1" in shown and "R1 470 Ω" in shown


def test_schematic_flags_every_net_that_is_not_drawn_as_a_line() -> None:
    shown = set(words(draw(load_pins())))
    assert {"DATA", "CLOCK", "LATCH", "OE", "CHAIN1", "CHAIN2", "+5V", "+3V3", "BUZZER",
            "BUTTON_TURN"} <= shown


def test_schematic_draws_what_is_across_the_buzzer_for_its_kind() -> None:
    packaged = load_pins()
    active = words(draw(packaged))
    tonal = words(draw(replace(packaged, buzzer=BuzzerPin(packaged.buzzer.pin, "tonal"))))
    assert "D25" in active and "R27" not in active
    assert "R27" in tonal and "D25" not in tonal and "passive piezo" in tonal


def test_schematic_is_the_same_after_qrcode_named_the_svg_namespace() -> None:
    """qrcode's SVG images map SVG's namespace to the prefix "svg:" for every ElementTree."""
    before = draw(load_pins())
    import qrcode.image.svg  # noqa: F401

    ElementTree.register_namespace("svg", "http://www.w3.org/2000/svg")
    assert draw(load_pins()) == before
    assert ElementTree.tostring(ElementTree.Element("{http://www.w3.org/2000/svg}g")) == \
        b"<svg:g xmlns:svg=\"http://www.w3.org/2000/svg\" />"  # and qrcode keeps its prefix


def test_schematic_without_oe_ties_oe_to_ground_and_has_no_pull_up() -> None:
    packaged = load_pins()
    shown = words(draw(replace(packaged, station=replace(packaged.station, oe=None))))
    assert "R25" not in shown and "+3V3" not in shown
