"""Which player of the records a seat is: a seat whose name an earlier player went by is
linked to them, or told apart as a new player, by the table page (``table.player``); one
nobody linked is the player its name is, as in the records of games recorded before seats
had players (``records.player_of``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from companion.games.base import JSON, Action, Games, IllegalAction, InvalidAction, whole
from companion.table.colours import SEAT_COLOURS, place_colours
from companion.table.records import player_key
from companion.table.state import Seat, TableState

LINK = "table.player"
NAME_LENGTH = 20
"""The most letters a seat's name has."""


def renamed(seat: Seat, name: str, token_hash: str | None) -> Seat:
    """``seat`` under ``name``, held by ``token_hash``: its player and their colour stay
    while the name's letters do (another name is someone the table page has not linked)."""
    if seat.player is not None and player_key(name) == player_key(seat.name):
        return replace(seat, name=name, token_hash=token_hash)
    return Seat(name, token_hash)


def link(state: TableState, action: Action, games: Games) -> TableState:
    """The evening's place (``seat``: seats, then those sitting out) is the records' player
    ``player``: an earlier one, or a new one the Table gave an id of its own (``new``), under
    the name ``name`` if given (a merge's). An earlier one sits in the colour of their last
    game (``player_colour``, filled in by the Table) where no other place shows it."""
    index, places = _place(state, action), state.seats + state.benched
    place, player = places[index], action.args.get("player")
    name = _name(action, place.name)
    if not name:
        raise IllegalAction("error.player_nameless")
    if not isinstance(player, str) or not player:
        raise InvalidAction("error.player_unknown")
    if any(other.player == player for at, other in enumerate(places) if at != index):
        raise IllegalAction("error.player_seated")
    colour = action.args.get("player_colour")
    shown = [c for at, c in enumerate(place_colours(places)) if at != index]
    own = colour if colour in SEAT_COLOURS and colour not in shown else None
    linked = replace(place, name=name, player=player, colour=own)
    at = index - len(state.seats)
    if at < 0:
        return replace(state, seats=(*state.seats[:index], linked, *state.seats[index + 1:]))
    return replace(state, benched=(*state.benched[:at], linked, *state.benched[at + 1:]))


def _name(action: Action, kept: str) -> str:
    """The name a linked place goes by: ``name`` if the action gives one, else ``kept``."""
    name = action.args.get("name", kept)
    if not isinstance(name, str) or len(name.strip()) > NAME_LENGTH:
        raise InvalidAction("error.name_invalid")
    return " ".join(name.split())


def filled(action: Action, state: TableState, known: Collection[str],
           colours: Mapping[str, str]) -> Action:
    """A new ``table.player`` as the Table logs it: a new player gets an id nobody in the
    records or at the table has (``player``, filled in here); an earlier one must be one of
    them, and comes with the colour of their last game (``player_colour``). Replays read
    both from the log."""
    if action.type != LINK:
        return action
    held = {seat.player for seat in state.seats + state.benched if seat.player is not None}
    if action.args.get("new") is not True:
        player = action.args.get("player")
        if player not in {*known, *held}:
            raise InvalidAction("error.player_unknown")
        colour = colours.get(str(player))
        return action if colour is None else replace(
            action, args={**action.args, "player_colour": colour})
    if "player" in action.args:
        raise InvalidAction("error.action_malformed")
    name = (state.seats + state.benched)[_place(state, action)].name
    if not name:
        return action  # the rules refuse a seat without a name
    return replace(action, args={**action.args, "player": fresh(player_key(name),
                                                                {*known, *held})})


def fresh(key: str, taken: Collection[str]) -> str:
    """An id for a new player of the name ``key``: the key itself while nobody has it, else
    the key, ``#`` and the first number from 2 that nobody has."""
    number = 2
    found = key
    while found in taken:
        found, number = f"{key}#{number}", number + 1
    return found


def settled(before: TableState, after: TableState, games: Games) -> TableState:
    """After a game's step: once the game reached its end, each named seat nobody linked is
    the player its name is, as its record counts it (so the table page asks no more)."""
    if after.game_id is None or before.game_id != after.game_id:
        return after
    game = games[after.game_id]
    if game.outcome(before.game) is not None or game.outcome(after.game) is None:
        return after
    return by_name(after)


def by_name(state: TableState) -> TableState:
    """Each named seat nobody linked is the player its name is, as a game's record counts it
    (at its end, or ended before it)."""
    return replace(state, seats=tuple(
        replace(seat, player=player_key(seat.name)) if seat.name and seat.player is None
        else seat for seat in state.seats))


Known = Mapping[str, list[dict[str, JSON]]]
"""The records' players by the letters of their names (and by their ids): each one's id and
the name the pages show."""


def known(names: Mapping[str, str],
          shown: Mapping[str, str]) -> dict[str, list[dict[str, JSON]]]:
    """The players of ``names`` (their newest names by id; ``shown`` as the pages tell them
    apart) by the letters of their names, and by their ids; of one name, in the order of
    their ids."""
    found: dict[str, list[dict[str, JSON]]] = {}
    for player in sorted(names, key=lambda player: (len(player), player)):
        for key in dict.fromkeys((player_key(names[player]), player)):
            found.setdefault(key, []).append({"id": player,
                                              "name": shown.get(player, names[player])})
    return found


def returning(state: TableState, players: Known) -> list[dict[str, JSON]]:
    """What the table page asks: for each named seat nobody linked whose name an earlier
    player went by, those players (``known``); none that has another place of the evening."""
    held = {place.player for place in state.seats + state.benched if place.player is not None}
    asks: list[dict[str, JSON]] = []
    for index, seat in enumerate(state.seats):
        if seat.player is not None or not seat.name:
            continue
        found: list[JSON] = [player for player in players.get(player_key(seat.name), ())
                             if player["id"] not in held]
        if found:
            asks.append({"seat": index, "name": seat.name, "players": found})
    return asks


def _place(state: TableState, action: Action) -> int:
    index = action.args.get("seat")
    if not whole(index) or not 0 <= index < len(state.seats) + len(state.benched):
        raise InvalidAction("error.seat_unknown")
    return index
