"""The digital sheet (sheet mode): which number may go into which field of an order.

A colour's value this roll is its die or its pair's sum; a joker adds to one colour's value;
a chameleon carries a colour's value into a field of another colour. Every colour is used at
most once per roll and player, every joker too. Within an order each number respects every
other one (A.1.4); a number that leaves an order impossible to finish is written all the same
and only warned about (reading A.3-13).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from companion.games.base import IllegalAction
from companion.games.safehouse.profile import GREY6, Profile, SheetOrder, example_sheets

PRINTED = 6
"""The grey field's printed number."""
LOWEST, HIGHEST = 1, 20
"""The numbers a roll can give: a single 1 up to a pair of fives with both jokers."""

Cells = tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class Entry:
    """A number written this roll: where, from which colour's value, with which jokers (their
    places among this roll's jokers), and whether a chameleon carried it."""

    row: int
    field: int
    colour: str
    jokers: tuple[int, ...] = ()
    chameleon: bool = False


@dataclass(frozen=True, slots=True)
class Hand:
    """What one player has of this roll: each colour's value, the colours already used, the
    jokers not used yet (by place), and whether a chameleon is left."""

    values: Mapping[str, int]
    used: frozenset[str]
    jokers: Mapping[int, int]
    chameleon: bool


def sheets(profile: Profile) -> Mapping[str, tuple[SheetOrder, ...]]:
    """The box's sheets: the group's own, or the example ones."""
    return profile.sheets or _examples(profile.orders)


@cache
def _examples(orders: int) -> Mapping[str, tuple[SheetOrder, ...]]:
    return example_sheets(orders)


def blank(orders: tuple[SheetOrder, ...]) -> tuple[Cells, ...]:
    return tuple((None,) * len(order.fields) for order in orders)


def cells(order: SheetOrder, numbers: Cells) -> Cells:
    """The order's fields as numbers: the written ones and the printed grey 6."""
    return tuple(PRINTED if kind == GREY6 else n
                 for kind, n in zip(order.fields, numbers, strict=True))


def status(order: SheetOrder, numbers: Cells) -> str:
    """Closed when every colour field holds a number, open with at least one, else empty."""
    written = [n is not None for kind, n in zip(order.fields, numbers, strict=True)
               if kind != GREY6]
    return "closed" if all(written) else "open" if any(written) else "empty"


def respects(rule: str, row: Cells, field: int, number: int) -> bool:
    """Whether ``number`` in ``field`` keeps the order's rule with every number in it."""
    return all(_in_order(rule, n, number) if place < field else _in_order(rule, number, n)
               for place, n in enumerate(row) if n is not None and place != field)


def _in_order(rule: str, left: int, right: int) -> bool:
    if rule == "equal":
        return left == right
    return left < right if rule == "strict" else left <= right


def completable(rule: str, row: Cells) -> bool:
    """Whether the empty fields can still be filled: each with the least number it allows."""
    least = LOWEST
    for n in row:
        value = least if n is None else n
        if value < least or value > HIGHEST:
            return False
        least = value + (rule == "strict")
    return True


def sums(value: int, jokers: Mapping[int, int]) -> dict[int, tuple[int, ...]]:
    """Each number a colour's value makes with the jokers left, and the jokers it takes
    (the fewest)."""
    made: dict[int, tuple[int, ...]] = {}
    for size in range(len(jokers) + 1):
        for places in combinations(sorted(jokers), size):
            made.setdefault(value + sum(jokers[p] for p in places), places)
    return made


def offers(order: SheetOrder, numbers: Cells, field: int, hand: Hand) -> list[tuple[int, str]]:
    """Every (number, colour) that may go into ``field`` now: its own colour first."""
    kind = order.fields[field]
    if kind == GREY6 or numbers[field] is not None:
        return []
    row = cells(order, numbers)
    sources = sorted((c for c in hand.values if c not in hand.used
                      and (c == kind or hand.chameleon)), key=lambda c: c != kind)
    return [(number, colour) for colour in sources
            for number in sorted(sums(hand.values[colour], hand.jokers))
            if respects(order.rule, row, field, number)]


def write(order: SheetOrder, numbers: Cells, at: tuple[int, int], number: int,
          colour: str | None, hand: Hand) -> Entry:
    """The entry for ``number`` written into field ``at`` (order, field), or the refusal:
    ``colour`` names the die's colour when a chameleon carries it into another field."""
    row, field = at
    kind = order.fields[field]
    if kind == GREY6:
        raise IllegalAction("safehouse.sheet.printed")
    if numbers[field] is not None:
        raise IllegalAction("safehouse.sheet.written", number=numbers[field])
    source = colour or kind
    if source != kind and not hand.chameleon:
        raise IllegalAction("safehouse.sheet.no_chameleon")
    if source in hand.used:
        raise IllegalAction(f"safehouse.sheet.used.{source}")
    if source not in hand.values:
        raise IllegalAction(f"safehouse.sheet.no_value.{source}")
    made = sums(hand.values[source], hand.jokers)
    if number not in made:
        raise IllegalAction(f"safehouse.sheet.number.{source}",
                            numbers=", ".join(map(str, sorted(made))))
    if not respects(order.rule, cells(order, numbers), field, number):
        raise IllegalAction(f"safehouse.sheet.rule.{order.rule}")
    return Entry(row, field, source, made[number], source != kind)
