"""Views of the table: the public one (screen, LEDs, table page) and one per seat's phone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from companion.games.base import JSON, Game, Games
from companion.i18n import CORE
from companion.table.documents import documents
from companion.table.guide import guide_view
from companion.table.state import TableState
from companion.table.teaching import teaching_view

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
        return _reader(shared, state, None, None, False, None), {
            seat: _reader(shared, state, seat, None, False, None) for seat in seats}
    game = games[state.game_id]
    timer = game.timer(state.game)
    public = game.public_view(state.game)
    shared.update(timer=asdict(timer) if timer else None, title=dict(game.title),
                  outcome=game.outcome(state.game), guide=guide_view(game, state.game),
                  teaching=teaching_view(state, games))
    private = {seat: game.private_view(state.game, seat) for seat in seats}
    return _reader(shared, state, None, public, False, undo_note(state, game, None, public)), {
        seat: _reader(shared, state, seat, {**public, **mine},
                      game.secrets and has_secrets(mine), undo_note(state, game, seat, public))
        for seat, mine in private.items()}


def _reader(shared: dict[str, JSON], state: TableState, seat: int | None,
            game_state: JSON, cover: bool, undoes: JSON) -> dict[str, JSON]:
    """One reader's view: the shared part, who it is, whether it may undo and what that
    takes back, its game state."""
    view = {**shared, "me": seat, "undo": state.can_undo(seat), "undoes": undoes,
            "cover": cover}
    if state.game_id is not None:
        view["state"] = game_state
    return view


def undo_note(state: TableState, game: Game[Any], seat: int | None,
              public: Mapping[str, JSON]) -> dict[str, JSON] | None:
    """What undo takes back for ``seat`` (None: the box or the table page) now, or None: the
    step's name (a text key) and the seat that sent it (None: the box or the table page).
    In a game with secrets, a step the public view did not show (a phone's own note) is
    named to its phone alone: the others hear of "the last step", so an undo tells nobody
    what they did not see."""
    if not state.can_undo(seat):
        return None
    step = state.undo[-1]
    if seat is None and game.secrets and game.public_view(step.game) == public:
        return {"key": "undo.last_step", "seat": None}
    return {"key": step_name(game, step.action), "seat": step.seat}


def step_name(game: Game[Any], action: str) -> str:
    """The text key that names an action in the undo note: the game's name for the step, the
    table's for a common one (a turn ended, a pause), else its label in the box's menu or on
    the phones where that needs no detail (the note carries no argument), else "the last
    step"."""
    for key in (f"{game.id}.undo.{action}", f"undo.{action}", f"{game.id}.action.{action}",
                f"{game.id}.menu.{action}"):
        sentence = game.texts["en"].get(key) or CORE["en"].get(key)
        if sentence and "{" not in sentence:
            return key
    return "undo.last_step"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def has_secrets(private: Mapping[str, JSON]) -> bool:
    """Whether a seat's view shows more than the public one and the actions it may send:
    then its phone offers the tap-to-hide cover."""
    return bool(private.keys() - {"actions"})


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
