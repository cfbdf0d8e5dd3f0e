"""The state of a game of Rob 'n Run and the facts derived from it.

The safes behind the boss's screen, the cards of the alarm stack and each seat's notes are the
only secrets; everything else lies open on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.robnrun.pieces import NO_TOOLS, TOOLS, Safe, Tools
from companion.games.robnrun.profile import Profile
from companion.games.robnrun.scenario import Scenario

PHASES = ("prepare", "clues", "crew", "alarm", "evaluation", "won", "lost")
STEPS = 6
BAG_DRAWS = {2: 0, 3: 2, 4: 1, 5: 1}
"""Cards each crew member draws for a bag, by the number of players."""
STACK = {2: 56, 3: 61, 4: 61, 5: 61}
"""The tool stack: 56 tools and 5 bags; a 2-player game leaves the bags out."""


@dataclass(frozen=True, slots=True)
class ClueUse:
    """A clue the boss used, with the tool or number it named when that is public."""

    clue: int
    bought: bool
    tool: str | None = None
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Sorting:
    """What the boss's last sort did, as the whole table saw it: the tools laid face up, how
    many cards went onto the alarm stack (never which), the bags opened and what each seat
    drew for them, and the tool stack and alarm stack before and after."""

    round: int
    rows: Tools
    wrong: int
    bags: int
    drawn: tuple[int, ...]
    stack: tuple[int, int]
    alarm_stack: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Robbery:
    """One robbery: the boss, the building, the cards; ``safes`` and ``alarm`` are secret.

    ``openly``: the boss has no phone and plays on the box, the safes on its screen, once
    the box said so and asked (``asked``) and the group said yes; then
    ``draft`` holds the safes being entered there (``focus`` the one entered now) and
    ``cards`` the played cards being entered for the sort."""

    boss: int
    building: str | None = None
    taken: int = 0
    safes: tuple[Safe, ...] = ()
    dealt: bool = False
    clues: tuple[int, ...] = ()
    face_up: tuple[int, ...] = ()
    uses: tuple[ClueUse, ...] = ()
    hands: tuple[int, ...] = ()
    stack: int = 0
    bin: int = 0
    round: int = 1
    played: int = 0
    turn: int | None = None
    passes: int = 0
    exchanged: tuple[int, ...] = ()
    final: bool = False
    rows: Tools = NO_TOOLS
    alarm: Tools = NO_TOOLS
    bags: int = 0
    out: tuple[bool, ...] = (False,) * len(TOOLS)
    dealer: str | None = None
    sorting: Sorting | None = None
    openly: bool = False
    asked: bool = False
    draft: tuple[Safe, ...] = ()
    focus: int = 0
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The evaluation of a robbery, ``step`` 1-6 being the one shown now (already applied)."""

    cracked: tuple[int, ...]
    gold: int
    alarm: bool
    uncracked: int
    step: int = 1
    car_from: int = 0
    cubes: tuple[str, ...] = ()
    aside: int = 0
    placed: tuple[str, ...] = ()
    lost_safes: int = 0
    police_steps: int = 0
    bought: int | None = None


@dataclass(frozen=True, slots=True)
class RobState:
    """The whole game. ``buildings`` holds the safes on each building, quarter by quarter."""

    profile: Profile
    scenario: Scenario
    seats: int
    gold: int
    car: int
    police: int
    station: dict[str, int]
    squares: tuple[tuple[str, ...], ...]
    buildings: tuple[tuple[int, ...], ...]
    dealers: dict[str, str]
    robbery: Robbery
    phase: str = "prepare"
    spare: int = 5
    aside: int = 0
    robberies: int = 1
    variation2: bool = False
    evaluation: Evaluation | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)


# -- derived facts -----------------------------------------------------------------------------

def track(state: RobState, colour: str) -> tuple[int, ...]:
    return state.profile.track(state.seats, colour)


def capacity(state: RobState, colour: str) -> int:
    """How many cubes fit on a track: every number but the top one can be covered."""
    return len(track(state, colour)) - 1


def value(state: RobState, colour: str) -> int:
    """The active value: the lowest number not covered by a cube."""
    numbers = track(state, colour)
    return numbers[min(state.station[colour], len(numbers) - 1)]


def crew(state: RobState) -> list[int]:
    """The crew members, clockwise from the seat left of the boss."""
    boss = state.robbery.boss
    return [(boss + i) % state.seats for i in range(1, state.seats)]


def holding(state: RobState) -> list[int]:
    """The crew members with cards in hand, clockwise from the boss's left."""
    return [seat for seat in crew(state) if state.robbery.hands[seat] > 0]


def next_member(state: RobState, after: int) -> int | None:
    """The first crew member after ``after`` (clockwise) who holds cards; None if nobody does."""
    order = [(after + i) % state.seats for i in range(1, state.seats + 1)]
    return next((s for s in order if s != state.robbery.boss and state.robbery.hands[s] > 0),
                None)


def forced(state: RobState) -> bool:
    """Everyone who could act has passed in a row: the member on turn must play or exchange."""
    return state.robbery.passes >= len(holding(state))


def drafted(state: RobState) -> tuple[Safe, ...]:
    """The safes as entered on the box so far: blank ones until the first is entered."""
    r = state.robbery
    return r.draft or (Safe(NO_TOOLS, 0),) * r.taken


def alarm_count(state: RobState) -> int:
    return sum(state.robbery.alarm)


def building_id(quarter: int, index: int) -> str:
    """Buildings are named by quarter letter and number: A1, A2, B1, ..."""
    return f"{'ABCD'[quarter]}{index + 1}"


def find_building(state: RobState, building: object) -> tuple[int, int] | None:
    """The (quarter, index) of a building id, or None."""
    for quarter, counts in enumerate(state.buildings):
        for index in range(len(counts)):
            if building_id(quarter, index) == building:
                return quarter, index
    return None


def safes_on(state: RobState, building: str) -> int:
    where = find_building(state, building)
    return 0 if where is None else state.buildings[where[0]][where[1]]


def placeable(state: RobState) -> list[str]:
    """Buildings a new safe may go to: not empty and holding fewer than 3."""
    return [building_id(q, i) for q, counts in enumerate(state.buildings)
            for i, n in enumerate(counts) if 0 < n < 3]


def route_dealer(state: RobState) -> str | None:
    """The dealer standing on the escape route, if any."""
    return next((c for c, where in state.dealers.items() if where == "route"), None)


def rating(state: RobState) -> str:
    """The rule book's rating of a won game by gold (and terminal 2 or 3 for the best)."""
    if state.gold >= 12 and state.car >= state.profile.route.terminals[1]:
        return "perfect"
    if state.gold >= 8:
        return "living"
    return "start" if state.gold >= 4 else "free"
