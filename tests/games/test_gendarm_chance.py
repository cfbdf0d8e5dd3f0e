"""Every draw Räuber und Gendarm asks of chance, counted exactly: ``draw`` is run once for every
way its ``randrange`` calls can be answered, so each outcome's chance is a fraction, not a
sample. Each player's catcher comes from an own set (the two are equal one time in six, one in
five at level 3) or both from one shared pool, a real chip kept on the table aside; the start
roll is fair; a die is a die."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, MutableSequence
from fractions import Fraction
from itertools import product
from math import prod
from typing import Any, TypeVar

import pytest

from companion.games.base import Action, Chance, logged_options
from companion.games.gendarm import GAME, GendarmState, setup
from companion.games.gendarm.rules import RULES
from tests.games.gendarm_helpers import A

T = TypeVar("T", bound=Hashable)


class TooDeep(Exception):
    """The draw asked for more numbers than the count follows (ties rolled again and again)."""


class Every:
    """A Chance that answers ``randrange`` another way on every run, like an odometer, until
    ``next_way`` has given every way (those longer than ``depth`` answers cut off)."""

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.answers: list[int] = []
        self.stops: list[int] = []
        self.asked = 0

    def randrange(self, stop: int, /) -> int:
        if self.asked == len(self.answers):
            if self.asked == self.depth:
                raise TooDeep
            self.answers.append(0)
            self.stops.append(stop)
        assert self.stops[self.asked] == stop, "the same answers must ask the same"
        self.asked += 1
        return self.answers[self.asked - 1]

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        raise AssertionError("Räuber und Gendarm shuffles nothing")

    def chance(self) -> Fraction:
        """How likely this run's answers are from a fair ``randrange``."""
        return prod((Fraction(1, stop) for stop in self.stops), start=Fraction(1))

    def next_way(self) -> bool:
        """On to the next way of answering; False once every way was given."""
        assert self.asked == len(self.answers), "a run asked for fewer numbers than the last"
        while self.answers and self.answers[-1] + 1 == self.stops[-1]:
            self.answers.pop()
            self.stops.pop()
        if self.answers:
            self.answers[-1] += 1
        self.asked = 0
        return bool(self.answers)


def outcomes(draw: Callable[[Chance], T], depth: int = 4) -> dict[T | None, Fraction]:
    """The exact chance of each outcome of ``draw``; the ways cut off at ``depth`` answers
    count under None."""
    every, found = Every(depth), defaultdict[T | None, Fraction](Fraction)
    while True:
        outcome: T | None
        try:
            outcome = draw(every)
        except TooDeep:
            outcome = None
        found[outcome] += every.chance()
        if not every.next_way():
            return dict(found)


def drawn(state: GendarmState, kind: str, chance: Chance) -> Any:
    """What the box's chance put into the action ``kind`` sent by the box."""
    return GAME.draw(state, Action(kind), chance).args["chance"]


# -- the game where each draw is made ---------------------------------------------------------

def new(level: int = 1, **options: Any) -> GendarmState:
    """The start: every piece in play, the start roll next."""
    return setup(logged_options(GAME.options, {"level": level, **options}), 2, {}, {})


def send(state: GendarmState, kind: str, **chance: Any) -> GendarmState:
    """``state`` after the box's ``kind``, with what chance decided given (if anything)."""
    return RULES.apply(state, Action(kind, None, {"chance": chance} if chance else {}))


def to_deal(level: int = 1, **options: Any) -> GendarmState:
    """The catchers are next; seat 0 begins."""
    return send(new(level, **options), "start_roll", rolls=[[6, 1]])


def chip_kept(chips: str = "own") -> GendarmState:
    """The catchers are next, and seat 0 keeps a real chip face down."""
    return RULES.apply(to_deal(chips=chips), Action("keep_chip", None, {"seat": A}))


def begun(level: int = 1) -> GendarmState:
    """Seat 0 on turn, catchers 1 and 2 dealt."""
    return send(to_deal(level), "deal", catchers=[1, 2])


def typed_in(level: int) -> GendarmState:
    """Seat 0 on turn with the table's own die and real chips typed in."""
    state = RULES.apply(new(level, dice="table", catchers="chips"),
                  Action("start_roll", None, {"starter": A}))
    for seat, number in enumerate((1, 2)):
        state = RULES.apply(state, Action("catcher", seat, {"number": number}))
    return state


def duty_due() -> GendarmState:
    """Level 2: seat 0's robber is out of danger, and seat 0 must roll before its move."""
    state = send(send(send(begun(2), "safe"), "end_turn"), "end_turn")
    assert state.step.duty and state.turn == A
    return state


# -- the catchers -----------------------------------------------------------------------------

def catchers(state: GendarmState) -> dict[tuple[int | None, ...] | None, Fraction]:
    """How likely each pair of catchers is (seat 0's first) from the box's deal."""
    return outcomes(lambda chance: tuple(drawn(state, "deal", chance)["catchers"]))


def same_number(state: GendarmState) -> Fraction:
    """How likely the box deals both players the same catcher."""
    return outcomes(lambda chance: len(set(drawn(state, "deal", chance)["catchers"])))[1]


