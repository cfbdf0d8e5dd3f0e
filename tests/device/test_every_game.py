"""What holds on every screen of every game in the registry, played from the box alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import GAMES
from tests.device.walk import WAY_OUT, seat_counts, walk


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_always_offers_the_box_a_way_back_to_the_games(tmp_path: Path,
                                                                   game_id: str) -> None:
    for seats in seat_counts(GAMES[game_id]):
        for shown in walk(tmp_path / f"{seats}.sqlite", game_id, seats):
            menu = shown.controls.menu
            assert any(item.action.type in WAY_OUT for item in menu), shown.public["state"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_plays_on_from_the_box_alone(tmp_path: Path, game_id: str) -> None:
    """No screen leaves a group without phones stuck: the box always offers a step on (or
    the clock runs), until the game is over."""
    game = GAMES[game_id]
    for seats in seat_counts(game):
        for seed in (1, 2):
            for shown in walk(tmp_path / f"{seats}-{seed}.sqlite", game_id, seats, seed=seed):
                actions = [*(i.action for i in shown.controls.menu),
                           *shown.controls.keys.values()]
                on = [a for a in actions if a.type not in {*WAY_OUT, "table.undo"}]
                timer = shown.public.get("timer")
                assert on or (timer and timer["running"]) or shown.public["outcome"], (
                    shown.public["state"])
