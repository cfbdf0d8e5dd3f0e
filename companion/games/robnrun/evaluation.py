"""The evaluation of a robbery in its six steps, each shown on the screen and applied.

``evaluate`` applies step 1 as the robbery ends; ``next_step`` goes on step by step; step 3
waits for ``place`` (new safes), step 5 for ``buy`` (the dealer's offer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.games.base import Action, IllegalAction, InvalidAction, whole
from companion.games.robnrun.pieces import DEALER_PRICES, cracked
from companion.games.robnrun.state import (
    Evaluation,
    Robbery,
    RobState,
    capacity,
    find_building,
    placeable,
    route_dealer,
)


def evaluate(state: RobState, triggered: bool) -> RobState:
    """The robbery ends; step 1 is applied at once: gold and car steps for cracked safes."""
    safes = state.robbery.safes
    done = cracked(safes, state.robbery.rows)
    gold = sum(safes[i].gold for i in done)
    evaluation = Evaluation(cracked=done, gold=gold, alarm=triggered,
                            uncracked=len(safes) - len(done), car_from=state.car)
    car = min(state.car + len(done), state.profile.route.terminals[-1])
    return replace(state, phase="evaluation", evaluation=evaluation, gold=state.gold + gold,
                   car=car)


def next_step(state: RobState, action: Action) -> RobState:
    """Go on to the next step of the evaluation and apply it; after step 6 the game goes on."""
    ev = state.evaluation
    assert ev is not None
    if ev.step == 3 and to_place(state) and placeable(state):
        raise IllegalAction("robnrun.place_first", count=to_place(state))
    if ev.step == 5 and route_dealer(state):
        raise IllegalAction("robnrun.dealer_first")
    if ev.step == 6:
        return _end_robbery(state)
    return _STEPS[ev.step + 1](replace(state, evaluation=replace(ev, step=ev.step + 1)))


def _step_cubes(state: RobState) -> RobState:
    """Step 2: cubes on every square the car entered go onto their tracks from the bottom."""
    ev = state.evaluation
    assert ev is not None
    marked, squares = state.profile.route.marked, list(state.squares)
    station, placed, aside = dict(state.station), [], 0
    for i, square in enumerate(marked):
        if not ev.car_from < square <= state.car:
            continue
        for cube in squares[i]:
            if station[cube] < capacity(state, cube):
                station[cube] += 1
                placed.append(cube)
            else:
                aside += 1
        squares[i] = ()
    evaluation = replace(ev, cubes=tuple(placed), aside=aside)
    return replace(state, station=station, squares=tuple(squares), aside=state.aside + aside,
                   evaluation=evaluation)


def _step_safes(state: RobState) -> RobState:
    """Step 3: the group places a new safe for each uncracked one (``place``)."""
    return state


def _step_police(state: RobState) -> RobState:
    """Step 4: 1 step, 1 more per uncracked safe, 1 more if the red alarm went off.

    New safes that found no building leave the game now.
    """
    ev = state.evaluation
    assert ev is not None
    steps = 1 + ev.uncracked + ev.alarm
    police = min(state.police + steps, state.profile.route.length - 1)
    evaluation = replace(ev, police_steps=steps, lost_safes=ev.uncracked - len(ev.placed))
    return replace(state, police=police, evaluation=evaluation)


def _step_dealer(state: RobState) -> RobState:
    """Step 5: a dealer on the route makes an offer (``buy``)."""
    return state


def _step_old_safes(state: RobState) -> RobState:
    """Step 6: the old safes leave the game (they were never on the board again)."""
    return state


_STEPS: dict[int, Callable[[RobState], RobState]] = {
    2: _step_cubes, 3: _step_safes, 4: _step_police, 5: _step_dealer, 6: _step_old_safes,
}


def to_place(state: RobState) -> int:
    """New safes step 3 still places: one per uncracked safe, while the spare ones last."""
    ev = state.evaluation
    assert ev is not None
    return max(0, min(ev.uncracked - len(ev.placed), state.spare))


def place(state: RobState, action: Action) -> RobState:
    """A new safe from the spare stack onto a building that holds 1 or 2 (never an empty one)."""
    ev = state.evaluation
    assert ev is not None
    if ev.step != 3:
        raise IllegalAction("robnrun.not_now")
    if not to_place(state):
        raise IllegalAction("robnrun.placed_all")
    building = action.args.get("building")
    where = find_building(state, building)
    if where is None:
        raise InvalidAction("robnrun.building_unknown")
    if building not in placeable(state):
        raise IllegalAction("robnrun.building_full")
    quarter, index = where
    counts = list(state.buildings[quarter])
    counts[index] += 1
    buildings = (*state.buildings[:quarter], tuple(counts), *state.buildings[quarter + 1:])
    evaluation = replace(ev, placed=(*ev.placed, str(building)))
    return replace(state, buildings=buildings, spare=state.spare - 1, evaluation=evaluation)


def buy(state: RobState, action: Action) -> RobState:
    """Pay the dealer for 0, 1 or 2 cubes of its colour; the newest cubes leave the station."""
    ev, colour = state.evaluation, route_dealer(state)
    assert ev is not None
    if ev.step != 5 or colour is None:
        raise IllegalAction("robnrun.no_dealer")
    cubes = action.args.get("cubes")
    if not whole(cubes) or cubes not in (0, 1, 2):
        raise InvalidAction("robnrun.buy_invalid")
    if cubes > state.station[colour]:
        raise IllegalAction("robnrun.buy_cubes", count=state.station[colour])
    price = sum(DEALER_PRICES[colour][:cubes])
    if price > state.gold:
        raise IllegalAction("robnrun.buy_gold", price=price, gold=state.gold)
    station = {**state.station, colour: state.station[colour] - cubes}
    return replace(state, station=station, gold=state.gold - price,
                   dealers={**state.dealers, colour: "out"},
                   evaluation=replace(ev, bought=cubes, step=6))


def _end_robbery(state: RobState) -> RobState:
    """Caught (police on or beyond the car) loses, even on a terminal; terminal 1 wins."""
    if state.police >= state.car:
        return replace(state, phase="lost")
    if state.car >= state.profile.route.terminals[0]:
        return replace(state, phase="won")
    boss = (state.robbery.boss + 1) % state.seats
    return replace(state, phase="prepare", evaluation=None, robbery=Robbery(boss),
                   robberies=state.robberies + 1)
