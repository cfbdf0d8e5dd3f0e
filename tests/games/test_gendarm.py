"""Räuber und Gendarm rule by rule, beyond the spec's scenarios: the settings that switch a
reading, typed dice and chips, undo over what was typed, the forced exit that cannot be made,
depletion at level 3 and what the box rolls for an action the rules refuse anyway."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.base import Action
from companion.games.gendarm import GAME
from companion.games.gendarm.state import GendarmState
from companion.i18n import text
from tests.games.gendarm_helpers import A, B, Play


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Play]:
    game = Play(tmp_path / "getaway.sqlite")
    yield game
    game.stop()


def typed(play: Play, level: int = 1, **options: object) -> None:
    """A game with the table's own die and real chips: A begins, A's catcher 2, B's 4."""
    play.start(level, dice="table", catchers="chips", **options)
    play.send("start_roll", None, rolls=[5, 3])
    play.send("catcher", A, number=2)
    play.send("catcher", B, number=4)


def test_a_typed_start_roll_refuses_a_tie_and_may_just_name_who_begins(play: Play) -> None:
    play.start(dice="table")
    play.refused("gendarm.start_roll_tie", "start_roll", A, rolls=[4, 4])
    play.refused("gendarm.start_roll_invalid", "start_roll", A, rolls=[4, 7])
    play.refused("gendarm.start_roll_invalid", "start_roll", A, rolls=[1, 2], starter=0)
    play.send("start_roll", B, starter=1)
    assert play.state()["starter"] == B and play.state()["start_rolls"] == []


def test_the_box_rolls_itself_when_it_holds_the_die(play: Play) -> None:
    play.start()
    play.chance.dice(6, 1)                            # rolled, and thrown away with the refusal
    play.refused("gendarm.box_rolls", "start_roll", A, rolls=[5, 2])
    play.chance.dice(5, 2)
    play.send("start_roll")
    play.chance.deal(1, 2, pool=[1, 2, 3, 4, 5, 6])
    play.send("deal")
    play.refused("gendarm.no_roll", "roll")           # level 1 has nothing to roll


def test_a_typed_chip_can_be_typed_again_until_both_are_in(play: Play) -> None:
    play.start(catchers="chips", dice="table")
    play.send("start_roll", None, starter=0)
    play.refused("gendarm.deal_chips", "deal")
    play.refused("gendarm.phone_only", "catcher", None, number=3)
    play.refused("gendarm.catcher_range", "catcher", A, number=7)
    play.send("catcher", A, number=3)
    assert play.player(A)["entered"] and not play.player(B)["entered"]
    assert play.state()["phase"] == "deal"
    play.send("catcher", A, number=5)
    assert play.mine(A)["catcher"] == 5 and "catcher" not in play.mine(B)
    play.send("table.undo", A)                        # the own phone takes it back
    assert play.mine(A)["catcher"] == 3
    play.send("catcher", B, number=3)                 # both may hold the same number
    assert play.state()["phase"] == "play"


def test_a_typed_roll_can_be_undone_a_box_roll_never(play: Play) -> None:
    typed(play, level=3)
    play.send("roll", A, value=3)
    assert play.state()["turn"] == B
    play.send("table.undo", A)
    assert play.state()["turn"] == A and play.state()["last_roll"] is None
    play.send("table.end_game")
    play.begin(A, (1, 2), level=3)
    play.roll(3, A)
    play.refused("error.undo_reveal", "table.undo")


def test_a_capture_is_never_undone_even_with_typed_dice(play: Play) -> None:
    typed(play, level=3)
    play.send("capture", A, gendarme=2)
    play.refused("error.undo_reveal", "table.undo")


def test_on_the_row_a_safe_robber_can_step_off_again(play: Play) -> None:
    typed(play, level=2, safe="on_row")
    play.send("safe", A)
    play.send("end_turn", A)
    play.refused("gendarm.safe_taken", "safe", B)
    play.send("end_turn", B)
    play.refused("gendarm.roll_first", "unsafe", A)    # the roll comes before the move
    play.send("roll", A, value=2)
    play.send("unsafe", A)
    assert play.player(A)["robbers"] == ["free"]
    play.send("end_turn", A)
    play.send("safe", B)                               # one safe robber at a time
    play.send("end_turn", B)
    assert play.state()["duty"]["roll"] is False


def test_for_good_a_safe_robber_stays_safe(play: Play) -> None:
    typed(play, level=2)
    play.send("safe", A)
    play.send("end_turn", A)
    play.send("end_turn", B)
    play.send("roll", A, value=2)
    play.refused("gendarm.safe_for_good", "unsafe", A)


def test_level_3_lets_each_player_have_a_safe_robber_where_the_group_plays_so(
        play: Play) -> None:
    typed(play, level=3, safe_robbers="each")
    play.send("safe", A)
    play.send("end_turn", A)
    play.send("safe", B)
    play.send("end_turn", B)
    play.send("roll", A, value=2)
    play.refused("gendarm.safe_taken", "safe", A)      # one each
    play.send("roll", A, value=6)                      # the duty first, then the turn's roll
    play.refused("gendarm.hide_safe", "hide", A, hideout=1)
    play.send("end_turn", A)


def test_a_robber_may_hide_by_a_move_where_the_group_plays_so(play: Play) -> None:
    typed(play, level=3, hide_by_move="on")
    play.send("hide", A, hideout=2)
    assert play.state()["hideouts"] == [None, A] and play.state()["turn"] == B
    play.send("hide", B, hideout=1)
    assert play.state()["must_leave"] == A


