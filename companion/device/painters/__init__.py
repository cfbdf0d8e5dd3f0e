"""Painters draw the public view; the screen picks one by the view's game id, never by name.

``PAINTERS`` maps a game id (and ``LOBBY``, the screen without a game) to its painter;
a game without one gets the generic painter.
"""

from __future__ import annotations

from companion import i18n
from companion.device.painters import lobby, parts, robnrun, romme, station
from companion.device.painters.generic import GenericPainter
from companion.device.painters.lobby import LobbyPainter
from companion.device.painters.parts import Context, Fonts, Painter
from companion.device.painters.robnrun import RobnRunPainter
from companion.device.painters.romme import RommePainter

LOBBY = ""
"""The key of the lobby painter: the view's ``game`` is None there, and no game id is empty."""

PAINTERS: dict[str, Painter] = {LOBBY: LobbyPainter(), "romme": RommePainter(),
                                 "robnrun": RobnRunPainter()}
FALLBACK: Painter = GenericPainter()

for _texts in (parts.TEXTS, lobby.TEXTS, romme.TEXTS, robnrun.TEXTS, station.TEXTS):
    i18n.register(_texts)


def painter_for(game_id: str | None) -> Painter:
    """The painter for a view whose ``game`` is ``game_id`` (None: the lobby)."""
    return PAINTERS.get(game_id or LOBBY, FALLBACK)


__all__ = ["FALLBACK", "LOBBY", "PAINTERS", "Context", "Fonts", "Painter", "painter_for"]
