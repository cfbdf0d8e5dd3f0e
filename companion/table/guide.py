"""The guide at the table: what the group does now with the real pieces, the step it belongs
to with its explanation and rule-book reference, and the checklist before the first turn.
Each game keeps its guide beside its rules as its ``guide`` module, found through the game."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any, TypedDict

from companion.games.base import JSON, Game


class GuideView(TypedDict):
    """The guide's part of a view: text keys of the situation, its step and the checklist."""

    situation: str
    now: str
    step: str
    explain: str
    ref: str
    setup: list[str]
    items: list[str]
    setup_params: dict[str, JSON]


@cache
def guide_module(package: str) -> ModuleType | None:
    """The game's ``guide`` module, or None for a game that brings none."""
    try:
        return importlib.import_module(f"{package}.guide")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.guide":
            raise
        return None


def situations(game: Game[Any]) -> tuple[str, ...]:
    """Every situation the game's guide knows (none without a guide)."""
    guide = guide_module(game.package)
    return () if guide is None else tuple(guide.SITUATIONS)


def steps(game: Game[Any]) -> Mapping[str, str]:
    """The step each situation of the game's guide belongs to."""
    guide = guide_module(game.package)
    return {} if guide is None else dict(guide.STEPS)


def setup_items(game: Game[Any]) -> tuple[str, ...]:
    """Every item the game's setup checklist may hold."""
    guide = guide_module(game.package)
    return () if guide is None else tuple(guide.SETUP)


def concerned(game: Game[Any], state: object) -> int | None:
    """The seat the step shown now concerns (the player on turn, the boss, the roller): its
    phone explains it; None: it concerns everyone, or the game brings no guide."""
    guide = guide_module(game.package)
    return None if guide is None else guide.concerns(state)


def checklist(game: Game[Any], state: object) -> tuple[str, ...]:
    """The setup checklist's items for this game as set up (none without a guide)."""
    guide = guide_module(game.package)
    return () if guide is None else tuple(guide.setup(state))


def guide_view(game: Game[Any], state: object) -> GuideView | None:
    """What the table page, the phones and the box show of the guide now: the situation,
    the "what now" line, the step with its explanation and reference (text keys), and the
    setup checklist with the numbers its lines name; None for a game without a guide."""
    guide = guide_module(game.package)
    if guide is None:
        return None
    situation: str = guide.situation(state)
    step: str = guide.STEPS[situation]
    prefix = f"{game.id}.guide"
    return {
        "situation": situation,
        "now": f"{prefix}.now.{situation}",
        "step": step,
        "explain": f"{prefix}.step.{step}",
        "ref": f"{prefix}.ref.{step}",
        "setup": [f"{prefix}.setup.{item}" for item in guide.setup(state)],
        "items": list(guide.setup(state)),
        "setup_params": guide.setup_params(state),
    }
