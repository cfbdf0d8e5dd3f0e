"""The screen for a game without a painter of its own: title, turn timer, seats and menu."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from companion.device.painters.palette import BACKGROUND, PANEL, PAUSED, TEXT
from companion.device.painters.parts import (
    Context,
    countdown,
    game_layout,
    join_corner,
    menu_bar,
    seat_name,
    undo_hint,
    urgency_note,
    write,
)
from companion.device.painters.signs import pause_sign
from companion.games.base import JSON


class GenericPainter:
    """Draws what every table view has; enough to play any game from the registry."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
        spot = game_layout(surface.get_size())
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        title = view.get("title") or {}
        write(surface, ctx.fonts.title, str(title.get(ctx.lang) or view.get("game") or ""), TEXT,
              spot.headline.midleft, "midleft", spot.headline.width)
        _timer(surface, spot.countdown, spot.note, view.get("timer"), ctx)
        _seats(surface, spot.order, view, ctx)
        menu_bar(surface, spot.menu, ctx)
        undo_hint(surface, spot.undo, view, ctx)


def _timer(surface: pygame.Surface, digits: pygame.Rect, note: pygame.Rect,
           timer: Mapping[str, JSON] | None, ctx: Context) -> None:
    if not timer:
        return
    countdown(surface, digits, timer, ctx)
    if timer["running"]:
        urgency_note(surface, note, int(timer["remaining_ms"]), ctx)
        return
    label = write(surface, ctx.fonts.large, ctx.text("screen.paused"), PAUSED, note.center,
                  "center")
    pause_sign(surface, (label.left - label.height, label.centery), label.height * 3 // 4, PAUSED)


def _seats(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
           ctx: Context) -> None:
    seats = view.get("seats") or []
    if not seats:
        return
    width = rect.width // len(seats)
    for i in range(len(seats)):
        chip = pygame.Rect(rect.left + i * width, rect.top, width - 6, rect.height)
        pygame.draw.rect(surface, PANEL, chip, border_radius=8)
        write(surface, ctx.fonts.body, seat_name(view, i, ctx.lang), TEXT, chip.center, "center",
              chip.width - 8)
