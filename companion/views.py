"""Views of the table: the public one (screen, LEDs, table page) and one per seat's phone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from companion.games.base import JSON, Game
from companion.lobby import TableState, documents


def table_view(state: TableState, games: Mapping[str, Game], seat: int | None,
               version: int) -> dict[str, JSON]:
    """The view for ``seat`` (None: public). Only ``game.private_view`` may add secrets."""
    view: dict[str, JSON] = {
        "version": version,
        "language": state.language,
        "game": state.game_id,
        "me": seat,
        "undo": state.can_undo(seat),
        "seats": [{"seat": i, "name": s.name, "taken": s.token_hash is not None}
                  for i, s in enumerate(state.seats)],
        "claims": [{"seat": c.seat, "name": c.name} for c in state.claims],
        "wifi": None if state.wifi is None else {**state.wifi.public(),
                                                 "shown": state.show_wifi},
        "timer": None,
        "cover": False,
    }
    if state.game_id is None:
        view["games"] = [game_summary(game) for game in games.values()]
        view["saved"] = {game.id: documents(state, game) for game in games.values()
                         if hasattr(game, "builtin_documents")}
        return view
    game = games[state.game_id]
    timer = game.timer(state.game)
    public = game.public_view(state.game)
    view["timer"] = asdict(timer) if timer else None
    view["title"] = dict(game.title)
    view["state"] = public if seat is None else game.private_view(state.game, seat)
    view["cover"] = seat is not None and has_secrets(view["state"], public)
    view["outcome"] = outcome(game, state.game)
    return view


def has_secrets(private: Mapping[str, JSON], public: Mapping[str, JSON]) -> bool:
    """Whether a seat's view shows more than the public one and the actions it may send:
    then its phone offers the tap-to-hide cover."""
    return {key: value for key, value in private.items() if key != "actions"} != public


def outcome(game: Game, state: Any) -> JSON:
    """The game's result once it is over, from its optional ``outcome(state)``; else None."""
    result = getattr(game, "outcome", None)
    return None if result is None else result(state)


def device_view(state: TableState) -> dict[str, JSON]:
    """What only the box's own screen may show: the Wi-Fi QR payload, password and all.

    ``wifi_qr`` is set while the group chose to show it; ``hotspot_qr`` whenever one is saved
    (the screen shows it while the box has no network of its own yet).
    """
    hotspot = state.wifi.payload() if state.wifi else None
    return {"wifi_qr": hotspot if state.show_wifi else None, "hotspot_qr": hotspot}


def game_summary(game: Game) -> dict[str, JSON]:
    """What the lobby shows of a game: its name, seat range and options with defaults."""
    return {
        "id": game.id,
        "title": dict(game.title),
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                     "minimum": o.minimum, "maximum": o.maximum} for o in game.options],
    }
