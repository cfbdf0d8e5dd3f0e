"""What a Räuber-Rommé game keeps for the group's records, against a count of the steps that
were played: turns, overruns, the time turns used, rounds won and won on the first turn."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.base import Action
from companion.games.romme.state import RommeState, countdown_ms, missing_seats

GAME = GAMES["romme"]
ENDS = ("end_turn", "draw", "failed_manipulation", "romme", "stuck")
OPTIONS = {"turn_seconds": 15, "overrun_penalty": "one", "first_turn_bonus": "instead",
           "rounds": 3, "after_overrun": 0, "first_player": 0}


def scored(state: RommeState) -> RommeState:
    """The round's hands entered (one tile each) and confirmed."""
    for seat in missing_seats(state):
        state = GAME.apply(state, Action("score", None, {"seat": seat, "tiles": [5]}))
    confirmed: RommeState = GAME.apply(state, Action("confirm_scores"))
    return confirmed


class Count:
    """The steps played, counted per seat as the records should count them."""

    def __init__(self, seats: int) -> None:
        self.state = GAME.setup(OPTIONS, seats, {}, {})
        self.seats: dict[str, Counter[int]] = {name: Counter() for name in (
            "turns", "overran", "turn_ms", "rounds_won", "first_turn_outs")}
        self.turned: set[int] = set()
        self.spent = 0

    def step(self, kind: str, elapsed: int) -> None:
        """Play ``kind`` if a turn runs (else go on to one) after ``elapsed`` ms."""
        if self.state.phase == "scoring":
            self.state, self.turned = scored(self.state), set()
        elif self.state.phase != "turn":
            self.state = GAME.apply(self.state, Action("resume"))
        else:
            self.turn(kind, elapsed)

    def turn(self, kind: str, elapsed: int) -> None:
        seat, left = self.state.turn, countdown_ms(self.state) or 0
        elapsed = left if kind == "timeout" else min(elapsed, left - 1)
        self.state = GAME.apply(self.state, Action(kind, seat if kind in ENDS else None, {},
                                                   elapsed))
        if kind == "pause":
            self.spent += elapsed
            return
        counts = self.seats
        counts["turns"][seat] += 1
        counts["turn_ms"][seat] += 15_000 if kind == "timeout" else self.spent + elapsed
        counts["overran"][seat] += kind == "timeout"
        counts["rounds_won"][seat] += kind == "romme"
        counts["first_turn_outs"][seat] += kind == "romme" and seat not in self.turned
        self.turned.add(seat)
        self.spent = 0


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.lists(st.tuples(st.sampled_from((*ENDS, "timeout", "pause")),
                                             st.integers(0, 14_999)), max_size=80))
def test_a_games_outcome_counts_every_turn_its_time_and_the_rounds_won(
        seats: int, steps: list[tuple[str, int]]) -> None:
    count = Count(seats)
    for kind, elapsed in steps:
        if count.state.phase != "over":
            count.step(kind, elapsed)
    while count.state.phase != "over":
        count.step("stuck", 0)
    outcome = GAME.outcome(count.state)
    assert outcome is not None
    for result in outcome["results"]:
        assert {name: result[name] for name in count.seats} == {
            name: counted[result["seat"]] for name, counted in count.seats.items()}
