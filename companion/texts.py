"""The box's text catalog, assembled in one place: the core's sentences, the phone server's,
the box's own and every game's, each refused if it clashes with another's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.device import texts as box
from companion.games import GAMES
from companion.games.base import Game
from companion.i18n import CORE, Catalog
from companion.server.records_texts import TEXTS as RECORDS
from companion.server.texts import TEXTS as SERVER
from companion.table.guide_texts import TEXTS as GUIDE


def assemble(games: Iterable[Game[Any]] = ()) -> Catalog:
    """A catalog of Getaway's own sentences and those of the registered games and ``games``."""
    catalog = Catalog()
    for owner, texts in (("core", CORE), ("server", SERVER), ("screen", box.PARTS),
                         ("lobby", box.LOBBY), ("station", box.STATION),
                         ("selftest", box.SELFTEST), ("refusals", box.REFUSALS), ("guide", GUIDE),
                         ("records", RECORDS)):
        catalog.add(owner, texts)
    for game in (*GAMES.values(), *games):
        catalog.add(game.id, game.texts)
    return catalog
