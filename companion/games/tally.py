"""What a game counts for the group's records, from the outcome it made public at its end."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

Counts = dict[str, int]
"""Whole numbers a seat scored in one game (or a player over many), by name."""
Line = tuple[str, dict[str, int | str]]
"""A sentence of the records: its text key and parameters (``count`` picks the plural)."""


def nothing_counted(outcome: Mapping[str, object], seat: int) -> Counts:
    return {}


def no_lines(counts: Counts) -> list[Line]:
    return []


def placed_first(outcome: Mapping[str, object], seat: int) -> bool:
    """Whether ``seat`` took the first place (shared or not)."""
    return result(outcome, seat).get("place") == 1


@dataclass(frozen=True, slots=True)
class Tally:
    """How a game counts a seat's part of a finished game for the records: ``count`` reads
    the outcome; over games a count is added up unless ``highest`` or ``lowest`` names it,
    which keep the best of them (``bests`` names those a player is told about when a game
    beats them). ``won`` says whether a seat won (first place, unless the game says
    otherwise); ``lines`` says a player's counts in sentences of the game's texts."""

    count: Callable[[Mapping[str, object], int], Counts] = nothing_counted
    won: Callable[[Mapping[str, object], int], bool] = placed_first
    lines: Callable[[Counts], list[Line]] = no_lines
    bests: Mapping[str, str] = field(default_factory=dict)
    """A count kept as the highest, and the text key of the sentence that tells its new
    best (parameter ``value``)."""
    highest: frozenset[str] = field(default_factory=frozenset)
    lowest: frozenset[str] = field(default_factory=frozenset)
    record: tuple[str, str] | None = None
    """The count the box's lobby names the game's record holder by (the most of it), and
    the text key of its sentence (parameter ``count``); None: the most games won."""

    def combine(self, kept: Counts, more: Counts) -> Counts:
        """``kept`` with one more game's ``more`` counted in."""
        return {**kept, **{name: self._combined(name, kept.get(name), value)
                           for name, value in more.items()}}

    def _combined(self, name: str, kept: int | None, value: int) -> int:
        if kept is None:
            return value
        if name in self.highest:
            return max(kept, value)
        return min(kept, value) if name in self.lowest else kept + value


def result(outcome: Mapping[str, object], seat: int) -> Mapping[str, object]:
    """The outcome's result of ``seat`` (empty if it has none)."""
    results = outcome.get("results")
    if not isinstance(results, list):
        return {}
    return next((item for item in results
                 if isinstance(item, dict) and item.get("seat") == seat), {})


def whole_numbers(found: Mapping[str, object], *names: str) -> Counts:
    """The ``names`` of ``found`` that hold a whole number (an older record may lack some)."""
    return {name: value for name in names
            if isinstance(value := found.get(name), int) and not isinstance(value, bool)}


def signed(number: int) -> str:
    """A number of points as the games show it, with a real minus sign."""
    return f"\u2212{-number}" if number < 0 else str(number)


def share(part: int, whole: int, per: int = 1) -> int:
    """``part`` per ``per`` of ``whole``, rounded to a whole number (half away from zero)."""
    scaled = part * per
    return (abs(scaled) * 2 + whole) // (2 * whole) * (1 if scaled >= 0 else -1)
