"""A clock that only moves when a test moves it."""

from __future__ import annotations


class FakeClock:
    """Monotonic seconds, starting at 1000, advanced by hand."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
