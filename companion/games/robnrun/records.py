"""What Rob 'n Run counts for the group's records: robberies, ratings reached, gold."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import Texts
from companion.games.tally import Counts, Line, Tally, whole_numbers


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


RATINGS = ("perfect", "living", "start", "free")
"""The rule book's ratings of a won game, best first."""


def lines(counts: Counts) -> list[Line]:
    """Robberies, the gold of the games won (the most in one), each rating reached."""
    found: list[Line] = []
    if "robberies" in counts:
        found.append(("robnrun.records.robberies", {"count": counts["robberies"]}))
    if "gold" in counts:
        found.append(("robnrun.records.gold", {"count": counts["gold"],
                                                "best": counts["best_gold"]}))
    return found + [(f"robnrun.records.rating.{rating}", {"count": counts[f"rating.{rating}"]})
                    for rating in RATINGS if f"rating.{rating}" in counts]


TEXTS: Texts = {
    "de": {"robnrun.records.robberies.one": "1 Raub",
           "robnrun.records.robberies.other": "{count} Raubzüge",
           "robnrun.records.best_gold": "Euer bester Coup: {value} Gold",
           "robnrun.records.gold.one": "1 Gold erbeutet, höchstens {best} in einem Spiel",
           "robnrun.records.gold.other": "{count} Gold erbeutet, höchstens {best} in einem "
                                         "Spiel",
           **{f"robnrun.records.rating.{rating}.{form}": f"{name}: {times}"
              for rating, name in (("perfect", "Perfekt"), ("living", "Davon lässt sich leben"),
                                   ("start", "Guter Anfang"), ("free", "Wenigstens frei"))
              for form, times in (("one", "1-mal"), ("other", "{count}-mal"))}},
    "en": {"robnrun.records.robberies.one": "1 robbery",
           "robnrun.records.robberies.other": "{count} robberies",
           "robnrun.records.best_gold": "Your best heist: {value} gold",
           "robnrun.records.gold.one": "1 gold taken, at most {best} in one game",
           "robnrun.records.gold.other": "{count} gold taken, at most {best} in one game",
           **{f"robnrun.records.rating.{rating}.{form}": f"{name}: {times}"
              for rating, name in (("perfect", "Perfect"), ("living", "A living"),
                                   ("start", "A good start"), ("free", "At least free"))
              for form, times in (("one", "once"), ("other", "{count} times"))}},
}

TALLY = Tally(count, lines=lines, highest=frozenset({"best_gold"}),
              bests={"best_gold": "robnrun.records.best_gold"})
