"""An evening of Räuber-Rommé at one table, told through the table rules the box runs.

Anna, Ben, Carla and Dieter play three rounds with 50-second turns. After each overrun the
group takes the default 10 seconds to settle before the next clock runs. Dieter overruns twice
in a row and leaves the game; Carla goes out on her first turn of the last round.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from pathlib import Path
from typing import Any, cast

import pytest

from companion.games import GAMES
from companion.games.base import Action, GetawayError
from companion.games.romme.views import RommeLast, RommeScoring, RommeView
from companion.table.rules import apply_table, with_every_option
from companion.table.state import TableState
from companion.table.views import table_view
from tests import tables
from tests.clock import FakeClock

ANNA, BEN, CARLA, DIETER = range(4)
NAMES = ("Anna", "Ben", "Carla", "Dieter")


class DrawsBen:
    """The chance the Table would use: the random first player turns out to be Ben."""

    def randrange(self, stop: int) -> int:
        assert stop == 4
        return BEN

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        raise AssertionError("nothing is shuffled")


class Evening:
    """The table as the box sees it: every step goes through ``apply_table``."""

    def __init__(self) -> None:
        self.table = TableState()
        new_game = with_every_option(Action("table.new_game", None, {
            "game": "romme", "seats": 4, "options": {"rounds": 3}}), GAMES)  # as the Table logs it
        self.do_action(GAMES["romme"].draw(None, new_game, DrawsBen()))
        for seat, name in enumerate(NAMES):
            self.do("table.claim", seat=seat, name=name, token_hash=f"hash-{seat}")

    def do_action(self, action: Action) -> None:
        self.table = apply_table(self.table, action, GAMES)

    def do(self, kind: str, by: int | None = None, after_s: float = 0, **args: Any) -> None:
        """``by`` (None: the box) sends ``kind`` ``after_s`` seconds into the running turn."""
        self.do_action(Action(kind, by, args, int(after_s * 1000)))

    def refused(self, kind: str, by: int | None = None, after_s: float = 0,
                **args: Any) -> str:
        before = self.table
        with pytest.raises(GetawayError) as error:
            self.do(kind, by, after_s, **args)
        assert self.table == before
        return error.value.key

    def overrun(self) -> None:
        """The box's clock calls time on the running turn: the group settles."""
        self.do("timeout", after_s=self.seen()["timer"]["remaining_ms"] / 1000)
        assert self.game["phase"] == "settle"
        assert self.seen()["timer"] == {"remaining_ms": 10_000, "running": True,
                                        "limit_ms": 10_000, "turn": False}

    def settled(self) -> None:
        """The settle time is up: the box's clock starts the next turn."""
        self.do("timeout", after_s=10)
        assert self.seen()["timer"] == {"remaining_ms": 50_000, "running": True,
                                        "limit_ms": 50_000, "turn": True}

    def seen(self, seat: int | None = None) -> dict[str, Any]:
        return table_view(self.table, GAMES, seat, version=0)

    @property
    def game(self) -> RommeView:
        return cast(RommeView, self.seen()["state"])

    @property
    def scoring(self) -> RommeScoring:
        """The scoring of the round just over."""
        scoring = self.game["scoring"]
        assert scoring is not None
        return scoring

    @property
    def last(self) -> RommeLast:
        """What the last turn did."""
        last = self.game["last"]
        assert last is not None
        return last

    def totals(self) -> list[int]:
        return [player["total"] for player in self.game["players"]]


def round_one(evening: Evening) -> None:
    """Ben starts; Dieter overruns once; Anna goes out."""
    assert evening.game["turn"] == BEN and evening.game["phase"] == "ready"
    assert evening.seen()["timer"] == {"remaining_ms": 50_000, "running": False,
                                       "limit_ms": 50_000, "turn": True}
    evening.do("resume", BEN)
    evening.do("end_turn", BEN, after_s=31)
    evening.do("draw", CARLA, after_s=12)
    evening.overrun()
    assert evening.game["last"] == {"kind": "overrun", "seat": DIETER, "tiles": 1}
    assert evening.game["players"][DIETER]["overruns"] == 1
    assert evening.refused("end_turn", ANNA, after_s=3) == "romme.phase.settle"
    evening.settled()
    evening.do("end_turn", ANNA, after_s=40)
    evening.do("failed_manipulation", BEN, after_s=20)
    assert evening.game["last"] == {"kind": "failed_manipulation", "seat": BEN, "tiles": 1}
    evening.do("end_turn", CARLA, after_s=44)
    evening.do("end_turn", DIETER, after_s=49.9)
    assert evening.game["players"][DIETER]["overruns"] == 0
    assert evening.refused("romme", BEN) == "romme.not_your_turn"
    evening.do("romme", ANNA, after_s=22)
    scoring = evening.scoring
    assert (scoring["winner"], scoring["first_turn_out"]) == (ANNA, False)
    assert scoring["missing"] == [BEN, CARLA, DIETER]

    assert evening.refused("score", DIETER, seat=BEN, tiles=[1]) == "romme.score_own_seat"
    evening.do("score", BEN, seat=BEN, tiles=[9, 8])
    evening.do("score", CARLA, seat=CARLA, tiles=[10])
    assert evening.refused("confirm_scores", ANNA) == "romme.scores_missing"
    evening.do("score", CARLA, seat=CARLA, tiles=[10, 50])  # she found the joker under the rack
    evening.do("score", DIETER, seat=DIETER, tiles=[2, 7])
    assert evening.scoring["points"] == {"1": -17, "2": -60, "3": -9}
    evening.do("confirm_scores", ANNA)
    assert evening.totals() == [0, -17, -60, -9]


