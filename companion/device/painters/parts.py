"""What every painter shares: the palette, the fonts, the context, and the common pieces.

The pieces (text, countdown, menu, join QR, symbols) are plain functions of a surface, a
rectangle and data, so a game's painter is a layout plus a few calls.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Protocol

import pygame

from companion.device.painters.palette import (
    ACCENT,
    DANGER,
    GOOD,
    INK,
    MUTED,
    PAUSED,
    WARN,
    Colour,
)
from companion.device.painters.signs import arrow, warning_sign
from companion.device.qr import qr_surface
from companion.games.base import JSON, Sound
from companion.i18n import text

WARN_MS = 10_000
DANGER_MS = 5_000

TEXTS = {
    "de": {
        "screen.join_short": "Mitspielen",
        "screen.no_network": "Warte auf das WLAN …",
        "screen.undo_hint": "Rückgängig: ZURÜCK halten",
        "screen.hurry": "Beeilung!",
        "screen.almost": "Gleich vorbei!",
        "screen.paused": "PAUSE",
        "screen.press_turn": "TURN: weiter",
        "screen.total": "Gesamt",
        "screen.missing": "fehlt",
    },
    "en": {
        "screen.join_short": "Join",
        "screen.no_network": "Waiting for Wi-Fi…",
        "screen.undo_hint": "Undo: hold BACK",
        "screen.hurry": "Hurry up!",
        "screen.almost": "Almost out!",
        "screen.paused": "PAUSED",
        "screen.press_turn": "TURN: go on",
        "screen.total": "Total",
        "screen.missing": "missing",
    },
}


@dataclass(frozen=True, slots=True)
class Fonts:
    """The bundled font in five sizes, scaled to the screen's height (designed for 320 px)."""

    small: pygame.font.Font
    body: pygame.font.Font
    large: pygame.font.Font
    title: pygame.font.Font
    huge: pygame.font.Font

    @classmethod
    def for_height(cls, height: int) -> Fonts:
        scale = height / 320
        sizes = (22, 30, 40, 52, 170)
        return cls(*(pygame.font.Font(None, round(size * scale)) for size in sizes))


@dataclass(frozen=True, slots=True)
class Context:
    """What a painter needs besides the view: the box's menu and cursor, the join link, fonts,
    and the moment the box shows now (the sound that made it), to be drawn full-screen."""

    lang: str
    menu: tuple[str, ...]
    cursor: int
    join_url: str
    fonts: Fonts
    moment: Sound | None = None

    def text(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)


class Painter(Protocol):
    """Draws one kind of screen; pure drawing from the view, nothing else."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None: ...


# -- where things go --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of a game's screen goes, for one screen size."""

    headline: pygame.Rect
    countdown: pygame.Rect
    note: pygame.Rect
    last: pygame.Rect
    order: pygame.Rect
    qr: pygame.Rect
    side: pygame.Rect
    table: pygame.Rect
    undo: pygame.Rect
    menu: pygame.Rect


DESIGN_HEIGHT = 320
"""Screens are laid out for 480 x 320 and scaled by height."""


def design_box(u: float, x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A rectangle of the design: ``y`` and ``h`` scaled by ``u``, ``x`` and ``w`` as given."""
    return pygame.Rect(round(x), round(y * u), round(w), round(h * u))


@lru_cache(maxsize=4)
def game_layout(size: tuple[int, int]) -> Layout:
    """The game screen for ``size``: the 480 x 320 design scaled by height.

    The left column tells the turn (headline, countdown, a note, the last event) or holds a
    table of scores; the right column the join code, the round and the undo hint; the rows
    below the seats and the box's menu.
    """
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    margin, side = 8 * u, 128 * u
    left = width - side - 2 * margin
    full = width - 2 * margin
    return Layout(
        headline=box(margin, 6, left, 50), countdown=box(margin, 56, left, 120),
        note=box(margin, 176, left, 36), last=box(margin, 212, left, 30),
        order=box(margin, 244, full, 46), qr=box(width - side, 4, side - 4 * u, 116),
        side=box(width - side, 140, side - 4 * u, 56), table=box(margin, 100, left, 186),
        undo=box(width - side, 198, side - 4 * u, 44), menu=box(margin, 292, full, 26),
    )


# -- text --------------------------------------------------------------------------------------

def fit(font: pygame.font.Font, line: str, width: int) -> str:
    """``line``, shortened with an ellipsis until it fits ``width`` pixels."""
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def write(surface: pygame.Surface, font: pygame.font.Font, line: str, colour: Colour,
          at: tuple[int, int], anchor: str = "topleft", width: int | None = None) -> pygame.Rect:
    """Draw one line anchored at ``at`` (a pygame.Rect attribute name); return where it went."""
    image = font.render(fit(font, line, width) if width else line, True, colour)
    rect = image.get_rect(**{anchor: at})
    surface.blit(image, rect)
    return rect


def write_lines(surface: pygame.Surface, font: pygame.font.Font, words: str, colour: Colour,
                rect: pygame.Rect) -> None:
    """Draw ``words`` centred in lines that fit ``rect``'s width, from its top down."""
    y = rect.top
    for line in _wrap(font, words.split(), rect.width):
        y = write(surface, font, line, colour, (rect.centerx, y), "midtop", rect.width).bottom


def _wrap(font: pygame.font.Font, words: Sequence[str], width: int) -> list[str]:
    lines: list[str] = []
    for word in words:
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def strike(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A line through a word: the player has left."""
    y = rect.centery
    pygame.draw.line(surface, colour, (rect.left - 2, y), (rect.right + 2, y), 3)


def seat_colour(view: Mapping[str, JSON], seat: int) -> Colour:
    """The seat's colour, the same as on every phone (``#rrggbb`` in the view)."""
    seats = view.get("seats") or []
    hex_colour = str(seats[seat].get("colour") or "") if 0 <= seat < len(seats) else ""
    if len(hex_colour) != 7:
        return MUTED
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))


