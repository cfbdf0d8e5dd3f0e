"""The group's records, counted from the history alone: per player and game, and head to head.

A player is the id the table page linked a seat to, else the name typed on a phone or the
table page, the same whatever its case or spaces; a seat without a name belongs to nobody's
records. Players of one name are told apart by a number after it. Only finished games count,
and only what their outcome made public at the end (places, scores and what each game's tally
reads).
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


def player_of(seat: Mapping[str, Any]) -> str | None:
    """The player a recorded seat counts for: the one the table page linked it to, else the
    player its name is (a record from before seats had players has names only); None for a
    seat without a name."""
    name, player = seat.get("name"), seat.get("player")
    if not isinstance(name, str) or not name.strip():
        return None
    return player if isinstance(player, str) and player else player_key(name)


def linked(name: str | None, player: str | None) -> dict[str, str]:
    """A recorded seat's ``player`` where the name alone does not say it (none where it
    does, so a record is the same as one from before seats had players)."""
    if name is None or player is None or player == player_key(name):
        return {}
    return {"player": player}


def known_players(history: History) -> dict[str, str]:
    """Every player of the readable recorded games, finished or not, with the name their
    newest game gave them, by id."""
    names: dict[str, str] = {}
    for game in history:
        for seat in game.get("seats") or ():
            player = player_of(seat)
            if player is not None and player not in names:
                names[player] = " ".join(seat["name"].split())
    return names


def player_colours(history: History) -> dict[str, str]:
    """The colour of each player's seat at their newest recorded game that kept one, by id."""
    colours: dict[str, str] = {}
    for game in history:
        for seat in game.get("seats") or ():
            player, colour = player_of(seat), seat.get("colour")
            if player is not None and isinstance(colour, str):
                colours.setdefault(player, colour)
    return colours


def told_apart(names: Mapping[str, str]) -> dict[str, str]:
    """The names pages show for players by id: players of one name (whatever its case and
    spaces) after the first, in the order of their ids, carry a number, "Anna (2)"."""
    alike: dict[str, list[str]] = {}
    for player in sorted(names, key=lambda player: (len(player), player)):
        alike.setdefault(player_key(names[player]), []).append(player)
    return {player: names[player] if not place else f"{names[player]} ({place + 1})"
            for players in alike.values() for place, player in enumerate(players)}


def records(history: History, games: Games) -> dict[str, PlayerRecords]:
    """Every named player's records over the finished games of ``history``, by player id."""
    found: dict[str, PlayerRecords] = {}
    for game in reversed(list(history)):
        for key, name, seat, _ in _players(game):
            kept = found.get(key, PlayerRecords(name))
            standing = _counted(kept.games.get(game["game"], Standing()), game["outcome"],
                                seat, _tally(games, game["game"]))
            found[key] = replace(kept, name=name, games={**kept.games, game["game"]: standing},
                                 colour=_colour(game, seat) or kept.colour)
    shown = told_apart({key: kept.name for key, kept in found.items()})
    return {key: replace(kept, name=shown[key]) for key, kept in found.items()}


def head_to_head(history: History, first: str, second: str) -> dict[str, Meeting]:
    """For two player ids, by game id: the finished games both played, and who placed
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
    """A finished game's named seats: player id, name, seat and place (None: unplaced)."""
    outcome = game.get("outcome")
    if not game.get("finished") or not isinstance(outcome, Mapping):
        return []
    places = {r.get("seat"): r.get("place") for r in outcome.get("results", [])
              if isinstance(r, Mapping)}
    return [(player, " ".join(seat["name"].split()), seat["seat"],
             _place(places.get(seat["seat"])))
            for seat in game.get("seats", []) if (player := player_of(seat)) is not None]


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
