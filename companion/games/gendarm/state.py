"""The state of a game of Räuber und Gendarm and the facts derived from it.

The board and every move stay on the table: Getaway keeps the start roll, the secret catchers,
the gendarmes still in play, what became of each robber, the two hideouts and what the player
on turn must still do. Each player's catcher is the only secret.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

SEATS = 2
FACES = 6
"""The die, and the numbers on gendarmes and chips (level 3 leaves the 6 out)."""
HIDEOUTS = 2
PHASES = ("start", "deal", "play", "over")

FREE, SAFE, HIDDEN, CAUGHT = "free", "safe", "hidden", "caught"
"""What a robber is: on the board and catchable, safe on the opponent's start row, in a
hideout, or caught."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The options chosen at setup; the readings the group may switch are named by them."""

    level: int
    catchers: str
    """``box``: the box deals the catchers; ``chips``: each player types the drawn chip."""
    chips: str
    """``own``: each player draws from an own set; ``shared``: one pool with two of each."""
    dice: str
    """``box``: the box rolls (a reveal); ``table``: the real die, typed in."""
    safe: str
    """``for_good``: a safe robber stays safe; ``on_row``: only while it stands on the row."""
    safe_robbers: str
    """Level 3: ``first``: one safe robber in the game at a time; ``each``: one per player."""
    hide_by_move: str
    """Level 3: ``off``: a robber enters a hideout only after a 1 or a 6; ``on``: also by a
    move."""
    black: int
    """The seat that plays black (the other plays white)."""


@dataclass(frozen=True, slots=True)
class Player:
    """One side: the gendarmes still in play, each robber's fate, the secret catcher."""

    gendarmes: tuple[int, ...]
    robbers: tuple[str, ...]
    catcher: int | None = None
    shown: bool = False
    """Whether the catcher was shown to the opponent by a capture."""
    on_table: bool = False
    """The player has no phone and keeps the real chip face down on the table: the box does
    not know the catcher until a capture shows it, and its buttons act for the player."""


@dataclass(frozen=True, slots=True)
class Step:
    """What the player on turn must still do, and what the turn has done so far."""

    duty: bool = False
    """A safe robber's owner must roll before anything else (level 2 and 3)."""
    removal: bool = False
    """The duty roll was odd: the owner's phone takes a gendarme out of play."""
    rolled: bool = False
    """Level 3: the turn's roll was made (after a 1 or 6 only hiding or ending is left)."""
    moved: bool = False
    """The turn's move is one the box was told of (safe, leave, capture, off the row)."""
    claim: bool = False
    """The box's menu lists the gendarmes for a capture claim (for a chip on the table)."""


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll of the die: who rolled, the number, and what for (``duty`` or ``turn``)."""

    seat: int
    value: int
    kind: str


@dataclass(frozen=True, slots=True)
class GendarmState:
    """The whole game. ``hideouts`` holds the seat hiding in each (level 3); ``must_leave`` the
    seat whose hidden robber must leave with its next move."""

    settings: Settings
    players: tuple[Player, ...]
    phase: str = "start"
    start_rolls: tuple[tuple[int, ...], ...] = ()
    starter: int | None = None
    turn: int | None = None
    turns: int = 0
    """How many turns were handed on."""
    step: Step = Step()
    last_roll: Roll | None = None
    hideouts: tuple[int | None, ...] = (None,) * HIDEOUTS
    must_leave: int | None = None
    winner: int | None = None
    reason: str | None = None


# -- derived facts -----------------------------------------------------------------------------

def top(settings: Settings) -> int:
    """The highest gendarme and chip: 6, at level 3 only 5."""
    return FACES - 1 if settings.level == 3 else FACES


def chip_pool(settings: Settings) -> list[int]:
    """The chips one player draws from: an own set, or the one pool with two of each."""
    copies = 2 if settings.chips == "shared" else 1
    return [number for number in range(1, top(settings) + 1) for _ in range(copies)]


def has_catcher(player: Player) -> bool:
    """Whether the player's catcher is settled: dealt, typed in, or a chip kept on the table."""
    return player.catcher is not None or player.on_table


def kept_secret(player: Player) -> bool:
    """Whether the box keeps the player's catcher and has not shown it: only a phone can
    show it to the player."""
    return player.catcher is not None and not player.shown and not player.on_table


def robbers_at(level: int) -> int:
    return 2 if level == 3 else 1


def other(seat: int) -> int:
    return 1 - seat


def colour(state: GendarmState, seat: int) -> str:
    return "black" if seat == state.settings.black else "white"


def on_turn(state: GendarmState) -> int:
    assert state.turn is not None
    return state.turn


def has(player: Player, fate: str) -> bool:
    return fate in player.robbers


def catchable(player: Player) -> int:
    """How many of the player's robbers a catcher may take now: those free on the board."""
    return player.robbers.count(FREE)


def safe_count(state: GendarmState) -> int:
    return sum(p.robbers.count(SAFE) for p in state.players)


def may_become_safe(state: GendarmState, seat: int) -> bool:
    """Whether one more robber of ``seat`` may be safe ("Die Jagd": the other robber must stay
    in play; level 3 by default one in the game at a time, or one per player)."""
    if state.settings.level == 3 and state.settings.safe_robbers == "each":
        return not has(state.players[seat], SAFE)
    return safe_count(state) == 0


def may_hide(state: GendarmState, seat: int) -> bool:
    """Whether ``seat`` may put a robber into a free hideout: one hidden robber per player,
    none while one is safe, and a free hideout."""
    player = state.players[seat]
    return (has(player, FREE) and not has(player, HIDDEN) and not has(player, SAFE)
            and None in state.hideouts)


def with_player(state: GendarmState, seat: int, player: Player) -> GendarmState:
    players = (*state.players[:seat], player, *state.players[seat + 1:])
    return replace(state, players=players)


def turned(robbers: tuple[str, ...], before: str, after: str) -> tuple[str, ...]:
    """The robbers with the first one that was ``before`` now ``after``."""
    index = robbers.index(before)
    return (*robbers[:index], after, *robbers[index + 1:])
