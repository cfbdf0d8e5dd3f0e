"""``POST /api/action`` on the event loop: an action goes to the Table and its answer comes
back with no worker thread in between, one hand-over fewer on the way of every step to the
phones, and before the streams are written. The way in (``serve.PhoneServer``) has checked
the Host and the Origin and read the caller; the checks here are Flask's own functions: the
same body and who-may-act."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping

from werkzeug.exceptions import HTTPException, MethodNotAllowed

from companion.games.base import GetawayError
from companion.server.api import json_body, paced, requested, status_of
from companion.server.app import API_ERRORS, SECURITY_HEADERS
from companion.server.context import Caller, error_body
from companion.server.limiter import Limiter
from companion.server.request import Scope, Send, header
from companion.server.stream import Streams
from companion.table.owner import Table

PATH = "/api/action"
ANSWER_S = 10.0
"""How long an action may wait for the Table before the phone hears the box is busy (503)."""
HEADERS = [(b"content-type", b"application/json"), (b"cache-control", b"no-store"),
           *((name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items())]

log = logging.getLogger(__name__)


class Actions:
    """The action endpoint of one Table, whose answers go out before its ``streams``."""

    def __init__(self, table: Table, streams: Streams, limiter: Limiter) -> None:
        self._table, self._streams, self._limiter = table, streams, limiter

    async def __call__(self, scope: Scope, caller: Caller, body: bytes, send: Send) -> None:
        """Answer with ``{"version": n}`` once the action is durable, else the refusal."""
        answer: Mapping[str, object]
        try:
            status, answer = 200, {"version": await self._act(scope, caller, body)}
        except HTTPException as error:
            status = error.code or 500
            answer = error_body(API_ERRORS.get(status, "error.internal"), caller.language)
        except GetawayError as error:
            status = status_of(error)
            answer = error_body(error.key, caller.language, **error.params)
        except TimeoutError:
            status, answer = 503, error_body("error.busy", caller.language)
        except Exception:  # a fault of the box: logged, never shown to a phone
            log.exception("action failed")
            status, answer = 500, error_body("error.internal", caller.language)
        data = json.dumps(answer, separators=(",", ":")).encode()
        allow = [(b"allow", b"POST")] if status == 405 else []
        await send({"type": "http.response.start", "status": status,
                    "headers": [*HEADERS, *allow, (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})

    async def _act(self, scope: Scope, caller: Caller, body: bytes) -> int:
        if scope["method"] != "POST":
            raise MethodNotAllowed(["POST"])
        action, version = requested(json_body(header(scope, b"content-type"), body),
                                    caller.viewer.reader(self._table))
        paced(self._limiter, caller, action, self._table.clock())
        # the Table's future stays its own: a phone that goes cancels only its answer
        answer = self._streams.answer(self._table.post(action, expect_version=version))
        timer = asyncio.get_running_loop().call_later(ANSWER_S, _too_late, answer)
        try:
            return await answer
        finally:
            timer.cancel()


def _too_late(answer: asyncio.Future[int]) -> None:
    if not answer.done():
        answer.set_exception(TimeoutError())
