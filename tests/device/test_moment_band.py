"""A game's big moment on the box's screen: a readable band over the game's screen for a few
seconds (a new moment starts it anew), clear of TURN's job, played with the box's buttons on
mock pins and drawn by the box's real painters."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from companion.device.painters.moment_band import BAND_S
from companion.device.painters.palette import BACKGROUND, TEXT
from companion.device.painters.parts import READABLE_CAP_PX
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action, Button
from companion.i18n import LANGUAGES
from companion.table.owner import Table
from tests.device.frames import SIZE, drawn_frame
from tests.device.presses import Counting
from tests.device.test_briefing import shoot
from tests.games.gendarm_helpers import Told
from tests.tables import open_table


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
    assert "Uhr starten" in [line.words for line in lines if line.role == "body"]  # TURN's job
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


SAFE = {"tools": {"card": 2, "dynamite": 1}, "gold": 3}


def romme_out(table: Table) -> None:
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                 "options": {"first_player": 0, "rounds": 2}}))
    for kind in ("resume", "draw", "draw", "romme"):
        table.submit(Action(kind))


def romme_final(table: Table) -> None:
    romme_out(table)
    table.submit(Action("score", None, {"seat": 1, "tiles": [7, 50]}))
    table.submit(Action("confirm_scores"))


def robnrun_sorted(table: Table, cards: tuple[str, ...] = ("card", "flashlight", "acid", "bag"),
                   ) -> None:
    table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 3,
                                                 "options": {"boss": 0}}))
    for action in (Action("rob", None, {"building": "B1"}), Action("deal"),
                   Action("safes", 0, {"safes": [SAFE]}), Action("start"), Action("crew")):
        table.submit(action)
    while table.published.public["state"]["phase"] == "crew":
        table.submit(Action("play"))
    table.submit(Action("sort", 0, {"cards": list(cards)}))


def robnrun_robbery(table: Table) -> None:
    robnrun_sorted(table, ("card", "card", "dynamite", "acid"))
    while table.published.public["state"]["phase"] == "evaluation":
        table.submit(Action("next"))


def safehouse_lost(table: Table) -> None:
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2}))
    table.submit(Action("pursuer", None, {"field": 16}))


def gendarm_over(table: Table, told: Told) -> None:
    """Level 1: Anna starts and catches Ben's robber with her catcher on her first turn."""
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2,
                                                 "options": {"level": 1}}))
    told.dice(6, 2)
    told.deal(3, 5, pool=[1, 2, 3, 4, 5, 6])
    table.submit(Action("start_roll"))
    table.submit(Action("deal"))
    table.submit(Action("capture", 0, {"gendarme": 3}))


MOMENTS: dict[str, Callable[[Table, Told], None]] = {
    "romme-out": lambda table, _: romme_out(table),
    "romme-final": lambda table, _: romme_final(table),
    "robnrun-sorted": lambda table, _: robnrun_sorted(table),
    "robnrun-robbery": lambda table, _: robnrun_robbery(table),
    "safehouse-lost": lambda table, _: safehouse_lost(table),
    "gendarm-over": gendarm_over}
"""A way to each of the moments the gallery shows on the box (the dice and deals told)."""


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize("picture", MOMENTS)
def test_the_gallery_shows_the_box_s_moments(tmp_path: Path, picture: str) -> None:
    told = Told()
    table = open_table(tmp_path / "box.sqlite",
                       chance=told if picture.startswith("gendarm") else None)
    try:
        MOMENTS[picture](table, told)
        for lang in LANGUAGES:
            table.submit(Action("table.language", None, {"language": lang}))
            surface, lines, bands = drawn_frame(GAMES, table.published)
            assert len(bands) == 1
            last = lines[-1]                                # the band's, drawn over all
            assert last.words in bands[0].words and last.cap_px >= READABLE_CAP_PX
            shoot(surface, f"{picture}-box-moment-{lang}")
    finally:
        table.stop()
