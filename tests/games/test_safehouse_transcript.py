"""The public scenarios of the Safehouse rule model (spec part A.4), each played at a real
Table as the box and the phones send it, every number checked. A is seat 0, B seat 1, C seat 2.

SH-07, SH-08 and SH-18 are played again in sheet mode, where each phone holds its player's
digital sheet and the Table checks every number; the sheets are the test's own (``ORDERS``:
the rule book prints no layout).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.safehouse import sheet
from companion.i18n import text
from tests.games.safehouse_helpers import Group

A, B, C = 0, 1, 2
P = "P"
ALL_FREE = {"yellow": 2, "green": 2, "red": 2, "blue": 2, "white": 2}


@pytest.fixture
def groups(tmp_path: Path) -> Iterator[Any]:
    made: list[Group] = []

    def group(seats: int, first: int = A, dice: str = "table", mode: str = "light") -> Group:
        made.append(Group(tmp_path / str(len(made)), seats, first, dice, mode=mode))
        return made[-1]

    (tmp_path / "0").mkdir()
    for n in range(1, 9):
        (tmp_path / str(n)).mkdir()
    yield group
    for g in made:
        g.close()


def free(g: Group) -> dict[str, int]:
    return {colour: d["free"] for colour, d in g.state["pool"].items()}


def lid(g: Group) -> dict[str, int]:
    return {colour: d["lid"] for colour, d in g.state["pool"].items() if d["lid"]}


def first_roll(g: Group) -> None:
    """SH-01: A rolls two yellow, a green and a red; A opens one order, B two."""
    g.do("roll", A, dice={"yellow": 2, "green": 1, "red": 1})
    assert g.state["pursuer"] == 1 and g.state["phase"] == "faces"  # "vor jedem Würfelwurf"
    g.do("faces", A, faces={"yellow": [3, 4], "green": [P], "red": [2]})
    assert g.state["phase"] == "helps" and g.rolled["pursuers"] == 1
    assert g.state["pursuer"] == 1  # the pursuer face waits for the helps (reading A-R5)
    g.do("go", A)
    assert g.state["pursuer"] == 2
    assert g.rolled["numbers"] == {"yellow": 7, "green": None, "red": 2, "blue": None}
    g.do("order", A, row=0, status="open")
    g.do("order", B, row=0, status="open")
    g.do("order", B, row=1, status="open")
    g.do("done", A)
    assert g.state["phase"] == "entering" and g.player(A)["done"]
    g.do("done", B)


def test_sh01_first_roll_pair_sum_and_a_pursuer_on_a_single_die(groups: Any) -> None:
    g = groups(2)
    first_roll(g)
    assert g.state["phase"] == "ready" and g.state["pursuer"] == 2
    assert g.positions() == [16, 16]
    assert [p["lead"] for p in g.state["players"]] == [14, 14]
    assert [p["open"] for p in g.state["players"]] == [1, 2]
    assert lid(g) == {"yellow": 2, "green": 1, "red": 1}
    assert free(g) == {"yellow": 0, "green": 1, "red": 1, "blue": 2, "white": 2}
    assert g.state["roller"] == B and g.state["caught"] == []
    assert g.state["retrieval"]["cost"] == 2


def test_sh02_a_joker_beside_a_pursuer_pair_and_the_forced_retrieval(groups: Any) -> None:
    g = groups(2)
    first_roll(g)
    g.do("roll", B, dice={"green": 1, "red": 1, "blue": 2, "white": 1})
    assert g.state["pursuer"] == 3
    g.do("faces", B, faces={"green": [5], "red": [1], "blue": [2, P], "white": [3]})
    g.do("go", B)
    assert g.state["pursuer"] == 4
    assert g.rolled["numbers"]["blue"] == 2  # the pursuer die gives nothing
    assert g.rolled["jokers"] == [3]
    g.do("order", A, row=0, status="closed", arrow=3)
    g.do("order", B, row=0, status="closed", arrow=2)
    g.do("order", B, row=2, status="open")
    g.do("done", A)
    g.do("done", B)
    assert g.positions() == [19, 18] and [p["open"] for p in g.state["players"]] == [0, 2]
    assert free(g) == {"yellow": 0, "green": 0, "red": 0, "blue": 0, "white": 1}
    assert g.state["roller"] == A and g.state["retrieval"]["forced"]
    assert g.state["waits_for"] == "retrieve"
    assert g.refused("roll", A, dice={"white": 1}) == "safehouse.retrieve_first"
    g.do("retrieve", A)
    assert g.state["pursuer"] == 6 and free(g) == ALL_FREE
    g.do("roll", A, dice={"yellow": 1})
    assert g.state["pursuer"] == 7 and g.positions() == [19, 18]
    assert g.state["caught"] == [] and g.state["roller"] == A


def test_sh03_caught_by_rolled_pursuers_before_anyone_enters(groups: Any) -> None:
    g = groups(2)
    g.reach(19, [22, 30], [1, 0])  # R4 and B5 would close A's open order: too late
    g.roll(A, {"yellow": [P], "green": [P], "red": [4], "blue": [5]})
    assert g.state["pursuer"] == 20
    g.do("go", A)
    assert g.state["pursuer"] == 22 and g.state["phase"] == "lost"
    assert g.state["caught"] == [A] and g.player(A)["caught"] and not g.player(B)["caught"]
    assert g.refused("order", A, row=5, status="open") == "safehouse.phase.lost"
    result = g.table.published.public["outcome"]
    assert result["won"] is False
    assert result["results"] == [{"seat": A, "place": 1, "score": 22},
                                 {"seat": B, "place": 1, "score": 30}]


def test_sh04_the_pursuer_does_not_move(groups: Any) -> None:
    g = groups(2)
    g.reach(19, [22, 30], [1, 0])
    g.roll(A, {"yellow": [P], "green": [P], "red": [4], "blue": [5]})
    g.do("help", A, kind="ignore")
    assert g.rolled["pursuers"] == 0
    g.do("go", A)
    assert g.state["pursuer"] == 20 and g.state["phase"] == "entering"
    g.do("order", A, row=1, status="closed", arrow=4)  # R4 and B5 close A's open order
    g.do("done")
    assert lid(g) == {"yellow": 1, "green": 1, "red": 1, "blue": 1}  # "trotzdem … in den Deckel"
    g.do("roll", B, dice={"red": 1})
    assert g.state["pursuer"] == 21
    g.do("faces", B, faces={"red": [P]})
    assert g.refused("help", B, kind="ignore") == "safehouse.help_used.ignore"
    g.do("go", B)
    assert g.state["pursuer"] == 22 and g.positions() == [26, 30]
    assert g.state["phase"] == "entering" and g.state["caught"] == []
    assert g.state["helps"] == {"ignore": True, "reroll": False}


def test_ignoring_the_pursuer_with_the_roll_again_spent_goes_on_at_once(groups: Any) -> None:
    g = groups(2)
    g.reach(19, [22, 30], [0, 0])
    g.roll(A, {"yellow": [P], "green": [3]})
    g.do("help", A, kind="reroll", dice={"green": [0]})
    g.do("faces", A, faces={"green": [P]})
    assert g.state["phase"] == "helps" and g.rolled["pursuers"] == 2
    g.do("help", A, kind="ignore")  # nothing left to decide: no "Weiter (+0)"
    assert g.state["phase"] == "entering" and g.state["pursuer"] == 20
    assert g.rolled["ignored"] and g.state["helps"] == {"ignore": True, "reroll": True}
    assert g.state["caught"] == []
    g.do("table.undo")
    assert g.state["phase"] == "helps" and g.state["helps"] == {"ignore": False, "reroll": True}


def test_the_pursuer_does_not_move_only_when_a_pursuer_was_rolled(groups: Any) -> None:
    """"alle gewürfelten Verfolger ignorieren": with none pending there is nothing to ignore,
    and the help is neither offered (box) nor spent."""
    g = groups(2)
    g.roll(A, {"yellow": [P], "green": [3]})
    assert "safehouse.menu.ignore" in menu(g)
    g.do("help", A, kind="reroll", dice={"yellow": [0]})
    g.do("faces", A, faces={"yellow": [3]})
    assert g.state["phase"] == "helps" and g.rolled["pursuers"] == 0
    assert "safehouse.menu.ignore" not in menu(g)
    assert g.refused("help", A, kind="ignore") == "safehouse.help_no_pursuer"
    assert g.refused("help", None, kind="ignore") == "safehouse.help_no_pursuer"
    g.do("go", A)
    assert g.state["helps"] == {"ignore": False, "reroll": True}


def menu(g: Group) -> list[str]:
    """The keys of the box's menu now."""
    return [item.key for item in g.table.published.controls.menu]


