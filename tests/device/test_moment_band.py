"""A game's big moment on the box's screen: a readable band over the game's screen for a few
seconds (a new moment starts it anew), clear of TURN's job, played with the box's buttons on
mock pins and drawn by the box's real painters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.device.painters.moment_band import BAND_S
from companion.device.painters.palette import BACKGROUND, TEXT
from companion.device.screen import Screen
from companion.games.base import Button
from tests.device.frames import SIZE, drawn_frame
from tests.device.presses import Counting


@pytest.fixture
def hands(tmp_path: Path, offscreen: None) -> Iterator[Counting]:
    counting = Counting(tmp_path / "getaway.sqlite")
    yield counting
    counting.close()


def round_one_over(hands: Counting) -> None:
    """Rommé for two over two rounds: a player goes out, the other's tiles are counted, the
    scores made final; round two, Ben to start, waits for TURN."""
    hands.send("table.new_game", game="romme", seats=2, options={"rounds": 2})
    hands.send("table.rename", None, seat=1, name="Ben")
    hands.send("resume")
    hands.send("draw", hands.state()["turn"])
    hands.send("draw", hands.state()["turn"])
    hands.send("romme", hands.state()["turn"])
    hands.send("score", None, seat=hands.state()["scoring"]["missing"][0], tiles=[5])
    hands.send("confirm_scores")


def top_colour(screen: Screen, hands: Counting, now: float) -> tuple[int, int, int]:
    """The colour at the top left of the screen drawn at ``now``."""
    surface = pygame.Surface(SIZE)
    screen.render(surface, hands.table.published, hands.box.cursor, None, now)
    return tuple(surface.get_at((2, 2)))[:3]  # type: ignore[return-value]


def test_the_scores_made_final_stand_in_a_band_until_turn_starts_the_round(
        hands: Counting) -> None:
    round_one_over(hands)
    _, lines, bands = drawn_frame(hands.table.games, hands.table.published, hands.box.cursor)
    assert [band.words for band in bands] == ["Punkte stehen fest. Runde 2: Ben beginnt"]
    assert bands[0].turn and bands[0].rect.collidelist(list(bands[0].turn)) < 0
    assert "Los" in [line.words for line in lines if line.role == "body"]  # TURN's job
    hands.tap(Button.TURN)                                  # round two runs: the moment ends
    assert hands.state()["phase"] == "turn"
    _, _, bands = drawn_frame(hands.table.games, hands.table.published, hands.box.cursor)
    assert bands == []


def test_the_band_goes_after_a_few_seconds_and_the_screen_says_when(hands: Counting) -> None:
    round_one_over(hands)
    screen = Screen(SIZE, hands.table.games)
    shown, start = hands.table.published, hands.clock()
    assert top_colour(screen, hands, start) == TEXT
    assert screen.changes_in(shown, start) == pytest.approx(BAND_S)
    assert not screen.needs_redraw(shown, hands.box.cursor, start + BAND_S - 0.1)
    assert screen.needs_redraw(shown, hands.box.cursor, start + BAND_S)
    assert top_colour(screen, hands, start + BAND_S) == BACKGROUND
    assert top_colour(screen, hands, start + 2 * BAND_S) == BACKGROUND  # not again
    assert screen.changes_in(shown, start + BAND_S) is None


def test_the_band_speaks_the_table_s_language(hands: Counting) -> None:
    round_one_over(hands)
    hands.send("table.language", None, language="en")
    _, _, bands = drawn_frame(hands.table.games, hands.table.published, hands.box.cursor)
    assert [band.words for band in bands] == ["Scores final. Round 2: Ben starts"]
