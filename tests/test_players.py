"""Players who come back: a seat's name an earlier player went by is asked about on the table
page, linked to them or told apart as a new player by a table step that replays the same;
records, export, merge and forget go by the player's id; a game's record keeps the names it
was played under."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import Action, IllegalAction, InvalidAction
from companion.table import export, players
from companion.table.colours import SEAT_COLOURS
from companion.table.owner import Table
from companion.table.records import records
from companion.table.store import Store


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "getaway.sqlite"


@pytest.fixture
def table(database: Path) -> Iterator[Table]:
    table = Table(Store(database), GAMES)
    table.start()
    yield table
    table.stop()


def romme(table: Table, *names: str, seats: int = 2) -> None:
    """A new one-round Rommé game, its seats named ``names`` (an empty one keeps the name
    the seat had: the evening's seats keep theirs)."""
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": seats, "options": {
        "first_player": 0, "rounds": 1}}))
    for seat, name in enumerate(names):
        if name:
            table.submit(Action("table.rename", None, {"seat": seat, "name": name}))


def play_out(table: Table) -> None:
    """Seat 0 goes out on its second turn, seat 1 keeps a 7 and a joker (a third: a 5)."""
    seats = len(table.published.public["seats"])
    for kind in ("resume", *("end_turn",) * seats, "romme"):
        table.submit(Action(kind))
    for seat in range(1, seats):
        table.submit(Action("score", None, {"seat": seat, "tiles": [7, 50] if seat == 1 else [5]}))
    table.submit(Action("confirm_scores"))


def evening(table: Table, *names: str) -> None:
    """One game under ``names``, played to its end and ended."""
    romme(table, *names)
    play_out(table)
    table.submit(Action("table.end_game"))


def link(table: Table, seat: int, **args: object) -> None:
    table.submit(Action("table.player", None, {"seat": seat, **args}))


def played(table: Table) -> dict[str, tuple[str, int]]:
    """Each player of the records by id: the name the pages show, Rommé games played."""
    return {key: (p.name, p.games["romme"].played)
            for key, p in records(table.history(), table.games).items()}


def test_the_table_page_asks_about_a_name_an_earlier_player_went_by(table: Table) -> None:
    evening(table, "Anna", "Ben")
    romme(table, "Cem", "anna ")                 # Anna on another phone, at another seat
    assert table.published.public["returning"] == [
        {"seat": 1, "name": "anna", "players": [{"id": "anna", "name": "Anna"}]}]
    link(table, 1, player="anna")
    assert table.published.public["returning"] == []
    play_out(table)
    assert played(table) == {"anna": ("anna", 2), "ben": ("Ben", 1), "cem": ("Cem", 1)}
    table.submit(Action("table.end_game"))
    romme(table, "", "Anna")
    assert table.published.public["returning"] == [], "the seat is Anna's still"


def test_a_new_player_of_an_earlier_name_is_told_apart(table: Table) -> None:
    evening(table, "Anna", "Ben")
    romme(table, "Ben", "Anna")                  # both moved: the table page asks for both
    assert [ask["seat"] for ask in table.published.public["returning"]] == [0, 1]
    link(table, 0, player="ben")
    link(table, 1, new=True)
    assert table.published.public["returning"] == []
    play_out(table)
    assert played(table) == {"anna": ("Anna", 1), "anna#2": ("Anna (2)", 1),
                             "ben": ("Ben", 2)}
    exported = export.export(table.history())
    assert exported["players"] == [{"id": "anna", "name": "Anna"},
                                   {"id": "anna#2", "name": "Anna"},
                                   {"id": "ben", "name": "Ben"}]
    assert export.history(exported) == table.history()
    table.submit(Action("table.end_game"))
    romme(table, "ANNA", "Dora")                 # both Annas are known now
    assert table.published.public["returning"] == [{"seat": 0, "name": "ANNA", "players": [
        {"id": "anna", "name": "Anna"}, {"id": "anna#2", "name": "Anna (2)"}]}]
    link(table, 0, player="anna#2")
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Anna"}))
    assert table.published.public["returning"] == [{"seat": 1, "name": "Anna", "players": [
        {"id": "anna", "name": "Anna"}]}], "Anna (2) sits at seat 0 already"


def test_a_merge_and_a_forget_go_by_the_player_not_the_name(table: Table,
                                                            database: Path) -> None:
    evening(table, "Anna", "Ben")
    romme(table, "Cem", "Anna")
    link(table, 1, new=True)
    play_out(table)
    table.submit(Action("table.end_game"))
    with pytest.raises(IllegalAction):
        players.merge(database, "anna#2", "cem")      # they played together
    assert players.forget(database, "anna#2") == 1
    assert played(table) == {"anna": ("Anna", 1), "ben": ("Ben", 1), "cem": ("Cem", 1)}
    with pytest.raises(InvalidAction):
        players.forget(database, "anna#2")


