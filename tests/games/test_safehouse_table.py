"""Safehouse at a real Table: the box's dice are drawn by the Table and never undone, typed
faces and every entry are undone exactly, the game comes back after a power cut, and the
box profile is checked and labelled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Action, GetawayError, InvalidAction
from companion.i18n import text
from tests.games.robnrun_helpers import assert_sentence
from tests.games.safehouse_helpers import ORDERS, SHEETS, Group, Rolls
from tests.tables import open_table

P = "P"
PROFILE = {"name": "Unser Block", "safehouse": 40, "start": 16, "pursuer": 0, "orders": 8}


def views(group: Group) -> list[dict[str, Any]]:
    return views_of(group.table)


def test_the_box_rolls_the_dice_and_a_box_roll_is_never_undone(tmp_path: Path) -> None:
    g = Group(tmp_path, 2, dice="box", chance=Rolls([3, P, 4, 2, P, 5]))
    g.do("roll", 0, dice={"yellow": 2, "blue": 1})
    assert g.state["pursuer"] == 1 and g.state["phase"] == "helps"
    assert g.rolled["faces"] == {"yellow": [3, P], "blue": [4]}
    assert g.refused("table.undo") == "error.undo_reveal"
    assert g.refused("faces", 0, faces={"yellow": [1]}) == "safehouse.phase.helps"
    assert g.refused("roll", 0, dice={"red": 1}) == "safehouse.phase.helps"
    g.do("help", 0, kind="reroll", dice={"yellow": [1], "blue": [0]})
    assert g.rolled["faces"] == {"yellow": [3, 2], "blue": [P]}  # drawn anew
    assert g.state["phase"] == "helps" and g.state["helps"]["reroll"]
    assert g.refused("table.undo") == "error.undo_reveal"
    g.do("go", 0)
    assert g.state["pursuer"] == 2
    g.do("table.undo")  # going on was the group's step, not chance's
    assert g.state["pursuer"] == 1 and g.state["phase"] == "helps"
    g.close()


def test_the_box_refuses_typed_faces_when_it_rolls(tmp_path: Path) -> None:
    g = Group(tmp_path, 1, dice="box", chance=Rolls([1]))
    assert g.refused("roll", 0, dice={"red": 1}, faces={"red": [5]}) == "safehouse.box_rolls"
    g.close()


def test_the_box_faces_cannot_be_taken_back_and_typed_anew(tmp_path: Path) -> None:
    """Where the box rolls, its faces count: no phone, table page or box takes them back
    to type others, and the roller's phone is not offered to."""
    g = Group(tmp_path, 2, dice="box", chance=Rolls([3, P, 4]))
    g.do("roll", 0, dice={"yellow": 2, "blue": 1})
    for seat in (0, None):
        assert g.refused("face_back", seat, all=True) == "safehouse.box_rolls"
        assert g.refused("face_back", seat) == "safehouse.box_rolls"
    assert "face_back" not in views(g)[1]["state"]["actions"]
    assert g.rolled["faces"] == {"yellow": [3, P], "blue": [4]}
    g.close()


def test_every_entry_from_the_table_is_undone_exactly(tmp_path: Path) -> None:
    g = Group(tmp_path, 2)
    steps: list[tuple[str, int | None, dict[str, Any]]] = [
        ("select", 0, {"dice": {"green": 2}}),
        ("roll", 0, {"dice": {"green": 2, "red": 1, "blue": 1, "white": 1}}),
        ("faces", 0, {"faces": {"green": [4]}}),
        ("faces", 0, {"faces": {"green": [P], "red": [1], "blue": [3], "white": [2]}}),
        ("help", 0, {"kind": "reroll", "dice": {"green": [1]}}),
        ("faces", None, {"faces": {"green": [5]}}),
        ("go", None, {}),
        ("order", 1, {"row": 3, "status": "open"}),
        ("order", None, {"seat": 0, "row": 0, "status": "closed", "arrow": 5}),
        ("chameleon", 1, {}),
        ("done", 0, {}),
        ("focus", None, {"seat": 1, "row": 4}),
        ("done", None, {}),
        ("retrieve", 1, {}),
        ("pursuer", 1, {"field": 9}),
    ]
    seen = []
    for kind, seat, args in steps:
        seen.append(views(g))
        g.do(kind, seat, **args)
    assert g.state["pursuer"] == 9 and g.positions() == [21, 16]
    for before in reversed(seen):
        g.do("table.undo")
        assert [view["state"] for view in views(g)] == [view["state"] for view in before]
    g.close()