@pytest.mark.parametrize("level", [1, 3])
def test_each_player_draws_the_catcher_from_an_own_set(level: int) -> None:
    """Every pair of numbers as likely as any other: the own number tells nothing of the
    opponent's (before, the two were never equal)."""
    top, state = 5 if level == 3 else 6, to_deal(level)
    assert catchers(state) == {pair: Fraction(1, top * top)
                               for pair in product(range(1, top + 1), repeat=2)}
    assert same_number(state) == Fraction(1, top)


@pytest.mark.parametrize("level", [1, 3])
def test_a_shared_pool_deals_two_of_its_chips(level: int) -> None:
    """Two chips of the twelve (ten at level 3) drawn without putting back: the same number
    one time in eleven (nine)."""
    chips, state = 10 if level == 3 else 12, to_deal(level, chips="shared")
    assert catchers(state) == {(first, second): Fraction(2 if first == second else 4,
                                                         chips * (chips - 1))
                               for first, second in product(range(1, chips // 2 + 1), repeat=2)}
    assert same_number(state) == Fraction(1, chips - 1)


@pytest.mark.parametrize("chips", ["own", "shared"])
def test_beside_a_chip_on_the_table_the_box_deals_the_other_side_alone(chips: str) -> None:
    """The box cannot take the real chip out of its pool: the other side gets each number one
    time in six, from an own set or the whole shared pool."""
    assert catchers(chip_kept(chips)) == {(None, number): Fraction(1, 6)
                                          for number in range(1, 7)}


# -- the dice ---------------------------------------------------------------------------------

def test_the_start_roll_rolls_ties_again_and_either_side_begins_as_often() -> None:
    """Each pair of the roll as likely as on two dice, a tie rolled again (followed for three
    rolls); whoever rolled higher begins, each side half the time."""
    ties = [[face, face] for face in range(1, 7)]
    decided = [[a, b] for a, b in product(range(1, 7), repeat=2) if a != b]
    state = new()
    chances = outcomes(lambda chance: repr(drawn(state, "start_roll", chance)["rolls"]),
                       depth=6)
    assert chances == {None: Fraction(1, 6 ** 3)} | {
        repr([*before, last]): Fraction(1, 36 ** (len(before) + 1))
        for rolled in range(3) for before in product(ties, repeat=rolled) for last in decided}
    starts = outcomes(lambda chance: GAME.apply(state, GAME.draw(
        state, Action("start_roll"), chance)).starter, depth=6)
    assert starts[0] == starts[1] == (1 - starts[None]) / 2


@pytest.mark.parametrize("where", ["duty", "level 3"])
def test_every_roll_of_the_box_shows_each_face_as_often(where: str) -> None:
    """The duty roll (level 2) and the level-3 turn's roll: 1 to 6, each one time in six."""
    state = duty_due() if where == "duty" else begun(3)
    assert outcomes(lambda chance: drawn(state, "roll", chance)["value"]) == {
        face: Fraction(1, 6) for face in range(1, 7)}


def test_an_odd_duty_roll_costs_a_gendarme_one_time_in_two() -> None:
    state = duty_due()
    assert outcomes(lambda chance: GAME.apply(state, GAME.draw(
        state, Action("roll"), chance)).step.removal) == {True: Fraction(1, 2),
                                                           False: Fraction(1, 2)}


def test_a_level_3_roll_opens_a_hideout_one_time_in_three() -> None:
    """A 1 or a 6 lets a robber hide; any other number ends the turn."""
    state = begun(3)
    assert outcomes(lambda chance: GAME.apply(state, GAME.draw(
        state, Action("roll"), chance)).turn) == {A: Fraction(1, 3), 1 - A: Fraction(2, 3)}


# -- nothing else is drawn --------------------------------------------------------------------

class Asked:
    """A Chance that counts how often it was asked and answers the count (two dice differ)."""

    asked = 0

    def randrange(self, stop: int, /) -> int:
        self.asked += 1
        return self.asked % stop

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        raise AssertionError("Räuber und Gendarm shuffles nothing")


def test_the_draws_counted_here_are_all_the_box_ever_makes() -> None:
    """Across every phase, level and setting that changes what the box rolls or deals, only
    the box's start roll, its deal and its roll ask chance for anything."""
    states = {"start": new(), "start typed": new(dice="table"), "deal": to_deal(),
              "deal typed": to_deal(catchers="chips"), "deal, a chip kept": chip_kept(),
              "play": begun(), "duty": duty_due(),
              "level 3": begun(3), "level 3 typed": typed_in(3)}
    asking = set()
    for (name, state), kind, seat in product(states.items(), RULES.steps, (None, 0, 1)):
        chance = Asked()
        GAME.draw(state, Action(kind, seat), chance)
        if chance.asked:
            asking.add((name, kind))
    assert asking == {("start", "start_roll"), ("deal", "deal"), ("deal, a chip kept", "deal"),
                      ("duty", "roll"), ("level 3", "roll")}
    chance = Asked()
    assert GAME.draw(None, Action("table.new_game"), chance) == Action("table.new_game")
    assert not chance.asked
