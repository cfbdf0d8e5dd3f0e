"""The start screen: the box's game menu with the highlighted item, and the join QR code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache, partial

import pygame

from companion.device.painters.palette import ACCENT, BACKGROUND, INK, MUTED, TEXT
from companion.device.painters.parts import (
    DESIGN_HEIGHT,
    Context,
    clamp_cursor,
    design_box,
    join_code,
    write,
    write_lines,
)
from companion.device.painters.signs import arrow
from companion.games.base import JSON

TEXTS = {
    "de": {
        "box.new_game.one": "{game} · 1 Platz",
        "box.new_game.other": "{game} · {count} Plätze",
        "screen.lobby.choose": "wählen",
        "screen.lobby.start": "OK: starten",
        "screen.lobby.wifi": "Mit dem WLAN der Box verbinden",
    },
    "en": {
        "box.new_game.one": "{game} · 1 seat",
        "box.new_game.other": "{game} · {count} seats",
        "screen.lobby.choose": "choose",
        "screen.lobby.start": "OK: start",
        "screen.lobby.wifi": "Join the box's Wi-Fi",
    },
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the lobby's parts go: the menu on the left, the join code on the right."""

    title: pygame.Rect
    menu: pygame.Rect
    qr: pygame.Rect
    bottom: pygame.Rect
    row: int


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The lobby for ``size``: the 480 x 320 design scaled by height."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    side, margin = 160 * u, 8 * u
    return Layout(title=box(margin, 8, width - side - 2 * margin, 44),
                  menu=box(margin, 60, width - side - 2 * margin, 220),
                  qr=box(width - side, 8, side - margin, 156),
                  bottom=box(margin, 288, width - 2 * margin, 28), row=round(42 * u))


class LobbyPainter:
    """Draws the lobby from the table view and the box's menu."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
        spot = layout(surface.get_size())
        surface.fill(BACKGROUND)
        write(surface, ctx.fonts.title, ctx.text("box.choose_game"), TEXT, spot.title.midleft,
              "midleft", spot.title.width)
        _menu(surface, spot, ctx)
        _hint(surface, spot.bottom, ctx)
        code = join_code(surface, spot.qr, ctx)
        below = pygame.Rect(spot.qr.left, code.bottom + 6, spot.qr.width, spot.bottom.top)
        wifi = ctx.join_url.startswith("WIFI:")
        write_lines(surface, ctx.fonts.small, ctx.text("screen.lobby.wifi" if wifi else "box.join"),
                    TEXT, below)
        bottom = _wifi_name(view) if wifi else typed(ctx.join_url, ctx.text("box.code"))
        write(surface, ctx.fonts.small, bottom, ACCENT, spot.bottom.midright, "midright")


def typed(link: str, code_word: str) -> str:
    """The join link as people type it: the address (browsers add http://) and the code."""
    address, _, code = link.removeprefix("http://").partition("/j/")
    address = address.rstrip("/")
    return f"{address} · {code_word} {code}" if code else address


def _wifi_name(view: Mapping[str, JSON]) -> str:
    wifi = view.get("wifi")
    return f"WLAN/Wi-Fi: {wifi['ssid']}" if isinstance(wifi, dict) else ""


def _menu(surface: pygame.Surface, spot: Layout, ctx: Context) -> None:
    """As many items as fit, scrolled so the highlighted one is always shown."""
    if not ctx.menu:
        return
    fits = max(1, spot.menu.height // spot.row)
    chosen = clamp_cursor(ctx)
    first = min(max(0, chosen - fits // 2), max(0, len(ctx.menu) - fits))
    for slot, index in enumerate(range(first, min(len(ctx.menu), first + fits))):
        row = pygame.Rect(spot.menu.left, spot.menu.top + slot * spot.row, spot.menu.width,
                          spot.row - 6)
        _item(surface, row, ctx.menu[index], index == chosen, ctx)


def _item(surface: pygame.Surface, row: pygame.Rect, label: str, chosen: bool,
          ctx: Context) -> None:
    """One menu item; the highlighted one is filled and has an arrow, not only a colour."""
    inset = row.height * 3 // 4
    if chosen:
        pygame.draw.rect(surface, ACCENT, row, border_radius=row.height // 3)
        arrow(surface, (row.left + inset // 2, row.centery), row.height // 2, INK, 1)
    write(surface, ctx.fonts.body, label, INK if chosen else TEXT,
          (row.left + inset, row.centery), "midleft", row.width - inset - 6)


def _hint(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """◀ ▶ choose · OK: start."""
    size = rect.height // 2
    arrow(surface, (rect.left + size // 2, rect.centery), size, MUTED, -1)
    arrow(surface, (rect.left + size * 2, rect.centery), size, MUTED, 1)
    line = f"{ctx.text('screen.lobby.choose')}   {ctx.text('screen.lobby.start')}"
    write(surface, ctx.fonts.small, line, MUTED, (rect.left + size * 3, rect.centery), "midleft",
          rect.width // 2 - size * 3)
