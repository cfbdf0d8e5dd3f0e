"""A stream's patches: after its first full view a stream gets each version as the steps from
the view it had, and those steps give exactly the full view of that version, over random play
of Safehouse on digital sheets and of Rommé; an entry on a sheet costs a phone a patch far
smaller than its view; a stream that missed a version, a new one, or a patch no smaller than
the view gets the full view."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import JSON, Action, GetawayError
from companion.server.context import Viewer
from companion.server.stream import Streams, _Open, _Rendered
from companion.server.view_patch import Diffs, apply
from companion.table.owner import Table
from companion.table.published import token_hash
from tests.games.test_safehouse_offers import ROLL
from tests.json_values import VALUES
from tests.proof import examples
from tests.tables import open_table

SEATS = 4
GUARD_S = 10.0
VIEWS = st.dictionaries(st.sampled_from(["a", "b", "state", "version"]), VALUES, max_size=4)


def text(view: JSON) -> str:
    """A view as JSON text with sorted keys: ``true`` is not ``1``, ``1.0`` is not ``1``."""
    return json.dumps(view, sort_keys=True)


def tweaked(view: dict[str, JSON], twist: JSON) -> dict[str, JSON]:
    """``view`` with ``twist`` somewhere inside, so that before and after share most parts."""
    node: Any = view
    while isinstance(node, dict | list) and node:
        inner = node[next(iter(node))] if isinstance(node, dict) else node[-1]
        if not isinstance(inner, dict | list) or not inner:
            break
        node = inner
    if isinstance(node, dict):
        node[next(iter(node), "new")] = twist
    elif isinstance(node, list):
        node.append(twist)
    return view


@settings(max_examples=examples(60))
@given(before=VIEWS, after=VIEWS, twist=VALUES, near=st.booleans())
def test_the_steps_turn_any_view_into_exactly_the_next(before: dict[str, JSON],
                                                       after: dict[str, JSON], twist: JSON,
                                                       near: bool) -> None:
    if near:
        after = tweaked(json.loads(json.dumps(before)), twist)
    kept = text(before)
    steps = json.loads(json.dumps(Diffs().diff(before, after)))
    assert text(apply(json.loads(kept), steps)) == text(after)
    assert text(before) == kept


class Reader:
    """One stream of the real ``Streams`` for ``viewer``, read event by event in-process."""

    def __init__(self, streams: Streams, viewer: Viewer) -> None:
        self.events: asyncio.Queue[tuple[str, dict[str, Any], int]] = asyncio.Queue()
        self.task = asyncio.create_task(streams(viewer, self._receive, self._send))

    @staticmethod
    async def _receive() -> dict[str, Any]:
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    async def _send(self, message: MutableMapping[str, Any]) -> None:
        body = message.get("body", b"")
        if b"\nevent: " in body:
            fields = dict(line.split(": ", 1) for line in body.decode().splitlines() if line)
            await self.events.put((fields["event"], json.loads(fields["data"]), len(body)))

    async def next(self) -> tuple[str, dict[str, Any], int]:
        """The next event: its name, its data and its bytes."""
        return await asyncio.wait_for(self.events.get(), GUARD_S)

    async def close(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


Chooser = Callable[[Table, int], Action]
"""The action a number picks in the game as the table has it now."""


async def play(table: Table, choices: list[int], choose: Chooser) -> list[tuple[int, int]]:
    """Each seat's phone and the table page follow the game while ``choices`` pick actions;
    every patch applied to the view before must equal a fresh stream's full view. Returns
    the bytes of each patch beside its version's full view."""
    streams = Streams(table, "1234")
    viewers = [*(Viewer(f"phone{seat}", None) for seat in range(SEATS)), Viewer(None, None, True)]
    readers = [Reader(streams, viewer) for viewer in viewers]
    views = []
    for reader in readers:
        name, view, _ = await reader.next()
        assert name == "view"
        views.append(view)
    for n, reader in enumerate(readers):  # each phone that opened is news of who is here
        while not all(seat["here"] for seat in views[n]["seats"]):
            name, patch, _ = await reader.next()
            assert (name, patch["base"]) == ("patch", views[n]["version"])
            views[n] = apply(views[n], patch["steps"])
    sizes = []
    for choice in choices:
        try:
            await asyncio.to_thread(table.submit, choose(table, choice))
        except GetawayError:
            continue
        for n, (reader, viewer) in enumerate(zip(readers, viewers, strict=True)):
            name, patch, size = await reader.next()
            assert (name, patch["base"]) == ("patch", views[n]["version"])
            fresh = Reader(streams, viewer)
            full_name, full, full_size = await fresh.next()
            await fresh.close()
            assert (full_name, full["version"]) == ("view", table.published.version)
            views[n] = apply(views[n], patch["steps"])
            assert text(views[n]) == text(full)
            sizes.append((size, full_size))
    for reader in readers:
        await reader.close()
    return sizes


