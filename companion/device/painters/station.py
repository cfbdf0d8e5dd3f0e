"""The simulator's police station: the 24 LEDs the box would light, the keys for its buttons,
and a note for each sound the buzzer plays."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.device.painters.palette import ACCENT, BACKGROUND, INK, MUTED, PANEL, TEXT, Colour
from companion.device.painters.parts import Fonts, write, write_lines
from companion.games.base import LedFrame, Sound
from companion.i18n import text

COLUMNS: tuple[Colour, ...] = ((255, 204, 0), (40, 200, 80), (245, 245, 245), (235, 45, 45))
"""The LED colours, column by column: yellow, green, white, red."""
ROWS = 6
WIDTH = 220
"""The panel's width in the 320-pixel-high design."""

LEGEND = (("sim.key.arrows", "sim.button.sides"), ("sim.key.enter", "sim.button.ok"),
          ("sim.key.back", "sim.button.back"), ("sim.key.space", "sim.button.turn"))


def panel_width(height: int) -> int:
    """How wide the panel is beside a screen ``height`` pixels high."""
    return round(WIDTH * height / 320)


def led_centres(size: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """Where each LED's centre is, by column and then row from the bottom, as LedFrame has them."""
    width, height = size
    u = height / 320
    top, bottom, side = 30 * u, 190 * u, 24 * u
    pitch_x, pitch_y = (width - 2 * side) / len(COLUMNS), (bottom - top) / ROWS
    return [[(round(side + pitch_x * (c + 0.5)), round(bottom - pitch_y * (r + 0.5)))
             for r in range(ROWS)] for c in range(len(COLUMNS))]


def draw_station(surface: pygame.Surface, frame: LedFrame, lang: str, fonts: Fonts,
                 sounds: Sequence[Sound] = ()) -> None:
    """Fill ``surface`` with the LEDs of ``frame`` (lit bright, dark ones dim) and the keys;
    while the buzzer plays ``sounds``, a note naming them stands over the panel's title. Its
    words are hints: the panel is the simulator's, read on a laptop, never on the box."""
    width, height = surface.get_size()
    surface.fill(PANEL)
    if sounds:
        _note(surface, sounds, lang, fonts)
    else:
        write(surface, fonts.hint, text("sim.station", lang), TEXT, (width // 2, 6), "midtop")
    radius = round(11 * height / 320)
    for colour, centres, lit in zip(COLUMNS, led_centres((width, height)), frame.columns,
                                    strict=True):
        for centre, on in zip(centres, lit, strict=True):
            pygame.draw.circle(surface, colour if on else _dim(colour), centre, radius)
    _legend(surface, round(198 * height / 320), lang, fonts)


def _note(surface: pygame.Surface, sounds: Sequence[Sound], lang: str, fonts: Fonts) -> None:
    """The buzzer's sounds named on an amber band, where the simulator has no buzzer."""
    band = pygame.Rect(4, 2, surface.get_width() - 8, fonts.hint.get_linesize() + 6)
    pygame.draw.rect(surface, ACCENT, band, border_radius=4)
    named = ", ".join(text(f"sim.sound.{sound}", lang) for sound in sounds)
    write(surface, fonts.hint, text("sim.buzzer", lang, sounds=named), INK, band.center,
          "center", band.width - 8)


def _dim(colour: Colour) -> Colour:
    r, g, b = colour
    return (BACKGROUND[0] + r // 6, BACKGROUND[1] + g // 6, BACKGROUND[2] + b // 6)


def _legend(surface: pygame.Surface, top: int, lang: str, fonts: Fonts) -> None:
    """Which key presses which button, one line each."""
    width, line = surface.get_width(), fonts.hint.get_linesize()
    for n, (key, button) in enumerate(LEGEND):
        y = top + n * line
        write(surface, fonts.hint, text(key, lang), MUTED, (8, y), "topleft")
        write(surface, fonts.hint, text(button, lang), TEXT, (width - 8, y), "topright")
    below = pygame.Rect(8, top + len(LEGEND) * line + 4, width - 16, line * 2)
    write_lines(surface, fonts.hint, text("sim.hold", lang), MUTED, below)