def test_a_player_the_pursuer_passed_is_caught_never_behind(groups: Any) -> None:
    """A forced retrieval carries the pursuer past B: B is caught, with no lead below 0."""
    g = groups(2)
    g.reach(16, [25, 18], [2, 0])
    g.roll(A, {"yellow": [1]})
    g.do("go", A)
    g.do("done")
    g.do("retrieve")
    assert g.state["pursuer"] == 19 and g.state["phase"] == "lost"
    assert g.state["caught"] == [B] and g.player(B)["caught"]
    views = [g.table.published.public, *g.table.published.private.values()]
    assert {view["state"]["players"][B]["lead"] for view in views} == {0}
    assert {view["state"]["players"][A]["lead"] for view in views} == {6}


def test_sh18_what_a_roll_moves_on_paper_takes_its_numbers(groups: Any) -> None:
    """Light mode cannot see the sheet, but four colours give four numbers: an empty order
    closed takes at least three of them (two in the bottom three, beside the grey 6), an
    order opened or an open one closed takes one, and going back takes none."""
    g = groups(2)
    g.roll(A, {"yellow": [1], "green": [2], "red": [3], "blue": [P, 4], "white": [5]})
    g.do("go", A)
    g.do("order", A, row=0, status="closed", arrow=6)
    assert g.refused("order", A, row=1, status="closed", arrow=6) == "safehouse.numbers_used"
    g.do("order", A, row=1, status="open")
    assert g.refused("order", None, seat=A, row=2, status="open") == "safehouse.numbers_used"
    g.do("order", A, row=0, status="empty")  # taken back: three numbers free again
    g.do("order", A, row=5, status="closed", arrow=2)
    g.do("order", A, row=2, status="open")
    assert g.refused("order", A, row=3, status="open") == "safehouse.numbers_used"
    assert g.positions()[A] == 18 and g.player(A)["open"] == 2
    g.do("done")
    g.roll(B, {"yellow": [2], "green": [P]})
    g.do("go", B)
    for seat, by in ((A, A), (B, B), (B, None)):  # one number never closes an empty order
        assert g.refused("order", by, seat=seat, row=3, status="closed", arrow=2) == (
            "safehouse.numbers_used")
    g.do("order", A, row=2, status="closed", arrow=4)  # one number closes an open one
    assert g.refused("order", A, row=1, status="closed", arrow=2) == "safehouse.numbers_used"
    assert g.positions()[A] == 22


