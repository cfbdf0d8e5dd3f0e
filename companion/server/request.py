"""What the server reads of a request on the event loop (an ASGI scope), as Flask reads it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs

from werkzeug.http import parse_cookie

from companion.server.context import HOST_COOKIE, LANG_COOKIE, SEAT_COOKIE, Viewer, language_of

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def header(scope: Scope, name: bytes) -> str:
    """The request's header ``name`` (lower case), or "" without one."""
    return next((value.decode("latin-1") for key, value in scope["headers"] if key == name), "")


def cookies(scope: Scope) -> dict[str, str]:
    raw = b"; ".join(value for name, value in scope["headers"] if name == b"cookie")
    return dict(parse_cookie(raw.decode("latin-1")))


def query(scope: Scope) -> dict[str, list[str]]:
    return parse_qs(scope.get("query_string", b"").decode("latin-1"))


def caller_of(scope: Scope) -> Viewer:
    """Who sends a request: the seat and host tokens its cookies hold."""
    kept = cookies(scope)
    return Viewer(kept.get(SEAT_COOKIE) or None, kept.get(HOST_COOKIE) or None)


def viewer_of(scope: Scope) -> Viewer:
    """The reader of a request from its cookies and query (as ``context.viewer()`` does)."""
    return replace(caller_of(scope), table_page=query(scope).get("page") == ["table"])


def language(scope: Scope) -> str:
    """The reader's language (as ``context.language()`` finds it)."""
    linked = query(scope).get(LANG_COOKIE, [None])[0]
    return language_of(linked, cookies(scope).get(LANG_COOKIE),
                       header(scope, b"accept-language") or None)
