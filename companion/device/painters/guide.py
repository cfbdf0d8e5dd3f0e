"""The guide's page on the box: what the group does now with the real pieces, readable from
a metre; before the first turn of a first game, the setup's next item to tick instead. And a
step of a first game explained for the first time, for a moment, page by page."""

from __future__ import annotations

from typing import Any

import pygame

from companion.device.painters.palette import ACCENT, BACKGROUND, MUTED, TEXT
from companion.device.painters.parts import (
    Context,
    Fonts,
    TableView,
    game_layout,
    key_legend,
    menu_bar,
    wrap,
    write,
    write_lines,
)


def shows_guide(view: TableView[Any]) -> bool:
    """Whether the box shows the guide's page instead of the game's screen."""
    teaching = view.get("teaching")
    return teaching is not None and teaching["shown"] and view.get("guide") is not None


class GuidePainter:
    """Draws the guide's page: its title, the line to read, the buttons and the menu."""

    def draw(self, surface: pygame.Surface, view: TableView[Any], ctx: Context) -> None:
        spot = game_layout(surface.get_size())
        surface.fill(BACKGROUND)
        heading, line = guide_lines(view, ctx)
        # the heading a hint: the menu item that opened the page says it readably
        title = write(surface, ctx.fonts.hint, heading, ACCENT, (spot.menu.left, 2), "topleft",
                      spot.menu.width)
        room = pygame.Rect(spot.menu.left, title.bottom, spot.menu.width,
                           spot.menu.top - title.bottom - 2)
        body = key_legend(surface, room, ctx)
        write_lines(surface, ctx.fonts.body, line, TEXT, body, "topleft")
        menu_bar(surface, spot.menu, ctx)


def guide_lines(view: TableView[Any], ctx: Context) -> tuple[str, str]:
    """The page's heading and line: what to do now; before the first turn of a first game,
    how far the setup is and its next item."""
    guide, teaching = view.get("guide"), view.get("teaching")
    assert guide is not None and teaching is not None  # shows_guide said so
    params, items, keys = guide["setup_params"], guide["items"], guide["setup"]
    left = [key for item, key in zip(items, keys, strict=True) if item not in teaching["ticked"]]
    if teaching["setup"] and left:
        done = ctx.text("screen.guide.setup", done=len(items) - len(left), total=len(items))
        return done, ctx.text(str(left[0]), **params)
    return ctx.text("screen.guide.title"), ctx.text(str(guide["now"]), **params)



def briefing_pages(size: tuple[int, int], fonts: Fonts, explanation: str) -> list[str]:
    """A step's explanation in pages that each fit the briefing's body readably."""
    body = _briefing_body(size, fonts)
    lines = wrap(fonts.body, explanation, body.width)
    room = max(1, body.height // fonts.body.get_linesize())
    return [" ".join(lines[at:at + room]) for at in range(0, len(lines), room)]


def draw_briefing(surface: pygame.Surface, fonts: Fonts, heading: str, page: str,
                  ref: str, keys: str) -> None:
    """A page of a step explained for the first time: the heading (a hint: the page's place),
    the page readable from a metre, what the buttons do on it and the rule book's section
    (hints: to turn the page, to look it up)."""
    surface.fill(BACKGROUND)
    width, height = surface.get_size()
    margin = fonts.hint.get_linesize() // 2
    write(surface, fonts.hint, heading, ACCENT, (margin, 2), "topleft", width - 2 * margin)
    write_lines(surface, fonts.body, page, TEXT, _briefing_body((width, height), fonts),
                "topleft")
    line = fonts.hint.get_linesize()
    write_lines(surface, fonts.hint, keys, ACCENT,
                pygame.Rect(margin, height - 3 * line - 2, width - 2 * margin, line), "topleft")
    write_lines(surface, fonts.hint, ref, MUTED,
                pygame.Rect(margin, height - 2 * line - 2, width - 2 * margin, 2 * line),
                "topleft")


def _briefing_body(size: tuple[int, int], fonts: Fonts) -> pygame.Rect:
    """Where a briefing's page stands: between its heading and what its buttons do."""
    width, height = size
    line, margin = fonts.hint.get_linesize(), fonts.hint.get_linesize() // 2
    return pygame.Rect(margin, line + 4, width - 2 * margin, height - 4 * line - 8)


PAINTER = GuidePainter()
