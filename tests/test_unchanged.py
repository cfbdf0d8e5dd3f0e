"""From one version to the next, a part of the views that did not change is the same object
(the phones' patches pass it by identity), and one that changed, if only from ``1`` to
``true``, is the new one: what a phone shows is always the new version's JSON text."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings

from companion.games import GAMES
from companion.games.base import JSON, Action
from companion.server.stream import Streams
from companion.table.unchanged import Unchanged
from companion.table.views import TABLE_PAGE, Reader, strip
from tests.json_values import VALUES
from tests.proof import examples
from tests.tables import open_table


def text(value: object) -> str:
    return json.dumps(value)


@settings(max_examples=examples(200))
@given(before=VALUES, after=VALUES)
def test_a_part_is_kept_exactly_when_its_json_text_is_the_same(before: JSON,
                                                               after: JSON) -> None:
    parts = Unchanged()
    parts.part("p", before)
    parts.next()
    kept = parts.part("p", after)
    assert text(kept) == text(after)
    if isinstance(after, dict | list) and text(before) == text(after):
        assert kept is before


def test_equal_values_of_other_json_types_are_not_kept() -> None:
    for before, after in [({"a": 1}, {"a": True}), ([0.0], [-0.0]), ({"a": [1]}, {"a": [1.0]})]:
        parts = Unchanged()
        parts.part("p", before)
        parts.next()
        assert parts.part("p", after) is after


def test_an_equal_part_is_kept_whoever_else_holds_its_strings() -> None:
    """The bytes that tell types apart do not depend on how many hold a string (marshal's
    references would)."""
    name = "".join(["An", "na"])
    held = [name, name]
    parts = Unchanged()
    before = parts.part("p", {"name": name})
    parts.next()
    assert parts.part("p", {"name": "".join(["An", "na"])}) is before
    assert held


def test_a_part_is_kept_only_from_the_version_just_before() -> None:
    parts = Unchanged()
    first = parts.part("p", [1])
    parts.next()
    parts.part("q", [2])
    parts.next()
    assert parts.part("p", [1]) is not first


def test_the_table_publishes_what_a_pause_left_as_the_same_objects(tmp_path: Path) -> None:
    table = open_table(tmp_path / "log.sqlite")
    try:
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 3}))
        table.submit(Action("resume"))
        before = table.published
        table.submit(Action("pause"))
        after = table.published
        for view_before, view_after in [(before.public, after.public),
                                        *zip(before.private.values(), after.private.values(),
                                            strict=True)]:
            assert view_after["seats"] is view_before["seats"]
            assert view_after["title"] is view_before["title"]
            assert view_after["state"]["players"] is view_before["state"]["players"]
            assert view_after["timer"] != view_before["timer"]
            assert view_after["state"]["phase"] == "paused"
        assert after.private[1]["state"]["players"] is after.public["state"]["players"]
    finally:
        table.stop()


def test_the_streams_mark_the_same_places_with_the_same_lists(tmp_path: Path) -> None:
    table = open_table(tmp_path / "log.sqlite")
    try:
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
        streams = Streams(table, "1234")
        before = streams.published
        table.submit(Action("resume"))
        after = streams.published
        assert after.version > before.version
        assert after.public["seats"] is before.public["seats"]
        assert after.private[0]["seats"] is before.private[0]["seats"]
        assert all(seat["here"] is False for seat in after.public["seats"])
    finally:
        table.stop()


def test_strip_leaves_a_part_it_takes_nothing_from_as_it_is() -> None:
    """The loop strips each phone's view again on its way out: the parts stay shared."""
    players = [{"seat": 0}]
    view: dict[str, JSON] = {"game": "gendarm", "state": {"players": players}, "join_code": "1"}
    for reader in (TABLE_PAGE, Reader(0), Reader(host=True)):
        kept = strip(view, reader, GAMES)
        assert kept["state"] is view["state"]
        assert ("join_code" in kept) is reader.host