def test_every_entry_on_a_digital_sheet_is_undone_exactly(tmp_path: Path) -> None:
    g = Group(tmp_path, 3, mode="sheet")
    steps: list[tuple[str, int | None, dict[str, Any]]] = [
        ("sheet", 0, {"letter": "S"}),
        ("sheet", None, {"seat": 1, "letter": "E"}),
        ("roll", 0, {"dice": {"yellow": 2, "green": 1, "red": 1, "white": 2},
                     "faces": {"yellow": [1, 2], "green": [3], "red": [4], "white": [1, 2]}}),
        ("go", 0, {}),
        ("write", 0, {"row": 4, "field": 0, "number": 3}),
        ("write", 0, {"row": 4, "field": 1, "number": 4}),  # green 3 and the joker 1
        ("write", 0, {"row": 4, "field": 2, "number": 6, "colour": "red"}),  # closed: arrow 4
        ("erase", 0, {"row": 4, "field": 1}),  # open again; green and the joker 1 free
        ("write", 0, {"row": 2, "field": 2, "number": 4, "colour": "green"}),  # a chameleon
        ("write", None, {"seat": 1, "row": 3, "field": 0, "number": 6}),
        ("order", None, {"seat": 2, "row": 0, "status": "open"}),
        ("done", None, {}),
    ]
    seen = []
    for kind, seat, args in steps:
        seen.append(views(g))
        g.do(kind, seat, **args)
    assert g.positions() == [16, 16, 16] and g.sheet(0)[4] == [3, None, 6]
    assert g.sheet(0)[2] == [None, None, 4] and g.player(0)["chameleons"]["used"] == 1
    assert g.sheet(1)[3][0] == 6 and [p["open"] for p in g.state["players"]] == [2, 1, 1]
    for before in reversed(seen):
        g.do("table.undo")
        assert [view["state"] for view in views(g)] == [view["state"] for view in before]
    g.close()


def test_a_phone_says_why_a_field_takes_no_number_now(tmp_path: Path) -> None:
    """The colour used already, not rolled, or the order's rule: the reason, as the
    sentence a write there would be refused with; None where a number fits or stands."""
    g = Group(tmp_path, 2, mode="sheet")
    g.do("sheet", 0, letter="S")
    g.do("roll", 0, dice={"yellow": 1, "green": 1, "blue": 1},
         faces={"yellow": [3], "green": [4], "blue": [5]})
    g.do("go", 0)
    g.do("write", 0, row=0, field=0, number=3)
    g.do("write", 0, row=3, field=1, number=4, colour="green")  # the chameleon
    mine = g.phone(0)
    why, offers = mine["refusals"], mine["offers"]
    assert why is not None and offers is not None
    assert why[0] == [None, "safehouse.sheet.used.green", "safehouse.sheet.no_value.red",
                      "safehouse.sheet.rule.equal"]
    assert why[1][0] == "safehouse.sheet.used.yellow" and offers[1][3]
    assert why[1][3] is None and why[5][2] is None  # blue 5 fits; the grey 6 is printed
    with pytest.raises(GetawayError) as refused:
        g.do("write", 0, row=0, field=3, number=5)
    assert refused.value.key == why[0][3]
    assert g.phone(1)["refusals"] is None  # Sami has no sheet
    g.close()


