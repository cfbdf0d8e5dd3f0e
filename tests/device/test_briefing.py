"""A first game on the box: the first time a step comes, the box explains it on its screen for
a few seconds, page by page, then shows its normal screen again; no one opens the guide."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pygame
import pytest

from companion.device import display
from companion.device.box import BRIEFING_PAGE_S, MOMENT_S, Box, Briefing
from companion.device.display import run_display
from companion.device.painters.guide import briefing_pages, draw_briefing
from companion.device.painters.parts import READABLE_CAP_PX, Fonts, countdown_text
from companion.device.pins import PinMap
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action, Button
from companion.i18n import LANGUAGES, text
from companion.table.owner import Table
from tests.clock import FakeClock
from tests.device.frames import Written, drawn_lines, recording_fonts
from tests.device.recording import RecordingFactory, press
from tests.device.test_display import ARTIFACTS, SIZE, Feed, Frames, Panel, link
from tests.tables import open_table

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


def test_the_buttons_turn_or_close_an_explanation_and_do_nothing_beneath_it(
        table: Table, box: Box, clock: FakeClock, pins: RecordingFactory,
        pin_map: PinMap) -> None:
    """While a step explained for the first time covers the screen, OK and RIGHT turn its
    page (past the last, the screen beneath shows), LEFT turns back, BACK closes it: the
    game's menu hidden beneath never gets an OK nobody saw. TURN keeps its job."""
    def tap(button: Button) -> None:
        box.settled()
        press(pins, pin_map.buttons[button])
        table.poke()
        box.settled()

    table.submit(Action("table.new_game", None, GENDARM))
    box.settled()
    briefing = box.briefing
    assert briefing is not None and briefing.since == clock()
    box.paged(briefing.explain, 2)  # as the screen wraps it
    version = table.published.version
    tap(Button.OK)
    assert box.briefing is not None and box.briefing.since == clock() - BRIEFING_PAGE_S
    tap(Button.LEFT)
    assert box.briefing is not None and box.briefing.since == clock()
    tap(Button.OK)
    tap(Button.OK)  # past the last page: the screen beneath shows
    assert box.briefing is not None and box.briefing.since == clock() - 2 * BRIEFING_PAGE_S
    assert table.published.version == version, "no step was sent beneath the explanation"
    tap(Button.OK)  # now the menu's highlighted item is taken, as the screen shows it
    assert table.published.version > version


def test_turn_does_its_job_beneath_an_explanation(table: Table, box: Box, clock: FakeClock,
                                                  pins: RecordingFactory,
                                                  pin_map: PinMap) -> None:
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2,
                                                 "options": {"first_player": 0}}))
    box.settled()
    briefing = box.briefing
    assert briefing is not None and briefing.since == clock()
    box.paged(briefing.explain, 2)
    press(pins, pin_map.buttons[Button.TURN])
    table.poke()
    box.settled()
    assert table.published.public["timer"]["running"], "the big button started the clock"


def test_back_closes_an_explanation(table: Table, box: Box, clock: FakeClock,
                                    pins: RecordingFactory, pin_map: PinMap) -> None:
    table.submit(Action("table.new_game", None, GENDARM))
    box.settled()
    briefing = box.briefing
    assert briefing is not None
    box.paged(briefing.explain, 3)
    press(pins, pin_map.buttons[Button.BACK])
    box.settled()
    assert box.briefing is not None and box.briefing.since == clock() - 3 * BRIEFING_PAGE_S


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
                 ref: str, keys: str) -> None:
        drawn[-1] = (heading, page, ref)
        assert keys == "OK: next · BACK: close", "what the buttons do on the page is said"

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
    assert panel.pages == {"gendarm.guide.step.move": len(pages)}, "the box's buttons know"


