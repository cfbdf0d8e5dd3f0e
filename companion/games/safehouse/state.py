"""The state of a game of Safehouse and the facts derived from it.

Nothing is secret: the sheets lie open and the group talks. A player's position is not kept
but follows from their sheet: the last pre-printed slash plus the arrows of the closed orders,
never past the Safehouse ("steps past the Safehouse are lost", reading A-R14).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from companion.games.safehouse import profile, sheet
from companion.games.safehouse.profile import Profile, SheetOrder
from companion.games.safehouse.sheet import Entry, Hand

COLOURS = profile.COLOURS
"""The colour dice: "acht Farbwürfel (Gelb, Grün, Rot, Blau)"."""
JOKER = "white"
"""The two white joker dice."""
DICE = (*COLOURS, JOKER)
PER_COLOUR = 2
PURSUER = "P"
"""The pursuer figure, on every die instead of the 6."""
FACES = (1, 2, 3, 4, 5, PURSUER)
CHAMELEONS = {1: 1, 2: 1, 3: 2, 4: 3}
"""Chameleons each player may use, by the number of players (1, 1, 2, 3)."""
HELPS = ("ignore", "reroll")
"""The shared helps: "Der Verfolger läuft nicht" and "Nochmal würfeln", once per game."""
ARROWS = profile.ARROWS
WARN_LEAD = 2
"""A lead of this or less makes the buzzer warn."""
PHASES = ("ready", "faces", "helps", "entering", "won", "lost")
PLAYING = PHASES[:4]

Face = int | str
"""1 to 5, or ``PURSUER``."""


@dataclass(frozen=True, slots=True)
class Order:
    """One row of a sheet: empty, open (a number written) or closed with its arrow."""

    status: str = "empty"
    arrow: int = 0


@dataclass(frozen=True, slots=True)
class Player:
    """One sheet: its orders, the chameleons used, whether this roll is entered.

    In sheet mode a player who took a sheet (``letter``) has its ``numbers`` by order and
    field (None: empty; the grey 6 stays None, it is printed) and this roll's ``written``
    entries; their orders then follow from the numbers rather than from ``orders``. In light
    mode ``before`` keeps the orders as the roll found them: what this roll may change.
    """

    orders: tuple[Order, ...]
    chameleons: int = 0
    done: bool = False
    before: tuple[Order, ...] = ()
    letter: str = ""
    numbers: tuple[tuple[int | None, ...], ...] = ()
    written: tuple[Entry, ...] = ()


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of the roll by colour; a face is None until it is entered (or re-rolled).

    ``reroll`` holds the dice the box marked for "Nochmal würfeln"; ``ignored`` says the group
    spent "Der Verfolger läuft nicht" on this roll; ``entered`` the dice given a face since
    the roll or the re-roll, by colour and place in that order (the box steps back one).
    """

    faces: dict[str, tuple[Face | None, ...]]
    ignored: bool = False
    rerolled: bool = False
    reroll: dict[str, tuple[int, ...]] = field(default_factory=dict)
    entered: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Move:
    """The pursuer's last move: from, to and why (step, faces, retrieval, correction); or,
    when an entry moved a player back onto or behind it, none (``entry``)."""

    start: int
    end: int
    reason: str


@dataclass(frozen=True, slots=True)
class ShState:
    """The whole game. ``lid`` counts the dice in the box's lid by colour."""

    profile: Profile
    seats: int
    box_dice: bool
    roller: int
    pursuer: int
    players: tuple[Player, ...]
    lid: dict[str, int]
    selection: dict[str, int]
    phase: str = "ready"
    roll: Roll | None = None
    helps: tuple[str, ...] = ()
    rolls: int = 0
    focus: tuple[int, int] = (0, 0)
    caught: tuple[int, ...] = ()
    last: Move | None = None
    sheet_mode: bool = False
    """The phones hold the sheets and check every number (option ``mode``: ``sheet``)."""


# -- derived facts -----------------------------------------------------------------------------

def layout(state: ShState, seat: int) -> tuple[SheetOrder, ...]:
    """The printed orders of the sheet the player holds (sheet mode)."""
    return sheet.sheets(state.profile)[state.players[seat].letter]


def orders(state: ShState, seat: int) -> tuple[Order, ...]:
    """The player's orders: as entered (light mode), or as the digital sheet's numbers say."""
    player = state.players[seat]
    if not player.letter:
        return player.orders
    return _settled(layout(state, seat), player.numbers)


@lru_cache(maxsize=1024)
def _settled(orders: tuple[SheetOrder, ...], numbers: tuple[sheet.Cells, ...]) -> tuple[Order, ...]:
    """The orders as the sheet's numbers settle them (kept: every view asks again and again)."""
    return tuple(_order(order, row) for order, row in zip(orders, numbers, strict=True))


def _order(order: SheetOrder, row: sheet.Cells) -> Order:
    status = sheet.status(order, row)
    return Order(status, order.arrow if status == "closed" else 0)