def test_an_order_closed_in_an_earlier_roll_stays_closed(groups: Any) -> None:
    """A phone keeps an earlier roll's closed orders as they are and hears where a mistake is
    corrected; the table page or the box, naming the sheet, corrects it."""
    g = groups(2)
    g.roll(A, {"yellow": [1], "green": [2], "red": [3]})
    g.do("go", A)
    g.do("order", A, row=0, status="closed", arrow=6)
    g.do("order", A, row=0, status="closed", arrow=5)  # this roll's own: changed freely
    g.do("done")
    g.roll(B, {"yellow": [2], "green": [3], "red": [4]})
    g.do("go", B)
    for status, arrow in (("empty", None), ("open", None), ("closed", 2), ("closed", 5)):
        args = {"arrow": arrow} if arrow else {}
        assert g.refused("order", A, row=0, status=status, **args) == "safehouse.order_kept"
    assert g.player(A)["kept"] == [0]  # the phone offers no change there
    g.do("order", None, seat=A, row=0, status="closed", arrow=3)  # the table page corrects
    assert g.positions()[A] == 19 and g.player(A)["kept"] == [0]
    assert g.refused("order", A, row=0, status="closed", arrow=5) == "safehouse.order_kept"
    g.do("order", A, row=1, status="closed", arrow=2)  # the roll's numbers are all still free
    assert g.positions()[A] == 21


def three_numbers(g: Group) -> None:
    """A roll by the box that gives every player three numbers, the helps declined."""
    g.roll(None, {"yellow": [1], "green": [2], "red": [3]})
    g.do("go")


def caught_by_an_entry(g: Group, seat: int, field: int) -> None:
    """The game is lost at once: the pursuer stood on ``field`` and the entry moved ``seat``
    back onto or behind it."""
    assert g.state["phase"] == "lost" and g.state["caught"] == [seat]
    assert g.state["last"] == {"start": field, "end": field, "steps": 0, "reason": "entry"}
    assert g.table.published.public["outcome"]["won"] is False
    assert g.refused("done") == "safehouse.phase.lost"
    for lang in ("de", "en"):  # what the phones say caught them
        assert str(field) in text("web.safehouse.lost_by.entry", lang, field=field)


def test_the_table_page_correcting_a_player_onto_the_pursuer_ends_the_game(
        groups: Any) -> None:
    """A capture is a capture whatever moved: an earlier roll's order corrected on the table
    page takes its player back, and the pursuer stands where the player now is."""
    g = groups(2)
    three_numbers(g)
    g.do("order", A, row=0, status="closed", arrow=3)
    g.do("order", B, row=0, status="closed", arrow=6)
    g.do("done")
    three_numbers(g)
    g.do("pursuer", field=17)  # a sheet shows the pursuer further on: A on 19 stays ahead
    g.do("order", None, seat=A, row=0, status="closed", arrow=2)
    assert g.state["phase"] == "entering" and g.positions() == [18, 22]
    g.do("order", None, seat=A, row=0, status="empty")
    assert g.positions() == [16, 22]
    caught_by_an_entry(g, A, 17)


def test_a_phone_taking_back_an_order_past_the_pursuer_ends_the_game(groups: Any) -> None:
    """A's order closed this roll kept A ahead of a pursuer corrected meanwhile; emptied, it
    leaves A behind."""
    g = groups(2)
    three_numbers(g)
    g.do("order", A, row=0, status="closed", arrow=4)
    g.do("order", B, row=0, status="closed", arrow=6)
    g.do("pursuer", field=18)
    g.do("order", A, row=0, status="open")
    caught_by_an_entry(g, A, 18)


def test_sh05_roll_again(groups: Any) -> None:
    g = groups(2, first=B)
    g.reach(10, [20, 25], [0, 0])
    g.roll(B, {"yellow": [P, 2], "blue": [P], "white": [5]})
    assert g.state["pursuer"] == 11 and g.rolled["pursuers"] == 2
    g.do("help", B, kind="reroll", dice={"yellow": [0], "blue": [0]})
    assert g.state["phase"] == "faces" and g.rolled["waiting"] == {"yellow": 1, "blue": 1}
    g.do("faces", B, faces={"yellow": [4], "blue": [P]})
    assert g.state["pursuer"] == 11  # no second step before the roll: it is the same roll
    g.do("go", B)
    assert g.state["pursuer"] == 12  # only the new pursuer face counts
    assert g.rolled["numbers"]["yellow"] == 6 and g.rolled["numbers"]["blue"] is None
    assert g.rolled["jokers"] == [5]
    assert g.state["helps"] == {"ignore": False, "reroll": True}


