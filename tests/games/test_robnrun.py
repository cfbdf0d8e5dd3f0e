"""Rule tests for Rob 'n Run: each evaluation step, the dealers, capture, the crew's turns,
bags and the 2-player rules, safes and cracking."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from companion.games.base import Action, IllegalAction, InvalidAction, Undo, check_options
from companion.games.record import dump
from companion.games.robnrun import GAME
from companion.games.robnrun.pieces import NO_TOOLS, TOOLS, Safe, cracked, safe_from_json
from companion.games.robnrun.rules import RULES
from companion.games.robnrun.scenario import EXAMPLE as SCENARIO
from companion.games.robnrun.state import Evaluation, Robbery, RobState
from companion.i18n import LANGUAGES, text
from tests.games.robnrun_helpers import documents, refused

SAFE = {"tools": {"card": 3}, "gold": 2}
CARD, BAG = "card", "bag"


def new_state(seats: int = 4, **options: Any) -> RobState:
    """A game on the example box with the training scenario; seat 0 is the first boss."""
    chosen = check_options(GAME.options, {"boss": 0, **options})
    return GAME.setup(chosen, seats, {}, GAME.documents.builtin)


def do(state: RobState, kind: str, seat: int | None = None, **args: Any) -> RobState:
    return GAME.apply(state, Action(kind, seat, args))


def robbing(state: RobState, building: str = "A1", safes: list[dict[str, Any]] | None = None,
            ) -> RobState:
    """Rob ``building``, deal in order, enter the safes, start: the clue phase begins."""
    state = do(state, "rob", building=building)
    state = do(state, "deal", chance={"order": [0, 1, 2, 3, 4, 5]})
    state = do(state, "safes", state.robbery.boss,
               safes=safes or [SAFE] * state.robbery.taken)
    return do(state, "start")


def crew_plays(state: RobState, count: int) -> RobState:
    state = do(state, "crew")
    for _ in range(count):
        state = do(state, "play")
    return state


def evaluating(state: RobState, *, cracked: tuple[int, ...] = (), gold: int = 0,
               alarm: bool = False, uncracked: int = 0, step: int = 1) -> RobState:
    """A state in the middle of an evaluation."""
    ev = Evaluation(cracked=cracked, gold=gold, alarm=alarm, uncracked=uncracked, step=step,
                    car_from=state.car)
    return replace(state, phase="evaluation", evaluation=ev)


def view(state: RobState) -> dict[str, Any]:
    return dict(GAME.public_view(state))


# -- the start --------------------------------------------------------------------------------

@pytest.mark.parametrize("boss", [1.0, True])
def test_a_first_boss_that_is_no_whole_number_is_refused_saying_so(boss: object) -> None:
    with pytest.raises(InvalidAction) as refused:
        check_options(GAME.options, {"boss": boss})
    assert refused.value.key == "error.option_choice"
    assert f"“{json.dumps(boss)}” is not allowed" in str(refused.value)


# -- safes and cracking ------------------------------------------------------------------------

@pytest.mark.parametrize(("safe", "key"), [
    ({"tools": {"card": 2}, "gold": 1}, "robnrun.safe_size"),
    ({"tools": {"card": 3, "ram": 3}, "gold": 1}, "robnrun.safe_size"),
    ({"tools": {"card": 5}, "gold": 1}, "robnrun.safe_kinds"),
    ({"tools": {"card": 1, "ram": 1, "acid": 1, "dynamite": 1, "flashlight": 1}, "gold": 1},
     "robnrun.safe_kinds"),
    ({"tools": {"card": 3}, "gold": 4}, "robnrun.safe_gold"),
    ({"tools": {"hammer": 3}, "gold": 1}, "robnrun.safe_invalid"),
    ({"tools": {"card": -1, "ram": 4}, "gold": 1}, "robnrun.safe_invalid"),
])
def test_safe_refuses_what_no_safe_needs(safe: dict[str, Any], key: str) -> None:
    with pytest.raises(InvalidAction) as refused:
        safe_from_json(safe)
    assert refused.value.key == key


def test_safe_takes_four_of_one_kind_and_four_kinds() -> None:
    assert safe_from_json({"tools": {"card": 4, "ram": 1}, "gold": 3}).gold == 3
    assert sum(safe_from_json({"tools": dict.fromkeys(TOOLS[:4], 1), "gold": 1}).tools) == 4


def tools(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(tool, 0) for tool in TOOLS)


def test_cracked_counts_the_most_safes_then_the_most_gold() -> None:
    safes = [Safe(tools(card=3), 1), Safe(tools(card=2, ram=1), 3), Safe(tools(ram=3), 2)]
    assert cracked(safes, tools(card=3, ram=1)) == (1,)  # 3 gold beats 1 gold
    assert cracked(safes, tools(card=3, ram=3)) == (0, 2)  # two safes beat one
    assert cracked(safes, NO_TOOLS) == ()


# -- preparation -------------------------------------------------------------------------------

def test_the_last_safes_of_a_quarter_call_its_dealer_onto_the_route() -> None:
    state = do(new_state(), "rob", building="C1")  # quarter C has one building
    assert view(state)["dealers"]["white"]["where"] == "route"
    state = do(new_state(), "rob", building="A1")  # A2 still holds safes
    assert all(d["where"] == "quarter" for d in view(state)["dealers"].values())


def test_an_empty_building_cannot_be_robbed_and_undo_is_possible_before_the_deal() -> None:
    state = new_state()
    state = replace(state, buildings=((0, 3), *state.buildings[1:]))
    with pytest.raises(IllegalAction):
        do(state, "rob", building="A1")
    assert {kind for kind, step in GAME.steps.items() if step.undo is not Undo.OPEN} == {
        "deal", "sort"}


def test_deal_shows_as_many_clues_as_yellow_and_gives_each_member_green_tools() -> None:
    state = do(do(new_state(), "rob", building="A1"), "deal",
               chance={"order": [5, 4, 3, 2, 1, 0]})
    assert set(state.robbery.face_up) == {7, 5, 4, 3}  # yellow 4, the last drawn out
    assert view(state)["clues"]["face_up"] == [3, 4, 5, 7]  # by number, on every page
    assert view(state)["crew"]["hands"] == [0, 6, 6, 6]  # green 6 on the 4-player side
    assert view(state)["stack"] == 61 - 18


def test_only_the_boss_phone_enters_safes_and_sorts() -> None:
    state = do(new_state(), "rob", building="A1")
    for seat in (None, 1):
        with pytest.raises(IllegalAction) as refused:
            do(state, "safes", seat, safes=[SAFE, SAFE])
        assert refused.value.key == "robnrun.boss_phone"
    with pytest.raises(InvalidAction) as malformed:
        do(state, "safes", 0, safes=[SAFE])
    assert malformed.value.params == {"count": 2}


def test_sorting_without_safes_is_refused() -> None:
    state = do(do(new_state(), "rob", building="A1"), "deal", chance={"order": list(range(6))})
    state = crew_plays(do(state, "start"), 4)
    with pytest.raises(IllegalAction) as refused:
        do(state, "sort", 0, cards=[CARD] * 4)
    assert refused.value.key == "robnrun.safes_missing"


def openly(state: RobState) -> RobState:
    """The boss has no phone: the group chooses to play openly on the box."""
    return do(do(state, "openly", ask=True), "openly")


def test_open_play_deals_no_clue_before_the_box_has_every_safe() -> None:
    state = openly(do(new_state(), "rob", building="A1"))
    assert view(state)["now"] == "safes_openly"
    assert "deal" not in RULES.allowed_actions(state, None)
    refused(lambda: do(state, "deal", chance={"order": list(range(6))}),
            "robnrun.safes_on_box", IllegalAction)
    state = do(state, "safes", safes=[SAFE, SAFE])
    assert view(state)["now"] == "deal"
    assert "deal" in RULES.allowed_actions(state, None)


@pytest.mark.parametrize(("kind", "seat", "then"), [
    ("clue", None, lambda s: s), ("crew", None, lambda s: s),
    ("play", 1, lambda s: do(s, "crew"))], ids=["clue", "crew", "play"])
def test_open_play_chosen_later_waits_for_the_safes_on_the_box(
        kind: str, seat: int | None, then: Callable[[RobState], RobState]) -> None:
    """A boss whose phone never entered the safes: the box takes over and the robbery waits."""
    dealt = do(do(new_state(), "rob", building="A1"), "deal", chance={"order": list(range(6))})
    state = openly(then(do(dealt, "start")))
    assert view(state)["now"] == "safes_openly"
    refused(lambda: do(state, kind, seat, clue=1), "robnrun.safes_on_box", IllegalAction)


# -- the crew phase ----------------------------------------------------------------------------

def test_after_everyone_passed_the_next_member_must_play_or_exchange() -> None:
    state = do(robbing(new_state()), "crew")
    for seat in (1, 2, 3):
        state = do(state, "pass", seat)
    assert view(state)["crew"]["forced"] and view(state)["crew"]["turn"] == 1
    with pytest.raises(IllegalAction) as refused:
        do(state, "pass", 1)
    assert refused.value.key == "robnrun.must_play"
    assert view(do(state, "exchange", 1))["crew"]["forced"] is False


def test_members_without_cards_are_skipped_and_nobody_holding_cards_ends_the_robbery() -> None:
    state = robbing(new_state())
    state = replace(state, robbery=replace(state.robbery, hands=(0, 0, 1, 0)))
    state = do(state, "crew")
    assert view(state)["crew"]["turn"] == 2
    state = do(state, "play", 2)
    assert view(state)["phase"] == "alarm" and view(state)["crew"]["final"]
    state = do(state, "sort", 0, cards=[CARD])
    assert view(state)["phase"] == "evaluation"  # the rare final alarm phase


def test_an_exchange_refills_the_stack_from_the_bin() -> None:
    state = do(robbing(new_state()), "crew")
    state = replace(state, robbery=replace(state.robbery, stack=2, bin=1))
    state = do(state, "exchange", 1)  # 6 cards onto the bin, then 6 drawn from 2 + 7
    assert view(state)["crew"]["hands"][1] == 6
    assert view(state)["stack"] + view(state)["bin"] == 3


def test_drawing_from_an_empty_stack_and_bin_draws_what_there_is() -> None:
    state = crew_plays(robbing(new_state()), 4)
    state = replace(state, robbery=replace(state.robbery, stack=2, bin=0))
    state = do(state, "sort", 0, cards=[BAG, CARD, CARD, "ram"])
    assert sum(view(state)["crew"]["hands"]) == 18 - 4 + 2


@pytest.mark.parametrize(("seats", "each"), [(3, 2), (4, 1), (5, 1)])
def test_a_bag_gives_every_crew_member_cards_by_player_count(seats: int, each: int) -> None:
    state = robbing(new_state(seats))
    played = view(state)["crew"]["needed"]
    state = crew_plays(state, played)
    before = list(view(state)["crew"]["hands"])
    state = do(state, "sort", 0, cards=[BAG] + ["ram"] * (played - 1))
    after = view(state)["crew"]["hands"]
    assert [b - a for a, b in zip(before, after, strict=True)][1:] == [each] * (seats - 1)


def test_after_the_alarm_phase_everyone_sees_what_the_sort_did() -> None:
    state = crew_plays(robbing(new_state()), 4)  # 4 players: 18 tools dealt, 61 - 18 left
    state = do(state, "sort", 0, cards=[CARD, BAG, "ram", CARD])
    sorting = view(state)["sorting"]
    assert sorting == {"round": 1, "rows": {"card": 2}, "wrong": 1, "bags": 1,
                       "drawn": [0, 1, 1, 1], "stack": [43, 40], "alarm_stack": [0, 1]}
    assert view(state)["phase"] == "clues" and view(state)["round"] == 2
    assert "ram" not in str(sorting)  # which tool went onto the alarm stack stays secret
    state = do(crew_plays(state, 4), "sort", 0, cards=["ram", "acid", "ram", "acid"])
    assert view(state)["sorting"]["round"] == 2
    assert view(state)["sorting"]["alarm_stack"] == [1, 5]
    assert view(state)["evaluation"]["alarm"] is True   # the summary stays for the evaluation
    assert view(state)["sorting"]["bags"] == 0 and view(state)["sorting"]["drawn"] == [0] * 4


def test_a_new_robbery_starts_without_a_sort_to_tell() -> None:
    state = robbing(new_state())
    assert view(state)["sorting"] is None


# -- 2 players ---------------------------------------------------------------------------------

def test_two_players_have_no_bags_and_the_member_draws_what_was_played() -> None:
    state = robbing(new_state(2))
    assert view(state)["stack"] == 56 - 8
    state = crew_plays(state, 3)  # white 3 on the example's 2-player side
    assert view(state)["crew"]["hands"] == [0, 8]
    with pytest.raises(InvalidAction) as refused:
        do(state, "sort", 0, cards=[BAG, CARD, CARD])
    assert refused.value.key == "robnrun.no_bags"


def test_two_players_refuse_a_scenario_with_the_crew_clues() -> None:
    options = check_options(GAME.options, {"boss": 0, "scenario": "six"})
    six = replace(SCENARIO, name="six", clues=(1, 2, 3, 4, 5, 6), example=False)
    saved = {"scenario": {"six": dump(six)}}
    with pytest.raises(IllegalAction) as refused:
        GAME.setup(options, 2, {}, documents(saved))
    assert refused.value.params == {"clues": "6"}
    assert GAME.setup(options, 3, {}, documents(saved)).seats == 3


# -- the alarm phase ---------------------------------------------------------------------------

def test_cracking_and_the_alarm_in_the_same_phase_both_count() -> None:
    state = crew_plays(robbing(new_state(), safes=[SAFE, SAFE]), 4)
    state = do(state, "sort", 0, cards=["card", "card", "card", "ram"])
    state = crew_plays(state, 4)
    state = do(state, "sort", 0, cards=["card", "card", "card", "ram"])
    ev = view(state)["evaluation"]
    assert ev["cracked"] == 2 and ev["alarm"] is False  # 2 wrong tools, red allows 4
    state = crew_plays(robbing(new_state(), safes=[SAFE, SAFE]), 4)
    state = do(state, "sort", 0, cards=["ram"] * 4)
    state = crew_plays(state, 4)
    state = do(state, "sort", 0, cards=["card", "card", "card", "ram"])
    ev = view(state)["evaluation"]
    assert ev["cracked"] == 1 and ev["alarm"] is True and ev["uncracked"] == 1


def test_more_cards_than_were_played_or_than_exist_are_refused() -> None:
    state = crew_plays(robbing(new_state()), 4)
    with pytest.raises(InvalidAction):
        do(state, "sort", 0, cards=[CARD] * 3)
    state = replace(state, robbery=replace(state.robbery, alarm=tools(ram=8)))
    with pytest.raises(InvalidAction) as refused:
        do(state, "sort", 0, cards=["ram", CARD, CARD, CARD])
    assert refused.value.key == "robnrun.cards_too_many"


# -- the evaluation ----------------------------------------------------------------------------

def test_step_1_gold_and_steps_never_past_terminal_3() -> None:
    state = replace(robbing(new_state(), safes=[SAFE, SAFE]), car=18)
    state = replace(state, robbery=replace(state.robbery, rows=tools(card=6)))
    state = crew_plays(state, 4)
    state = do(state, "sort", 0, cards=["ram"] * 4)
    assert view(state)["gold"] == 3 + 4 and view(state)["car"] == 19


def test_step_2_a_full_track_sets_the_cube_aside() -> None:
    state = replace(new_state(), car=7, station={"yellow": 3, "green": 0, "white": 0, "red": 0})
    state = replace(evaluating(state, cracked=(0,)), car=8)
    assert state.evaluation is not None
    state = replace(state, evaluation=replace(state.evaluation, car_from=6))
    state = do(state, "next")
    assert view(state)["station"]["yellow"]["cubes"] == 3  # capacity 3: the top stays free
    assert view(state)["station"]["green"]["cubes"] == 1
    assert view(state)["aside"] == 1 and view(state)["squares"][0] == []


def test_step_3_a_new_safe_only_where_a_building_holds_one_or_two() -> None:
    state = evaluating(new_state(), uncracked=2, step=3)
    assert view(state)["evaluation"]["placeable"] == ["A1", "B1", "B2", "D1", "D2"]
    with pytest.raises(IllegalAction) as refused:
        do(state, "place", building="A2")  # 3 safes already
    assert refused.value.key == "robnrun.building_full"
    state = do(state, "place", building="A1")
    with pytest.raises(IllegalAction):
        do(state, "place", building="A1")  # now full
    state = do(state, "place", building="B1")
    assert view(state)["spare"] == 3
    assert [b["safes"] for b in view(state)["buildings"][:3]] == [3, 3, 2]
    with pytest.raises(IllegalAction) as refused:
        do(state, "place", building="B2")
    assert refused.value.key == "robnrun.placed_all"


def test_step_3_without_a_building_or_a_spare_safe_the_safe_leaves_the_game() -> None:
    state = replace(evaluating(new_state(), uncracked=1, step=3), spare=0)
    state = do(state, "next")
    assert view(state)["evaluation"]["lost_safes"] == 1


@pytest.mark.parametrize(("uncracked", "alarm", "steps"), [(0, False, 1), (2, False, 3),
                                                            (1, True, 3), (3, True, 5)])
def test_step_4_the_police_steps(uncracked: int, alarm: bool, steps: int) -> None:
    state = evaluating(replace(new_state(), spare=0), uncracked=uncracked, alarm=alarm, step=3)
    state = do(state, "next")
    assert view(state)["police"] == steps and view(state)["evaluation"]["police_steps"] == steps


@pytest.mark.parametrize(("colour", "one", "two"), [("yellow", 3, 7), ("green", 2, 5),
                                                    ("white", 2, 5), ("red", 3, 7)])
def test_step_5_the_dealers_prices(colour: str, one: int, two: int) -> None:
    state = replace(new_state(gold=10), station={**dict.fromkeys(
        ("yellow", "green", "white", "red"), 0), colour: 2},
        dealers={**new_state().dealers, colour: "route"})
    state = evaluating(state, step=5)
    assert view(do(state, "buy", cubes=1))["gold"] == 10 - one
    bought = view(do(state, "buy", cubes=2))
    assert bought["gold"] == 10 - two and bought["station"][colour]["cubes"] == 0
    assert bought["dealers"][colour]["where"] == "out"
    declined = view(do(state, "buy", cubes=0))
    assert declined["gold"] == 10 and declined["dealers"][colour]["where"] == "out"


def test_step_5_gold_never_goes_negative_and_no_more_cubes_than_there_are() -> None:
    state = replace(new_state(), station={"yellow": 1, "green": 0, "white": 0, "red": 0},
                    dealers={**new_state().dealers, "yellow": "route"}, gold=3)
    state = evaluating(state, step=5)
    with pytest.raises(IllegalAction) as refused:
        do(state, "buy", cubes=2)
    assert refused.value.key == "robnrun.buy_cubes"
    state = replace(state, gold=2)
    with pytest.raises(IllegalAction) as refused:
        do(state, "buy", cubes=1)
    assert refused.value.key == "robnrun.buy_gold"
    with pytest.raises(IllegalAction) as refused:
        do(state, "next")
    assert refused.value.key == "robnrun.dealer_first"


def test_caught_on_a_terminal_square_is_a_loss() -> None:
    state = replace(evaluating(new_state(), step=6), car=17, police=17)
    assert view(do(state, "next"))["phase"] == "lost"
    outcome = GAME.outcome(do(state, "next"))
    assert outcome is not None and outcome["won"] is False
    assert outcome["summary"] == [{"key": "screen.robnrun.lost", "params": {}}]


def test_reaching_terminal_1_wins_with_the_rating() -> None:
    state = replace(evaluating(new_state(), step=6), car=17, police=10, gold=9)
    won = do(state, "next")
    assert view(won)["result"] == {"won": True, "rating": "living"}
    assert (GAME.outcome(won) or {})["summary"] == [
        {"key": "screen.robnrun.won", "params": {"gold": 9}},
        {"key": "robnrun.rating.living", "params": {}}]
    perfect = do(replace(state, car=18, gold=12), "next")
    assert view(perfect)["result"]["rating"] == "perfect"
    assert view(do(replace(state, gold=12), "next"))["result"]["rating"] == "living"


@pytest.mark.parametrize(("car", "police"), [(17, 17), (17, 10)])
def test_a_finished_game_says_it_is_over_never_the_next_step(car: int, police: int) -> None:
    over = do(replace(evaluating(new_state(), step=6), car=car, police=police), "next")
    assert view(over)["now"] == over.phase
    for lang in LANGUAGES:
        sentence = text(f"robnrun.now.{view(over)['now']}", lang)
        assert sentence.startswith(("Das Spiel ist vorbei.", "The game is over.")), sentence


@pytest.mark.parametrize(("gold", "rating"), [(0, "free"), (3, "free"), (4, "start"),
                                              (7, "start"), (8, "living"), (11, "living")])
def test_the_rating_by_gold(gold: int, rating: str) -> None:
    state = replace(evaluating(new_state(), step=6), car=19, police=0, gold=gold)
    assert view(do(state, "next"))["result"]["rating"] == rating


def test_the_boss_role_passes_clockwise() -> None:
    state = replace(evaluating(new_state(3), step=6), robbery=Robbery(2))
    assert view(do(state, "next"))["boss"] == 0


# -- clues, the memory aid, notes --------------------------------------------------------------

def test_a_hidden_or_used_clue_costs_3_gold_every_time() -> None:
    state = robbing(new_state(gold=6))
    hidden = next(c for c in state.robbery.clues if c not in state.robbery.face_up)
    state = do(do(state, "clue", clue=hidden), "clue", clue=hidden)
    assert view(state)["gold"] == 0
    assert [use["bought"] for use in view(state)["clues"]["uses"]] == [True, True]


@pytest.mark.parametrize(("building", "safes", "most"), [("B1", 1, 4), ("A1", 2, 7),
                                                         ("C1", 3, 7)])
def test_clue_3_names_up_to_as_many_kinds_as_the_robbed_safes_can_need(building: str, safes: int,
                                                                       most: int) -> None:
    entered = [{"tools": {tool: 3}, "gold": 1} for tool in TOOLS[:safes]]
    state = robbing(new_state(), building, entered)
    used = do(state, "clue", clue=3, count=most)
    assert view(used)["clues"]["uses"][-1]["count"] == most
    assert view(state)["clues"]["kinds"] == most
    with pytest.raises(InvalidAction) as refused:
        do(state, "clue", clue=3, count=most + 1)
    assert (refused.value.key, refused.value.params) == ("robnrun.clue_count", {"maximum": most})


def test_crew_phones_may_not_use_clues_and_notes_are_private() -> None:
    state = robbing(new_state())
    with pytest.raises(IllegalAction):
        do(state, "clue", 1, clue=1)
    state = do(state, "note", 2, text="boss wants cards?")
    assert GAME.private_view(state, 2)["notes"] == "boss wants cards?"
    assert "notes" not in GAME.private_view(state, 1)
    assert "boss wants" not in str(view(state))
    with pytest.raises(IllegalAction):
        do(state, "note", None, text="from the box")


def test_a_crew_view_holds_no_secret() -> None:
    state = crew_plays(robbing(new_state()), 4)
    state = do(state, "sort", 0, cards=["ram", "ram", CARD, CARD])
    secret = GAME.private_view(state, 0)["secret"]
    assert secret["alarm"] == {"ram": 2} and secret["cracked"] == []
    assert secret["needed"] == {"card": 6}
    for seat in (1, 2, 3):
        assert "secret" not in GAME.private_view(state, seat)
    public = view(state)
    assert public["rows"] == {"card": 2} and public["alarm_count"] == 2
    assert "ram" not in str({key: value for key, value in public.items() if key != "memory"})


def test_safes_needing_more_copies_than_the_box_holds_are_refused() -> None:
    state = do(new_state(), "rob", building="A2")  # 3 safes
    jackhammers = {"tools": {"jackhammer": 3}, "gold": 1}
    with pytest.raises(InvalidAction) as refused:
        do(state, "safes", 0, safes=[jackhammers] * 3)
    assert refused.value.key == "robnrun.safes_copies"


def test_every_step_names_what_the_group_does_now() -> None:
    state = new_state()
    seen = [view(state)["now"]]
    state = do(state, "rob", building="A1")
    seen.append(view(state)["now"])
    state = do(state, "safes", 0, safes=[SAFE, SAFE])
    seen.append(view(state)["now"])
    state = do(state, "deal", chance={"order": list(range(6))})
    seen.append(view(state)["now"])
    state = do(do(state, "start"), "crew")
    seen.append(view(state)["now"])
    state = do(do(do(state, "pass"), "pass"), "pass")
    seen.append(view(state)["now"])
    assert seen == ["rob", "safes", "deal", "start", "crew", "crew_forced"]
    assert view(evaluating(state, uncracked=1, step=3))["now"] == "step3_choose"
    assert view(evaluating(state, step=3))["now"] == "step3"
    assert view(evaluating(state, step=5))["now"] == "step5"
    for now in (*seen, "clues", "alarm", *(f"step{n}" for n in range(1, 7)),
                "step3_choose", "step5_choose", "won", "lost"):
        for lang in LANGUAGES:
            sentence = text(f"robnrun.now.{now}", lang, boss="Bea", turn="Carl", yellow=4,
                            green=6, white=4, red=4)
            assert not sentence.startswith("robnrun.") and "{" not in sentence, sentence


def test_clues_are_listed_by_number_on_every_page_and_the_box() -> None:
    scrambled = replace(SCENARIO, name="scrambled", clues=(7, 3, 5, 1, 4, 2), example=False)
    options = check_options(GAME.options, {"boss": 0, "scenario": "scrambled"})
    state = GAME.setup(options, 4, {}, documents({"scenario": {"scrambled": dump(scrambled)}}))
    state = do(do(state, "rob", building="A1"), "deal", chance={"order": [5, 0, 2, 4, 1, 3]})
    public, boss = view(state), GAME.private_view(state, 0)
    assert public["clues"]["face_up"] == [2, 4, 5, 7]     # drawn 2, 7, 5, 4: by number
    assert public["scenario"]["clues"] == boss["secret"]["clues"] == [1, 2, 3, 4, 5, 7]
    state = do(do(state, "safes", 0, safes=[SAFE, SAFE]), "start")
    menu = [item.params.get("clue") for item in GAME.controls(state).menu
            if item.key != "robnrun.menu.openly"]
    assert menu == [None, 2, 4, 5, 7, 1, 3]               # on to the crew, then by number


def test_each_preparation_step_is_offered_only_when_it_can_be_done() -> None:
    def offered(state: RobState) -> list[str]:
        return [a for a in GAME.private_view(state, 0)["actions"] if a not in ("mark", "note")]

    state = new_state()
    assert offered(state) == ["rob"]
    state = do(state, "rob", building="A1")
    assert offered(state) == ["deal", "safes"]
    state = do(state, "deal", chance={"order": list(range(6))})
    assert offered(state) == ["safes", "start"]
    state = crew_plays(do(do(state, "safes", 0, safes=[SAFE, SAFE]), "start"), 4)
    state = do(state, "sort", 0, cards=["ram"] * 4)
    assert "safes" not in offered(state)  # the safes stand once cards were sorted
