"""Räuber und Gendarm for a group where not everyone has a phone, on a real Table.

A player without a phone keeps a real chip face down, as in the printed game: from the box's
buttons (mock pins) the group gives up that player's gendarmes after an odd duty roll and
claims its captures, the box offering every gendarme in play and taking the table's word. Where
the box deals the catchers (the default), it offers that chip to a side without a phone before
the deal and after it, so a group with no phone at all plays to the end. The other player's
phone keeps its catcher secret all the same: whichever gendarme that is, the box's menu (both
languages), its screen, LEDs and buzzer, the public view and every refusal the box gets are
byte for byte the same. (A catcher is a small number that occurs everywhere by chance, so
rather than search for it, each output is compared across every number the catcher can be.)
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.device.box import Box
from companion.device.pins import PinMap
from companion.device.screen import Screen, menu_labels
from companion.games import GAMES
from companion.games.base import Action, Button, GetawayError, Sound
from companion.games.gendarm import GAME
from companion.i18n import LANGUAGES
from companion.table.owner import Table
from tests import tables
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory
from tests.device.test_gendarm_box import Operator
from tests.device.walk import walk
from tests.games.gendarm_helpers import A, B, Play, Told

SIZE = (480, 320)
URL = "http://192.168.178.23:8000/j/KM7RX"
CHIP = 2
"""The chip Schwarz (seat 0, no phone) drew and keeps face down: only the table knows it."""
PHONE: dict[str, Any] = {"seat": B, "token_hash": "b" * 64, "name": "Bernd"}
"""Weiß (seat 1) holds a phone."""


@pytest.fixture
def told() -> Told:
    return Told()


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock, told: Told) -> Iterator[Table]:
    """The box's Table with its dice told in advance."""
    table = tables.open_table(tmp_path / "getaway.sqlite", clock, chance=told)
    yield table
    table.stop()


@pytest.fixture
def operator(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
             clock: FakeClock) -> Operator:
    return Operator(box, pins, pin_map, table, clock)


def choose(operator: Operator, key: str, **params: Any) -> None:
    """Move the cursor to the menu item ``key`` (with ``params``) and press OK."""
    menu = operator.table.published.controls.menu
    index = next(n for n, item in enumerate(menu)
                 if item.key == key and all(item.params.get(k) == v for k, v in params.items()))
    operator.tap(*[Button.RIGHT] * ((index - operator.box.cursor) % len(menu)), Button.OK)


def capture(operator: Operator) -> None:
    """Claim the capture with the chip's gendarme, and say yes when the box asks again."""
    choose(operator, "gendarm.menu.capture", gendarme=CHIP)
    choose(operator, "box.again.may_end")


def offered(operator: Operator, key: str) -> list[int]:
    """The gendarmes the box's menu offers under ``key``."""
    return [item.params["gendarme"] for item in operator.table.published.controls.menu
            if item.key == key]


@pytest.mark.parametrize("level", [2, 3])
def test_a_player_without_a_phone_plays_on_from_the_box(operator: Operator, told: Told,
                                                         level: int) -> None:
    """Levels 2 and 3 with one phone: the box keeps Schwarz's chip on the table, gives up a
    gendarme after an odd duty roll and claims the capture; nobody gets stuck."""
    table, top = operator.table, 6 if level == 2 else 5
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "level": level, "catchers": "chips"}}))
    table.submit(Action("table.claim", None, PHONE))
    told.dice(6, 1)
    operator.tap(Button.TURN)                                     # Schwarz begins
    assert operator.keys() == ["gendarm.menu.keep_chip.black"]    # Weiß types on the phone
    operator.phone("catcher", B, number=4)
    choose(operator, "gendarm.menu.keep_chip.black")
    assert operator.state()["phase"] == "play" and operator.state()["turn"] == A
    assert operator.state()["players"][A]["on_table"] is True

    choose(operator, "gendarm.menu.safe")
    operator.tap(Button.TURN, Button.TURN)                        # Schwarz, then Weiß
    told.dice(3)
    mark = operator.pins.log.mark()
    choose(operator, "gendarm.menu.roll")
    assert operator.heard(mark) == [Sound.WARN]                   # odd: a gendarme goes
    assert offered(operator, "gendarm.menu.remove") == list(range(1, top + 1))
    assert Button.TURN not in table.published.controls.keys
    choose(operator, "gendarm.menu.remove", gendarme=top)
    assert operator.state()["players"][A]["gendarmes"] == list(range(1, top))

    operator.tap(Button.TURN, Button.TURN)
    told.dice(2)
    choose(operator, "gendarm.menu.roll")                          # even: nothing goes
    choose(operator, "gendarm.menu.claim")
    assert offered(operator, "gendarm.menu.capture") == list(range(1, top))
    operator.tap(Button.BACK)                                      # not now
    assert offered(operator, "gendarm.menu.capture") == []
    assert operator.keys()[-1] == "gendarm.menu.claim"
    choose(operator, "gendarm.menu.claim")
    mark = operator.pins.log.mark()
    capture(operator)                                              # the chip is shown
    assert operator.heard(mark)[:1] == [Sound.SIREN]
    assert operator.state()["players"][A]["catcher"] == CHIP
    if level == 2:
        assert operator.state()["result"] == {"winner": A, "reason": "capture"}
        return
    operator.tap(Button.TURN, Button.TURN)                        # level 3 goes on
    told.dice(4)
    choose(operator, "gendarm.menu.roll")
    choose(operator, "gendarm.menu.claim")
    assert offered(operator, "gendarm.menu.capture") == [CHIP]    # shown: the only one
    capture(operator)
    assert operator.state()["result"] == {"winner": A, "reason": "capture"}


