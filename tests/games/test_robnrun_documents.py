"""Rob 'n Run's box profile and scenarios: what cannot work is refused with a sentence saying
what to fix; variations 1 and 2 draw within the rules; the Table keeps saved documents in its
log, offers them in the lobby beside the examples and starts games from them."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Action, IllegalAction, InvalidAction
from companion.games.robnrun import GAME, RobState, profile, scenario
from companion.games.robnrun.pieces import CLUES, COLOURS, CREW_CLUES, SUPPLY
from companion.games.robnrun.state import value
from companion.table.owner import Table
from companion.table.rules import apply_table
from companion.table.state import TableState
from tests.clock import FakeClock
from tests.games.robnrun_helpers import (
    check,
    profile_json,
    refused,
    scenario_json,
    short_profile,
)
from tests.tables import open_table

Change = Callable[[dict[str, Any]], None]


def route(**changes: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["route"].update(changes)
    return change


def track(side: str, colour: str, numbers: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["stations"][side][colour] = numbers
    return change


def setting(key: str, item: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data[key] = item
    return change


def without(key: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        del data[key]
    return change


def station(side: str, tracks: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["stations"][side] = tracks
    return change


def drop_side(side: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        del data["stations"][side]
    return change


# -- the box profile ---------------------------------------------------------------------------

BROKEN_PROFILES: dict[str, tuple[Change, str]] = {
    "no route": (without("route"), "robnrun.profile.malformed"),
    "blank name": (setting("name", "   "), "robnrun.profile.name"),
    "long name": (setting("name", "x" * 41), "robnrun.profile.name"),
    "no jackhammer": (setting("jackhammer", ""), "robnrun.profile.jackhammer"),
    "track without numbers": (track("3", "yellow", []), "robnrun.profile.track_empty.yellow"),
    "side missing": (drop_side("5"), "robnrun.profile.track_empty.yellow"),
    "number too big": (track("4", "green", [21, 3]), "robnrun.profile.track_numbers.green"),
    "negative number": (track("2", "red", [4, -1]), "robnrun.profile.track_numbers.red"),
    "text for a number": (track("5", "white", [4, "3"]), "robnrun.profile.track_numbers.white"),
    "one number": (track("2", "white", [4]), "robnrun.profile.track_length.white"),
    "eight numbers": (track("5", "red", [8, 7, 6, 5, 4, 3, 2, 1]),
                      "robnrun.profile.track_length.red"),
    "route too short": (route(length=9), "robnrun.profile.route_length"),
    "route too long": (route(length=41), "robnrun.profile.route_length"),
    "square off the route": (route(terminals=[17, 18, 20]), "robnrun.profile.route_outside"),
    "police on the car": (route(police=5), "robnrun.profile.starts"),
    "police ahead of the car": (route(police=6), "robnrun.profile.starts"),
    "four marked squares": (route(marked=[7, 9, 11, 13]), "robnrun.profile.marked"),
    "marked twice": (route(marked=[7, 9, 9, 13, 15]), "robnrun.profile.marked"),
    "marked out of order": (route(marked=[9, 7, 11, 13, 15]), "robnrun.profile.marked"),
    "two terminals": (route(terminals=[17, 19]), "robnrun.profile.terminals"),
    "terminals out of order": (route(terminals=[19, 18, 17]), "robnrun.profile.terminals"),
    "terminals before the start": (route(car=17, marked=[2, 3, 4, 5, 6]),
                                   "robnrun.profile.terminals_start"),
    "marked behind the car": (route(marked=[3, 9, 11, 13, 15]),
                              "robnrun.profile.marked_between"),
    "marked past terminal 1": (route(marked=[7, 9, 11, 13, 18]),
                               "robnrun.profile.marked_between"),
    "three quarters": (setting("quarters", [[2, 3], [1, 2, 3], [3]]), "robnrun.profile.quarters"),
    "empty quarter": (setting("quarters", [[2, 3], [], [3], [2, 2]]), "robnrun.profile.quarters"),
    "four buildings": (setting("quarters", [[2, 3], [1, 2, 3, 1], [3], [2, 2]]),
                       "robnrun.profile.quarters"),
    "building without safes": (setting("quarters", [[2, 0], [1, 2, 3], [3], [2, 2]]),
                               "robnrun.profile.building_safes"),
    "four safes on a building": (setting("quarters", [[2, 4], [1, 2, 3], [3], [2, 2]]),
                                 "robnrun.profile.building_safes"),
    "a station for six": (station("6", {"red": [4, 3]}), "robnrun.profile.stations"),
    "a blue track": (track("4", "blue", [True, 1.5]), "robnrun.profile.stations"),
    "route length as a fraction": (route(length=20.0), "robnrun.profile.route_whole"),
    "car start as true": (route(car=True), "robnrun.profile.route_whole"),
    "a marked square as text": (route(marked=[7, 9, "11", 13, 15]),
                                "robnrun.profile.route_whole"),
    "a track as text": (track("2", "red", "4321"), "robnrun.profile.malformed"),
    "a quarter as an object": (setting("quarters", [[2, 3], {"1": 1}, [3], [2, 2]]),
                               "robnrun.profile.malformed"),
}


@pytest.mark.parametrize("case", BROKEN_PROFILES)
def test_a_profile_that_cannot_work_is_refused_saying_what_to_fix(case: str) -> None:
    change, key = BROKEN_PROFILES[case]
    data = profile_json()
    change(data)
    refused(lambda: check("profile", data), key, InvalidAction)


@pytest.mark.parametrize("data", [None, [], "box", 7])
def test_a_file_that_is_no_profile_is_refused(data: Any) -> None:
    refused(lambda: GAME.documents.check("profile", data), "robnrun.profile.malformed",
            InvalidAction)


def test_a_checked_profile_is_the_groups_own_never_example_values() -> None:
    data = profile_json(example=True)
    assert check("profile", data) == {**data, "example": False}
    assert check("profile", short_profile())["route"] == short_profile()["route"]
    assert profile.EXAMPLE.example


# -- scenarios ---------------------------------------------------------------------------------

BROKEN_SCENARIOS: dict[str, tuple[Change, str]] = {
    "no clues": (without("clues"), "robnrun.scenario.malformed"),
    "blank name": (setting("name", ""), "robnrun.scenario.name"),
    "five clues": (setting("clues", [1, 2, 3, 4, 5]), "robnrun.scenario.clues"),
    "seven clues": (setting("clues", [1, 2, 3, 4, 5, 7, 8]), "robnrun.scenario.clues"),
    "a clue twice": (setting("clues", [1, 2, 3, 4, 5, 5]), "robnrun.scenario.clues"),
    "clue 17": (setting("clues", [1, 2, 3, 4, 5, 17]), "robnrun.scenario.clues"),
    "clue 0": (setting("clues", [0, 2, 3, 4, 5, 7]), "robnrun.scenario.clues"),
    "two forbidden": (setting("forbidden", [8, 10]), "robnrun.scenario.forbidden"),
    "four forbidden": (setting("forbidden", [8, 10, 11, 12]), "robnrun.scenario.forbidden"),
    "forbidden twice": (setting("forbidden", [8, 8, 10]), "robnrun.scenario.forbidden"),
    "forbidden 17": (setting("forbidden", [8, 10, 17]), "robnrun.scenario.forbidden"),
    "forbidden chosen": (setting("forbidden", [3, 10, 11]), "robnrun.scenario.forbidden_used"),
    "two dealers on one quarter": (setting("dealers", {"yellow": 0, "green": 0, "white": 2,
                                                       "red": 3}), "robnrun.scenario.dealers"),
    "a dealer missing": (setting("dealers", {"yellow": 0, "green": 1, "white": 2}),
                         "robnrun.scenario.dealers"),
    "a fifth quarter": (setting("dealers", {"yellow": 4, "green": 1, "white": 2, "red": 3}),
                        "robnrun.scenario.dealers"),
    "station colour missing": (setting("station", {"yellow": 0, "green": 0, "white": 0}),
                               "robnrun.scenario.station"),
    "negative cubes": (setting("station", {"yellow": 0, "green": -1, "white": 0, "red": 0}),
                       "robnrun.scenario.station"),
    "four squares": (setting("squares", [["yellow"], ["red"], ["green"], ["red"]]),
                     "robnrun.scenario.squares"),
    "an empty square": (setting("squares", [["yellow"], ["red"], [], ["red"], ["green"]]),
                        "robnrun.scenario.squares"),
    "a blue cube": (setting("squares", [["yellow"], ["red"], ["blue"], ["red"], ["green"]]),
                    "robnrun.scenario.cubes"),
    "a cube as a number": (setting("squares", [["yellow"], ["red"], [1], ["red"], ["green"]]),
                           "robnrun.scenario.cubes"),
    "a square as an object": (setting("squares", [{"yellow": 1}, ["red"], ["green"], ["red"],
                                                  ["white"]]), "robnrun.scenario.malformed"),
    "a clue as a fraction": (setting("clues", [1.0, 2, 3, 4, 5, 7]),
                             "robnrun.scenario.clues_whole"),
    "a clue as true": (setting("clues", [True, 2, 3, 4, 5, 7]), "robnrun.scenario.clues_whole"),
    "a clue as a list": (setting("clues", [[1], 2, 3, 4, 5, 7]),
                         "robnrun.scenario.clues_whole"),
    "forbidden as fractions": (setting("forbidden", [9.0, 10, 11]),
                               "robnrun.scenario.forbidden_whole"),
    "a dealer as a fraction": (setting("dealers", {"yellow": 1.0, "green": 0, "white": 2,
                                                   "red": 3}), "robnrun.scenario.dealers_whole"),
    "a dealer as true": (setting("dealers", {"yellow": True, "green": 0, "white": 2, "red": 3}),
                         "robnrun.scenario.dealers_whole"),
    "a dealer as text": (setting("dealers", {"yellow": "1", "green": 0, "white": 2, "red": 3}),
                         "robnrun.scenario.dealers_whole"),
    "a dealer nowhere": (setting("dealers", {"yellow": None, "green": 0, "white": 2, "red": 3}),
                         "robnrun.scenario.dealers_whole"),
    "more toward the airport": (setting("squares", [["yellow"], ["red"], ["green", "red"],
                                                    ["white"], ["green"]]),
                                "robnrun.scenario.squares_order"),
    "too many red": (setting("station", {"yellow": 0, "green": 0, "white": 0, "red": 3}),
                     "robnrun.scenario.supply.red"),
    "too many yellow": (setting("station", {"yellow": 2, "green": 0, "white": 0, "red": 0}),
                        "robnrun.scenario.supply.yellow"),
    "too many white": (setting("squares", [["white", "red"], ["white", "red"], ["white"],
                                           ["green"], ["yellow"]]),
                       "robnrun.scenario.supply.white"),
}


@pytest.mark.parametrize("case", BROKEN_SCENARIOS)
def test_a_scenario_against_the_rules_is_refused_saying_what_to_fix(case: str) -> None:
    change, key = BROKEN_SCENARIOS[case]
    data = scenario_json()
    change(data)
    refused(lambda: check("scenario", data), key, InvalidAction)


@pytest.mark.parametrize("data", [None, [1, 2, 3], "training"])
def test_a_file_that_is_no_scenario_is_refused(data: Any) -> None:
    refused(lambda: GAME.documents.check("scenario", data), "robnrun.scenario.malformed",
            InvalidAction)


def test_a_scenario_as_the_rules_describe_it_is_kept() -> None:
    cubes = {"yellow": 1, "green": 1, "white": 1, "red": 2}
    expert = scenario_json(clues=[8, 10, 11, 12, 15, 16], forbidden=[1, 2, 3],
                           dealers={"yellow": 3, "green": 2, "white": 1, "red": 0},
                           station=cubes, squares=[["red"], ["red"], ["green"], ["yellow"],
                                                   ["white"]])
    assert check("scenario", expert) == expert
    filled = scenario_json(station={"yellow": 1, "green": 1, "white": 1, "red": 2})
    assert sum(cubes.values()) + 7 == sum(SUPPLY.values())
    assert check("scenario", filled) == filled
    assert check("scenario", scenario_json(example=True))["example"] is False


def test_the_example_profile_passes_its_own_check() -> None:
    box = GAME.documents.builtin["profile"]["box"]
    assert check("profile", box) == {**box, "example": False}


def test_the_example_scenario_passes_its_own_check() -> None:
    training = GAME.documents.builtin["scenario"]["training"]
    assert check("scenario", training) == {**training, "example": False}


def test_unknown_document_kinds_are_refused() -> None:
    refused(lambda: GAME.documents.check("dice", {}), "error.action_malformed", InvalidAction)


# -- a scenario at the table -------------------------------------------------------------------

def lobby(*documents: tuple[str, str, dict[str, Any]]) -> TableState:
    state = TableState()
    for kind, name, data in documents:
        state = apply_table(state, Action("table.save", None, {
            "game": "robnrun", "kind": kind, "name": name, "data": data}), GAMES)
    return state


def new_game(state: TableState, seats: int, seed: int = 0, **options: Any) -> TableState:
    action = Action("table.new_game", None, {"game": "robnrun", "seats": seats,
                                             "options": {"boss": 0, **options}})
    return apply_table(state, GAME.draw(None, action, random.Random(seed)), GAMES)


def game(state: TableState) -> RobState:
    robbery: RobState = state.game
    return robbery


@pytest.mark.parametrize("clue", sorted(CREW_CLUES))
def test_two_players_refuse_the_crew_clues(clue: int) -> None:
    clues = [1, 2, 3, 4, 5, clue]
    state = lobby(("scenario", "Mit Crew", scenario_json(clues=clues)))
    error = refused(lambda: new_game(state, 2, scenario="Mit Crew"),
                    "robnrun.scenario.two_players", IllegalAction)
    assert error.params == {"clues": str(clue)}
    assert game(new_game(state, 3, scenario="Mit Crew")).scenario.clues == tuple(clues)


def test_two_players_may_play_without_the_crew_clues() -> None:
    outside = [c for c in CLUES if c not in CREW_CLUES]
    state = lobby(("scenario", "Zu zweit", scenario_json(clues=outside[-6:])))
    assert game(new_game(state, 2, scenario="Zu zweit")).scenario.clues == tuple(outside[-6:])


def test_a_station_fuller_than_its_track_is_refused_for_that_side_only() -> None:
    box = profile_json()
    box["stations"]["2"]["red"] = [4, 3]
    full = scenario_json(station={"yellow": 0, "green": 0, "white": 0, "red": 2})
    state = lobby(("profile", "box", box), ("scenario", "Voll", full))
    refused(lambda: new_game(state, 2, scenario="Voll"), "robnrun.scenario.station_full.red",
            IllegalAction)
    assert game(new_game(state, 3, scenario="Voll")).station["red"] == 2


def test_more_starting_gold_within_the_box() -> None:
    assert game(new_game(TableState(), 4, gold=20)).gold == 20
    refused(lambda: new_game(TableState(), 4, gold=2), "error.option_range", InvalidAction)
    refused(lambda: new_game(TableState(), 4, gold=21), "error.option_range", InvalidAction)


# -- variations --------------------------------------------------------------------------------

def test_variation_1_draws_the_cube_colours_and_the_dealers() -> None:
    chosen = scenario.EXAMPLE
    drawn = set()
    for seed in range(20):
        state = game(new_game(TableState(), 4, seed, variation1="on"))
        scenario.check(replace(state.scenario, name="Variation 1"))
        assert [len(square) for square in state.squares] == [len(s) for s in chosen.squares]
        assert sum(state.station.values()) + state.aside == sum(chosen.station.values())
        assert sorted(state.scenario.dealers.values()) == [0, 1, 2, 3]
        for colour in COLOURS:
            on_board = state.station[colour] + sum(sq.count(colour) for sq in state.squares)
            assert on_board <= SUPPLY[colour]
        drawn.add((state.squares, tuple(state.scenario.dealers.items())))
    assert len(drawn) > 10


def test_variation_1_keeps_the_scenarios_cubes_on_the_station() -> None:
    station = {"yellow": 1, "green": 1, "white": 1, "red": 2}
    state = lobby(("scenario", "Wache", scenario_json(station=station)))
    for seed in range(10):
        started = game(new_game(state, 5, seed, scenario="Wache", variation1="on"))
        assert sum(started.station.values()) + started.aside == 5


def station_draws(on_station: int) -> Iterator[list[str]]:
    """Every mix of colours the shuffle can put on the station, the box's other cubes after."""
    for mix in itertools.combinations_with_replacement(COLOURS, on_station):
        if all(mix.count(colour) <= SUPPLY[colour] for colour in COLOURS):
            rest = [c for c in COLOURS for _ in range(SUPPLY[c] - mix.count(c))]
            yield [*mix, *rest]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_variation_1_starts_whatever_the_draw_puts_on_the_station(seats: int) -> None:
    station = {"yellow": 1, "green": 2, "white": 1, "red": 2}
    squares = [["yellow", "green"], ["red"], ["white"], ["red"], ["yellow"]]
    state = lobby(("scenario", "Sechs", scenario_json(station=station, squares=squares)))
    draws = list(station_draws(6))
    assert ["red"] * 4 + ["yellow"] * 2 in [sorted(draw[:6]) for draw in draws]
    for cubes in draws:
        action = Action("table.new_game", None, {
            "game": "robnrun", "seats": seats, "chance": {"cubes": cubes, "quarters": [0, 1, 2, 3]},
            "options": {"boss": 0, "scenario": "Sechs", "variation1": "on"}})
        started = game(apply_table(state, action, GAMES))
        assert sum(started.station.values()) + started.aside == 6
        assert all(started.station[c] == min(cubes[:6].count(c), 3) for c in COLOURS)


