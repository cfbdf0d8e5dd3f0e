"""The evening's players across games of any size: a 2-seat game seats the first two places
and the others sit it out (their phones watch); the next 4-seat game seats them again in their
places, with their names, colours and phones. Undo and a replay of the log keep it exact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games.base import Action
from companion.table.colours import seat_colour
from companion.table.owner import Table
from companion.table.published import token_hash
from tests.clock import FakeClock
from tests.tables import open_table

NAMES = ["Anna", "Ben", "Cleo", "Dora"]


def new_game(table: Table, game: str, seats: int) -> None:
    options = {"first_player": seats - 1} if game == "romme" else {}
    table.submit(Action("table.new_game", None, {"game": game, "seats": seats,
                                                 "options": options}))


def places(view: dict[str, Any], part: str) -> list[tuple[int, str, str, bool]]:
    return [(s["seat"], s["name"], s["colour"], s["taken"]) for s in view[part]]


def evening(table: Table) -> None:
    """Four phones sit down for Rommé; Cleo renames herself; then Räuber und Gendarm for two."""
    new_game(table, "romme", 4)
    for seat, name in enumerate(NAMES):
        table.submit(Action("table.claim", None, {"seat": seat, "name": name.lower(),
                                                  "token_hash": token_hash(f"phone{seat}")}))
        table.submit(Action("table.rename", seat, {"seat": seat, "name": name}))
    table.submit(Action("table.end_game"))
    new_game(table, "gendarm", 2)


def test_a_smaller_game_makes_the_others_watchers_in_their_places(tmp_path: Path) -> None:
    table = open_table(tmp_path / "log.sqlite")
    evening(table)
    public = table.published.public
    assert places(public, "seats") == [(0, "Anna", seat_colour(0), True),
                                       (1, "Ben", seat_colour(1), True)]
    assert places(public, "benched") == [(2, "Cleo", seat_colour(2), True),
                                         (3, "Dora", seat_colour(3), True)]
    assert [table.seat_for_token(f"phone{seat}") for seat in range(4)] == [0, 1, None, None]
    assert sorted(table.published.private) == [0, 1], "the watchers' phones get the public view"
    table.stop()


def test_the_next_bigger_game_seats_them_again_with_names_colours_and_phones(
        tmp_path: Path) -> None:
    clock = FakeClock()
    table = open_table(tmp_path / "log.sqlite", clock)
    evening(table)
    table.submit(Action("start_roll", 0))
    table.submit(Action("table.end_game"))
    lobby = table.published.public
    assert [s["name"] for s in lobby["seats"]] == NAMES and lobby["benched"] == []
    new_game(table, "romme", 4)
    public = table.published.public
    assert places(public, "seats") == [(seat, name, seat_colour(seat), True)
                                       for seat, name in enumerate(NAMES)]
    assert public["benched"] == []
    assert [table.seat_for_token(f"phone{seat}") for seat in range(4)] == [0, 1, 2, 3]
    assert table.published.private[3]["me"] == 3
    assert table.published.private[3]["state"]["actions"] == ["resume"]
    table.submit(Action("resume", 3))  # Dora's phone acts again, as her seat's
    table.submit(Action("table.undo"))
    seated = table.published.public["seats"]
    table.stop()

    replayed = open_table(tmp_path / "log.sqlite", clock)
    assert replayed.published.public["seats"] == seated
    assert [replayed.seat_for_token(f"phone{seat}") for seat in range(4)] == [0, 1, 2, 3]
    replayed.stop()


def test_a_watcher_who_takes_a_free_seat_leaves_no_place_behind(tmp_path: Path) -> None:
    table = open_table(tmp_path / "log.sqlite")
    evening(table)
    table.submit(Action("table.end_game"))
    new_game(table, "gendarm", 2)
    table.submit(Action("table.release", 1, {"seat": 1}))
    table.submit(Action("table.claim", None, {"seat": 1, "name": "Dora",
                                              "token_hash": token_hash("phone3")}))
    public = table.published.public
    assert places(public, "seats")[1] == (1, "Dora", seat_colour(1), True)
    assert places(public, "benched") == [(2, "Cleo", seat_colour(2), True)]
    assert table.seat_for_token("phone3") == 1
    table.stop()


def test_a_replay_of_a_smaller_game_keeps_who_sits_out(tmp_path: Path) -> None:
    table = open_table(tmp_path / "log.sqlite")
    evening(table)
    before = table.published.public
    table.stop()
    replayed = open_table(tmp_path / "log.sqlite")
    after = replayed.published.public
    assert (after["seats"], after["benched"]) == (before["seats"], before["benched"])
    replayed.stop()
