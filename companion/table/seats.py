"""Who sits where: a phone takes a free seat, asks for a taken one (the box or the seat's own
phone grants it), names it, or leaves it; and the evening's places across games of any size."""

from __future__ import annotations

from collections.abc import Container
from dataclasses import replace

from companion.games.base import Action, Games, IllegalAction, InvalidAction, whole
from companion.table.linking import NAME_LENGTH, renamed
from companion.table.state import Claim, Seat, TableState


def claim(state: TableState, action: Action, games: Games) -> TableState:
    """A phone takes a seat, or a place of a player sitting this game out; ``token_hash`` is
    made by the server, never by the phone."""
    seat, token_hash = _place_arg(state, action), action.args.get("token_hash")
    if not isinstance(token_hash, str):
        raise InvalidAction("error.action_malformed")
    holder, replaces = _places(state)[seat].token_hash, action.args.get("replaces")
    if replaces is not None and holder != replaces:
        raise IllegalAction("error.code_unknown")
    if holder not in (None, token_hash, replaces) and not action.args.get("force"):
        raise IllegalAction("error.seat_taken")
    name = _name_arg(action, fallback=_places(state)[seat].name)
    state = replace(state, claims=tuple(c for c in state.claims if c.token_hash != token_hash))
    return _taken(state, seat, renamed(_places(state)[seat], name, token_hash))


def request(state: TableState, action: Action, games: Games) -> TableState:
    """A phone asks for a taken seat, or the place of a player sitting out (made by the
    server, like a claim); newest ask wins."""
    seat, token_hash = _place_arg(state, action), action.args.get("token_hash")
    if not isinstance(token_hash, str):
        raise InvalidAction("error.action_malformed")
    if _places(state)[seat].token_hash in (None, token_hash):
        raise IllegalAction("error.seat_free")
    claim = Claim(seat, _name_arg(action), token_hash)
    kept = tuple(c for c in state.claims if c.seat != seat and c.token_hash != token_hash)
    return replace(state, claims=(*kept, claim))


def grant(state: TableState, action: Action, games: Games) -> TableState:
    """The seat (or place) goes to the phone that asked for it; the phone that held it loses
    it."""
    seat = _place_arg(state, action)
    claim = _claim_for(state, seat)
    held = _places(state)[seat]
    state = _taken(state, seat, renamed(held, claim.name or held.name, claim.token_hash))
    return replace(state, claims=tuple(c for c in state.claims if c.seat != seat))


def withdraw(state: TableState, action: Action, games: Games) -> TableState:
    """The phone that asked for a seat takes its ask back (made by the server, like a claim)."""
    token_hash = action.args.get("token_hash")
    kept = tuple(c for c in state.claims if c.token_hash != token_hash)
    if len(kept) == len(state.claims):
        raise IllegalAction("error.no_claim")
    return replace(state, claims=kept)


def deny(state: TableState, action: Action, games: Games) -> TableState:
    seat = _place_arg(state, action)
    _claim_for(state, seat)
    return replace(state, claims=tuple(c for c in state.claims if c.seat != seat))


def rename(state: TableState, action: Action, games: Games) -> TableState:
    seat = _seat_arg(state, action)
    held = state.seats[seat]
    return _with_seat(state, seat, renamed(held, _name_arg(action), held.token_hash))


def release(state: TableState, action: Action, games: Games) -> TableState:
    seat = _seat_arg(state, action)
    return _with_seat(state, seat, replace(state.seats[seat], token_hash=None))


def seated(state: TableState, count: int) -> TableState:
    """The evening's places for a game of ``count`` seats: the first ``count`` sit (empty
    ones added), the others sit it out in their places, names and phones kept for a bigger
    game (they watch this one)."""
    places = state.seats + state.benched
    seats = (places + (Seat(),) * count)[:count]
    return replace(state, seats=seats, benched=_trimmed(places[count:]))


def all_seated(state: TableState) -> TableState:
    """Every place of the evening seated again (back in the lobby, between games)."""
    return replace(state, seats=state.seats + state.benched, benched=())


def places_of(state: TableState, token_hashes: Container[str]) -> frozenset[int]:
    """The evening's places (seats, then those sitting out) whose phone holds one of
    ``token_hashes``."""
    places = _places(state)
    return frozenset(index for index, place in enumerate(places)
                     if place.token_hash is not None and place.token_hash in token_hashes)


def _trimmed(places: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """``places`` without the empty ones at their end (nobody named them or holds them)."""
    end = len(places)
    while end and places[end - 1] == Seat():
        end -= 1
    return places[:end]


def players(state: TableState) -> int:
    """How many places the evening has up to its last player (named, or held by a phone)."""
    return len(_trimmed(_places(state)))


def _places(state: TableState) -> tuple[Seat, ...]:
    return state.seats + state.benched


def _taken(state: TableState, index: int, seat: Seat) -> TableState:
    """Place ``index`` given to ``seat``'s phone: a place this phone held while it sat a
    game out is left empty (the player sits here now, or in the place it took back)."""
    benched = tuple(Seat() if place.token_hash == seat.token_hash else place
                    for place in state.benched)
    state = _with_place(replace(state, benched=benched), index, seat)
    return replace(state, benched=_trimmed(state.benched))


def _with_place(state: TableState, index: int, seat: Seat) -> TableState:
    """``seat`` in place ``index``: a seat of the game, or a place of those sitting it out."""
    if index < len(state.seats):
        return _with_seat(state, index, seat)
    at = index - len(state.seats)
    return replace(state, benched=(*state.benched[:at], seat, *state.benched[at + 1:]))


def _claim_for(state: TableState, seat: int) -> Claim:
    for claim in state.claims:
        if claim.seat == seat:
            return claim
    raise IllegalAction("error.no_claim")


def _place_arg(state: TableState, action: Action) -> int:
    """The ``seat`` argument as one of the evening's places: a seat of the game, or the
    place of a player sitting it out."""
    seat = action.args.get("seat")
    if not whole(seat) or not 0 <= seat < len(_places(state)):
        raise InvalidAction("error.seat_unknown")
    return seat


def _seat_arg(state: TableState, action: Action) -> int:
    seat = action.args.get("seat")
    if not whole(seat) or not 0 <= seat < len(state.seats):
        raise InvalidAction("error.seat_unknown")
    return seat


def _name_arg(action: Action, fallback: str = "") -> str:
    name = action.args.get("name", fallback)
    if not isinstance(name, str) or len(name.strip()) > NAME_LENGTH:
        raise InvalidAction("error.name_invalid")
    name = " ".join(name.split())
    if not name and "name" in action.args:
        raise InvalidAction("error.name_invalid")
    return name


def _with_seat(state: TableState, index: int, seat: Seat) -> TableState:
    seats = (*state.seats[:index], seat, *state.seats[index + 1:])
    return replace(state, seats=seats)
