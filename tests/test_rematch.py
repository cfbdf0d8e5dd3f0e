"""A rematch: one tap after a game over, the same players with the same options; and the
table page starts a new game from the options it was last played with."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import Action, IllegalAction
from companion.table.owner import Table
from companion.table.published import token_hash
from tests import tables
from tests.clock import FakeClock

OPTIONS = {"rounds": 1, "turn_seconds": 30, "first_player": "random"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "getaway.sqlite"


@pytest.fixture
def table(db: Path) -> Iterator[Table]:
    table = tables.open_table(db, FakeClock())
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 3,
                                                  "options": OPTIONS}))
    for seat, name in enumerate(("Anna", "Ben", "Cara")):
        table.submit(Action("table.claim", None, {"seat": seat, "name": name,
                                                  "token_hash": token_hash(f"phone-{seat}")}))
    yield table
    table.stop()


def play_one_round(table: Table) -> None:
    table.submit(Action("resume"))
    table.submit(Action("romme"))
    for seat in table.published.public["state"]["scoring"]["missing"]:
        table.submit(Action("score", seat, {"seat": seat, "tiles": [3]}))
    table.submit(Action("confirm_scores"))


def test_a_rematch_waits_for_the_game_over(table: Table) -> None:
    with pytest.raises(IllegalAction) as refused:
        table.submit(Action("table.rematch", 1))
    assert refused.value.key == "error.rematch_not_over"
    assert table.published.public["state"]["phase"] == "ready"


def test_a_phone_starts_the_rematch_for_the_same_players_and_options(table: Table,
                                                                     db: Path) -> None:
    play_one_round(table)
    assert table.published.public["state"]["phase"] == "over"
    assert table.published.controls.menu[-1].key == "box.rematch"  # on the box's menu, too
    table.submit(Action("table.rematch", 2))
    view = table.published.public
    assert (view["game"], view["state"]["phase"], view["state"]["round"]) == ("romme", "ready", 1)
    assert [seat["name"] for seat in view["seats"]] == ["Anna", "Ben", "Cara"]
    assert view["timer"]["limit_ms"] == 30_000
    assert table.seat_for_token("phone-2") == 2              # every phone keeps its seat
    assert [game["finished"] for game in table.history()] == [True]
    first = view["state"]["turn"]
    table.stop()
    again = tables.open_table(db, FakeClock(), seed=999)     # the draw is in the log
    assert again.published.public["state"]["turn"] == first
    assert again.published.public["state"]["phase"] == "ready"
    again.stop()


def test_the_lobby_remembers_the_last_setup(table: Table) -> None:
    table.submit(Action("table.end_game"))
    defaults = {option.name: option.default for option in table.games["romme"].options}
    assert table.published.public["last_setup"] == {"game": "romme", "seats": 3,
                                                    "options": {**defaults, **OPTIONS}}
