"""The start screen: the box's game menu with the highlighted item, the join QR code, and whose
phones are here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import pygame

from companion.device.painters.palette import ACCENT, BACKGROUND, INK, MUTED, TEXT
from companion.device.painters.parts import (
    DESIGN_HEIGHT,
    NARROWEST,
    Context,
    asks_notice,
    clamp_cursor,
    design_box,
    game_title,
    join_code,
    notice_height,
    wrap,
    write,
    write_lines,
)
from companion.device.painters.signs import arrow
from companion.games.base import JSON, MenuItem
from companion.i18n import text
from companion.table.box_options import option_name
from companion.table.views import TableView

PRESENCE_LINES = 3
"""The most lines the lobby gives to whose phones are here (six players' names fit)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the lobby's parts go: the title and the list on the left, the join code on the
    right, the chosen item across the screen under them, the hints at the bottom."""

    title: pygame.Rect
    qr: pygame.Rect
    chosen: pygame.Rect
    bottom: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The lobby for ``size``: the 480 x 320 design scaled by height."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    side, margin = 152 * u, 8 * u
    return Layout(title=box(margin, 2, width - side - 2 * margin, 150),
                  qr=box(width - side, 4, side - margin, 144),
                  chosen=box(margin, 154, width - 2 * margin, 128),
                  bottom=box(margin, 284, width - 2 * margin, 34))


class LobbyPainter:
    """Draws the lobby from the table view and the box's menu: the title and the chosen item
    readable; the list around it, what the code is for and the address to type are hints (the
    chosen item is what is read, the QR code the way in)."""

    def draw(self, surface: pygame.Surface, view: TableView[Any], ctx: Context) -> None:
        spot = layout(surface.get_size())
        surface.fill(BACKGROUND)
        hint = ctx.fonts.hint
        present = [line for part in _presence(view, ctx) for line in wrap(
            hint, part, spot.title.width)][:PRESENCE_LINES]
        telling = _telling(spot, ctx)
        room = telling.title.height - len(present) * hint.get_linesize()
        told = [] if view.get("box_setup") else _told(ctx, spot.title.width, room)
        if told:
            spot = telling
        top = spot.title.bottom - len(present) * hint.get_linesize()
        if told:
            below_title = _tell(surface, told, spot.title, ctx)
        else:
            title, large = _title(view, ctx), ctx.fonts.large
            font = large if large.size(title)[0] <= spot.title.width else ctx.fonts.body
            below_title = write_lines(surface, font, title, TEXT, spot.title, "topleft")
        _list(surface, pygame.Rect(spot.title.left, below_title + 4, spot.title.width,
                                   top - below_title - 4), ctx)
        for n, line in enumerate(present):
            write(surface, hint, line, TEXT, (spot.title.left, top + n * hint.get_linesize()),
                  "topleft", spot.title.width)
        _chosen(surface, spot.chosen, ctx)
        _hint(surface, spot.bottom, _ok_says(view), ctx)
        code = join_code(surface, spot.qr, ctx)
        wifi = ctx.join_url.startswith("WIFI:")
        if ctx.join_url:  # while the box waits for a network there is nothing to join
            write_lines(surface, ctx.fonts.hint,
                        ctx.text("screen.lobby.wifi" if wifi else "box.join"), TEXT,
                        pygame.Rect(spot.qr.left, code.bottom + 2, spot.qr.width,
                                    spot.chosen.top - code.bottom - 2))
        bottom = _wifi_name(view) if wifi else typed(ctx.join_url, ctx.text("box.code"))
        write(surface, ctx.fonts.hint, bottom, ACCENT, spot.bottom.bottomright, "bottomright")
        if ctx.asks:  # over the hints, under the item chosen
            height = notice_height(ctx)
            asks_notice(surface, pygame.Rect(spot.bottom.left, spot.bottom.bottom - height,
                                             spot.bottom.width, height), ctx)


def _title(view: TableView[Any], ctx: Context) -> str:
    """Choose a game; while a game's settings are open, which game's they are; while an
    option's values are, which option's."""
    setup = view.get("box_setup")
    if not setup:
        return ctx.text("box.choose_game")
    game, option = setup
    if option:
        name = option_name(str(game), str(option))
        return ctx.text(str(name["key"])) if isinstance(name, dict) else str(name)
    return ctx.text("box.settings_title", game=game_title(view, game, ctx.lang))


def evening_lines(view: Mapping[str, JSON], menu: Sequence[MenuItem], cursor: int,
                  lang: str) -> tuple[str, ...]:
    """The lobby's sentences of the group: who won how many games tonight ("Won tonight:
    Anna 2, Ben 1") and the record of the highlighted item's game ("Record: Anna, 12 rounds
    won", told above the item that names the game), each where there is one."""
    evening = view.get("evening")
    if view.get("game") or not isinstance(evening, Mapping) or not menu:
        return ()
    said = []
    if standings := evening.get("standings"):
        said.append(text("screen.lobby.tonight", lang, standings=", ".join(
            f"{name}\u00a0{won}" for name, won in standings)))
    game = menu[max(0, min(cursor, len(menu) - 1))].params.get("game")
    held = (evening.get("records") or {}).get(str(game))
    if isinstance(held, Mapping):
        record = text(str(held["key"]), lang, count=held["count"])
        said.append(text("screen.lobby.record", lang, name=held["name"], record=record))
    return tuple(said)


def _telling(spot: Layout, ctx: Context) -> Layout:
    """The lobby while it tells the group's standings and records: the title's place grows
    down beside the join code by what the chosen item's two lines leave of its own."""
    line = ctx.fonts.body.get_linesize()
    chosen = pygame.Rect(spot.chosen.left, spot.bottom.top - 2 * line - 4, spot.chosen.width,
                         2 * line + 2)
    title = pygame.Rect(spot.title.left, spot.title.top, spot.title.width,
                        chosen.top - 4 - spot.title.top)
    return Layout(title=title, qr=spot.qr, chosen=chosen, bottom=spot.bottom)


def _told(ctx: Context, width: int, height: int) -> list[list[str]]:
    """The lobby's sentences of the group in lines of the body font, each whole, as many
    as fit ``height`` (the standings first)."""
    body, told = ctx.fonts.body, []
    room = height // body.get_linesize()
    for sentence in ctx.records:
        lines = wrap(body, sentence, width)
        if len(lines) > room:
            break
        told.append(lines)
        room -= len(lines)
    return told


def _tell(surface: pygame.Surface, told: list[list[str]], rect: pygame.Rect,
          ctx: Context) -> int:
    """Draw the sentences ``told`` from ``rect``'s top down; return where they end."""
    y, body = rect.top, ctx.fonts.body
    for line in (line for lines in told for line in lines):
        y = write(surface, body, line, TEXT, (rect.left, y), "topleft", rect.width).bottom
    return y


def _presence(view: TableView[Any], ctx: Context) -> list[str]:
    """Whose phones are here and whose are gone, by name ("Here: Anna, Ben", "Gone: Cleo");
    nothing while no seat has a phone."""
    held = [seat for seat in (*view["seats"], *view.get("benched", []))
            if seat["taken"] and "here" in seat]
    said = []
    for key, here in (("screen.lobby.here", True), ("screen.lobby.gone", False)):
        names = [seat["name"] or ctx.text("box.seat", seat=seat["seat"] + 1)
                 for seat in held if seat["here"] is here]
        if names:
            said.append(ctx.text(key, names=", ".join(names)))
    return said


def typed(link: str, code_word: str) -> str:
    """The join link as people type it: the address (browsers add http://) and the code."""
    address, _, code = link.removeprefix("http://").partition("/j/")
    address = address.rstrip("/")
    return f"{address} · {code_word} {code}" if code else address


def _wifi_name(view: TableView[Any]) -> str:
    wifi = view["wifi"]
    return f"WLAN/Wi-Fi: {wifi['ssid']}" if wifi else ""


def _list(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """The menu around the highlighted item, small: a hint that the list goes on (the item
    itself is readable below); scrolled so the highlighted one is always in it, marked;
    left out where not one line of it fits."""
    hint = ctx.fonts.hint
    fits = rect.height // hint.get_linesize()
    if not ctx.menu or fits < 1:
        return
    chosen = clamp_cursor(ctx)
    first = min(max(0, chosen - fits // 2), max(0, len(ctx.menu) - fits))
    for slot, index in enumerate(range(first, min(len(ctx.menu), first + fits))):
        y = rect.top + slot * hint.get_linesize()
        mark = index == chosen
        if mark:
            arrow(surface, (rect.left + 5, y + hint.get_linesize() // 2), 10, ACCENT, 1)
        write(surface, hint, _item(hint, ctx.menu[index], rect.width - 14),
              ACCENT if mark else MUTED, (rect.left + 14, y), "topleft", rect.width - 14)


def _item(font: pygame.font.Font, label: str, width: int) -> str:
    """An item of the list as it fits ``width`` (narrowed as ``write`` narrows): whole, else
    what follows its name ("Name: value"), the value, which tells the items apart."""
    _, colon, value = label.partition(": ")
    return value if colon and font.size(label)[0] * NARROWEST > width else label


def _chosen(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """The highlighted item, readable, on a fill with an arrow (not only a colour): in two
    lines if one is too short, broken at " · " where it has one."""
    if not ctx.menu:
        return
    font, inset = ctx.fonts.body, 36
    pygame.draw.rect(surface, ACCENT, rect, border_radius=rect.height // 6)
    arrow(surface, (rect.left + inset // 2, rect.centery), inset // 2, INK, 1)
    width, line = rect.width - inset - 8, font.get_linesize()
    lines, room = _lines(font, ctx.menu[clamp_cursor(ctx)], width), rect.height // line
    if len(lines) > room:  # the last line keeps the rest, to be shortened to fit
        lines = [*lines[:room - 1], " ".join(lines[room - 1:])]
    top = rect.centery - len(lines) * line // 2
    for n, words in enumerate(lines):
        write(surface, font, words, INK, (rect.left + inset, top + n * line), "topleft", width)


def _lines(font: pygame.font.Font, label: str, width: int) -> list[str]:
    """The label in lines that fit: broken at " · " where it has one, else between words."""
    head, dot, tail = label.rpartition(" · ")
    if font.size(label)[0] > width and dot and font.size(head)[0] <= width:
        return [head, tail]
    return wrap(font, label, width)


def _ok_says(view: TableView[Any]) -> str:
    """What OK does here: start a game, change a setting in a game's settings, keep a value
    in an option's values."""
    setup = view.get("box_setup")
    if not setup:
        return "screen.lobby.start"
    return "screen.lobby.keep" if setup[1] else "screen.lobby.change"


def _hint(surface: pygame.Surface, rect: pygame.Rect, ok: str, ctx: Context) -> None:
    """◀ ▶ choose · OK: start (or what else OK does), and which of how many items is
    highlighted: hints."""
    size = rect.height // 4
    y = rect.top + size
    arrow(surface, (rect.left + size // 2, y), size, MUTED, -1)
    arrow(surface, (rect.left + size * 2, y), size, MUTED, 1)
    line = f"{ctx.text('screen.lobby.choose')}   {ctx.text(ok)}"
    if ctx.menu:
        place = ctx.text("screen.place", index=clamp_cursor(ctx) + 1, total=len(ctx.menu))
        line = f"{line}   ·   {place}"
    write(surface, ctx.fonts.hint, line, MUTED, (rect.left + size * 3, y), "midleft",
          rect.width - size * 3)
