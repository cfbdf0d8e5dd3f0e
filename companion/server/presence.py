"""Whose phone is here: a seat's phone with a live stream open, or whose last stream closed
less than ``GRACE_S`` ago. It is public (which seat's phone is here, nothing of its token),
never a step of the table: nothing of it is logged, undone or replayed."""

from __future__ import annotations

import threading
from collections.abc import Callable

from companion.games.base import JSON
from companion.table.published import Published, token_hash
from companion.table.unchanged import Unchanged

GRACE_S = 15.0
"""How long a seat's phone counts as here after its last stream closed: a reload is back
within a second or two, a phone locked for a moment reconnects within its stream's retry
(3 s) once it is woken, so only a phone away longer than this is shown gone."""


class Presence:
    """The seat tokens whose phones are here: every open stream of a token counts, and its
    last one for ``grace_s`` after it closed (on ``clock``) until ``look`` lets it go. Streams
    open and close on the loop; the Table's thread asks who is here (``in``)."""

    def __init__(self, clock: Callable[[], float], grace_s: float = GRACE_S) -> None:
        self._clock, self._grace_s = clock, grace_s
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}  # token hash: streams open
        self._left: dict[str, float] = {}  # token hash: when its last stream closed, oldest first

    def __contains__(self, held: object) -> bool:
        """Whether the phone whose token has the hash ``held`` is here."""
        with self._lock:
            return held in self._open or held in self._left

    def opened(self, token: str) -> None:
        """A stream of the phone holding ``token`` opened."""
        held = token_hash(token)
        with self._lock:
            self._open[held] = self._open.get(held, 0) + 1
            self._left.pop(held, None)

    def closed(self, token: str) -> None:
        """A stream of the phone holding ``token`` closed; its last one starts the grace."""
        held = token_hash(token)
        with self._lock:
            self._open[held] -= 1
            if not self._open[held]:
                del self._open[held]
                self._left[held] = self._clock()

    def look(self) -> float | None:
        """Let go of the phones whose grace has ended; the seconds until the next one's ends
        (None: no phone is in its grace)."""
        now = self._clock()
        with self._lock:
            while self._left:
                held, left = next(iter(self._left.items()))
                if now - left < self._grace_s:
                    return left + self._grace_s - now
                del self._left[held]
        return None


def marked(published: Published, places: frozenset[int], unchanged: Unchanged) -> Published:
    """``published`` with ``here`` on every place of every view: whether its phone is here
    (``places``, the seats and then those sitting out, by their number); places marked as
    before are the lists ``unchanged`` kept."""
    public = published.public
    if "seats" not in public:
        return published
    unchanged.next()
    seats, benched = (unchanged.part(part, _here(public.get(part, []), places))
                      for part in ("seats", "benched"))
    private = {seat: {**view, "seats": seats, "benched": benched}
               for seat, view in published.private.items()}
    return Published(published.version, published.as_of,
                     {**public, "seats": seats, "benched": benched}, private,
                     published.controls, published.device)


def _here(seats: JSON, places: frozenset[int]) -> list[JSON]:
    assert isinstance(seats, list)
    return [{**seat, "here": seat["seat"] in places} for seat in seats
            if isinstance(seat, dict)]
