"""Rob 'n Run's box profile and scenarios against any JSON value at any field, as a file or the
table page may send them: a document that does not fit is refused with a sentence, never a
crash, and one that is kept holds only what its fields declare: whole numbers (never a bool or
a fraction like 1.0) where numbers are meant."""

from __future__ import annotations

import copy
import dataclasses
import json
import typing
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.base import JSON, Action, InvalidAction, whole
from companion.games.robnrun.pieces import COLOURS
from companion.games.robnrun.profile import SIDES, Profile
from companion.games.robnrun.scenario import Scenario
from companion.table.rules import apply_table
from companion.table.state import TableState
from tests.games.robnrun_helpers import assert_sentence, profile_json, scenario_json
from tests.proof import examples

NUMBERS = st.integers(-2, 21)
LEAVES = (st.none() | st.booleans() | NUMBERS | NUMBERS.map(float)
          | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6)
          | st.sampled_from([*COLOURS, *SIDES]))
KEYS = st.text(max_size=6) | st.sampled_from([*COLOURS, *SIDES])
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=6)
                      | st.dictionaries(KEYS, inner, max_size=5), max_leaves=10)
"""Every kind of JSON value: null, true and false, whole numbers, fractions (1.0 too), text,
lists and objects, nested."""

EXAMPLES: dict[str, tuple[type, dict[str, Any]]] = {"profile": (Profile, profile_json()),
                                                    "scenario": (Scenario, scenario_json())}


@st.composite
def places(draw: st.DrawFn, data: JSON) -> tuple[Any, ...]:
    """A place in ``data``: one of its members, then perhaps one of that member's, and so on
    down, each level as likely as the next."""
    place: tuple[Any, ...] = ()
    while isinstance(data, dict | list) and data and (not place or draw(st.booleans())):
        key = draw(st.sampled_from(sorted(data) if isinstance(data, dict) else range(len(data))))
        place, data = (*place, key), data[key]
    return place


def found(data: JSON, place: tuple[Any, ...]) -> JSON:
    """What stands at ``place`` in ``data``."""
    for key in place:
        data = data[key]
    return data


def put(data: JSON, place: tuple[Any, ...], value: JSON) -> JSON:
    """``data`` with ``value`` at ``place``."""
    if not place:
        return value
    changed = copy.deepcopy(data)
    found(changed, place[:-1])[place[-1]] = value
    return changed


def alike(value: JSON) -> st.SearchStrategy[JSON]:
    """Values near a number: at most one off (often still fine), or the same as a fraction,
    a bool or text (never fine)."""
    if not whole(value):
        return st.nothing()
    return st.integers(value - 1, value + 1) | st.sampled_from([float(value), bool(value),
                                                                 str(value)])


def reshaped(value: JSON) -> st.SearchStrategy[JSON]:
    """A list as an object keyed by its items, where a list is meant."""
    if not isinstance(value, list):
        return st.nothing()
    return st.just({str(item): n for n, item in enumerate(value)})


def grown(value: JSON) -> st.SearchStrategy[JSON]:
    """An object with one more member (a side, a colour, anything) like one it has, its
    numbers as fractions."""
    if not isinstance(value, dict) or not value:
        return st.nothing()
    return st.builds(lambda key, like: {**value, key: fractions(value[like])},
                     st.sampled_from(["6", "blue", "extra"]), st.sampled_from(sorted(value)))


def fractions(value: JSON) -> JSON:
    """``value`` with every whole number in it a fraction (1 as 1.0)."""
    return json.loads(json.dumps(value), parse_int=float)


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, JSON]:
    """A profile or scenario with another value at one or two of its places: any JSON
    value, one near the number that stood there, a list turned object, one more member."""
    kind = draw(st.sampled_from(sorted(EXAMPLES)))
    data: JSON = EXAMPLES[kind][1]
    for _ in range(draw(st.integers(1, 2))):
        place = draw(places(data))
        old = found(data, place)
        data = put(data, place, draw(st.one_of(VALUES, alike(old), reshaped(old), grown(old))))
    return kind, data


def holds(kind: Any, value: JSON) -> bool:
    """Whether ``value`` holds what ``kind`` declares, all the way down: an object with every
    field of a dataclass, a list for a tuple, text keys for a dict, a whole number for an int."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        names = {field.name for field in dataclasses.fields(kind)}
        return isinstance(value, dict) and set(value) == names and all(
            holds(hints[name], value[name]) for name in names)
    if origin is tuple:
        return isinstance(value, list) and all(holds(args[0], item) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            isinstance(key, str) and holds(args[1], item) for key, item in value.items())
    return whole(value) if kind is int else isinstance(value, kind)


def as_sent(kept: JSON, sent: JSON) -> bool:
    """Whether ``kept`` is what was ``sent``, value for value and of the same JSON type (no
    text read as a list of letters, no object as a list of its keys), but for members
    ``sent`` had that no field declares, defaults filled in and the example flag."""
    if isinstance(kept, dict):
        return isinstance(sent, dict) and all(
            key not in sent or key == "example" or as_sent(item, sent[key])
            for key, item in kept.items())
    if isinstance(kept, list):
        return isinstance(sent, list) and len(kept) == len(sent) and all(
            as_sent(mine, theirs) for mine, theirs in zip(kept, sent, strict=True))
    return type(kept) is type(sent) and kept == sent


@settings(max_examples=examples(400))
@given(documents())
def test_a_document_is_refused_with_a_sentence_or_kept_as_its_fields_declare(
        document: tuple[str, JSON]) -> None:
    kind, data = document
    save = Action("table.save", None, {"game": "robnrun", "kind": kind, "name": "ours",
                                       "data": data})
    try:
        table = apply_table(TableState(), save, GAMES)
    except InvalidAction as refusal:
        assert_sentence(refusal)
        return
    kept = table.saved["robnrun"][kind]["ours"]
    assert holds(EXAMPLES[kind][0], kept), kept
    assert as_sent(kept, data), kept
    assert json.loads(json.dumps(kept)) == kept
    assert GAMES["robnrun"].documents.check(kind, kept) == kept