def enter_nothing(g: Group, faces: dict[str, list[Any]] | None = None) -> None:
    """A roll in which nobody writes anything."""
    g.roll(None, faces or {"yellow": [1]})
    g.do("go")
    g.do("done")


@pytest.mark.parametrize(("seats", "allowed"), [(1, 1), (2, 1), (3, 2), (4, 3)])
def test_sh06_chameleons_per_player_count(groups: Any, seats: int, allowed: int) -> None:
    g = groups(seats)
    assert {p["chameleons"]["allowed"] for p in g.state["players"]} == {allowed}


def test_sh06_chameleons_are_each_players_own_the_helps_everyones(groups: Any) -> None:
    g = groups(3)
    for roll in range(1, 10):
        g.roll(None, {"yellow": [1]})
        g.do("go")
        if roll in (5, 9):
            g.do("chameleon", A)
        g.do("done")
        if roll % 2 == 0:
            g.do("retrieve")
    g.do("retrieve")
    g.roll(None, {"yellow": [2]})
    g.do("go")
    assert g.refused("chameleon", A) == "safehouse.chameleons_used"
    assert [p["chameleons"]["left"] for p in g.state["players"]] == [0, 2, 2]
    g.do("done")
    g.do("retrieve")
    g.roll(None, {"yellow": [2]})
    g.do("help", kind="reroll", dice={"yellow": [0]})
    g.do("faces", faces={"yellow": [3]})
    g.do("go")
    g.do("done")
    g.roll(None, {"green": [2]})
    for seat in (A, B, C, None):
        assert g.refused("help", seat if seat in (None, g.state["roller"]) else g.state["roller"],
                         kind="reroll", dice={"green": [0]}) == "safehouse.help_used.reroll"


def test_sh06_two_chameleons_on_one_roll_with_four_players(groups: Any) -> None:
    g = groups(4)
    g.roll(None, {"yellow": [3], "red": [4]})
    g.do("go")
    g.do("chameleon", B)
    g.do("chameleon", B)
    assert g.player(B)["chameleons"]["left"] == 1


def test_sh09_exact_landing_on_the_safehouse_and_play_goes_on(groups: Any) -> None:
    g = groups(2)
    g.reach(25, [36, 30], [3, 1])
    g.roll(A, {"red": [3], "blue": [1]})
    assert g.state["pursuer"] == 26
    g.do("go", A)
    g.do("order", A, row=4, status="closed", arrow=4)
    g.do("done", A)
    g.do("done", B)
    assert g.positions() == [40, 30] and g.player(A)["safehouse"]
    assert g.state["phase"] == "ready" and g.state["roller"] == B
    assert [p["open"] for p in g.state["players"]] == [2, 1]
    g.do("retrieve", B)
    assert g.state["pursuer"] == 28  # A's open orders still count
    enter_nothing(g)
    assert g.state["roller"] == A  # A keeps rolling in turn


def test_sh15_steps_past_the_safehouse_are_lost_and_the_last_one_home_wins_at_once(
        groups: Any) -> None:
    """"Ihr habt alle in das Feld mit dem Safehouse einen Schrägstrich gesetzt?": the game is
    won the moment the last player gets there, not when the roll's entries are done."""
    g = groups(2)
    g.reach(20, [38, 36], [0, 0])
    g.roll(A, {"red": [3], "blue": [4]})
    g.do("go", A)
    g.do("order", A, row=5, status="closed", arrow=6)
    assert g.positions() == [40, 36] and g.state["phase"] == "entering"
    g.do("done", A)
    g.do("order", B, row=5, status="closed", arrow=4)
    assert g.positions() == [40, 40] and g.state["phase"] == "won"
    assert g.refused("done", B) == "safehouse.phase.won"
    result = g.table.published.public["outcome"]
    assert result["won"] is True and [r["score"] for r in result["results"]] == [40, 40]
    assert result["rolls"] == g.state["rolls"]
    history = g.table.history()
    assert history[0]["game"] == "safehouse" and history[0]["outcome"]["won"] is True


def test_sh16_solo(groups: Any) -> None:
    g = groups(1)
    assert g.player(A)["chameleons"]["allowed"] == 1
    g.roll(A, {"yellow": [5, 5], "green": [P, P]})
    assert g.state["pursuer"] == 1
    g.do("go", A)
    assert g.state["pursuer"] == 3
    assert g.rolled["numbers"] == {"yellow": 10, "green": None, "red": None, "blue": None}
    g.do("order", A, row=0, status="open")
    g.do("done", A)
    assert g.state["roller"] == A
    g.roll(A, {"red": [1, 2], "blue": [3, 3], "white": [P, 1]})
    assert g.state["pursuer"] == 4
    g.do("go", A)
    assert g.state["pursuer"] == 5
    assert g.rolled["numbers"]["red"] == 3 and g.rolled["numbers"]["blue"] == 6
    assert g.rolled["jokers"] == [1]
    g.do("order", A, row=1, status="open")
    g.do("done", A)
    assert g.refused("roll", A, dice={"yellow": 1}) == "safehouse.dice_in_lid"
    g.do("retrieve", A)
    assert g.state["pursuer"] == 7
    g.do("roll", A, dice={"yellow": 1})
    assert g.state["pursuer"] == 8 and g.positions() == [16]
    assert g.player(A)["open"] == 2 and g.player(A)["chameleons"]["left"] == 1
    assert g.state["caught"] == []


