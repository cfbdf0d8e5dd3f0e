"""The HTML pages: the phone, the table page and the personal rejoin link.

The pages are shells: getaway.js fills them from the live views, so a page never shows a
state older than its stream.
"""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, url_for
from werkzeug.wrappers import Response

from companion.i18n import catalog, text
from companion.server import context
from companion.server.api import set_seat_cookie

bp = Blueprint("pages", __name__)


@bp.get("/")
def phone() -> str:
    return render_page("phone.html", "phone")


@bp.get("/table")
def table_page() -> str:
    return render_page("table.html", "table")


@bp.get("/r/<token>")
def rejoin(token: str) -> Response:
    """Put the seat token back into the cookie and go to the phone page."""
    if context.table().seat_for_token(token) is None:
        return redirect(url_for("pages.phone", link="expired"))
    response = redirect(url_for("pages.phone"))
    set_seat_cookie(response, token)
    return response


def render_page(template: str, page: str, **values: object) -> str:
    """Render ``template`` in the caller's language, with the catalog for the page's script."""
    lang = context.language()
    return render_template(template, page=page, lang=lang, texts=catalog(lang),
                           t=lambda key, **params: text(key, lang, **params),
                           join_url=current_app.config["PUBLIC_URL"] + "/", **values)