def deals(seats: int, state: TableState, **options: Any) -> Iterator[RobState]:
    """The first robbery dealt, game after game with other draws."""
    for seed in range(25):
        table = new_game(state, seats, seed, variation2="on", **options)
        for kind in ("rob", "deal"):
            action = Action(kind, None, {"building": "A2"})
            table = apply_table(table, GAME.draw(table.game, action, random.Random(seed)),
                                GAMES)
        yield game(table)


def test_variation_2_draws_six_clues_per_boss_never_forbidden_ones() -> None:
    expert = scenario_json(clues=[8, 10, 11, 12, 15, 16], forbidden=[1, 2, 3])
    state = lobby(("scenario", "Profi", expert))
    drawn = set()
    for dealt in deals(4, state, scenario="Profi"):
        clues = dealt.robbery.clues
        assert len(set(clues)) == 6 and not {1, 2, 3} & set(clues)
        assert len(dealt.robbery.face_up) == value(dealt, "yellow")
        assert GAME.public_view(dealt)["scenario"]["clues"] is None
        drawn.add(frozenset(clues))
    assert len(drawn) > 10


def test_variation_2_with_two_players_never_draws_the_crew_clues() -> None:
    for dealt in deals(2, TableState()):
        assert len(set(dealt.robbery.clues)) == 6
        assert not CREW_CLUES & set(dealt.robbery.clues)


