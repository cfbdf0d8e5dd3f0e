"""What Safehouse counts for the group's records: wins, losses, where the pursuer caught."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import Texts
from companion.games.tally import Counts, Line, Tally, result, share


def count(outcome: Mapping[str, object], seat: int) -> Counts:
    """A win or a loss, shared by everyone; for a loss the field the group was caught on
    (added up for the average, and the earliest kept)."""
    field = caught_on(outcome)
    if outcome.get("won") is True:
        return {"wins": 1}
    if outcome.get("won") is False and field is not None:
        return {"losses": 1, "caught_steps": field, "earliest_catch": field}
    return {"losses": 1} if outcome.get("won") is False else {}


def caught_on(outcome: Mapping[str, object]) -> int | None:
    """The field the pursuer caught the group on: the last slash of the first player it
    reached (a record without the caught players' fields: the pursuer's field)."""
    caught = outcome.get("caught")
    fields = [score for seat in caught if isinstance(score := result(outcome, seat).get(
        "score"), int)] if isinstance(caught, list) else []
    pursuer = outcome.get("pursuer")
    return min(fields) if fields else pursuer if isinstance(pursuer, int) else None


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
