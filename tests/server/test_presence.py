"""Whose phone is here, over the real phone server and its real streams: a seat's phone whose
stream closed is shown gone once the grace has passed on the Table's clock (a test's, moved by
hand) and here again when it comes back; never a step of the table. A player who sits a
smaller game out watches it on the same stream and is seated again by the next bigger one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import Action
from companion.server.presence import GRACE_S
from companion.server.serve import Server
from companion.table.owner import Table
from tests import tables
from tests.clock import FakeClock
from tests.server.conftest import ROMME_FOR_TWO
from tests.server.streams import Event, Stream
from tests.server.test_events import open_stream, seat_cookie, wait_until


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    """Rommé for two on a Table whose clock the test moves."""
    table = tables.open_table(tmp_path / "presence.sqlite", clock)
    table.submit(ROMME_FOR_TWO)
    yield table
    table.stop()


def here(event: Event, part: str = "seats") -> list[bool]:
    return [seat["here"] for seat in event.data[part]]


def test_a_closed_phone_is_gone_after_the_grace_and_here_again_when_back(
        server: Server, streams: list[Stream], table: Table, clock: FakeClock) -> None:
    anna, ben = seat_cookie(server, 0), seat_cookie(server, 1)
    version = table.published.version
    watcher = open_stream(server, streams)
    assert here(watcher.event()) == [False, False]
    phone = open_stream(server, streams, anna)
    assert here(phone.event()) == [True, False]
    assert here(watcher.event()) == [True, False]

    phone.close()
    assert wait_until(lambda: server.streams.open == 1)
    clock.advance(GRACE_S - 1)     # a reload or a short sleep: still here
    server.streams.look()
    open_stream(server, streams, ben)
    assert here(watcher.event()) == [True, True]
    clock.advance(1)               # the grace has passed
    server.streams.look()
    gone = watcher.event()
    assert here(gone) == [False, True]
    assert [seat["here"] for seat in server.streams.published.public["seats"]] == [False, True]

    back = open_stream(server, streams, anna)
    assert here(watcher.event()) == [True, True]
    assert back.event().data["me"] == 0
    assert gone.id == gone.data["version"] == table.published.version == version, (
        "presence is no step of the table: nothing logged, nothing to undo")
    assert set(gone.data["seats"][0]) == {"seat", "name", "taken", "colour", "here"}


def test_a_player_who_sits_out_watches_on_and_is_seated_again(
        server: Server, streams: list[Stream], table: Table) -> None:
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 4, "options": {"first_player": 0}}))
    dora = [seat_cookie(server, seat) for seat in range(4)][3]
    stream = open_stream(server, streams, dora)
    assert stream.event().data["me"] == 3
    table.submit(Action("table.end_game"))
    assert stream.event().data["me"] == 3
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2,
                                                 "options": {}}))
    watching = stream.event()
    assert watching.data["me"] is None and watching.data["game"] == "gendarm"
    assert [seat["name"] for seat in watching.data["benched"]] == ["Player 3", "Player 4"]
    assert here(watching, "benched") == [False, True]
    table.submit(Action("table.end_game"))
    assert stream.event().data["me"] == 3
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 4, "options": {"first_player": 3}}))
    seated = stream.event()
    assert seated.data["me"] == 3 and seated.data["state"]["actions"] == ["resume"]
