"""Short codes people type: the table's join code and the one-time codes that hand a seat over.

The join code is on the box's screen, in its QR code and on the host's table page; a phone
needs it (from the QR link or typed) before it may take a seat, so knowing the box's address is
not enough. The host link (``/h/<secret>``) is printed where the box is started, for a browser
on the box's own machine: it makes that browser the table page without pressing OK.
A hand-over code moves one seat to another phone, once, within ``HANDOVER_S``.
Codes use letters and digits nobody confuses (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G) and are
compared in constant time.
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
from dataclasses import dataclass

ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
JOIN_LENGTH = 5
HANDOVER_LENGTH = 6
HANDOVER_S = 600.0
"""How long a hand-over code works: ten minutes to pick up the other phone and type it."""
SHAPE = re.compile(r"[A-Za-z0-9 -]{1,16}")
"""What may be a typed code at all; anything else is never echoed into a page."""


def new_code(length: int) -> str:
    """``length`` characters of ALPHABET from the system's random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normal(typed: str) -> str:
    """A code as typed on a phone: any case, spaces and dashes ignored."""
    return typed.upper().replace(" ", "").replace("-", "")


def same(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code``, in time that does not depend on where they differ."""
    return hmac.compare_digest(normal(typed).encode(), code.encode())


@dataclass(frozen=True, slots=True)
class Handover:
    """A seat its phone offers to another phone: the hash of the token that holds it now."""

    seat: int
    holder: str
    expires: float


class Codes:
    """The table's join code and its host link's secret (one each per run of the box) and the
    open hand-over codes."""

    def __init__(self, join: str | None = None) -> None:
        self.join = join or new_code(JOIN_LENGTH)
        self.host = secrets.token_urlsafe(16)
        self._handovers: dict[str, Handover] = {}
        self._lock = threading.Lock()

    def is_join(self, typed: str) -> bool:
        return same(typed, self.join)

    def is_host(self, given: str) -> bool:
        """Whether ``given`` is the host link's secret (exactly, in constant time)."""
        return hmac.compare_digest(given.encode(), self.host.encode())

    def hand_over(self, seat: int, holder: str, now: float) -> str:
        """A new one-time code for ``seat``; it replaces the seat's earlier one."""
        with self._lock:
            self._handovers = {code: h for code, h in self._handovers.items()
                               if h.seat != seat and h.expires > now}
            code = new_code(HANDOVER_LENGTH)
            self._handovers[code] = Handover(seat, holder, now + HANDOVER_S)
            return code

    def peek(self, typed: str, now: float) -> Handover | None:
        """The hand-over ``typed`` names, left open for ``redeem``; None if there is none (now)."""
        with self._lock:
            named = [h for code, h in self._handovers.items() if same(typed, code)]
        return next((h for h in named if h.expires > now), None)

    def redeem(self, typed: str, now: float) -> Handover | None:
        """The hand-over ``typed`` names, used up by this call; None if there is none (now)."""
        with self._lock:
            found = None
            for code in list(self._handovers):
                if same(typed, code):
                    found = self._handovers.pop(code)
            return found if found is not None and found.expires > now else None
