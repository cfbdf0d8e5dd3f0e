"""The group's records: a page for the table page and every phone, the export of players,
games and plays as JSON and CSV, and the table page's changes to the players (merge two,
forget one with their records)."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any
from urllib.parse import quote

from flask import Blueprint, Response, jsonify, request

from companion.games.base import GetawayError, InvalidAction
from companion.games.tally import signed
from companion.i18n import text
from companion.server import api, context
from companion.server.history import download, inert, page
from companion.table import export, players
from companion.table.records import (
    Meeting,
    PlayerRecords,
    head_to_head,
    known_players,
    new_bests,
    player_key,
    records,
    told_apart,
)

bp = Blueprint("records", __name__)
bp.errorhandler(GetawayError)(api.refused)
CSV_FIELDS = ("play", "ended_at", "game", "finished", "seat", "player", "name", "place",
              "score")
"""One row a seat of a play; ``player`` is the player's id (empty for a seat nobody named)."""


@bp.get("/records")
def records_page() -> Response:
    """Every game's players with their records, best first, and two players head to head."""
    history = context.table().history()
    found = records(history, context.table().games)
    first, second = (player_key(request.args.get(key, "")) for key in ("first", "second"))
    return page("records.html", "records", games=_by_game(found), host=context.caller_is_host(),
                players=sorted(({"key": key, "name": p.name} for key, p in found.items()),
                               key=lambda p: p["name"].casefold()),
                first=first, second=second,
                met=_meetings(head_to_head(history, first, second), found, first, second))


def _dot(colour: str) -> str:
    """A round mark of the player's colour as an image address ("" without a colour)."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        return ""
    circle = f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 2'><circle cx='1' " \
             f"cy='1' r='1' fill='{colour}'/></svg>"
    return "data:image/svg+xml," + quote(circle)


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
                {"name": p.name, "standing": p.games[game.id], "colour": _dot(p.colour),
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


@bp.post("/api/players/merge")
def merge_players() -> Response:
    """The table page records one player's games as another's, under their name; a seat
    linked to the first plays as the second from now on, under their name. The answer says
    what changed, in the table page's language."""
    body = _host_body()
    player, into = _player(body, "player"), _player(body, "into")
    table = context.table()
    known = known_players(table.history())
    changed = players.merge(table.database, player, into)
    moved = table.relink(player, into, known[into])
    table.recount()
    names = told_apart(known)
    return jsonify(changed=changed,
                   message=_merged(changed, names[player], names[into], moved))


def _merged(changed: int, player: str, into: str, moved: list[str]) -> str:
    """What the merge did, in the table page's language: the games now counted for ``into``
    and the evening's places (by their names until now) that play on as them."""
    lang = context.language()
    said = [text("web.players_merged", lang, count=changed, player=player, into=into)]
    said += [text("web.players_merged_seat", lang, name=name, into=into) for name in moved]
    return " ".join(said)


@bp.post("/api/players/forget")
def forget_player() -> Response:
    """The table page takes a player's name, and so their records, off every recorded game."""
    body = _host_body()
    changed = players.forget(context.table().database, _player(body, "player"))
    context.table().recount()
    return jsonify(changed=changed)


def _host_body() -> dict[str, Any]:
    """The request's JSON object, from the table page only (403 for anyone else)."""
    if not context.caller_is_host():
        raise GetawayError("error.host_only")
    return dict(api.json_body(request.content_type, request.get_data()))


def _player(body: dict[str, Any], field: str) -> str:
    name = body.get(field)
    if not isinstance(name, str) or not name.strip():
        raise InvalidAction("error.player_unknown")
    return player_key(name)


@bp.get("/api/records/best")
def personal_bests() -> Response:
    """The phone's player's own bests that the newest recorded game beat, as sentences in the
    phone's language (none for a phone without a seat): read from the history only."""
    seat, lang = context.caller_seat(), context.language()
    table = context.table()
    found = [] if seat is None else new_bests(table.history(), table.games, seat)
    return jsonify(bests=[text(key, lang, value=signed(value)) for key, value in found])
