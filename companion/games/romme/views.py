"""What the screen, the table page and each phone see of a Räuber-Rommé game (no secrets:
the tiles stay on the table), and its outcome."""

from __future__ import annotations

from typing import TypedDict

from companion.games.base import JSON
from companion.games.moments import Moment, moment
from companion.games.romme.rules import RULES
from companion.games.romme.state import (
    RUNNING_PHASES,
    Place,
    RommeState,
    first_meld,
    first_turn_cost,
    is_first_turn_out,
    is_left,
    missing_seats,
    play_order,
    ranking,
    round_points,
    scoring_seats,
    total,
)


class RommePlayer(TypedDict):
    seat: int
    total: int
    rounds: list[int]
    overruns: int
    left: bool
    melded: bool


class RommeLast(TypedDict):
    """What the turn just handed on ended with (``overrun``, ``draw``, ...) and its cost."""

    kind: str
    seat: int
    tiles: int


class RommeScoring(TypedDict):
    """A round being scored: who went out, the tiles entered by seat (``"0"``...), the seats
    still missing, the box's focus, each seat's points so far."""

    winner: int | None
    first_turn_out: bool
    tiles: dict[str, list[int]]
    missing: list[int]
    focus: int | None
    points: dict[str, int]


class RommeView(TypedDict):
    """What everyone sees of a Räuber-Rommé game: nothing in it is secret."""

    phase: str
    round: int
    rounds: int
    turn: int | None
    first_meld: int | None
    starter: int
    players: list[RommePlayer]
    order: list[int]
    last: RommeLast | None
    scoring: RommeScoring | None
    ranking: list[Place]
    moment: Moment | None
    finishable: bool
    """Whether the group may end the game now, with its standings (``finish``)."""


class RommeSeatView(TypedDict):
    """What a seat's phone adds: the actions it may send now, the big moment it plays."""

    actions: list[str]
    moment: Moment | None


def public_view(state: RommeState) -> RommeView:
    playing = state.phase in RUNNING_PHASES
    return {
        "phase": state.phase,
        "round": state.round,
        "rounds": state.settings.rounds,
        "turn": state.turn if playing else None,
        "first_meld": first_meld(state),
        "starter": state.starter,
        "players": [{"seat": seat, "total": total(p), "rounds": list(p.rounds),
                     "overruns": p.overruns, "left": is_left(p), "melded": p.melded}
                    for seat, p in enumerate(state.players)],
        "order": play_order(state, state.turn if playing else state.starter),
        "last": None if state.last is None else {"kind": state.last.kind, "seat": state.last.seat,
                                                 "tiles": state.last.tiles},
        "scoring": _scoring_view(state),
        "ranking": ranking(state),
        "moment": _moment(state),
        "finishable": state.phase == "ready" and "finish" in RULES.allowed_actions(state, None),
    }


def _moment(state: RommeState, seat: int | None = None) -> Moment | None:
    """The big moment as ``seat``'s phone (None: every other page) plays it: the game over;
    who went out (while the round is scored; on the first turn with what it costs the
    others), then the scores made final (until the next round starts); the own turn (its phone
    alone, paused or not); the clock ending a turn, until the next one ends."""
    winner = state.scoring.winner if state.scoring else None
    turns = sum(player.turns for player in state.players)
    if state.phase == "over":
        return moment("over", "over", ranking(state)[0]["seat"],
                      {s: total(player) for s, player in enumerate(state.players)})
    if state.phase == "scoring" and winner is not None:
        if is_first_turn_out(state):
            return moment(f"out{state.round}", "first_turn_out", winner,
                          {s: first_turn_cost(state, s) for s in scoring_seats(state)})
        return moment(f"out{state.round}", "out", winner)
    if state.phase == "ready" and state.round > 1:
        return moment(f"final{state.round - 1}", "final", state.starter,
                      {s: player.rounds[-1] for s, player in enumerate(state.players)
                       if player.left_round in (None, state.round - 1)}, round=state.round)
    if state.phase in ("turn", "paused") and seat == state.turn:
        return moment(f"turn{turns}", "turn", seat)
    last = state.last
    if last and last.kind in ("overrun", "left") and state.phase in RUNNING_PHASES:
        return moment(f"overrun{turns}", last.kind, last.seat)
    return None


def outcome(state: RommeState) -> dict[str, JSON] | None:
    """The result once the game is over: places by fewest minus points, totals, every round,
    and what each player did for the records (rounds won, turns, overruns, time used)."""
    if state.phase != "over":
        return None
    places = {entry["seat"]: entry["place"] for entry in ranking(state)}
    results = [{"seat": seat, "place": place, "score": total(player),
                "rounds": list(player.rounds), "left": is_left(player),
                "rounds_won": player.rounds_won, "first_turn_outs": player.first_turn_outs,
                "turns": player.turns, "overran": player.overran, "turn_ms": player.turn_ms}
               for seat, place in places.items() for player in [state.players[seat]]]
    return {"results": results, "rounds": max(len(p.rounds) for p in state.players)}


def _scoring_view(state: RommeState) -> RommeScoring | None:
    if state.scoring is None:
        return None
    return {"winner": state.scoring.winner, "first_turn_out": is_first_turn_out(state),
            "tiles": {str(seat): list(tiles) for seat, tiles in enumerate(state.scoring.tiles)
                      if tiles is not None},
            "missing": missing_seats(state), "focus": state.scoring.focus,
            "points": {str(seat): round_points(state, seat) for seat in scoring_seats(state)}}


def private_view(state: RommeState, seat: int) -> RommeSeatView:
    """The actions the seat's phone may send now and the big moment it plays."""
    return {"actions": RULES.allowed_actions(state, seat), "moment": _moment(state, seat)}
