"""What the box's buttons, LEDs and buzzer do in Räuber und Gendarm.

The buttons do everything but the two things only a player's own phone may do, because they
rest on the secret catcher: claiming a capture and taking a gendarme out of play. For a player
without a phone, whose chip lies face down on the table, the box does those too: it offers
every gendarme in play (it does not know the chip) and takes the table's word; a capture behind
"Räuber gefangen …", two presses of OK away. A side without a phone is offered that chip first,
before the deal and after it while its dealt catcher waits for a phone. The menu is built from
what the box may send now, which never depends on a catcher the box keeps. TURN ends the turn,
and is offered only when it may (not while a duty roll, its removal or a forced exit is due);
each turn's menu starts at its first entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.base import JSON, Action, Button, Controls, LedFrame, MenuItem, Sound
from companion.games.gendarm.rules import RULES
from companion.games.gendarm.state import (
    FACES,
    SEATS,
    GendarmState,
    colour,
    has_catcher,
    kept_secret,
    on_turn,
)

ROWS = 6
SAFE_OR_HIDDEN, ON_TURN = 4, 5
"""The LEDs of a player's robber column (from the bottom) that say it has a robber out of
reach, and that it is on turn."""

_PLAY_ORDER = ("keep_chip", "roll", "remove", "hide", "leave", "safe", "unsafe", "stuck",
               "end_turn", "claim")
"""The play menu's order: first a real chip for a side whose catcher waits in the box (the
Table shows it only while no phone holds the seat), for without one that side catches
nothing."""


def controls(state: GendarmState) -> Controls:
    if state.phase == "over":
        return Controls([MenuItem("gendarm.menu.end_game", Action("table.end_game"))])
    allowed = RULES.allowed_actions(state, None)
    if state.phase == "start":
        menu = _start(state)
        return Controls(menu, {Button.TURN: menu[0].action} if len(menu) == 1 else {})
    if state.phase == "deal":
        return _deal(state, allowed)
    keys = {Button.TURN: Action("end_turn")} if "end_turn" in allowed else {}
    if state.step.claim and "claim" in allowed:
        return _claiming(state, keys)
    menu = [item for kind in _PLAY_ORDER if kind in allowed for item in _items(state, kind)]
    return Controls(menu, keys, state.turn)


def _claiming(state: GendarmState, keys: dict[Button, Action]) -> Controls:
    """The gendarmes to claim a capture with for a chip on the table; BACK closes the list."""
    close = Action("claim", None, {"open": False})
    menu = [*_items(state, "capture"), MenuItem("gendarm.menu.claim_close", close)]
    return Controls(menu, {**keys, Button.BACK: close}, state.turn)


def _start(state: GendarmState) -> list[MenuItem]:
    """The box rolls for both; from the table's die the group says who rolled higher."""
    if state.settings.dice == "box":
        return [MenuItem("gendarm.menu.start_roll", Action("start_roll"))]
    return [MenuItem(f"gendarm.menu.starter.{colour(state, seat)}",
                     Action("start_roll", None, {"starter": seat})) for seat in range(SEATS)]


def _deal(state: GendarmState, allowed: list[str]) -> Controls:
    """Each side still without a catcher may keep a real chip face down (the box shows that
    only for a seat no phone holds, so first); where the box deals, TURN deals the rest."""
    chips = _chips(state, [seat for seat in _black_first(state)
                           if not has_catcher(state.players[seat])])
    if "deal" in allowed:
        return Controls([*chips, MenuItem("gendarm.menu.deal", Action("deal"))],
                        {Button.TURN: Action("deal")})
    return Controls(chips)


def _chips(state: GendarmState, seats: list[int]) -> list[MenuItem]:
    """A real chip face down for each of ``seats``: one drawn already (``catchers: chips``),
    or one to take from the game's box."""
    kind = "keep_chip" if state.settings.catchers == "chips" else "take_chip"
    return [MenuItem(f"gendarm.menu.{kind}.{colour(state, seat)}",
                     Action("keep_chip", None, {"seat": seat})) for seat in seats]


