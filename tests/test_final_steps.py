"""Which steps undo may take back is declared once for every step of every game; the clock's
verdict, what shows a secret and the end of a game are final (the stateful tests of each game
check every step they take against the same declaration)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import TIMEOUT, Rules, Sender, Undo, nothing_to_spend
from tests.games.gendarm_helpers import A, B, Play

FINAL, DRAWN, SHARED = Undo.FINAL, Undo.DRAWN, Undo.SHARED
NOT_OPEN: dict[str, dict[str, Undo]] = {
    "romme": {"timeout": FINAL, "confirm_scores": SHARED},
    "robnrun": {"deal": FINAL, "sort": FINAL},
    "safehouse": {"roll": DRAWN, "help": DRAWN, "faces": DRAWN},
    "gendarm": {"start_roll": DRAWN, "deal": FINAL, "roll": DRAWN, "capture": FINAL},
}
"""What the rules say undo may not take back: what shows a secret or the clock's verdict, and
what the box's dice rolled, and scores made final for everyone (no phone takes them back);
every other step is open (tests/server/test_who_may_act.py undoes
each step as it is declared)."""


@pytest.mark.parametrize(("game_id", "kind"),
                         [(gid, kind) for gid in sorted(GAMES) for kind in GAMES[gid].steps])
def test_every_step_of_every_game_declares_whether_undo_may_take_it_back(game_id: str,
                                                                        kind: str) -> None:
    assert GAMES[game_id].steps[kind].undo is NOT_OPEN[game_id].get(kind, Undo.OPEN)


def test_a_game_whose_clock_verdict_anyone_may_send_does_not_load() -> None:
    romme = GAMES["romme"]
    steps = {**romme.steps, TIMEOUT: replace(romme.steps[TIMEOUT], by=Sender.ANYONE)}
    with pytest.raises(ValueError, match=TIMEOUT):
        replace(romme, rules=Rules("romme", steps))


def test_a_game_that_leaves_a_step_to_the_box_alone_does_not_load() -> None:
    romme = GAMES["romme"]
    steps = {**romme.steps, "draw": replace(romme.steps["draw"], by=Sender.SERVER, role=None)}
    with pytest.raises(ValueError, match=TIMEOUT):
        replace(romme, rules=Rules("romme", steps))


def test_a_game_with_a_clock_must_say_how_undo_spends_its_time() -> None:
    with pytest.raises(ValueError, match="timer"):
        replace(GAMES["romme"], spend=nothing_to_spend)


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Play]:
    game = Play(tmp_path / "getaway.sqlite")
    yield game
    game.stop()


def test_the_duty_roll_that_ends_the_game_with_typed_dice_is_final(play: Play) -> None:
    """Level 2, the table's own die typed in: a duty roll may be undone (a typo) until the
    one that leaves A with the catcher alone, which ends the game and shows both catchers."""
    play.start(level=2, dice="table")
    play.send("start_roll", starter=A)
    play.chance.deal(4, 1, pool=list(range(1, 7)))
    play.send("deal")
    play.turns(4)
    play.send("safe", A)
    play.send("end_turn", A)
    for gendarme in (1, 2, 3, 5):
        play.send("end_turn", B)
        play.send("roll", A, value=1)
        play.send("remove", A, gendarme=gendarme)
        play.send("end_turn", A)
    play.send("end_turn", B)
    play.send("roll", A, value=6)
    play.send("table.undo", A)                                  # a typo: taken back
    play.send("roll", A, value=5)
    assert play.state()["result"] == {"winner": B, "reason": "depletion"}
    for by in (A, B, None):
        play.refused("error.undo_over", "table.undo", by)
    assert [player["catcher"] for player in play.state()["players"]] == [4, 1]


def test_ending_an_open_ended_romme_game_is_final(play: Play) -> None:
    play.send("table.new_game", game="romme", seats=2,
              options={"rounds": 0, "first_player": 0})
    play.send("resume")
    play.send("romme", 0)                                      # out on the first turn
    play.send("confirm_scores")
    play.send("table.undo")                                     # the scores taken back
    play.send("confirm_scores")
    play.send("finish")
    assert play.table.published.public["state"]["phase"] == "over"
    play.refused("error.undo_over", "table.undo")
