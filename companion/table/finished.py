"""The record of a game that ended: who sat where and, if it reached its end, its outcome.

A game is recorded when it reaches its end (its ``outcome`` turns from None to a result),
under the names its seats had then: a seat renamed, or players merged or forgotten, before
the group ends it at the box or the table page change nothing of it later. A game ended
before its end is recorded then, as not finished, without an outcome.
"""

from __future__ import annotations

from companion.games.base import JSON, Action, Games
from companion.table.colours import place_colours
from companion.table.records import linked
from companion.table.state import TableState


def finished_game(before: TableState, after: TableState, action: Action,
                  games: Games) -> dict[str, JSON] | None:
    """The record to keep after ``action`` took the table from ``before`` to ``after``."""
    if action.type == "table.end_game" and before.game_id is not None:
        ended = games[before.game_id].outcome(before.game) is not None
        return None if ended else record(before, games)
    if after.game_id is None or after.game_id != before.game_id:
        return None
    game = games[after.game_id]
    if game.outcome(after.game) is None or game.outcome(before.game) is not None:
        return None
    return record(after, games)


def record(state: TableState, games: Games) -> dict[str, JSON]:
    """The game at ``state`` as history: its id and title, the seats' names, its outcome."""
    assert state.game_id is not None
    game = games[state.game_id]
    result = game.outcome(state.game)
    colours = place_colours(state.seats + state.benched)
    return {"game": state.game_id, "title": dict(game.title), "finished": result is not None,
            "seats": [{"seat": i, "name": seat.name, "colour": colour,
                       **linked(seat.name, seat.player)}
                      for i, (seat, colour) in enumerate(zip(state.seats, colours, strict=False))],
            "outcome": result}
