"""Räuber-Rommé invariants over random evenings driven through the table rules."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.games import GAMES
from companion.games.base import Action, GetawayError, Timer
from companion.games.romme.rules import RULES
from companion.games.romme.state import RommeState, settle_ms
from companion.table.rules import apply_table
from companion.table.state import TableState
from companion.table.views import table_view
from tests.games.guide_helpers import assert_every_situation_reached, assert_guided
from tests.proof import examples

GAME = GAMES["romme"]
TILES = st.lists(st.sampled_from([*range(1, 11), 50]), min_size=1, max_size=6)
HANDS = st.lists(st.sampled_from([*range(1, 11), 50]), max_size=6)
"""A hand as entered: an empty one only for a player who left."""
SET = {**dict.fromkeys(range(1, 11), 8), 50: 4}
"""The tiles of each value in the set: no round's hands hold more together."""
OPTIONS = st.fixed_dictionaries({
    "turn_seconds": st.sampled_from([15, 50, 180]),
    "overrun_penalty": st.sampled_from(["one", "one_plus_draw"]),
    "first_turn_bonus": st.sampled_from(["instead", "additional"]),
    "rounds": st.integers(0, 3),
    "after_overrun": st.sampled_from(["wait", 5, 20]),
})


class Evenings(RuleBasedStateMachine):
    """Random but mostly legal play: every step must keep the invariants below."""

    table: TableState
    history: list[tuple[TableState, Action, int]]
    """Each step undo may go back over: the table before it, the action taken and how long
    the clock had run by then."""
    clock_ms: int
    """How long the clock has run in the game: the time the actions say they used."""

    def start(self, seats: int, options: dict[str, Any], first: int) -> None:
        self.history, self.clock_ms = [], 0
        self.table = apply_table(TableState(), Action("table.new_game", None, {
            "game": "romme", "seats": seats, "options": options,
            "chance": {"first_player": first % seats}}), GAMES)

    @initialize(seats=st.integers(2, 5), options=OPTIONS, first=st.integers(0, 4))
    def new_game(self, seats: int, options: dict[str, Any], first: int) -> None:
        self.start(seats, options, first)

    # -- helpers ------------------------------------------------------------------------------

    @property
    def state(self) -> RommeState:
        state: RommeState = self.table.game
        return state

    @property
    def view(self) -> dict[str, Any]:
        return dict(GAME.public_view(self.state))

    def spare(self, seat: int) -> Counter[int]:
        """The tiles of each value left in the set beside the other losers' hands."""
        hands: Iterable[list[int]] = (hand for other, hand in self.view["scoring"]["tiles"].items()
                                      if int(other) != seat)
        return Counter(SET) - Counter(tile for hand in hands for tile in hand)

    def fits(self, tiles: list[int], seat: int) -> bool:
        return not Counter(tiles) - self.spare(seat)

    def snapshot(self, table: TableState | None = None) -> tuple[Any, list[dict[str, Any]]]:
        table = table or self.table
        views = [table_view(table, GAMES, seat, 0)
                 for seat in (None, *range(len(table.game.players)))]
        return GAME.to_json(table.game), views

    def send(self, kind: str, by: int | None = None, elapsed: int = 0,
             **args: Any) -> bool:
        """Apply a game action; check what may change with it; False if it was refused."""
        before, snapshot, table = self.view, self.snapshot(), self.table
        try:
            self.table = apply_table(self.table, Action(kind, by, args, elapsed), GAMES)
        except GetawayError:
            assert self.snapshot() == snapshot
            return False
        self.history.append((table, Action(kind, by), self.clock_ms))
        self.clock_ms += elapsed
        self.check_step(kind, before, self.view)
        return True

    def check_step(self, kind: str, before: dict[str, Any], after: dict[str, Any]) -> None:
        overran = [seat for seat, (old, new) in enumerate(zip(before["players"],
                                                             after["players"], strict=True))
                   if new["overruns"] > old["overruns"]]
        assert overran == ([before["turn"]] if kind == "timeout" and before["phase"] == "turn"
                           else [])
        if kind == "timeout" and before["phase"] == "turn" and after["phase"] != "scoring":
            assert after["phase"] == "settle"
        left_before = {p["seat"] for p in before["players"] if p["left"]}
        assert left_before <= {p["seat"] for p in after["players"] if p["left"]}

    def remaining(self) -> int:
        return self.state.remaining_ms

    def time_left(self) -> bool:
        """A turn runs with time on its clock: a turn an undo gave back after its time ran out
        meanwhile has none, and the clock's verdict is all that can come."""
        return self.state.phase == "turn" and self.remaining() > 0

    # -- rules --------------------------------------------------------------------------------

    @precondition(lambda self: self.state.phase in ("ready", "paused", "settle"))
    @rule(by=st.none() | st.integers(0, 4))
    def resume(self, by: int | None) -> None:
        assert self.send("resume", by)

    @precondition(lambda self: self.state.phase == "settle" or self.time_left())
    @rule(share=st.floats(0, 0.99))
    def pause(self, share: float) -> None:
        settling = self.state.phase == "settle"
        wait = settle_ms(self.state) if settling else self.remaining()
        assert self.send("pause", None, int((wait or 0) * share)) == (wait is not None)
        if settling and wait is not None:
            assert GAME.timer(self.state) == Timer(self.state.remaining_ms, False,
                                                   self.state.settings.turn_seconds * 1000)
            assert self.state.remaining_ms == self.state.settings.turn_seconds * 1000

    @precondition(lambda self: self.state.phase == "settle" and settle_ms(self.state) is not None)
    @rule(late=st.integers(0, 2_000))
    def settled(self, late: int) -> None:
        turn = self.state.turn
        assert self.send("timeout", None, (settle_ms(self.state) or 0) + late)
        assert (self.state.phase, self.state.turn) == ("turn", turn)

    @precondition(lambda self: self.time_left())
    @rule(kind=st.sampled_from(["end_turn", "end_turn", "end_turn", "draw", "draw",
                                "failed_manipulation", "romme", "stuck"]),
          phone=st.booleans(), share=st.floats(0, 0.99))
    def end_the_turn(self, kind: str, phone: bool, share: float) -> None:
        by = self.state.turn if phone else None
        assert self.send(kind, by, int(self.remaining() * share))

    @precondition(lambda self: self.state.phase == "turn")
    @rule(late=st.integers(0, 2_000))
    def overrun(self, late: int) -> None:
        assert self.send("timeout", None, self.remaining() + late)

    @precondition(lambda self: self.state.phase == "scoring")
    @rule(data=st.data(), phone=st.booleans(), tiles=HANDS)
    def score(self, data: st.DataObject, phone: bool, tiles: list[int]) -> None:
        scoring = self.view["scoring"]
        seat = data.draw(st.sampled_from(sorted(int(seat) for seat in scoring["points"])))
        counted = not (scoring["first_turn_out"]
                       and self.state.settings.first_turn_bonus == "instead")
        fits = self.fits(tiles, seat)
        held = bool(tiles) or self.view["players"][seat]["left"]
        assert self.send("score", seat if phone else None, seat=seat, tiles=tiles) == (
            counted and fits and held)

    @precondition(lambda self: self.state.phase == "scoring")
    @rule(tiles=TILES)
    def confirm(self, tiles: list[int]) -> None:
        """The box enters whatever is still missing, then the scores are confirmed."""
        for seat in self.view["scoring"]["missing"]:
            hand = tiles if self.fits(tiles, seat) else [self.spare(seat).most_common(1)[0][0]]
            assert self.send("score", None, seat=seat, tiles=hand)
        totals = [p["total"] for p in self.view["players"]]
        points = self.view["scoring"]["points"]
        assert self.send("confirm_scores")
        assert [p["total"] for p in self.view["players"]] == [
            total + points.get(str(seat), 0) for seat, total in enumerate(totals)]

    @precondition(lambda self: self.state.phase == "ready")
    @rule()
    def finish(self) -> None:
        finished = self.send("finish")
        assert finished == (self.state.settings.rounds == 0 and len(self.view["players"][0]
                                                                    ["rounds"]) > 0)

    @rule(kind=st.sampled_from([*RULES.steps, "nonsense"]), by=st.none() | st.integers(-1, 6),
          elapsed=st.integers(0, 200_000),
          args=st.dictionaries(st.sampled_from(["seat", "tiles"]),
                               st.none() | st.integers(-1, 60) | TILES, max_size=2))
    def anything(self, kind: str, by: int | None, elapsed: int, args: dict[str, Any]) -> None:
        """Whatever a phone may send: either it is refused or the invariants still hold."""
        self.send(kind, by, elapsed, **args)

    def undo_refusal(self, by: int | None) -> str | None:
        """Why ``by`` may not undo now: nothing to undo, the clock's verdict, the end of the
        game, another's step, or (a phone) a clock running on from it."""
        if not self.history:
            return "error.nothing_to_undo"
        before, last, _ = self.history[-1]
        if last.type == "timeout":
            return "error.undo_clock"
        if before.game.phase != "over" and self.state.phase == "over":
            return "error.undo_over"
        if by is None:
            return None
        if last.type == "confirm_scores":
            return "error.undo_shared"
        if by != last.seat:
            return "error.undo_not_yours"
        timer = GAMES["romme"].timer(self.state)
        return "error.undo_clock_runs" if timer is not None and timer.running else None

    @rule(by=st.none() | st.integers(0, 4))
    def undo(self, by: int | None) -> None:
        refusal, undone = self.undo_refusal(by), GAME.timer(self.state)
        try:
            self.table = apply_table(self.table, Action("table.undo", by), GAMES)
        except GetawayError as error:
            assert error.key == refusal
            return
        assert refusal is None
        before, _, clock_ms = self.history.pop()
        spent = no_more_time(undone, GAME.spend(before.game, self.clock_ms - clock_ms))
        assert self.snapshot() == self.snapshot(replace(before, game=spent))

    @precondition(lambda self: self.state.phase == "over")
    @rule(seats=st.integers(2, 6), options=OPTIONS, first=st.integers(0, 5))
    def next_evening(self, seats: int, options: dict[str, Any], first: int) -> None:
        self.table = apply_table(self.table, Action("table.end_game"), GAMES)
        self.start(seats, options, first)

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def every_view_says_whether_its_reader_may_undo(self) -> None:
        for seat in (None, *range(len(self.state.players))):
            view = table_view(self.table, GAMES, seat, 0)
            assert view["undo"] == (self.undo_refusal(seat) is None)

    @invariant()
    def every_state_says_what_to_do_with_the_real_pieces(self) -> None:
        assert_guided(GAMES["romme"], self.state)

    @invariant()
    def clock_never_negative(self) -> None:
        timer = GAME.timer(self.state)
        if timer is not None:
            assert 0 <= timer.remaining_ms <= timer.limit_ms

    @invariant()
    def nobody_who_left_has_the_turn(self) -> None:
        turn = self.view["turn"]
        assert turn is None or not self.view["players"][turn]["left"]
        assert turn is None or turn == self.view["order"][0]

    @invariant()
    def totals_are_the_sum_of_the_rounds(self) -> None:
        players = self.view["players"]
        assert all(p["total"] == sum(p["rounds"]) for p in players)
        assert len({len(p["rounds"]) for p in players}) == 1

    @invariant()
    def state_round_trips_through_json(self) -> None:
        data = json.loads(json.dumps(self.table.to_json(GAMES)))
        assert TableState.from_json(data, GAMES).game == self.state
        assert GAME.from_json(json.loads(json.dumps(GAME.to_json(self.state)))) == self.state


Evenings.TestCase.settings = settings(max_examples=examples(100), stateful_step_count=50)
TestEvenings = Evenings.TestCase


def no_more_time(undone: Timer | None, restored: RommeState) -> RommeState:
    """``restored`` with no more on its turn's clock than the turn ``undone`` had left."""
    then = GAME.timer(restored)
    if undone is None or then is None or not (undone.turn and then.turn):
        return restored
    extra = then.remaining_ms - undone.remaining_ms
    return GAME.spend(restored, extra) if extra > 0 else restored


def test_the_walks_reach_every_situation_of_the_guide() -> None:
    assert_every_situation_reached(GAMES["romme"],
                                   Evenings.TestCase().runTest)