def test_without_it_a_robber_hides_only_after_a_one_or_a_six(play: Play) -> None:
    typed(play, level=3)
    play.refused("gendarm.hide_roll", "hide", A, hideout=1)
    play.send("roll", A, value=1)
    play.refused("gendarm.hideout_unknown", "hide", A, hideout=3)
    play.send("hide", A, hideout=1)
    play.send("roll", B, value=6)
    play.refused("gendarm.hideout_taken", "hide", B, hideout=1)
    play.send("hide", B, hideout=2)


def test_a_robber_that_cannot_leave_passes_and_must_leave_next_time(play: Play) -> None:
    typed(play, level=3)
    play.refused("gendarm.not_stuck", "stuck", A)
    play.send("roll", A, value=6)
    play.send("hide", A, hideout=1)
    play.send("roll", B, value=1)
    play.send("hide", B, hideout=2)
    play.send("stuck", A)
    assert play.state()["turn"] == B and play.state()["must_leave"] == A
    play.send("end_turn", B)
    play.refused("gendarm.leave_first", "end_turn", A)
    play.send("leave", A)
    play.refused("gendarm.not_stuck", "stuck", A)
    play.refused("gendarm.turn_used", "roll", A)


def test_level_3_is_lost_when_only_the_catcher_is_left(play: Play) -> None:
    typed(play, level=3)
    play.send("safe", A)
    for gendarme in (1, 3, 4):
        play.send("end_turn", A)
        play.send("end_turn", B)
        play.send("roll", A, value=5)
        play.send("remove", A, gendarme=gendarme)
    assert play.player(A)["gendarmes"] == [2, 5]
    play.send("end_turn", A)
    play.send("end_turn", B)
    play.send("roll", A, value=1)
    assert play.state()["result"] == {"winner": B, "reason": "depletion"}
    outcome = play.table.published.public["outcome"]
    assert outcome["catchers"] == [2, 4] and outcome["level"] == 3
    assert [text(line["key"], "en", **line["params"]) for line in outcome["summary"]] == [
        "White wins: Black was left with the catcher alone.",
        "Catchers: Black gendarme 2, White gendarme 4."]


def test_the_other_seat_may_play_black() -> None:
    state = GAME.setup({**{o.name: o.default for o in GAME.options}, "black": 1}, 2, {}, {})
    view = GAME.public_view(state)
    assert [p["colour"] for p in view["players"]] == ["white", "black"]


def test_the_box_rolls_nothing_for_an_action_the_rules_refuse() -> None:
    state: GendarmState = GAME.setup({o.name: o.default for o in GAME.options}, 2, {}, {})
    refused = Action("roll", A)
    assert GAME.draw(state, refused, random.Random(1)) is refused
    drawn = GAME.draw(state, Action("start_roll", A), random.Random(1))
    rolls = drawn.args["chance"]["rolls"]
    assert rolls[-1][0] != rolls[-1][1] and all(a == b for a, b in rolls[:-1])


def test_a_game_ended_early_keeps_no_catcher_in_the_history(play: Play) -> None:
    typed(play, level=2)
    play.send("table.end_game")
    recorded = play.table.history()[0]
    assert recorded["finished"] is False and recorded["outcome"] is None


def test_after_a_power_cut_the_game_and_its_secrets_come_back(tmp_path: Path) -> None:
    play = Play(tmp_path / "getaway.sqlite")
    typed(play, level=3)
    play.send("roll", A, value=6)
    play.send("hide", A, hideout=1)
    before = play.table.published
    play.stop()
    again = Play(tmp_path / "getaway.sqlite")
    try:
        after = again.table.published
        assert (after.public, after.private) == (before.public, before.private)
        assert again.mine(A)["catcher"] == 2 and again.mine(B)["catcher"] == 4
    finally:
        again.stop()


def test_the_own_phone_gives_its_catcher_away_nowhere_but_in_its_catcher() -> None:
    """After an odd duty roll the owner's phone offers every gendarme in play: with any other
    catcher its view differs in the ``catcher`` alone (a list without it would name it)."""
    options = {o.name: o.default for o in GAME.options}
    state: GendarmState = GAME.setup({**options, "level": 2, "dice": "table",
                                      "catchers": "chips"}, 2, {}, {})
    for action in (Action("start_roll", None, {"rolls": [5, 3]}),
                   Action("catcher", A, {"number": 2}), Action("catcher", B, {"number": 4}),
                   Action("safe", A), Action("end_turn", A), Action("end_turn", B),
                   Action("roll", A, {"value": 3})):
        state = GAME.apply(state, action)
    assert state.step.removal
    seen = []
    for number in state.players[A].gendarmes:
        players = (replace(state.players[A], catcher=number), state.players[B])
        view = dict(GAME.private_view(replace(state, players=players), A))
        assert view.pop("catcher") == number
        seen.append(view)
    assert all(view == seen[0] for view in seen)
    assert "remove" in seen[0]["actions"]


def test_the_readme_says_the_phone_offers_the_catcher_too_after_an_odd_duty_roll(
        play: Play) -> None:
    """The own phone lists every gendarme in play, the catcher among them, so that a glance
    at it cannot give the catcher away; the README tells a new group so."""
    typed(play, level=2)
    play.send("safe", A)
    play.send("end_turn", A)
    play.send("end_turn", B)
    play.send("roll", A, value=3)
    mine = play.table.published.private[A]["state"]
    assert mine["catcher"] == 2 and 2 in mine["players"][A]["gendarmes"]
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert "except your catcher" not in readme
    assert "your phone offers every gendarme still in play, your catcher too" in readme
