"""From one version's views to the next, a part that did not change is the same object: the
phone server's patches and encodings then pass it by identity instead of comparing or
encoding it again for every reader."""

from __future__ import annotations

import marshal
from collections.abc import Hashable, Mapping
from typing import Any, TypeVar, cast

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
_SCALARS = frozenset({str, int, bool, float, type(None)})


class Unchanged:
    """The parts of the views made last, by place (a name the views give them): a part equal
    to the one at its place before is that object again. Use from one thread."""

    def __init__(self) -> None:
        self._before: dict[Hashable, _Kept] = {}
        self._now: dict[Hashable, _Kept] = {}

    def next(self) -> None:
        """A new version's views begin: the parts of the last are those kept."""
        self._before, self._now = self._now, {}

    def part(self, place: Hashable, part: T) -> T:
        """``part``, or the equal one at ``place`` before."""
        kept = self._before.get(place)
        if kept is None or not kept.same(part):
            kept = _Kept(part)
        self._now[place] = kept
        return cast(T, kept.part)  # ``part`` itself, or one equal to it as JSON text

    def parts(self, place: Hashable, parts: Mapping[K, T]) -> dict[K, T]:
        """``parts`` as a new dict, each list or object in it the equal one before."""
        return {key: value if type(value) in _SCALARS else self.part((place, key), value)
                for key, value in parts.items()}


class _Kept:
    """A part, and its bytes once they were needed to tell it from an equal one."""

    __slots__ = ("_bytes", "part")

    def __init__(self, part: object) -> None:
        self.part, self._bytes = part, b""

    def same(self, other: object) -> bool:
        """Whether ``other`` is this part as JSON text would be."""
        part = self.part
        if part is other:
            return True
        if type(part) is not type(other) or part != other:
            return False
        if isinstance(part, str | int) or part is None:
            return True
        self._bytes = self._bytes or _typed(part)
        return self._bytes == _typed(other)


def same(before: object, after: object) -> bool:
    """Equal as JSON text would be (``==`` alone takes ``true`` for ``1``, ``-0.0`` for
    ``0.0``; their typed bytes tell them apart)."""
    return _Kept(before).same(after)


def _typed(value: Any) -> bytes:
    """``value`` as bytes that tell its types apart; equal values give equal bytes (marshal's
    version 2 keeps no references, whose flags would depend on who else holds a string)."""
    return marshal.dumps(value, 2)
