"""The state of a Räuber-Rommé game, the facts derived from it, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from companion.games.base import JSON, TIME_UP_MS

JOKER = 50
TILE_SET = {**dict.fromkeys(range(1, 11), 8), JOKER: 4}
"""How many tiles of each value the set has: 1-10 in four colours, each twice, and 4 jokers."""
LEDS = 24
FIRST_MELD_POINTS = 20
"""What a player's first meld of a round needs from their own hand; Getaway only reminds of it,
it cannot see the tiles."""
NOT_MELDED, MELDED = -200, -100
"""What going out on the own first turn costs each opponent."""
OVERRUNS_TO_LEAVE = 2
"""The overruns in a row of a player's own turns that make them leave the game."""
RUNNING_PHASES = ("ready", "turn", "paused", "settle")
"""The phases of a round in play; in ``settle`` the group takes a moment after an overrun
before the next turn's clock starts."""
WAIT = "wait"
"""The ``after_overrun`` setting that waits for TURN (or a tap on a phone) instead of a time."""
AT_ONCE = "at_once"
"""The ``after_overrun`` setting that starts the next clock as soon as the players see it: when
the box's TIME'S UP screen is over. (Its older value 0 started it under that screen.)"""


@dataclass(frozen=True, slots=True)
class Settings:
    """The options chosen at setup."""

    turn_seconds: int
    overrun_penalty: str
    first_turn_bonus: str
    rounds: int
    after_overrun: int | str


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's scores and what it did this round; ``left_round`` is when it left the game.

    ``overruns`` counts the overruns in a row; the rest count the whole game for the records:
    turns taken, turns overrun, the time they used, rounds won and won on the first turn."""

    rounds: tuple[int, ...] = ()
    overruns: int = 0
    left_round: int | None = None
    melded: bool = False
    had_turn: bool = False
    turns: int = 0
    overran: int = 0
    turn_ms: int = 0
    rounds_won: int = 0
    first_turn_outs: int = 0


@dataclass(frozen=True, slots=True)
class Last:
    """What the turn just handed on ended with, and the penalty tiles it cost."""

    kind: str
    seat: int
    tiles: int


@dataclass(frozen=True, slots=True)
class Scoring:
    """A round being scored: who went out (None: stuck), each seat's tiles (None: not entered
    yet), the box's focus."""

    winner: int | None
    tiles: tuple[tuple[int, ...] | None, ...]
    focus: int | None = None


@dataclass(frozen=True, slots=True)
class RommeState:
    """The whole game; ``remaining_ms`` is the turn's time left when this state was entered,
    ``settled_ms`` how much of the settle time after an overrun had run by then."""

    settings: Settings
    players: tuple[Player, ...]
    phase: str = "ready"
    round: int = 1
    starter: int = 0
    turn: int = 0
    remaining_ms: int = 0
    last: Last | None = None
    scoring: Scoring | None = None
    settled_ms: int = 0


# -- derived facts -----------------------------------------------------------------------------

def limit_ms(state: RommeState) -> int:
    """The full time of a turn."""
    return state.settings.turn_seconds * 1000


def settle_ms(state: RommeState) -> int | None:
    """How long the group settles after an overrun before the next clock starts by itself
    ("at once": as the box's TIME'S UP screen ends); None: until someone presses TURN."""
    wait = state.settings.after_overrun
    if wait == WAIT:
        return None
    return TIME_UP_MS if wait == AT_ONCE else int(wait) * 1000


def settle_left_ms(state: RommeState) -> int | None:
    """What is left of the settle time when this state was entered; None: it waits for TURN."""
    wait = settle_ms(state)
    return None if wait is None else max(0, wait - state.settled_ms)


def countdown_ms(state: RommeState) -> int | None:
    """The time the running countdown had when this state was entered: the turn's, or the
    settle time's; None while nothing runs."""
    if state.phase == "turn":
        return state.remaining_ms
    return settle_left_ms(state) if state.phase == "settle" else None


def is_left(player: Player) -> bool:
    return player.left_round is not None


def active_seats(state: RommeState) -> list[int]:
    """The seats still in the game, in seat order."""
    return [seat for seat, player in enumerate(state.players) if not is_left(player)]


def next_seat(state: RommeState, seat: int) -> int:
    """The first seat after ``seat``, clockwise, that has not left."""
    count = len(state.players)
    return next(s % count for s in range(seat + 1, seat + count + 1)
                if not is_left(state.players[s % count]))


def play_order(state: RommeState, first: int) -> list[int]:
    """The seats still in the game, clockwise from ``first`` on."""
    return sorted(active_seats(state), key=lambda seat: (seat - first) % len(state.players))