def test_the_screen_wraps_a_briefing_into_pages_once_however_often_it_looks(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop looks at the briefing on every pass: its pages are wrapped for each
    explanation once, not on every pass."""
    table.submit(Action("table.new_game", None, {**GENDARM, "options": {}}))
    wrapped: list[str] = []

    def counted(size: tuple[int, int], fonts: Fonts, explanation: str) -> list[str]:
        wrapped.append(explanation)
        return briefing_pages(size, fonts, explanation)

    monkeypatch.setattr(display, "briefing_pages", counted)
    panel = Panel()
    panel.briefing = Briefing("gendarm.guide.step.move", "gendarm.guide.ref.move", clock())
    frames = Frames(*[lambda _: clock.advance(BRIEFING_PAGE_S / 4)] * 3)
    run_display(Feed(table.published), panel, link, window=False, size=SIZE, stop=frames.stop,
                on_frame=frames, clock=clock, watchdog=frames.watchdog)
    assert wrapped == [text("gendarm.guide.step.move", table.published.public["language"])]


@pytest.mark.usefixtures("offscreen")
def test_the_game_is_not_drawn_beneath_a_briefing_that_covers_the_screen(
        table: Table, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A briefing's page covers the whole screen: the game's screen is not drawn beneath it
    (nor again while the page stays), and comes back when the briefing is over."""
    table.submit(Action("table.new_game", None, {**GENDARM, "options": {}}))
    table.submit(Action("table.language", None, {"language": "en"}))
    pages = briefing_pages(SIZE, Fonts.for_height(SIZE[1]),
                           text("gendarm.guide.step.move", "en"))
    page = pygame.Surface(SIZE)
    draw_briefing(page, Fonts.for_height(SIZE[1]), f"Explained the first time (1/{len(pages)})",
                  pages[0], text("gendarm.guide.ref.move", "en"), text("screen.guide.keys", "en"))
    alone = pygame.image.tobytes(page, "RGB")
    rendered: list[float] = []
    render = Screen.render

    def counted(screen: Screen, *args: Any, **settings: Any) -> None:
        rendered.append(clock())
        render(screen, *args, **settings)

    monkeypatch.setattr(Screen, "render", counted)
    panel, since = Panel(), clock()
    panel.briefing = Briefing("gendarm.guide.step.move", "gendarm.guide.ref.move", since)
    frames = Frames(*[lambda _: clock.advance(BRIEFING_PAGE_S)] * (len(pages) + 1))
    run_display(Feed(table.published), panel, link, window=False, size=SIZE, stop=frames.stop,
                on_frame=frames, clock=clock, watchdog=frames.watchdog)
    assert len(frames.frames) == len(pages) + 1
    assert rendered == [since + len(pages) * BRIEFING_PAGE_S], \
        "only the game's own screen after the last page"
    assert pygame.image.tobytes(frames.frames[0], "RGB") == alone, "the briefing, and it alone"


COUNTDOWN = re.compile(r"\d+(:\d\d|\.\d)?")
"""A countdown's figure as the box draws it: 0:15, 7, 4.9."""
BRIEFED = "(a step explained over the screen)"
GALLERY = Path(os.environ.get("GETAWAY_GALLERY") or ARTIFACTS.parent / "gallery")
"""Where the box's first-game pictures go beside the phones' (docs/screens/ for the gallery)."""
FIRST_GAMES: dict[str, dict[str, Any]] = {
    "romme": {"seats": 2, "options": {"first_player": 0}}, "gendarm": GENDARM,
    "robnrun": {"seats": 3, "options": {"boss": 0}},
    "safehouse": {"seats": 2, "options": {"first_player": 0}},
}


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize("game", FIRST_GAMES)
def test_the_box_shows_a_first_game_readably(tmp_path: Path, game: str) -> None:
    table = open_table(tmp_path / "box.sqlite")
    try:
        table.submit(Action("table.new_game", None, {"game": game, **FIRST_GAMES[game]}))
        table.submit(Action("table.guide", None, {"show": True}))
        for lang in LANGUAGES:
            table.submit(Action("table.language", None, {"language": lang}))
            published = table.published
            surface, lines = drawn_lines(GAMES, published)
            assert all(line.cap_px >= READABLE_CAP_PX for line in lines if line.role != "hint")
            shoot(surface, f"{game}-first-game-box-setup-{lang}")
            guide, fonts = published.public["guide"], Fonts.for_height(SIZE[1])
            pages = briefing_pages(SIZE, fonts, text(guide["explain"], lang))
            heading = text("screen.guide.first_step", lang, shown=1, total=len(pages))
            draw_briefing(surface, fonts, heading, pages[0], text(guide["ref"], lang),
                          text("screen.guide.keys", lang))
            shoot(surface, f"{game}-first-game-box-briefing-{lang}")
    finally:
        table.stop()


def shoot(surface: pygame.Surface, picture: str) -> None:
    """Keep ``surface`` in the gallery."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(GALLERY / f"{picture}.jpg"))


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize("seconds", [15, 50])
def test_a_running_clock_stays_readable_in_a_first_game(
        table: Table, box: Box, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
        seconds: int) -> None:
    """The box's screen is the table's clock: in a first game every frame drawn while a turn's
    or a settle's countdown runs shows it readably, no explanation over it; a pause shows the
    step's explanation."""
    table.submit(Action("table.new_game", None, {
        "game": "romme", "seats": 2, "options": {"first_player": 0, "turn_seconds": seconds}}))
    box.settled()
    log: list[Written] = []
    seen: list[tuple[str, list[Written]]] = []

    def briefing(surface: pygame.Surface, fonts: Fonts, heading: str, page: str,
                 ref: str, keys: str) -> None:
        draw_briefing(surface, fonts, heading, page, ref, keys)
        log.append(Written(BRIEFED, "briefing", 0))

    monkeypatch.setattr(display, "draw_briefing", briefing)

    def press(button: Button) -> Callable[[], None]:
        def step() -> None:
            table.submit(table.published.controls.keys[button])
            box.settled()
        return step

    def run_out() -> None:
        clock.advance(seconds + 0.1)
        table.poke()
        box.settled()
        clock.advance(MOMENT_S)  # the time's-up moment has had its seconds

    def look(frame: pygame.Surface, then: Callable[[], None] = lambda: None) -> None:
        left = table.published.remaining_ms(clock())
        running = table.published.public["timer"]["running"] and box.moment is None
        what = countdown_text(left) if running and left is not None else ""
        seen.append((what, log[:]))
        log.clear()
        then()

    steps = [press(Button.TURN), run_out, press(Button.TURN_LONG)]
    frames = Frames(*[partial(look, then=action) for action in steps], look)
    with patch.object(Fonts, "for_height", lambda height: recording_fonts(log)):
        run_display(table, box, link, window=False, size=SIZE, stop=frames.stop,
                    on_frame=frames, clock=clock, watchdog=frames.watchdog)
    running = [(figure, lines) for figure, lines in seen if figure]
    assert len(running) >= 2, "a first turn and its settle ran"
    for figure, lines in running:
        assert any(COUNTDOWN.fullmatch(line.words) and line.cap_px >= READABLE_CAP_PX
                   for line in lines), figure
        assert not any(line.words == BRIEFED for line in lines), figure
    assert any(line.words == BRIEFED for line in seen[-1][1]), "paused: the step explained"
