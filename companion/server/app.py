"""The Flask app for phones: ``create_app(table, public_url=...)`` wires pages, API and live push.

Nothing lives in module globals: the Table, the codes and the join limiter hang off
``app.extensions``, so every test builds its own app.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException

from companion import i18n
from companion.games.base import Game
from companion.server import api, context, history, pages, records, saved
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
    app.register_blueprint(records.bp)
    app.register_blueprint(saved.bp)
    for game in table.games.values():
        app.register_blueprint(phone_files(game))
    app.context_processor(lambda: {"game_ids": list(table.games)})
    app.register_error_handler(HTTPException, http_error)
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


def http_error(error: HTTPException) -> tuple[Response, int] | tuple[str, int]:
    """JSON for the API, a friendly page for people; never a stack trace (Flask logs those)."""
    status = error.code or 500
    key = API_ERRORS.get(status, "error.internal")
    if request.path.startswith("/api/"):
        return context.error_response(key, status)
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
