"""The group's records, counted from the history alone: per player and game, and head to head.

A player is a name typed on a phone or the table page, the same whatever its case or spaces;
a seat without a name belongs to nobody's records. Only finished games count, and only what
their outcome made public at the end (places, scores and what each game's tally reads).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.base import JSON, Games
from companion.games.tally import Counts, Tally

History = Iterable[Mapping[str, Any]]
"""Recorded games as ``Store.history`` gives them, newest first."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's record in one game: games played and won, and the game's own counts."""

    played: int = 0
    won: int = 0
    counts: Counts = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlayerRecords:
    """A player's records by game id, under the name their newest game gave them."""

    name: str
    games: dict[str, Standing] = field(default_factory=dict)
    colour: str = ""
    """The colour of the seat of their newest game that kept one ("": none did)."""


@dataclass(frozen=True, slots=True)
class Meeting:
    """How often each of two players placed ahead of the other, and how often level."""

    first: int = 0
    second: int = 0
    level: int = 0


def player_key(name: str) -> str:
    """The player a name belongs to: the same letters, whatever their case and spacing."""
    return " ".join(name.split()).casefold()


def records(history: History, games: Games) -> dict[str, PlayerRecords]:
    """Every named player's records over the finished games of ``history``, by player key."""
    found: dict[str, PlayerRecords] = {}
    for game in reversed(list(history)):
        for key, name, seat, _ in _players(game):
            kept = found.get(key, PlayerRecords(name))
            standing = _counted(kept.games.get(game["game"], Standing()), game["outcome"],
                                seat, _tally(games, game["game"]))
            found[key] = replace(kept, name=name, games={**kept.games, game["game"]: standing},
                                 colour=_colour(game, seat) or kept.colour)
    return found


def head_to_head(history: History, first: str, second: str) -> dict[str, Meeting]:
    """For two player keys, by game id: the finished games both played, and who placed
    ahead (a shared place, as when everyone wins together, is level)."""
    met: dict[str, Meeting] = {}
    for game in history:
        places = {key: place for key, _, _, place in _players(game)}
        if first not in places or second not in places or first == second:
            continue
        a, b = places[first], places[second]
        kept = met.get(game["game"], Meeting())
        met[game["game"]] = Meeting(kept.first + _ahead(a, b), kept.second + _ahead(b, a),
                                    kept.level + (a == b))
    return met


def _ahead(place: int | None, other: int | None) -> bool:
    return place is not None and (other is None or place < other)


def _players(game: Mapping[str, Any]) -> list[tuple[str, str, int, int | None]]:
    """A finished game's named seats: player key, name, seat and place (None: unplaced)."""
    outcome = game.get("outcome")
    if not game.get("finished") or not isinstance(outcome, Mapping):
        return []
    places = {r.get("seat"): r.get("place") for r in outcome.get("results", [])
              if isinstance(r, Mapping)}
    return [(player_key(seat["name"]), " ".join(seat["name"].split()), seat["seat"],
             _place(places.get(seat["seat"])))
            for seat in game.get("seats", [])
            if isinstance(seat.get("name"), str) and seat["name"].strip()]


def _colour(game: Mapping[str, Any], seat: int) -> str:
    """The colour ``game`` recorded for ``seat`` ("" in a record without one)."""
    colour = next((s.get("colour") for s in game.get("seats", []) if s.get("seat") == seat), "")
    return colour if isinstance(colour, str) else ""


def _place(place: object) -> int | None:
    return place if isinstance(place, int) and not isinstance(place, bool) else None


def _counted(standing: Standing, outcome: Mapping[str, Any], seat: int,
             tally: Tally) -> Standing:
    """``standing`` with one more game's ``outcome``, where the player sat at ``seat``."""
    return Standing(standing.played + 1, standing.won + tally.won(outcome, seat),
                    tally.combine(standing.counts, tally.count(outcome, seat)))


def _tally(games: Games, game_id: str) -> Tally:
    """The game's tally; a game no longer on the box counts only played and won."""
    return games[game_id].tally if game_id in games else Tally()


def new_bests(history: History, games: Games, seat: int) -> list[tuple[str, int]]:
    """What the newest recorded game beat of the player at ``seat``'s own bests (their
    earlier games had one to beat): the sentence's key and the new value, each."""
    recorded = list(history)
    if not recorded or not any(s == seat for _, _, s, _ in _players(recorded[0])):
        return []
    newest = recorded[0]
    key = next(k for k, _, s, _ in _players(newest) if s == seat)
    game_id, tally = newest["game"], _tally(games, newest["game"])
    before = records(recorded[1:], games).get(key)
    kept = before.games[game_id].counts if before and game_id in before.games else {}
    now = tally.count(newest["outcome"], seat)
    return [(told, now[name]) for name, told in tally.bests.items()
            if name in now and name in kept and now[name] > kept[name]]


def evening(history: History, games: Games, since: str) -> dict[str, JSON]:
    """What the box's lobby shows between games: the games each player won in the games
    ended at ``since`` or later (the box's start; most first, then by name) and, per game,
    its record holder's name, sentence key and count."""
    recorded = list(history)
    tonight = records([game for game in recorded if str(game.get("ended_at")) >= since], games)
    standings = sorted(((kept.name, sum(s.won for s in kept.games.values()))
                       for kept in tonight.values()),
                       key=lambda entry: (-entry[1], entry[0].casefold()))
    everyone = records(recorded, games)
    holders = {game_id: held for game_id in games
               if (held := _record_holder(everyone, game_id, games)) is not None}
    return {"standings": [[name, won] for name, won in standings], "records": holders}


def _record_holder(found: Mapping[str, PlayerRecords], game_id: str,
                   games: Games) -> JSON | None:
    """Who holds ``game_id``'s record (the most of its tally's record count; first reached
    on a tie), with the sentence that says it; None while nobody has any of it."""
    count, key = games[game_id].tally.record or ("", "screen.lobby.won")
    held = [(s.counts.get(count, 0) if count else s.won, kept.name)
            for kept in found.values() if (s := kept.games.get(game_id)) is not None]
    most = max((value for value, _ in held), default=0)
    if most <= 0:
        return None
    name = next(name for value, name in held if value == most)
    return {"name": name, "key": key, "count": most}
