"""Painters draw the public view: the lobby's is the box's own, a game's lives in the game's
folder as its ``screen`` module (which defines ``PAINTER``), found through the game."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from companion.device.painters.lobby import LobbyPainter
from companion.device.painters.parts import Context, Fonts, Painter
from companion.games.base import Game

LOBBY: Painter = LobbyPainter()


def painter_for(game: Game[Any] | None) -> Painter:
    """The painter for a view of ``game`` (None: the lobby)."""
    return LOBBY if game is None else _screen(game.package)


@cache
def _screen(package: str) -> Painter:
    painter: Painter = importlib.import_module(f"{package}.screen").PAINTER
    return painter


__all__ = ["LOBBY", "Context", "Fonts", "Painter", "painter_for"]
