"""Frozen dataclasses to JSON and back, read off their type hints.

Games whose state is a tree of frozen dataclasses, tuples and string-keyed dicts can use
``dump``/``load`` instead of writing their own converters field by field.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from companion.games.base import JSON, InvalidAction

T = TypeVar("T")


def dump(value: Any) -> JSON:
    """``value`` as JSON data: dataclasses become objects, tuples lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [dump(item) for item in value]
    if isinstance(value, dict):
        return {str(key): dump(item) for key, item in value.items()}
    return value


def load(kind: type[T], data: JSON) -> T:
    """The ``kind`` that ``dump`` turned into ``data``."""
    return typing.cast(T, _load(kind, data))


def parse(kind: type[T], data: JSON, error: str) -> T:
    """``load`` for data from outside: raise InvalidAction(``error``) if it does not fit.

    Only the shape is checked (an object where a dataclass or dict is meant, a list where a
    tuple is); the values inside are the caller's to check."""
    try:
        return load(kind, data)
    except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as problem:
        raise InvalidAction(error) from problem


def _load(kind: Any, data: JSON) -> Any:
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        return kind(**{f.name: _load(hints[f.name], data[f.name])
                       for f in dataclasses.fields(kind) if f.name in _shaped(Mapping, data)})
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        return _load(next(arg for arg in args if arg is not type(None)), data)
    if origin is tuple:
        items = _shaped(list | tuple, data)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], item) for item in items)
        return tuple(_load(arg, item) for arg, item in zip(args, items, strict=True))
    if origin is dict:
        return {key: _load(args[1], item) for key, item in _shaped(Mapping, data).items()}
    return data


def _shaped(shape: Any, data: JSON) -> Any:
    """``data`` if it is a ``shape`` (a string is no list of letters, an object no list of
    its keys); raise TypeError if not."""
    if not isinstance(data, shape):
        raise TypeError(f"{type(data).__name__} is no {shape}")
    return data