def seat_name(view: Mapping[str, JSON], seat: int, lang: str) -> str:
    """The name at ``seat``, or "Platz n" when nobody has named it."""
    seats = view.get("seats") or []
    name = seats[seat]["name"] if 0 <= seat < len(seats) else ""
    return str(name) if name else text("box.seat", lang, seat=seat + 1)


# -- the countdown -----------------------------------------------------------------------------

def countdown_text(remaining_ms: int) -> str:
    """m:ss, or seconds with tenths under 10 s; rounded up, so 0 shows only when time is up."""
    tenths = math.ceil(max(0, remaining_ms) / 100)
    if tenths < WARN_MS // 100:
        return f"{tenths // 10}.{tenths % 10}"
    seconds = math.ceil(max(0, remaining_ms) / 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


def urgency(remaining_ms: int) -> int:
    """0 plenty of time, 1 under 10 s, 2 under 5 s."""
    return 2 if remaining_ms < DANGER_MS else 1 if remaining_ms < WARN_MS else 0


URGENCY_COLOURS = (GOOD, WARN, DANGER)


def countdown(surface: pygame.Surface, rect: pygame.Rect, timer: Mapping[str, JSON],
              ctx: Context) -> None:
    """The big digits: green, amber under 10 s, red under 5 s, grey when stopped."""
    remaining = int(timer["remaining_ms"])
    colour = URGENCY_COLOURS[urgency(remaining)] if timer["running"] else PAUSED
    write(surface, ctx.fonts.huge, countdown_text(remaining), colour, rect.center, "center")


def urgency_note(surface: pygame.Surface, rect: pygame.Rect, remaining_ms: int,
                 ctx: Context) -> bool:
    """Under 10 s one warning sign and "Hurry up!", under 5 s two signs and "Almost out!";
    whether it drew anything (else the line is free for a game's own note)."""
    level = urgency(remaining_ms)
    if level == 0:
        return False
    key = "screen.almost" if level == 2 else "screen.hurry"
    colour = URGENCY_COLOURS[level]
    label = write(surface, ctx.fonts.large, ctx.text(key), colour, rect.center, "center")
    size = label.height
    for n in range(level):
        warning_sign(surface, (label.left - size * (2 * n + 1) // 2 - 8, label.centery),
                     size, colour)
    return True


# -- the menu and the join code ----------------------------------------------------------------

def menu_bar(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """The box's menu as one line: ◀ the highlighted item ▶ and its place in the list."""
    if not ctx.menu:
        return
    index, size = clamp_cursor(ctx), rect.height * 2 // 3
    right = rect.right
    if len(ctx.menu) > 1:
        count = write(surface, ctx.fonts.small, f"{index + 1}/{len(ctx.menu)}", MUTED,
                      rect.midright, "midright")
        right = count.left - size // 2
        arrow(surface, (rect.left + size // 2, rect.centery), size, ACCENT, -1)
        arrow(surface, (right - size // 2, rect.centery), size, ACCENT, 1)
    room = pygame.Rect(rect.left + size * 3 // 2, rect.top, right - rect.left - size * 3,
                       rect.height)
    label, body = ctx.menu[index], ctx.fonts.body
    font = body if body.size(label)[0] + rect.height <= room.width else ctx.fonts.small
    label = fit(font, label, room.width - rect.height)
    box = pygame.Rect(0, 0, font.size(label)[0] + rect.height, rect.height)
    box.center = room.center
    pygame.draw.rect(surface, ACCENT, box, border_radius=rect.height // 3)
    write(surface, font, label, INK, box.center, "center")


def clamp_cursor(ctx: Context) -> int:
    """The highlighted menu item: the box's cursor, kept inside the menu."""
    return max(0, min(ctx.cursor, len(ctx.menu) - 1))


@lru_cache(maxsize=4)
def _qr(url: str, px: int) -> pygame.Surface:
    return qr_surface(url, px)


def join_code(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> pygame.Rect:
    """The join QR code, as big as whole pixels allow inside ``rect``, at its top centre;
    while the box has no network, a line saying it waits for one."""
    url = ctx.join_url
    if not url:
        waiting = pygame.Rect(rect.left, rect.top, rect.width, rect.height // 2)
        write_lines(surface, ctx.fonts.body, ctx.text("screen.no_network"), ACCENT, waiting)
        return waiting
    modules = _qr(url, 1).get_width()
    image = _qr(url, max(1, min(rect.width, rect.height) // modules))
    where = image.get_rect(midtop=rect.midtop)
    surface.blit(image, where)
    return where


def join_corner(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """The join code in a game screen's corner, with a word saying what it is for."""
    code = join_code(surface, rect, ctx)
    write(surface, ctx.fonts.small, ctx.text("screen.join_short"), MUTED,
          (code.centerx, code.bottom + 2), "midtop")


def undo_hint(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
              ctx: Context) -> None:
    """A quiet reminder that BACK held undoes the last step, when undo is possible."""
    if view.get("undo"):
        write_lines(surface, ctx.fonts.small, ctx.text("screen.undo_hint"), MUTED, rect)
