"""The guide's check on one state of a game, for the games' walks: the state is a situation
the game's guide declares, and its "what now" line, its step's explanation and reference and
its setup checklist read in German and English."""

from __future__ import annotations

from typing import Any

from companion.games.base import Game
from companion.i18n import LANGUAGES, text
from companion.table.guide import guide_view, situations


def assert_guided(game: Game[Any], state: object) -> None:
    """Fail where ``state`` has no declared situation or a line of its guide is missing."""
    guide = guide_view(game, state)
    assert guide is not None and guide["situation"] in situations(game), guide
    for lang in LANGUAGES:
        for key in (guide["now"], guide["explain"], guide["ref"], *guide["setup"]):
            said = text(key, lang, **guide["setup_params"])
            assert not said.startswith(key) and "{" not in said, (key, lang, said)
