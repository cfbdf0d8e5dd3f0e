"""What Räuber-Rommé counts for the group's records: rounds, turns, overruns, time used."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.tally import Counts, Tally, result, whole_numbers


def count(outcome: Mapping[str, object], seat: int) -> Counts:
    """A seat's rounds and their points (best kept), rounds won, first-turn outs, turns,
    overruns and time used; a record from before the turns were kept counts rounds won as
    the rounds a player still in the game scored nothing."""
    found = result(outcome, seat)
    rounds = [points for points in _list(found.get("rounds")) if isinstance(points, int)]
    counts = whole_numbers(found, "rounds_won", "first_turn_outs", "turns", "overran",
                           "turn_ms")
    if "rounds_won" not in counts and not found.get("left"):
        counts["rounds_won"] = rounds.count(0)
    if rounds:
        counts |= {"rounds": len(rounds), "round_points": sum(rounds),
                   "best_round": max(rounds)}
    return counts


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


TALLY = Tally(count, highest=frozenset({"best_round"}))
