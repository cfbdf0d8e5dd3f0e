"""A game's big moment on the box's screen: a band across the screen that says it for a few
seconds (or until the next moment), readably, clear of where the screen says TURN's job.

A game words the moments its screen shows in a band as ``screen.<game>.band.<kind>`` (the
moment's seat as ``name``, its figures as they are); a moment its screen shows otherwise
(the clock's TIME'S UP, Rob 'n Run's safes cracked) has no such words, and no band."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from companion.device.painters.palette import BACKGROUND, DANGER, GOOD, INK, TEXT, Colour
from companion.device.painters.parts import Fonts, seat_name, wrap, write_lines
from companion.i18n import has_text, text
from companion.table.views import TableView

BAND_S = 5.0
"""How long the band says a moment after the box first shows it."""
BAND_LINES = 2
"""The most lines a moment's words take in the band."""
TONES: dict[str, Colour] = {"won": GOOD, "out": GOOD, "first_turn_out": GOOD, "lost": DANGER}
"""The band's colour for the moments good or bad for the whole table; light for the rest."""
STEP = 8
"""How far apart the places tried for the band are, in pixels."""
EDGE = 4
"""The dark edge above and below the band, in pixels."""


def band_words(view: TableView[Any], lang: str) -> tuple[str, str, str] | None:
    """The moment the view is in that the box shows in a band: its key, its kind and its
    words in ``lang``; None if there is none or the game's screen shows it otherwise."""
    state = view.get("state") or {}
    moment = state.get("moment") if isinstance(state, dict) else None
    if not moment:
        return None
    key = f"screen.{view['game']}.band.{moment['kind']}"
    if not (has_text(key) or has_text(f"{key}.other")):
        return None
    seat = moment["seat"]
    name = "" if seat is None else seat_name(view, seat, lang)
    return str(moment["key"]), str(moment["kind"]), text(key, lang, name=name,
                                                           **moment["figures"])


def draw_band(surface: pygame.Surface, words: str, kind: str, fonts: Fonts,
              clear: Sequence[pygame.Rect]) -> pygame.Rect:
    """The band with ``words`` in the body's size, in one line or two, at the top of the
    screen or as near it as it stays clear of ``clear`` (where TURN's job is said); where it
    went."""
    line = fonts.body.get_linesize()
    width = surface.get_width()
    lines = min(BAND_LINES, len(wrap(fonts.body, words, width - line)))
    height = line * lines + line // 2
    band = _clear_of(pygame.Rect(0, 0, width, height), surface.get_height(), clear)
    surface.fill(BACKGROUND, band.inflate(0, 2 * EDGE))  # apart from what it covers half
    surface.fill(TONES.get(kind, TEXT), band)
    write_lines(surface, fonts.body, words, INK, band.inflate(-line, -(line // 2)))
    return band


def _clear_of(band: pygame.Rect, height: int, clear: Sequence[pygame.Rect]) -> pygame.Rect:
    """``band`` moved down from the top to the first place that covers none of ``clear``
    (at the top if there is none)."""
    for top in (*range(0, height - band.height, STEP), height - band.height):
        moved = band.move(0, top)
        if moved.collidelist(list(clear)) < 0:
            return moved
    return band
