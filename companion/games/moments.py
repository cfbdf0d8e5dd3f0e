"""The big moments a game names in its public view: what just happened that every page shows
once, full screen (a player went out, the scores made final, a sort's result)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict


class Moment(TypedDict):
    """A big moment: ``key`` names it (a page plays each key once, while the game stays in
    it), ``kind`` what happened, ``seat`` whose it is, ``points`` what each seat ("0",
    "1"...) took by it."""

    key: str
    kind: str
    seat: int | None
    points: dict[str, int]


def moment(key: str, kind: str, seat: int | None = None,
           points: Mapping[int, int] | None = None) -> Moment:
    """The moment ``kind`` named ``key``, of ``seat``, with each seat's ``points``."""
    return {"key": key, "kind": kind, "seat": seat,
            "points": {str(s): p for s, p in (points or {}).items()}}