# -- the box's own catchers, and no phone to show them -----------------------------------------

def claim_with_the_chip(operator: Operator) -> None:
    """Schwarz's gendarme with the chip's number reached the robber: the box hears it."""
    choose(operator, "gendarm.menu.claim")
    capture(operator)
    assert operator.state()["result"] == {"winner": A, "reason": "capture"}


@pytest.mark.parametrize("dealt", [False, True])
def test_a_group_without_phones_plays_the_default_game_to_its_end(operator: Operator,
                                                                  told: Told,
                                                                  dealt: bool) -> None:
    """Räuber und Gendarm as it comes, chosen on the box, and not one phone: the box offers
    each side a real chip kept face down at once, and still does after it dealt catchers
    no phone can show; then it claims the capture on the table's word."""
    choose(operator, "box.new_game", game="gendarm", count=2)
    assert operator.state()["settings"]["catchers"] == "box"
    told.dice(6, 1)
    operator.tap(Button.TURN)                                     # Schwarz begins
    chips = ["gendarm.menu.take_chip.black", "gendarm.menu.take_chip.white"]
    assert operator.keys() == [*chips, "gendarm.menu.deal"]
    if dealt:
        told.deal(3, 5, pool=[1, 2, 3, 4, 5, 6])
        operator.tap(Button.TURN)                                 # dealt to nobody's phone
        assert operator.keys() == [*chips, "gendarm.menu.end_turn"]
    operator.tap(Button.OK, Button.OK)                            # both take a real chip
    assert operator.state()["phase"] == "play" and operator.state()["turn"] == A
    assert [p["on_table"] for p in operator.state()["players"]] == [True, True]
    assert operator.keys() == ["gendarm.menu.end_turn", "gendarm.menu.claim"]
    operator.tap(Button.TURN, Button.TURN)
    claim_with_the_chip(operator)


def test_a_side_without_a_phone_takes_a_chip_and_the_box_deals_the_other(
        operator: Operator, told: Told) -> None:
    """Weiß has a phone, Schwarz has none: only Schwarz is offered a real chip, and the box
    deals Weiß's catcher alone."""
    choose(operator, "box.new_game", game="gendarm", count=2)
    operator.table.submit(Action("table.claim", None, PHONE))
    told.dice(6, 1)
    operator.tap(Button.TURN)
    assert operator.keys() == ["gendarm.menu.take_chip.black", "gendarm.menu.deal"]
    choose(operator, "gendarm.menu.take_chip.black")
    told.dice(4)                                                  # Weiß's chip: the 4th
    operator.tap(Button.TURN)
    assert operator.catcher(B) == 4 and operator.state()["players"][A]["on_table"]
    assert not told.queue
    claim_with_the_chip(operator)


def test_random_presses_on_the_box_alone_play_the_default_game_to_its_end(
        tmp_path: Path) -> None:
    """Seeded walks through the box's menus and keys with the default options: at level 1 the
    box never waits for a phone, and each game ends with a winner within 100 steps (before,
    none did in 300)."""
    for seed in range(1, 11):
        shown = walk(tmp_path / f"{seed}.sqlite", "gendarm", 2, steps=100, seed=seed)
        assert any([step.public["outcome"] for step in shown]), seed  # all: the table stops


# -- the phone's catcher stays secret ----------------------------------------------------------

