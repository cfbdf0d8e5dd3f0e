"""The JSON API and the live stream: phones read views and send actions, nothing else.

Every state change is a JSON POST (a cross-site HTML form cannot send one), and the server,
never the phone, decides which seat an action comes from. Taking a seat needs the table's join
code; moving a taken seat needs its phone (a hand-over code, or granting a request) or OK on
the box.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterator, Mapping
from typing import Any

from flask import Blueprint, Response, abort, jsonify, request
from werkzeug.wrappers import Response as BaseResponse

from companion.games.base import Action, GetawayError, IllegalAction, InvalidAction, whole
from companion.i18n import LANGUAGES, catalog
from companion.server import context
from companion.server.codes import HANDOVER_S
from companion.table import Published, Table, token_hash

HEARTBEAT_S = 15.0
RETRY_MS = 3000
COOKIE_AGE_S = 30 * 24 * 3600
JOIN_COOKIE_AGE_S = 12 * 3600

CLIENT_FORBIDDEN = frozenset({"table.claim", "table.request", "timeout"})
"""Only the server claims and requests seats (with the token it made) and only the Table's
clock calls time."""
RESERVED_ARGS = frozenset({"token_hash", "force", "replaces", "chance"})
OWN_SEAT_ONLY = frozenset({"table.release", "table.rename", "table.grant", "table.deny"})
"""Seat-keeping actions a phone sends for itself; from nobody they are refused, so granting a
requested seat needs the seat's own phone or the box's OK (the box does not come through here)."""

JOINING = frozenset({"api.join", "api.claim", "api.code"})
"""The endpoints whose failures count towards the join limit."""
STATUS = {"error.code_needed": 403, "error.disk_full": 507, "error.busy": 503}
"""The status of errors that are not the action's: no join code yet, a full (or failing)
SD card that could not save the step, the box is busy."""

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/join")
def join() -> Response:
    """Take a free seat."""
    args = _newcomer(_json_body())
    token = secrets.token_urlsafe(24)
    version = context.table().submit(Action("table.claim", None,
                                            {**args, "token_hash": token_hash(token)}))
    return _seated(token, int(args["seat"]), version)


@bp.post("/claim")
def claim() -> Response:
    """Ask for a taken seat: the box's OK or the seat's own phone grants it."""
    args = _newcomer(_json_body())
    token = context.caller_token() or secrets.token_urlsafe(24)
    version = context.table().submit(Action("table.request", None,
                                            {**args, "token_hash": token_hash(token)}))
    response = jsonify(seat=args["seat"], pending=True, rejoin=_rejoin_link(token),
                       version=version)
    set_seat_cookie(response, token)
    return response


@bp.post("/code")
def code() -> Response:
    """A code typed on a phone (or from a ``/j/`` link): the join code, or a hand-over code."""
    typed = _json_body().get("code")
    if not isinstance(typed, str):
        raise InvalidAction("error.action_malformed")
    check_attempts()
    if context.codes().is_join(typed):
        response = jsonify(kind="join")
        response.set_cookie(context.JOIN_COOKIE, context.codes().join, max_age=JOIN_COOKIE_AGE_S,
                            httponly=True, samesite="Strict")
        return response
    if context.caller_seat() is not None:
        raise IllegalAction("error.already_seated")
    handover = context.codes().redeem(typed, time.monotonic())
    if handover is None:
        raise InvalidAction("error.code_unknown")
    token = secrets.token_urlsafe(24)
    args = {"seat": handover.seat, "token_hash": token_hash(token), "replaces": handover.holder}
    version = context.table().submit(Action("table.claim", None, args))
    return _seated(token, handover.seat, version, kind="seat")


@bp.post("/handover")
def handover() -> Response:
    """A one-time code (and link) that moves the caller's seat to the phone that uses it."""
    token, seat = context.caller_token(), context.caller_seat()
    if token is None or seat is None:
        raise IllegalAction("error.seat_needed")
    code = context.codes().hand_over(seat, token_hash(token), time.monotonic())
    return jsonify(code=code, link=f"{context.public_url()}/j/{code}",
                   expires_s=int(HANDOVER_S))


@bp.get("/view")
def view() -> Response:
    return jsonify(context.table().published.view(context.caller_seat(), context.now()))


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
    if version is not None and not whole(version):
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
    """400 for a malformed action, 409 for one not allowed now, 403 without the join code,
    5xx for the box's own trouble. A failed join counts against the caller's address."""
    if request.endpoint in JOINING:
        attempt_failed()
    if isinstance(error, InvalidAction):
        status = 400
    elif isinstance(error, IllegalAction):
        status = 409
    else:
        status = STATUS.get(error.key, 500)
    return context.error_response(error.key, status, **error.params)


@bp.errorhandler(TimeoutError)
def busy(error: TimeoutError) -> tuple[Response, int]:
    return context.error_response("error.busy", 503)


def check_attempts() -> None:
    """429 for an address that failed to join (code, seat or rejoin link) too often lately."""
    if not context.joins().allow(request.remote_addr or "", time.monotonic()):
        abort(429)


def attempt_failed() -> None:
    """Count a failed join, code or rejoin attempt against the caller's address."""
    context.joins().failed(request.remote_addr or "", time.monotonic())

def set_seat_cookie(response: BaseResponse, token: str) -> None:
    """The seat token, out of reach of scripts and of every other site."""
    response.set_cookie(context.SEAT_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,
                        samesite="Strict")


def _newcomer(body: Mapping[str, Any]) -> dict[str, Any]:
    """The seat (and name, if given) a phone without a seat asks for, once it may ask.

    Counts against the join limit; needs the join code (403) and no seat held already.
    """
    seat, name = body.get("seat"), body.get("name", "")
    if not whole(seat) or not isinstance(name, str):
        raise InvalidAction("error.action_malformed")
    check_attempts()
    if not context.has_join_code():
        raise GetawayError("error.code_needed")
    if context.caller_seat() is not None:
        raise IllegalAction("error.already_seated")
    return {"seat": seat, "name": name} if name.strip() else {"seat": seat}


def _seated(token: str, seat: int, version: int, **extra: Any) -> Response:
    """The answer that gives a phone its seat: the cookie and the personal rejoin link."""
    response = jsonify(seat=seat, rejoin=_rejoin_link(token), version=version, **extra)
    set_seat_cookie(response, token)
    return response


def _rejoin_link(token: str) -> str:
    return f"{context.public_url()}/r/{token}"


def _json_body() -> Mapping[str, Any]:
    if not request.is_json:
        abort(415)
    try:
        body = request.get_json(silent=True)
    except RecursionError:  # nested deeper than the JSON decoder goes
        body = None
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
        data = json.dumps(published.view(seat, table.clock()), separators=(",", ":"))
        yield f"id: {published.version}\nevent: view\ndata: {data}\n\n"
