"""The JSON API and the live stream: phones read views and send actions, nothing else.

Every state change is a JSON POST (a cross-site HTML form cannot send one), and the server,
never the phone, decides which seat an action comes from.

Who may act (being in the room is the credential): the box's own buttons do everything and
never come through here. A phone acts only for its own seat. A browser becomes the host, the
table page, when someone presses OK on the box for its ask; the host acts like the box (new
or ended games, options, undo of anything, a seat without a phone, saved documents, Wi-Fi).
Any other browser sees the public view and may join with the code from the box's screen,
which no answer to it ever contains; it cannot act. Taking a seat needs the join code; moving
a taken seat needs its phone (a hand-over code, or granting a request) or OK on the box.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any, cast

from flask import Blueprint, Response, abort, jsonify, request
from werkzeug.exceptions import UnsupportedMediaType
from werkzeug.http import parse_options_header
from werkzeug.wrappers import Response as BaseResponse

from companion.games.base import (
    Action,
    GetawayError,
    IllegalAction,
    InvalidAction,
    Sender,
    whole,
)
from companion.i18n import LANGUAGES, catalog
from companion.server import context
from companion.server.codes import HANDOVER_S, Handover, new_code
from companion.server.context import Caller, Reader
from companion.server.limiter import Limiter
from companion.server.typed import checked
from companion.table.published import token_hash
from companion.table.rules import FILLED_IN, sent_by

COOKIE_AGE_S = 30 * 24 * 3600
JOIN_COOKIE_AGE_S = 12 * 3600

HOST_LABEL_LENGTH = 3

JOINING = frozenset({"api.join", "api.claim", "api.code", "api.rejoin"})
"""The endpoints whose failures count towards the join limit."""
STATUS = {"error.code_needed": 403, "error.host_needed": 403, "error.host_only": 403,
          "error.disk_full": 507, "error.busy": 503, "error.slow_down": 429,
          "error.slow_down_asks": 429}
"""The status of errors that are not the rules' verdict on an action: no join code yet, not
allowed to act (no seat or host; a phone asking for the host's part), a full (or failing)
SD card that could not save the step, the box is busy, faster than a person plays."""

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/join")
def join() -> Response:
    """Take a free seat (a player sitting this game out moves there with the same phone)."""
    args = _newcomer(_json_body())
    asked(None)
    token = _sitting_out() or secrets.token_urlsafe(24)
    version = context.table().submit(Action("table.claim", None,
                                            {**args, "token_hash": token_hash(token)}))
    return _seated(token, int(args["seat"]), version)


@bp.post("/claim")
def claim() -> Response:
    """Ask for a taken seat: the box's OK or the seat's own phone grants it."""
    args = _newcomer(_json_body())
    token = context.caller_token() or secrets.token_urlsafe(24)
    asked(token)
    version = context.table().submit(Action("table.request", None,
                                            {**args, "token_hash": token_hash(token)}))
    response = jsonify(seat=args["seat"], pending=True, rejoin=_rejoin_link(token),
                       version=version)
    set_seat_cookie(response, token)
    return response


@bp.post("/claim/cancel")
def cancel_claim() -> Response:
    """Take back this phone's ask for a taken seat."""
    _json_body()
    token = context.caller_token()
    if token is None:
        raise IllegalAction("error.no_claim")
    version = context.table().submit(Action("table.withdraw", None,
                                            {"token_hash": token_hash(token)}))
    return jsonify(version=version)


@bp.post("/code")
def code() -> Response:
    """A code typed on a phone (or from a ``/j/`` link): the join code, or a hand-over code.

    With ``"take": false`` (a link's page asks first) a hand-over code is only named, not used.
    """
    body = _json_body()
    typed, take = body.get("code"), body.get("take", True)
    if not isinstance(typed, str) or not isinstance(take, bool):
        raise InvalidAction("error.action_malformed")
    check_attempts()
    if context.codes().is_join(typed):
        response = jsonify(kind="join")
        response.set_cookie(context.JOIN_COOKIE, context.codes().join, max_age=JOIN_COOKIE_AGE_S,
                            httponly=True, samesite="Strict")
        return response
    if context.caller_seat() is not None:
        raise IllegalAction("error.already_seated")
    handover = (context.codes().redeem if take else context.codes().peek)(typed, context.now())
    if handover is None:
        raise InvalidAction("error.code_unknown")
    if not take:
        return jsonify(kind="handover", seat=handover.seat,
                       title=context.seat_title(handover.seat, context.language()))
    return _handed_over(handover)


def _handed_over(handover: Handover) -> Response:
    """A hand-over code used up: its seat moves to this phone."""
    asked(None)
    token = secrets.token_urlsafe(24)
    args = {"seat": handover.seat, "token_hash": token_hash(token), "replaces": handover.holder}
    version = context.table().submit(Action("table.claim", None, args))
    return _seated(token, handover.seat, version, kind="seat")


@bp.post("/rejoin")
def rejoin() -> Response:
    """Take the place of a personal rejoin link (a seat, or the place its player keeps while
    sitting this game out), as its page's button confirms: a JSON POST from the box's own
    page, which no page of another site can send."""
    token = _json_body().get("token")
    if not isinstance(token, str):
        raise InvalidAction("error.action_malformed")
    check_attempts()
    seat = context.table().place_for_token(token)
    if seat is None:
        raise InvalidAction("error.link_expired")
    response = jsonify(seat=seat)
    set_seat_cookie(response, token)
    return response


@bp.get("/place")
def place() -> Response:
    """The evening's place this phone holds: its seat, or the place its player keeps while
    sitting this game out (null: none)."""
    token = context.caller_token()
    return jsonify(place=None if token is None else context.table().place_for_token(token))


@bp.post("/handover")
def handover() -> Response:
    """A one-time code (and link) that moves the caller's seat to the phone that uses it."""
    token, seat = context.caller_token(), context.caller_seat()
    if token is None or seat is None:
        raise IllegalAction("error.seat_needed")
    code = context.codes().hand_over(seat, token_hash(token), context.now())
    return jsonify(code=code, link=f"{context.public_url()}/j/{code}",
                   expires_s=int(HANDOVER_S))


@bp.post("/host")
def host() -> Response:
    """Ask to be the table page: the box's screen shows the label this answer carries, and
    OK there grants it. Every ask counts against the join limit, so nobody can keep
    replacing the real one on the box's screen."""
    _json_body()
    check_attempts()
    attempt_failed()
    if context.caller_is_host():
        raise IllegalAction("error.host_already")
    asked(context.caller_host_token())
    token, label = secrets.token_urlsafe(24), new_code(HOST_LABEL_LENGTH)
    version = context.table().submit(Action("table.host_ask", None,
                                            {"token_hash": token_hash(token), "label": label}))
    response = jsonify(label=label, version=version)
    set_host_cookie(response, token)
    return response


@bp.get("/view")
def view() -> Response:
    viewer = context.viewer()
    return jsonify(viewer.view(context.table(), context.published(), context.codes().join))


@bp.get("/texts/<lang>")
def texts(lang: str) -> Response:
    if lang not in LANGUAGES:
        abort(404)
    return jsonify(catalog(lang))


@bp.errorhandler(GetawayError)
def refused(error: GetawayError) -> tuple[Response, int]:
    """400 for a malformed action, 409 for one not allowed now, 403 without the join code,
    5xx for the box's own trouble. A failed join counts against the caller's address."""
    if request.endpoint in JOINING and status_of(error) != 429:
        attempt_failed()
    return context.error_response(error.key, status_of(error), **error.params)


def status_of(error: GetawayError) -> int:
    """The HTTP status a refusal is answered with."""
    if error.key in STATUS:
        return STATUS[error.key]
    if isinstance(error, InvalidAction):
        return 400
    return 409 if isinstance(error, IllegalAction) else 500


@bp.errorhandler(TimeoutError)
def busy(error: TimeoutError) -> tuple[Response, int]:
    return context.error_response("error.busy", 503)


def check_attempts() -> None:
    """429 for an address that failed to join (code, seat or rejoin link) too often lately."""
    if not context.joins().allow(context.caller().address, context.now()):
        abort(429)


def asked(phone: str | None) -> None:
    """Refuse (429) an ask for a seat or the table page beyond a person's pace, from this
    phone (its token; None: a phone without one) or the caller's address."""
    if not context.limiter().ask(phone, context.caller().address, context.now()):
        raise GetawayError("error.slow_down_asks")


def paced(limiter: Limiter, caller: Caller, action: Action, now: float) -> None:
    """Refuse (429) an action beyond a person's pace from its phone (the seat it acts for, or
    the host's token) or from its address, before the Table sees it."""
    phone = f"seat {action.seat}" if action.seat is not None else caller.viewer.host_token
    if not limiter.act(phone, caller.address, now):
        raise GetawayError("error.slow_down")


def attempt_failed() -> None:
    """Count a failed join, code or rejoin attempt against the caller's address."""
    context.joins().failed(context.caller().address, context.now())

def set_seat_cookie(response: BaseResponse, token: str) -> None:
    """The seat token, out of reach of scripts and of every other site."""
    response.set_cookie(context.SEAT_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,
                        samesite="Strict")


def set_host_cookie(response: BaseResponse, token: str) -> None:
    """The host token, kept like a seat's."""
    response.set_cookie(context.HOST_COOKIE, token, max_age=COOKIE_AGE_S, httponly=True,
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


def _sitting_out() -> str | None:
    """The caller's token while its player sits this game out (it holds no seat, only its
    place for a bigger game)."""
    token = context.caller_token()
    if token is None or not context.table().places_of(frozenset({token_hash(token)})):
        return None
    return token


def _seated(token: str, seat: int, version: int, **extra: Any) -> Response:
    """The answer that gives a phone its seat: the cookie and the personal rejoin link."""
    response = jsonify(seat=seat, rejoin=_rejoin_link(token), version=version, **extra)
    set_seat_cookie(response, token)
    return response


def _rejoin_link(token: str) -> str:
    return f"{context.public_url()}/r/{token}"


def _json_body() -> Mapping[str, Any]:
    return json_body(request.content_type, request.get_data())


def json_body(content_type: str | None, data: bytes) -> Mapping[str, Any]:
    """A POST's JSON object, its texts checked and tidied (``typed.checked``); 415 for another
    content type, 400 for anything but an object or for a text the box cannot keep."""
    mimetype = parse_options_header(content_type)[0].lower()
    if not (mimetype == "application/json" or
            (mimetype.startswith("application/") and mimetype.endswith("+json"))):
        raise UnsupportedMediaType()
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the decoder goes
        body = None
    if not isinstance(body, Mapping):
        raise InvalidAction("error.action_malformed")
    return cast(Mapping[str, Any], checked(body))


def requested(body: Mapping[str, Any], caller: Reader) -> tuple[Action, int | None]:
    """The action ``body`` asks for and the version it expects, from a caller with a seat
    (or None) who is the host or not; raises GetawayError for one it may not send."""
    version = body.get("version")
    if version is not None and not whole(version):
        raise InvalidAction("error.action_malformed")
    return _client_action(body, _acting_seat(body, *caller)), version


def _acting_seat(body: Mapping[str, Any], seat: int | None, host: bool) -> int | None:
    """The seat the caller acts for: its own, or None as the host (the table page says
    ``"host": true``, as a browser may hold a seat too). Neither: 403."""
    as_host = body.get("host", False)
    if not isinstance(as_host, bool):
        raise InvalidAction("error.action_malformed")
    acting = None if as_host else seat
    if acting is None and not host:
        raise GetawayError("error.host_needed")
    return acting


def _client_action(body: Mapping[str, Any], seat: int | None) -> Action:
    """The action a phone (or the host, seat None) asks for, refused if only the box may:
    what the server makes itself, or a seat-keeping step the host sends for no seat (granting
    a requested seat needs the seat's own phone or the box's OK, which does not come here)."""
    kind, args = body.get("type"), body.get("args", {})
    if not isinstance(kind, str) or not isinstance(args, Mapping):
        raise InvalidAction("error.action_malformed")
    by = sent_by(kind)
    if by is Sender.SERVER:
        raise InvalidAction("error.action_unknown", type=kind)
    if FILLED_IN & args.keys():
        raise InvalidAction("error.action_malformed")
    if by is Sender.OWN_SEAT and seat is None:
        raise IllegalAction("error.seat_needed")
    return Action(kind, seat, dict(args))
