"""The guide's page on the box: what the group does now with the real pieces, readable from
a metre; before the first turn of a first game, the setup's next item to tick instead."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from companion.device.painters.palette import ACCENT, BACKGROUND, TEXT
from companion.device.painters.parts import (
    Context,
    game_layout,
    key_legend,
    menu_bar,
    write,
    write_lines,
)
from companion.games.base import JSON


def shows_guide(view: Mapping[str, JSON]) -> bool:
    """Whether the box shows the guide's page instead of the game's screen."""
    teaching = view.get("teaching")
    return isinstance(teaching, Mapping) and bool(teaching.get("shown")) and bool(
        view.get("guide"))


class GuidePainter:
    """Draws the guide's page: its title, the line to read, the buttons and the menu."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
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


def guide_lines(view: Mapping[str, JSON], ctx: Context) -> tuple[str, str]:
    """The page's heading and line: what to do now; before the first turn of a first game,
    how far the setup is and its next item."""
    guide, teaching = view["guide"], view["teaching"]
    assert isinstance(guide, Mapping) and isinstance(teaching, Mapping)
    params = guide.get("setup_params") or {}
    assert isinstance(params, Mapping)
    items, keys = list(guide.get("items") or []), list(guide.get("setup") or [])
    ticked = list(teaching.get("ticked") or [])
    left = [key for item, key in zip(items, keys, strict=True) if item not in ticked]
    if teaching.get("setup") and left:
        done = ctx.text("screen.guide.setup", done=len(items) - len(left), total=len(items))
        return done, ctx.text(str(left[0]), **params)
    return ctx.text("screen.guide.title"), ctx.text(str(guide["now"]), **params)


PAINTER = GuidePainter()
