"""Views of the table: the public one (screen, LEDs, table page) and one per seat's phone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from companion.games.base import JSON, Game
from companion.lobby import TableState


def table_view(state: TableState, games: Mapping[str, Game], seat: int | None,
               version: int) -> dict[str, JSON]:
    """The view for ``seat`` (None: public). Only ``game.private_view`` may add secrets."""
    view: dict[str, JSON] = {
        "version": version,
        "language": state.language,
        "game": state.game_id,
        "me": seat,
        "undo": state.can_undo(),
        "seats": [{"seat": i, "name": s.name, "taken": s.token_hash is not None}
                  for i, s in enumerate(state.seats)],
        "timer": None,
    }
    if state.game_id is None:
        view["games"] = [game_summary(game) for game in games.values()]
        return view
    game = games[state.game_id]
    timer = game.timer(state.game)
    view["timer"] = asdict(timer) if timer else None
    view["title"] = dict(game.title)
    view["state"] = (game.public_view(state.game) if seat is None
                     else game.private_view(state.game, seat))
    return view


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
