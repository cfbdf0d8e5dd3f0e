"""The box profile: the numbers printed on the components, which the group types in once.

Per police-station side (2-5 players) the printed numbers of each alarm track from the bottom
up; the escape route; the quarters and their buildings with the safes each starts with. The
built-in profile holds example values and says so wherever it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.base import JSON, InvalidAction, whole
from companion.games.record import dump, parse
from companion.games.robnrun.pieces import BUILDING_SAFES, COLOURS

SIDES = ("2", "3", "4", "5")
TRACK_NUMBERS = (2, 7)
"""A track shows 2 to 7 numbers: up to 6 cubes fit on it (one LED each), the top stays free."""
ROUTE_LENGTH = (10, 40)
MARKED = 5
QUARTERS = 4
BUILDINGS = (1, 3)
NAME_LENGTH = 40


@dataclass(frozen=True, slots=True)
class Route:
    """The escape route's squares, counted from 0: the marked ones, the terminals, the starts."""

    length: int
    marked: tuple[int, ...]
    terminals: tuple[int, ...]
    car: int
    police: int


@dataclass(frozen=True, slots=True)
class Profile:
    """What is printed on this box's components; ``example`` marks the built-in values."""

    name: str
    stations: dict[str, dict[str, tuple[int, ...]]]
    route: Route
    quarters: tuple[tuple[int, ...], ...]
    jackhammer: str = "jackhammer"
    """The English name of the Presslufthammer, which the rule book does not give."""
    example: bool = False

    def track(self, seats: int, colour: str) -> tuple[int, ...]:
        """The printed numbers of one alarm track on the side for ``seats`` players."""
        return self.stations[str(seats)][colour]


EXAMPLE = Profile(
    name="Beispielwerte",
    stations={
        "2": {"yellow": (4, 3, 2, 1), "green": (8, 7, 6, 5), "white": (3, 3, 2, 2),
              "red": (4, 3, 2, 1)},
        "3": {"yellow": (4, 3, 2, 1), "green": (7, 6, 5, 4), "white": (4, 3, 3, 2),
              "red": (4, 3, 2, 1)},
        "4": {"yellow": (4, 3, 2, 1), "green": (6, 5, 4, 3), "white": (4, 4, 3, 3),
              "red": (4, 3, 2, 1)},
        "5": {"yellow": (4, 3, 2, 1), "green": (5, 4, 4, 3), "white": (5, 4, 4, 3),
              "red": (4, 3, 2, 1)},
    },
    route=Route(length=20, marked=(7, 9, 11, 13, 15), terminals=(17, 18, 19), car=5, police=0),
    quarters=((2, 3), (1, 2, 3), (3,), (2, 2)),
    example=True,
)


def to_json(profile: Profile) -> JSON:
    return dump(profile)


def from_json(data: JSON) -> Profile:
    """A profile from a phone or a file, refused with a sentence saying what to fix."""
    profile = replace(parse(Profile, data, "robnrun.profile.malformed"), example=False)
    check(profile)
    return profile


def check(profile: Profile) -> None:
    """Raise InvalidAction naming the first thing that cannot work."""
    if not isinstance(profile.name, str) or not 0 < len(profile.name.strip()) <= NAME_LENGTH:
        raise InvalidAction("robnrun.profile.name", maximum=NAME_LENGTH)
    if not isinstance(profile.jackhammer, str) or not 0 < len(profile.jackhammer) <= 20:
        raise InvalidAction("robnrun.profile.jackhammer", maximum=20)
    if not set(profile.stations) <= set(SIDES) or not all(
            set(tracks) <= set(COLOURS) for tracks in profile.stations.values()):
        raise InvalidAction("robnrun.profile.stations")
    for side in SIDES:
        for colour in COLOURS:
            _check_track(profile, side, colour)
    _check_route(profile.route)
    _check_quarters(profile.quarters)


def _check_track(profile: Profile, side: str, colour: str) -> None:
    numbers = profile.stations.get(side, {}).get(colour)
    if not numbers:
        raise InvalidAction(f"robnrun.profile.track_empty.{colour}", side=side)
    if not all(whole(n) and 0 <= n <= 20 for n in numbers):
        raise InvalidAction(f"robnrun.profile.track_numbers.{colour}", side=side)
    low, high = TRACK_NUMBERS
    if not low <= len(numbers) <= high:
        raise InvalidAction(f"robnrun.profile.track_length.{colour}", side=side,
                            minimum=low, maximum=high)


def _check_route(route: Route) -> None:
    squares = (*route.marked, *route.terminals, route.car, route.police)
    if not all(whole(n) for n in (route.length, *squares)):
        raise InvalidAction("robnrun.profile.route_whole")
    low, high = ROUTE_LENGTH
    if not low <= route.length <= high:
        raise InvalidAction("robnrun.profile.route_length", minimum=low, maximum=high)
    if not all(0 <= s < route.length for s in squares):
        raise InvalidAction("robnrun.profile.route_outside", last=route.length - 1)
    if not 0 <= route.police < route.car:
        raise InvalidAction("robnrun.profile.starts")
    marked = route.marked
    if len(marked) != MARKED or list(marked) != sorted(set(marked)):
        raise InvalidAction("robnrun.profile.marked", total=MARKED)
    terminals = route.terminals
    if len(terminals) != 3 or list(terminals) != sorted(set(terminals)):
        raise InvalidAction("robnrun.profile.terminals")
    if terminals[0] <= route.car:
        raise InvalidAction("robnrun.profile.terminals_start")
    if not (route.car < marked[0] and marked[-1] < terminals[0]):
        raise InvalidAction("robnrun.profile.marked_between")


def _check_quarters(quarters: tuple[tuple[int, ...], ...]) -> None:
    low, high = BUILDINGS
    if len(quarters) != QUARTERS or not all(low <= len(q) <= high for q in quarters):
        raise InvalidAction("robnrun.profile.quarters", total=QUARTERS, minimum=low, maximum=high)
    if not all(whole(n) and 1 <= n <= BUILDING_SAFES for q in quarters for n in q):
        raise InvalidAction("robnrun.profile.building_safes", maximum=BUILDING_SAFES)
