"""Views of the table: the public one (screen, LEDs, table page) and one per seat's phone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from companion.games.base import JSON, Game, Games
from companion.table.documents import documents
from companion.table.state import TableState

SEAT_COLOURS = ("#4ea8de", "#f28c28", "#e85d9f", "#2ec4b6", "#9d7bea", "#a3d65c")
"""One colour a seat, the same on the box's screen and every phone; none of them is an alarm
colour of the police station (yellow, green, white, red)."""


def table_view(state: TableState, games: Games, seat: int | None,
               version: int) -> dict[str, JSON]:
    """The view for ``seat`` (None: public). Only ``game.private_view`` may add secrets."""
    public, private = table_views(state, games, version)
    return public if seat is None else private[seat]


def table_views(state: TableState, games: Games,
                version: int) -> tuple[dict[str, JSON], dict[int, dict[str, JSON]]]:
    """The public view and every seat's, what they share computed once."""
    shared: dict[str, JSON] = {
        "version": version,
        "language": state.language,
        "game": state.game_id,
        "seats": [{"seat": i, "name": s.name, "taken": s.token_hash is not None,
                   "colour": seat_colour(i)} for i, s in enumerate(state.seats)],
        "claims": [{"seat": c.seat, "name": c.name} for c in state.claims],
        "wifi": None if state.wifi is None else {**state.wifi.public(),
                                                 "shown": state.show_wifi},
        "timer": None,
    }
    seats = range(len(state.seats))
    if state.game_id is None:
        shared["games"] = [game_summary(game) for game in games.values()]
        shared["saved"] = {game.id: documents(state, game) for game in games.values()}
        shared["last_setup"] = state.last_setup
        shared["box_setup"] = list(state.box_setup) if state.box_setup else None
        return _reader(shared, state, None, None, False), {
            seat: _reader(shared, state, seat, None, False) for seat in seats}
    game = games[state.game_id]
    timer = game.timer(state.game)
    public = game.public_view(state.game)
    shared.update(timer=asdict(timer) if timer else None, title=dict(game.title),
                  outcome=game.outcome(state.game))
    private = {seat: game.private_view(state.game, seat) for seat in seats}
    return _reader(shared, state, None, public, False), {
        seat: _reader(shared, state, seat, mine, game.secrets and has_secrets(mine, public))
        for seat, mine in private.items()}


def _reader(shared: dict[str, JSON], state: TableState, seat: int | None,
            game_state: JSON, cover: bool) -> dict[str, JSON]:
    """One reader's view: the shared part, who it is, whether it may undo, its game state."""
    view = {**shared, "me": seat, "undo": state.can_undo(seat), "cover": cover}
    if state.game_id is not None:
        view["state"] = game_state
    return view


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def has_secrets(private: Mapping[str, JSON], public: Mapping[str, JSON]) -> bool:
    """Whether a seat's view shows more than the public one and the actions it may send:
    then its phone offers the tap-to-hide cover."""
    return {key: value for key, value in private.items() if key != "actions"} != public


def device_view(state: TableState, games: Games) -> dict[str, JSON]:
    """What only the box's own screen may show: the Wi-Fi QR payload, password and all, and
    what the game shows there alone (``box``).

    ``wifi_qr`` is set while the group chose to show it; ``hotspot_qr`` whenever one is saved
    (the screen shows it while the box has no network of its own yet).
    """
    hotspot = state.wifi.payload() if state.wifi else None
    box = games[state.game_id].box_view(state.game) if state.game_id else {}
    return {"wifi_qr": hotspot if state.show_wifi else None, "hotspot_qr": hotspot, "box": box}


def game_summary(game: Game[Any]) -> dict[str, JSON]:
    """What the lobby shows of a game: its name, seat range and options with defaults."""
    return {
        "id": game.id,
        "title": dict(game.title),
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                     "minimum": o.minimum, "maximum": o.maximum} for o in game.options],
    }
