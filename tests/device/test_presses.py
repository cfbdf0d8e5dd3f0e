"""What common tasks on the box alone take, counted press by press on mock pins: each takes at
most half the presses it took before (the figure before, measured the same way, beside it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import Button
from companion.i18n import text
from companion.table.box_options import _labels
from tests.device.frames import drawn_lines
from tests.device.presses import Counting, Wanted, key


@pytest.fixture
def hands(tmp_path: Path) -> Iterator[Counting]:
    counting = Counting(tmp_path / "getaway.sqlite")
    yield counting
    counting.close()


def option(name: str, value: object = None) -> Wanted:
    """The settings item (or, with ``value``, the value item) of the option ``name``."""
    return lambda item: item.action.args.get("option") == name and (
        value is None or item.action.args.get("value") == value)


TURN_LIMIT_BEFORE = 17
"""From the box's start: Rommé's settings, the turn time, 50 s down to 15 s, back out."""


def test_presses_turn_limit_from_50_to_15_seconds(hands: Counting) -> None:
    hands.take(key("box.settings", game="romme"))
    hands.take(option("turn_seconds"))
    hands.take(option("turn_seconds", 15))
    hands.tap(Button.BACK)
    start = hands.table.published.controls.menu[hands.item("table.new_game", game="romme")]
    assert start.action.args["options"] == {"turn_seconds": 15}
    assert hands.presses <= TURN_LIMIT_BEFORE // 2


def test_settings_stay_on_the_option_just_set_and_its_values_start_at_its_value(
        hands: Counting) -> None:
    hands.take(key("box.settings", game="romme"))
    hands.take(option("after_overrun"))
    chosen = hands.table.published.controls.menu[hands.box.cursor]
    assert chosen.action.args["value"] == 10, "the values start at the one set now"
    hands.tap(Button.RIGHT)
    hands.tap(Button.OK)
    chosen = hands.table.published.controls.menu[hands.box.cursor]
    assert chosen.action.args == {"game": "romme", "option": "after_overrun"}
    assert chosen.params["value"] == {"key": "romme.option.after_overrun.15"}


@pytest.mark.usefixtures("offscreen")
def test_settings_say_what_ok_does_there(hands: Counting) -> None:
    def hints() -> str:
        _, lines = drawn_lines(hands.table.games, hands.table.published, hands.box.cursor)
        return " ".join(line.words for line in lines)

    assert "OK: starten" in hints()
    hands.take(key("box.settings", game="gendarm"))
    assert "OK: ändern" in hints() and "OK: starten" not in hints()
    hands.take(option("black"))
    assert "OK: übernehmen" in hints()
    assert "Platz 2" in hints()


def test_black_is_said_as_a_seat() -> None:
    game = GAMES["gendarm"]
    black = next(o for o in game.options if o.name == "black")
    for lang, said in (("de", "Platz 2"), ("en", "seat 2")):
        value = _labels(game, black, 1)["value"]
        assert isinstance(value, dict) and text(str(value["key"]), lang) == said


HAND_BEFORE = 45
"""A stuck hand of 12 tiles (2 5 5 7 9 10 10 1 3 8 4 and a joker: 114), tile by tile."""


def round_scored(hands: Counting) -> int:
    """Rommé for two: both drew once, then the player on turn went out; the seat to count."""
    hands.send("table.new_game", game="romme", seats=2)
    hands.send("resume")
    for _ in range(2):
        hands.send("draw", hands.state()["turn"])
    winner = int(hands.state()["turn"])
    hands.send("romme", winner)
    return 1 - winner


def test_presses_a_twelve_tile_hand_by_its_total(hands: Counting) -> None:
    seat = round_scored(hands)
    hands.presses = 0
    for change in ["+10"] * 6 + ["+5", "-1"]:
        hands.take(key("romme.menu.change", change=change))
    hands.take(key("romme.menu.add_joker"))
    assert hands.state()["scoring"]["points"] == {str(seat): -114}
    assert hands.presses <= HAND_BEFORE // 2


DICE_BEFORE = {8: 32, 10: 39}
"""Every colour die (and the two jokers) chosen colour by colour, rolled, each face typed in."""


@pytest.mark.parametrize("count", [8, 10])
def test_presses_a_roll_of_every_die_the_box_rolls_for_the_group(hands: Counting,
                                                                 count: int) -> None:
    hands.send("table.new_game", game="safehouse", seats=2)
    hands.presses = 0
    hands.take(key("safehouse.menu.colour_dice" if count == 8 else "safehouse.menu.all_dice",
                   count=count))
    hands.tap(Button.TURN)
    assert hands.state()["phase"] == "faces"
    hands.take(key("safehouse.menu.box_rolls", dice=count))
    roll = hands.state()["roll"]
    assert hands.state()["phase"] == "helps", roll
    assert hands.presses <= DICE_BEFORE[count] // 2


SAFES_BEFORE = 53
"""Three safes (a card, a stethoscope, 2 acid, a ram, 1 gold; a flashlight, dynamite, 2 rams,
a jackhammer, 2 gold; a card, a flashlight, a stethoscope, acid, 3 gold) tool by tool."""
SAFES = [({"card": 1, "stethoscope": 1, "acid": 2, "ram": 1}, 1),
         ({"flashlight": 1, "dynamite": 1, "ram": 2, "jackhammer": 1}, 2),
         ({"card": 1, "flashlight": 1, "stethoscope": 1, "acid": 1}, 3)]


def test_presses_three_safes_entered_in_the_order_their_tools_are_listed(
        hands: Counting) -> None:
    hands.send("table.new_game", game="robnrun", seats=4)
    hands.take(key("robnrun.menu.rob", building="A2"))
    hands.take(key("robnrun.menu.openly"))
    hands.take(key("robnrun.menu.openly_yes"))
    hands.presses = 0
    for n, (tools, gold) in enumerate(SAFES, start=1):
        for name, count in tools.items():
            hands.take(key("robnrun.menu.add_tool", safe=n, tool={"key": f"robnrun.tool.{name}"}))
            for _ in range(count - 1):
                hands.tap(Button.TURN)                  # that tool once more
        hands.take(key("robnrun.menu.safe_gold", safe=n, gold=gold))
    assert hands.table.published.device["box"]["draft"] == [
        {"tools": tools, "gold": gold} for tools, gold in SAFES]
    hands.take(key("robnrun.menu.enter_safes"))
    assert hands.state()["prepare"]["safes_entered"]
    assert hands.presses <= SAFES_BEFORE // 2


def test_presses_every_open_safe_read_readably_a_press_a_safe(hands: Counting) -> None:
    """Played openly, the safes stand on the box a safe a page in the body's size: the group
    reads all three with two presses of BACK (before: none, every safe in 1.65-mm letters)."""
    hands.send("table.new_game", game="robnrun", seats=4)
    for kind, args in (("rob", {"building": "A2"}), ("openly", {"ask": True}), ("openly", {}),
                       ("safes", {"safes": [{"tools": t, "gold": g} for t, g in SAFES]}),
                       ("deal", {}), ("start", {})):
        hands.send(kind, **args)
    hands.presses, heads = 0, []
    for n in range(len(SAFES)):
        if n:
            hands.tap(Button.BACK)
        _, written = drawn_lines(GAMES, hands.table.published, hands.box.cursor,
                                 page=hands.box.page)
        heads += [w.words for w in written if w.role == "body" and w.words.startswith("Tresor")]
    assert heads == [f"Tresor {n} von 3 · {gold} Gold" for n, (_, gold) in enumerate(SAFES, 1)]
    assert hands.presses == len(SAFES) - 1
