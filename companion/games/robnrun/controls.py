"""What the box's buttons, LEDs and buzzer do in Rob 'n Run.

The buttons drive everything public, so a group can play without phones but for the boss's
secrets: TURN is the main step of each phase, the menu holds the choices.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import JSON, Action, Button, Controls, LedFrame, MenuItem, Sound
from companion.games.robnrun.pieces import CLUE_PRICE, COLOURS, DEALER_PRICES
from companion.games.robnrun.state import (
    RobState,
    building_id,
    forced,
    placeable,
    route_dealer,
)

ROWS = 6


def controls(state: RobState) -> Controls:
    if state.phase in ("won", "lost"):
        return Controls([MenuItem("robnrun.menu.end_game", Action("table.end_game"))])
    menu = _MENUS[state.phase](state)
    turn = next((item.action for item in menu if item.action.type in _MAIN), None)
    member = state.robbery.turn if state.phase == "crew" else None
    return Controls(menu, {Button.TURN: turn} if turn else {}, member)


_MAIN = frozenset({"deal", "start", "crew", "play", "next"})
"""The actions TURN does when the menu offers them: the phase's main step."""


def _prepare(state: RobState) -> list[MenuItem]:
    r = state.robbery
    if r.building is None:
        return [MenuItem("robnrun.menu.rob", Action("rob", None, {"building": building_id(q, i)}),
                         {"building": building_id(q, i), "count": n})
                for q, counts in enumerate(state.buildings) for i, n in enumerate(counts) if n]
    if not r.dealt:
        return [MenuItem("robnrun.menu.deal", Action("deal"))]
    return [MenuItem("robnrun.menu.start", Action("start"))]


def _clues(state: RobState) -> list[MenuItem]:
    r = state.robbery
    menu = [MenuItem("robnrun.menu.crew", Action("crew"))]
    menu += [MenuItem("robnrun.menu.use_clue", Action("clue", None, {"clue": c}), {"clue": c})
             for c in sorted(r.face_up)]
    if state.gold >= CLUE_PRICE and not state.variation2:
        menu += [MenuItem("robnrun.menu.buy_clue", Action("clue", None, {"clue": c}),
                          {"clue": c, "price": CLUE_PRICE})
                 for c in sorted(r.clues) if c not in r.face_up]
    return menu


def _crew(state: RobState) -> list[MenuItem]:
    menu = [MenuItem("robnrun.menu.play", Action("play"))]
    if state.robbery.turn not in state.robbery.exchanged:
        menu.append(MenuItem("robnrun.menu.exchange", Action("exchange")))
    if not forced(state):
        menu.append(MenuItem("robnrun.menu.pass", Action("pass")))
    return menu


def _alarm(state: RobState) -> list[MenuItem]:
    return []


def _evaluation(state: RobState) -> list[MenuItem]:
    ev = state.evaluation
    assert ev is not None
    if ev.step == 3 and len(ev.placed) < ev.uncracked and state.spare:
        places = [MenuItem("robnrun.menu.place", Action("place", None, {"building": b}),
                           {"building": b}) for b in placeable(state)]
        if places:
            return places
    colour = route_dealer(state)
    if ev.step == 5 and colour is not None:
        prices = DEALER_PRICES[colour]
        return [MenuItem(f"robnrun.menu.buy_{n}", Action("buy", None, {"cubes": n}),
                         {"price": sum(prices[:n])})
                for n in (0, 1, 2) if n <= state.station[colour]
                and sum(prices[:n]) <= state.gold]
    return [MenuItem("robnrun.menu.next", Action("next"))]


_MENUS = {"prepare": _prepare, "clues": _clues, "crew": _crew, "alarm": _alarm,
          "evaluation": _evaluation}


def leds(view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
    """Each column shows the cubes on its alarm system, from the bottom."""
    station = _game_view(view).get("station")
    if not isinstance(station, Mapping):
        return LedFrame()
    return LedFrame.bars([min(ROWS, int(station[colour]["cubes"])) for colour in COLOURS])


def sounds(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Sound]:
    """The siren when the red alarm goes off; DONE when a robbery ends without it."""
    old, new = _game_view(before), _game_view(after)
    if old.get("phase") != "alarm" or new.get("phase") != "evaluation":
        return []
    evaluation = new.get("evaluation")
    return [Sound.SIREN] if isinstance(evaluation, Mapping) and evaluation["alarm"] else [
        Sound.DONE]


def _game_view(view: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The game's part of a table view (a game view is taken as it is)."""
    state = view.get("state")
    return state if isinstance(state, Mapping) else view
