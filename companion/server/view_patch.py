"""A view as its steps from the view before, what a stream sends after its first full view.

A patch is a list of steps, applied in order; a path is a list of object keys and list indexes:
``[path, value]`` sets the value at ``path`` (an index one past a list's end appends), and
``[path]`` deletes (an object's key, or a list's items from that index on). ``null`` is a
value like any other. A list whose length changes keeps its common start; a list that would take
longer steps than its own text is set whole.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from companion.games.base import JSON

Path = list[str | int]
Step = list[JSON]


def diff(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Step]:
    """The steps that turn ``before`` into ``after`` (both unchanged)."""
    steps: list[Step] = []
    _object(before, after, [], steps)
    return steps


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


def _same(before: JSON, after: JSON) -> bool:
    """Equal as JSON text would be (``==`` alone takes ``true`` for ``1``, ``-0.0`` for
    ``0.0``)."""
    if before is after:
        return True
    if type(before) is not type(after) or before != after:
        return False
    return isinstance(before, str | int) or before is None or repr(before) == repr(after)


def _value(before: JSON, after: JSON, path: Path, steps: list[Step]) -> None:
    if _same(before, after):
        return
    if isinstance(before, dict) and isinstance(after, dict):
        _object(before, after, path, steps)
    elif isinstance(before, list) and isinstance(after, list):
        _list(before, after, path, steps)
    else:
        steps.append([list(path), after])


def _object(before: Mapping[str, JSON], after: Mapping[str, JSON], path: Path,
            steps: list[Step]) -> None:
    for key in before.keys() - after.keys():
        steps.append([[*path, key]])
    for key, value in after.items():
        if key in before:
            _value(before[key], value, [*path, key], steps)
        else:
            steps.append([[*path, key], value])


def _list(before: list[JSON], after: list[JSON], path: Path, steps: list[Step]) -> None:
    """By index, or the whole list where its steps would be longer than the list."""
    changed: list[Step] = []
    for index, (old, new) in enumerate(zip(before, after, strict=False)):
        _value(old, new, [*path, index], changed)
    if len(after) < len(before):
        changed.append([[*path, len(after)]])
    changed.extend([[*path, index], after[index]] for index in range(len(before), len(after)))
    whole = len(changed) > 2 * len(after) and len(_text(changed)) > len(_text(after))
    steps.extend([[list(path), after]] if whole else changed)


def _text(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"))
