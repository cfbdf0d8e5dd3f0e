"""The guide's check on one state of a game, for the games' walks: the state is a situation
the game's guide declares, and its "what now" line, its step's explanation and reference and
its setup checklist read in German and English; and every situation a game's guide declares
is one its walk reaches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import Game
from companion.i18n import LANGUAGES, text
from companion.table.guide import guide_view, situations

REACHED: dict[str, set[str]] = {}
"""The situations each game's walk reached so far in this run, by game."""


def assert_guided(game: Game[Any], state: object) -> None:
    """Fail where ``state`` has no declared situation or a line of its guide is missing."""
    guide = guide_view(game, state)
    assert guide is not None and guide["situation"] in situations(game), guide
    REACHED.setdefault(game.id, set()).add(str(guide["situation"]))
    for lang in LANGUAGES:
        for key in (guide["now"], guide["explain"], guide["ref"], *guide["setup"]):
            said = text(key, lang, **guide["setup_params"])
            assert not said.startswith(key) and "{" not in said, (key, lang, said)


def assert_every_situation_reached(game: Game[Any], *walks: Callable[[], None]) -> None:
    """Fail where a situation the game's guide declares is one its walks never reach (each
    walk runs here while a situation is still missing: the walks may not have run before)."""
    for walk in walks:
        if missed(game):
            walk()
    assert not missed(game), f"the walks of {game.id} never reach {missed(game)}"


def missed(game: Game[Any]) -> list[str]:
    """The situations of the game's guide its walks have not reached so far in this run."""
    reached = REACHED.get(game.id, set())
    return [situation for situation in situations(game) if situation not in reached]
