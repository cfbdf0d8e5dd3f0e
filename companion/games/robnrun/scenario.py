"""Scenarios: the six clues, where the dealers hide, the alarm cubes at the start.

A custom scenario is checked as the rules describe it: 6 clues; the 4 dealers on the 4
quarters; at least 1 cube on each of the 5 marked squares, never more toward the airport; no
more cubes of a colour than the box holds. An expert scenario also names 3 forbidden clues,
and its 6 come from the other 13.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from companion.games.base import JSON, IllegalAction, InvalidAction, whole
from companion.games.record import dump, parse
from companion.games.robnrun.pieces import CLUES, COLOURS, CREW_CLUES, SUPPLY
from companion.games.robnrun.profile import MARKED, NAME_LENGTH, QUARTERS, Profile

CLUE_COUNT = 6
FORBIDDEN = 3


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario's setup; ``squares`` holds the cubes of each marked square, car side first."""

    name: str
    clues: tuple[int, ...]
    dealers: dict[str, int]
    station: dict[str, int]
    squares: tuple[tuple[str, ...], ...]
    forbidden: tuple[int, ...] = ()
    example: bool = False


EXAMPLE = Scenario(
    name="Das Training",
    clues=(1, 2, 3, 4, 5, 7),
    dealers={"yellow": 0, "green": 1, "white": 2, "red": 3},
    station={"yellow": 0, "green": 0, "white": 0, "red": 0},
    squares=(("yellow", "green"), ("red", "white"), ("green",), ("red",), ("yellow",)),
    example=True,
)


def to_json(scenario: Scenario) -> JSON:
    return dump(scenario)


def from_json(data: JSON) -> Scenario:
    """A scenario from a phone or a file, refused with a sentence saying what to fix."""
    scenario = replace(parse(Scenario, data, "robnrun.scenario.malformed"), example=False)
    check(scenario)
    return scenario


def check(scenario: Scenario) -> None:
    """Raise InvalidAction naming the first rule the scenario breaks."""
    if not isinstance(scenario.name, str) or not 0 < len(scenario.name.strip()) <= NAME_LENGTH:
        raise InvalidAction("robnrun.scenario.name", maximum=NAME_LENGTH)
    _check_clues(scenario)
    if not all(whole(quarter) for quarter in scenario.dealers.values()):
        raise InvalidAction("robnrun.scenario.dealers_whole", last=QUARTERS - 1)
    if sorted(scenario.dealers) != sorted(COLOURS) or sorted(
            scenario.dealers.values()) != list(range(QUARTERS)):
        raise InvalidAction("robnrun.scenario.dealers")
    if sorted(scenario.station) != sorted(COLOURS) or not all(
            _is_count(n) for n in scenario.station.values()):
        raise InvalidAction("robnrun.scenario.station")
    _check_squares(scenario.squares)
    for colour in COLOURS:
        used = scenario.station[colour] + sum(square.count(colour) for square in scenario.squares)
        if used > SUPPLY[colour]:
            raise InvalidAction(f"robnrun.scenario.supply.{colour}", total=SUPPLY[colour])


def _check_clues(scenario: Scenario) -> None:
    clues, forbidden = scenario.clues, scenario.forbidden
    if not all(whole(clue) for clue in clues):
        raise InvalidAction("robnrun.scenario.clues_whole", last=CLUES[-1])
    if not all(whole(clue) for clue in forbidden):
        raise InvalidAction("robnrun.scenario.forbidden_whole", last=CLUES[-1])
    if len(clues) != CLUE_COUNT or len(set(clues)) != CLUE_COUNT or not set(clues) <= set(CLUES):
        raise InvalidAction("robnrun.scenario.clues", total=CLUE_COUNT)
    if forbidden and (len(set(forbidden)) != FORBIDDEN or not set(forbidden) <= set(CLUES)):
        raise InvalidAction("robnrun.scenario.forbidden", total=FORBIDDEN)
    if set(forbidden) & set(clues):
        raise InvalidAction("robnrun.scenario.forbidden_used",
                            clues=", ".join(str(c) for c in sorted(set(forbidden) & set(clues))))


def _check_squares(squares: Sequence[Sequence[str]]) -> None:
    if len(squares) != MARKED or not all(squares):
        raise InvalidAction("robnrun.scenario.squares", total=MARKED)
    if not all(cube in COLOURS for square in squares for cube in square):
        raise InvalidAction("robnrun.scenario.cubes")
    if any(len(later) > len(earlier) for earlier, later in pairwise(squares)):
        raise InvalidAction("robnrun.scenario.squares_order")


def check_table(scenario: Scenario, profile: Profile, seats: int) -> None:
    """Raise IllegalAction if the scenario cannot be played with this box at this table."""
    if seats == 2 and set(scenario.clues) & CREW_CLUES:
        out = sorted(set(scenario.clues) & CREW_CLUES)
        raise IllegalAction("robnrun.scenario.two_players", clues=", ".join(map(str, out)))
    for colour in COLOURS:
        if scenario.station[colour] > len(profile.track(seats, colour)) - 1:
            raise IllegalAction(f"robnrun.scenario.station_full.{colour}", seats=seats)


def randomised(scenario: Scenario, cubes: Sequence[str], quarters: Sequence[int]) -> Scenario:
    """Variation 1: the scenario's numbers of cubes, their colours and the dealers drawn.

    ``cubes`` is the box's 12 cubes shuffled, ``quarters`` the 4 quarters shuffled.
    """
    on_station = sum(scenario.station.values())
    station = {colour: list(cubes[:on_station]).count(colour) for colour in COLOURS}
    squares, at = [], on_station
    for square in scenario.squares:
        squares.append(tuple(cubes[at:at + len(square)]))
        at += len(square)
    dealers = dict(zip(COLOURS, quarters, strict=True))
    return replace(scenario, station=station, squares=tuple(squares), dealers=dealers)


def all_cubes() -> list[str]:
    """The box's 12 cubes, for the Table to shuffle."""
    return [colour for colour in COLOURS for _ in range(SUPPLY[colour])]


def _is_count(value: object) -> bool:
    return whole(value) and value >= 0