def test_sh17_what_may_be_rolled_and_when_the_dice_come_back(groups: Any) -> None:
    g = groups(2)
    assert g.refused("roll", A, dice={"white": 2}) == "safehouse.colour_die"
    assert g.refused("retrieve", A) == "safehouse.lid_empty"
    g.do("roll", A, dice={"white": 1, "yellow": 1})
    g.do("faces", A, faces={"white": [2], "yellow": [3]})
    g.do("go", A)
    g.do("done")
    assert g.refused("roll", B, dice={"yellow": 2}) == "safehouse.dice_not_free"
    g.roll(B, {"yellow": [1]})
    g.do("go", B)
    g.do("done")
    assert g.refused("roll", A, dice={"yellow": 1}) == "safehouse.dice_in_lid"
    g.do("pursuer", field=9)
    assert g.state["retrieval"]["cost"] == 0 and not g.state["retrieval"]["forced"]
    g.do("retrieve", B)  # colour dice remain: taking them back is the group's choice
    assert g.state["pursuer"] == 9 and g.state["roller"] == A and free(g) == ALL_FREE
    g.do("roll", A, dice={"green": 1})
    assert g.state["pursuer"] == 10


def test_sh18_two_orders_closed_on_one_roll(groups: Any) -> None:
    """A fills the last empty field of two open orders."""
    g = groups(2)
    g.reach(10, [20, 20], [2, 0])
    g.roll(A, {"yellow": [1], "green": [2], "red": [3], "blue": [4], "white": [5]})
    g.do("go", A)
    g.do("order", A, row=1, status="closed", arrow=3)
    g.do("order", A, row=2, status="closed", arrow=5)
    assert g.positions()[A] == 28 and g.player(A)["open"] == 0
    assert g.player(A)["closed"] == 3  # and the one that brought A to 20


def test_sh19_a_drift_correction_only_moves_the_pursuer_forward(groups: Any) -> None:
    g = groups(2)
    g.do("table.end_game")
    g.do("table.save", game="safehouse", kind="profile", name="box",
         data={"name": "Unser Block", "safehouse": 40, "start": 15, "pursuer": 0,
               "orders": 8})
    g.do("table.new_game", game="safehouse", seats=2, options={"first_player": A})
    assert g.state["profile"]["example"] is False
    g.reach(12, [15, 20], [0, 0])
    assert g.refused("pursuer", B, field=11) == "safehouse.pursuer_forward"
    g.do("pursuer", B, field=14)
    assert g.state["pursuer"] == 14 and g.state["phase"] == "ready"
    g.do("roll", A, dice={"yellow": 1})
    assert g.state["pursuer"] == 15 and g.state["phase"] == "lost" and g.state["caught"] == [A]


def test_a_capture_on_the_step_before_the_roll_rolls_no_dice(groups: Any) -> None:
    g = groups(2)
    g.reach(17, [18, 22], [0, 0])
    g.do("roll", A, dice={"yellow": 2, "red": 1})
    assert g.state["phase"] == "lost" and g.state["caught"] == [A]
    assert g.state["last"] == {"start": 17, "end": 18, "reason": "step", "steps": 1}
    assert g.state["roll"] is None  # nothing for the phones and the box to show as rolled
    assert free(g) == ALL_FREE and g.state["selection"] == dict.fromkeys(ALL_FREE, 0)
    for view in g.table.published.private.values():
        assert view["state"]["roll"] is None


def test_stepping_back_a_face_takes_back_only_what_was_typed_since_the_roll(
        groups: Any) -> None:
    g = groups(2)
    g.roll(A, {"yellow": [3, 4], "red": [P]})
    g.do("help", A, kind="reroll", dice={"yellow": [1], "red": [0]})
    assert g.refused("face_back", A) == "safehouse.no_face_entered"
    g.do("faces", A, faces={"red": [2]})
    g.do("face_back", A)
    assert g.rolled["faces"] == {"yellow": [3, None], "red": [None]}
    assert g.refused("face_back", A) == "safehouse.no_face_entered"  # the 3 was not re-rolled
    assert g.refused("face_back", B) == "safehouse.roller_only"
    g.do("faces", A, faces={"yellow": [5], "red": [1]})
    assert g.state["phase"] == "helps"
    g.do("face_back", A)  # a typo seen while the helps wait: no reveal yet
    assert g.state["phase"] == "faces" and g.rolled["faces"] == {"yellow": [3, 5],
                                                                        "red": [None]}