def hand(state: ShState, seat: int) -> Hand:
    """What the player may still use of this roll on a digital sheet."""
    player = state.players[seat]
    spent = {place for entry in player.written for place in entry.jokers}
    values = {colour: value for colour, value in numbers(state).items() if value is not None}
    return Hand(values, frozenset(entry.colour for entry in player.written),
                {place: value for place, value in enumerate(jokers(state)) if place not in spent},
                player.chameleons < chameleons(state))


def position(state: ShState, seat: int) -> int:
    """The player's last slash: the start plus every closed order's arrow, at most the Safehouse."""
    walked = sum(o.arrow for o in orders(state, seat) if o.status == "closed")
    return min(state.profile.safehouse, state.profile.start + walked)


def in_safehouse(state: ShState, seat: int) -> bool:
    return position(state, seat) >= state.profile.safehouse


def lead(state: ShState, seat: int) -> int:
    return position(state, seat) - state.pursuer


def open_orders(state: ShState, seat: int) -> int:
    """Orders with a number written that are not closed yet."""
    return sum(o.status == "open" for o in orders(state, seat))


def retrieval_cost(state: ShState) -> int:
    """The pursuer moves by the most open orders of any one player (Safehouse included)."""
    return max(open_orders(state, seat) for seat in range(state.seats))


def smallest(state: ShState, row: int) -> int:
    """The fewest numbers that fill an order: its three colour fields ("drei bis sechs"), or
    two in the bottom three orders, where the grey 6 may be one of the three."""
    return profile.FIELDS[0] - (row >= state.profile.orders - profile.GREY_ORDERS)


def needed(state: ShState, seat: int, entered: tuple[Order, ...]) -> int:
    """The fewest numbers of this roll that take the player's paper orders from how the roll
    found them to ``entered``: one to open an order or to close an open one, the order's
    smallest size to close an empty one; nothing to go back."""
    before = state.players[seat].before
    return sum(_needed(state, row, then.status, now.status)
               for row, (now, then) in enumerate(zip(entered, before, strict=False)))


def _needed(state: ShState, row: int, then: str, now: str) -> int:
    if (then, now) == ("empty", "closed"):
        return smallest(state, row)
    return int((then, now) in (("empty", "open"), ("open", "closed")))


def kept(state: ShState, seat: int) -> list[int]:
    """The paper orders closed in an earlier roll: they stay closed, but for a correction
    from the table page or the box."""
    return [row for row, order in enumerate(state.players[seat].before)
            if order.status == "closed"]


def numbers_given(state: ShState) -> int:
    """How many numbers the roll gives each player: one for each colour that shows one."""
    return sum(value is not None for value in numbers(state).values())


def chameleons(state: ShState) -> int:
    """Chameleons each player may use in this game."""
    return CHAMELEONS[state.seats]


def rolling(state: ShState) -> dict[str, int]:
    """The dice of the current roll by colour (none between rolls)."""
    faces = state.roll.faces if state.roll else {}
    return {colour: len(faces.get(colour, ())) for colour in DICE}


def free(state: ShState) -> dict[str, int]:
    """The dice in the middle of the table: neither in the lid nor in the roll."""
    out = rolling(state)
    return {colour: PER_COLOUR - state.lid[colour] - out[colour] for colour in DICE}


def must_retrieve(state: ShState) -> bool:
    """No colour die is free: the dice must come back before the next roll."""
    return state.phase == "ready" and not any(free(state)[c] for c in COLOURS)


def pursuer_faces(state: ShState) -> int:
    """The pursuer faces of the roll that will move the pursuer when the group goes on."""
    if state.roll is None or state.roll.ignored:
        return 0
    return sum(face == PURSUER for faces in state.roll.faces.values() for face in faces)


def waiting_faces(state: ShState) -> dict[str, int]:
    """How many dice of each colour still wait for their face."""
    if state.roll is None:
        return {}
    return {colour: sum(face is None for face in faces)
            for colour, faces in state.roll.faces.items() if None in faces}


def numbers(state: ShState) -> dict[str, int | None]:
    """What each colour gives this roll: its die, or the sum of its pair ("zusammenzählen");
    a die showing the pursuer gives nothing (reading A-R7). White: the jokers, apart."""
    faces = state.roll.faces if state.roll else {}
    values = {colour: [f for f in faces.get(colour, ()) if isinstance(f, int)]
              for colour in COLOURS}
    return {colour: sum(found) if found else None for colour, found in values.items()}


def jokers(state: ShState) -> list[int]:
    faces = state.roll.faces if state.roll else {}
    return [f for f in faces.get(JOKER, ()) if isinstance(f, int)]


def caught(state: ShState) -> tuple[int, ...]:
    """The players the pursuer has reached: on or past their last slash, outside the Safehouse."""
    return tuple(seat for seat in range(state.seats)
                 if not in_safehouse(state, seat) and state.pursuer >= position(state, seat))
