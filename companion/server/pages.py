"""The HTML pages: the phone, the table page, the join link and the personal rejoin link.

The pages are shells: getaway.js fills them from the live views, so a page never shows a
state older than its stream.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, redirect, render_template, url_for
from werkzeug.wrappers import Response

from companion.games.base import Action
from companion.i18n import catalog, text
from companion.server import context
from companion.server.api import attempt_failed, check_attempts, set_host_cookie
from companion.server.codes import SHAPE
from companion.table.published import token_hash

bp = Blueprint("pages", __name__)


@bp.get("/")
def phone() -> str:
    return render_page("phone.html", "phone")


@bp.get("/j/<code>")
def join_link(code: str) -> str:
    """The QR code's link, or a seat's hand-over link: the phone page, which asks the box what
    ``code`` is; a join code counts as typed, a hand-over code waits for the page's button."""
    return render_page("phone.html", "phone", code=code if SHAPE.fullmatch(code) else "")


@bp.get("/table")
def table_page() -> str:
    """The table page: a watcher's public view until OK on the box makes it the host's (the
    join code comes with the host's view, never in this page)."""
    return render_page("table.html", "table", trouble=context.trouble())


@bp.get("/h/<secret>")
def host_link(secret: str) -> Response:
    """The host link printed where the box was started: this browser becomes the table page.

    A wrong secret counts against the join limit, like a guessed rejoin link.
    """
    check_attempts()
    if not context.codes().is_host(secret):
        attempt_failed()
        return redirect(url_for("pages.table_page"))
    token = secrets.token_urlsafe(24)
    context.table().submit(Action("table.host_add", None, {"token_hash": token_hash(token)}))
    response = redirect(url_for("pages.table_page"))
    set_host_cookie(response, token)
    return response


@bp.get("/r/<token>")
def rejoin(token: str) -> Response | str:
    """A personal rejoin link: a page that says which seat it belongs to (its script says
    which seat this phone holds now: a link opened from another site comes without the
    phone's cookies); only its button, a JSON POST from the page itself, moves the seat here.
    So a page of another site that sends a phone to a link never changes who the phone is.

    A link that fits no place counts against the join limit, so nobody can walk through
    tokens; a place kept while its player sits this game out fits.
    """
    check_attempts()
    seat = context.table().place_for_token(token)
    if seat is None:
        attempt_failed()
        return redirect(url_for("pages.phone", link="expired"))
    if context.caller_token() == token:
        return redirect(url_for("pages.phone"))
    return render_page("rejoin.html", "rejoin", token=token, seat=seat,
                       title=context.seat_title(seat, context.language()))


def render_page(template: str, page: str, **values: object) -> str:
    """Render ``template`` in the caller's language, with the catalog for the page's script."""
    lang = context.language()
    public_url = context.public_url()
    return render_template(template, page=page, lang=lang, texts=catalog(lang),
                           t=lambda key, **params: text(key, lang, **params),
                           join_url=public_url + "/", address=public_url.removeprefix("http://"),
                           joinable=context.has_join_code(), **values)
