"""The group's records as one file: players, games and plays (see docs/export.md), read back
to the history they came from; and a play in the form BG Stats documents for its import."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.table.records import History, linked, player_of

FORMAT = "getaway-records"
VERSION = 1
BGSTATS_SOURCE = "Getaway"


def export(history: History) -> dict[str, Any]:
    """Every readable recorded game of ``history`` (newest first) as players, games, plays."""
    plays = [_play(game) for game in history if not game.get("unreadable")]
    players: dict[str, str] = {}
    for play in reversed(plays):
        players |= {seat["player"]: seat["name"] for seat in play["seats"] if seat["player"]}
    titles: dict[str, Any] = {}
    for game in history:
        if not game.get("unreadable"):
            titles.setdefault(game["game"], game["title"])
    return {"format": FORMAT, "version": VERSION,
            "players": [{"id": key, "name": name} for key, name in sorted(players.items())],
            "games": [{"id": game, "title": title} for game, title in sorted(titles.items())],
            "plays": plays}


def _play(game: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": game["id"], "game": game["game"], "ended_at": game["ended_at"],
            "finished": game["finished"],
            "seats": [{"seat": seat["seat"], "name": seat["name"], "player": player_of(seat),
                       **_colour(seat)} for seat in game["seats"]],
            "outcome": game["outcome"]}


def _colour(seat: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's colour, where its record keeps one (games recorded before did not)."""
    return {"colour": seat["colour"]} if isinstance(seat.get("colour"), str) else {}


def history(exported: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The recorded games an export holds, as ``Store.history`` gave them."""
    titles = {game["id"]: game["title"] for game in exported["games"]}
    return [{"id": play["id"], "ended_at": play["ended_at"], "game": play["game"],
             "title": titles[play["game"]], "finished": play["finished"],
             "seats": [{"seat": seat["seat"], "name": seat["name"], **_colour(seat),
                        **linked(seat["name"], seat["player"])} for seat in play["seats"]],
             "outcome": play["outcome"]} for play in exported["plays"]]


def bgstats_play(play: Mapping[str, Any], title: str, played_at: str,
                 won: Callable[[Mapping[str, object], int], bool]) -> dict[str, Any]:
    """A finished play as BG Stats takes it from another app (the page that creates a play,
    given ``?data=``): ``played_at`` is the box's local time as ``YYYY-MM-DD HH:MM:SS``,
    ``won`` the game's own word on who won; a game without scores (Räuber und Gendarm) says
    so."""
    results = {r.get("seat"): r for r in (play["outcome"] or {}).get("results", [])}
    scores = [r.get("score") for r in results.values()]
    return {"sourceName": BGSTATS_SOURCE, "sourcePlayId": str(play["id"]),
            "playDate": played_at, "location": BGSTATS_SOURCE,
            "game": {"name": title, "sourceGameId": play["game"], "highestWins": True,
                     "noPoints": all(score is None for score in scores)},
            "players": [_bgstats_player(seat, results.get(seat["seat"], {}),
                                        won(play["outcome"], seat["seat"]))
                        for seat in play["seats"]]}


def _bgstats_player(seat: Mapping[str, Any], result: Mapping[str, Any],
                    won: bool) -> dict[str, Any]:
    player: dict[str, Any] = {
        "name": seat["name"] or f"{seat['seat'] + 1}",
        "sourcePlayerId": seat["player"] or f"seat-{seat['seat'] + 1}", "winner": won}
    if isinstance(result.get("place"), int):
        player["rank"] = result["place"]
    if isinstance(result.get("score"), int):
        player["score"] = result["score"]
    return player
