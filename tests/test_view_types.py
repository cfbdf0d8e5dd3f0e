"""The views are typed: each view the Table makes has the keys its type declares, a painter
that reads a key its view's type lacks fails mypy, and ``strip`` keeps each declared part
from the readers its declaration leaves out."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from types import NoneType, UnionType
from typing import (
    Annotated,
    Any,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import mypy.api
import pytest

from companion.games import GAMES
from companion.games.base import Action
from companion.games.gendarm.views import GendarmSeatView, GendarmView
from companion.games.robnrun import views as robnrun_views
from companion.games.robnrun.views import RobnRunBox, RobnRunSeatView, RobnRunView
from companion.games.romme.views import RommeSeatView, RommeView
from companion.games.safehouse.state import Move
from companion.games.safehouse.views import SafehouseSeatView, SafehouseView
from companion.table.owner import Table
from companion.table.views import THE_BOX, Reader, TableView, strip
from tests import tables
from tests.games.test_robnrun import SAFE, do, evaluating, new_state, openly
from tests.games.test_safehouse_offers import entering

ROOT = Path(__file__).resolve().parent.parent
GAME_TYPES: dict[str, tuple[Any, Any]] = {"romme": (RommeView, RommeSeatView),
                                          "gendarm": (GendarmView, GendarmSeatView),
                                          "safehouse": (SafehouseView, SafehouseSeatView),
                                          "robnrun": (RobnRunView, RobnRunSeatView)}
"""The games whose views are typed, with their public and seat view types."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = tables.open_table(tmp_path / "views.sqlite")
    yield table
    table.stop()


def keys_of(kind: Any) -> tuple[set[str], set[str]]:
    """The keys a view type requires and all it declares (read from its hints: postponed
    annotations hide ``NotRequired`` from ``__required_keys__``)."""
    hints = get_type_hints(kind, include_extras=True)
    return {key for key, hint in hints.items() if get_origin(hint) is not NotRequired}, set(hints)


def keys_fit(view: Mapping[str, Any], kind: Any) -> None:
    """``view`` has every key ``kind`` requires and no key it does not declare."""
    required, declared = keys_of(kind)
    assert required <= view.keys() <= declared, (kind.__name__, sorted(view.keys() ^ declared))


def deep_fit(value: Any, hint: Any) -> None:
    """``value`` fits ``hint`` all the way down: every view inside it has the keys its type
    requires and no other (lists, dicts and unions are walked; plain values are not read)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Annotated, NotRequired):
        deep_fit(value, args[0])
    elif origin in (Union, UnionType):
        kinds = [arg for arg in args if arg is not NoneType]
        if value is not None and len(kinds) == 1:
            deep_fit(value, kinds[0])
    elif is_typeddict(hint):
        keys_fit(value, hint)
        hints = get_type_hints(hint, include_extras=True)
        for key, part in value.items():
            deep_fit(part, hints[key])
    elif origin is list:
        for item in value:
            deep_fit(item, args[0])
    elif origin is dict:
        for item in value.values():
            deep_fit(item, args[1])


def parted(view: Mapping[str, Any], kind: Any) -> dict[str, Any]:
    """The parts of a seat's ``view`` that ``kind`` declares."""
    return {key: part for key, part in view.items() if key in keys_of(kind)[1]}


def test_a_safehouse_sheet_s_parts_have_the_keys_their_types_declare() -> None:
    """The profile, the orders, the digital sheets, the last move and what a phone's sheet
    may take now, while the players enter a roll."""
    game = GAMES["safehouse"]
    state = replace(entering().game, last=Move(start=2, end=5, reason="step"))
    public = game.public_view(state)
    deep_fit(public, SafehouseView)
    assert public["last"] and public["players"][0]["sheet"] and public["profile"]["sheets"] == {}
    for seat in range(state.seats):
        seat_view = game.private_view(state, seat)
        deep_fit(seat_view, SafehouseSeatView)
        assert seat_view["offers"] and seat_view["hand"]


def test_a_robnrun_evaluation_and_the_box_s_own_part_have_the_keys_their_types_declare(
        ) -> None:
    during = evaluating(new_state(), cracked=(0,), gold=2, uncracked=1, step=3)
    view = robnrun_views.public_view(during)
    deep_fit(view, RobnRunView)
    assert view["evaluation"] is not None
    entered = do(openly(do(new_state(), "rob", building="A1")), "safes", safes=[SAFE, SAFE])
    box = robnrun_views.box_view(entered)
    deep_fit(box, RobnRunBox)
    assert box and robnrun_views.box_view(new_state()) == {}


def test_the_lobby_views_have_the_keys_the_table_view_declares(table: Table) -> None:
    published = table.published
    for view in (published.public, *published.private.values(),
                 {**published.public, **published.device}):
        keys_fit(view, TableView)


