"""What a frame costs the box: the next frame of the same words renders no line again, and
the same pixels come out as when every line is rendered anew."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from companion.device.painters import parts
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action
from companion.table.published import Published
from tests.tables import open_table

JOIN = "http://10.0.0.2:8080/j/ABCDE"


def played(tmp_path: Path) -> list[Published]:
    """A Rommé turn resumed and paused: what the box's screen is given after each."""
    table = open_table(tmp_path / "log.sqlite", chance=random.Random(1))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 6,
                                                 "options": {"first_player": 0}}))
    shown = []
    for kind in ("resume", "pause"):
        table.submit(Action(kind))
        shown.append(table.published)
    table.stop()
    return shown


@pytest.mark.usefixtures("offscreen")
def test_the_next_frame_of_the_same_words_renders_no_line_again(tmp_path: Path) -> None:
    resumed, paused = played(tmp_path)
    screen, surface = Screen((480, 320), GAMES), pygame.Surface((480, 320))
    for published in (resumed, paused):  # each screen's lines once
        screen.render(surface, published, 0, JOIN, published.as_of)
    first = pygame.image.tobytes(surface, "RGB")
    rendered = parts._rendered.cache_info().misses
    for published in (resumed, paused):
        screen.render(surface, published, 0, JOIN, published.as_of)
    assert parts._rendered.cache_info().misses == rendered
    assert pygame.image.tobytes(surface, "RGB") == first
    parts._rendered.cache_clear()  # every line rendered anew: the same pixels
    screen.render(surface, paused, 0, JOIN, paused.as_of)
    assert parts._rendered.cache_info().misses > 0
    assert pygame.image.tobytes(surface, "RGB") == first