def test_the_number_that_takes_the_last_player_home_wins_at_once(tmp_path: Path) -> None:
    """SH-15 on the digital sheets: a track of four fields, an order with the arrow 4."""
    g = Group(tmp_path, 2, mode="sheet", profile={**SHEETS, "safehouse": 20})
    g.do("sheet", 0, letter="S")
    g.do("sheet", 1, letter="A")
    g.roll(0, {"yellow": [1], "green": [2], "red": [3]})
    g.do("go", 0)
    for seat, field in ((1, 0), (1, 1), (1, 2), (0, 0), (0, 1)):
        g.do("write", seat, row=4, field=field, number=field + 1)
    assert g.positions() == [16, 20] and g.state["phase"] == "entering"
    g.do("write", 0, row=4, field=2, number=3)
    assert g.positions() == [20, 20] and g.state["phase"] == "won"
    assert g.table.published.public["outcome"]["won"] is True
    g.close()


@pytest.mark.parametrize("mode", ["light", "sheet"])
def test_no_phone_offers_the_cover_as_nothing_is_secret(tmp_path: Path, mode: str) -> None:
    """Everything is public ("cover" false): the numbers a phone's sheet may take now are a
    help, not a secret."""
    g = Group(tmp_path, 2, mode=mode)
    if mode == "sheet":
        g.do("sheet", 0, letter="S")
    g.do("roll", 0, dice={"yellow": 1}, faces={"yellow": [3]})
    g.do("go", 0)
    private = g.table.published.private
    assert (private[0]["state"]["offers"] is not None) == (mode == "sheet")
    assert [private[seat]["cover"] for seat in (0, 1)] == [False, False]
    g.close()


def test_a_digital_sheet_comes_back_after_the_plug_is_pulled(tmp_path: Path) -> None:
    g = Group(tmp_path, 2, mode="sheet", profile=None)  # the example sheets
    g.do("sheet", 1, letter="A")
    g.roll(0, {"blue": [5], "red": [2]})
    g.do("go", 0)
    offers = g.phone(1)["offers"]
    assert offers is not None
    row, field, pick = next((r, f, picks[0]) for r, fields in enumerate(offers)
                            for f, picks in enumerate(fields) if picks)
    g.do("write", 1, row=row, field=field, **pick)
    before = views(g)
    assert before[0]["state"]["sheets"]["example"] is True
    g.table.stop()
    again = open_table(tmp_path / "getaway.sqlite")
    try:
        assert views_of(again) == before
    finally:
        again.stop()


def test_a_phone_undoes_only_its_own_entry(tmp_path: Path) -> None:
    g = Group(tmp_path, 2)
    g.roll(0, {"red": [2]})
    g.do("go", 0)
    g.do("order", 1, row=0, status="open")
    assert g.refused("table.undo", 0) == "error.undo_not_yours"
    g.do("table.undo", 1)
    assert g.player(1)["open"] == 0
    g.close()


def test_a_game_comes_back_exactly_after_the_plug_is_pulled(tmp_path: Path) -> None:
    g = Group(tmp_path, 3, dice="box", chance=Rolls([2, 4, P, 1, 1]))
    g.do("roll", 0, dice={"yellow": 1, "red": 2})
    g.do("go")
    g.do("order", 2, row=1, status="open")
    g.do("chameleon", 0)
    before = views(g)
    g.table.stop()
    again = open_table(tmp_path / "getaway.sqlite", seed=99)  # replay must not draw anew
    try:
        assert views_of(again) == before
        assert before[0]["state"]["roll"]["faces"] == {"yellow": [2], "red": [4, P]}
    finally:
        again.stop()


def views_of(table: Any) -> list[dict[str, Any]]:
    published = table.published
    return [published.public, *(published.private[s] for s in sorted(published.private))]


