"""When a Rob 'n Run step may be sent: what the robbery must have reached first, and whose
parts there are (the boss, the crew member on turn), as the steps' roles."""

from __future__ import annotations

from companion.games.base import Action, IllegalAction, Role
from companion.games.robnrun.pieces import NO_TOOLS
from companion.games.robnrun.state import RobState


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


BOSS: Role[RobState] = Role(name="the boss", seat=lambda state: state.robbery.boss,
                            refused="robnrun.boss_only")
BOSS_PHONE: Role[RobState] = Role(name="the boss", seat=lambda state: state.robbery.boss,
                                  refused="robnrun.boss_phone",
                                  at_box=lambda state: state.robbery.openly)
"""What the boss's screen hides: only the boss's own phone sends it, or the box while the
boss plays openly there."""
CREW: Role[RobState] = Role(name="the crew member on turn",
                            seat=lambda state: state.robbery.turn, refused="robnrun.not_your_turn")
