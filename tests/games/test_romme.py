"""Räuber-Rommé, one rule at a time: a literal state in, the expected state or error out."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, MutableSequence
from pathlib import Path
from typing import Any

import pytest

from companion import i18n
from companion.games import romme
from companion.games.base import (
    TIME_UP_MS,
    Action,
    Button,
    GetawayError,
    IllegalAction,
    InvalidAction,
    Sound,
    Timer,
    Undo,
    check_options,
)
from companion.games.romme import GAME
from companion.games.romme.rules import RULES
from companion.games.romme.state import RommeState

DEFAULTS = {option.name: option.default for option in GAME.options}
LIMIT = 50_000
SETTLE = 10_000
TURN_ENDERS = ("end_turn", "draw", "failed_manipulation")


def new(seats: int = 3, first: int = 0, **options: Any) -> RommeState:
    return GAME.setup({**DEFAULTS, **options, "first_player": first}, seats, {}, {})


def act(state: RommeState, kind: str, by: int | None = None, elapsed: int = 0,
        **args: Any) -> RommeState:
    """Apply ``kind`` sent by seat ``by`` (None: the box) with ``args``."""
    return GAME.apply(state, Action(kind, by, args, elapsed))


def running(seats: int = 3, first: int = 0, **options: Any) -> RommeState:
    return act(new(seats, first, **options), "resume")


def overran(state: RommeState) -> RommeState:
    """The clock calls time on the running turn: the group settles."""
    return act(state, "timeout", elapsed=state.remaining_ms)


def overrun(state: RommeState) -> RommeState:
    """The clock calls time on the running turn, and the next one runs once the group settled."""
    state = overran(state)
    return act(state, "timeout", elapsed=SETTLE) if state.phase == "settle" else state


def view(state: RommeState) -> dict[str, Any]:
    return dict(GAME.public_view(state))


def refused(state: RommeState, kind: str, by: int | None = None, elapsed: int = 0,
            **args: Any) -> GetawayError:
    with pytest.raises(GetawayError) as error:
        act(state, kind, by, elapsed, **args)
    return error.value


def scoring_after_romme(seats: int = 3, turns: int = 3, **options: Any) -> RommeState:
    """``turns`` turns end with laid tiles, then the player on turn goes out."""
    state = running(seats, **options)
    for _ in range(turns):
        state = act(state, "end_turn")
    return act(state, "romme")


def in_phase(phase: str) -> RommeState:
    states = {
        "ready": new(),
        "turn": running(),
        "paused": act(running(), "pause", elapsed=1000),
        "settle": overran(running()),
        "scoring": scoring_after_romme(),
        "over": act(act(scoring_after_romme(rounds=1), "score", seat=1, tiles=[3]), "score",
                    seat=2, tiles=[4]),
    }
    state = states[phase]
    return act(state, "confirm_scores") if phase == "over" else state


# -- setup and options -------------------------------------------------------------------------

@pytest.mark.parametrize("seconds", [15, 50, 180])
def test_setup_starts_ready_with_the_full_time_paused(seconds: int) -> None:
    state = new(turn_seconds=seconds)
    assert view(state)["phase"] == "ready"
    assert GAME.timer(state) == Timer(seconds * 1000, False, seconds * 1000)


@pytest.mark.parametrize("first", [0, 1, 3])
def test_setup_a_chosen_first_player_starts(first: int) -> None:
    state = new(4, first)
    assert (view(state)["turn"], view(state)["starter"]) == (first, first)
    assert view(state)["order"][0] == first


def test_setup_a_random_first_player_comes_from_the_chance_in_the_action() -> None:
    state = GAME.setup(DEFAULTS, 4, {"first_player": 2}, {})
    assert view(state)["turn"] == 2


def test_setup_a_random_first_player_without_chance_is_malformed() -> None:
    with pytest.raises(InvalidAction) as error:
        GAME.setup(DEFAULTS, 4, {}, {})
    assert error.value.key == "romme.first_player_missing"


def test_setup_a_first_player_beyond_the_table_is_malformed() -> None:
    with pytest.raises(InvalidAction) as error:
        new(3, 4)
    assert (error.value.key, error.value.params) == ("romme.first_player_seat",
                                                     {"seat": 5, "seats": 3})


@pytest.mark.parametrize(("given", "key"), [
    ({"turn_seconds": 14}, "error.option_range"),
    ({"turn_seconds": 181}, "error.option_range"),
    ({"rounds": 21}, "error.option_range"),
    ({"rounds": -1}, "error.option_range"),
    ({"overrun_penalty": "three"}, "error.option_choice"),
    ({"first_turn_bonus": "double"}, "error.option_choice"),
    ({"first_player": 6}, "error.option_choice"),
    ({"after_overrun": 7}, "error.option_choice"),
    ({"after_overrun": "never"}, "error.option_choice"),
    ({"colour": "red"}, "error.option_unknown"),
])
def test_options_refuse_values_outside_the_contract(given: dict[str, Any], key: str) -> None:
    with pytest.raises(InvalidAction) as error:
        check_options(GAME.options, given)
    assert error.value.key == key


def test_options_defaults_are_the_contract() -> None:
    assert DEFAULTS == {"turn_seconds": 50, "overrun_penalty": "one",
                        "first_turn_bonus": "instead", "rounds": 0, "first_player": "random",
                        "after_overrun": 10}


class FixedChance:
    def __init__(self, value: int) -> None:
        self.value = value
        self.asked: list[int] = []

    def randrange(self, stop: int) -> int:
        self.asked.append(stop)
        return self.value

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        raise AssertionError("Räuber-Rommé shuffles nothing")


def test_draw_puts_a_random_first_player_into_the_new_game() -> None:
    chance = FixedChance(3)
    action = Action("table.new_game", None, {"game": "romme", "seats": 5})
    drawn = GAME.draw(None, action, chance)
    assert drawn.args["chance"] == {"first_player": 3}
    assert chance.asked == [5]


@pytest.mark.parametrize("args", [
    {"game": "romme", "seats": 4, "options": {"first_player": 1}},
    {"game": "romme", "seats": "four"},
    {"game": "romme", "seats": 4, "options": "random"},
])
def test_draw_leaves_a_chosen_or_malformed_new_game_alone(args: dict[str, Any]) -> None:
    action = Action("table.new_game", None, args)
    assert GAME.draw(None, action, FixedChance(0)) == action


@pytest.mark.parametrize("kind", [*RULES.steps, "table.new_game"])
def test_no_action_is_a_reveal_and_game_actions_draw_nothing(kind: str) -> None:
    action = Action(kind)
    undo = GAME.steps[kind].undo if kind in GAME.steps else Undo.OPEN
    assert undo is {"timeout": Undo.FINAL, "confirm_scores": Undo.SHARED}.get(kind, Undo.OPEN)
    if kind != "table.new_game":
        assert GAME.draw(running(), action, FixedChance(0)) == action


# -- the clock ---------------------------------------------------------------------------------

def test_clock_resume_starts_the_starters_full_turn() -> None:
    state = running(first=1)
    assert GAME.timer(state) == Timer(LIMIT, True, LIMIT)
    assert view(state)["turn"] == 1


def test_clock_pause_keeps_the_time_left_and_resume_goes_on_from_there() -> None:
    paused = act(running(), "pause", elapsed=12_000)
    assert GAME.timer(paused) == Timer(38_000, False, LIMIT)
    assert GAME.timer(act(paused, "resume")) == Timer(38_000, True, LIMIT)


@pytest.mark.parametrize("kind", TURN_ENDERS)
def test_clock_every_handover_in_time_gives_the_next_seat_a_full_running_turn(kind: str) -> None:
    state = act(act(running(), "pause", elapsed=30_000), "resume")
    after = act(state, kind, elapsed=5_000)
    assert GAME.timer(after) == Timer(LIMIT, True, LIMIT)
    assert view(after)["turn"] == 1


@pytest.mark.parametrize("kind", [*TURN_ENDERS, "pause", "romme", "stuck"])
def test_clock_once_time_is_up_only_the_overrun_counts(kind: str) -> None:
    assert refused(running(), kind, elapsed=LIMIT).key == "romme.time_up"


def test_clock_timeout_before_time_is_up_is_refused_with_the_time_left() -> None:
    error = refused(running(), "timeout", elapsed=LIMIT - 1_500)
    assert (error.key, error.params) == ("romme.timeout_early", {"seconds": 2})


def test_clock_only_the_box_calls_time() -> None:
    assert refused(running(), "timeout", by=0, elapsed=LIMIT).key == "romme.timeout_clock"


@pytest.mark.parametrize(("phase", "restart"), [
    ("ready", None), ("turn", Action("pause")), ("paused", None), ("settle", Action("pause")),
    ("scoring", None), ("over", None),
])
def test_clock_a_restart_pauses_a_running_turn_or_settle(phase: str,
                                                         restart: Action | None) -> None:
    assert GAME.on_restart(in_phase(phase)) == restart


@pytest.mark.parametrize("phase", ["scoring", "over"])
def test_clock_there_is_no_timer_between_turns(phase: str) -> None:
    assert GAME.timer(in_phase(phase)) is None


# -- settling after an overrun -----------------------------------------------------------------

@pytest.mark.parametrize(("seconds", "kind"), [(5, "overrun"), (20, "overrun"), (10, "left")])
def test_settle_after_an_overrun_the_next_clock_waits_for_the_settle_time(seconds: int,
                                                                          kind: str) -> None:
    state = running(3, after_overrun=seconds)
    if kind == "left":
        state = act(act(overrun(state), "draw"), "draw")  # seat 0 on turn after one overrun
    state = overran(state)
    assert (view(state)["phase"], view(state)["turn"]) == ("settle", 1)
    assert view(state)["last"]["kind"] == kind
    assert GAME.timer(state) == Timer(seconds * 1000, True, seconds * 1000, turn=False)
    error = refused(state, "timeout", elapsed=seconds * 1000 - 1)
    assert (error.key, error.params) == ("romme.timeout_early", {"seconds": 1})
    started = act(state, "timeout", elapsed=seconds * 1000)
    assert (view(started)["phase"], view(started)["turn"]) == ("turn", 1)
    assert GAME.timer(started) == Timer(LIMIT, True, LIMIT)


@pytest.mark.parametrize("kind", ["overrun", "left"])
def test_settle_at_once_the_next_clock_starts_as_the_time_up_screen_ends(kind: str) -> None:
    """"At once" after an overrun: the next turn's clock starts when the box's TIME'S UP
    screen has gone, so its player sees the whole time (decided in the step, not by the box)."""
    state = running(3, after_overrun="at_once")
    if kind == "left":
        state = act(act(overrun(state), "draw"), "draw")  # seat 0 on turn after one overrun
    state = overran(state)
    assert (view(state)["phase"], view(state)["turn"]) == ("settle", 1)
    assert GAME.timer(state) == Timer(TIME_UP_MS, True, TIME_UP_MS, turn=False)
    started = act(state, "timeout", elapsed=TIME_UP_MS)
    assert (view(started)["phase"], view(started)["turn"]) == ("turn", 1)
    assert GAME.timer(started) == Timer(LIMIT, True, LIMIT)


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_settle_turn_or_any_phone_starts_the_next_turn_at_once(seat: int | None) -> None:
    started = act(overran(running(3)), "resume", by=seat, elapsed=2_000)
    assert (view(started)["phase"], view(started)["turn"]) == ("turn", 1)
    assert GAME.timer(started) == Timer(LIMIT, True, LIMIT)


@pytest.mark.parametrize("kind", [*TURN_ENDERS, "romme", "stuck"])
def test_settle_nobody_ends_the_next_turn_before_it_started(kind: str) -> None:
    assert refused(overran(running(3)), kind, by=1).key == "romme.phase.settle"


def test_settle_waiting_for_turn_runs_no_clock_until_someone_starts_it() -> None:
    state = overran(running(3, after_overrun="wait"))
    assert view(state)["phase"] == "settle"
    assert GAME.timer(state) == Timer(LIMIT, False, LIMIT)
    for kind in ("timeout", "pause"):
        assert refused(state, kind, elapsed=60_000).key == "romme.phase.settle"
    assert GAME.private_view(state, 2)["actions"] == ["resume"]
    assert GAME.timer(act(state, "resume", by=2)) == Timer(LIMIT, True, LIMIT)


def test_settle_a_pause_keeps_the_next_turn_whole() -> None:
    paused = act(overran(running(3)), "pause", by=2, elapsed=4_000)
    assert (view(paused)["phase"], view(paused)["turn"]) == ("paused", 1)
    assert GAME.timer(paused) == Timer(LIMIT, False, LIMIT)
    assert GAME.timer(act(paused, "resume")) == Timer(LIMIT, True, LIMIT)


def test_settle_an_overrun_that_ends_the_round_goes_straight_to_scoring() -> None:
    state = overran(overrun(overrun(running(2))))  # seat 0 leaves: only seat 1 is left
    assert view(state)["phase"] == "scoring"


# -- turns -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [*TURN_ENDERS, "romme", "stuck"])
def test_turn_only_the_current_seat_or_the_box_may_end_it(kind: str) -> None:
    error = refused(running(first=1), kind, by=2)
    assert isinstance(error, IllegalAction)
    assert (error.key, error.params) == ("romme.not_your_turn", {"seat": 2})
    assert "seat 2's turn" in str(error)
    assert act(running(first=1), kind, by=1) == act(running(first=1), kind)


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_turn_any_phone_may_pause_and_resume(seat: int | None) -> None:
    paused = act(running(), "pause", by=seat, elapsed=1_000)
    assert view(act(paused, "resume", by=seat))["phase"] == "turn"


@pytest.mark.parametrize(("kind", "tiles", "melded"), [
    ("end_turn", 0, True), ("draw", 1, False), ("failed_manipulation", 1, False),
])
def test_turn_ends_record_what_happened(kind: str, tiles: int, melded: bool) -> None:
    after = act(running(), kind, elapsed=7_000)
    assert view(after)["last"] == {"kind": kind, "seat": 0, "tiles": tiles}
    assert view(after)["players"][0]["melded"] is melded


def test_turn_reminds_the_player_on_turn_of_the_first_meld_until_they_laid_tiles() -> None:
    state = running(2)
    assert view(state)["first_meld"] == 20
    state = act(state, "end_turn")  # seat 0 laid tiles
    assert (view(state)["turn"], view(state)["first_meld"]) == (1, 20)
    state = act(state, "draw")  # seat 1 could not lay 20
    assert (view(state)["turn"], view(state)["first_meld"]) == (0, None)
    state = act(state, "draw")
    assert (view(state)["turn"], view(state)["first_meld"]) == (1, 20)
    state = act(state, "romme")
    assert view(state)["first_meld"] is None  # nobody has a turn while scoring
    state = act(act(state, "score", seat=0, tiles=[4]), "confirm_scores")
    assert (view(state)["phase"], view(state)["first_meld"]) == ("ready", 20)  # a new round


def test_turn_goes_clockwise_and_wraps_around() -> None:
    state = running(3, first=1)
    turns = []
    for _ in range(4):
        state = act(state, "draw")
        turns.append(view(state)["turn"])
    assert turns == [2, 0, 1, 2]


def test_turn_order_lists_the_seats_from_the_current_one() -> None:
    state = act(running(4, first=2), "end_turn")
    assert view(state)["order"] == [3, 0, 1, 2]


# -- overruns ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("penalty", "tiles"), [("one", 1), ("one_plus_draw", 2)])
def test_overrun_costs_the_penalty_tiles_of_the_option(penalty: str, tiles: int) -> None:
    after = overrun(running(overrun_penalty=penalty))
    assert view(after)["last"] == {"kind": "overrun", "seat": 0, "tiles": tiles}
    assert view(after)["players"][0]["overruns"] == 1
    assert view(after)["players"][0]["melded"] is False


def test_overrun_twice_in_a_row_makes_the_player_leave() -> None:
    state = overrun(running())
    state = act(act(state, "end_turn"), "end_turn")
    state = overrun(state)
    assert view(state)["last"] == {"kind": "left", "seat": 0, "tiles": 0}
    assert view(state)["players"][0]["left"] is True
    assert view(state)["order"] == [1, 2]


@pytest.mark.parametrize("kind", [*TURN_ENDERS, "stuck"])
def test_overrun_count_starts_again_after_a_turn_in_time(kind: str) -> None:
    state = overrun(running(2))
    state = act(act(state, "draw"), kind)
    assert view(state)["players"][0]["overruns"] == 0


def test_overrun_count_goes_on_into_the_next_round() -> None:
    state = running(3, first=2)
    state = overrun(act(act(state, "draw"), "draw"))  # seat 1 runs out of time
    state = act(state, "romme")  # seat 2 goes out
    state = act(act(state, "score", seat=0, tiles=[5]), "score", seat=1, tiles=[6])
    state = act(act(state, "confirm_scores"), "resume")  # round 2 starts at seat 0
    state = overrun(act(state, "draw"))
    assert view(state)["players"][1]["left"] is True


def test_overrun_a_player_who_left_never_gets_a_turn_again() -> None:
    state = overrun(act(act(overrun(running(3)), "draw"), "draw"))  # seat 0 overran again
    turns = set()
    for _ in range(6):
        state = act(state, "end_turn")
        turns.add(view(state)["turn"])
    assert turns == {1, 2}


def test_overrun_only_one_player_left_ends_the_round_and_then_the_game() -> None:
    state = overrun(overrun(running(2)))  # seats 0 and 1 overrun once each
    state = overrun(state)  # seat 0 leaves: only seat 1 is left
    assert view(state)["phase"] == "scoring"
    assert view(state)["scoring"]["winner"] is None
    assert view(state)["scoring"]["missing"] == [1], "who left need not enter tiles"
    assert view(state)["scoring"]["focus"] == 1
    state = act(act(state, "score", seat=0, tiles=[10]), "score", seat=1, tiles=[2, 3])
    over = view(act(state, "confirm_scores"))
    assert over["phase"] == "over"
    assert [p["rounds"] for p in over["players"]] == [[-10], [-5]]
    assert over["ranking"] == [{"seat": 1, "total": -5, "place": 1},
                               {"seat": 0, "total": -10, "place": 2}]


def test_overrun_a_leaver_scores_the_round_they_left_and_nothing_after() -> None:
    state = overrun(act(act(overrun(running(3)), "draw"), "draw"))  # seat 0 left
    state = act(state, "romme")  # seat 1 goes out on their second turn
    assert view(state)["scoring"]["missing"] == [2]
    state = act(act(state, "score", seat=0, tiles=[7]), "score", seat=2, tiles=[1])
    state = act(act(state, "confirm_scores"), "resume")
    assert view(state)["turn"] == 1  # the next starter after seat 0 who left
    state = act(act(state, "end_turn"), "end_turn")
    state = act(state, "romme")  # seat 1 goes out
    assert view(state)["scoring"]["missing"] == [2]
    error = refused(state, "score", seat=0, tiles=[3])
    assert (error.key, error.params) == ("romme.score_left", {"seat": 1})
    state = act(act(state, "score", seat=2, tiles=[4]), "confirm_scores")
    assert [p["rounds"] for p in view(state)["players"]] == [[-7, 0], [0, 0], [-1, -4]]


# -- the round's end and scoring ---------------------------------------------------------------

def test_round_romme_scores_the_losers_tiles_and_the_winner_zero() -> None:
    state = scoring_after_romme(3, turns=4)  # seat 1 goes out on their second turn
    shown = view(state)["scoring"]
    assert (shown["winner"], shown["first_turn_out"], shown["missing"]) == (1, False, [0, 2])
    state = act(act(state, "score", seat=0, tiles=[3, 7, 50]), "score", seat=2, tiles=[10])
    after = view(act(state, "confirm_scores"))
    assert [p["rounds"] for p in after["players"]] == [[-60], [0], [-10]]
    assert [p["total"] for p in after["players"]] == [-60, 0, -10]


def test_round_stuck_scores_everybody() -> None:
    state = act(act(running(2), "draw"), "stuck")
    assert view(state)["scoring"]["winner"] is None
    assert view(state)["scoring"]["missing"] == [0, 1]
    state = act(act(state, "score", seat=0, tiles=[4]), "score", seat=1, tiles=[50, 1])
    assert [p["total"] for p in view(act(state, "confirm_scores"))["players"]] == [-4, -51]


@pytest.mark.parametrize(("bonus", "tiles", "expected"), [
    ("instead", [], [0, -100, -200, -200]),
    ("additional", [[5], [10, 1], [50]], [0, -105, -211, -250]),
])
def test_round_out_on_the_first_turn_costs_each_opponent(bonus: str, tiles: list[list[int]],
                                                          expected: list[int]) -> None:
    state = act(running(4, first=1, first_turn_bonus=bonus), "end_turn")  # seat 1 melds
    state = act(act(state, "draw"), "failed_manipulation")  # seats 2 and 3 do not
    state = act(state, "romme")  # seat 0: out on the first turn
    assert view(state)["scoring"]["first_turn_out"] is True
    assert view(state)["scoring"]["missing"] == ([1, 2, 3] if tiles else [])
    for seat, hand in zip((1, 2, 3), tiles, strict=False):
        state = act(state, "score", seat=seat, tiles=hand)
    assert [p["total"] for p in view(act(state, "confirm_scores"))["players"]] == expected


@pytest.mark.parametrize("first_turn", ["draw", "timeout", "end_turn"])
def test_round_out_on_a_later_turn_is_no_bonus(first_turn: str) -> None:
    state = overrun(running(2)) if first_turn == "timeout" else act(running(2), first_turn)
    state = act(act(state, "draw"), "romme")
    assert view(state)["scoring"]["first_turn_out"] is False


def test_round_out_on_the_first_turn_leaves_nothing_to_count() -> None:
    state = act(running(2), "romme")
    assert refused(state, "score", seat=1, tiles=[3]).key == "romme.scores_fixed"
    assert GAME.private_view(state, 1)["actions"] == ["confirm_scores"]


def test_score_replaces_the_seats_tiles_and_a_score_without_tiles_clears_them() -> None:
    state = act(scoring_after_romme(), "score", seat=1, tiles=[3, 4])
    state = act(state, "score", seat=1, tiles=[9])
    assert view(state)["scoring"]["tiles"] == {"1": [9]}
    state = act(state, "score", seat=1)
    assert view(state)["scoring"]["tiles"] == {}
    assert view(state)["scoring"]["missing"] == [1, 2]


def left_and_stuck() -> RommeState:
    """Seat 0 overran twice in a row and left; then seat 1 found nobody could move."""
    return act(overrun(act(act(overrun(running(3)), "draw"), "draw")), "stuck")


@pytest.mark.parametrize("by", [None, 0])
def test_score_a_player_who_left_may_enter_an_empty_hand(by: int | None) -> None:
    state = act(left_and_stuck(), "score", by, seat=0, tiles=[])
    assert view(state)["scoring"]["tiles"] == {"0": []}
    assert view(state)["scoring"]["missing"] == [1, 2]
    assert view(state)["scoring"]["points"]["0"] == 0
    state = act(act(state, "score", seat=1, tiles=[5]), "score", seat=2, tiles=[6])
    assert [p["rounds"] for p in view(act(state, "confirm_scores"))["players"]] == [
        [0], [-5], [-6]]


@pytest.mark.parametrize("by", [None, 1])
def test_score_a_player_still_in_the_round_holds_tiles(by: int | None) -> None:
    error = refused(left_and_stuck(), "score", by, seat=1, tiles=[])
    assert isinstance(error, IllegalAction)
    assert (error.key, error.params) == ("romme.hand_empty", {"seat": 2})
    assert str(error) == ("Seat 2 is still in the round and so holds tiles: whoever holds none "
                          "went out.")


def test_score_points_show_the_round_so_far() -> None:
    state = act(scoring_after_romme(), "score", seat=2, tiles=[50, 6])
    assert view(state)["scoring"]["points"] == {"1": 0, "2": -56}


@pytest.mark.parametrize("seat", [None, "1", True, -1, 3, 1.0])
def test_score_needs_a_seat_at_the_table(seat: Any) -> None:
    error = refused(scoring_after_romme(), "score", seat=seat, tiles=[3])
    assert isinstance(error, InvalidAction)
    assert error.key == "romme.seat_invalid"


@pytest.mark.parametrize("tiles", [None, "3", 3, [0], [11], [49], [True], [3.0], ["7"], {}])
def test_score_tiles_are_values_one_to_ten_or_a_joker(tiles: Any) -> None:
    error = refused(scoring_after_romme(), "score", seat=1, tiles=tiles)
    assert isinstance(error, InvalidAction)
    assert error.key == "romme.tiles_invalid"


@pytest.mark.parametrize(("tiles", "key", "params"), [
    ([50] * 84, "romme.hand_jokers", {"value": 50, "held": 84, "maximum": 4}),
    ([50] * 5, "romme.hand_jokers", {"value": 50, "held": 5, "maximum": 4}),
    ([3, 7] * 9, "romme.hand_value", {"value": 3, "held": 9, "maximum": 8}),
])
def test_score_no_hand_holds_more_than_the_set_has(tiles: list[int], key: str,
                                                   params: dict[str, int]) -> None:
    error = refused(scoring_after_romme(), "score", seat=1, tiles=tiles)
    assert isinstance(error, InvalidAction)
    assert (error.key, error.params) == (key, params)
    whole_set = [*range(1, 11)] * 8 + [50] * 4
    assert view(act(scoring_after_romme(), "score", seat=1, tiles=whole_set))["scoring"]


def test_score_the_losers_together_hold_no_more_than_the_set_has() -> None:
    state = act(scoring_after_romme(4, turns=4), "score", seat=2, tiles=[50, 50, 50, 9])
    error = refused(state, "score", seat=3, tiles=[50, 50])
    assert isinstance(error, IllegalAction)
    assert (error.key, error.params) == ("romme.round_jokers",
                                         {"value": 50, "held": 5, "maximum": 4})
    error = refused(state, "score", seat=3, tiles=[9] * 8)
    assert (error.key, error.params) == ("romme.round_value",
                                         {"value": 9, "held": 9, "maximum": 8})
    state = act(state, "score", seat=3, tiles=[50, 9, 9])
    assert view(act(state, "score", seat=2, tiles=[1]))["scoring"]["tiles"] == {
        "2": [1], "3": [50, 9, 9]}


def test_score_a_phone_enters_only_its_own_tiles() -> None:
    state = scoring_after_romme()
    error = refused(state, "score", 2, seat=1, tiles=[4])
    assert (error.key, error.params) == ("romme.score_own_seat", {"seat": 3})
    assert view(act(state, "score", 2, seat=2, tiles=[4]))["scoring"]["tiles"] == {"2": [4]}


def test_score_the_winner_has_nothing_to_enter() -> None:
    state = scoring_after_romme()  # seat 0 went out
    for error in (refused(state, "score", seat=0, tiles=[3]),
                  refused(state, "score", 0, seat=0, tiles=[3])):
        assert (error.key, error.params) == ("romme.score_winner", {"seat": 1})


def test_score_confirm_needs_every_loser() -> None:
    state = act(scoring_after_romme(4, turns=4), "score", seat=2, tiles=[3])
    error = refused(state, "confirm_scores")
    assert (error.key, error.params) == ("romme.scores_missing", {"seats": "2, 4"})
    assert str(error) == "The tiles of seat 2, 4 are still missing."


def test_score_the_next_round_starts_after_the_last_starter() -> None:
    state = act(act(act(scoring_after_romme(3), "score", seat=1, tiles=[1]), "score", seat=2,
                    tiles=[2]), "confirm_scores")
    shown = view(state)
    assert (shown["phase"], shown["round"], shown["starter"], shown["turn"]) == ("ready", 2, 1, 1)
    assert GAME.timer(state) == Timer(LIMIT, False, LIMIT)
    assert all(p["melded"] is False for p in shown["players"])
    assert shown["last"] is None and shown["scoring"] is None


def finish_round(state: RommeState) -> RommeState:
    state = act(act(state, "resume"), "romme")
    for seat in view(state)["scoring"]["missing"]:
        state = act(state, "score", seat=seat, tiles=[seat + 1])
    return act(state, "confirm_scores")


@pytest.mark.parametrize(("rounds", "phases"), [
    (1, ["over"]), (2, ["ready", "over"]), (0, ["ready", "ready", "ready"]),
])
def test_rounds_a_fixed_number_ends_the_game_by_itself(rounds: int, phases: list[str]) -> None:
    state, seen = new(rounds=rounds), []
    for _ in phases:
        state = finish_round(state)
        seen.append(view(state)["phase"])
    assert seen == phases


def test_finish_ends_an_open_game_between_rounds() -> None:
    state = finish_round(finish_round(new()))
    assert view(state)["finishable"]  # the view says so, as the table page offers it
    assert not view(new())["finishable"] and not view(finish_round(new(rounds=3)))["finishable"]
    assert not view(act(state, "resume"))["finishable"]
    over = view(act(state, "finish", by=1))
    assert (over["phase"], over["round"], over["turn"]) == ("over", 2, None)
    assert GAME.timer(act(state, "finish")) is None


def test_finish_a_game_with_fixed_rounds_is_refused() -> None:
    error = refused(finish_round(new(rounds=3)), "finish")
    assert (error.key, error.params) == ("romme.finish_fixed", {"rounds": 3})


def test_finish_before_any_round_is_refused() -> None:
    assert refused(new(), "finish").key == "romme.finish_unplayed"


@pytest.mark.parametrize(("phase", "kind"), [
    ("ready", "pause"), ("ready", "end_turn"), ("ready", "timeout"), ("ready", "score"),
    ("turn", "resume"), ("turn", "confirm_scores"), ("turn", "finish"),
    ("paused", "pause"), ("paused", "draw"), ("paused", "romme"), ("paused", "timeout"),
    ("settle", "end_turn"), ("settle", "score"), ("settle", "finish"),
    ("settle", "confirm_scores"),
    ("scoring", "resume"), ("scoring", "stuck"), ("scoring", "finish"),
    ("over", "resume"), ("over", "score"), ("over", "confirm_scores"), ("over", "finish"),
])
def test_phase_actions_outside_their_phase_are_refused(phase: str, kind: str) -> None:
    error = refused(in_phase(phase), kind)
    assert isinstance(error, IllegalAction)
    assert error.key == f"romme.phase.{phase}"


def test_unknown_actions_are_malformed() -> None:
    error = refused(running(), "shuffle")
    assert isinstance(error, InvalidAction)
    assert (error.key, error.params) == ("error.action_unknown", {"type": "shuffle"})


# -- ranking -----------------------------------------------------------------------------------

def test_ranking_ties_share_a_place() -> None:
    state = act(act(running(3), "draw"), "stuck")
    for seat, tiles in ((0, [10]), (1, [10, 10, 10]), (2, [4, 6])):
        state = act(state, "score", seat=seat, tiles=tiles)
    assert view(act(state, "confirm_scores"))["ranking"] == [
        {"seat": 0, "total": -10, "place": 1}, {"seat": 2, "total": -10, "place": 1},
        {"seat": 1, "total": -30, "place": 3}]


def test_ranking_puts_a_player_who_left_last_whatever_the_points() -> None:
    state = overrun(act(act(overrun(running(3)), "draw"), "draw"))  # seat 0 left
    state = act(state, "romme")  # seat 1 goes out
    state = act(act(state, "score", seat=0, tiles=[1]), "score", seat=2, tiles=[50])
    assert [r["seat"] for r in view(act(state, "confirm_scores"))["ranking"]] == [1, 2, 0]


# -- views -------------------------------------------------------------------------------------

def test_view_has_the_contract_shape() -> None:
    shown = view(running(3))
    assert set(shown) == {"phase", "round", "rounds", "turn", "first_meld", "starter", "players",
                          "order", "last", "scoring", "ranking", "moment", "finishable"}
    assert shown["players"][0] == {"seat": 0, "total": 0, "rounds": [], "overruns": 0,
                                   "left": False, "melded": False}
    assert set(view(in_phase("scoring"))["scoring"]) == {"winner", "first_turn_out", "tiles",
                                                          "missing", "focus", "points"}


@pytest.mark.parametrize(("phase", "seat", "actions"), [
    ("ready", 1, ["resume"]),
    ("turn", 0, ["pause", "end_turn", "draw", "failed_manipulation", "romme", "stuck"]),
    ("turn", 1, ["pause"]),
    ("paused", 2, ["resume"]),
    ("settle", 1, ["resume", "pause"]),
    ("settle", 0, ["resume", "pause"]),
    ("scoring", 0, []),
    ("scoring", 1, ["score"]),
    ("over", 1, []),
])
def test_view_private_lists_what_the_seat_may_send(phase: str, seat: int,
                                                   actions: list[str]) -> None:
    view = GAME.private_view(in_phase(phase), seat)
    assert view["actions"] == actions
    assert set(view) == {"actions", "moment"}  # nothing secret: the moment it plays is public


def test_view_between_rounds_offers_finish_and_confirm_when_complete() -> None:
    state = finish_round(new())
    assert GAME.private_view(state, 2)["actions"] == ["resume", "finish"]
    complete = act(act(scoring_after_romme(), "score", seat=1, tiles=[1]), "score", seat=2,
                   tiles=[2])
    assert GAME.private_view(complete, 2)["actions"] == ["score", "confirm_scores"]


@pytest.mark.parametrize("phase", ["ready", "turn", "paused", "settle", "scoring", "over"])
def test_state_round_trips_through_json(phase: str) -> None:
    state = in_phase(phase)
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state


def test_state_round_trips_with_a_leaver_and_a_last_event() -> None:
    state = overrun(act(act(overrun(running(3)), "draw"), "draw"))
    assert view(state)["players"][0]["left"]
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state


def test_state_round_trips_an_empty_hand_apart_from_one_not_entered() -> None:
    state = act(left_and_stuck(), "score", seat=0, tiles=[])
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
    assert again == state
    assert view(again)["scoring"]["missing"] == [1, 2]


# -- the box -----------------------------------------------------------------------------------

def test_controls_during_a_turn() -> None:
    controls = GAME.controls(running())
    assert controls.keys == {Button.TURN: Action("end_turn"), Button.TURN_LONG: Action("pause")}
    assert [item.action.type for item in controls.menu] == ["draw", "failed_manipulation",
                                                             "romme", "stuck"]


@pytest.mark.parametrize("phase", ["ready", "paused"])
def test_controls_when_the_clock_stands(phase: str) -> None:
    controls = GAME.controls(in_phase(phase))
    assert controls.keys == {Button.TURN: Action("resume"), Button.TURN_LONG: Action("resume")}
    assert controls.menu == []


@pytest.mark.parametrize(("wait", "hold"), [(10, "pause"), ("wait", "resume")])
def test_controls_while_the_group_settles_turn_starts_the_next_turn(wait: int | str,
                                                                    hold: str) -> None:
    controls = GAME.controls(overran(running(after_overrun=wait)))
    assert controls.keys == {Button.TURN: Action("resume"), Button.TURN_LONG: Action(hold)}
    assert controls.menu == []


def test_controls_between_rounds_of_an_open_game_offer_finish() -> None:
    menu = GAME.controls(finish_round(new())).menu
    assert [item.action for item in menu] == [Action("finish")]


def test_controls_when_over_lead_back_to_the_games() -> None:
    assert [item.action for item in GAME.controls(in_phase("over")).menu] == [
        Action("table.end_game")]


def press(state: RommeState, key: str, **params: Any) -> RommeState:
    """Choose the first scoring menu item with ``key`` (and ``params``) and apply it."""
    item = next(item for item in GAME.controls(state).menu
                if item.key == key and params.items() <= item.params.items())
    return GAME.apply(state, item.action)


def test_controls_score_a_whole_round_on_the_box_alone() -> None:
    state = scoring_after_romme(3)
    assert view(state)["scoring"]["focus"] == 1
    state = press(press(press(state, "romme.menu.change", change="+5"), "romme.menu.change",
                        change="+1"), "romme.menu.add_joker")
    assert view(state)["scoring"]["tiles"] == {"1": [6, 50]}
    assert "romme.menu.confirm" not in [item.key for item in GAME.controls(state).menu]
    state = GAME.apply(state, GAME.controls(state).keys[Button.TURN])  # on to seat 2
    assert view(state)["scoring"]["focus"] == 2
    state = press(press(state, "romme.menu.change", change="+10"), "romme.menu.clear")
    state = press(state, "romme.menu.change", change="+10")
    state = press(state, "romme.menu.next_seat")
    assert view(state)["scoring"]["focus"] == 1
    state = press(state, "romme.menu.confirm")
    assert [p["total"] for p in view(state)["players"]] == [0, -56, -10]


def test_controls_each_step_of_a_hand_is_one_sentence_with_the_step_as_its_value() -> None:
    """"+10 = 64" has no word to translate: one sentence says every step, in each language."""
    menu = GAME.controls(scoring_after_romme(3)).menu
    steps = [item for item in menu if item.key != "romme.menu.add_joker"
             and "total" in item.params]
    assert {item.key for item in steps} == {"romme.menu.change"}
    assert [item.params["change"] for item in steps] == ["+10", "+5", "+1"]
    said = {i18n.text(steps[0].key, lang, **steps[0].params) for lang in i18n.LANGUAGES}
    assert said == {"+10 = 10"}


def test_controls_the_box_enters_an_empty_hand_only_for_a_player_who_left() -> None:
    state = left_and_stuck()
    assert view(state)["scoring"]["focus"] == 1, "first a seat still in the game"
    assert "romme.menu.no_tiles" not in [item.key for item in GAME.controls(state).menu]
    while view(state)["scoring"]["focus"] != 0:
        state = GAME.apply(state, GAME.controls(state).keys[Button.TURN])
    assert "romme.menu.no_tiles" in [item.key for item in GAME.controls(state).menu]
    state = press(state, "romme.menu.no_tiles")
    assert view(state)["scoring"]["tiles"] == {"0": []}


def test_controls_a_first_turn_out_only_needs_confirming() -> None:
    state = act(running(3, first_turn_bonus="instead"), "romme")
    menu = GAME.controls(state).menu
    assert [item.key for item in menu] == ["romme.menu.confirm"]
    assert GAME.controls(state).keys == {}


@pytest.mark.parametrize("phase", ["ready", "turn", "paused", "settle", "scoring"])
def test_controls_every_menu_item_and_key_is_legal(phase: str) -> None:
    state = in_phase(phase)
    controls = GAME.controls(state)
    for action in [item.action for item in controls.menu] + list(controls.keys.values()):
        assert isinstance(GAME.apply(state, action), RommeState)


# -- texts -------------------------------------------------------------------------------------

def test_texts_are_in_both_languages_and_prefixed() -> None:
    assert set(GAME.texts["de"]) == set(GAME.texts["en"])
    assert all("romme" in key.split(".")[:2] for key in GAME.texts["en"])


def test_texts_cover_every_menu_item_and_error() -> None:
    keys = {item.key for phase in ("ready", "turn", "scoring", "over")
            for item in GAME.controls(in_phase(phase)).menu}
    keys |= {item.key for item in GAME.controls(finish_round(new())).menu}
    keys |= {item.key for item in GAME.controls(left_and_stuck()).menu}
    keys |= {f"romme.phase.{phase}" for phase in ("ready", "turn", "paused", "settle", "scoring",
                                                  "over")}
    keys |= {f"romme.last.{kind}" for kind in ("end_turn", "draw", "failed_manipulation",
                                               "overrun", "left")}
    for lang in ("de", "en"):
        missing = {key for key in keys if i18n.text(key, lang, count=2) == key}
        assert not missing, (lang, missing)


def test_texts_errors_read_as_sentences_in_german() -> None:
    error = refused(running(first=2), "draw", by=0)
    assert i18n.text(error.key, "de", **error.params) == "Platz 3 ist am Zug, nicht du."


# -- LEDs and sounds ---------------------------------------------------------------------------

def table_view(state: RommeState) -> dict[str, Any]:
    timer = GAME.timer(state)
    return {"timer": None if timer is None else {"remaining_ms": timer.remaining_ms,
                                                  "running": timer.running,
                                                  "limit_ms": timer.limit_ms,
                                                  "turn": timer.turn},
            "state": view(state)}


def lit(columns: tuple[tuple[bool, ...], ...]) -> list[int]:
    return [sum(column) for column in columns]


@pytest.mark.parametrize(("remaining", "columns"), [
    (50_000, [6, 6, 6, 6]), (49_999, [6, 6, 6, 6]), (37_500, [0, 6, 6, 6]),
    (25_000, [0, 0, 6, 6]), (12_500, [0, 0, 0, 6]), (4_200, [0, 0, 0, 3]),
    (1, [0, 0, 0, 1]), (0, [0, 0, 0, 0]),
])
def test_leds_drain_with_the_time_left(remaining: int, columns: list[int]) -> None:
    assert lit(GAME.leds(table_view(running()), remaining).columns) == columns


@pytest.mark.parametrize("remaining", [10_000, 4_000, 1])
def test_leds_while_the_group_settles_show_the_next_turn_whole(remaining: int) -> None:
    assert lit(GAME.leds(table_view(overran(running())), remaining).columns) == [6, 6, 6, 6]


def test_leds_paused_show_the_frozen_time() -> None:
    paused = act(running(), "pause", elapsed=25_000)
    assert lit(GAME.leds(table_view(paused), 25_000).columns) == [0, 0, 6, 6]


@pytest.mark.parametrize("phase", ["scoring", "over"])
def test_leds_dark_without_a_timer(phase: str) -> None:
    assert lit(GAME.leds(table_view(in_phase(phase)), None).columns) == [0, 0, 0, 0]


def test_leds_light_from_the_bottom() -> None:
    columns = GAME.leds(table_view(running()), 4_200).columns
    assert columns[3] == (True, True, True, False, False, False)


@pytest.mark.parametrize(("step", "said"), [
    (lambda s: act(s, "end_turn"), []),
    (lambda s: act(s, "pause", elapsed=100), []),
    (overran, [Sound.OVERRUN]),
    (overrun, [Sound.OVERRUN]),
    (lambda s: act(s, "romme"), [Sound.DONE]),
    (lambda s: act(s, "stuck"), [Sound.DONE]),
])
def test_sounds_on_overrun_and_round_end(step: Any, said: list[Sound]) -> None:
    before = running(3)
    assert list(GAME.sounds(table_view(before), table_view(step(before)))) == said
    assert list(GAME.sounds(view(before), view(step(before)))) == said


def test_sounds_a_player_leaving_is_an_overrun_and_the_last_one_ends_the_round() -> None:
    before = act(overrun(running(2)), "draw")  # seat 0 on turn after one overrun
    assert list(GAME.sounds(view(before), view(overrun(before)))) == [Sound.OVERRUN, Sound.DONE]


def test_sounds_the_next_turn_starting_after_the_settle_is_heard() -> None:
    """The settle time runs out by itself: the next player hears their clock start."""
    settling = overran(running(3))
    assert list(GAME.sounds(table_view(settling), table_view(overrun(running(3))))) == [
        Sound.WARN]
    assert list(GAME.sounds(view(settling), view(act(settling, "resume")))) == [Sound.WARN]


def test_sounds_overruns_by_two_players_in_turn_each_sound() -> None:
    first = overrun(running(2))
    assert list(GAME.sounds(view(first), view(overrun(first)))) == [Sound.OVERRUN]


def two_overruns_then_a_reset() -> tuple[RommeState, RommeState]:
    both_overran = overrun(overrun(running(2)))  # last: seat 1's overrun; seat 0 on turn
    return act(both_overran, "end_turn"), both_overran


def a_score_entered() -> tuple[RommeState, RommeState]:
    stuck = act(running(3), "stuck")
    return act(stuck, "score", seat=0, tiles=[1]), stuck


@pytest.mark.parametrize("undo", [two_overruns_then_a_reset, a_score_entered])
def test_sounds_undo_stepping_back_says_nothing(
        undo: Callable[[], tuple[RommeState, RommeState]]) -> None:
    later, earlier = undo()
    assert list(GAME.sounds(view(later), view(earlier))) == []


def test_sounds_undo_of_confirmed_scores_is_no_second_round_end() -> None:
    scoring = act(act(act(running(2), "stuck"), "score", seat=0, tiles=[1]), "score", seat=1,
                  tiles=[2])
    assert list(GAME.sounds(view(act(scoring, "confirm_scores")), view(scoring))) == []


def test_sounds_from_the_lobby_say_nothing() -> None:
    lobby: dict[str, Any] = {"game": None, "seats": [], "timer": None, "games": []}
    assert list(GAME.sounds(lobby, table_view(new()))) == []


def test_texts_every_key_the_rules_name_is_registered() -> None:
    folder = Path(romme.__file__).parent
    source = "".join(path.read_text(encoding="utf-8") for path in folder.glob("*.py")
                     if path.name != "texts.py")
    named = {key for key in re.findall(r'"(romme\.[a-z_.]+)"', source) if not key.endswith(".")}
    assert len(named) > 20
    registered = set(GAME.texts["de"]) & set(GAME.texts["en"])
    assert {key for key in named if f"{key}.one" not in registered} <= registered  # plurals
