"""The box running Rob 'n Run on a real Table and mock pins: the buttons drive everything
public, the police station's LEDs show the cubes read back from the 74HC595 bitstream, the
buzzer sounds the siren when the red alarm goes off."""

from __future__ import annotations

from typing import Any

import pytest

from companion.device.box import Box
from companion.device.pins import PinMap
from companion.games.base import Action, Button, IllegalAction, Sound
from companion.table.owner import Table
from companion.table.published import token_hash
from tests.clock import FakeClock
from tests.device.frames import drawn_lines
from tests.device.recording import RecordingFactory
from tests.device.test_box import Player, bars
from tests.device.test_robnrun_screen import CRACKING, SAFES, WRONG
from tests.games.robnrun_helpers import scenario_json

LIT = scenario_json(name="Wache besetzt",
                    station={"yellow": 1, "green": 1, "white": 1, "red": 1},
                    squares=[["yellow", "green"], ["red", "white"], ["green"], ["yellow"],
                             ["red"]])
"""A scenario with cubes on the station from the start, one white cube for the dealer."""


class Operator(Player):
    """Runs the game from the box's buttons; only the boss's secrets come from the boss's phone."""

    def __init__(self, box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                 clock: FakeClock) -> None:
        super().__init__(box, pins, pin_map, table, clock)

    def menu_keys(self) -> list[str]:
        """The game's own menu items (the box's guide and way back to the games left aside)."""
        return [item.key for item in self.table.published.controls.menu
                if item.key not in ("box.guide", "box.end_game")]

    def choose(self, key: str, **params: Any) -> None:
        """Move the cursor to the menu item ``key`` (with ``params``) and press OK."""
        menu = self.table.published.controls.menu
        index = next(n for n, item in enumerate(menu) if item.key == key
                     and all(item.params.get(k) == v for k, v in params.items()))
        self.tap(*[Button.RIGHT] * ((index - self.box.cursor) % len(menu)), Button.OK)

    def start(self, seats: int = 4) -> None:
        """Choose Rob 'n Run for ``seats`` from the lobby's menu; the boss has a phone."""
        self.choose("box.new_game", game="robnrun", count=seats)
        assert self.table.published.public["game"] == "robnrun"
        self.boss_takes_a_phone()

    def boss_takes_a_phone(self) -> None:
        self.table.submit(Action("table.claim", None, {"seat": self.state()["boss"],
                                                       "token_hash": token_hash("boss")}))
        self.box.settled()

    def boss(self, kind: str, **args: Any) -> None:
        """What only the boss's phone may send."""
        self.table.submit(Action(kind, self.state()["boss"], args))
        self.box.settled()

    def prepare(self, building: str) -> None:
        self.choose("robnrun.menu.rob", building=building)
        self.tap(Button.TURN)
        self.boss("safes", safes=SAFES)
        self.tap(Button.TURN)
        assert self.state()["phase"] == "clues"

    def round(self, cards: list[str]) -> None:
        """TURN on to the crew phase, TURN for every card played, then the boss sorts."""
        self.tap(Button.TURN)
        self.tap(*[Button.TURN] * self.state()["crew"]["needed"])
        assert self.state()["phase"] == "alarm" and self.menu_keys() == []
        self.boss("sort", cards=cards)


@pytest.fixture
def operator(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
             clock: FakeClock) -> Operator:
    return Operator(box, pins, pin_map, table, clock)


def test_robnrun_box_buttons_prepare_a_robbery(operator: Operator) -> None:
    p = operator
    p.start()
    assert p.state()["phase"] == "prepare" and len(p.table.published.public["seats"]) == 4
    assert set(p.menu_keys()) == {"robnrun.menu.rob"}
    p.tap(Button.TURN)                      # nothing to do before a building is chosen
    assert p.state()["prepare"]["building"] is None
    p.choose("robnrun.menu.rob", building="A2")
    assert p.state()["prepare"] == {**p.state()["prepare"], "building": "A2", "safes": 3}
    assert p.menu_keys() == ["robnrun.menu.deal"]
    p.tap(Button.TURN)
    assert p.state()["prepare"]["dealt"]
    assert len(p.state()["clues"]["face_up"]) == p.state()["station"]["yellow"]["value"]
    p.boss("safes", safes=SAFES)
    p.tap(Button.TURN)
    assert p.state()["phase"] == "clues"


