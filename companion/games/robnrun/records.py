"""What Rob 'n Run counts for the group's records: robberies, ratings reached, gold."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.tally import Counts, Tally, whole_numbers


def count(outcome: Mapping[str, object], seat: int) -> Counts:
    """The game's robberies, and for a won game its gold (the most kept) and its rating;
    everyone at the table shares them."""
    counts = whole_numbers(outcome, "robberies")
    rating, gold = outcome.get("rating"), outcome.get("gold")
    if outcome.get("won") is True and isinstance(gold, int):
        counts |= {"gold": gold, "best_gold": gold}
    if outcome.get("won") is True and isinstance(rating, str):
        counts[f"rating.{rating}"] = 1
    return counts


TALLY = Tally(count, highest=frozenset({"best_gold"}))
