"""A thread of a subscriber's own: what the Table publishes, followed off the owner's thread.

The Table calls its subscribers on its owner thread, between one step and the next. One that
shifts out LEDs or starts a sound hands that work to a Follower instead, which runs it on its
own thread, one piece at a time, in the order handed over. Nothing is skipped or merged: what
follows from two Publisheds in a row (a sound) is what it would have been on the owner's.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

Work = Callable[[], None]


class Follower:
    """Runs the work handed to it on a daemon thread of its own, in order, until closed."""

    def __init__(self, name: str) -> None:
        self._work: queue.SimpleQueue[Work | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def hand(self, work: Work) -> None:
        """Queue ``work`` (from any thread, in constant time); once closed, drop it."""
        with self._lock:
            if not self._closed:
                self._work.put(work)

    def settled(self, timeout: float = 10.0) -> None:
        """Wait until the work handed over so far has run; TimeoutError if it takes longer."""
        done = threading.Event()
        with self._lock:
            closed = self._closed
            if not closed:
                self._work.put(done.set)
        if closed:
            self._thread.join(timeout)
        finished = not self._thread.is_alive() if closed else done.wait(timeout)
        if not finished:
            raise TimeoutError(f"{self._thread.name} did not catch up in {timeout} s")

    def alive(self) -> bool:
        """Whether the thread runs (the watchdog asks)."""
        return self._thread.is_alive()

    def close(self, timeout: float = 10.0) -> None:
        """Run what was handed over before, then end the thread; a piece that hangs is left
        to itself after ``timeout`` (never call it from the thread)."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._work.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while (work := self._work.get()) is not None:
            try:
                work()
            except Exception:
                log.exception("%s failed to follow", self._thread.name)