@pytest.mark.parametrize("game", sorted(GAME_TYPES))
def test_a_game_s_views_have_the_keys_its_types_declare(table: Table, game: str) -> None:
    table.submit(Action("table.new_game", None, {"game": game, "seats": 2}))
    public_type, seat_type = GAME_TYPES[game]
    published = table.published
    keys_fit(published.public, TableView)
    deep_fit(published.public["state"], public_type)
    for view in published.private.values():
        keys_fit(view, TableView)
        keys_fit(parted(view["state"], public_type), public_type)
        keys_fit({key: part for key, part in view["state"].items()  # the seat's own, and
                  if key not in keys_of(public_type)[1] or key in keys_of(seat_type)[1]},
                 seat_type)                                    # what it says for itself


def test_strip_keeps_a_declared_part_from_the_readers_it_leaves_out() -> None:
    view = {"game": "gendarm", "me": None, "join_code": "ABCDE", "wifi_qr": "WIFI:P:secret;;",
            "state": {"phase": "play", "catcher": 3}}
    assert strip(view, Reader(), GAMES) == {"game": "gendarm", "me": None,
                                            "state": {"phase": "play"}}
    assert strip(view, Reader(host=True), GAMES) == {
        "game": "gendarm", "me": None, "join_code": "ABCDE", "state": {"phase": "play"}}
    assert strip(view, Reader(seat=1), GAMES)["state"] == {"phase": "play", "catcher": 3}
    assert strip(view, THE_BOX, GAMES)["wifi_qr"] == "WIFI:P:secret;;"
    assert "join_code" not in strip(view, THE_BOX, GAMES)


def mypy_errors(*paths: Path) -> str:
    """What mypy --strict (the project's settings) finds in ``paths``, with the project's
    cache, or "" when it finds nothing."""
    out, err, status = mypy.api.run([*map(str, paths),
                                     "--config-file", str(ROOT / "pyproject.toml"),
                                     "--cache-dir", str(ROOT / ".mypy_cache"),
                                     "--follow-imports", "silent"])
    return "" if status == 0 else out + err


def test_a_painter_reading_a_key_its_view_type_lacks_fails_mypy(tmp_path: Path) -> None:
    source = (ROOT / "companion/games/romme/screen.py").read_text(encoding="utf-8")
    renamed = source.replace('scoring["first_turn_out"]', 'scoring["first_out"]')
    assert renamed != source
    (tmp_path / "as_is.py").write_text(source, encoding="utf-8")
    (tmp_path / "renamed.py").write_text(renamed, encoding="utf-8")
    assert mypy_errors(tmp_path / "as_is.py") == ""
    assert 'TypedDict "RommeScoring" has no key "first_out"' in mypy_errors(
        tmp_path / "renamed.py")


def test_a_key_renamed_in_a_view_type_fails_mypy_where_the_view_is_made_and_read(
        tmp_path: Path) -> None:
    views = (ROOT / "companion/games/romme/views.py").read_text(encoding="utf-8")
    screen = (ROOT / "companion/games/romme/screen.py").read_text(encoding="utf-8")
    renamed = views.replace("    first_turn_out: bool\n", "    first_out: bool\n")
    assert renamed != views
    (tmp_path / "renamed_views.py").write_text(renamed, encoding="utf-8")
    (tmp_path / "screen.py").write_text(screen.replace(
        "from companion.games.romme.views import", "from renamed_views import"),
        encoding="utf-8")
    found = mypy_errors(tmp_path / "screen.py", tmp_path / "renamed_views.py")
    assert 'TypedDict "RommeScoring" has no key "first_turn_out"' in found
    assert re.search(r'renamed_views\.py:\d+: error: Incompatible return value type .*'
                     r'expected "RommeScoring \| None"', found), found


@pytest.mark.parametrize(("path", "read", "misread", "error"), [
    ("companion/games/romme/screen.py", 'state["first_meld"] is not None',
     'state["first_meal"] is not None', 'TypedDict "RommeView" has no key "first_meal"'),
    ("companion/games/robnrun/screen/__init__.py", 'ev["police_steps"]', 'ev["police_step"]',
     'TypedDict "EvaluationView" has no key "police_step"'),
    ("companion/device/painters/generic.py", 'view["timer"]', 'view["timers"]',
     'TypedDict "TableView[Any]" has no key "timers"'),
    ("tests/server/test_romme_api.py", 'scoring_seen(ben)["missing"]',
     'scoring_seen(ben)["missed"]', 'TypedDict "RommeScoring" has no key "missed"'),
    ("tests/games/safehouse_helpers.py", 'f["number"]', 'f["numeral"]',
     'TypedDict "SheetField" has no key "numeral"'),
], ids=["romme_screen", "robnrun_screen", "generic_painter", "romme_phone_test",
        "safehouse_test"])
def test_a_screen_or_a_phone_test_reading_a_key_its_view_lacks_fails_mypy(
        tmp_path: Path, path: str, read: str, misread: str, error: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert read in source
    (tmp_path / "misread.py").write_text(source.replace(read, misread), encoding="utf-8")
    assert error in mypy_errors(tmp_path / "misread.py")
