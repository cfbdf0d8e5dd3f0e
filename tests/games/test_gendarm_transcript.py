"""The public scenarios of Räuber und Gendarm (part B.4 of the spec, RG-01 to RG-12), played on
a real Table: A is Schwarz on seat 0, B is Weiß on seat 1; the dice the box rolls and the
catchers it deals are the scenario's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import Action, Sound
from companion.table.store import Store
from tests import tables
from tests.games.gendarm_helpers import A, B, Play


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Play]:
    game = Play(tmp_path / "getaway.sqlite")
    yield game
    game.stop()


def rg01(play: Play) -> None:
    """Level 1: a tie rolled again, B begins; A's catcher 3, B's 5."""
    play.start(level=1, chips="own", dice="box")
    play.chance.dice(4, 4, 2, 6)
    play.send("start_roll")
    play.chance.deal(3, 5, pool=[1, 2, 3, 4, 5, 6])
    play.send("deal")


def test_rg01_the_start_roll_rolls_a_tie_again_and_the_deal_stays_secret(play: Play) -> None:
    rg01(play)
    state = play.state()
    assert state["start_rolls"] == [[4, 4], [2, 6]]
    assert state["starter"] == B and state["turn"] == B
    assert play.mine(A)["catcher"] == 3 and play.mine(B)["catcher"] == 5
    for seat, theirs in ((A, 5), (B, 3)):
        assert all(p["catcher"] is None for p in play.mine(seat)["players"])
        assert f'"catcher": {theirs}' not in json.dumps(play.table.published.private[seat])
        assert play.table.published.private[seat]["cover"] is True
    public = play.table.published.public
    assert all(p["catcher"] is None for p in public["state"]["players"])
    assert "catcher" not in public["state"] and public["cover"] is False
    play.refused("error.undo_reveal", "table.undo")            # the deal
    assert public["undo"] is False


def test_rg01_undo_stops_at_the_start_roll_too(play: Play) -> None:
    play.start()
    play.chance.dice(4, 4, 2, 6)
    play.send("start_roll")
    play.refused("error.undo_reveal", "table.undo")


def test_rg02_a_valid_capture_ends_the_game(play: Play) -> None:
    rg01(play)
    play.turns(3)                                              # B, A, B
    assert play.state()["turn"] == A
    play.send("capture", A, gendarme=3)
    state = play.state()
    assert state["phase"] == "over"
    assert state["result"] == {"winner": A, "reason": "capture"}
    assert [p["catcher"] for p in state["players"]] == [3, 5]
    outcome = play.table.published.public["outcome"]
    assert outcome["results"] == [{"seat": A, "place": 1, "score": None},
                                  {"seat": B, "place": 2, "score": None}]
    assert outcome["reason"] == "capture" and outcome["catchers"] == [3, 5]
    assert play.heard[-2:] == [Sound.SIREN, Sound.DONE]
    recorded = play.table.history()[0]
    assert recorded["outcome"]["catchers"] == [3, 5] and recorded["outcome"]["winner"] == A


def test_rg03_a_wrong_gendarme_and_a_wrong_sender_are_refused(play: Play) -> None:
    rg01(play)
    play.turns(3)
    heard = list(play.heard)
    play.refused("gendarm.wrong_catcher", "capture", A, gendarme=4)
    play.refused("gendarm.not_your_turn", "capture", B, gendarme=5)
    play.refused("gendarm.phone_only", "capture", None, gendarme=3)
    assert play.heard == heard
    assert play.state()["turn"] == A and play.state()["phase"] == "play"


def test_rg04_a_shared_pool_may_deal_both_the_same_number(play: Play) -> None:
    play.start(level=1, chips="shared")
    play.chance.dice(6, 1)
    play.send("start_roll")
    play.chance.deal(2, 2, pool=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6], shared=True)
    play.send("deal")
    assert play.mine(A)["catcher"] == play.mine(B)["catcher"] == 2


@pytest.mark.parametrize("chips", ["own", "shared"])
def test_rg04_level_3_deals_from_one_to_five(play: Play, chips: str) -> None:
    play.start(level=3, chips=chips)
    play.chance.dice(6, 1)
    play.send("start_roll")
    pool = [n for n in range(1, 6) for _ in range(2 if chips == "shared" else 1)]
    play.chance.queue.extend([len(pool) - 1, len(pool) - 2])   # the last chips of the pool
    play.send("deal")
    assert {play.mine(A)["catcher"], play.mine(B)["catcher"]} <= {4, 5}
    assert play.state()["top"] == 5 and play.player(A)["gendarmes"] == [1, 2, 3, 4, 5]


def test_rg04_a_replayed_deal_of_a_six_at_level_3_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "getaway.sqlite"
    play = Play(db)
    play.start(level=3)
    play.chance.dice(6, 1)
    play.send("start_roll")
    play.stop()
    Store(db).append(Action("deal", None, {"chance": {"catchers": [6, 1]}}).to_json())
    table = tables.open_table(db)
    try:
        assert table.published.public["state"]["phase"] == "deal"
    finally:
        table.stop()


def rg05(play: Play) -> None:
    """Level 2, A begins with catcher 4 (B's 1); A's robber reaches B's start row."""
    play.begin(A, (4, 1), level=2)
    play.turns(4)
    play.send("safe", A)
    play.send("end_turn", A)                                   # no roll on the arriving turn


def test_rg05_a_safe_robber_brings_the_duty_roll(play: Play) -> None:
    rg05(play)
    assert play.player(A)["robbers"] == ["safe"]
    play.refused("gendarm.no_roll", "roll", B)                 # no duty for B
    play.send("end_turn", B)
    assert play.state()["duty"]["roll"] is True and play.heard[-1] is Sound.WARN
    play.refused("gendarm.roll_first", "end_turn", A)
    play.refused("gendarm.roll_first", "end_turn")             # TURN on the box
    play.roll(3, A)
    assert "remove" in play.mine(A)["actions"] and "remove" not in play.mine(B)["actions"]
    assert play.heard[-1] is Sound.WARN
    play.send("remove", A, gendarme=6)
    play.send("end_turn", A)
    play.send("end_turn", B)
    play.roll(2, A)
    assert play.state()["duty"] == {"roll": False, "remove": False, "rolled": False,
                                    "moved": False}
    play.send("end_turn", A)
    assert play.player(A)["gendarmes"] == [1, 2, 3, 4, 5] and play.player(A)["removed"] == [6]
    assert play.state()["phase"] == "play"


def test_rg06_the_catcher_can_never_be_removed(play: Play) -> None:
    rg05(play)
    play.send("end_turn", B)
    play.refused("gendarm.no_removal", "remove", A, gendarme=2)
    play.roll(5, A)
    play.refused("gendarm.keep_catcher", "remove", A, gendarme=4)
    play.refused("gendarm.gendarme_unknown", "remove", A, gendarme=7)
    play.refused("gendarm.phone_only", "remove", None, gendarme=2)
    play.refused("gendarm.not_your_turn", "remove", B, gendarme=2)
    menu = play.table.published.controls.menu
    assert all(item.action.type != "remove" for item in menu)
    assert play.state()["duty"]["remove"] is True
    play.send("remove", A, gendarme=2)
    assert play.player(A)["gendarmes"] == [1, 3, 4, 5, 6]
    play.refused("gendarm.no_removal", "remove", A, gendarme=3)


def test_rg06_left_with_the_catcher_alone_the_owner_loses(play: Play) -> None:
    rg05(play)
    for gendarme in (1, 2, 3, 5):
        play.send("end_turn", B)
        play.roll(1, A)
        play.send("remove", A, gendarme=gendarme)
        play.send("end_turn", A)
    play.send("end_turn", B)
    assert play.player(A)["gendarmes"] == [4, 6]
    play.roll(5, A)                                             # the choice is made: 6 goes
    assert play.state()["result"] == {"winner": B, "reason": "depletion"}
    assert play.player(A)["gendarmes"] == [4] and play.player(A)["catcher"] == 4
    assert play.heard[-1] is Sound.DONE


def test_rg07_the_other_robber_must_stay_in_play(play: Play) -> None:
    rg05(play)
    play.refused("gendarm.safe_taken", "safe", B)              # B's robber on A's start row
    play.refused("gendarm.nothing_to_catch", "capture", B, gendarme=1)
    play.send("end_turn", B)
    play.roll(4, A)
    play.send("capture", A, gendarme=4)
    assert play.state()["result"] == {"winner": A, "reason": "capture"}


def rg08(play: Play) -> None:
    """Level 3, A (catcher 5) begins, B's catcher is 2; A rolls a 3, B a 6 and hides."""
    play.begin(A, (5, 2), level=3)
    for seat in (A, B):
        assert play.player(seat)["gendarmes"] == [1, 2, 3, 4, 5]
        assert play.player(seat)["robbers"] == ["free", "free"]
    play.roll(3, A)
    assert play.state()["turn"] == B                            # the turn is lost
    play.roll(6, B)
    assert play.mine(B)["actions"] == ["hide", "end_turn"]
    play.refused("gendarm.turn_used", "capture", B, gendarme=2)
    play.send("hide", B, hideout=1)


def test_rg08_each_turn_a_move_or_one_roll(play: Play) -> None:
    rg08(play)
    assert play.player(B)["robbers"] == ["hidden", "free"]
    assert play.state()["hideouts"] == [B, None] and play.state()["turn"] == A


def rg09(play: Play) -> None:
    rg08(play)
    assert play.player(B)["catchable"] == 1
    play.send("end_turn", A)
    play.roll(1, B)
    play.refused("gendarm.one_hidden", "hide", B, hideout=2)
    play.refused("gendarm.turn_used", "safe", B)               # the roll was the turn
    play.send("end_turn", B)


def test_rg09_a_hidden_robber_cannot_be_caught_and_one_hides_per_player(play: Play) -> None:
    rg09(play)
    assert play.state()["hideouts"] == [B, None] and play.state()["turn"] == A
    assert play.player(B)["robbers"] == ["hidden", "free"]


def test_rg10_filling_the_second_hideout_drives_the_first_out(play: Play) -> None:
    rg09(play)
    play.roll(1, A)
    play.send("hide", A, hideout=2)
    assert play.state()["must_leave"] == B
    for kind in ("roll", "end_turn", "safe"):
        play.refused("gendarm.leave_first", kind, B)
    play.send("leave", B)
    play.send("end_turn", B)
    state = play.state()
    assert state["hideouts"] == [None, A] and state["must_leave"] is None
    assert play.player(B)["robbers"] == ["free", "free"] and state["turn"] == A
    play.send("end_turn", A)                                    # A's robber may stay
    assert play.player(A)["robbers"] == ["hidden", "free"]


def test_rg11_the_first_capture_shows_the_catcher_and_the_game_goes_on(play: Play) -> None:
    play.begin(A, (5, 2), level=3)
    play.send("capture", A, gendarme=5)
    assert play.player(B)["robbers"] == ["caught", "free"]
    assert play.player(A)["catcher"] == 5 and play.player(B)["catcher"] is None
    assert play.state()["result"] is None and play.heard[-1] is Sound.SIREN
    play.refused("error.undo_reveal", "table.undo")
    play.send("end_turn", A)
    play.send("end_turn", B)
    play.send("capture", A, gendarme=5)
    assert play.state()["result"] == {"winner": A, "reason": "capture"}


def test_rg12_a_hidden_robber_keeps_the_second_off_the_start_row(play: Play) -> None:
    play.begin(A, (5, 2), level=3)
    play.roll(6, A)
    play.send("hide", A, hideout=1)
    play.send("end_turn", B)
    play.refused("gendarm.safe_hidden", "safe", A)
    play.send("leave", A)
    play.send("end_turn", A)
    play.send("end_turn", B)
    play.send("safe", A)
    play.send("end_turn", A)
    play.send("end_turn", B)
    assert play.player(A)["robbers"] == ["safe", "free"]
    play.refused("gendarm.roll_first", "end_turn", A)
