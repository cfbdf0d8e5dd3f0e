"""Räuber-Rommé over the phone API on a fake clock: the group settles after an overrun before the
next clock runs, and a player who left enters an empty hand where nobody else may."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import Action
from companion.games.romme.views import RommeScoring
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.store import Store
from tests.clock import FakeClock
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone
from tests.server.test_api import act, join
from tests.server.way_in import served
from tests.views import romme_phone

ANNA, BEN = 0, 1
TURN_S, SETTLE_S = 15, 5


def scoring_seen(client: FlaskClient) -> RommeScoring:
    """The scoring of the round just over, as ``client``'s phone sees it."""
    scoring = romme_phone(client)["state"]["scoring"]
    assert scoring is not None
    return scoring


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    """Anna and Ben, 15-second turns and 5 seconds to settle after an overrun; Anna starts."""
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES, clock=clock, chance=random.Random(1))
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": ANNA, "turn_seconds": TURN_S, "after_overrun": SETTLE_S}}))
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


@pytest.fixture
def phones(app: Flask) -> list[FlaskClient]:
    seated = [phone(app), phone(app)]
    for seat, client in enumerate(seated):
        join(client, seat)
    return seated


def wait(table: Table, clock: FakeClock, seconds: float) -> None:
    """Time passes and the Table looks at its clock."""
    clock.advance(seconds)
    table.poke()


def test_a_phone_sees_the_group_settle_and_starts_its_own_turn(
        table: Table, clock: FakeClock, phones: list[FlaskClient]) -> None:
    anna, ben = phones
    table.submit(Action("resume"))
    wait(table, clock, TURN_S)  # Anna's time is up
    view = romme_phone(ben)
    assert (view["state"]["phase"], view["state"]["turn"]) == ("settle", BEN)
    assert view["timer"] == {"remaining_ms": 5_000, "running": True, "limit_ms": 5_000,
                             "turn": False}
    assert view["state"]["actions"] == ["resume", "pause"]
    assert romme_phone(anna)["state"]["players"][ANNA]["overruns"] == 1
    wait(table, clock, 2)
    status, body = act(ben, "end_turn")
    assert (status, body["error"]) == (409, "romme.phase.settle")
    assert body["message"] == ("The next turn has not started yet: start it with TURN (or on a "
                               "phone).")
    assert act(ben, "resume")[0] == 200  # Anna has her tiles back: Ben starts his turn
    view = romme_phone(ben)
    assert (view["state"]["phase"], view["timer"]) == ("turn", {
        "remaining_ms": 15_000, "running": True, "limit_ms": 15_000, "turn": True})


def test_a_player_who_left_enters_an_empty_hand_and_nobody_else_may(
        table: Table, clock: FakeClock, phones: list[FlaskClient]) -> None:
    anna, ben = phones
    table.submit(Action("resume"))
    for _ in range(2):  # Anna and Ben overrun in turn; each time the group settles
        wait(table, clock, TURN_S)
        wait(table, clock, SETTLE_S)
    wait(table, clock, TURN_S)  # Anna's second in a row: she leaves, Ben is alone
    scoring = scoring_seen(ben)
    assert (scoring["winner"], scoring["missing"]) == (None, [BEN])  # Anna left: she may, not must
    status, body = act(ben, "score", {"seat": BEN, "tiles": []})
    assert (status, body["error"]) == (409, "romme.hand_empty")
    assert act(anna, "score", {"seat": ANNA, "tiles": []})[0] == 200
    assert scoring_seen(anna)["tiles"] == {"0": []}
    assert act(ben, "score", {"seat": BEN, "tiles": [4]})[0] == 200
    assert act(ben, "score", {"seat": BEN})[0] == 200  # cleared: not entered
    assert scoring_seen(ben)["missing"] == [BEN]
    assert act(ben, "score", {"seat": BEN, "tiles": [4, 2]})[0] == 200
    assert act(anna, "confirm_scores")[0] == 200
    over = romme_phone(ben)["state"]
    assert over["phase"] == "over"
    assert [p["rounds"] for p in over["players"]] == [[0], [-6]]
    assert [r["seat"] for r in over["ranking"]] == [BEN, ANNA]


def test_a_finished_turn_is_not_taken_back_from_a_phone_once_the_next_clock_runs(
        table: Table, clock: FakeClock, phones: list[FlaskClient]) -> None:
    """Undo would hand Anna her turn back with the seconds Ben's clock has run since: her phone
    is refused with a sentence, the box may still (a decision of the whole table)."""
    anna, ben = phones
    table.submit(Action("resume"))
    wait(table, clock, 4)
    assert act(anna, "end_turn")[0] == 200
    wait(table, clock, 3)
    assert romme_phone(anna)["undo"] is False
    status, body = act(anna, "table.undo")
    assert (status, body["error"]) == (409, "error.undo_clock_runs")
    assert body["message"] == ("Too late to take back: the clock is already running on. Only "
                               "the box or the table page can still undo this.")
    view = romme_phone(ben)
    assert view["timer"] is not None
    assert (view["state"]["turn"], view["timer"]["remaining_ms"]) == (BEN, 12_000)
    table.submit(Action("table.undo"))
    assert romme_phone(anna)["state"]["turn"] == ANNA


@pytest.mark.parametrize(("value", "status"), [("wait", 200), (20, 200), ("at_once", 200),
                                               (0, 400), (7, 400), (-5, 400)])
def test_the_table_page_chooses_what_follows_an_overrun(app: Flask, table: Table, value: Any,
                                                        status: int) -> None:
    page = host_browser(app, table)
    assert act(page, "table.end_game")[0] == 200
    romme = next(game for game in romme_phone(page)["games"] if game["id"] == "romme")
    assert {"name": "after_overrun", "default": 10, "choices": ["wait", "at_once", 5, 10, 15, 20],
            "minimum": None, "maximum": None} in romme["options"]
    answer, body = act(page, "table.new_game", {"game": "romme", "seats": 3,
                                                "options": {"after_overrun": value}})
    assert answer == status, body


def test_scores_made_final_for_everyone_are_not_taken_back_from_a_phone(
        app: Flask, table: Table, phones: list[FlaskClient]) -> None:
    """Anna's two taps made the round's scores final for everyone: her phone's undo may not
    reopen them; the table page may (a decision of the whole table)."""
    anna, ben = phones
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": ANNA, "rounds": 2}}))
    for kind in ("resume", "romme"):  # out on her first turn: nothing to count
        assert act(anna, kind)[0] == 200
    assert act(anna, "confirm_scores")[0] == 200
    assert romme_phone(anna)["state"]["phase"] == "ready"
    assert romme_phone(anna)["undo"] is False
    status, body = act(anna, "table.undo")
    assert (status, body["error"]) == (409, "error.undo_shared")
    assert body["message"] == ("This counts for everyone: no phone takes it back, only the box "
                               "or the table page.")
    assert romme_phone(ben)["state"]["phase"] == "ready"
    assert act(host_browser(app, table), "table.undo")[0] == 200
    assert romme_phone(ben)["state"]["phase"] == "scoring"