def total(player: Player) -> int:
    return sum(player.rounds)


def first_meld(state: RommeState) -> int | None:
    """The points the player on turn must lay from their own hand, until their first
    ``end_turn`` (laid tiles) of the round; None when nobody has a turn or they melded."""
    if state.phase not in RUNNING_PHASES or state.players[state.turn].melded:
        return None
    return FIRST_MELD_POINTS


def is_first_turn_out(state: RommeState) -> bool:
    winner = state.scoring.winner if state.scoring else None
    return winner is not None and not state.players[winner].had_turn


def scoring_seats(state: RommeState) -> list[int]:
    """The losers of the round being scored: everyone in it except the winner."""
    winner = state.scoring.winner if state.scoring else None
    return [seat for seat, player in enumerate(state.players)
            if seat != winner and player.left_round in (None, state.round)]


def tile_seats(state: RommeState) -> list[int]:
    """The seats whose tiles must be counted (none when a first-turn bonus replaces them)."""
    if is_first_turn_out(state) and state.settings.first_turn_bonus == "instead":
        return []
    return scoring_seats(state)


def missing_seats(state: RommeState) -> list[int]:
    """The seats whose tiles the round still waits for: a player who left may enter theirs,
    never must (they rank last whatever they score)."""
    assert state.scoring is not None
    return [seat for seat in tile_seats(state)
            if state.scoring.tiles[seat] is None and not is_left(state.players[seat])]


def may_hold_nothing(state: RommeState, seat: int) -> bool:
    """Whether ``seat`` may enter an empty hand: only a player who left. Anyone still in the
    round holds a tile (the first to hold none went out); a leaver's tiles may be back in the
    box, and a leaver ranks last whatever they score."""
    return is_left(state.players[seat])


def round_points(state: RommeState, seat: int) -> int:
    """What ``seat`` scores for the round being scored, with the tiles entered so far."""
    assert state.scoring is not None
    if seat not in scoring_seats(state):
        return 0
    tiles = -sum(state.scoring.tiles[seat] or ())
    if not is_first_turn_out(state):
        return tiles
    bonus = first_turn_cost(state, seat)
    return bonus + (tiles if state.settings.first_turn_bonus == "additional" else 0)


def first_turn_cost(state: RommeState, seat: int) -> int:
    """What a player going out on the own first turn costs ``seat``: less once it laid."""
    return MELDED if state.players[seat].melded else NOT_MELDED


class Place(TypedDict):
    """A seat's place in the ranking and its minus points."""

    seat: int
    total: int
    place: int


def ranking(state: RommeState) -> list[Place]:
    """Fewest minus points first, ties share a place, players who left come last."""
    keys = [(is_left(player), -total(player)) for player in state.players]
    seats = sorted(range(len(state.players)), key=keys.__getitem__)
    return [{"seat": seat, "total": -keys[seat][1],
             "place": 1 + sum(other < keys[seat] for other in keys)} for seat in seats]


# -- JSON ---------------------------------------------------------------------------------------

def to_json(state: RommeState) -> dict[str, JSON]:
    s, sc = state.settings, state.scoring
    return {
        "settings": [s.turn_seconds, s.overrun_penalty, s.first_turn_bonus, s.rounds,
                     s.after_overrun],
        "players": [[list(p.rounds), p.overruns, p.left_round, p.melded, p.had_turn, p.turns,
                     p.overran, p.turn_ms, p.rounds_won, p.first_turn_outs]
                    for p in state.players],
        "phase": state.phase, "round": state.round, "starter": state.starter,
        "turn": state.turn, "remaining_ms": state.remaining_ms,
        "last": None if state.last is None else [state.last.kind, state.last.seat,
                                                 state.last.tiles],
        "scoring": None if sc is None else [sc.winner, [None if t is None else list(t)
                                                        for t in sc.tiles], sc.focus],
        "settled_ms": state.settled_ms,
    }


def from_json(data: Mapping[str, Any]) -> RommeState:
    sc = data["scoring"]
    return RommeState(
        settings=Settings(*data["settings"]),
        players=tuple(Player(tuple(p[0]), *p[1:]) for p in data["players"]),
        phase=data["phase"], round=data["round"], starter=data["starter"], turn=data["turn"],
        remaining_ms=data["remaining_ms"],
        last=None if data["last"] is None else Last(*data["last"]),
        scoring=None if sc is None else Scoring(
            sc[0], tuple(None if t is None else tuple(t) for t in sc[1]), sc[2]),
        settled_ms=data.get("settled_ms", 0),
    )