# -- the Table keeps documents -----------------------------------------------------------------

@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "getaway.sqlite"


@pytest.fixture
def table(db: Path, clock: FakeClock) -> Iterator[Table]:
    table = open_table(db, clock)
    yield table
    table.stop()


EXPERT = scenario_json(name="Profi", clues=[8, 10, 11, 12, 15, 16], forbidden=[1, 2, 3],
                       dealers={"yellow": 3, "green": 2, "white": 1, "red": 0})


def save(table: Table, kind: str, name: str, data: Any) -> int:
    return table.submit(Action("table.save", None, {"game": "robnrun", "kind": kind,
                                                    "name": name, "data": data}))


def saved(table: Table) -> Any:
    return table.published.public["saved"]["robnrun"]


def test_the_lobby_lists_saved_documents_beside_the_examples(table: Table) -> None:
    examples = GAME.documents.builtin
    assert saved(table) == examples
    assert examples["profile"]["box"]["example"] and examples["scenario"]["training"]["example"]
    save(table, "scenario", " Profi ", EXPERT)
    assert saved(table)["scenario"] == {**examples["scenario"], "Profi": EXPERT}
    save(table, "profile", "box", short_profile())
    assert saved(table)["profile"] == {"box": short_profile()}
    table.submit(Action("table.forget", None, {"game": "robnrun", "kind": "profile",
                                               "name": "box"}))
    assert saved(table)["profile"] == examples["profile"]


