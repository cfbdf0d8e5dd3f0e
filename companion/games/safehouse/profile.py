"""The box profile: the track's numbers the rule book does not print, typed in once per box.

"Schaut euch die Laufstrecke (1 bis Safehouse) an": the Safehouse's field, where the players'
pre-printed slashes end and where the pursuer starts, and how many orders a sheet holds. The
built-in profile holds the values we read from the rule book and is labelled as example values
until the group confirms them from their own sheets.

For the optional digital sheets it also holds the orders of the sheets the group uses (any of
S, A, F, E: the fields' colours, the order's rule and its arrow). The rule book prints none of
them: until the group types or imports at least one, four example sheets stand in, labelled as
such. The two parts are example values apart: typing the sheets confirms no track.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import JSON, InvalidAction, whole
from companion.games.record import dump, parse

NAME_LENGTH = 40
LAST_FIELD = 60
ORDERS = (5, 12)
"""The text names the top two orders and the bottom three: a sheet has at least 5."""
LETTERS = ("S", "A", "F", "E")
"""The four sheets of a pad: "anhand der Buchstaben in der linken Ecke (S, A, F und E)"."""
COLOURS = ("yellow", "green", "red", "blue")
GREY6 = "grey6"
"""The grey field with a printed 6 in each of the bottom three orders."""
GREY_ORDERS = 3
FIELDS = (3, 6)
"""Colour fields of an order: "drei bis sechs Farbfelder" (whether a grey 6 counts among the
three is not said: either way is taken)."""
RULES = ("equal", "strict", "nondecreasing")
"""Order 1: "alle Zahlen gleich"; order 2: "aufsteigen"; the rest "gleich hoch oder aufsteigend"."""
ARROWS = (2, 6)
"""What the white arrow of an order may say: "zwischen 2 und 6 Lauffelder"."""
TRACK = ("safehouse", "start", "pursuer", "orders")
"""The track's numbers, each a whole number (never 40.0 or true)."""


@dataclass(frozen=True, slots=True)
class SheetOrder:
    """One printed row: its fields left to right (a colour or the grey 6), rule and arrow."""

    fields: tuple[str, ...]
    rule: str
    arrow: int


@dataclass(frozen=True, slots=True)
class Profile:
    """The track of this box's sheets and the sheets typed in; ``example`` marks the track's
    built-in values."""

    name: str
    safehouse: int = 40
    """The Safehouse's field, the end of the track."""
    start: int = 16
    """The players' last pre-printed slash: "Euer Vorsprung geht bis Feld 16"."""
    pursuer: int = 0
    """The pursuer's last cross at the start: the first step before a roll crosses field 1."""
    orders: int = 8
    sheets: dict[str, tuple[SheetOrder, ...]] = field(default_factory=dict)
    """The orders of each sheet the group typed, by letter; empty: the example sheets."""
    example: bool = False
    """The track's numbers are the built-in ones, not yet confirmed by the group."""


EXAMPLE = Profile(name="Beispielwerte / example values", example=True)


def to_json(profile: Profile) -> JSON:
    return dump(profile)


def from_json(data: JSON) -> Profile:
    """A profile from a phone or a file, refused with a sentence saying what to fix. Its track
    is the group's own unless it says ``example`` (the lobby saving the sheets alone, a file
    exported before the group confirmed the track)."""
    profile = parse(Profile, data, "safehouse.profile.malformed")
    if not isinstance(profile.example, bool):
        raise InvalidAction("safehouse.profile.malformed")
    check(profile)
    return profile


def check(profile: Profile) -> None:
    """Refuse a profile no game can be played on."""
    if not isinstance(profile.name, str) or not 0 < len(profile.name.strip()) <= NAME_LENGTH:
        raise InvalidAction("safehouse.profile.name", maximum=NAME_LENGTH)
    for name in TRACK:
        if not whole(getattr(profile, name)):
            raise InvalidAction(f"safehouse.profile.whole.{name}")
    if not 0 <= profile.pursuer < profile.start < profile.safehouse <= LAST_FIELD:
        raise InvalidAction("safehouse.profile.track", last=LAST_FIELD)
    if not ORDERS[0] <= profile.orders <= ORDERS[1]:
        raise InvalidAction("safehouse.profile.orders", minimum=ORDERS[0], maximum=ORDERS[1])
    if profile.sheets:
        _check_sheets(profile)


def _check_sheets(profile: Profile) -> None:
    """The sheets the group uses (any of the four letters), each with the profile's orders,
    each order as the rule book has it."""
    if not isinstance(profile.sheets, dict) or not set(profile.sheets) <= set(LETTERS):
        raise InvalidAction("safehouse.profile.letters", letters=", ".join(LETTERS))
    for letter, orders in profile.sheets.items():
        if len(orders) != profile.orders:
            raise InvalidAction("safehouse.profile.sheet_orders", letter=letter,
                                orders=profile.orders)
        for row, order in enumerate(orders):
            _check_order(order, letter, row, grey=row >= profile.orders - GREY_ORDERS)


def _check_order(order: SheetOrder, letter: str, row: int, *, grey: bool) -> None:
    where = {"letter": letter, "row": row + 1}
    if not all(isinstance(f, str) and f in (*COLOURS, GREY6) for f in order.fields):
        raise InvalidAction("safehouse.profile.field", **where)
    if order.arrow is None:
        raise InvalidAction("safehouse.profile.arrow_missing", **where)
    greys = order.fields.count(GREY6)
    if not FIELDS[0] - greys <= len(order.fields) - greys <= FIELDS[1]:
        raise InvalidAction("safehouse.profile.fields", minimum=FIELDS[0], maximum=FIELDS[1],
                            **where)
    if greys > (1 if grey else 0):
        raise InvalidAction("safehouse.profile.grey", bottom=GREY_ORDERS, **where)
    if order.rule not in RULES:
        raise InvalidAction("safehouse.profile.rule", **where)
    if not whole(order.arrow):
        raise InvalidAction("safehouse.profile.arrow_whole", **where)
    if not ARROWS[0] <= order.arrow <= ARROWS[1]:
        raise InvalidAction("safehouse.profile.arrow", minimum=ARROWS[0], maximum=ARROWS[1],
                            **where)


def example_sheets(orders: int) -> dict[str, tuple[SheetOrder, ...]]:
    """Made-up sheets that play like the real ones (the layouts are not in the rule text)."""
    return {letter: tuple(_example_order(n, row, orders) for row in range(orders))
            for n, letter in enumerate(LETTERS)}


def _example_order(sheet: int, row: int, orders: int) -> SheetOrder:
    """Three to six fields, colours turning with sheet and row, the arrow one less than the
    colour fields; the bottom three orders with the grey 6 in the middle."""
    size = FIELDS[0] + (row + sheet) % (FIELDS[1] - FIELDS[0] + 1)
    colours = tuple(COLOURS[(sheet + row + 3 * i) % len(COLOURS)] for i in range(size))
    rule = RULES[min(row, 2)]
    if row >= orders - GREY_ORDERS:
        colours = (*colours[:size // 2], GREY6, *colours[size // 2:])
    return SheetOrder(colours, rule, max(ARROWS[0], min(ARROWS[1], size - 1)))