def test_robnrun_box_buttons_use_clues_and_play_the_crew_phase(operator: Operator) -> None:
    p = operator
    p.start()
    p.prepare("A2")
    clue = p.state()["clues"]["face_up"][0]
    p.choose("robnrun.menu.use_clue", clue=clue)
    assert p.state()["clues"]["uses"] == [{"clue": clue, "bought": False, "tool": None,
                                           "count": None}]
    assert clue not in p.state()["clues"]["face_up"]
    p.tap(Button.TURN)
    crew = p.state()["crew"]
    first = crew["members"][0]
    assert p.state()["phase"] == "crew" and crew["turn"] == first
    assert p.menu_keys() == ["robnrun.menu.play", "robnrun.menu.exchange", "robnrun.menu.pass"]
    p.tap(Button.TURN)
    assert p.state()["crew"]["played"] == 1 and p.state()["crew"]["turn"] == crew["members"][1]
    p.choose("robnrun.menu.exchange")
    assert p.state()["crew"]["exchanged"] == [crew["members"][1]]
    p.choose("robnrun.menu.pass")
    assert p.state()["crew"]["passes"] == 1 and p.state()["crew"]["turn"] == first
    assert p.box.cursor == 0, "the next member's menu starts at its first item, not at pass"
    p.tap(*[Button.TURN] * 3)
    assert p.state()["phase"] == "alarm" and p.state()["crew"]["played"] == 4
    assert p.menu_keys() == []
    p.tap(Button.TURN)                      # the boss's phone sorts, the box waits
    assert p.state()["phase"] == "alarm"


def test_robnrun_box_siren_when_the_red_alarm_goes_off(operator: Operator) -> None:
    p = operator
    p.start()
    p.prepare("A2")
    mark = p.pins.log.mark()
    p.round(WRONG)                          # 4 wrong tools: the red value 4 holds
    assert p.state()["phase"] == "clues" and p.heard(mark) == []
    p.round(WRONG)                          # 8 wrong tools: the alarm goes off
    assert p.state()["evaluation"]["alarm"]
    assert p.heard(mark) == [Sound.SIREN]


def test_robnrun_box_buttons_go_through_the_evaluation_to_the_end(operator: Operator) -> None:
    p = operator
    p.start()
    p.prepare("A2")
    p.round(WRONG)
    p.round(WRONG)
    p.tap(Button.TURN, Button.TURN)
    assert p.state()["evaluation"]["step"] == 3 and p.state()["evaluation"]["to_place"] == 3
    assert set(p.menu_keys()) == {"robnrun.menu.place"}
    p.tap(Button.TURN)                      # the new safes must go somewhere first
    assert p.state()["evaluation"]["step"] == 3
    for building in ("B1", "B2", "D1"):
        p.choose("robnrun.menu.place", building=building)
    assert p.state()["evaluation"]["placed"] == ["B1", "B2", "D1"]
    assert p.menu_keys() == ["robnrun.menu.next"]
    p.tap(Button.TURN)
    assert p.state()["police"] == 5         # 1, 3 uncracked, 1 for the alarm
    p.tap(Button.TURN, Button.TURN, Button.TURN)
    assert p.state()["phase"] == "lost"
    assert p.menu_keys() == ["robnrun.menu.end_game", "box.rematch"]
    p.tap(Button.OK)
    assert p.table.published.public["game"] is None


