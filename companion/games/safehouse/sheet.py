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
from functools import cache, lru_cache
from itertools import combinations

from companion.games.base import IllegalAction
from companion.games.safehouse.profile import (
    GREY6,
    LETTERS,
    Profile,
    SheetOrder,
    example_sheets,
)

PRINTED = 6
"""The grey field's printed number."""
LOWEST, HIGHEST = 1, 20
"""The numbers a roll can give: a single 1 up to a pair of fives with both jokers."""

Cells = tuple[int | None, ...]
Offers = tuple[tuple[tuple[tuple[int, str], ...], ...], ...]
"""Per order, per field, each (number, colour) the field may take now."""
OFFERS_KEPT = 32
"""How many sheets' offers are kept worked out: every seat's, now and a few steps back."""


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
    """The box's sheets: those the group typed, or the four example ones if it typed none."""
    return profile.sheets or _examples(profile.orders)


def letters(profile: Profile) -> list[str]:
    """The letters a phone may take, in the pad's order: a sheet the box holds each."""
    return [letter for letter in LETTERS if letter in sheets(profile)]


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
    low, high = bounds(rule, row, field)
    return low <= number <= high


def bounds(rule: str, row: Cells, field: int) -> tuple[int, int]:
    """The least and the greatest number ``field`` takes beside the order's other numbers:
    equal to them all, or above those left of it and below those right of it."""
    if rule == "equal":
        others = [n for place, n in enumerate(row) if n is not None and place != field]
        return max(others, default=LOWEST), min(others, default=HIGHEST)
    step = int(rule == "strict")
    left = [n for n in row[:field] if n is not None]
    right = [n for n in row[field + 1:] if n is not None]
    return max(left, default=LOWEST - step) + step, min(right, default=HIGHEST + step) - step


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


def offers(orders: tuple[SheetOrder, ...], rows: tuple[Cells, ...], hand: Hand) -> Offers:
    """For every field of the sheet, each (number, colour) it may take now, its own colour
    first. Worked out once for a sheet and hand: the phones' views after each action ask
    again for every seat, and only the one who wrote has a new sheet or hand."""
    return _offers(orders, rows, tuple(hand.values.items()), hand.used,
                   tuple(hand.jokers.items()), hand.chameleon)


@lru_cache(maxsize=OFFERS_KEPT)
def _offers(orders: tuple[SheetOrder, ...], rows: tuple[Cells, ...],
            values: tuple[tuple[str, int], ...], used: frozenset[str],
            jokers: tuple[tuple[int, int], ...], chameleon: bool) -> Offers:
    left = dict(jokers)
    made = {colour: sorted(sums(value, left)) for colour, value in values if colour not in used}
    return tuple(_order_offers(order, numbers, made, chameleon)
                 for order, numbers in zip(orders, rows, strict=True))


def _order_offers(order: SheetOrder, numbers: Cells, made: Mapping[str, list[int]],
                  chameleon: bool) -> tuple[tuple[tuple[int, str], ...], ...]:
    row = cells(order, numbers)
    return tuple(_field_offers(order, row, field, made, chameleon)
                 for field in range(len(order.fields)))


def _field_offers(order: SheetOrder, row: Cells, field: int, made: Mapping[str, list[int]],
                  chameleon: bool) -> tuple[tuple[int, str], ...]:
    kind = order.fields[field]
    if kind == GREY6 or row[field] is not None:
        return ()
    low, high = bounds(order.rule, row, field)
    sources = sorted((c for c in made if c == kind or chameleon), key=lambda c: c != kind)
    return tuple((n, colour) for colour in sources for n in made[colour] if low <= n <= high)


def refusals(orders: tuple[SheetOrder, ...], rows: tuple[Cells, ...],
             hand: Hand) -> list[list[str | None]]:
    """For every field of the sheet, why it takes no number now (a text key): its colour
    used, not rolled, or the order's rule; None where a number fits, stands or is printed."""
    found = offers(orders, rows, hand)
    return [[None if taken or order.fields[field] == GREY6 or numbers[field] is not None
             else _refusal(order.fields[field], order.rule, hand)
             for field, taken in enumerate(fits)]
            for order, numbers, fits in zip(orders, rows, found, strict=True)]


def _refusal(kind: str, rule: str, hand: Hand) -> str:
    if kind in hand.used:
        return f"safehouse.sheet.used.{kind}"
    if kind not in hand.values:
        return f"safehouse.sheet.no_value.{kind}"
    return f"safehouse.sheet.rule.{rule}"


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