def round_two(evening: Evening) -> None:
    """Carla starts; a phone call pauses the clock; Dieter overruns twice and leaves."""
    assert (evening.game["round"], evening.game["turn"]) == (2, CARLA)
    evening.do("resume", CARLA)
    evening.do("pause", ANNA, after_s=20)
    assert evening.seen()["timer"] == {"remaining_ms": 30_000, "running": False,
                                       "limit_ms": 50_000, "turn": True}
    evening.do("resume", ANNA)
    evening.do("end_turn", CARLA, after_s=25)
    evening.overrun()
    evening.do("resume", ANNA, after_s=4)  # Dieter has his tiles back: Anna starts her turn
    evening.do("draw", ANNA, after_s=33)
    assert [evening.seen(seat)["undo"] for seat in (ANNA, CARLA)] == [False, False]
    assert evening.refused("table.undo", ANNA) == "error.undo_clock_runs"  # Ben's clock runs
    assert evening.refused("table.undo", CARLA) == "error.undo_not_yours"
    evening.do("draw", after_s=8)  # Ben meant to press TURN: the box takes it back
    assert evening.seen()["undo"] is True
    evening.do("table.undo")
    assert evening.game["turn"] == BEN and evening.last["kind"] == "draw"
    # Undo takes back the draw, never the 8 seconds that ran since Ben's turn began.
    assert evening.seen()["timer"] == {"remaining_ms": 42_000, "running": True,
                                       "limit_ms": 50_000, "turn": True}
    evening.do("end_turn", after_s=14)
    evening.do("end_turn", CARLA, after_s=41)
    evening.overrun()
    assert evening.game["last"] == {"kind": "left", "seat": DIETER, "tiles": 0}
    assert evening.refused("table.undo") == "error.undo_clock"  # the clock's verdict stands
    assert not any(evening.seen(seat)["undo"] for seat in (None, ANNA, BEN, CARLA, DIETER))
    assert evening.game["order"] == [ANNA, BEN, CARLA]
    evening.settled()
    evening.do("end_turn", ANNA, after_s=30)
    evening.do("romme", BEN, after_s=19)
    assert evening.scoring["missing"] == [ANNA, CARLA]  # Dieter left: he may, not must
    evening.do("score", ANNA, seat=ANNA, tiles=[4, 6])
    evening.do("score", CARLA, seat=CARLA, tiles=[8])
    assert evening.refused("score", ANNA, seat=ANNA, tiles=[]) == "romme.hand_empty"
    evening.do("score", DIETER, seat=DIETER, tiles=[10, 10, 5])  # he still counts his hand
    evening.do("confirm_scores")
    assert evening.totals() == [-10, -17, -68, -34]


def round_three(evening: Evening) -> None:
    """Dieter has left, so Anna starts; Carla goes out on her first turn."""
    assert (evening.game["round"], evening.game["turn"]) == (3, ANNA)
    assert evening.game["players"][ANNA]["melded"] is False
    evening.do("resume")
    evening.do("end_turn", ANNA, after_s=45)
    evening.do("draw", BEN, after_s=50 - 0.001)
    evening.do("romme", CARLA, after_s=38)
    scoring = evening.scoring
    assert (scoring["winner"], scoring["first_turn_out"], scoring["missing"]) == (CARLA, True,
                                                                                  [])
    assert evening.refused("score", ANNA, seat=ANNA, tiles=[3]) == "romme.scores_fixed"
    evening.do("confirm_scores", BEN)


