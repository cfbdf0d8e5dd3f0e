"""Join attempts are rate-limited, so nobody can walk through seats guessing."""

from __future__ import annotations

import threading
from collections import defaultdict, deque

JOIN_LIMIT = 10
"""Join attempts one address may make per minute."""
WINDOW_S = 60.0


class JoinLimiter:
    """At most ``limit`` attempts per address in any ``WINDOW_S`` seconds; safe across threads."""

    def __init__(self, limit: int = JOIN_LIMIT) -> None:
        self._limit = limit
        self._attempts: defaultdict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def allow(self, address: str, now: float) -> bool:
        """Count an attempt from ``address`` at ``now``; False when it is one too many."""
        with self._lock:
            attempts = self._attempts[address]
            while attempts and attempts[0] <= now - WINDOW_S:
                attempts.popleft()
            if len(attempts) >= self._limit:
                return False
            attempts.append(now)
            return True
