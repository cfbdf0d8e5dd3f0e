"""What the screen, the table page and each phone see of a game of Safehouse: everything,
since nothing is secret (every digital sheet too); a phone adds the actions its seat may send
now and, on a digital sheet, the numbers each field may take."""

from __future__ import annotations

from functools import lru_cache
from typing import TypedDict

from companion.games.base import JSON
from companion.games.moments import Moment, moment
from companion.games.record import dump
from companion.games.safehouse import sheet
from companion.games.safehouse.profile import SheetOrder
from companion.games.safehouse.rules import RULES, outcome
from companion.games.safehouse.state import (
    DICE,
    HELPS,
    WARN_LEAD,
    Move,
    ShState,
    chameleons,
    free,
    hand,
    in_safehouse,
    jokers,
    kept,
    layout,
    lead,
    must_retrieve,
    numbers,
    open_orders,
    orders,
    position,
    pursuer_faces,
    retrieval_cost,
    rolling,
    waiting_faces,
)

ORDERS_KEPT = 256
"""Rows of the digital sheets kept made (four sheets of a dozen orders, a few versions of each)."""


class Sheets(TypedDict):
    """The letters of the digital sheets, and whether they are the example ones."""

    letters: list[str]
    example: bool


class Chameleons(TypedDict):
    allowed: int
    used: int
    left: int


class ShOrder(TypedDict):
    """An order as the light mode keeps it: empty, open or closed with its arrow."""

    status: str
    arrow: int


class SheetField(TypedDict):
    """A field of a digital sheet: its colour (or the grey 6), its number, written this roll."""

    colour: str
    number: int | None
    fresh: bool


class SheetRow(TypedDict):
    """An order of a digital sheet: its fields, rule, arrow, status and whether it is stuck."""

    fields: list[SheetField]
    rule: str
    arrow: int
    status: str
    stuck: bool


# The call form: in a class, a field named ``open`` reads as the I/O built-in.
ShPlayer = TypedDict("ShPlayer", {  # noqa: UP013
    "seat": int, "position": int, "lead": int, "safehouse": bool, "open": int, "closed": int,
    "orders": list[ShOrder], "kept": list[int], "done": bool, "letter": str | None,
    "sheet": list[SheetRow] | None, "chameleons": Chameleons, "caught": bool})
"""A player's place and lead, open and closed orders, digital sheet (None: on paper) and
fate."""


class Pool(TypedDict):
    """A colour's dice: in the middle, in the lid, in the roll, chosen for the next."""

    free: int
    lid: int
    rolling: int
    selected: int


class Retrieval(TypedDict):
    cost: int
    lid: int
    forced: bool


class ShRoll(TypedDict):
    """The dice rolled: each colour's faces (a number, "P" for the pursuer, None not read)."""

    faces: dict[str, list[int | str | None]]
    waiting: dict[str, int]
    pursuers: int
    ignored: bool
    rerolled: bool
    reroll: dict[str, list[int]]
    numbers: dict[str, int | None]
    jokers: list[int]


class ProfileOrder(TypedDict):
    """A printed order of a typed sheet: its fields' colours, rule and arrow."""

    fields: list[str]
    rule: str
    arrow: int


class ShProfile(TypedDict):
    """The box profile: the track's numbers and the sheets typed in (``example``: the track's
    built-in values)."""

    name: str
    safehouse: int
    start: int
    pursuer: int
    orders: int
    sheets: dict[str, list[ProfileOrder]]
    example: bool


class LastMove(TypedDict):
    """The pursuer's last move: from, to, why and how many steps."""

    start: int
    end: int
    reason: str
    steps: int


class Focus(TypedDict):
    seat: int
    row: int


