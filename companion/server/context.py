"""What every request may ask: the Table, the hub, the codes, who is calling, in which language."""

from __future__ import annotations

from flask import Response, current_app, jsonify, request

from companion.i18n import LANGUAGES, pick_language, text
from companion.server.codes import Codes, same
from companion.server.hub import Hub
from companion.server.limiter import JoinLimiter
from companion.table import Table

SEAT_COOKIE = "getaway_seat"
JOIN_COOKIE = "getaway_join"
LANG_COOKIE = "lang"
EXTENSION = "getaway"
HUB_EXTENSION = "getaway.hub"
JOINS_EXTENSION = "getaway.joins"
CODES_EXTENSION = "getaway.codes"
TROUBLE_EXTENSION = "getaway.trouble"
ADDRESS_EXTENSION = "getaway.address"


def table() -> Table:
    table: Table = current_app.extensions[EXTENSION]
    return table


def hub() -> Hub:
    hub: Hub = current_app.extensions[HUB_EXTENSION]
    return hub


def joins() -> JoinLimiter:
    joins: JoinLimiter = current_app.extensions[JOINS_EXTENSION]
    return joins


def codes() -> Codes:
    codes: Codes = current_app.extensions[CODES_EXTENSION]
    return codes


def public_url() -> str:
    """``http://<ip>:<port>`` for links other phones open: the box's network address now, or,
    while it has none, the address this request came in on."""
    found: str | None = current_app.extensions[ADDRESS_EXTENSION]()
    return found or request.host_url.rstrip("/")


def trouble() -> str | None:
    """The text key of what the box has to tell about its storage (as on its screen), or None."""
    told: str | None = current_app.extensions[TROUBLE_EXTENSION]()
    return told


def now() -> float:
    """The Table's clock, which the views' timers count down on."""
    return table().clock()


def has_join_code() -> bool:
    """Whether the phone came with the table's join code (the QR link or typed)."""
    return same(request.cookies.get(JOIN_COOKIE, ""), codes().join)


def caller_token() -> str | None:
    """The seat token the phone holds in its cookie, if any."""
    return request.cookies.get(SEAT_COOKIE) or None


def caller_seat() -> int | None:
    """The seat whose token the phone holds; None for a watcher or the table page."""
    token = caller_token()
    return None if token is None else table().seat_for_token(token)


def language() -> str:
    """The phone's language: its ``lang`` cookie, else the browser's Accept-Language."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return pick_language(request.headers.get("Accept-Language"))


def error_response(key: str, status: int, **params: object) -> tuple[Response, int]:
    """``{"error": key, "message": <the sentence in the phone's language>}`` with ``status``."""
    return jsonify(error=key, message=text(key, language(), **params)), status
