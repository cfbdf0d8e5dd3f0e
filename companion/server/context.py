"""What every request may ask: the Table, the codes, who is calling, in which language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, Response, current_app, jsonify, request

from companion.games.base import JSON
from companion.i18n import LANGUAGES, Told, pick_language, text
from companion.server.codes import Codes, same
from companion.server.limiter import JoinLimiter, Limiter
from companion.table import views
from companion.table.owner import Table
from companion.table.published import Published

SEAT_COOKIE = "getaway_seat"
HOST_COOKIE = "getaway_host"
JOIN_COOKIE = "getaway_join"
LANG_COOKIE = "lang"
EXTENSION = "getaway"
JOINS_EXTENSION = "getaway.joins"
LIMITER_EXTENSION = "getaway.limiter"
CODES_EXTENSION = "getaway.codes"
TROUBLE_EXTENSION = "getaway.trouble"
ADDRESS_EXTENSION = "getaway.address"
PUBLISHED_EXTENSION = "getaway.published"
"""Where the phone server keeps how to read the views its streams send (``published``)."""
CALLER = "getaway.caller"
"""Where the phone server leaves a request's ``Caller`` in its ASGI scope (Flask finds the
scope as ``environ["asgi.scope"]``)."""


def table() -> Table:
    return table_of(current_app)


def table_of(app: Flask) -> Table:
    """The Table ``app`` serves (outside a request: for the server that runs it)."""
    table: Table = app.extensions[EXTENSION]
    return table


def published() -> Published:
    """The newest views as the streams send them (saying whose phone is here); the Table's
    where no phone server serves the app."""
    streams: Callable[[], Published] | None = current_app.extensions.get(PUBLISHED_EXTENSION)
    return table().published if streams is None else streams()


def joins() -> JoinLimiter:
    joins: JoinLimiter = current_app.extensions[JOINS_EXTENSION]
    return joins


def limiter() -> Limiter:
    return limiter_of(current_app)


def limiter_of(app: Flask) -> Limiter:
    """How fast each phone and address may act and ask (outside a request: for the action
    endpoint on the event loop)."""
    limiter: Limiter = app.extensions[LIMITER_EXTENSION]
    return limiter


def codes() -> Codes:
    return codes_of(current_app)


def codes_of(app: Flask) -> Codes:
    codes: Codes = app.extensions[CODES_EXTENSION]
    return codes


def public_url() -> str:
    """``http://<ip>:<port>`` for links other phones open: the box's network address now, or,
    while it has none, the address this request came in on."""
    found: str | None = current_app.extensions[ADDRESS_EXTENSION]()
    return found or request.host_url.rstrip("/")


def trouble() -> Told | None:
    """What the box has to tell about its storage (as on its screen), or None."""
    told: Told | None = current_app.extensions[TROUBLE_EXTENSION]()
    return told


def now() -> float:
    """The Table's clock: the views' timers count down on it, join limits and hand-over codes
    expire on it."""
    return table().clock()


def caller() -> Caller:
    """Who sends this request, as the phone server read it where the request came in."""
    found: Caller = request.environ["asgi.scope"][CALLER]
    return found


def has_join_code() -> bool:
    """Whether the phone came with the table's join code (the QR link or typed)."""
    return same(caller().join_code, codes().join)


def caller_token() -> str | None:
    """The seat token the phone holds in its cookie, if any."""
    return caller().viewer.seat_token


def caller_seat() -> int | None:
    """The seat whose token the phone holds; None for a watcher or the table page."""
    token = caller_token()
    return None if token is None else table().seat_for_token(token)


def caller_host_token() -> str | None:
    """The host token the browser holds in its cookie, granted or still asking; if any."""
    return caller().viewer.host_token


def caller_is_host() -> bool:
    """Whether the box made this browser the table page (OK pressed for its ask)."""
    token = caller_host_token()
    return token is not None and table().is_host(token)


Reader = tuple[int | None, bool]
"""Who reads or acts: the seat (None: none) and whether it is a host."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who reads the views: a seat's phone, the host, both or neither; the table page
    (``table_page``) reads the public view even in a browser that also holds a seat."""

    seat_token: str | None
    host_token: str | None
    table_page: bool = False

    def reader(self, table: Table) -> Reader:
        """Which view this reader gets now: its seat (None: the public view), and whether
        it is a host."""
        seat = None if self.table_page or self.seat_token is None else (
            table.seat_for_token(self.seat_token))
        return seat, self.host_token is not None and table.is_host(self.host_token)

    def view(self, table: Table, published: Published, join_code: str) -> dict[str, JSON]:
        """The view for this reader now; only a host's carries the join code."""
        return self.render(table, published, self.reader(table), join_code)

    @staticmethod
    def render(table: Table, published: Published, reader: Reader,
               join_code: str) -> dict[str, JSON]:
        """The view of ``published`` for a reader (seat, host), its timer counted to now:
        what the reader may not see (the join code, a host's alone) ``strip`` takes out."""
        seat, host = reader
        view = {**published.view(seat, table.clock()), "host": host, "join_code": join_code}
        return views.strip(view, views.Reader(seat, host), table.games)


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sends a request, read once where it comes in (``request.caller_of``): the reader
    its cookies and query make, the join code it holds, its language and its address."""

    viewer: Viewer
    join_code: str
    language: str
    address: str


def seat_title(seat: int, lang: str) -> str:
    """"Anna (Seat 2)", or "Seat 2" for a seat nobody named, as the phone page says it; also
    of a place kept by a player sitting this game out."""
    public = table().published.public
    places = [*(public.get("seats") or []), *(public.get("benched") or [])]
    name = places[seat].get("name") if seat < len(places) else ""
    label = text("web.seat", lang, seat=seat + 1)
    return f"{name} ({label})" if name else label


def viewer() -> Viewer:
    """The reader of this request: its cookies, and whether it is the table page asking."""
    return caller().viewer


def language() -> str:
    """The phone's language: a ``?lang=`` link (the history pages' switch), its ``lang``
    cookie, else the browser's Accept-Language."""
    return caller().language


def language_of(linked: str | None, kept: str | None, accepted: str | None) -> str:
    """The language a link asks for, else the one kept in the cookie, else the browser's."""
    for chosen in (linked, kept):
        if chosen in LANGUAGES:
            return chosen
    return pick_language(accepted)


def error_body(key: str, lang: str, **params: object) -> dict[str, str]:
    """What every refusal says: the error's key and its sentence in the reader's language."""
    return {"error": key, "message": text(key, lang, **params)}


def error_response(key: str, status: int, **params: object) -> tuple[Response, int]:
    """``{"error": key, "message": <the sentence in the phone's language>}`` with ``status``."""
    return jsonify(error_body(key, language(), **params)), status