class SafehouseView(TypedDict):
    """What everyone sees of a Safehouse game: everything, nothing in it is secret."""

    phase: str
    turn: int | None
    roller: int
    rolls: int
    dice: str
    pursuer: int
    safehouse: int
    profile: ShProfile
    mode: str
    sheets: Sheets
    players: list[ShPlayer]
    pool: dict[str, Pool]
    selection: dict[str, int]
    retrieval: Retrieval
    roll: ShRoll | None
    helps: dict[str, bool]
    focus: Focus
    waits_for: str
    last: LastMove | None
    warn: bool
    caught: list[int]
    result: dict[str, JSON] | None
    moment: Moment | None


class Offer(TypedDict):
    number: int
    colour: str


class HandView(TypedDict):
    """What is left of this roll: each colour not used yet, the jokers, a chameleon."""

    colours: dict[str, int]
    jokers: list[int]
    chameleon: bool


class Digital(TypedDict):
    """What a digital sheet may take now: per order and field the offers or why none, and
    what is left of the roll; None each unless its player enters."""

    offers: list[list[list[Offer]]] | None
    refusals: list[list[str | None]] | None
    hand: HandView | None


class SafehouseSeatView(Digital):
    """What a seat's phone adds: the actions it may send now and its digital sheet's offers."""

    actions: list[str]


def public_view(state: ShState) -> SafehouseView:
    return {
        "phase": state.phase,
        "turn": state.roller if state.phase not in ("won", "lost") else None,
        "roller": state.roller,
        "rolls": state.rolls,
        "dice": "box" if state.box_dice else "table",
        "pursuer": state.pursuer,
        "safehouse": state.profile.safehouse,
        "profile": dump(state.profile),
        "mode": "sheet" if state.sheet_mode else "light",
        "sheets": {"letters": sheet.letters(state.profile), "example": not state.profile.sheets},
        "players": [_player(state, seat) for seat in range(state.seats)],
        "pool": _pool(state),
        "selection": dict(state.selection),
        "retrieval": {"cost": retrieval_cost(state), "lid": sum(state.lid.values()),
                      "forced": must_retrieve(state)},
        "roll": _roll(state),
        "helps": {kind: kind in state.helps for kind in HELPS},
        "focus": {"seat": state.focus[0], "row": state.focus[1]},
        "waits_for": waits_for(state),
        "last": _last(state.last),
        "warn": warned(state),
        "caught": list(state.caught),
        "result": outcome(state),
        "moment": _moment(state),
    }


def _moment(state: ShState) -> Moment | None:
    """The big moment every page plays: everyone in the Safehouse, or the pursuer caught
    someone (the first caught its seat)."""
    if state.phase == "won":
        return moment("won", "won")
    if state.phase == "lost":
        return moment("lost", "lost", state.caught[0] if state.caught else None,
                      count=len(state.caught))
    return None


def _last(move: Move | None) -> LastMove | None:
    """The pursuer's last move and how many steps it went."""
    if move is None:
        return None
    return {"start": move.start, "end": move.end, "reason": move.reason,
            "steps": move.end - move.start}


def _player(state: ShState, seat: int) -> ShPlayer:
    """A player's place and lead: never below 0, since a pursuer that reached or passed a
    player has caught them (or met them in the Safehouse), and the view says so instead."""
    player = state.players[seat]
    return {"seat": seat, "position": position(state, seat), "lead": max(0, lead(state, seat)),
            "safehouse": in_safehouse(state, seat), "open": open_orders(state, seat),
            "closed": sum(o.status == "closed" for o in orders(state, seat)),
            "orders": dump(orders(state, seat)), "kept": kept(state, seat), "done": player.done,
            "letter": player.letter or None, "sheet": _sheet(state, seat),
            "chameleons": {"allowed": chameleons(state), "used": player.chameleons,
                           "left": chameleons(state) - player.chameleons},
            "caught": seat in state.caught}


