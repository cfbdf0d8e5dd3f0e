"""Rate limits: failed join attempts, so nobody can walk through codes or tokens guessing; and
every action and every ask for a seat or the table page, so no phone writes the box's log
faster than a person plays or keeps pulling at its screen.

The join limit counts failures only: a table of phones behind one address may join as often
as it likes with the right code. Actions and asks are token buckets per phone and per
address; loopback is an address like any other.
"""

from __future__ import annotations

import threading
from collections import defaultdict, deque
from collections.abc import Mapping
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Rate:
    """A token bucket: ``burst`` at once, refilled at ``per_s`` a second."""

    burst: float
    per_s: float

    def scaled(self, factor: float) -> Rate:
        return Rate(self.burst * factor, self.per_s * factor)


@dataclass(frozen=True, slots=True)
class Limits:
    """What one phone and one address may do, at a person's pace and a table's.

    A phone's actions: a burst of taps (a round scored seat by seat), then five a second,
    more than anyone taps for long. An address's: eight such phones (a table behind one
    router). Asks for a seat or the table page, which the box's screen shows: three at once
    and one a minute a phone, a table's worth from one address.
    """

    phone_actions: Rate = Rate(20, 5.0)
    address_actions: Rate = Rate(160, 40.0)
    phone_asks: Rate = Rate(3, 1 / 60)
    address_asks: Rate = Rate(16, 8 / 60)

    def scaled(self, factor: float) -> Limits:
        """Every limit ``factor`` times as high (tests and benchmarks that play at machine
        speed say so explicitly)."""
        return Limits(*(rate.scaled(factor) for rate in (
            self.phone_actions, self.address_actions, self.phone_asks, self.address_asks)))


PRODUCT = Limits()
"""The limits of a box: a person's pace."""
SCALE_VARIABLE = "GETAWAY_LIMITS_SCALE"
"""An environment variable that multiplies the limits of a box: only for tests and
benchmarks that play whole games through a real box at machine speed."""


def configured(environ: Mapping[str, str]) -> Limits:
    """The box's limits, scaled as SCALE_VARIABLE says (unset: a person's pace)."""
    scale = environ.get(SCALE_VARIABLE)
    return PRODUCT if scale is None else PRODUCT.scaled(float(scale))

KEPT = 4096
"""Buckets kept before the full ones are forgotten: guessed keys cannot fill the memory."""


class Limiter:
    """Token buckets for actions and asks by phone and by address; safe across threads. A
    refused request takes nothing from any bucket."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._rates = {"act-phone": limits.phone_actions, "act-address": limits.address_actions,
                       "ask-phone": limits.phone_asks, "ask-address": limits.address_asks}
        self._levels: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def act(self, phone: str | None, address: str, now: float) -> bool:
        """Whether a phone (None: one without a seat or host token) may act now."""
        return self._take(now, ("act-phone", phone), ("act-address", address))

    def ask(self, phone: str | None, address: str, now: float) -> bool:
        """Whether a phone may ask for a seat or to be the table page now."""
        return self._take(now, ("ask-phone", phone), ("ask-address", address))

    def _take(self, now: float, *buckets: tuple[str, str | None]) -> bool:
        with self._lock:
            levels = {(kind, key): self._level(kind, key, now)
                      for kind, key in buckets if key is not None}
            if any(level < 1 for level in levels.values()):
                return False
            self._levels.update({bucket: (level - 1, now) for bucket, level in levels.items()})
            if len(self._levels) > KEPT:
                self._levels = {bucket: (self._level(*bucket, now), now)
                                for bucket in self._levels
                                if self._level(*bucket, now) < self._rates[bucket[0]].burst}
            return True

    def _level(self, kind: str, key: str, now: float) -> float:
        """What the bucket holds now: a new one is full."""
        rate = self._rates[kind]
        level, at = self._levels.get((kind, key), (rate.burst, now))
        return min(rate.burst, level + max(0.0, now - at) * rate.per_s)
