"""What undo takes back, as the views say it: the step's name and the seat that sent it, to
whoever may undo it; a step the public view did not show is named to its own phone alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_type_hints

import pytest

from companion.games import GAMES
from companion.games.base import Action, Game
from companion.i18n import LANGUAGES, catalog
from companion.table.views import step_name
from tests.games.safehouse_helpers import Group
from tests.tables import open_table


def test_the_table_page_hears_what_undo_takes_back_and_who_sent_it(tmp_path: Path) -> None:
    g = Group(tmp_path, 2)
    g.roll(0, {"red": [2]})
    g.do("go", 0)
    g.do("order", 1, row=0, status="open")
    published = g.table.published
    assert published.public["undoes"] == {"key": "safehouse.undo.order", "seat": 1}
    assert published.private[1]["undoes"] == {"key": "safehouse.undo.order", "seat": 1}
    assert published.private[0]["undoes"] is None  # not hers to undo
    g.do("order", None, seat=0, row=0, status="open")  # the table page, for seat 0
    assert g.table.published.public["undoes"] == {"key": "safehouse.undo.order", "seat": None}
    g.do("table.undo")
    g.do("table.undo")
    assert g.table.published.public["undoes"] == {"key": "safehouse.undo.go", "seat": 0}
    g.close()


def test_nothing_to_undo_names_nothing(tmp_path: Path) -> None:
    g = Group(tmp_path, 2)
    published = g.table.published
    assert [published.public["undoes"], *(v["undoes"] for v in published.private.values())] == [
        None, None, None]
    g.close()


def test_a_step_only_its_phone_saw_stays_unnamed_for_everyone_else(tmp_path: Path) -> None:
    """A crew member's private note: the table page may undo it, but learns only that there
    is a last step, not whose or what."""
    table = open_table(tmp_path / "getaway.sqlite")
    table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 3}))
    table.submit(Action("note", 1, {"text": "no ram?"}))
    published = table.published
    assert published.public["undoes"] == {"key": "undo.last_step", "seat": None}
    assert published.private[1]["undoes"] == {"key": "robnrun.undo.note", "seat": 1}
    assert published.private[2]["undoes"] is None
    table.stop()


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_step_has_a_name_in_both_languages_that_needs_no_detail(game: Game[Any]) -> None:
    """The note carries no argument of the action: a name with a blank to fill is not one."""
    for action in game.arguments:
        key = step_name(game, action)
        for lang in LANGUAGES:
            assert "{" not in catalog(lang)[key], (action, key)


def test_the_games_own_names_come_first() -> None:
    assert step_name(GAMES["safehouse"], "order") == "safehouse.undo.order"
    assert step_name(GAMES["romme"], "end_turn") == "undo.end_turn"
    assert step_name(GAMES["romme"], "draw") == "romme.undo.draw"
    assert step_name(GAMES["safehouse"], "retrieve") == "safehouse.undo.retrieve"  # a count
    assert step_name(GAMES["gendarm"], "catcher") == "gendarm.undo.catcher"


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_step_is_named_as_done_not_by_a_menu_label(game: Game[Any]) -> None:
    """"Undone: tile drawn (Ina)", never an instruction ("Make everyone's scores final") or
    "the last step" for a step the group saw."""
    for action in game.arguments:
        assert step_name(game, action) in (f"{game.id}.undo.{action}", f"undo.{action}"), action


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_a_game_whose_phones_show_only_their_actions_keeps_no_secrets(game: Game[Any]) -> None:
    """Such a game names every step to the table page and offers no cover."""
    mine = get_type_hints(get_type_hints(game.private_view)["return"])
    if mine.keys() <= {"actions", "moment"}:
        assert not game.secrets
