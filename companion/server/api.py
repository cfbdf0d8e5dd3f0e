"""The JSON API and the live stream: phones read views and send actions, nothing else.

Every state change is a JSON POST (a cross-site HTML form cannot send one), and the server,
never the phone, decides which seat an action comes from.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterator, Mapping
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request
from werkzeug.wrappers import Response as BaseResponse

from companion.games.base import Action, GetawayError, IllegalAction, InvalidAction
from companion.i18n import LANGUAGES, catalog
from companion.server import context
from companion.table import Published, Table, token_hash

HEARTBEAT_S = 15.0
RETRY_MS = 3000
COOKIE_AGE_S = 30 * 24 * 3600

CLIENT_FORBIDDEN = frozenset({"table.claim", "timeout"})
"""Only the server claims seats (with the token it made) and only the Table's clock calls time."""
RESERVED_ARGS = frozenset({"token_hash", "force", "chance"})
OWN_SEAT_ONLY = frozenset({"table.release", "table.rename"})

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/join")
def join() -> Response:
    body = _json_body()
    seat, name = body.get("seat"), body.get("name", "")
    if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(name, str):
        raise InvalidAction("error.action_malformed")
    if not context.joins().allow(request.remote_addr or "", time.monotonic()):
        abort(429)
    if context.caller_seat() is not None:
        raise IllegalAction("error.already_seated")
    token = secrets.token_urlsafe(24)
    args: dict[str, Any] = {"seat": seat, "token_hash": token_hash(token)}
    if name.strip():
        args["name"] = name
    version = context.table().submit(Action("table.claim", None, args))
    rejoin = f"{current_app.config['PUBLIC_URL']}/r/{token}"
    response = jsonify(seat=seat, rejoin=rejoin, version=version)
    set_seat_cookie(response, token)
    return response


@bp.get("/view")
def view() -> Response:
    return jsonify(context.table().published.view(context.caller_seat(), time.monotonic()))


@bp.get("/events")
def events() -> Response:
    stream = _stream(context.table(), context.hub().updates(context.table().published, HEARTBEAT_S),
                     context.caller_token())
    return Response(stream, mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@bp.post("/action")
def action() -> Response:
    body = _json_body()
    version = body.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise InvalidAction("error.action_malformed")
    submitted = _client_action(body, context.caller_seat())
    return jsonify(version=context.table().submit(submitted, expect_version=version))


@bp.get("/texts/<lang>")
def texts(lang: str) -> Response:
    if lang not in LANGUAGES:
        abort(404)
    return jsonify(catalog(lang))


@bp.errorhandler(GetawayError)
def refused(error: GetawayError) -> tuple[Response, int]:
    """400 for a malformed action, 409 for one not allowed now, 5xx for the box's own trouble."""
    if isinstance(error, InvalidAction):
        status = 400
    elif isinstance(error, IllegalAction):
        status = 409
    else:
        status = 503 if error.key == "error.busy" else 500
    return context.error_response(error.key, status, **error.params)


@bp.errorhandler(TimeoutError)
def busy(error: TimeoutError) -> tuple[Response, int]:
    return context.error_response("error.busy", 503)


def set_seat_cookie(response: BaseResponse, token: str) -> None:
    """The seat token, out of reach of scripts and of every other site."""
    response.set_cookie(context.SEAT_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,
                        samesite="Strict")


def _json_body() -> Mapping[str, Any]:
    if not request.is_json:
        abort(415)
    body = request.get_json(silent=True)
    if not isinstance(body, Mapping):
        raise InvalidAction("error.action_malformed")
    return body


def _client_action(body: Mapping[str, Any], seat: int | None) -> Action:
    """The action a phone (or the table page, seat None) asks for, refused if only the box may."""
    kind, args = body.get("type"), body.get("args", {})
    if not isinstance(kind, str) or not isinstance(args, Mapping):
        raise InvalidAction("error.action_malformed")
    if kind in CLIENT_FORBIDDEN:
        raise InvalidAction("error.action_unknown", type=kind)
    if RESERVED_ARGS & args.keys():
        raise InvalidAction("error.action_malformed")
    if kind in OWN_SEAT_ONLY and seat is None:
        raise IllegalAction("error.seat_needed")
    return Action(kind, seat, dict(args))


def _stream(table: Table, updates: Iterator[Published | None], token: str | None) -> Iterator[str]:
    """Server-Sent Events: ``retry`` first (it flushes the headers), then one full view per version.

    The seat is looked up again for every event, so a released seat stops seeing its own view.
    """
    yield f"retry: {RETRY_MS}\n\n"
    for published in updates:
        if published is None:
            yield ": keepalive\n\n"
            continue
        seat = None if token is None else table.seat_for_token(token)
        data = json.dumps(published.view(seat, time.monotonic()), separators=(",", ":"))
        yield f"id: {published.version}\nevent: view\ndata: {data}\n\n"
