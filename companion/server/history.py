"""Past games: a page listing them, a summary page per game (with its link into BG Stats),
and downloads as JSON and CSV.

A record holds only what the table saw (names, places, scores), never a seat's secret.
"""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
from datetime import datetime
from typing import Any

from flask import Blueprint, Response, abort, jsonify, make_response

from companion.games.tally import placed_first
from companion.server import context
from companion.server.pages import render_page
from companion.table import export

bp = Blueprint("history", __name__)
GAME_ID_MAX = 2**63 - 1
"""The largest number SQLite stores: a larger game id is no game (404), not an overflow."""

CSV_FIELDS = ("game_id", "ended_at", "game", "finished", "seat", "number", "name", "place",
              "score")
"""``seat`` counts from 0 as everywhere in the API and the JSON; ``number`` is the seat's
number on the box ("Seat 1")."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a CSV cell as a formula (OWASP's CSV injection list)."""
LANG_COOKIE_AGE_S = 365 * 24 * 3600
BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="
"""BG Stats' documented way in for a play from another app: the play as URL-encoded JSON."""
TIME_FORMATS = {"de": "%d.%m.%Y, %H:%M", "en": "%d %b %Y, %H:%M"}


@bp.get("/api/history")
def history_json() -> Response:
    return jsonify(games=context.table().history())


@bp.get("/history")
def history_page() -> Response:
    games = context.table().history()
    return page("history.html", "history", games=games,
                won={game["id"]: won_seats(game) for game in games})


@bp.get(f"/history/<int(max={GAME_ID_MAX}):game_id>")
def summary_page(game_id: int) -> Response:
    game = context.table().past_game(game_id)
    if game is None:
        abort(404)
    rounds = (game.get("outcome") or {}).get("rounds") or 0
    return page("summary.html", "summary", game=game, rows=result_rows(game),
                rounds=range(1, rounds + 1),
                bgstats=bgstats_link(game, context.language()))


@bp.app_template_filter("local_time")
def local_time(ended_at: str, lang: str) -> str:
    """A record's UTC time as the box's own clock shows it (a damaged one as it is)."""
    try:
        moment = datetime.fromisoformat(ended_at.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return ended_at
    return moment.strftime(TIME_FORMATS[lang])


@bp.app_template_filter("points")
def points(score: int | None) -> str:
    """A score as the games show it, with a real minus sign; a dash for none."""
    if score is None:
        return "\u2013"
    return f"\u2212{-score}" if score < 0 else str(score)


def page(template: str, name: str, **values: object) -> Response:
    """A history page; its language switch is a plain link that is then remembered."""
    response = make_response(render_page(template, name, **values))
    response.set_cookie(context.LANG_COOKIE, context.language(), max_age=LANG_COOKIE_AGE_S,
                        samesite="Lax")
    return response


@bp.get("/history.json")
def download_json() -> Response:
    body = json.dumps({"games": context.table().history()}, ensure_ascii=False, indent=1)
    return download(body, "application/json", "getaway-history.json")


@bp.get("/history.csv")
def download_csv() -> Response:
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for game in context.table().history():
        for row in result_rows(game):
            cells = {"game_id": game["id"], "ended_at": game["ended_at"], "game": game["game"],
                     "finished": game["finished"], **{key: row[key] for key in CSV_FIELDS[4:]}}
            writer.writerow({key: inert(cell) for key, cell in cells.items()})
    return download(out.getvalue(), "text/csv", "getaway-history.csv")


def inert(cell: object) -> object:
    """A cell a spreadsheet shows and never runs: text it would read as a formula (``=``,
    ``+``, ``-``, ``@``, a tab or CR first) gets a leading ``'``; numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def won_seats(game: dict[str, Any]) -> list[int] | None:
    """The seats that won ``game`` by the game's own word (first place for a game no longer
    on the box); None for a game without results."""
    outcome = game.get("outcome") or {}
    if not outcome.get("results"):
        return None
    known = context.table().games.get(game["game"])
    won = known.tally.won if known is not None else placed_first
    return [seat["seat"] for seat in game["seats"] if won(outcome, seat["seat"])]


def result_rows(game: dict[str, Any]) -> list[dict[str, Any]]:
    """One row a seat, best place first: seat (from 0) and its number (from 1), name, place,
    score and each round's score if known."""
    results = {r["seat"]: r for r in (game.get("outcome") or {}).get("results", [])}
    rows = [{"seat": s["seat"], "number": s["seat"] + 1, "name": s["name"],
             "place": results.get(s["seat"], {}).get("place"),
             "score": results.get(s["seat"], {}).get("score"),
             "rounds": results.get(s["seat"], {}).get("rounds", [])} for s in game["seats"]]
    return sorted(rows, key=lambda row: (row["place"] is None, row["place"] or 0, row["seat"]))


def download(body: str, kind: str, name: str) -> Response:
    """``body`` as a file the browser saves as ``name``."""
    response = Response(body, mimetype=kind)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def bgstats_link(game: dict[str, Any], lang: str) -> str | None:
    """The link that hands a finished game to BG Stats; None for one not played to its end."""
    if not game.get("finished") or game.get("game") not in context.table().games:
        return None
    (play,) = export.export([game])["plays"]
    data = export.bgstats_play(play, game["title"][lang], played_at(game["ended_at"]),
                               context.table().games[game["game"]].tally.won)
    encoded = urllib.parse.quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                                 safe="")
    return BGSTATS + encoded.replace("-", "%2D")  # the page shows only real minus signs


def played_at(ended_at: str) -> str:
    """A record's UTC time as the box's own clock shows it, as BG Stats writes a date."""
    try:
        moment = datetime.fromisoformat(ended_at.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return ended_at
    return moment.strftime("%Y-%m-%d %H:%M:%S")
