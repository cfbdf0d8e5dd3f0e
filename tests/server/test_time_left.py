"""A phone that opens its page while a turn's clock runs reads the time left at that moment, not
at the moment the turn's version was made: its page counts on from what it reads. Over the
real phone server, on a Table whose clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import Action
from companion.server.serve import Server
from companion.server.stream import FRESH_S
from companion.table.owner import Table
from tests import tables
from tests.clock import FakeClock
from tests.server.conftest import ROMME_FOR_TWO
from tests.server.streams import Stream


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    """Rommé for two, its first turn running, on a Table whose clock the test moves."""
    table = tables.open_table(tmp_path / "time.sqlite", clock)
    table.submit(ROMME_FOR_TWO)
    table.submit(Action("resume"))
    yield table
    table.stop()


def opened(server: Server, streams: list[Stream]) -> Stream:
    """A phone's page opened now (the table page's view: the clock is the same)."""
    stream = Stream(server.port)
    streams.append(stream)
    return stream


def left(stream: Stream) -> int:
    timer = stream.event().data["timer"]
    assert timer["running"]
    return int(timer["remaining_ms"])


def test_a_page_opened_later_in_a_turn_reads_the_time_left_then(
        server: Server, streams: list[Stream], table: Table, clock: FakeClock) -> None:
    first = left(opened(server, streams))
    clock.advance(8.0)
    assert left(opened(server, streams)) == first - 8000
    clock.advance(FRESH_S / 2)  # within a tenth of a second the views made serve again
    assert left(opened(server, streams)) == first - 8000


def test_a_phone_that_reconnects_after_a_while_reads_the_time_left_then(
        server: Server, streams: list[Stream], table: Table, clock: FakeClock) -> None:
    staying = opened(server, streams)
    first = left(staying)
    clock.advance(3.0)
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Ben"}))
    assert left(staying) == first - 3000  # the rename, as the phone that stayed read it
    clock.advance(5.0)
    again = opened(server, streams)
    assert left(again) == first - 8000
    assert again.view["seats"][1]["name"] == "Ben"
