"""Views as JSON text with each part encoded once: the phones of one version share the public
game state and the seats, and a part the game keeps worked out (a digital sheet's offers while
its player waits) is the same object from one version to the next."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from json.encoder import encode_basestring_ascii

from companion.games.base import JSON

DEPTH = 2
"""How deep the views are taken apart: the view, and its game state."""


class ViewJson:
    """Encodes the views of one version after the other, as ``json.dumps`` with the tightest
    separators would; a list or object met before (this version or the last) is not encoded
    again. Use from one thread."""

    def __init__(self) -> None:
        self._parts: dict[int, tuple[JSON, str]] = {}
        self._last: dict[int, tuple[JSON, str]] = {}

    def next_version(self) -> None:
        """The parts of the version before the last are let go."""
        self._last, self._parts = self._parts, {}

    def encode(self, view: Mapping[str, JSON]) -> str:
        return self._object(view, DEPTH)

    def _object(self, found: Mapping[str, JSON], depth: int) -> str:
        if depth == 0 or not all(isinstance(key, str) for key in found):
            return _dumps(found)
        return "{" + ",".join(_key(key) + self._value(value, depth - 1)
                              for key, value in found.items()) + "}"

    def _value(self, value: JSON, depth: int) -> str:
        if not isinstance(value, dict | list):
            return _scalar(value)
        known = self._parts.get(id(value)) or self._last.get(id(value))
        if known is None or known[0] is not value:  # the pair keeps the object and its id
            text = self._object(value, depth) if isinstance(value, dict) else _dumps(value)
            known = (value, text)
        self._parts[id(value)] = known
        return known[1]


def _scalar(value: JSON) -> str:
    """A string, number, bool or None as JSON text (the common ones without ``json.dumps``)."""
    if isinstance(value, str):
        return str(encode_basestring_ascii(value))
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    if type(value) is int:
        return str(value)
    return _dumps(value)


@lru_cache(maxsize=1024)
def _key(key: str) -> str:
    """A key as JSON text with its colon (the views use a few hundred names)."""
    return f"{encode_basestring_ascii(key)}:"


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))
