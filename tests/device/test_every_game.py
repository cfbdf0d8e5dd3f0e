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