def _black_first(state: GendarmState) -> list[int]:
    return sorted(range(SEATS), key=lambda seat: colour(state, seat) != "black")


def _items(state: GendarmState, kind: str) -> list[MenuItem]:
    if kind == "roll" and state.settings.dice == "table":
        return [MenuItem("gendarm.menu.rolled", Action("roll", None, {"value": n}),
                         {"value": n}) for n in range(1, FACES + 1)]
    if kind == "hide":
        return [MenuItem("gendarm.menu.hide", Action("hide", None, {"hideout": n + 1}),
                         {"hideout": n + 1})
                for n, held in enumerate(state.hideouts) if held is None]
    if kind == "claim":
        return [MenuItem("gendarm.menu.claim", Action("claim", None, {"open": True}))]
    if kind == "keep_chip":
        return _chips(state, [seat for seat in _black_first(state)
                              if kept_secret(state.players[seat])])
    if kind in ("remove", "capture"):
        return [MenuItem(f"gendarm.menu.{kind}", Action(kind, None, {"gendarme": n}),
                         {"gendarme": n}) for n in _offered(state, kind)]
    return [MenuItem(f"gendarm.menu.{kind}", Action(kind))]


def _offered(state: GendarmState, kind: str) -> list[int]:
    """The gendarmes the box offers for a chip on the table: every one in play; once a capture
    showed the chip, that one to catch with and the others to give up."""
    player = state.players[on_turn(state)]
    if not player.shown:
        return list(player.gendarmes)
    if kind == "capture":
        return [n for n in player.gendarmes if n == player.catcher]
    return [n for n in player.gendarmes if n != player.catcher]


def leds(view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
    """Yellow and red: each player's gendarmes in play. Green and white: each player's robbers
    not caught (bottom), one out of reach (5th), on turn (6th)."""
    state = _game_view(view)
    players = state.get("players")
    if not isinstance(players, Sequence) or len(players) != SEATS:
        return LedFrame()
    first, second = (_robber_column(state, p) for p in players)
    return LedFrame((_bar(len(players[0]["gendarmes"])), first, second,
                     _bar(len(players[1]["gendarmes"]))))


def _bar(height: int) -> tuple[bool, ...]:
    return tuple(row < height for row in range(ROWS))


def _robber_column(state: Mapping[str, JSON], player: Mapping[str, JSON]) -> tuple[bool, ...]:
    robbers = list(player["robbers"])
    free = len(robbers) - robbers.count("caught")
    away = "safe" in robbers or "hidden" in robbers
    mine = state.get("turn") == player["seat"]
    return tuple(row < free or (row == SAFE_OR_HIDDEN and away) or (row == ON_TURN and mine)
                 for row in range(ROWS))


def sounds(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Sound]:
    """WARN when a duty roll falls due and when it comes up odd; the SIREN for a capture,
    DONE at the end."""
    old, new = _game_view(before), _game_view(after)
    said = []
    if _newly(old, new, "roll") or _newly(old, new, "remove"):
        said.append(Sound.WARN)
    if _caught(new) > _caught(old):
        said.append(Sound.SIREN)
    if old.get("phase") != "over" and new.get("phase") == "over":
        said.append(Sound.DONE)
    return said


def _newly(old: Mapping[str, JSON], new: Mapping[str, JSON], duty: str) -> bool:
    return bool((new.get("duty") or {}).get(duty)) and not (old.get("duty") or {}).get(duty)


def _caught(state: Mapping[str, JSON]) -> int:
    return sum(list(p["robbers"]).count("caught") for p in state.get("players") or ())


def _game_view(view: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The game's part of a table view (a game view is taken as it is)."""
    state = view.get("state")
    return state if isinstance(state, Mapping) else view
