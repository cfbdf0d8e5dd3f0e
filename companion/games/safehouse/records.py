"""What Safehouse counts for the group's records: wins, losses, where the pursuer caught."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.tally import Counts, Tally


def count(outcome: Mapping[str, object], seat: int) -> Counts:
    """A win or a loss, shared by everyone; for a loss the pursuer's step then (added up for
    the average, and the earliest kept)."""
    pursuer = outcome.get("pursuer")
    if outcome.get("won") is True:
        return {"wins": 1}
    if outcome.get("won") is False and isinstance(pursuer, int):
        return {"losses": 1, "caught_steps": pursuer, "earliest_catch": pursuer}
    return {"losses": 1} if outcome.get("won") is False else {}


def won(outcome: Mapping[str, object], seat: int) -> bool:
    """Everyone shares the first place; only a game the pursuer lost is won."""
    return outcome.get("won") is True


TALLY = Tally(count, won, lowest=frozenset({"earliest_catch"}))
