"""The screen for a game without a painter of its own: title, turn timer, seats and menu."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from companion.device.painters.palette import BACKGROUND, PANEL, PAUSED, TEXT
from companion.device.painters.parts import (
    Context,
    countdown,
    game_layout,
    join_corner,
    key_legend,
    menu_bar,
    moment_screen,
    seat_name,
    urgency_note,
    write,
)
from companion.device.painters.signs import pause_sign
from companion.games.base import JSON
from companion.table.views import TableView

SEATS = 3
"""The seats shown, readable; more would not be."""


class GenericPainter:
    """Draws what every table view has; enough to play any game from the registry."""

    def draw(self, surface: pygame.Surface, view: TableView[Any], ctx: Context) -> None:
        if ctx.moment is not None:
            moment_screen(surface, "", ctx)
            return
        spot = game_layout(surface.get_size())
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        title = view.get("title") or {}
        write(surface, ctx.fonts.large, str(title.get(ctx.lang) or view["game"] or ""), TEXT,
              spot.headline.midleft, "midleft", spot.headline.width)
        _timer(surface, spot.countdown, spot.note, view["timer"], ctx)
        _seats(surface, spot.order, view, ctx)
        key_legend(surface, spot.hints, ctx)
        menu_bar(surface, spot.menu, ctx)


def _timer(surface: pygame.Surface, digits: pygame.Rect, note: pygame.Rect,
           timer: Mapping[str, JSON] | None, ctx: Context) -> None:
    if not timer:
        return
    countdown(surface, digits, timer, ctx)
    if timer["running"]:
        urgency_note(surface, note, int(timer["remaining_ms"]), ctx)
        return
    size = ctx.fonts.large.get_height() * 3 // 4
    pause_sign(surface, (note.left + size // 2, note.centery), size, PAUSED)
    write(surface, ctx.fonts.large, ctx.text("screen.paused"), PAUSED,
          (note.left + size + 12, note.centery), "midleft")


def _seats(surface: pygame.Surface, rect: pygame.Rect, view: TableView[Any],
           ctx: Context) -> None:
    seats = view["seats"]
    width = rect.width // SEATS
    for i in range(min(SEATS, len(seats))):
        chip = pygame.Rect(rect.left + i * width, rect.top, width - 6, rect.height)
        pygame.draw.rect(surface, PANEL, chip, border_radius=8)
        write(surface, ctx.fonts.body, seat_name(view, i, ctx.lang), TEXT, chip.center, "center",
              chip.width - 8)