def box_sees(play: Play) -> dict[str, Any]:
    """All the box and the table page show now: the menu in both languages, the keys, the
    screen's pixels (their digest), the LEDs and the public view (the table page's too)."""
    published = play.table.published
    surface = pygame.Surface(SIZE)
    Screen(SIZE, GAMES).render(surface, published, 0, URL, 0.0)
    return {"menu": [menu_labels(published.controls, published.public, lang)
                     for lang in LANGUAGES],
            "keys": sorted((str(b), a.to_json()) for b, a in published.controls.keys.items()),
            "screen": hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest(),
            "leds": GAME.leds(published.public, None),
            "public": json.dumps(published.public, sort_keys=True)}


def refusals(play: Play, kinds: tuple[str, ...], top: int) -> list[str]:
    """What the box hears back when it claims, gives up or opens a claim for the player on
    turn, with every number."""
    heard = []
    for kind in kinds:
        for number in range(1, top + 1):
            try:
                play.send(kind, None, gendarme=number)
            except GetawayError as error:
                heard.append(f"{kind} {number}: {error.key} {error.params} {error}")
            else:
                raise AssertionError(f"the box's {kind} {number} went through")
    return heard


def played_with(tmp_path: Path, level: int, catcher: int) -> tuple[list[Any], str]:
    """A level-2 or -3 game with Weiß's phone holding ``catcher`` and Schwarz's chip on the
    table, up to where a capture would show Weiß's: what the box saw at each step, what it
    heard, and Weiß's own view at the end."""
    play = Play(tmp_path / f"{level}-{catcher}.sqlite")
    top = 6 if level == 2 else 5
    try:
        play.start(level, catchers="chips")
        play.send("table.claim", **PHONE)
        play.chance.dice(6, 1)
        play.send("start_roll")
        seen: list[Any] = [box_sees(play)]
        play.send("catcher", B, number=catcher)
        seen.append(box_sees(play))
        play.send("keep_chip", seat=A)
        play.send("safe")
        play.send("end_turn")
        seen.append(box_sees(play))                               # Weiß on turn
        seen.append(refusals(play, ("capture", "remove"), top))
        play.send("end_turn")
        play.roll(3)
        seen.append(box_sees(play))                               # Schwarz gives one up
        play.send("remove", gendarme=top)
        play.send("end_turn")
        seen.append(box_sees(play))                               # Weiß on turn
        play.send("end_turn")
        play.roll(2)
        play.send("claim", open=True)
        seen.append(box_sees(play))                               # the gendarmes to claim
        if level == 3:
            play.send("capture", gendarme=CHIP)
            seen.append(box_sees(play))
            play.send("end_turn")
            seen.append(refusals(play, ("capture", "remove"), top))
        seen.append(play.heard)
        return seen, json.dumps(play.mine(B))
    finally:
        play.stop()


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize("level", [2, 3])
def test_the_box_shows_the_same_whichever_gendarme_the_phone_holds(tmp_path: Path,
                                                                  level: int) -> None:
    top = 6 if level == 2 else 5
    games = {catcher: played_with(tmp_path, level, catcher) for catcher in range(1, top + 1)}
    first, _ = games[1]
    for catcher, (seen, own) in games.items():
        assert re.search(rf'"catcher": {catcher}\b', own)         # the phone has its own
        for step, (this, that) in enumerate(zip(seen, first, strict=True)):
            assert this == that, (catcher, step)
    assert any(len(menu) > 2 for step in first if isinstance(step, dict)
               for menu in step["menu"][:1]), "the box's menu never listed the gendarmes"


def test_the_box_asks_again_before_a_capture_that_may_end_the_game(operator: Operator,
                                                                    told: Told) -> None:
    """OK on "Räuber gefangen …", OK on a gendarme: the box asks again, going back first,
    and only a yes sends the capture, which the secret catcher may make the end."""
    choose(operator, "box.new_game", game="gendarm", count=2)
    told.dice(6, 1)
    operator.tap(Button.TURN)
    operator.tap(Button.OK, Button.OK)                            # both take a real chip
    operator.tap(Button.TURN, Button.TURN)
    choose(operator, "gendarm.menu.claim")
    choose(operator, "gendarm.menu.capture", gendarme=CHIP)
    shown = operator.table.published
    assert shown.public["outcome"] is None and operator.box.cursor == 0
    assert menu_labels(shown.controls, shown.public, "de")[:2] == (
        "Spielende? Nein", "Gendarm 2 fängt")
    assert menu_labels(shown.controls, shown.public, "en")[0] == "End the game? No"
    operator.tap(Button.OK)                                       # back: nothing sent
    assert operator.table.published.public["outcome"] is None
    assert offered(operator, "gendarm.menu.capture") == list(range(1, 7))
    choose(operator, "gendarm.menu.capture", gendarme=CHIP)
    operator.tap(Button.RIGHT, Button.OK)
    assert operator.state()["result"] == {"winner": A, "reason": "capture"}
