"""When a Räuber und Gendarm step may be sent, and what the turn must have done first; whose
part the player on turn has.

Every check here reads only what lies open on the table, never a catcher: a refusal that
anyone but the catcher's owner can see must not depend on it. The comparison with the secret
is made last, by the rules, and only for the owner's own phone. Whether the box knows a
catcher at all lies open too: a chip kept face down on the table is everyone's to see.
"""

from __future__ import annotations

from companion.games.base import Action, Check, IllegalAction, Role
from companion.games.gendarm.state import (
    FREE,
    HIDDEN,
    SAFE,
    GendarmState,
    catchable,
    has,
    kept_secret,
    may_become_safe,
    may_hide,
    on_turn,
    other,
)


def kept_chip(state: GendarmState, action: Action) -> None:
    """What the box's menu does only for a player whose chip lies on the table."""
    if not state.players[on_turn(state)].on_table:
        raise IllegalAction("gendarm.phone_only")


ON_TURN: Role[GendarmState] = Role(name="the seat on turn", seat=lambda state: state.turn,
                                   refused="gendarm.not_your_turn")
CLAIMANT: Role[GendarmState] = Role(name="the seat on turn", seat=lambda state: state.turn,
                                    refused="gendarm.not_your_turn",
                                    at_box=lambda state: state.players[on_turn(state)].on_table,
                                    box_refused="gendarm.phone_only")
"""A capture claim or a gendarme given up: the own phone of the player on turn, where the
box keeps the catcher; where the chip lies face down on the table, the box too."""


def dealt_by_the_box(state: GendarmState, action: Action) -> None:
    if state.settings.catchers != "box":
        raise IllegalAction("gendarm.deal_chips")


def typed_in(state: GendarmState, action: Action) -> None:
    if state.settings.catchers != "chips":
        raise IllegalAction("gendarm.deal_box")


def chip_to_keep(state: GendarmState, action: Action) -> None:
    """Before play any side may keep a real chip face down; in play a side whose catcher the
    box keeps and never showed (no phone holds it: the Table sees to that)."""
    if state.phase == "play" and not any(map(kept_secret, state.players)):
        raise IllegalAction("gendarm.no_secret_catcher")


def nothing_pending(state: GendarmState, action: Action) -> None:
    """The duty roll, its removal and a forced exit come before anything else."""
    step = state.step
    if step.removal:
        raise IllegalAction("gendarm.remove_first")
    if step.duty:
        raise IllegalAction("gendarm.roll_first")
    if state.must_leave == state.turn and not step.moved:
        raise IllegalAction("gendarm.leave_first")


def not_moved(state: GendarmState, action: Action) -> None:
    """One move or one roll a turn."""
    if state.step.moved or state.step.rolled:
        raise IllegalAction("gendarm.turn_used")


def level(least: int, key: str) -> Check[GendarmState]:
    def at_least(state: GendarmState, action: Action) -> None:
        if state.settings.level < least:
            raise IllegalAction(key)
    return at_least


def roll(state: GendarmState, action: Action) -> None:
    """The duty roll when it is due; at level 3 otherwise the turn's one roll."""
    step = state.step
    if step.removal:
        raise IllegalAction("gendarm.remove_first")
    if step.duty:
        return
    if state.settings.level < 3:
        raise IllegalAction("gendarm.no_roll")
    nothing_pending(state, action)
    not_moved(state, action)


def safe(state: GendarmState, action: Action) -> None:
    player = state.players[on_turn(state)]
    if not has(player, FREE):
        raise IllegalAction("gendarm.no_free_robber")
    if has(player, HIDDEN):
        raise IllegalAction("gendarm.safe_hidden")
    if not may_become_safe(state, on_turn(state)):
        raise IllegalAction("gendarm.safe_taken")


def off_the_row(state: GendarmState, action: Action) -> None:
    if state.settings.safe != "on_row":
        raise IllegalAction("gendarm.safe_for_good")
    if not has(state.players[on_turn(state)], SAFE):
        raise IllegalAction("gendarm.no_safe_robber")


def hide(state: GendarmState, action: Action) -> None:
    """After a 1 or 6 (the roll was the turn), or by a move where the group plays so."""
    by_move = state.settings.hide_by_move == "on" and not state.step.moved
    if not state.step.rolled and not by_move:
        raise IllegalAction("gendarm.hide_roll")
    player = state.players[on_turn(state)]
    if has(player, HIDDEN):
        raise IllegalAction("gendarm.one_hidden")
    if has(player, SAFE):
        raise IllegalAction("gendarm.hide_safe")
    if not may_hide(state, on_turn(state)):
        raise IllegalAction("gendarm.no_hideout" if None not in state.hideouts
                            else "gendarm.no_free_robber")


def leave(state: GendarmState, action: Action) -> None:
    if not has(state.players[on_turn(state)], HIDDEN):
        raise IllegalAction("gendarm.no_hidden")


def stuck(state: GendarmState, action: Action) -> None:
    """Only a robber that must leave its hideout and cannot may pass (it must next time)."""
    if state.must_leave != state.turn or state.step.moved:
        raise IllegalAction("gendarm.not_stuck")


def end_turn(state: GendarmState, action: Action) -> None:
    nothing_pending(state, action)


def capture(state: GendarmState, action: Action) -> None:
    if not catchable(state.players[other(on_turn(state))]):
        raise IllegalAction("gendarm.nothing_to_catch")


def removal(state: GendarmState, action: Action) -> None:
    if not state.step.removal:
        raise IllegalAction("gendarm.no_removal")
