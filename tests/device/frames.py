"""Frames of the box's screen drawn headless with fonts that note every line drawn: its
words, which Fonts member drew it, that font's cap height read from the rendered pixels, and
what was shortened to fit."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any
from unittest.mock import patch

import pygame

from companion.device import screen as screens
from companion.device.box import Asking
from companion.device.painters import parts
from companion.device.painters.moment_band import draw_band
from companion.device.painters.parts import DESIGN_HEIGHT, FONT_SIZES, Fonts, fit
from companion.device.screen import Screen
from companion.games.base import Games, Sound
from companion.table.published import Published

SIZE = (480, 320)


@dataclass(frozen=True)
class Written:
    """One line a painter drew: its words, the Fonts member it used, that font's cap height,
    and the words it had before they were shortened to fit (None: they fitted)."""

    words: str
    role: str
    cap_px: int
    cut: str | None = None


def cap_height(font: pygame.font.Font) -> int:
    """The height of a capital H as the font renders it: the rows of its glyph at least half
    covered, read from the rendered pixels."""
    image = pygame.font.Font.render(font, "H", True, (255, 255, 255))
    return int(image.get_bounding_rect(min_alpha=128).height)


class Recording(pygame.font.Font):
    """A font of the box's that notes every line drawn with it."""

    def __init__(self, size: int, role: str, log: list[Written]) -> None:
        super().__init__(None, size)
        self.role, self.log = role, log
        self.cap_px = cap_height(self)

    def render(self, text: str | bytes | None, antialias: bool, color: Any,
               bgcolor: Any = None, wraplength: int = 0) -> pygame.Surface:
        if str(text or "").strip():
            self.log.append(Written(str(text), self.role, self.cap_px))
        return super().render(text, antialias, color, bgcolor, wraplength)


def recording_fonts(log: list[Written]) -> Fonts:
    scale = SIZE[1] / DESIGN_HEIGHT
    roles = [f.name for f in dataclasses.fields(Fonts)]
    return Fonts(*(Recording(round(size * scale), role, log)
                   for size, role in zip(FONT_SIZES, roles, strict=True)))


@dataclass(frozen=True)
class Banded:
    """A game's moment drawn in a band: its words, where the band went, and where the screen
    under it said TURN's job."""

    words: str
    rect: pygame.Rect
    turn: tuple[pygame.Rect, ...]


def drawn_lines(games: Games, published: Published, cursor: int = 0, link: str | None = None,
                moment: Sound | None = None, asking: Asking | None = None,
                page: int = 0) -> tuple[pygame.Surface, list[Written]]:
    """Draw ``published`` as the box does (``asking``: its asks screen; ``page``: the page it
    shows of a screen read page by page); the frame and every line drawn on it."""
    surface, log, _ = drawn_frame(games, published, cursor, link, moment, asking, page)
    return surface, log


def drawn_frame(games: Games, published: Published, cursor: int = 0, link: str | None = None,
                moment: Sound | None = None, asking: Asking | None = None, page: int = 0,
                ) -> tuple[pygame.Surface, list[Written], list[Banded]]:
    """Draw ``published`` as the box does (``asking``: its asks screen; ``page``: the page it
    shows of a screen read page by page); the frame, every line drawn on it and the moment's
    band drawn over it, if any."""
    log: list[Written] = []
    bands: list[Banded] = []

    def banding(surface: pygame.Surface, words: str, kind: str, fonts: Fonts,
                clear: Sequence[pygame.Rect]) -> pygame.Rect:
        rect = draw_band(surface, words, kind, fonts, clear)
        bands.append(Banded(words, rect, tuple(clear)))
        return rect

    with patch.object(Fonts, "for_height", lambda height: recording_fonts(log)):
        screen = Screen(SIZE, games)
    surface = pygame.Surface(SIZE)
    cuts: dict[str, str] = {}

    def fitting(font: pygame.font.Font, line: str, width: int) -> str:
        fitted = fit(font, line, width)
        if fitted != line:
            cuts[fitted] = line
        return fitted

    with patch.object(parts, "fit", fitting), patch.object(screens, "draw_band", banding):
        screen.render(surface, published, cursor, link, published.as_of, moment, asking, page)
    return surface, [replace(w, cut=cuts.get(w.words)) for w in log], bands