def test_the_rollers_phone_takes_back_every_face_it_sent_before_the_group_goes_on(
        groups: Any) -> None:
    g = groups(2)
    g.roll(A, {"yellow": [3, 4], "red": [P]})
    assert g.state["phase"] == "helps" and g.rolled["pursuers"] == 1
    assert g.refused("face_back", A, all="yes") == "error.argument_type"
    g.do("face_back", A, all=True)
    assert g.state["phase"] == "faces"
    assert g.rolled["faces"] == {"yellow": [None, None], "red": [None]}
    assert g.state["pursuer"] == 1 and g.state["rolls"] == 1  # the same roll, no new step
    g.do("faces", A, faces={"yellow": [3, 4], "red": [2]})
    g.do("go", A)
    assert g.state["pursuer"] == 1 and g.state["phase"] == "entering"
    assert g.refused("face_back", A, all=True) == "safehouse.phase.entering"


# -- sheet mode: the phones hold the sheets ----------------------------------------------------

def sheets(g: Group, *letters: str) -> None:
    """Each seat takes a sheet: A the first letter, B the second."""
    for seat, letter in enumerate(letters):
        g.do("sheet", seat, letter=letter)


def entering(g: Group, faces: dict[str, list[Any]]) -> None:
    """A roll of ``faces`` by the box, the helps declined: everyone enters."""
    g.roll(None, faces)
    g.do("go")


SH07 = {"yellow": [2, 4], "green": [3], "white": [5, 1]}
YELLOW, GREEN = (2, 0), (3, 0)
"""A yellow field and a green field, each first in an order that takes any number."""


def write(g: Group, seat: int, at: tuple[int, int], number: int, **args: Any) -> None:
    g.do("write", seat, row=at[0], field=at[1], number=number, **args)


def refused_write(g: Group, seat: int, at: tuple[int, int], number: int, **args: Any) -> str:
    return g.refused("write", seat, row=at[0], field=at[1], number=number, **args)


@pytest.mark.parametrize(("yellow", "green"), [
    (6, 3), (11, 3), (7, 3), (12, 3), (6, 8), (6, 4), (6, 9), (11, 4), (7, 8)])
def test_sh07_a_pair_sums_a_joker_joins_one_colour(groups: Any, yellow: int,
                                                   green: int) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, SH07)
    write(g, A, YELLOW, yellow)
    write(g, A, GREEN, green)
    assert g.sheet(A)[2][0] == yellow and g.sheet(A)[3][0] == green
    assert g.player(A)["open"] == 2 and g.player(A)["chameleons"]["used"] == 0


@pytest.mark.parametrize(("yellow", "green"), [(12, 8), (11, 8)])
def test_sh07_a_joker_counts_once(groups: Any, yellow: int, green: int) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, SH07)
    write(g, A, YELLOW, yellow)
    assert refused_write(g, A, GREEN, green) == "safehouse.sheet.number.green"


def test_sh07_what_a_roll_gives_and_what_it_does_not(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, SH07)
    for alone in (2, 4, 5):  # a pair is summed; a joker alone is no number
        assert refused_write(g, A, YELLOW, alone) == "safehouse.sheet.number.yellow"
    assert refused_write(g, A, (2, 1), 3) == "safehouse.sheet.no_value.red"  # red not rolled
    assert refused_write(g, A, (2, 1), 5) == "safehouse.sheet.no_value.red"
    assert refused_write(g, A, (2, 2), 4) == "safehouse.sheet.no_value.blue"
    write(g, A, YELLOW, 6)
    write(g, A, GREEN, 3)
    for at in ((0, 0), (4, 0), (5, 0)):  # at most 2 numbers: 2 colours rolled
        assert refused_write(g, A, at, 6) == "safehouse.sheet.used.yellow"
    assert refused_write(g, A, (0, 1), 3) == "safehouse.sheet.used.green"
    write(g, B, GREEN, 9)  # B chooses differently in the same roll: both jokers on green
    assert g.sheet(B)[3][0] == 9 and g.sheet(A)[3][0] == 3


def test_sh07_a_pursuer_die_gives_nothing_and_takes_no_joker(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"yellow": [P, 3], "green": [P], "white": [2]})
    assert refused_write(g, A, GREEN, 2) == "safehouse.sheet.no_value.green"
    assert refused_write(g, A, YELLOW, 2) == "safehouse.sheet.number.yellow"
    write(g, A, YELLOW, 5)  # the other yellow die alone, and the joker


def test_sh07_a_chameleon_carries_one_colour_into_another_field(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, SH07)
    red = (2, 1)
    assert refused_write(g, A, red, 5, colour="yellow") == "safehouse.sheet.number.yellow"
    for number in (6, 7, 11, 12):  # yellow's value, with or without jokers, into red
        write(g, A, red, number, colour="yellow")
        assert g.player(A)["chameleons"]["left"] == 0
        assert refused_write(g, A, YELLOW, 6) == "safehouse.sheet.used.yellow"
        g.do("table.undo", A)
        assert g.player(A)["chameleons"]["left"] == 1 and g.sheet(A)[2][1] is None
    write(g, A, YELLOW, 6)
    assert refused_write(g, A, red, 6, colour="yellow") == "safehouse.sheet.used.yellow"
    write(g, A, (0, 0), 3, colour="green")  # green into a yellow field
    assert g.player(A)["chameleons"]["left"] == 0
    assert refused_write(g, A, (2, 2), 6, colour="yellow") == "safehouse.sheet.no_chameleon"
    g.do("erase", A, row=0, field=0)
    assert g.player(A)["chameleons"]["left"] == 1
    write(g, A, GREEN, 3)  # erased: green is free again, into its own colour
    assert refused_write(g, A, (1, 1), 3) == "safehouse.sheet.used.green"