def test_the_box_profile_is_an_example_until_the_group_saves_its_own(tmp_path: Path) -> None:
    g = Group(tmp_path, 2)
    assert g.state["profile"] == {"name": "Beispielwerte / example values", "safehouse": 40,
                                  "start": 16, "pursuer": 0, "orders": 8, "sheets": {},
                                  "example": True}
    g.do("table.end_game")
    g.do("table.save", game="safehouse", kind="profile", name="box",
         data={**PROFILE, "safehouse": 36, "start": 15, "pursuer": 1, "orders": 9})
    g.do("table.new_game", game="safehouse", seats=2, options={})
    assert g.state["profile"]["example"] is False and g.state["safehouse"] == 36
    assert g.state["pursuer"] == 1 and g.positions() == [15, 15]
    assert len(g.player(0)["orders"]) == 9
    g.close()


@pytest.mark.parametrize(("change", "key"), [
    ({"start": 40}, "safehouse.profile.track"),
    ({"pursuer": 16}, "safehouse.profile.track"),
    ({"safehouse": 70}, "safehouse.profile.track"),
    ({"orders": 4}, "safehouse.profile.orders"),
    ({"name": ""}, "safehouse.profile.name"),
    ({"safehouse": "40"}, "safehouse.profile.whole.safehouse"),
    ({"safehouse": True}, "safehouse.profile.whole.safehouse"),
    ({"safehouse": 40.0}, "safehouse.profile.whole.safehouse"),
    ({"start": 16.0}, "safehouse.profile.whole.start"),
    ({"pursuer": False}, "safehouse.profile.whole.pursuer"),
    ({"orders": 8.0}, "safehouse.profile.whole.orders"),
])
def test_a_profile_no_game_can_be_played_on_is_refused(change: dict[str, Any], key: str) -> None:
    with pytest.raises(InvalidAction) as refused:
        GAMES["safehouse"].documents.check("profile", {**PROFILE, **change})
    assert refused.value.key == key
    assert_sentence(refused.value)


def test_the_groups_own_sheets_replace_the_example_ones(tmp_path: Path) -> None:
    g = Group(tmp_path, 2, mode="sheet")
    assert g.state["sheets"] == {"letters": ["S", "A", "F", "E"], "example": False}
    assert g.state["profile"]["sheets"]["F"][5] == ORDERS[5]
    g.close()


def order(fields: list[str], rule: str = "nondecreasing", arrow: Any = 3) -> dict[str, Any]:
    return {"fields": fields, "rule": rule, "arrow": arrow}


def with_order(row: int, changed: dict[str, Any]) -> dict[str, Any]:
    """The test's sheets with one order of sheet S changed."""
    orders = [*ORDERS[:row], changed, *ORDERS[row + 1:]]
    return {**SHEETS, "sheets": {**SHEETS["sheets"], "S": orders}}


@pytest.mark.parametrize(("profile", "key"), [
    ({**SHEETS, "sheets": {"s": ORDERS}}, "safehouse.profile.letters"),
    ({**SHEETS, "sheets": {**SHEETS["sheets"], "X": ORDERS}}, "safehouse.profile.letters"),
    ({**SHEETS, "orders": 9}, "safehouse.profile.sheet_orders"),
    (with_order(0, order(["yellow", "pink", "red"])), "safehouse.profile.field"),
    (with_order(0, order(["yellow", "red"])), "safehouse.profile.fields"),
    (with_order(0, order(["yellow"] * 7)), "safehouse.profile.fields"),
    (with_order(1, order(["yellow", "grey6", "red", "blue"])), "safehouse.profile.grey"),
    (with_order(7, order(["grey6", "red", "grey6", "blue"])), "safehouse.profile.grey"),
    (with_order(2, order(["yellow", "red", "blue"], rule="rising")), "safehouse.profile.rule"),
    (with_order(2, order(["yellow", "red", "blue"], arrow=7)), "safehouse.profile.arrow"),
    (with_order(2, order(["yellow", "red", "blue"], arrow=True)),
     "safehouse.profile.arrow_whole"),
    (with_order(2, order(["yellow", "red", "blue"], arrow=3.0)),
     "safehouse.profile.arrow_whole"),
    (with_order(2, {"fields": ["yellow"], "rule": "equal"}), "safehouse.profile.malformed"),
    (with_order(2, order(["yellow", "blue"], arrow=None)), "safehouse.profile.arrow_missing"),
])
def test_sheets_no_game_can_be_played_on_are_refused(profile: dict[str, Any], key: str) -> None:
    with pytest.raises(InvalidAction) as refused:
        GAMES["safehouse"].documents.check("profile", profile)
    assert refused.value.key == key
    assert_sentence(refused.value)