def test_a_link_is_a_table_step_a_restart_replays(database: Path) -> None:
    first = Table(Store(database), GAMES)
    first.start()
    evening(first, "Anna", "Ben")
    romme(first, "Ben", "Anna")
    link(first, 0, player="ben")
    link(first, 1, new=True)
    first.submit(Action("resume"))
    first.submit(Action("end_turn"))
    first.submit(Action("table.undo"))         # undo takes back the game's step, not the link
    first.stop()
    again = Table(Store(database), GAMES)
    again.start()
    try:
        assert again.published.public["returning"] == []
        play_out(again)
        assert played(again) == {"anna": ("Anna", 1), "anna#2": ("Anna (2)", 1),
                                 "ben": ("Ben", 2)}
    finally:
        again.stop()


def test_a_link_is_refused_where_it_would_mislead(table: Table) -> None:
    evening(table, "Anna", "Ben")
    romme(table, "Ben", "Anna", seats=3)
    with pytest.raises(InvalidAction):
        link(table, 0, player="dora")                     # nobody in the records
    with pytest.raises(InvalidAction):
        link(table, 0, player="ben#2", new=True)          # a new player's id is the box's
    with pytest.raises(IllegalAction):
        link(table, 2, new=True)                          # seat 3 has no name
    for name in ("A" * 21, " ", 7):
        with pytest.raises((InvalidAction, IllegalAction)):
            link(table, 0, player="ben", name=name)       # a name no seat could have
    with pytest.raises(InvalidAction):
        link(table, 3, player="ben")                      # nobody sits a game out
    link(table, 1, player="anna")
    with pytest.raises(IllegalAction):
        link(table, 0, player="anna")                     # Anna sits at seat 2
    table.submit(Action("table.rename", None, {"seat": 1, "name": "Dora"}))
    link(table, 0, player="anna")            # Dora is someone else: Anna's link went with her
    assert table.published.public["returning"] == []


def test_a_game_ended_before_its_end_asks_no_more_about_its_players(table: Table) -> None:
    """Abandoned, a game is recorded under its seats' names: the next game does not ask
    whether they are the players who just played."""
    romme(table, "Anna", "Ben")
    table.submit(Action("resume"))
    table.submit(Action("table.end_game"))
    romme(table, "Anna", "Ben")
    assert table.published.public["returning"] == []


def test_a_game_keeps_the_names_it_was_played_under(table: Table, database: Path) -> None:
    evening(table, "Anna", "Ben")
    romme(table, "", "Cem")
    play_out(table)                                        # recorded at its end
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Zoe"}))
    players.forget(database, "cem")
    table.recount()
    table.submit(Action("table.end_game"))
    assert [seat["name"] for seat in table.history()[0]["seats"]] == ["Anna", None]
    assert played(table) == {"anna": ("Anna", 2), "ben": ("Ben", 1)}


def test_a_returning_player_sits_in_their_old_colour_where_it_is_free(database: Path) -> None:
    store = Store(database)                  # an evening before: Eve in blue, Dora in green
    store.append(Action("table.language", None, {"language": "de"}).to_json(), None, (1, {
        "game": "romme", "title": {"de": "Rommé", "en": "Rommé"}, "finished": False,
        "outcome": None, "seats": [{"seat": 0, "name": "Eve", "colour": SEAT_COLOURS[0]},
                                   {"seat": 5, "name": "Dora", "colour": SEAT_COLOURS[5]}]}))
    store.close()
    table = Table(Store(database), GAMES)
    table.start()
    try:
        romme(table, "Anna", "Dora", "Eve", seats=3)
        link(table, 1, player="dora")
        link(table, 2, player="eve")                     # blue is Anna's seat's tonight
        colours = [seat["colour"] for seat in table.published.public["seats"]]
        assert colours == [SEAT_COLOURS[0], SEAT_COLOURS[5], SEAT_COLOURS[2]]
        play_out(table)
        assert [seat["colour"] for seat in table.history()[0]["seats"]] == colours
        table.submit(Action("table.end_game"))
        romme(table, seats=6)                   # seat 6's green is Dora's: it takes another
        colours = [seat["colour"] for seat in table.published.public["seats"]]
        assert colours[:5] == [SEAT_COLOURS[0], SEAT_COLOURS[5], *SEAT_COLOURS[2:5]]
        assert colours[5] == SEAT_COLOURS[1]
        table.submit(Action("table.rename", None, {"seat": 1, "name": "Dora Lee"}))
        assert table.published.public["seats"][1]["colour"] == SEAT_COLOURS[1]
    finally:
        table.stop()
