"""The latest Published, and the live streams of the phones waiting for a newer one.

The hub keeps one snapshot, never a queue of changes: a phone that slept through ten
versions gets the newest view and nothing else.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial

from companion.table import Published


class Hub:
    """One condition that every stream waits on; the Table wakes them all with ``publish``."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._latest: Published | None = None
        self._closed = False

    def publish(self, published: Published) -> None:
        """Keep ``published`` and wake every stream (a Table subscriber: quick, never blocks)."""
        with self._changed:
            self._latest = published
            self._changed.notify_all()

    def close(self) -> None:
        """End every stream now and every stream that starts later."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def updates(self, first: Published, heartbeat_s: float) -> Iterator[Published | None]:
        """``first``, then each newer Published, or None after ``heartbeat_s`` of quiet.

        Ends when the hub closes.
        """
        seen = first.version
        yield first
        while True:
            with self._changed:
                self._changed.wait_for(partial(self._woken, seen), heartbeat_s)
                if self._closed:
                    return
                latest = self._latest if self._newer(seen) else None
            if latest is not None:
                seen = latest.version
            yield latest

    def _woken(self, version: int) -> bool:
        return self._closed or self._newer(version)

    def _newer(self, version: int) -> bool:
        return self._latest is not None and self._latest.version > version
