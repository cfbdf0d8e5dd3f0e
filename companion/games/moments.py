"""The big moments a game names in its views: what just happened that a page shows once, full
screen, and the box's screen in a band (a player went out, the scores made final, a sort's
result). The public view names the moment of every page; a seat's view the one its phone
plays, which may be the seat's own (its turn starting)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict


class Moment(TypedDict):
    """A big moment: ``key`` names it (a page plays each key once, while the game stays in
    it), ``kind`` what happened, ``seat`` whose it is, ``points`` what each seat ("0",
    "1"...) took by it, ``figures`` the numbers its words name (the round, the cards)."""

    key: str
    kind: str
    seat: int | None
    points: dict[str, int]
    figures: dict[str, int]


def moment(key: str, kind: str, seat: int | None = None,
           points: Mapping[int, int] | None = None, **figures: int) -> Moment:
    """The moment ``kind`` named ``key``, of ``seat``, with each seat's ``points`` and the
    ``figures`` its words name."""
    return {"key": key, "kind": kind, "seat": seat,
            "points": {str(s): p for s, p in (points or {}).items()}, "figures": figures}
