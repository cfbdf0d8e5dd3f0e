"""What Räuber-Rommé counts for the group's records: rounds, turns, overruns, time used."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import Texts
from companion.games.tally import Counts, Line, Tally, result, share, signed, whole_numbers


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
                   "best_round": max(rounds), "best_game": sum(rounds)}
    return counts


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def lines(counts: Counts) -> list[Line]:
    """Rounds won (on the first turn), the average and best round, overruns per 100 turns
    and the average turn; each where the games counted it."""
    found: list[Line] = []
    if "rounds_won" in counts:
        found.append(("romme.records.rounds_won", {"count": counts["rounds_won"]}))
    if counts.get("rounds"):
        found += [("romme.records.rounds", {
            "average": signed(share(counts["round_points"], counts["rounds"])),
            "best": signed(counts["best_round"])})]
    if "first_turn_outs" in counts:
        found.append(("romme.records.first_turn", {"count": counts["first_turn_outs"]}))
    if counts.get("turns"):
        found.append(("romme.records.turns", {
            "overruns": share(counts["overran"], counts["turns"], 100),
            "seconds": share(counts["turn_ms"], counts["turns"], 1) // 1000}))
    return found


TEXTS: Texts = {
    "de": {"romme.records.rounds_won.one": "1 Runde gewonnen",
           "romme.records.rounds_won.other": "{count} Runden gewonnen",
           "romme.records.rounds": "Runde im Schnitt {average}, beste {best}",
           "romme.records.first_turn.one": "1-mal im ersten Zug ausgegangen",
           "romme.records.first_turn.other": "{count}-mal im ersten Zug ausgegangen",
           "romme.records.turns": "{overruns} Überschreitungen je 100 Züge, "
                                  "ein Zug im Schnitt {seconds} s",
           "romme.records.best_game": "Dein bestes Spiel: {value} Punkte"},
    "en": {"romme.records.rounds_won.one": "1 round won",
           "romme.records.rounds_won.other": "{count} rounds won",
           "romme.records.rounds": "Average round {average}, best {best}",
           "romme.records.first_turn.one": "Out on the first turn once",
           "romme.records.first_turn.other": "Out on the first turn {count} times",
           "romme.records.turns": "{overruns} overruns per 100 turns, a turn takes "
                                  "{seconds} s on average",
           "romme.records.best_game": "Your best game: {value} points"},
}

TALLY = Tally(count, lines=lines, highest=frozenset({"best_round", "best_game"}),
              bests={"best_game": "romme.records.best_game"},
              record=("rounds_won", "romme.records.rounds_won"))
