"""The asks screen: what waits for the box's answer besides the game (a browser to be the table
page, a phone for a taken seat), one item at a time, large, with its label. The item is grey
with a filling bar until it has shown long enough to be read; then it turns amber and OK takes
it. BACK goes back to the game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

import pygame

from companion.device.painters.palette import ACCENT, BACKGROUND, INK, MUTED, PANEL, TEXT
from companion.device.painters.parts import (
    DESIGN_HEIGHT,
    Context,
    clamp_cursor,
    design_box,
    key_line,
    wrap,
    write,
)
from companion.device.painters.signs import arrow
from companion.games.base import Button


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the asks screen's parts go: the title, the item shown, whether OK takes it yet,
    and how to go back."""

    title: pygame.Rect
    item: pygame.Rect
    status: pygame.Rect
    back: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The asks screen for ``size``: the 480 x 320 design scaled by height."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)
    margin = 8 * u
    full = width - 2 * margin
    return Layout(title=box(margin, 4, full, 44), item=box(margin, 52, full, 132),
                  status=box(margin, 196, full, 50), back=box(margin, 260, full, 50))


def draw_asks(surface: pygame.Surface, ctx: Context, read: float) -> None:
    """The asks (``ctx.menu``) at ``ctx.cursor``, ``read`` (0 to 1) of the moment before OK
    takes it passed; ``ctx.keys`` says what OK (once ready) and BACK do."""
    spot = layout(surface.get_size())
    surface.fill(BACKGROUND)
    place = ctx.text("screen.place", index=clamp_cursor(ctx) + 1, total=len(ctx.menu))
    hint = write(surface, ctx.fonts.hint, place, MUTED, spot.title.midright, "midright")
    write(surface, ctx.fonts.body, ctx.text("box.asks_title"), TEXT, spot.title.midleft,
          "midleft", spot.title.width - hint.width - 12)
    _item(surface, spot.item, ctx, ready=read >= 1.0)
    if read < 1.0:
        _waiting(surface, spot.status, ctx, read)
    else:
        key_line(surface, spot.status, Button.OK, ctx, centred=True)
    key_line(surface, spot.back, Button.BACK, ctx, centred=True)


def _item(surface: pygame.Surface, rect: pygame.Rect, ctx: Context, *, ready: bool) -> None:
    """The item shown, large in two lines, else smaller in three: amber once OK takes it,
    grey before; ◀ and ▶ at its ends when there are more."""
    fill, ink = (ACCENT, INK) if ready else (PANEL, TEXT)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 8)
    size, pad = rect.height // 6, rect.height // 10
    if len(ctx.menu) > 1:
        arrow(surface, (rect.left + pad + size // 2, rect.centery), size, ink, -1)
        arrow(surface, (rect.right - pad - size // 2, rect.centery), size, ink, 1)
    room, label = rect.width - 2 * (2 * pad + size), ctx.menu[clamp_cursor(ctx)]
    font = ctx.fonts.large
    lines = wrap(font, label, room)
    if len(lines) > 2:
        font = ctx.fonts.body
        lines = wrap(font, label, room)
    if len(lines) > 3:  # the last line keeps the rest, to be shortened to fit
        lines = [*lines[:2], " ".join(lines[2:])]
    line = font.get_linesize()
    top = rect.centery - len(lines) * line // 2
    for n, words in enumerate(lines):
        write(surface, font, words, ink, (rect.centerx, top + n * line), "midtop", room)


def _waiting(surface: pygame.Surface, rect: pygame.Rect, ctx: Context, read: float) -> None:
    """Not yet: a bar filling as the moment passes, and "Read it first…"."""
    bar = pygame.Rect(rect.left, rect.top, rect.width, max(4, rect.height // 8))
    pygame.draw.rect(surface, PANEL, bar, border_radius=bar.height // 2)
    pygame.draw.rect(surface, MUTED, (bar.left, bar.top, round(bar.width * read), bar.height),
                     border_radius=bar.height // 2)
    write(surface, ctx.fonts.body, ctx.text("box.asks_read"), MUTED,
          (rect.centerx, bar.bottom + 4), "midtop", rect.width)
