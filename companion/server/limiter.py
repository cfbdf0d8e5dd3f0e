"""Failed join attempts are rate-limited, so nobody can walk through codes or tokens guessing.

Only failures count: a table of phones behind one address (or a test on loopback) may join as
often as it likes with the right code.
"""

from __future__ import annotations

import threading
from collections import defaultdict, deque

JOIN_LIMIT = 10
"""Failed join attempts one address may make per minute."""
WINDOW_S = 60.0


class JoinLimiter:
    """At most ``limit`` failures per address in any ``WINDOW_S`` seconds; safe across threads."""

    def __init__(self, limit: int = JOIN_LIMIT) -> None:
        self._limit = limit
        self._attempts: defaultdict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def allow(self, address: str, now: float) -> bool:
        """Whether ``address`` may try now: False once it failed ``limit`` times lately."""
        with self._lock:
            attempts = self._attempts[address]
            while attempts and attempts[0] <= now - WINDOW_S:
                attempts.popleft()
            return len(attempts) < self._limit

    def failed(self, address: str, now: float) -> None:
        """Count a failed attempt from ``address``."""
        with self._lock:
            self._attempts[address].append(now)
