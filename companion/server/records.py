"""The group's records: a page for the table page and every phone, and the export of
players, games and plays as JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, request

from companion.server import context
from companion.server.history import download, inert, page
from companion.table import export
from companion.table.records import Meeting, PlayerRecords, head_to_head, player_key, records

bp = Blueprint("records", __name__)
CSV_FIELDS = ("play", "ended_at", "game", "finished", "seat", "player", "name", "place",
              "score")
"""One row a seat of a play; ``player`` is the player's id (empty for a seat nobody named)."""


@bp.get("/records")
def records_page() -> Response:
    """Every game's players with their records, best first, and two players head to head."""
    history = context.table().history()
    found = records(history, context.table().games)
    first, second = (player_key(request.args.get(key, "")) for key in ("first", "second"))
    return page("records.html", "records", games=_by_game(found),
                players=sorted(({"key": key, "name": p.name} for key, p in found.items()),
                               key=lambda p: p["name"].casefold()),
                first=first, second=second,
                met=_meetings(head_to_head(history, first, second), found, first, second))


def _by_game(found: dict[str, PlayerRecords]) -> list[dict[str, Any]]:
    """For each game of the box someone has records in: its title and its players' lines,
    most wins first."""
    shown = []
    for game in context.table().games.values():
        players = sorted((player for player in found.values() if game.id in player.games),
                         key=lambda p: (-p.games[game.id].won, -p.games[game.id].played,
                                        p.name.casefold()))
        if players:
            shown.append({"title": game.title, "players": [
                {"name": p.name, "standing": p.games[game.id],
                 "lines": game.tally.lines(p.games[game.id].counts)} for p in players]})
    return shown


def _meetings(met: dict[str, Meeting], found: dict[str, PlayerRecords], first: str,
              second: str) -> list[dict[str, Any]] | None:
    """Two players' meetings by game title; None while two players are not chosen."""
    if first not in found or second not in found or first == second:
        return None
    games = context.table().games
    return [{"title": games[game].title if game in games else {"de": game, "en": game},
             "first": found[first].name, "second": found[second].name, "meeting": meeting}
            for game, meeting in met.items()]


@bp.get("/records.json")
def download_json() -> Response:
    body = json.dumps(export.export(context.table().history()), ensure_ascii=False, indent=1)
    return download(body, "application/json", "getaway-records.json")


@bp.get("/records.csv")
def download_csv() -> Response:
    return download(csv_text(export.export(context.table().history())), "text/csv",
                    "getaway-records.csv")


def csv_text(exported: dict[str, Any]) -> str:
    """The plays of an export, one row a seat with its player, place and score."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for play in exported["plays"]:
        results = {r.get("seat"): r for r in (play["outcome"] or {}).get("results", [])}
        for seat in play["seats"]:
            result = results.get(seat["seat"], {})
            cells = {"play": play["id"], "ended_at": play["ended_at"], "game": play["game"],
                     "finished": play["finished"], "seat": seat["seat"],
                     "player": seat["player"], "name": seat["name"],
                     "place": result.get("place"), "score": result.get("score")}
            writer.writerow({key: inert(cell) for key, cell in cells.items()})
    return out.getvalue()
