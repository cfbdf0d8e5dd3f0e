"""A game's saved documents (a box profile, scenarios) as files and as QR codes.

A file holds exactly what ``table.save`` takes (game, kind, name, data), so importing one is
posting it back; a scenario's QR code carries the same, compactly. The documents come from
the lobby's public view: nothing here reads the table's state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

import qrcode
from flask import Blueprint, Response, abort
from qrcode.constants import ERROR_CORRECT_L
from qrcode.image.svg import SvgPathFillImage

from companion.games.base import JSON
from companion.server import context
from companion.server.history import download

bp = Blueprint("saved", __name__)

UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


@bp.get("/api/saved/<game_id>/<kind>/<name>.json")
def export(game_id: str, kind: str, name: str) -> Response:
    """One document as a file to keep or to pass on."""
    body = json.dumps(envelope(game_id, kind, name), ensure_ascii=False, indent=1)
    filename = f"{game_id}-{kind}-{UNSAFE.sub('-', name).strip('-') or kind}.json"
    return download(body, "application/json", filename)


@bp.get("/saved/<game_id>/scenario/<name>/qr.svg")
def scenario_qr(game_id: str, name: str) -> Response:
    """A scenario as a QR code: its compact JSON, which the import field takes as it is."""
    payload = json.dumps(envelope(game_id, "scenario", name), ensure_ascii=False,
                         separators=(",", ":"))
    image = qrcode.make(payload, image_factory=SvgPathFillImage, border=4,
                        error_correction=ERROR_CORRECT_L)
    return Response(image.to_string(), mimetype="image/svg+xml")


def envelope(game_id: str, kind: str, name: str) -> dict[str, JSON]:
    """The ``table.save`` arguments that bring the document back; 404 if there is none."""
    saved = context.table().published.public.get("saved")
    documents = saved.get(game_id, {}).get(kind, {}) if isinstance(saved, Mapping) else {}
    if name not in documents:
        abort(404)
    return {"game": game_id, "kind": kind, "name": name, "data": documents[name]}
