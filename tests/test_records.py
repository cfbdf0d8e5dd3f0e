"""The group's records are a count of the history alone: random histories of finished games
(shaped as each game records them) against a plain recount written here."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.table.records import Meeting, head_to_head, new_bests, records

NAMES = ("Anna", "anna ", "Ben", "  Cem", "Dora Lee", "dora  lee", "", None)
"""Spellings of four players, and seats without a name."""
LINKED = (None, None, None, "anna#2", "ben#2")
"""What the table page linked a named seat to: nothing (the name says who), or a second
Anna or Ben it told apart."""
PLAYERS = {"anna", "ben", "cem", "dora lee", "anna#2", "ben#2"}


def seat(draw: st.DrawFn, number: int) -> dict[str, Any]:
    """A recorded seat: its name and, for some named ones, the player it was linked to."""
    name = draw(st.sampled_from(NAMES))
    linked = draw(st.sampled_from(LINKED)) if name and name.strip() else None
    return {"seat": number, "name": name, **({"player": linked} if linked else {})}


def who_sat(seat: dict[str, Any]) -> str | None:
    """The player a seat counts for, said plainly: its link, else its name; none unnamed."""
    if not seat["name"] or not seat["name"].strip():
        return None
    return seat.get("player") or " ".join(seat["name"].split()).casefold()


@st.composite
def romme(draw: st.DrawFn, seats: int) -> dict[str, Any]:
    rounds = draw(st.integers(1, 4))
    old = draw(st.booleans())
    results = []
    for seat in range(seats):
        points = draw(st.lists(st.integers(-120, 0), min_size=rounds, max_size=rounds))
        result: dict[str, Any] = {"seat": seat, "place": draw(st.integers(1, seats)),
                                  "rounds": points, "score": sum(points),
                                  "left": draw(st.booleans())}
        if not old:
            result |= {"rounds_won": draw(st.integers(0, rounds)),
                       "first_turn_outs": draw(st.integers(0, 1)),
                       "turns": draw(st.integers(0, 40)), "overran": draw(st.integers(0, 5)),
                       "turn_ms": draw(st.integers(0, 900_000))}
        results.append(result)
    return {"results": results, "rounds": rounds}


@st.composite
def robnrun(draw: st.DrawFn, seats: int) -> dict[str, Any]:
    won = draw(st.booleans())
    gold = draw(st.integers(0, 15))
    return {"won": won, "gold": gold, "robberies": draw(st.integers(1, 6)),
            "rating": draw(st.sampled_from(("free", "start", "living", "perfect")))
            if won else None,
            "results": [{"seat": s, "place": 1 if won else 2, "score": gold if won else None}
                        for s in range(seats)]}


@st.composite
def safehouse(draw: st.DrawFn, seats: int) -> dict[str, Any]:
    won = draw(st.booleans())
    return {"won": won, "pursuer": draw(st.integers(0, 30)), "rolls": 3, "caught": [],
            "results": [{"seat": s, "place": 1, "score": 4} for s in range(seats)]}


@st.composite
def gendarm(draw: st.DrawFn, seats: int) -> dict[str, Any]:
    winner = draw(st.integers(0, 1))
    return {"winner": winner, "reason": draw(st.sampled_from(("capture", "depletion"))),
            "level": draw(st.integers(1, 3)), "catchers": [None, None],
            "results": [{"seat": winner, "place": 1, "score": None},
                        {"seat": 1 - winner, "place": 2, "score": None}]}


OUTCOMES = {"romme": (romme, 2, 6), "robnrun": (robnrun, 2, 4), "safehouse": (safehouse, 1, 4),
            "gendarm": (gendarm, 2, 2)}


@st.composite
def played(draw: st.DrawFn, game_id: int) -> dict[str, Any]:
    """One recorded game: finished with an outcome, or ended before its end."""
    game = draw(st.sampled_from(sorted(OUTCOMES)))
    outcomes, fewest, most = OUTCOMES[game]
    seats = draw(st.integers(fewest, most))
    finished = draw(st.integers(0, 4)) > 0
    return {"id": game_id, "ended_at": "2026-11-27T20:00:00Z", "game": game,
            "title": {"de": game, "en": game}, "finished": finished,
            "seats": [seat(draw, s) for s in range(seats)],
            "outcome": draw(outcomes(seats)) if finished else None}


@st.composite
def histories(draw: st.DrawFn) -> list[dict[str, Any]]:
    count = draw(st.integers(0, 12))
    return [draw(played(game_id)) for game_id in range(count, 0, -1)]


def recount(history: list[dict[str, Any]], who: str, game: str) -> dict[str, Any]:
    """What ``who`` did in ``game``, counted plainly, one kind of game at a time."""
    mine = []
    for past in history:
        if past["game"] != game or not past["finished"]:
            continue
        for seat in past["seats"]:
            if who_sat(seat) == who:
                mine.append((past["outcome"], seat["seat"]))
    if not mine:
        return {}
    places = [next(r["place"] for r in o["results"] if r["seat"] == s) for o, s in mine]
    counts: dict[str, int] = {}

    def add(name: str, value: int) -> None:
        counts[name] = counts.get(name, 0) + value

    for outcome, seat in mine:
        if game == "romme":
            mine_result = next(r for r in outcome["results"] if r["seat"] == seat)
            for name in ("first_turn_outs", "turns", "overran", "turn_ms"):
                if name in mine_result:
                    add(name, mine_result[name])
            if "rounds_won" in mine_result:
                add("rounds_won", mine_result["rounds_won"])
            elif not mine_result["left"]:
                add("rounds_won", len([p for p in mine_result["rounds"] if p == 0]))
            add("rounds", len(mine_result["rounds"]))
            add("round_points", sum(mine_result["rounds"]))
        if game == "robnrun":
            add("robberies", outcome["robberies"])
            if outcome["won"]:
                add("gold", outcome["gold"])
                add("rating." + outcome["rating"], 1)
        if game == "safehouse":
            if outcome["won"]:
                add("wins", 1)
            else:
                add("losses", 1)
                add("caught_steps", outcome["pursuer"])
        if game == "gendarm" and outcome["winner"] == seat:
            add(f"{outcome['reason']}.{outcome['level']}", 1)
    if game == "romme":
        mine_rounds = [next(r for r in o["results"] if r["seat"] == s)["rounds"] for o, s in mine]
        counts["best_round"] = max(max(rounds) for rounds in mine_rounds)
        counts["best_game"] = max(sum(rounds) for rounds in mine_rounds)
    if game == "robnrun" and "gold" in counts:
        counts["best_gold"] = max(o["gold"] for o, _ in mine if o["won"])
    if game == "safehouse" and "caught_steps" in counts:
        counts["earliest_catch"] = min(o["pursuer"] for o, _ in mine if not o["won"])
    won = [o["won"] for o, _ in mine] if game == "safehouse" else [p == 1 for p in places]
    return {"played": len(mine), "won": won.count(True), "counts": counts}


@settings(max_examples=50, deadline=None)
@given(histories())
def test_the_records_of_a_history_are_a_plain_recount_of_it(
        history: list[dict[str, Any]]) -> None:
    found = records(history, GAMES)
    for who in PLAYERS:
        for game in OUTCOMES:
            expected = recount(history, who, game)
            standing = found[who].games.get(game) if who in found else None
            got = {} if standing is None else {"played": standing.played, "won": standing.won,
                                               "counts": standing.counts}
            assert got == expected, (who, game)
    assert set(found) <= PLAYERS


@settings(max_examples=50, deadline=None)
@given(histories())
def test_head_to_head_counts_who_placed_ahead_in_the_games_both_played(
        history: list[dict[str, Any]]) -> None:
    met = head_to_head(history, "anna", "ben")
    for game in OUTCOMES:
        a_ahead = b_ahead = level = 0
        for past in history:
            if past["game"] != game or not past["finished"]:
                continue
            place = {who_sat(s): next(r["place"] for r in past["outcome"]["results"]
                                      if r["seat"] == s["seat"]) for s in past["seats"]}
            if "anna" in place and "ben" in place:
                a_ahead += place["anna"] < place["ben"]
                b_ahead += place["ben"] < place["anna"]
                level += place["anna"] == place["ben"]
        expected = Meeting(a_ahead, b_ahead, level) if a_ahead + b_ahead + level else None
        assert met.get(game) == expected


def test_a_player_is_named_as_their_newest_game_spells_them() -> None:
    outcome = {"won": True, "pursuer": 3, "results": [{"seat": 0, "place": 1, "score": 1}]}
    history = [{"id": 2, "game": "safehouse", "finished": True, "outcome": outcome,
                "seats": [{"seat": 0, "name": "dora  LEE"}]},
               {"id": 1, "game": "safehouse", "finished": True, "outcome": outcome,
                "seats": [{"seat": 0, "name": "Dora Lee"}]}]
    assert records(history, GAMES)["dora lee"].name == "dora LEE"


def best_value(game: str, outcome: dict[str, Any], seat: int) -> int | None:
    """What a game's new best is measured by: a Rommé game's points, a won heist's gold."""
    if game == "romme":
        return int(sum(next(r for r in outcome["results"] if r["seat"] == seat)["rounds"]))
    if game == "robnrun" and outcome["won"]:
        return int(outcome["gold"])
    return None


@settings(max_examples=40, deadline=None)
@given(histories(), st.integers(0, 5))
def test_a_new_best_is_told_when_the_newest_game_beats_every_earlier_one(
        history: list[dict[str, Any]], seat: int) -> None:
    told = [value for _, value in new_bests(history, GAMES, seat)]
    newest = history[0] if history else None
    if (newest is None or not newest["finished"] or seat >= len(newest["seats"])
            or who_sat(newest["seats"][seat]) is None):
        assert told == []
        return
    who = who_sat(newest["seats"][seat])
    value = best_value(newest["game"], newest["outcome"], seat)
    earlier = [best_value(past["game"], past["outcome"], s["seat"]) for past in history[1:]
               if past["game"] == newest["game"] and past["finished"]
               for s in past["seats"] if who_sat(s) == who]
    known = [v for v in earlier if v is not None]
    beaten = value is not None and bool(known) and value > max(known)
    assert told == ([value] if beaten else [])