def test_round_one_the_clock_penalises_and_anna_wins_the_round() -> None:
    evening = Evening()
    round_one(evening)
    assert evening.game["starter"] == CARLA
    assert [p["rounds"] for p in evening.game["players"]] == [[0], [-17], [-60], [-9]]


def test_round_two_dieter_leaves_after_two_overruns_in_a_row() -> None:
    evening = Evening()
    round_one(evening)
    round_two(evening)
    assert evening.game["players"][DIETER]["left"] is True
    assert evening.game["order"] == [ANNA, BEN, CARLA]


def test_round_three_a_first_turn_out_and_the_final_ranking() -> None:
    evening = Evening()
    round_one(evening)
    round_two(evening)
    round_three(evening)
    final = evening.game
    assert final["phase"] == "over"
    assert [p["rounds"] for p in final["players"]] == [[0, -10, -100], [-17, 0, -200],
                                                       [-60, -8, 0], [-9, -25, 0]]
    assert final["ranking"] == [
        {"seat": CARLA, "total": -68, "place": 1},
        {"seat": ANNA, "total": -110, "place": 2},
        {"seat": BEN, "total": -217, "place": 3},
        {"seat": DIETER, "total": -34, "place": 4},
    ]
    assert evening.seen()["timer"] is None
    evening.do("table.end_game")
    assert evening.seen()["game"] is None
    assert [seat["name"] for seat in evening.seen()["seats"]] == list(NAMES)


def test_a_restarted_box_pauses_the_running_turn(tmp_path: Path) -> None:
    """The plug pulled 17 s into Ben's turn: a new Table on the same file, never stopped in
    order, gives Ben his turn back paused with the 33 s he had left, give or take 2 s."""
    clock = FakeClock()
    box = tables.open_table(tmp_path / "evening.sqlite", clock)
    box.submit(Action("table.new_game", None, {"game": "romme", "seats": 4,
                                               "options": {"rounds": 3, "first_player": BEN}}))
    box.submit(Action("resume", BEN))
    for _ in range(17):
        clock.advance(1)
        box.poke()
    box.poke()  # the owner saves the time left after answering a poke: wait for that save
    again = tables.open_table(tmp_path / "evening.sqlite", FakeClock(start=3.0))
    try:
        view = again.published.view(BEN, again.clock())
        timer = view["timer"]
        assert (timer["running"], timer["limit_ms"]) == (False, 50_000)
        assert abs(timer["remaining_ms"] - 33_000) <= 2_000
        assert view["state"]["actions"] == ["resume"]
    finally:
        again.stop()
        box.stop()


def test_the_boxs_clock_starts_the_next_turn_once_the_group_settled(tmp_path: Path) -> None:
    """Anna's 15 s run out; the group has 5 s to settle while she takes back her tiles and
    draws; then Ben's clock starts by itself, and counts from then on. The plug pulled while
    the group settles gives Ben his whole turn back, paused."""
    clock = FakeClock()
    box = tables.open_table(tmp_path / "settle.sqlite", clock)
    try:
        box.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
            "first_player": ANNA, "turn_seconds": 15, "after_overrun": 5}}))
        box.submit(Action("resume"))
        clock.advance(15)
        box.poke()
        public = box.published.view(None, clock())
        assert (public["state"]["phase"], public["state"]["turn"]) == ("settle", BEN)
        assert public["timer"] == {"remaining_ms": 5_000, "running": True, "limit_ms": 5_000,
                                   "turn": False}
        clock.advance(4)
        box.poke()
        assert box.published.view(BEN, clock())["state"]["phase"] == "settle"
        assert box.published.remaining_ms(clock()) == 1_000
        clock.advance(1)
        box.poke()
        public = box.published.view(None, clock())
        assert (public["state"]["phase"], public["state"]["turn"]) == ("turn", BEN)
        assert public["timer"] == {"remaining_ms": 15_000, "running": True, "limit_ms": 15_000,
                                   "turn": True}
        clock.advance(14)
        box.poke()
        assert box.published.view(None, clock())["state"]["turn"] == BEN
        clock.advance(1)
        box.poke()  # Ben overruns too: now Anna is next
        assert box.published.view(None, clock())["state"]["phase"] == "settle"
    finally:
        box.stop()
    again = tables.open_table(tmp_path / "settle.sqlite", FakeClock(start=3.0))
    try:
        view = again.published.view(ANNA, again.clock())
        assert (view["state"]["phase"], view["state"]["turn"]) == ("paused", ANNA)
        assert view["timer"] == {"remaining_ms": 15_000, "running": False, "limit_ms": 15_000,
                                 "turn": True}
    finally:
        again.stop()
