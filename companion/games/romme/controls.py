"""Räuber-Rommé on the box: its menus and buttons, the countdown on the LEDs, the buzzer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from companion.games.base import JSON, Action, Button, Controls, LedFrame, MenuItem, Sound
from companion.games.romme.rules import RULES
from companion.games.romme.state import (
    JOKER,
    LEDS,
    TILE_SET,
    RommeState,
    may_hold_nothing,
    missing_seats,
    settle_ms,
    tile_seats,
)


def controls(state: RommeState) -> Controls:
    if state.phase == "turn":
        menu = [MenuItem(f"romme.menu.{kind}", Action(kind))
                for kind in ("draw", "failed_manipulation", "romme", "stuck")]
        return Controls(menu, {Button.TURN: Action("end_turn"), Button.TURN_LONG: Action("pause")},
                        state.turn)
    if state.phase == "settle":
        hold = Action("pause") if settle_ms(state) is not None else Action("resume")
        return Controls([], {Button.TURN: Action("resume"), Button.TURN_LONG: hold})
    if state.phase in ("ready", "paused"):
        menu = ([MenuItem("romme.menu.finish", Action("finish"))]
                if "finish" in RULES.allowed_actions(state, None) else [])
        return Controls(menu, {Button.TURN: Action("resume"), Button.TURN_LONG: Action("resume")})
    if state.phase == "scoring":
        return _scoring_controls(state)
    return Controls([MenuItem("romme.menu.end_game", Action("table.end_game"))])


def _scoring_controls(state: RommeState) -> Controls:
    """Enter each loser's hand on the box alone by its total: add or take off points for the
    seat in focus (a joker is 50), move on; once every hand is in, making the scores final
    comes first."""
    assert state.scoring is not None
    menu, keys = [], {}
    seats, focus = tile_seats(state), state.scoring.focus
    if focus is not None:
        menu = _totals(state, focus)
        if may_hold_nothing(state, focus):
            menu.append(MenuItem("romme.menu.no_tiles",
                                 Action("score", None, {"seat": focus, "tiles": []}),
                                 {"seat": focus + 1}))
        menu.append(MenuItem("romme.menu.clear", Action("score", None, {"seat": focus}),
                             {"seat": focus + 1}))
    if len(seats) > 1 and focus is not None:
        after = seats[(seats.index(focus) + 1) % len(seats)]
        entered = state.scoring.tiles[after]
        move = Action("score", None, {"seat": after} if entered is None else
                      {"seat": after, "tiles": list(entered)})
        menu.append(MenuItem("romme.menu.next_seat", move, {"seat": after + 1}))
        keys[Button.TURN] = move
    if not missing_seats(state):
        menu.insert(0, MenuItem("romme.menu.confirm", Action("confirm_scores")))
    return Controls(menu, keys)


STEPS = (10, 5, 1, -1, -10)
"""What an item adds to the hand's total besides a joker: the cursor stays on it after OK,
so a hand of 64 is six OKs on +10, one on +5 and one on -1."""


def _totals(state: RommeState, seat: int) -> list[MenuItem]:
    """Points on and off ``seat``'s hand, each item naming the total it leads to; the hand
    is sent as the fewest tiles of that total the set still has beside the other hands."""
    assert state.scoring is not None
    held = list(state.scoring.tiles[seat] or ())
    jokers, rest = held.count(JOKER), sum(t for t in held if t != JOKER)
    others = Counter(t for s, hand in enumerate(state.scoring.tiles)
                     if s != seat for t in hand or ())
    menu = []
    for key, more_jokers, more in (*(("romme.menu.change", 0, step) for step in STEPS),
                                   ("romme.menu.add_joker", 1, 0)):
        tiles = _hand(rest + more, jokers + more_jokers, others)
        if tiles is not None:
            said = {"change": f"{more:+d}"} if more else {}
            menu.append(MenuItem(key, Action("score", None, {"seat": seat, "tiles": tiles}),
                                 {**said, "total": sum(tiles)}))
    return menu


def _hand(points: int, jokers: int, others: Counter[int]) -> list[int] | None:
    """The fewest tiles worth ``points`` plus ``jokers`` jokers that the set still has beside
    ``others``; None if there are none (or nothing to enter)."""
    if points < 0 or jokers > TILE_SET[JOKER] - others[JOKER] or not points + jokers:
        return None
    tiles = []
    for value in range(10, 0, -1):
        count = min(TILE_SET[value] - others[value], points // value)
        tiles += [value] * count
        points -= value * count
    return [*tiles, *[JOKER] * jokers] if points == 0 else None


def leds(view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
    """The time left as 24 LEDs: yellow drains first, red holds the last quarter. While the
    group settles after an overrun, the next turn's whole time stands lit."""
    timer = view.get("timer")
    if remaining_ms is None or not timer:
        return LedFrame()
    if not timer.get("turn", True):
        return LedFrame.bars([6] * 4)
    limit = int(timer["limit_ms"])
    lit = -(-LEDS * max(0, min(remaining_ms, limit)) // limit)
    return LedFrame.bars([max(0, min(6, lit - 6 * (3 - column))) for column in range(4)])


def sounds(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Sound]:
    """OVERRUN when the clock ends a turn, WARN when the next turn's clock starts after the
    group settled (often by itself, with nobody pressing a button), DONE when a round ends;
    never when undo steps back."""
    old, new = _game_view(before), _game_view(after)
    said = []
    if _is_new_overrun(old, new):
        said.append(Sound.OVERRUN)
    if old.get("phase") == "settle" and new.get("phase") == "turn":
        said.append(Sound.WARN)
    if old.get("phase") == "turn" and new.get("phase") == "scoring":
        said.append(Sound.DONE)
    return said


def _is_new_overrun(old: Mapping[str, JSON], new: Mapping[str, JSON]) -> bool:
    """The last turn was an overrun and its player's count in a row just went up."""
    last, before = new.get("last"), old.get("players") or []
    if not last or last["kind"] not in ("overrun", "left") or last["seat"] >= len(before):
        return False
    seat = last["seat"]
    return bool(new["players"][seat]["overruns"] > before[seat]["overruns"])


def _game_view(view: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The game's part of a table view (a game view is taken as it is)."""
    state = view.get("state")
    return state if isinstance(state, Mapping) else view
