"""A first game on the box: the first time a step comes, the box explains it on its screen for
a few seconds, page by page, then shows its normal screen again; no one opens the guide."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion.device import display
from companion.device.box import Box, Briefing
from companion.device.display import BRIEFING_PAGE_S, run_display
from companion.device.painters.guide import briefing_pages
from companion.device.painters.parts import Fonts
from companion.games.base import Action
from companion.i18n import text
from companion.table.owner import Table
from tests.clock import FakeClock
from tests.device.test_display import SIZE, Feed, Frames, Panel, link

GENDARM: dict[str, Any] = {"game": "gendarm", "seats": 2,
                           "options": {"dice": "table", "catchers": "chips"}}


def test_the_box_briefs_each_step_of_a_first_game_as_it_comes(table: Table, box: Box,
                                                              clock: FakeClock) -> None:
    assert [box.briefing] == [None]
    table.submit(Action("table.new_game", None, GENDARM))
    box.settled()
    assert box.briefing == Briefing("gendarm.guide.step.start", "gendarm.guide.ref.start",
                                    clock())
    clock.advance(30)
    table.submit(Action("table.guide", None, {"tick": "board"}))
    box.settled()
    assert box.briefing is not None and box.briefing.since == clock() - 30, "the same step"
    table.submit(Action("start_roll", None, {"starter": 0}))
    box.settled()
    assert box.briefing == Briefing("gendarm.guide.step.catcher", "gendarm.guide.ref.catcher",
                                    clock())
    clock.advance(30)
    table.submit(Action("table.guide", None, {"first_game": False}))
    table.submit(Action("catcher", 0, {"number": 2}))
    table.submit(Action("catcher", 1, {"number": 4}))
    box.settled()
    assert box.briefing is not None and box.briefing.explain.endswith("catcher"), \
        "out of first-game mode nothing is briefed"


@pytest.mark.usefixtures("offscreen")
def test_the_screen_shows_the_briefing_page_by_page_then_the_game(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    table.submit(Action("table.new_game", None, {**GENDARM, "options": {}}))
    table.submit(Action("table.language", None, {"language": "en"}))
    explanation = text("gendarm.guide.step.move", "en")
    pages = briefing_pages(SIZE, Fonts.for_height(SIZE[1]), explanation)
    assert len(pages) > 1, "the explanation takes more than one readable page"
    drawn: list[tuple[str, str, str] | None] = []

    def briefing(surface: pygame.Surface, fonts: Fonts, heading: str, page: str,
                 ref: str) -> None:
        drawn[-1] = (heading, page, ref)

    monkeypatch.setattr(display, "draw_briefing", briefing)
    panel = Panel()
    panel.briefing = Briefing("gendarm.guide.step.move", "gendarm.guide.ref.move", clock())

    def next_page(frame: pygame.Surface) -> None:
        clock.advance(BRIEFING_PAGE_S)
        drawn.append(None)

    drawn.append(None)
    frames = Frames(*[next_page] * (len(pages) + 1))
    run_display(Feed(table.published), panel, link, window=False, size=SIZE, stop=frames.stop,
                on_frame=frames, clock=clock, watchdog=frames.watchdog)
    ref = text("gendarm.guide.ref.move", "en")
    assert drawn[:len(pages)] == [
        (f"Explained the first time ({at + 1}/{len(pages)})", page, ref)
        for at, page in enumerate(pages)]
    assert drawn[len(pages)] is None, "then the game's own screen"
    assert " ".join(pages) == " ".join(explanation.split())
