"""The game registry: device, server and screen iterate it and never branch on a game's name."""

from __future__ import annotations

from companion import i18n
from companion.games import robnrun, romme
from companion.games.base import Game

GAMES: dict[str, Game] = {game.id: game for game in (romme.GAME, robnrun.GAME)}

for _game in GAMES.values():
    i18n.register(_game.texts)