def test_sh07_the_phone_offers_exactly_what_the_table_accepts(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, SH07)
    offers = g.phone(A)["offers"]
    assert offers[2][0] == [{"number": n, "colour": "yellow"} for n in (6, 7, 11, 12)] + [
        {"number": n, "colour": "green"} for n in (3, 4, 8, 9)]  # green by chameleon
    assert offers[2][1] == [{"number": n, "colour": c} for c, ns in (
        ("yellow", (6, 7, 11, 12)), ("green", (3, 4, 8, 9))) for n in ns]
    assert offers[5][2] == []  # the printed grey 6
    assert g.phone(A)["hand"] == {
        "colours": {"yellow": 6, "green": 3}, "jokers": [5, 1], "chameleon": True}
    write(g, A, YELLOW, 11)
    after = g.phone(A)
    assert after["hand"] == {"colours": {"green": 3}, "jokers": [1], "chameleon": True}
    assert after["offers"][2][0] == [] and after["offers"][3][0] == [
        {"number": 3, "colour": "green"}, {"number": 4, "colour": "green"}]
    assert g.phone(B)["hand"]["jokers"] == [5, 1]  # B's own


def test_sh08_order_one_all_equal(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"green": [4], "yellow": [5], "blue": [4]})
    write(g, A, (0, 1), 4)
    assert refused_write(g, A, (0, 0), 5) == "safehouse.sheet.rule.equal"
    write(g, A, (0, 3), 4)
    assert g.sheet(A)[0] == [None, 4, None, 4] and g.player(A)["orders"][0]["status"] == "open"


def test_sh08_order_two_rises(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"yellow": [3], "green": [3], "white": [2]})
    write(g, A, (1, 0), 3)
    assert refused_write(g, A, (1, 1), 3) == "safehouse.sheet.rule.strict"
    write(g, A, (1, 1), 5)
    g.do("done")
    g.do("retrieve")
    entering(g, {"blue": [4], "white": [5, 1]})
    assert refused_write(g, A, (1, 3), 5) == "safehouse.sheet.rule.strict"  # 4 + joker 1
    write(g, A, (1, 3), 9)  # field 4 before field 3
    row = g.sheet(A)[1]
    assert row == [3, 5, None, 9]
    assert [n for n in range(1, 21) if sheet.respects("strict", tuple(row), 2, n)] == [6, 7, 8]


def test_sh08_order_five_the_same_or_rising(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"yellow": [3], "green": [3], "red": [2], "white": [3]})
    write(g, A, (4, 0), 3)
    write(g, A, (4, 1), 3)
    assert refused_write(g, A, (4, 2), 2) == "safehouse.sheet.rule.nondecreasing"
    write(g, A, (4, 2), 5)
    assert g.sheet(A)[4] == [3, 3, 5] and g.positions()[A] == 20  # closed: arrow 4


def test_sh08_the_grey_six_is_a_number_in_the_order(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"yellow": [3, 3], "red": [5], "blue": [3, 3], "white": [1]})
    assert refused_write(g, A, (5, 0), 7) == "safehouse.sheet.rule.nondecreasing"
    write(g, A, (5, 0), 6)
    assert refused_write(g, A, (5, 3), 5) == "safehouse.sheet.rule.nondecreasing"
    write(g, A, (5, 3), 6)  # red 5 and the joker
    write(g, A, (5, 4), 6)
    assert refused_write(g, A, (5, 2), 6) == "safehouse.sheet.printed"
    assert g.sheet(A)[5] == [6, None, 6, 6, 6]
    assert g.player(A)["orders"][5]["status"] == "open" and g.positions()[A] == 16
    g.do("done")
    entering(g, {"green": [2, 4]})
    write(g, A, (5, 1), 6)  # the last empty colour field: the order closes, arrow 5
    assert g.player(A)["orders"][5] == {"status": "closed", "arrow": 5}
    assert g.positions()[A] == 21 and g.player(A)["open"] == 0


def test_sh08_an_order_that_cannot_be_finished_is_written_and_warned(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"yellow": [3], "green": [4]})
    write(g, A, (1, 0), 3)
    write(g, A, (1, 1), 4)
    assert not g.player(A)["sheet"][1]["stuck"]
    g.do("done")
    entering(g, {"blue": [4], "white": [1]})
    write(g, A, (1, 3), 5)  # 3 4 _ 5: nothing fits between 4 and 5, but it may be written
    assert g.player(A)["sheet"][1]["stuck"] and g.sheet(A)[1] == [3, 4, None, 5]


