"""What the box says where it said it wrongly or unreadably: the Rommé round a player is left
alone in, its score rows, and the question before a step that ends a game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.device.screen import menu_labels
from companion.games.base import Button
from tests.device.frames import drawn_lines
from tests.device.presses import Counting


@pytest.fixture
def hands(tmp_path: Path, offscreen: None) -> Iterator[Counting]:
    counting = Counting(tmp_path / "getaway.sqlite")
    yield counting
    counting.close()


def said(hands: Counting) -> list[str]:
    """Every line the box's screen shows now."""
    _, lines = drawn_lines(hands.table.games, hands.table.published, hands.box.cursor)
    return [line.words for line in lines]


def run_out(hands: Counting) -> None:
    """The turn's clock runs out, and the TIME'S UP screen's settle time after it."""
    for _ in range(2):
        hands.clock.advance(hands.table.published.public["timer"]["remaining_ms"] / 1000 + 0.1)
        hands.settle()
        if hands.state()["phase"] != "settle":
            break


def test_romme_round_left_to_one_player_says_so(hands: Counting) -> None:
    hands.send("table.new_game", game="romme", seats=2, options={"after_overrun": "at_once"})
    hands.send("resume")
    for _ in range(3):                      # seat 1 runs over twice in a row and leaves
        run_out(hands)
    assert hands.state()["phase"] == "scoring"
    assert "Allein übrig: Platz 2" in said(hands)
    assert "Keiner kann mehr legen" not in said(hands)


def test_romme_score_rows_read_place_name_and_points(hands: Counting) -> None:
    hands.send("table.new_game", game="romme", seats=3)
    hands.send("table.rename", None, seat=0, name="Ben")
    hands.send("resume")
    for _ in range(3):
        hands.send("draw", hands.state()["turn"])
    winner = hands.state()["turn"]
    hands.send("romme", winner)
    for seat in hands.state()["scoring"]["missing"]:
        hands.send("score", None, seat=seat, tiles=[1] * (seat + 1))
    hands.send("confirm_scores")
    lines = said(hands)
    assert {"R1", "1. Ben", "2. Spieler 2", "3. Spieler 3"} <= set(lines), lines
    assert not any(line.startswith("Platz") for line in lines[1:9]), "only the headline"


def test_romme_finish_is_asked_again_before_it_ends_the_game(hands: Counting) -> None:
    hands.send("table.new_game", game="romme", seats=2)
    hands.send("resume")
    for _ in range(2):
        hands.send("draw", hands.state()["turn"])
    hands.send("romme", hands.state()["turn"])
    hands.send("score", None, seat=hands.state()["scoring"]["missing"][0], tiles=[5])
    hands.send("confirm_scores")
    hands.take(lambda item: item.key == "romme.menu.finish")
    shown = hands.table.published
    assert shown.public["state"]["phase"] == "ready" and hands.box.cursor == 0
    assert menu_labels(shown.controls, shown.public, "de")[:2] == (
        "Spielende? Nein", "Ja, beenden")
    hands.tap(Button.RIGHT)
    hands.tap(Button.OK)
    assert hands.state()["phase"] == "over"


def test_romme_start_says_what_turn_does_in_words_once(hands: Counting) -> None:
    hands.send("table.new_game", game="romme", seats=2)
    for lang, press in (("de", "TURN Uhr starten"), ("en", "TURN start the clock")):
        hands.send("table.language", language=lang)
        lines = said(hands)
        assert " ".join(lines[lines.index("TURN"):][:2]) == press, lines
        assert not [line for line in lines if "halten" in line or "hold" in line], \
            "holding TURN does what pressing does: nothing more to say"


def test_romme_scoring_on_the_box_alone_offers_its_end_first(hands: Counting) -> None:
    hands.send("table.new_game", game="romme", seats=3)
    hands.send("resume")
    for _ in range(3):
        hands.send("draw", hands.state()["turn"])
    hands.send("romme", hands.state()["turn"])
    for seat in list(hands.state()["scoring"]["missing"]):
        hands.send("score", None, seat=seat)          # the box's focus on the seat
        hands.take(lambda item: item.params.get("change") == "+5")
    assert hands.state()["scoring"]["missing"] == []
    menu = hands.table.published.controls.menu
    assert menu[0].key == "romme.menu.confirm", [item.key for item in menu]
