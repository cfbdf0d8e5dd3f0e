"""The guard at the one way in: which Host names the box answers and which pages may send it a
POST, checked for every request before the streams, the action endpoint or Flask see it, and
the one refusal it answers with."""

from __future__ import annotations

import functools
import ipaddress
import json
import socket
from urllib.parse import urlsplit

from werkzeug.sansio.utils import host_is_trusted

from companion.i18n import text
from companion.server.app import SECURITY_HEADERS
from companion.server.context import Caller, error_body
from companion.server.request import Scope, Send, header, host_of

HEADERS = [(b"cache-control", b"no-store"), (b"connection", b"close"),
           *((name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items())]
"""Every refusal's headers: the connection closes, as the request's body may be unread."""


def box_names() -> frozenset[str]:
    """The names phones may reach the box by, besides its addresses (any IP is accepted)."""
    name = socket.gethostname().lower()
    return frozenset({"localhost", name, f"{name}.local"})


def refusal(scope: Scope, names: frozenset[str]) -> tuple[int, str] | None:
    """Why the box refuses a request whatever it asks for, as (status, error key): a Host it
    does not answer to (400, DNS rebinding), a POST from another site's page (403); else None."""
    host = host_of(scope)
    if not trusted_host(host, names):
        return 400, "error.bad_request"
    if scope["method"] == "POST" and cross_site(header(scope, b"origin"), host):
        return 403, "error.cross_site"
    return None


@functools.lru_cache(maxsize=256)
def trusted_host(host: str, names: frozenset[str]) -> bool:
    """Whether ``host`` (a Host header) is an IP address or one of ``names`` (DNS rebinding).

    A page that rebinds its own domain to the box still sends that domain as Host, so any IP
    address is safe to accept, whichever of the box's interfaces a phone came in on. A Host
    Werkzeug finds malformed (user info, a port out of range, odd characters) is none. The
    answers are kept: a box hears the same few Hosts on every request.
    """
    if not host_is_trusted(host):
        return False
    name = urlsplit(f"//{host}").hostname or ""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return name in names
    return True


def cross_site(origin: str | None, host: str) -> bool:
    """Whether a request names a sending page (``Origin``) of another site than ``host``; an
    Origin that is no URL (``http://[::1``) is another site's.

    Browsers name the sending page's origin on every POST; JSON already keeps cross-site
    forms out, and this keeps out the rest, whatever the content type.
    """
    if not origin:
        return False
    try:
        return urlsplit(origin).netloc != host
    except ValueError:
        return True


async def refuse(scope: Scope, send: Send, caller: Caller, status: int, key: str) -> None:
    """The refusal in the caller's language: ``{"error": key, "message": ...}`` for the API
    (as every endpoint's refusal), the sentence alone for a page."""
    if scope["path"].startswith("/api/"):
        kind = b"application/json"
        body = json.dumps(error_body(key, caller.language), separators=(",", ":")).encode()
    else:
        kind, body = b"text/plain; charset=utf-8", text(key, caller.language).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                            *HEADERS]})
    await send({"type": "http.response.body", "body": body})