@pytest.mark.parametrize(("lang", "codes", "internal"), [
    ("de", "Ge, Gr, R, B", ("yellow", "green", "blue", "grey6")),
    ("en", "Y, G, R, B", ("grey6",)),
])
def test_the_sheet_errors_name_the_colours_as_the_players_type_them(
        lang: str, codes: str, internal: tuple[str, ...]) -> None:
    """The codes the help asks for, never the words inside the box; a typed line without its
    arrow ("Y B R": the R taken for the arrow) says the arrow is missing."""
    field = text("safehouse.profile.field", lang, letter="S", row=1)
    assert codes in field and "6" in field
    colour = text("safehouse.sheet.colour_invalid", lang)
    for sentence in (field, colour):
        assert not any(word in sentence for word in internal), sentence
    missing = text("safehouse.profile.arrow_missing", lang, letter="S", row=1)
    assert {"de": "Pfeil", "en": "arrow"}[lang] in missing


@pytest.mark.parametrize(("seats", "first", "key", "said"), [
    (2, 3, "safehouse.first_player", "one of the 2 seats"),
    (1, 1, "safehouse.first_player", "only one seat"),
    (2, True, "error.option_choice", "“true” is not allowed"),
    (2, 1.0, "error.option_choice", "“1.0” is not allowed")])
def test_who_starts_must_sit_at_the_table(tmp_path: Path, seats: int, first: Any, key: str,
                                          said: str) -> None:
    """A seat's number, whole: true or 1.0 is no seat 1."""
    table = open_table(tmp_path / "getaway.sqlite")
    with pytest.raises(InvalidAction) as refused:
        table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": seats,
                                                      "options": {"first_player": first}}))
    assert refused.value.key == key and said in str(refused.value)
    assert_sentence(refused.value)
    assert table.published.public["game"] is None
    table.stop()


@pytest.mark.parametrize("face", [2.0, True, "2", [2]])
def test_a_face_is_a_whole_number_or_the_pursuer(tmp_path: Path, face: Any) -> None:
    """2.0 equals 2 and true equals 1, but neither is a face: the die would give no number."""
    g = Group(tmp_path, 2)
    assert g.refused("roll", 0, dice={"yellow": 1}, faces={"yellow": [face]}) == (
        "safehouse.faces_invalid")
    g.do("roll", 0, dice={"yellow": 1, "red": 1})
    assert g.refused("faces", 0, faces={"yellow": [face]}) == "safehouse.faces_invalid"
    g.do("faces", 0, faces={"yellow": [2], "red": [P]})
    assert g.refused("help", 0, kind="reroll", dice={"yellow": [0.0]}) == (
        "safehouse.reroll_places")
    assert g.refused("select", 0, reroll={"yellow": [False]}) == "safehouse.reroll_places"
    assert g.refused("help", 0, kind="reroll", dice={"yellow": [1]}) == (
        "safehouse.reroll_invalid")  # whole, but no second yellow die in the roll
    g.do("help", 0, kind="reroll", dice={"red": [0]})
    assert g.refused("faces", 0, faces={"red": [face]}) == "safehouse.faces_invalid"
    g.do("faces", 0, faces={"red": [3]})
    assert g.rolled["numbers"] == {"yellow": 2, "green": None, "red": 3, "blue": None}
    g.close()
