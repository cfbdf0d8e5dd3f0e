"""The games of the box. A game is one folder (its rules, views, box controls, texts, screen
painter and phone script) and one line here; nothing else in Getaway names it."""

from __future__ import annotations

from companion.games import gendarm, robnrun, romme, safehouse
from companion.games.base import Games

GAMES: Games = {game.id: game for game in (romme.GAME, robnrun.GAME, safehouse.GAME,
                                           gendarm.GAME)}
