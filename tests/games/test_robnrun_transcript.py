"""The worked examples of the Rob 'n Run rule book, step by step, every number checked.

Round 1-3 and the evaluation follow rob-n-run.en.txt ("Round 1" ... "Evaluation"); the second
evaluation is the picture's caption (two safes, one cracked, the red alarm, the green dealer).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.base import Action, IllegalAction, check_options
from companion.games.record import dump
from companion.games.robnrun import GAME
from companion.games.robnrun.profile import EXAMPLE as EXAMPLE_PROFILE
from companion.games.robnrun.profile import Route
from companion.games.robnrun.scenario import EXAMPLE as EXAMPLE_SCENARIO
from companion.games.robnrun.state import RobState
from tests.games.robnrun_helpers import documents

BOSS, MEMBER_1, MEMBER_2, MEMBER_3 = 0, 1, 2, 3

FOUR_PLAYER_STATION = {"yellow": (3, 2, 1), "green": (6, 5, 4), "white": (4, 3, 2),
                       "red": (3, 2, 1)}
"""A station side on which 3 clues come up, each member gets 6 tools, the crew plays 4 cards and
3 wrong tools are allowed: the figures of the example."""


class Game:
    """A game at the table: actions go through the rules, views are what phones would get."""

    def __init__(self, state: RobState) -> None:
        self.state = state

    def do(self, kind: str, seat: int | None = None, **args: Any) -> None:
        self.state = GAME.apply(self.state, Action(kind, seat, args))

    def deal(self, order: list[int]) -> None:
        self.do("deal", BOSS, chance={"order": order})

    @property
    def view(self) -> dict[str, Any]:
        return dict(GAME.public_view(self.state))

    def secret(self) -> dict[str, Any]:
        secret: dict[str, Any] = GAME.private_view(self.state, self.state.robbery.boss)["secret"]
        return secret


def new_game(*, quarters: tuple[tuple[int, ...], ...], dealers: dict[str, int],
             squares: tuple[tuple[str, ...], ...], station: dict[str, int],
             gold: int = 3) -> Game:
    stations = {side: dict(EXAMPLE_PROFILE.stations[side]) for side in "2345"}
    stations["4"] = dict(FOUR_PLAYER_STATION)
    profile = replace(EXAMPLE_PROFILE, name="Our box", stations=stations, quarters=quarters,
                      route=Route(length=20, marked=(6, 8, 10, 12, 14), terminals=(17, 18, 19),
                                  car=5, police=0), example=False)
    scenario = replace(EXAMPLE_SCENARIO, name="Example", clues=(1, 2, 3, 4, 5, 7),
                       dealers=dealers, squares=squares, station=station, example=False)
    options = check_options(GAME.options, {"scenario": "Example", "boss": BOSS, "gold": gold})
    saved = {"profile": {"box": dump(profile)}, "scenario": {"Example": dump(scenario)}}
    return Game(GAME.setup(options, 4, {}, documents(saved)))


def test_the_three_rounds_and_their_evaluation() -> None:
    game = new_game(quarters=((2, 1), (1,), (3,), (2,)),
                    dealers={"yellow": 0, "green": 1, "white": 2, "red": 3},
                    squares=(("yellow",), ("green",), ("red",), ("red",), ("white",)),
                    station={"yellow": 0, "green": 0, "white": 0, "red": 0})
    game.state = replace(game.state, gold=0)  # "Unfortunately you have no gold"
    game.do("rob", BOSS, building="A2")
    game.deal([0, 1, 2, 3, 4, 5])
    game.do("safes", BOSS, safes=[{"tools": {"card": 3, "dynamite": 2}, "gold": 3}])
    game.do("start", BOSS)
    assert game.view["clues"]["face_up"] == [1, 2, 3]  # "The clue cards 1, 2 and 3 are revealed"
    assert game.view["crew"]["hands"] == [0, 6, 6, 6]

    # Round 1. Clue phase: the boss plays the clues 1 and 3, then ends the clue phase.
    game.do("clue", BOSS, clue=1, tool="card")
    game.do("clue", BOSS, clue=3, count=2)
    assert game.view["clues"]["face_up"] == [2]
    with pytest.raises(IllegalAction) as refused:
        game.do("clue", BOSS, clue=4)  # a hidden clue costs 3 gold: "you have no gold"
    assert refused.value.key == "robnrun.clue_gold"
    game.do("crew", BOSS)
    # Crew phase: exchange, play, play, pass, play (a bag), pass, pass, play (a flashlight).
    assert game.view["crew"]["turn"] == MEMBER_1
    game.do("exchange", MEMBER_1)
    game.do("play", MEMBER_2)
    game.do("play", MEMBER_3)
    with pytest.raises(IllegalAction) as refused:
        game.do("exchange", MEMBER_1)  # "Another exchange in this round is not possible."
    assert refused.value.key == "robnrun.exchanged"
    game.do("pass", MEMBER_1)
    game.do("play", MEMBER_2)
    game.do("pass", MEMBER_3)
    game.do("pass", MEMBER_1)
    game.do("play", MEMBER_2)
    assert game.view["phase"] == "alarm"  # "4 cards have thus been played"
    # Alarm phase: 2 security cards in a row, the flashlight to the alarm stack, the bag open.
    game.do("sort", BOSS, cards=["card", "bag", "flashlight", "card"])
    view = game.view
    assert view["rows"] == {"card": 2}
    assert view["alarm_count"] == 1 and view["alarm_limit"] == 3
    assert view["crew"]["hands"] == [0, 7, 4, 6]  # with 4 players each member draws 1 per bag
    assert view["phase"] == "clues" and view["round"] == 2  # "another round follows"

    # Round 2: the last clue; security card, acid, ram, dynamite.
    game.do("clue", BOSS, clue=2, tool="stethoscope")
    assert game.view["memory"]["stethoscope"] is True  # "You don't need the tool stethoscope."
    game.do("crew", BOSS)
    for member in (MEMBER_1, MEMBER_2, MEMBER_3, MEMBER_1):
        game.do("play", member)
    game.do("sort", BOSS, cards=["card", "acid", "ram", "dynamite"])
    assert game.view["rows"] == {"card": 3, "dynamite": 1}
    assert game.view["alarm_count"] == 3  # "Fortunately, 3 wrong tools are allowed."
    assert game.view["phase"] == "clues" and game.view["round"] == 3

    # Round 3: no gold, no open clue; 2 dynamites, 1 security card, 1 bag.
    assert game.view["clues"]["face_up"] == []
    game.do("crew", BOSS)
    for member in (MEMBER_1, MEMBER_2, MEMBER_3, MEMBER_1):
        game.do("play", member)
    game.do("sort", BOSS, cards=["dynamite", "dynamite", "card", "bag"])
    assert game.view["rows"] == {"card": 3, "dynamite": 2}
    assert game.view["alarm_count"] == 5  # "The other two tools go on the alarm stack."
    ev = game.view["evaluation"]
    assert game.view["phase"] == "evaluation"
    assert ev["cracked"] == 1 and ev["alarm"] is True  # "cracked, but the alarm is triggered"

    # Evaluation: 3 gold and 1 step for the cracked safe; police 2 steps.
    assert ev["step"] == 1 and ev["gold"] == 3
    assert game.view["gold"] == 3 and game.view["car"] == 6
    game.do("next")
    assert game.view["evaluation"]["step"] == 2
    assert game.view["evaluation"]["cubes"] == ["yellow"]  # the car entered square 6
    assert game.view["station"]["yellow"]["cubes"] == 1
    game.do("next")
    assert game.view["evaluation"]["step"] == 3 and game.view["evaluation"]["to_place"] == 0
    game.do("next")
    assert game.view["evaluation"]["police_steps"] == 2  # 1 always, 1 for the red alarm
    assert game.view["police"] == 2
    game.do("next")
    game.do("next")
    assert game.view["evaluation"]["step"] == 6
    game.do("next")
    assert game.view["phase"] == "prepare" and game.view["boss"] == MEMBER_1
    assert game.view["robbery"] == 2 and game.view["rows"] == {}


def test_the_evaluation_of_the_picture_two_safes_one_cracked_and_the_green_dealer() -> None:
    game = new_game(quarters=((2, 1), (2,), (3,), (2,)),
                    dealers={"yellow": 0, "green": 1, "white": 2, "red": 3},
                    squares=(("yellow", "red"), ("green",), ("red",), ("red",), ("white",)),
                    station={"yellow": 0, "green": 1, "white": 0, "red": 0})
    game.do("rob", BOSS, building="B1")  # the quarter's last safes: its dealer comes out
    assert game.view["dealers"]["green"]["where"] == "route"
    game.deal([0, 1, 2, 3, 4, 5])
    game.do("safes", BOSS, safes=[{"tools": {"card": 3, "dynamite": 2}, "gold": 3},
                                  {"tools": {"acid": 3, "ram": 1}, "gold": 2}])
    game.do("start")
    rounds = [["card", "card", "card", "dynamite"],
              ["dynamite", "flashlight", "flashlight", "flashlight"],
              ["flashlight", "stethoscope", "flashlight", "bag"]]
    for cards in rounds:
        game.do("crew")
        for _ in cards:
            game.do("play")
        game.do("sort", BOSS, cards=cards)
    ev = game.view["evaluation"]
    assert ev["cracked"] == 1 and ev["uncracked"] == 1 and ev["alarm"] is True
    assert game.view["gold"] == 6 and game.view["car"] == 6  # "3 gold and advance 1 step"
    game.do("next")
    # "The red and the yellow cube are placed on the police station."
    assert sorted(game.view["evaluation"]["cubes"]) == ["red", "yellow"]
    assert game.view["station"]["red"]["cubes"] == 1
    assert game.view["squares"][0] == []
    game.do("next")
    # "The robbers must place a new safe for the uncracked one": never on an empty building.
    assert game.view["evaluation"]["to_place"] == 1
    assert "B1" not in game.view["evaluation"]["placeable"]
    with pytest.raises(IllegalAction):
        game.do("next")
    game.do("place", building="A1")
    assert game.view["buildings"][0]["safes"] == 3
    game.do("next")
    # "The police advance 3 steps altogether."
    assert game.view["evaluation"]["police_steps"] == 3 and game.view["police"] == 3
    game.do("next")
    assert game.view["evaluation"]["dealer"] == "green"
    game.do("buy", cubes=1)  # the green dealer: 2 gold for the first cube
    assert game.view["gold"] == 4 and game.view["station"]["green"]["cubes"] == 0
    assert game.view["dealers"]["green"]["where"] == "out"  # "In either case ... out"
    assert game.view["evaluation"]["step"] == 6
    game.do("next")
    assert game.view["phase"] == "prepare" and game.view["robbery"] == 2
