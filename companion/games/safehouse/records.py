"""What Safehouse counts for the group's records: wins, losses, where the pursuer caught."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import Texts
from companion.games.tally import Counts, Line, Tally, share


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


def lines(counts: Counts) -> list[Line]:
    """Games lost to the pursuer, and where it caught the group (on average, earliest)."""
    found: list[Line] = [("safehouse.records.losses", {"count": counts.get("losses", 0)})]
    if "caught_steps" in counts:
        found.append(("safehouse.records.caught", {
            "average": share(counts["caught_steps"], counts["losses"]),
            "earliest": counts["earliest_catch"]}))
    return found


TEXTS: Texts = {
    "de": {"safehouse.records.losses.one": "1-mal gefasst",
           "safehouse.records.losses.other": "{count}-mal gefasst",
           "safehouse.records.caught": "Der Verfolger fasste euch im Schnitt auf Feld "
                                       "{average}, am frühesten auf Feld {earliest}"},
    "en": {"safehouse.records.losses.one": "Caught once",
           "safehouse.records.losses.other": "Caught {count} times",
           "safehouse.records.caught": "The pursuer caught you on field {average} on "
                                       "average, on field {earliest} at the earliest"},
}

TALLY = Tally(count, won, lines, lowest=frozenset({"earliest_catch"}))
