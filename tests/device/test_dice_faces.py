"""Every face of a Safehouse die reads on every die colour, on the box and on the phones: the
mark's contrast against the die, computed from the colours drawn (WCAG's formula), is at least
4.5:1 for a figure and 3:1 for the pursuer's sign."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pygame
import pytest

from companion.device.painters.parts import Context, Fonts
from companion.games.safehouse import screen
from companion.games.safehouse.screen import DICE_COLOURS

FACES = ("P", 1, 2, 3, 4, 5, None)
"""A die of the roll shows a figure, the pursuer, or "?" while its face is not entered."""
PHONE_CSS = Path(screen.__file__).parent / "phone" / "phone.css"

pytestmark = pytest.mark.usefixtures("offscreen")

Colour = tuple[int, int, int]


def luminance(colour: Colour) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(linear, colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: Colour, other: Colour) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def needed(face: object) -> float:
    return 3.0 if face == "P" else 4.5


def box_mark(fill: Colour, face: object) -> Colour:
    """The colour the box draws most of a face's mark in on a die of ``fill`` (the die's own
    colour and the edges' blends aside): the face drawn as the screen draws it, read back."""
    surface = pygame.Surface((60, 60))
    ctx = Context("de", (), 0, "", Fonts.for_height(320))
    die = pygame.Rect(5, 5, 48, 48)
    screen._die(surface, die, fill, face, ctx)
    pixels = Counter(rgb(surface.get_at((x, y))) for x in range(die.left + 4, die.right - 4)
                     for y in range(die.top + 4, die.bottom - 4))
    del pixels[fill]
    return pixels.most_common(1)[0][0]


def rgb(colour: pygame.Color) -> Colour:
    return colour.r, colour.g, colour.b


@pytest.mark.parametrize("colour", sorted(DICE_COLOURS))
def test_every_face_reads_on_every_die_of_the_box(colour: str) -> None:
    fill = DICE_COLOURS[colour]
    weak = [f"{face}: {contrast(box_mark(fill, face), fill):.2f}" for face in FACES
            if contrast(box_mark(fill, face), fill) < needed(face)]
    assert weak == []


def hex_colour(code: str) -> Colour:
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


def test_every_face_reads_on_every_die_of_the_phones() -> None:
    """The phones write each face (the pursuer's ✱ too) in the dice's ink on the die's colour,
    never faded: read from the stylesheet the phones load."""
    css = PHONE_CSS.read_text(encoding="utf-8")
    ink = hex_colour(re.search(r"\.sh-die \{[^}]*?\bcolor: (#[0-9a-f]{6})", css)[1])  # type: ignore[index]
    fills = {name: hex_colour(code) for name, code in
             re.findall(r"\.sh-die\.(\w+) \{ background: (#[0-9a-f]{6}); \}", css)}
    assert set(fills) == set(DICE_COLOURS)
    assert {name: contrast(ink, fill) >= 4.5 for name, fill in fills.items()} == dict.fromkeys(
        fills, True)
    assert not re.search(r"\.sh-die[^{]*\{[^}]*opacity", css), "a faded die's face reads less"
