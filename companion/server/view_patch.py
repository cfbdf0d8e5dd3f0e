"""A view as its steps from the view before, what a stream sends after its first full view.

A patch is a list of steps, applied in order; a path is a list of object keys and list indexes:
``[path, value]`` sets the value at ``path`` (an index one past a list's end appends), and
``[path]`` deletes (an object's key, or a list's items from that index on). ``null`` is a
value like any other. A list whose length changes keeps its common start; a list where more than
half the items changed is set whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.base import JSON
from companion.table.unchanged import same

Path = tuple[str | int, ...]
"""Path a part is, on the way down (a step carries it as a list)."""
Step = list[JSON]

_MISSING = object()
_PLAIN = (str, int, bool)
"""Values the same as JSON text exactly where ``==`` says so (of one type: not a float)."""
SHARED_DEPTH = 3
"""How deep parts are looked for that views share: the view, its parts, its game state's."""


class Diffs:
    """The patches of one version's views from the views before: a part that several views
    share (the same object before and after, as the phones share the public state) is
    compared once. Use from one thread, for one version."""

    def __init__(self) -> None:
        self._parts: dict[tuple[int, int], _Part] = {}

    def diff(self, before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Step]:
        """The steps that turn ``before`` into ``after`` (both unchanged)."""
        steps: list[Step] = []
        if before is not after:
            self._object(before, after, (), steps, SHARED_DEPTH - 1)
        return steps

    def _object(self, before: Mapping[str, JSON], after: Mapping[str, JSON], path: Path,
                steps: list[Step], depth: int) -> None:
        if len(before) != len(after) or before.keys() != after.keys():
            steps.extend([[*path, key]] for key in before.keys() - after.keys())
        for key, value in after.items():
            old = before.get(key, _MISSING)
            if old is value:
                continue
            if type(old) is type(value) and type(value) in _PLAIN:
                if old != value:
                    steps.append([[*path, key], value])
            else:
                self._value(old, value, (*path, key), steps, depth)

    def _list(self, before: list[JSON], after: list[JSON], path: Path, steps: list[Step],
              depth: int) -> None:
        """By index, or the whole list where more than half its items changed."""
        changed = abs(len(after) - len(before)) + sum(
            old is not new and old != new for old, new in zip(before, after, strict=False))
        if 2 * changed > len(after):
            steps.append([list(path), after])
            return
        for index, (old, new) in enumerate(zip(before, after, strict=False)):
            if old is not new:
                self._value(old, new, (*path, index), steps, depth)
        if len(after) < len(before):
            steps.append([[*path, len(after)]])
        steps.extend([[*path, index], after[index]] for index in range(len(before), len(after)))

    def _value(self, before: JSON, after: JSON, path: Path, steps: list[Step],
               depth: int) -> None:
        kind = type(after)
        if kind is not type(before):
            steps.append([list(path), after])
        elif kind is dict or kind is list:
            if depth:
                steps.extend(self._part(before, after, path, depth - 1))
            elif not same(before, after):
                self._inside(before, after, path, steps, 0)
        elif not same(before, after):
            steps.append([list(path), after])

    def _part(self, before: JSON, after: JSON, path: Path, depth: int) -> list[Step]:
        """The steps within a part at ``path``, worked out once for the same two objects."""
        known = self._parts.get((id(before), id(after)))
        if known is not None and known.before is before and known.after is after:
            if known.path == path:
                return known.steps
            cut = len(known.path)
            return [[[*path, *step[0][cut:]], *step[1:]] for step in known.steps]
        steps: list[Step] = []
        if not same(before, after):
            self._inside(before, after, path, steps, depth)
        self._parts[(id(before), id(after))] = _Part(before, after, path, steps)
        return steps

    def _inside(self, before: JSON, after: JSON, path: Path, steps: list[Step],
                depth: int) -> None:
        if isinstance(after, dict):
            self._object(before, after, path, steps, depth)
        else:
            self._list(before, after, path, steps, depth)


@dataclass(frozen=True, slots=True)
class _Part:
    """The steps within two objects (kept, so that their ids stay theirs) at ``path``."""

    before: JSON
    after: JSON
    path: Path
    steps: list[Step]


def apply(view: Mapping[str, JSON], steps: list[Step]) -> dict[str, JSON]:
    """``view`` with ``steps`` applied, as a phone's page applies them: what a step changes
    is copied first, so ``view`` stays as it was."""
    copies: dict[int, JSON] = {}

    def copied(node: JSON) -> JSON:
        if id(node) not in copies:
            node = list(node) if isinstance(node, list) else dict(node)
            copies[id(node)] = node
        return node

    patched: dict[str, JSON] = copied(view)
    for path, *value in steps:
        node: JSON = patched
        for key in path[:-1]:
            node[key] = node = copied(node[key])
        _change(node, path[-1], value)
    return patched


def _change(node: JSON, key: str | int, value: list[JSON]) -> None:
    """Set ``key`` of ``node`` to ``value``'s one item, or delete it where there is none."""
    if value:
        _set(node, key, value[0])
    elif isinstance(node, list):
        assert isinstance(key, int)
        del node[key:]
    else:
        del node[key]


def _set(node: JSON, key: JSON, value: JSON) -> None:
    if isinstance(node, list) and key == len(node):
        node.append(value)
    else:
        node[key] = value