def test_robnrun_box_leds_show_the_cubes_of_each_alarm_system(operator: Operator) -> None:
    p = operator
    p.table.submit(Action("table.save", None, {"game": "robnrun", "kind": "scenario",
                                               "name": "lit", "data": LIT}))
    p.table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 4,
                                                    "options": {"scenario": "lit"}}))
    p.boss_takes_a_phone()
    assert p.shown() == bars(1, 1, 1, 1)
    p.prepare("C1")                         # the last safes of quarter C: the white dealer
    mark = p.pins.log.mark()
    for cards in CRACKING:
        p.round(cards)
    assert p.heard(mark) == [Sound.DONE]    # cracked, no alarm
    assert p.shown() == bars(1, 1, 1, 1)    # step 1: the car moves, the cubes not yet
    p.tap(Button.TURN)
    assert p.state()["evaluation"]["cubes"] == ["yellow", "green"]
    assert p.shown() == bars(2, 2, 1, 1)
    p.tap(Button.TURN, Button.TURN, Button.TURN)
    assert p.state()["evaluation"]["dealer"] == "white"
    assert p.menu_keys() == ["robnrun.menu.buy_0", "robnrun.menu.buy_1"]  # 1 white cube to buy
    gold = p.state()["gold"]
    p.choose("robnrun.menu.buy_1")
    assert p.state()["gold"] == gold - 2
    assert p.shown() == bars(2, 2, 0, 1)
    assert p.box.leds == p.table.games["robnrun"].leds(p.table.published.public, None)


def tool(name: str) -> dict[str, str]:
    return {"key": f"robnrun.tool.{name}"}


def test_robnrun_box_a_boss_without_a_phone_plays_openly_on_the_box(
        operator: Operator) -> None:
    p = operator
    p.choose("box.new_game", game="robnrun", count=4)   # nobody has a phone
    p.choose("robnrun.menu.rob", building="A2")
    assert "robnrun.menu.openly" in p.menu_keys()
    p.tap(Button.TURN)                                  # deal
    p.choose("robnrun.menu.openly")                     # the box says what that means
    assert p.state()["openly_asked"] and not p.state()["openly"]
    assert p.menu_keys() == ["robnrun.menu.openly_yes", "robnrun.menu.openly_no"]
    p.choose("robnrun.menu.openly_yes")
    assert p.state()["openly"] and p.state()["now"] == "safes_openly"
    enter_the_safes(p)
    assert p.table.published.device["box"]["draft"] == SAFES, "on the box's screen alone"
    p.choose("robnrun.menu.enter_safes")
    assert p.state()["prepare"]["safes_entered"]
    p.tap(Button.TURN, Button.TURN)                     # start, on to the crew
    p.tap(*[Button.TURN] * p.state()["crew"]["needed"])
    assert p.state()["now"] == "alarm_openly"
    for n, card in enumerate(CRACKING[0], start=1):
        p.choose("robnrun.menu.add_card", index=n, card=tool(card))
    p.choose("robnrun.menu.sort")
    assert p.state()["rows"] == {"card": 2, "acid": 1, "ram": 1}
    shown = p.table.published
    assert shown.device["box"]["safes"] == SAFES
    boss = p.state()["boss"]
    others = [shown.public, *(view for seat, view in shown.private.items() if seat != boss)]
    assert all("secret" not in view["state"] and "draft" not in str(view) for view in others)


@pytest.mark.usefixtures("offscreen")
def test_robnrun_box_back_turns_the_open_safes_a_safe_a_page(operator: Operator) -> None:
    """While the boss plays openly the safes stand on the screen a safe a page: BACK turns to
    the next (the box's own, as its cursor: nothing goes to the Table), the page stays as the
    crew plays, and held BACK still undoes."""
    p = operator
    p.choose("box.new_game", game="robnrun", count=4)   # nobody has a phone
    p.choose("robnrun.menu.rob", building="A2")
    p.choose("robnrun.menu.openly")
    p.choose("robnrun.menu.openly_yes")
    enter_the_safes(p)
    p.choose("robnrun.menu.enter_safes")
    p.tap(Button.TURN, Button.TURN)                     # deal, start: the clues
    version, heads = p.table.published.version, []
    for _ in range(4):
        heads.append(head(p))
        p.tap(Button.BACK)
    assert heads == ["Tresor 1 von 3 · 2 Gold", "Tresor 2 von 3 · 3 Gold",
                     "Tresor 3 von 3 · 1 Gold", "Tresor 1 von 3 · 2 Gold"]
    assert p.table.published.version == version, "turning a page is the box's alone"
    p.tap(Button.TURN)                                  # on to the crew
    assert p.state()["phase"] == "crew" and head(p) == "Tresor 2 von 3 · 3 Gold"
    p.hold(Button.BACK)
    assert p.state()["phase"] == "clues", "held, BACK undoes"


