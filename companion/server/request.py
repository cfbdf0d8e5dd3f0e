"""Who sends a request, read once where it comes in (its ASGI scope): the streams, the action
endpoint and Flask's pages all take the caller from here."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from types import MappingProxyType
from typing import Any
from urllib.parse import parse_qs

from werkzeug.http import parse_cookie
from werkzeug.sansio.utils import get_host

from companion.server.context import (
    HOST_COOKIE,
    JOIN_COOKIE,
    LANG_COOKIE,
    SEAT_COOKIE,
    Caller,
    Viewer,
    language_of,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def header(scope: Scope, name: bytes) -> str | None:
    """The request's header ``name`` (lower case), or None without one."""
    return next((value.decode("latin-1") for key, value in scope["headers"] if key == name), None)


def host_of(scope: Scope) -> str:
    """The Host a request names, as Flask reads it: its Host header, else the address it came
    in on."""
    return get_host(scope.get("scheme", "http"), header(scope, b"host"), scope.get("server"))


def caller_of(scope: Scope) -> Caller:
    """Who sends the request: the seat and host tokens and the join code its cookies hold,
    whether the table page asks (``?page=table``), its language and its socket's address."""
    kept, asked = _cookies(scope), _query(scope)
    viewer = Viewer(kept.get(SEAT_COOKIE) or None, kept.get(HOST_COOKIE) or None,
                    asked.get("page") == "table")
    language = language_of(asked.get(LANG_COOKIE), kept.get(LANG_COOKIE),
                           header(scope, b"accept-language"))
    client = scope.get("client") or ("", 0)
    return Caller(viewer, kept.get(JOIN_COOKIE, ""), language, str(client[0]))


def _cookies(scope: Scope) -> Mapping[str, str]:
    return _parsed(b"; ".join(value for name, value in scope["headers"] if name == b"cookie"))


@functools.lru_cache(maxsize=256)
def _parsed(cookies: bytes) -> Mapping[str, str]:
    """A Cookie header's cookies, kept: a phone sends the same ones with every request."""
    return MappingProxyType(dict(parse_cookie(cookies.decode("latin-1"))))


def _query(scope: Scope) -> dict[str, str]:
    """Each query argument's first value, as Flask's ``request.args.get`` gives it."""
    parsed = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    return {name: values[0] for name, values in parsed.items()}
