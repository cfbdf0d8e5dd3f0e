"""``POST /api/action`` on the event loop: an action goes to the Table and its answer comes
back with no worker thread in between, one hand-over fewer on the way of every step to the
phones. The checks are Flask's own functions: the same host, origin, body and who-may-act."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping

from werkzeug.exceptions import BadRequest, Forbidden, HTTPException, MethodNotAllowed

from companion.games.base import GetawayError
from companion.server.api import json_body, paced, requested, status_of
from companion.server.app import API_ERRORS, SECURITY_HEADERS, cross_site, trusted_host
from companion.server.context import error_body
from companion.server.limiter import Limiter
from companion.server.request import Scope, Send, caller_of, header, language
from companion.table.owner import Table

PATH = "/api/action"
ANSWER_S = 10.0
"""How long an action may wait for the Table before the phone hears the box is busy (503)."""
HEADERS = [(b"content-type", b"application/json"), (b"cache-control", b"no-store"),
           *((name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items())]

log = logging.getLogger(__name__)


class Actions:
    """The action endpoint of one Table, for a box reached by ``names`` or any IP address."""

    def __init__(self, table: Table, names: frozenset[str], limiter: Limiter) -> None:
        self._table, self._names, self._limiter = table, names, limiter

    async def __call__(self, scope: Scope, body: bytes, send: Send) -> None:
        """Answer with ``{"version": n}`` once the action is durable, else the refusal."""
        answer: Mapping[str, object]
        try:
            status, answer = 200, {"version": await self._act(scope, body)}
        except HTTPException as error:
            status = error.code or 500
            answer = error_body(API_ERRORS.get(status, "error.internal"), language(scope))
        except GetawayError as error:
            status = status_of(error)
            answer = error_body(error.key, language(scope), **error.params)
        except TimeoutError:
            status, answer = 503, error_body("error.busy", language(scope))
        except Exception:  # a fault of the box: logged, never shown to a phone
            log.exception("action failed")
            status, answer = 500, error_body("error.internal", language(scope))
        data = json.dumps(answer, separators=(",", ":")).encode()
        allow = [(b"allow", b"POST")] if status == 405 else []
        await send({"type": "http.response.start", "status": status,
                    "headers": [*HEADERS, *allow, (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})

    async def _act(self, scope: Scope, body: bytes) -> int:
        host = header(scope, b"host")
        if scope["method"] != "POST":
            raise MethodNotAllowed(["POST"])
        if not trusted_host(host, self._names):
            raise BadRequest()
        if cross_site(header(scope, b"origin"), host):
            raise Forbidden()
        action, version = requested(json_body(header(scope, b"content-type"), body),
                                    caller_of(scope).reader(self._table))
        paced(self._limiter, scope, action, self._table.clock())
        answer = asyncio.wrap_future(self._table.post(action, expect_version=version))
        # wait, unlike wait_for, never cancels the Table's future, which must stay its own
        done, _ = await asyncio.wait({answer}, timeout=ANSWER_S)
        if not done:
            raise TimeoutError
        return answer.result()