def test_forgetting_what_was_never_saved_is_refused(table: Table) -> None:
    refused(lambda: table.submit(Action("table.forget", None, {
        "game": "robnrun", "kind": "scenario", "name": "training"})),
        "error.document_unknown", IllegalAction)


def test_a_broken_document_is_refused_and_nothing_is_kept(table: Table, db: Path,
                                                          clock: FakeClock) -> None:
    broken = profile_json(route={**short_profile()["route"], "terminals": [1, 2, 3]})
    refused(lambda: save(table, "profile", "box", broken), "robnrun.profile.terminals_start",
            InvalidAction)
    refused(lambda: save(table, "scenario", "", EXPERT), "error.document_name", InvalidAction)
    assert table.published.version == 0
    table.stop()
    again = open_table(db, clock)
    assert saved(again) == GAME.documents.builtin
    again.stop()


def test_saved_documents_survive_a_restart(table: Table, db: Path, clock: FakeClock) -> None:
    save(table, "profile", "box", short_profile())
    save(table, "scenario", "Profi", EXPERT)
    before = saved(table)
    table.stop()
    again = open_table(db, clock, seed=99)
    assert saved(again) == before
    assert saved(again)["scenario"]["Profi"] == EXPERT
    again.stop()


def test_a_new_game_uses_the_saved_profile_and_the_chosen_scenario(table: Table, db: Path,
                                                                   clock: FakeClock) -> None:
    save(table, "profile", "box", short_profile())
    save(table, "scenario", "Profi", EXPERT)
    table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 3,
                                                 "options": {"scenario": "Profi", "boss": 1}}))
    view = table.published.public["state"]
    assert view["profile"] == {"name": "Kurzer Weg", "example": False,
                               "jackhammer": "jackhammer"}
    assert view["scenario"] == {"name": "Profi", "example": False,
                                "clues": EXPERT["clues"]}
    assert (view["car"], view["police"], view["route"]["length"]) == (2, 0, 12)
    assert [d["quarter"] for d in view["dealers"].values()] == [3, 2, 1, 0]
    table.submit(Action("rob", 1, {"building": "B1"}))
    table.submit(Action("deal", 1))
    dealt = table.published.public
    table.stop()
    again = open_table(db, clock, seed=99)
    assert again.published.public == dealt
    again.stop()


def test_an_unknown_scenario_is_refused_with_a_sentence(table: Table) -> None:
    refused(lambda: table.submit(Action("table.new_game", None, {
        "game": "robnrun", "seats": 4, "options": {"scenario": "Gibt es nicht"}})),
        "robnrun.scenario.unknown", IllegalAction)
    assert table.published.public["game"] is None
    table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 4}))
    assert table.published.public["state"]["scenario"]["example"] is True
