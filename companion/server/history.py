"""Past games: a page listing them, a summary page per game, and downloads as JSON and CSV.

A record holds only what the table saw (names, places, scores), never a seat's secret.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, abort, jsonify

from companion.server import context
from companion.server.pages import render_page

bp = Blueprint("history", __name__)
GAME_ID_MAX = 2**63 - 1
"""The largest number SQLite stores: a larger game id is no game (404), not an overflow."""

CSV_FIELDS = ("game_id", "ended_at", "game", "finished", "seat", "name", "place", "score")


@bp.get("/api/history")
def history_json() -> Response:
    return jsonify(games=context.table().history())


@bp.get("/history")
def history_page() -> str:
    return render_page("history.html", "history", games=context.table().history())


@bp.get(f"/history/<int(max={GAME_ID_MAX}):game_id>")
def summary_page(game_id: int) -> str:
    game = context.table().past_game(game_id)
    if game is None:
        abort(404)
    return render_page("summary.html", "summary", game=game, rows=result_rows(game))


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
            writer.writerow({"game_id": game["id"], "ended_at": game["ended_at"],
                             "game": game["game"], "finished": game["finished"], **row})
    return download(out.getvalue(), "text/csv", "getaway-history.csv")


def result_rows(game: dict[str, Any]) -> list[dict[str, Any]]:
    """One row a seat, best place first: seat (1-based), name, place and score if known."""
    results = {r["seat"]: r for r in (game.get("outcome") or {}).get("results", [])}
    rows = [{"seat": s["seat"] + 1, "name": s["name"],
             "place": results.get(s["seat"], {}).get("place"),
             "score": results.get(s["seat"], {}).get("score")} for s in game["seats"]]
    return sorted(rows, key=lambda row: (row["place"] is None, row["place"] or 0, row["seat"]))


def download(body: str, kind: str, name: str) -> Response:
    """``body`` as a file the browser saves as ``name``."""
    response = Response(body, mimetype=kind)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
