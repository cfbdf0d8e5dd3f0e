"""What games keep on the box between games (a box profile, scenarios), saved and checked by
the game, beside the documents the game brings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.base import JSON, Action, Game, Games, IllegalAction, InvalidAction
from companion.table.state import TableState

DOCUMENT_NAME_LENGTH = 40


def save(state: TableState, action: Action, games: Games) -> TableState:
    """Keep a game's document (a box profile, a scenario) on the box, checked by the game."""
    game_id, kind, name = _document_key(action, games)
    data = games[game_id].documents.check(kind, action.args.get("data"))
    kept = state.saved.get(game_id, {})
    kinds = {**kept, kind: {**kept.get(kind, {}), name: data}}
    return replace(state, saved={**state.saved, game_id: kinds})


def forget(state: TableState, action: Action, games: Games) -> TableState:
    game_id, kind, name = _document_key(action, games)
    kept = state.saved.get(game_id, {})
    if name not in kept.get(kind, {}):
        raise IllegalAction("error.document_unknown")
    documents = {n: d for n, d in kept[kind].items() if n != name}
    return replace(state, saved={**state.saved, game_id: {**kept, kind: documents}})


def _document_key(action: Action, games: Games) -> tuple[str, str, str]:
    game_id, kind, name = (action.args.get(key) for key in ("game", "kind", "name"))
    if not isinstance(game_id, str) or game_id not in games:
        raise InvalidAction("error.game_unknown", game=str(game_id))
    if not isinstance(kind, str):
        raise InvalidAction("error.document_kind")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= DOCUMENT_NAME_LENGTH:
        raise InvalidAction("error.document_name", maximum=DOCUMENT_NAME_LENGTH)
    return game_id, kind, name.strip()


def documents(state: TableState, game: Game[Any]) -> dict[str, dict[str, JSON]]:
    """A game's documents: its built-in ones, with what the group saved over or beside them."""
    builtin = game.documents.builtin
    saved = state.saved.get(game.id, {})
    return {kind: {**builtin.get(kind, {}), **saved.get(kind, {})}
            for kind in {*builtin, *saved}}
