"""The tiny game's screen: what every game screen has, and the dice rolled so far."""

from __future__ import annotations

from typing import Any

import pygame

from companion.device.painters.generic import GenericPainter
from companion.device.painters.palette import ACCENT
from companion.device.painters.parts import Context, TableView, game_layout, write


class TinyPainter(GenericPainter):
    """The generic screen with the rolls written under the join code."""

    def draw(self, surface: pygame.Surface, view: TableView[Any], ctx: Context) -> None:
        super().draw(surface, view, ctx)
        rolls = (view.get("state") or {}).get("rolls") or []
        spot = game_layout(surface.get_size()).side
        write(surface, ctx.fonts.body, " ".join(map(str, rolls)), ACCENT, spot.midleft,
              "midleft", spot.width)


PAINTER = TinyPainter()
