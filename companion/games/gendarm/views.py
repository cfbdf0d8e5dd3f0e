"""What the screen, the table page and each phone see of a game of Räuber und Gendarm.

The public view holds what lies open on the table and what the box was told; a catcher only
once a capture showed it, and both at the end. A phone adds its own catcher and nothing else:
whatever it is, the rest of that phone's view stays the same, so no list on the phone (the
gendarmes it may give up after an odd duty roll are all those in play) gives the catcher away.
"""

from __future__ import annotations

from typing import Annotated, NotRequired, TypedDict

from companion.games.gendarm.rules import RULES
from companion.games.gendarm.state import (
    CAUGHT,
    SEATS,
    GendarmState,
    catchable,
    colour,
    may_hide,
    top,
)
from companion.games.moments import Moment, moment
from companion.games.visibility import SEAT


class GendarmSettings(TypedDict):
    catchers: str
    chips: str
    dice: str
    safe: str
    safe_robbers: str
    hide_by_move: str


class GendarmPlayer(TypedDict):
    """A seat's pieces as they lie open; ``catcher`` only once a capture showed it."""

    seat: int
    colour: str
    gendarmes: list[int]
    removed: list[int]
    robbers: list[str]
    catchable: int
    may_hide: bool
    entered: bool
    on_table: bool
    catcher: int | None


class Duty(TypedDict):
    roll: bool
    remove: bool
    rolled: bool
    moved: bool


class GendarmRoll(TypedDict):
    seat: int
    value: int
    kind: str


class GendarmResult(TypedDict):
    winner: int
    reason: str | None


class GendarmView(TypedDict):
    """What lies open on the table and what the box was told."""

    phase: str
    level: int
    settings: GendarmSettings
    top: int
    start_rolls: list[list[int]]
    starter: int | None
    turn: int | None
    turns: int
    players: list[GendarmPlayer]
    hideouts: list[int | None]
    must_leave: int | None
    duty: Duty
    last_roll: GendarmRoll | None
    result: GendarmResult | None
    box_actions: list[str]
    moment: Moment | None


class GendarmSeatView(TypedDict):
    """What a seat's phone adds: the actions it may send now, the big moment it plays and its
    own hidden catcher."""

    actions: list[str]
    moment: Moment | None
    catcher: NotRequired[Annotated[int, SEAT]]


def public_view(state: GendarmState) -> GendarmView:
    s = state.settings
    roll = state.last_roll
    return {
        "phase": state.phase,
        "level": s.level,
        "settings": {"catchers": s.catchers, "chips": s.chips, "dice": s.dice, "safe": s.safe,
                     "safe_robbers": s.safe_robbers, "hide_by_move": s.hide_by_move},
        "top": top(s),
        "start_rolls": [list(pair) for pair in state.start_rolls],
        "starter": state.starter,
        "turn": state.turn if state.phase == "play" else None,
        "turns": state.turns,
        "players": [_player_view(state, seat) for seat in range(SEATS)],
        "hideouts": list(state.hideouts) if s.level == 3 else [],
        "must_leave": state.must_leave,
        "duty": {"roll": state.step.duty, "remove": state.step.removal,
                 "rolled": state.step.rolled,
                 "moved": state.step.moved},
        "last_roll": None if roll is None else {"seat": roll.seat, "value": roll.value,
                                                "kind": roll.kind},
        "result": None if state.winner is None else {"winner": state.winner,
                                                     "reason": state.reason},
        "box_actions": RULES.allowed_actions(state, None),
        "moment": _moment(state),
    }


def _moment(state: GendarmState, seat: int | None = None) -> Moment | None:
    """The big moment as ``seat``'s phone (None: every other page) plays it: the game over; a
    robber caught, once the catcher has moved; an odd duty roll that costs a gendarme, or the
    duty roll to make (the phone on turn alone)."""
    if state.phase == "over" and state.winner is not None:
        return moment("over", "over", state.winner)
    if state.phase != "play" or state.turn is None:
        return None
    caught = sum(player.robbers.count(CAUGHT) for player in state.players)
    if caught and state.step.moved:
        return moment(f"caught{caught}", "caught", state.turn,
                      number=state.players[state.turn].catcher or 0)
    if seat != state.turn:
        return None
    if state.step.removal:
        return moment(f"odd{state.turns}", "odd", seat)
    if state.step.duty:
        return moment(f"duty{state.turns}", "duty", seat)
    return None


def _player_view(state: GendarmState, seat: int) -> GendarmPlayer:
    player = state.players[seat]
    shown = player.shown or state.phase == "over"
    return {"seat": seat, "colour": colour(state, seat), "gendarmes": list(player.gendarmes),
            "removed": [n for n in range(1, top(state.settings) + 1)
                        if n not in player.gendarmes],
            "robbers": list(player.robbers), "catchable": catchable(player),
            "may_hide": state.phase == "play" and may_hide(state, seat),
            "entered": player.catcher is not None, "on_table": player.on_table,
            "catcher": player.catcher if shown else None}


def private_view(state: GendarmState, seat: int) -> GendarmSeatView:
    """The seat's own catcher, the actions it may send now and the big moment it plays."""
    view: GendarmSeatView = {"actions": RULES.allowed_actions(state, seat),
                             "moment": _moment(state, seat)}
    mine = state.players[seat]
    if mine.catcher is not None and not (mine.shown or state.phase == "over"):
        view["catcher"] = mine.catcher
    return view
