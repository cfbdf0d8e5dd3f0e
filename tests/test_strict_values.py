"""Every value the box accepts is checked as strictly as an action's arguments: a bool or a
float is no whole number, a number in a string is no number. Options (at a new game and in the
box's settings) and every game's documents (box profiles, scenarios) are fuzzed with values of
every JSON type at every place; what is refused is refused with a sentence, never a crash, and
what is kept holds a whole number wherever the built-in document does."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.base import (
    JSON,
    TEXT_OPTION_LENGTH,
    Action,
    GetawayError,
    InvalidAction,
    Option,
    whole,
)
from companion.table import box_options
from companion.table.rules import apply_table, with_every_option
from companion.table.state import TableState
from tests.proof import examples

NEAR_MISSES: list[JSON] = [True, False, None, 1.0, 0.0, 2.0, 10.0, 1.5, -1, 2**63, "1", "",
                           [1], {"1": 1}]
"""Values that look like a number to a loose check (``True == 1``, ``1.0 == 1``, ``"1"``)."""
JSON_VALUES = st.sampled_from(NEAR_MISSES) | st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False)
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)


def exactly(option: Option, value: JSON) -> bool:
    """Whether ``value`` is one the option allows, its type the declared one's."""
    if option.choices:
        return any(type(value) is type(choice) and value == choice for choice in option.choices)
    if isinstance(option.default, str):
        return isinstance(value, str) and 0 < len(value) <= TEXT_OPTION_LENGTH
    return whole(value) and (option.minimum is None or value >= option.minimum) and (
        option.maximum is None or value <= option.maximum)


OPTIONS = [(game_id, option) for game_id, game in sorted(GAMES.items())
           for option in game.options]


@pytest.mark.parametrize(("game_id", "option"), OPTIONS,
                         ids=[f"{g}-{o.name}" for g, o in OPTIONS])
@settings(max_examples=examples(40), deadline=None)
@given(value=JSON_VALUES)
@example(value=0)  # a retired choice of Rommé's after_overrun: a new game cannot choose it
def test_an_option_is_taken_only_as_it_is_declared(game_id: str, option: Option,
                                                   value: JSON) -> None:
    game = GAMES[game_id]
    new_game = Action("table.new_game", None, {
        "game": game_id, "seats": game.max_seats, "options": {option.name: value}})
    setting = Action("table.option", None, {"game": game_id, "option": option.name,
                                            "value": value})
    settable = option in box_options.settable(game)
    for action in (new_game, setting) if settable else (new_game,):
        try:
            if action is new_game:  # as the Table takes it in: every option spelled out
                action = with_every_option(action, GAMES)
            table = apply_table(TableState(), action, GAMES)
        except GetawayError as refusal:
            # Refused as the option declares it, or a value of its type the game cannot play
            # (a scenario it does not know, a boss's seat it has not).
            assert exactly(option, value) != refusal.key.startswith("error.option_"), (
                option.name, value, refusal.key)
            assert str(refusal)
            continue
        assert exactly(option, value), (option.name, value)
        kept = (table.last_setup or {}).get("options") or table.box_options.get(game_id, {})
        assert type(kept[option.name]) is type(value)


@pytest.mark.parametrize(("value", "shown"), [(True, "true"), (1.0, "1.0"), ("x", "x")])
def test_a_refused_option_names_the_value_as_it_was_sent(value: JSON, shown: str) -> None:
    with pytest.raises(InvalidAction) as refused:
        apply_table(TableState(), Action("table.new_game", None, {
            "game": "robnrun", "seats": 4, "options": {"boss": value}}), GAMES)
    assert refused.value.params["value"] == shown
    assert f"“{shown}”" in str(refused.value)


def places(data: JSON, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], JSON]]:
    """Every place in a document and what stands there."""
    yield path, data
    if isinstance(data, dict):
        for key, inner in data.items():
            yield from places(inner, (*path, key))
    elif isinstance(data, list):
        for index, inner in enumerate(data):
            yield from places(inner, (*path, index))


def put(data: JSON, path: tuple[Any, ...], value: JSON) -> JSON:
    if not path:
        return value
    changed = copy.deepcopy(data)
    inner = changed
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    return changed


DOCUMENTS = [(game_id, kind, name) for game_id, game in sorted(GAMES.items())
             for kind, named in sorted(game.documents.builtin.items()) for name in sorted(named)]


@pytest.mark.parametrize(("game_id", "kind", "name"), DOCUMENTS,
                         ids=[f"{g}-{k}-{n}" for g, k, n in DOCUMENTS])
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_a_document_is_kept_only_with_whole_numbers_where_they_belong(
        game_id: str, kind: str, name: str, data: st.DataObject) -> None:
    """A built-in document with one place changed to any JSON value: refused with a sentence,
    or kept with a whole number wherever the built-in one has one."""
    builtin = GAMES[game_id].documents.builtin[kind][name]
    spots = list(places(builtin))
    path, _ = data.draw(st.sampled_from(spots), "place")
    value = data.draw(JSON_VALUES, "value")
    changed = put(builtin, path, value)
    try:
        kept = GAMES[game_id].documents.check(kind, changed)
    except InvalidAction as refusal:
        assert str(refusal)
        return
    for spot, found in places(kept):
        original = dict(spots).get(spot)
        if whole(original) and spot in dict(places(changed)):
            assert whole(found), (spot, found)