def head(p: Operator) -> str:
    """The safe's head the box's screen shows now, on the page the box shows."""
    _, written = drawn_lines(p.table.games, p.table.published, p.box.cursor, page=p.box.page)
    return next(w.words for w in written if w.role == "body" and w.words.startswith("Tresor"))


def enter_the_safes(p: Operator) -> None:
    """Every safe of SAFES, tool by tool and its gold, on the box's menu."""
    for n, safe in enumerate(SAFES):
        for name, count in safe["tools"].items():
            for _ in range(count):
                p.choose("robnrun.menu.add_tool", safe=n + 1, tool=tool(name))
        p.choose("robnrun.menu.safe_gold", safe=n + 1, gold=safe["gold"])
        if n + 1 < len(SAFES):                          # a whole safe: on to the next
            assert p.table.published.device["box"]["focus"] == n + 1


def test_robnrun_box_open_play_deals_once_every_safe_is_entered(operator: Operator) -> None:
    p = operator
    p.choose("box.new_game", game="robnrun", count=4)   # nobody has a phone
    p.choose("robnrun.menu.rob", building="A2")
    p.choose("robnrun.menu.openly")
    p.choose("robnrun.menu.openly_yes")
    p.tap(Button.TURN)                                  # no clue while the safes are missing
    assert not p.state()["prepare"]["dealt"] and Button.TURN not in p.table.published.controls.keys
    assert {"robnrun.menu.deal", "robnrun.menu.enter_safes"}.isdisjoint(p.menu_keys())
    enter_the_safes(p)
    p.tap(Button.TURN)
    assert not p.state()["prepare"]["safes_entered"] and not p.state()["prepare"]["dealt"]
    p.choose("robnrun.menu.enter_safes")
    p.tap(Button.TURN)
    assert p.state()["prepare"]["dealt"]


def test_robnrun_box_never_plays_openly_for_a_boss_with_a_phone(operator: Operator) -> None:
    p = operator
    p.start()                                           # the boss has a phone
    p.choose("robnrun.menu.rob", building="A2")
    assert "robnrun.menu.openly" not in p.menu_keys()
    for kind, args in (("openly", {"ask": True}), ("safes", {"safes": SAFES})):
        with pytest.raises(IllegalAction) as refused:
            p.table.submit(Action(kind, None, args))
        assert refused.value.key in ("error.seat_has_phone", "robnrun.boss_phone")
    assert p.table.published.device["box"] == {}


def test_robnrun_box_cursor_leads_through_a_safe_as_its_tools_are_listed(
        operator: Operator) -> None:
    """Entering the safes before the clues are dealt, OK on a tool leads the cursor to the
    next tool and TURN adds that tool once more; the gold of a whole safe goes on to the next
    safe, the cursor on its first tool; nothing deals the clues."""
    p = operator
    p.choose("box.new_game", game="robnrun", count=4)
    p.choose("robnrun.menu.rob", building="A2")
    p.choose("robnrun.menu.openly")
    p.choose("robnrun.menu.openly_yes")
    assert highlighted(p) == ("robnrun.menu.add_tool", {"safe": 1, "tool": tool("card")})
    p.tap(Button.OK)
    assert highlighted(p) == ("robnrun.menu.add_tool", {"safe": 1, "tool": tool("flashlight")})
    p.tap(Button.TURN)
    assert p.table.published.device["box"]["draft"][0]["tools"] == {"card": 2}
    p.choose("robnrun.menu.safe_gold", safe=1, gold=2)  # two tools: not whole yet
    assert p.table.published.device["box"]["focus"] == 0
    p.choose("robnrun.menu.add_tool", safe=1, tool=tool("acid"))
    assert highlighted(p) == ("robnrun.menu.add_tool", {"safe": 1, "tool": tool("dynamite")})
    p.choose("robnrun.menu.safe_gold", safe=1, gold=2)
    assert p.table.published.device["box"]["focus"] == 1
    assert highlighted(p) == ("robnrun.menu.add_tool", {"safe": 2, "tool": tool("card")})
    assert not p.state()["prepare"]["dealt"]


def highlighted(p: Operator) -> tuple[str, dict[str, Any]]:
    """The key and params of the menu item under the box's cursor."""
    item = p.table.published.controls.menu[p.box.cursor]
    return item.key, dict(item.params)
