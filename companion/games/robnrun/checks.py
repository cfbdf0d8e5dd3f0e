"""Who may send a Rob 'n Run action when: the boss, the crew member on turn, anyone; and
what the robbery must have reached first."""

from __future__ import annotations

from companion.games.base import Action, IllegalAction
from companion.games.robnrun.pieces import NO_TOOLS
from companion.games.robnrun.state import RobState


def boss_or_box(state: RobState, action: Action) -> None:
    if action.seat is not None and action.seat != state.robbery.boss:
        raise IllegalAction("robnrun.boss_only", seat=state.robbery.boss + 1)


def boss_phone(state: RobState, action: Action) -> None:
    """What the boss's screen hides: only the boss's own phone may send it, or the box while
    the boss plays openly there."""
    if action.seat != state.robbery.boss and not (action.seat is None and state.robbery.openly):
        raise IllegalAction("robnrun.boss_phone", seat=state.robbery.boss + 1)


def box_only(state: RobState, action: Action) -> None:
    """What the box (or the table page) does for a boss without a phone."""
    if action.seat is not None:
        raise IllegalAction("robnrun.box_only")


def openly(state: RobState, action: Action) -> None:
    if not state.robbery.openly:
        raise IllegalAction("robnrun.not_openly", seat=state.robbery.boss + 1)


def safes_entered(state: RobState, action: Action) -> None:
    safes_first(state, action)
    if not state.robbery.safes:
        raise IllegalAction("robnrun.safes_missing")


def safes_first(state: RobState, action: Action) -> None:
    """While the box enters the safes of a boss playing openly, the robbery waits for them."""
    if state.robbery.openly and not state.robbery.safes:
        raise IllegalAction("robnrun.safes_on_box")


def on_turn_or_box(state: RobState, action: Action) -> None:
    turn = state.robbery.turn
    if action.seat is not None and action.seat != turn:
        raise IllegalAction("robnrun.not_your_turn", seat=(turn or 0) + 1)


def no_building(state: RobState, action: Action) -> None:
    if state.robbery.building is not None:
        raise IllegalAction("robnrun.building_chosen")


def building(state: RobState, action: Action) -> None:
    if state.robbery.building is None:
        raise IllegalAction("robnrun.building_first")


def not_dealt(state: RobState, action: Action) -> None:
    if state.robbery.dealt:
        raise IllegalAction("robnrun.dealt")


def dealt(state: RobState, action: Action) -> None:
    if not state.robbery.dealt:
        raise IllegalAction("robnrun.deal_first")


def unsorted(state: RobState, action: Action) -> None:
    """The safes stand fixed once the first cards have been sorted against them."""
    if state.robbery.rows != NO_TOOLS or state.robbery.alarm != NO_TOOLS:
        raise IllegalAction("robnrun.safes_fixed")


def own_seat(state: RobState, action: Action) -> None:
    if action.seat is None:
        raise IllegalAction("robnrun.notes_phone")
