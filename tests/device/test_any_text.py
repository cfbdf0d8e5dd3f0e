"""No text ends the box: every game's screens drawn with names no font can draw (a NUL, half
a surrogate pair, 2 000 characters, direction marks), and a painter that fails leaves a
plain screen and a box that plays on."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.device.display import run_display
from companion.device.painters.palette import BACKGROUND
from companion.device.painters.parts import Fonts, drawable, fit, write
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action, Controls, MenuItem
from companion.table.published import Published
from tests.device.test_display import SIZE, Feed, Frames, Panel, link, running_turn
from tests.device.test_screen import colours
from tests.device.walk import walk

pytestmark = pytest.mark.usefixtures("offscreen")

HOSTILE = ("a\u0000b", "x\ud800y\udfff", "W" * 2000, "\u202eanna\u200f", "\u200f",
           "tab\tline\nend\u0085")
STEPS = 12


def hostile(shown: Published) -> Published:
    """``shown`` with every seat named by a name no font draws as it is, and an ask for a
    seat under such a name on the box's menu."""
    public = dict(shown.public)
    public["seats"] = [{**seat, "name": HOSTILE[n % len(HOSTILE)]}
                       for n, seat in enumerate(public.get("seats") or [])]
    ask = MenuItem("box.grant", Action("table.grant", None, {"seat": 0}),
                   {"name": HOSTILE[0], "seat": 1})
    controls = Controls(menu=[ask, *shown.controls.menu], keys=shown.controls.keys)
    return replace(shown, public=public, controls=controls)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_draws_names_no_font_can_draw(tmp_path: Path, game_id: str) -> None:
    screen = Screen(SIZE, GAMES)
    surface = pygame.Surface(SIZE)
    for shown in walk(tmp_path / "walk.sqlite", game_id, GAMES[game_id].min_seats,
                      steps=STEPS):
        for cursor in (0, 1):
            screen.render(surface, hostile(shown), cursor, "http://10.0.0.2:8000/j/KM7RX",
                          shown.as_of)


@pytest.mark.parametrize("line", HOSTILE)
def test_write_draws_any_text_and_keeps_to_its_width(line: str) -> None:
    surface = pygame.Surface(SIZE)
    font = Fonts.for_height(SIZE[1]).body
    drawn = write(surface, font, line, (255, 255, 255), (0, 0), width=SIZE[0])
    assert drawn.width <= SIZE[0]
    assert write(surface, font, line, (255, 255, 255), (0, 0)).width > 0


def test_what_no_font_draws_is_replaced_and_a_line_break_is_a_space() -> None:
    assert drawable("a\u0000b\ud800c\nd\u202ee") == "a\ufffdb\ufffdc d\u202ee"
    assert drawable("Zoë 👩\u200d👧") == "Zoë 👩\u200d👧"


def test_a_long_line_is_cut_where_it_still_fits() -> None:
    font = Fonts.for_height(SIZE[1]).body
    cut = fit(font, "W" * 2000, 300)
    assert cut.endswith("…") and font.size(cut)[0] <= 300 < font.size("W" + cut)[0]


class Broken:
    """A painter that fails as a font does on a NUL."""

    def draw(self, *args: Any) -> None:
        raise ValueError("A null character was found in the text")


def two_versions(caplog: pytest.LogCaptureFixture) -> Frames:
    """A running turn, then the same turn with undo: the frames the display drew of them."""
    feed = Feed(running_turn())
    shown = running_turn()
    undoable = replace(shown, version=6, public={**shown.public, "version": 6, "undo": True})
    frames = Frames(lambda frame: feed.publish(undoable), lambda frame: None)
    with caplog.at_level(logging.ERROR, logger="companion.device.display"):
        run_display(feed, Panel(), link, window=False, size=SIZE, stop=frames.stop,
                    on_frame=frames, watchdog=frames.watchdog)
    return frames


def test_a_failing_painter_leaves_a_plain_screen_and_the_box_plays_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr("companion.device.screen.painter_for", lambda game: Broken())
    frames = two_versions(caplog)
    assert len(frames.frames) == 2, "the loop went on after the painter failed"
    assert [r.message for r in caplog.records] == [
        "the screen could not be drawn; a plain one stands in"]
    said = colours(frames.frames[-1], pygame.Rect(0, 0, *SIZE))
    assert said[BACKGROUND] > 0 and len(said) > 2, "the plain screen says something"


def test_a_screen_that_cannot_tell_what_changed_is_drawn_and_the_box_plays_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def cannot_tell(*args: Any) -> bool:
        raise ValueError("views that cannot be compared")
    monkeypatch.setattr("companion.device.screen.Screen.needs_redraw", cannot_tell)
    frames = two_versions(caplog)
    assert len(frames.frames) == 2, "the loop went on and drew the new version"
    assert "the screen could not tell what changed; it is drawn again" in [
        r.message for r in caplog.records]