def seated(tmp_path: Path, game: str, options: dict[str, JSON]) -> Table:
    """A real table on a real log with ``game`` for four seats, each held by a phone."""
    table = open_table(tmp_path / "log.sqlite")
    table.submit(Action("table.new_game", None, {"game": game, "seats": SEATS,
                                                 "options": options}))
    for seat in range(SEATS):
        table.submit(Action("table.claim", None, {"seat": seat, "name": "SAFE"[seat],
                                                  "token_hash": token_hash(f"phone{seat}")}))
    return table


@pytest.fixture
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[], Table]]:
    """Safehouse on four digital sheets, entering a roll (a new table each call)."""
    made: list[Table] = []

    def make() -> Table:
        table = seated(tmp_path_factory.mktemp("sheets"), "safehouse", {"mode": "sheet"})
        for seat, letter in enumerate("SAFE"):
            table.submit(Action("sheet", seat, {"letter": letter}))
        table.submit(Action("roll", None, ROLL))
        table.submit(Action("go"))
        made.append(table)
        return table
    yield make
    for table in made:
        table.stop()


def on_a_sheet(table: Table, choice: int) -> Action:
    """An entry offered to a sheet, one erased, a seat done, or the next roll."""
    seat = choice % SEATS
    state = table.published.view(seat, table.clock())["state"]
    offered = [(row, field, pick["number"]) for row, fields in enumerate(state.get("offers") or [])
               for field, picks in enumerate(fields) for pick in picks]
    fresh = [(row, field) for row, line in enumerate(state["players"][seat]["sheet"])
             for field, entry in enumerate(line["fields"]) if entry.get("fresh")]
    kind = choice // SEATS % 5
    if kind < 2 and offered:
        row, field, number = offered[choice // 20 % len(offered)]
        return Action("write", seat, {"row": row, "field": field, "number": number})
    if kind == 2 and fresh:
        row, field = fresh[choice // 20 % len(fresh)]
        return Action("erase", seat, {"row": row, "field": field})
    if kind == 3:
        return Action("done", seat)
    return Action("roll", None, ROLL) if state["phase"] == "ready" else Action("go")


@settings(max_examples=examples(4), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choices=st.lists(st.integers(0, 10_000), min_size=4, max_size=14))
def test_every_patch_of_a_sheet_game_gives_the_full_view(sheets: Callable[[], Table],
                                                         choices: list[int]) -> None:
    asyncio.run(play(sheets(), choices, on_a_sheet))


def on_romme(table: Table, choice: int) -> Action:
    """Any action a seat's view lists, without arguments."""
    listed = [(kind, seat) for seat in range(SEATS)
              for kind in table.published.view(seat, table.clock())["state"].get("actions", [])]
    kind, seat = listed[choice % len(listed)]
    return Action(kind, seat)


@pytest.fixture
def romme(tmp_path: Path) -> Iterator[Table]:
    table = seated(tmp_path, "romme", {})
    yield table
    table.stop()


def test_every_patch_of_a_romme_game_gives_the_full_view(romme: Table) -> None:
    assert len(asyncio.run(play(romme, [7 * n for n in range(16)], on_romme))) > 20


def test_an_entry_on_a_sheet_costs_each_phone_a_small_patch(sheets: Callable[[], Table]) -> None:
    table = sheets()
    write = on_a_sheet(table, 0)
    assert write.type == "write"
    sizes = asyncio.run(play(table, [0], on_a_sheet))
    assert len(sizes) == SEATS + 1
    (mine, my_view), *others = sizes
    assert mine * 2 < my_view
    for patch, view in others:
        assert patch * 20 < view


def test_a_stream_that_missed_a_version_or_a_patch_no_smaller_gets_the_full_view(
        sheets: Callable[[], Table]) -> None:
    table = sheets()
    streams = Streams(table, "1234")
    quick, slow = (_Open(Viewer("phone1", None)) for _ in range(2))
    latest = streams._latest
    assert all(streams._event(opened, latest).startswith(b"id: ") for opened in (quick, slow))
    for choice in (0, 8):  # an entry, and erased again
        table.submit(on_a_sheet(table, choice))
        assert b"event: patch" in streams._event(quick, streams._latest)
    latest = streams._latest
    assert b"event: view" in streams._event(slow, latest)  # it missed the version the patch is from
    assert b"event: view" in streams._event(_Open(Viewer("phone1", None)), latest)  # a new stream
    grown = {"a": "a longer value than the whole view before"}
    assert _Rendered.after(_Rendered(1, 1, {"a": 1}, 12), 2, 2, grown, Diffs()).patch is None