def _sheet(state: ShState, seat: int) -> list[SheetRow] | None:
    """The digital sheet: each order's fields (colour, number, written this roll), its rule,
    arrow and status, and whether it can still be finished (a warning, never a refusal)."""
    player = state.players[seat]
    if not player.letter:
        return None
    fresh = {(e.row, e.field) for e in player.written}
    return [_order(order, numbers, settled.status, frozenset(f for r, f in fresh if r == row))
            for row, (order, numbers, settled) in enumerate(zip(
                layout(state, seat), player.numbers, orders(state, seat), strict=True))]


@lru_cache(maxsize=ORDERS_KEPT)
def _order(order: SheetOrder, numbers: sheet.Cells, status: str,
           fresh: frozenset[int]) -> SheetRow:
    """An order's row on a digital sheet, the same object while it stays the same (so the
    phones' patches skip it at once): never change it."""
    cells = sheet.cells(order, numbers)
    return {"fields": [{"colour": kind, "number": n, "fresh": field in fresh}
                       for field, (kind, n) in enumerate(zip(order.fields, cells, strict=True))],
            "rule": order.rule, "arrow": order.arrow, "status": status,
            "stuck": not sheet.completable(order.rule, cells)}


def _digital(state: ShState, seat: int) -> Digital:
    """While a player with a digital sheet enters: per order and field the numbers it may
    take now (number and colour; another colour than the field's spends a chameleon) or why
    none (a sentence's key), and what is left of this roll (each colour not used yet with its
    value, the jokers not used yet, whether a chameleon is left). None for each otherwise."""
    player = state.players[seat]
    if not player.letter or state.phase != "entering":
        return {"offers": None, "refusals": None, "hand": None}
    now, sheets = hand(state, seat), layout(state, seat)
    offers = _offered(sheet.offers(sheets, player.numbers, now))
    refusals = sheet.refusals(sheets, player.numbers, now)
    return {"offers": offers, "refusals": refusals,
            "hand": {"colours": {c: v for c, v in now.values.items() if c not in now.used},
                     "jokers": list(now.jokers.values()), "chameleon": now.chameleon}}


@lru_cache(maxsize=sheet.OFFERS_KEPT)
def _offered(found: sheet.Offers) -> list[list[list[Offer]]]:
    """The offers as the phone reads them, made once for a sheet and hand (the same object
    while they stay the same: never change it)."""
    return [[[{"number": n, "colour": c} for n, c in field] for field in order]
            for order in found]


def _pool(state: ShState) -> dict[str, Pool]:
    """Per colour: the dice in the middle, in the lid, in the roll, chosen for the next."""
    out, middle = rolling(state), free(state)
    return {colour: {"free": middle[colour], "lid": state.lid[colour], "rolling": out[colour],
                     "selected": state.selection[colour]} for colour in DICE}


def _roll(state: ShState) -> ShRoll | None:
    roll = state.roll
    if roll is None:
        return None
    return {"faces": {c: list(f) for c, f in roll.faces.items()},
            "waiting": waiting_faces(state), "pursuers": pursuer_faces(state),
            "ignored": roll.ignored, "rerolled": roll.rerolled,
            "reroll": {c: list(p) for c, p in roll.reroll.items()},
            "numbers": numbers(state), "jokers": jokers(state)}


def waits_for(state: ShState) -> str:
    """What the game waits for now, as the screen and the phones say it."""
    if state.phase == "ready":
        return "retrieve" if must_retrieve(state) else "select"
    return state.phase


def warned(state: ShState) -> bool:
    """Someone outside the Safehouse has a lead of 2 or less."""
    return state.phase != "won" and any(
        not in_safehouse(state, seat) and lead(state, seat) <= WARN_LEAD
        for seat in range(state.seats))


def private_view(state: ShState, seat: int) -> SafehouseSeatView:
    """The actions the seat's phone may send now and what its digital sheet may take, or why
    not."""
    return {"actions": RULES.allowed_actions(state, seat), **_digital(state, seat)}


__all__ = ["outcome", "private_view", "public_view"]
