"""The Flask app for phones: ``create_app(table, public_url=...)`` wires pages, API and live push.

Nothing lives in module globals: the Table, the codes and the join limiter hang off
``app.extensions``, so every test builds its own app.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, abort, render_template, request
from flask.globals import request_ctx
from werkzeug.exceptions import HTTPException
from werkzeug.sansio.utils import host_is_trusted

from companion import i18n
from companion.games.base import Game
from companion.server import api, context, history, pages, saved
from companion.server.codes import Codes
from companion.server.limiter import JoinLimiter, Limiter, Limits, configured
from companion.table.owner import Table

MAX_BODY = 64 * 1024
API_ERRORS = {400: "error.bad_request", 403: "error.cross_site", 404: "error.not_found",
              405: "error.method", 413: "error.too_large", 415: "error.json_required",
              429: "error.too_many"}
"""The sentence each HTTP error gets; anything else is "error.internal"."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                               "base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(table: Table, *, public_url: str | Callable[[], str | None],
               join_code: str | None = None,
               trouble: Callable[[], i18n.Told | None] = lambda: None,
               limits: Limits | None = None) -> Flask:
    """The phone server for ``table``; ``public_url`` (``http://<ip>:<port>``, or a function
    that finds it as the network changes, None without one) makes join links.

    ``join_code`` is the code phones need to take a seat (a new random one if not given).
    ``trouble`` tells what the box's screen says about its storage (a read-only or full SD
    card, a damaged game); the table page says it too. ``limits``: how fast a phone and an
    address may act and ask (by default a person's pace, see ``limiter.configured``).
    """
    web = Path(str(files("companion.web")))
    app = Flask(__name__, template_folder=web / "templates", static_folder=web / "static")
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY)
    app.extensions.update({context.EXTENSION: table,
                           context.JOINS_EXTENSION: JoinLimiter(),
                           context.LIMITER_EXTENSION: Limiter(limits or configured(os.environ)),
                           context.CODES_EXTENSION: Codes(join_code),
                           context.TROUBLE_EXTENSION: trouble,
                           context.ADDRESS_EXTENSION: public_url if callable(public_url)
                           else lambda: public_url.rstrip("/")})
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(saved.bp)
    for game in table.games.values():
        app.register_blueprint(phone_files(game))
    app.context_processor(lambda: {"game_ids": list(table.games)})
    app.register_error_handler(HTTPException, http_error)
    app.before_request(partial(check_host, box_names()))
    app.before_request(check_origin)
    app.after_request(secure)
    return app


def phone_files(game: Game[Any]) -> Blueprint:
    """A game's phone script and styles, from the ``phone`` folder beside its rules, at
    ``/games/<id>/``."""
    return Blueprint(f"game_{game.id}", game.package, static_folder="phone",
                     static_url_path=f"/games/{game.id}")


def join_path(app: Flask) -> str:
    """The path the box's QR code carries after its address: ``/j/<join code>``."""
    codes: Codes = app.extensions[context.CODES_EXTENSION]
    return f"/j/{codes.join}"


def host_path(app: Flask) -> str:
    """The host link's path, printed where the box is started: ``/h/<secret>``."""
    codes: Codes = app.extensions[context.CODES_EXTENSION]
    return f"/h/{codes.host}"


def box_names() -> frozenset[str]:
    """The names phones may reach the box by, besides its addresses (any IP is accepted)."""
    name = socket.gethostname().lower()
    return frozenset({"localhost", name, f"{name}.local"})


def check_host(names: frozenset[str]) -> None:
    """Refuse (400) a Host the box does not answer to."""
    if not trusted_host(request.host, names):
        abort(400)


def trusted_host(host: str, names: frozenset[str]) -> bool:
    """Whether ``host`` (a Host header) is an IP address or one of ``names`` (DNS rebinding).

    A page that rebinds its own domain to the box still sends that domain as Host, so any IP
    address is safe to accept, whichever of the box's interfaces a phone came in on. A Host
    Werkzeug finds malformed (user info, a port out of range, odd characters) is none, so the
    event loop's endpoints refuse what Flask refuses.
    """
    if not host_is_trusted(host):
        return False
    name = urlsplit(f"//{host}").hostname or ""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return name in names
    return True


def check_origin() -> None:
    """Refuse a state change a page of another origin sends (403), whatever its content type.

    Browsers name the sending page's origin on every POST; JSON already keeps cross-site
    forms out, and this keeps out the rest.
    """
    if request.method == "POST" and cross_site(request.headers.get("Origin"), request.host):
        abort(403)


def cross_site(origin: str | None, host: str) -> bool:
    """Whether a request names a sending page (``Origin``) of another site than ``host``; an
    Origin that is no URL (``http://[::1``) is another site's."""
    if not origin:
        return False
    try:
        return urlsplit(origin).netloc != host
    except ValueError:
        return True


def http_error(error: HTTPException) -> Response | tuple[Response, int] | tuple[str, int]:
    """JSON for the API, a friendly page for people; never a stack trace (Flask logs those)."""
    status = error.code or 500
    key = API_ERRORS.get(status, "error.internal")
    if request.path.startswith("/api/"):
        return context.error_response(key, status)
    if request_ctx.url_adapter is None:  # a Host no URL can be built for: no page, a sentence
        return Response(i18n.text(key, context.language()), status, mimetype="text/plain")
    lang = context.language()
    return render_template("error.html", page="error", lang=lang, status=status,
                           message=i18n.text(key, lang),
                           t=lambda k, **p: i18n.text(k, lang, **p)), status


def secure(response: Response) -> Response:
    """Everything comes from the box itself, and no answer of the API is cached."""
    response.headers.update(SECURITY_HEADERS)
    if request.path.startswith("/api/"):
        response.headers.setdefault("Cache-Control", "no-store")
    return response