def test_sh18_four_numbers_at_most_and_two_orders_closed(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, {"yellow": [1], "green": [2], "red": [3]})
    write(g, A, (4, 0), 1)
    write(g, A, (4, 1), 2)
    write(g, A, (4, 2), 3)
    assert g.positions()[A] == 20  # an order with the arrow 4
    g.do("done")
    entering(g, {"yellow": [1], "red": [1], "blue": [3, 3]})
    write(g, A, (2, 0), 1)
    write(g, A, (6, 0), 1)
    write(g, A, (6, 2), 6)
    g.do("done")
    assert g.player(A)["open"] == 2 and g.state["retrieval"]["cost"] == 2  # the sheet's count
    pursuer = g.state["pursuer"]
    g.do("retrieve")
    assert g.state["pursuer"] == pursuer + 2
    entering(g, {"red": [2]})
    write(g, A, (2, 1), 2)
    g.do("done")
    g.do("pursuer", field=10)
    assert g.sheet(A)[2] == [1, 2, None] and g.sheet(A)[6] == [1, 6, 6, None]

    entering(g, {"yellow": [1], "green": [2], "red": [3], "blue": [4], "white": [5]})
    assert g.state["pursuer"] == 11
    write(g, A, (2, 2), 4)  # blue closes an order with the arrow 3
    write(g, A, (6, 3), 6)  # yellow 1 and the joker 5 close one with the arrow 5
    assert refused_write(g, A, (0, 1), 7) == "safehouse.sheet.number.green"  # joker spent
    write(g, A, (0, 1), 2)
    write(g, A, (1, 2), 3)
    for at, number in (((3, 0), 2), ((1, 0), 1), ((0, 3), 4)):  # a fifth number: refused
        assert refused_write(g, A, at, number).startswith("safehouse.sheet.used.")
    assert g.positions()[A] == 28
    assert [o["status"] for o in g.player(A)["orders"]][:7] == [
        "open", "open", "closed", "empty", "closed", "empty", "closed"]
    assert g.player(A)["open"] == 2


def test_sheet_mode_one_letter_a_seat_and_light_entries_for_the_others(groups: Any) -> None:
    g = groups(3, mode="sheet")
    g.do("sheet", A, letter="F")
    assert g.refused("sheet", B, letter="F") == "safehouse.sheet.taken"
    assert g.refused("sheet", B, letter="X") == "safehouse.sheet.letter"
    g.do("sheet", A, letter="E")  # nothing written yet: A may still change
    g.do("sheet", B, letter="F")
    entering(g, {"yellow": [2]})
    assert g.refused("order", A, row=0, status="open") == "safehouse.sheet.held"
    assert g.refused("order", None, seat=A, row=0, status="open") == "safehouse.sheet.held"
    assert g.refused("chameleon", A) == "safehouse.sheet.held"
    assert g.refused("write", C, row=0, field=0, number=2) == "safehouse.sheet.none"
    g.do("order", None, seat=C, row=0, status="open")  # no sheet on C's phone: the box enters
    write(g, A, (2, 0), 2)
    assert g.refused("sheet", A, letter="S") == "safehouse.sheet.started"
    assert [p["letter"] for p in g.state["players"]] == ["E", "F", None]
    assert [p["open"] for p in g.state["players"]] == [1, 0, 1]
    g.do("done")
    assert g.refused("erase", A, row=2, field=0) == "safehouse.phase.ready"
    entering(g, {"green": [2]})
    assert g.refused("erase", A, row=2, field=0) == "safehouse.sheet.not_this_roll"


def test_the_light_mode_has_no_sheets(groups: Any) -> None:
    g = groups(2)
    assert g.state["mode"] == "light"
    assert g.refused("sheet", A, letter="S") == "safehouse.sheet.light_mode"
    entering(g, {"yellow": [2]})
    assert g.refused("write", A, row=0, field=0, number=2) == "safehouse.sheet.light_mode"


def test_a_malformed_sheet_entry_is_refused_with_a_sentence(groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S", "A")
    entering(g, SH07)
    assert refused_write(g, A, (2, 3), 6) == "safehouse.sheet.field"  # the order has 3 fields
    assert refused_write(g, A, (8, 0), 6) == "safehouse.row"
    assert refused_write(g, A, YELLOW, 6, colour="white") == "safehouse.sheet.colour_invalid"
    assert g.refused("write", A, row=2, field=0) == "safehouse.sheet.number_invalid"
    assert g.refused("erase", A, row=2, field=-1) == "safehouse.sheet.field"
    write(g, A, YELLOW, 6)
    assert g.refused("write", B, seat=A, row=3, field=0, number=3) == "safehouse.own_sheet"
    assert refused_write(g, A, YELLOW, 7) == "safehouse.sheet.written"


def test_a_number_erased_from_a_digital_sheet_past_the_pursuer_ends_the_game(
        groups: Any) -> None:
    g = groups(2, mode="sheet")
    sheets(g, "S")
    three_numbers(g)
    for field in range(3):  # yellow, green, red: the order closes, arrow 4
        write(g, A, (4, field), field + 1)
    g.do("order", B, row=0, status="closed", arrow=6)
    g.do("pursuer", field=19)
    assert g.positions() == [20, 22] and g.state["phase"] == "entering"
    g.do("erase", A, row=4, field=1)
    caught_by_an_entry(g, A, 19)
