"""The box running Safehouse on a real Table and mock pins: the buttons play a whole roll,
each LED column shows a player's lead (read back from the 74HC595 bitstream), the buzzer
ticks for the pursuer, and the screen's track is read back from the rendered frame."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from companion.device.box import Box
from companion.device.painters.palette import BACKGROUND, INK
from companion.device.painters.parts import READABLE_CAP_PX, Fonts
from companion.device.pins import PinMap
from companion.device.screen import Screen
from companion.games.base import Action, Button, Sound
from companion.games.safehouse.controls import PURSUER_FACE
from companion.games.safehouse.screen import DICE_COLOURS, PURSUER, lane, layout, track_x
from companion.table.owner import Table
from tests.clock import FakeClock
from tests.device.frames import cap_height, drawn_lines
from tests.device.recording import RecordingFactory
from tests.device.test_box import Player, bars
from tests.device.test_screen import colours, save

SIZE = (480, 320)
URL = "http://192.168.178.23:8000/j/KM7RX"
TRACK = layout(SIZE).track


class Operator(Player):
    """Runs Safehouse from the box's buttons."""

    def __init__(self, box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
                 clock: FakeClock) -> None:
        super().__init__(box, pins, pin_map, table, clock)

    def keys(self) -> list[str]:
        """The game's own menu items (the box's guide and way back to the games left aside)."""
        return [item.key for item in self.table.published.controls.menu
                if item.key not in ("box.guide", "box.end_game")]

    def choose(self, key: str, **params: Any) -> None:
        """Move the cursor to the menu item ``key`` (with ``params``) and press OK."""
        menu = self.table.published.controls.menu
        index = next(n for n, item in enumerate(menu) if item.key == key
                     and all(item.params.get(k) == v for k, v in params.items()))
        self.tap(*[Button.RIGHT] * ((index - self.box.cursor) % len(menu)), Button.OK)

    def start(self, seats: int) -> None:
        self.choose("box.new_game", game="safehouse", count=seats)
        assert self.table.published.public["game"] == "safehouse"

    def send(self, kind: str, seat: int | None = None, /, **args: Any) -> None:
        self.table.submit(Action(kind, seat, args))
        self.box.settled()


@pytest.fixture
def operator(box: Box, pins: RecordingFactory, pin_map: PinMap, table: Table,
             clock: FakeClock) -> Operator:
    return Operator(box, pins, pin_map, table, clock)


def test_safehouse_box_buttons_play_a_whole_roll(operator: Operator) -> None:
    p = operator
    p.start(2)
    assert p.state()["waits_for"] == "select"
    p.choose("safehouse.menu.die.blue")
    p.tap(Button.OK)                        # OK again on the same line: the second blue die
    assert p.state()["selection"]["blue"] == 2
    assert p.table.published.controls.menu[p.box.cursor].key == "safehouse.menu.die.blue"
    p.tap(Button.OK)                        # and back to none
    assert p.state()["selection"]["blue"] == 0
    for colour in ("yellow", "green", "red", "white"):
        p.choose(f"safehouse.menu.die.{colour}")
    mark = p.pins.log.mark()
    p.tap(Button.TURN)
    assert p.state()["pursuer"] == 1 and p.state()["phase"] == "faces"
    assert p.heard(mark) == [Sound.TICK]
    p.choose("safehouse.menu.face.yellow", face="1")
    p.choose("safehouse.menu.face.green", face="2")
    p.choose("safehouse.menu.face.red", face="4")
    p.choose("safehouse.menu.face.white", face=PURSUER_FACE)
    assert p.state()["phase"] == "helps" and p.state()["roll"]["pursuers"] == 1
    p.choose("safehouse.menu.mark.white", die=1)
    p.choose("safehouse.menu.reroll", count=1)
    assert p.state()["phase"] == "faces" and p.state()["helps"]["reroll"]
    p.choose("safehouse.menu.face.white", face="3")
    p.tap(Button.TURN)                      # go on: no pursuer face any more
    assert p.state()["phase"] == "entering" and p.state()["pursuer"] == 1
    p.choose("safehouse.menu.order_closed", seat=1, row=1, arrow=6)
    p.choose("safehouse.menu.next_player", seat=2)
    p.choose("safehouse.menu.order_open", seat=2, row=1)
    p.choose("safehouse.menu.chameleon", seat=2)
    p.tap(Button.TURN)                      # everyone has entered
    state = p.state()
    assert state["phase"] == "ready" and state["roller"] == 1
    assert [pl["position"] for pl in state["players"]] == [22, 16]
    assert state["players"][1]["open"] == 1 and state["players"][1]["chameleons"]["left"] == 0
    assert {c: d["lid"] for c, d in state["pool"].items() if d["lid"]} == {
        "yellow": 1, "green": 1, "red": 1, "white": 1}


def test_safehouse_box_demands_the_dice_back_when_no_colour_die_is_left(
        operator: Operator) -> None:
    p = operator
    p.start(1)
    every = {colour: [1, 1] for colour in ("yellow", "green", "red", "blue")}
    p.send("roll", dice={colour: 2 for colour in every}, faces=every)
    p.send("go")
    p.send("done")
    assert p.keys() == ["safehouse.menu.retrieve"]
    p.tap(Button.TURN)
    assert all(d["free"] == 2 for d in p.state()["pool"].values())


def test_safehouse_leds_show_each_players_lead(operator: Operator) -> None:
    p = operator
    p.send("table.new_game", game="safehouse", seats=3, options={})
    assert p.shown() == bars(5, 5, 5)       # leads of 16, shown up to 5
    p.send("pursuer", field=13)
    assert p.shown() == bars(3, 3, 3)
    three = ("yellow", "green", "red")  # three numbers: an order closed from empty
    p.send("roll", dice=dict.fromkeys(three, 1), faces={colour: [2] for colour in three})
    p.send("go")
    p.send("order", seat=1, row=0, status="closed", arrow=6)
    p.send("order", seat=2, row=0, status="closed", arrow=2)
    p.send("done")
    assert p.shown() == bars(2, 5, 4)       # the pursuer on 14: leads 2, 8, 4
    mark = p.pins.log.mark()
    p.send("pursuer", field=16)
    assert p.state()["phase"] == "lost" and p.state()["caught"] == [0]
    assert p.shown() == bars(0, 5, 2)       # the caught player's column goes dark
    assert p.heard(mark)[0] == Sound.TICK


def test_safehouse_leds_top_led_in_the_safehouse_and_all_on_when_won(
        operator: Operator) -> None:
    p = operator
    p.send("table.new_game", game="safehouse", seats=2, options={})
    four = dict.fromkeys(("yellow", "green", "red", "blue"), 1)  # four numbers a roll

    def roll() -> None:
        if not p.state()["pool"]["yellow"]["free"]:
            p.send("retrieve")
        p.send("roll", dice=four, faces={colour: [2] for colour in four})
        p.send("go")

    roll()
    for seat, row in ((0, 5), (0, 6), (1, 5), (1, 6)):  # two numbers each, beside a grey 6
        p.send("order", seat=seat, row=row, status="closed", arrow=6)
    p.send("done")
    roll()
    for seat in (0, 1):
        p.send("order", seat=seat, row=7, status="closed", arrow=6)
        p.send("order", seat=seat, row=0, status="open")
    p.send("done")
    roll()
    p.send("order", seat=0, row=0, status="closed", arrow=6)
    p.send("done")
    assert p.shown() == {(0, 5)} | bars(0, 5)
    roll()
    mark = p.pins.log.mark()
    p.send("order", seat=1, row=0, status="closed", arrow=6)  # the last one home: won
    assert p.state()["phase"] == "won"
    assert p.shown() == bars(6, 6)
    assert p.heard(mark) == [Sound.DONE]


def test_safehouse_sounds_a_tick_per_step_a_warning_and_the_siren(table: Table) -> None:
    game = table.games["safehouse"]
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2}))

    def step(kind: str, **args: Any) -> list[Sound]:
        before = table.published.public
        table.submit(Action(kind, None, args))
        return list(game.sounds(before, table.published.public))

    assert step("pursuer", field=3) == [Sound.TICK] * 3
    assert step("roll", dice={"yellow": 2}, faces={"yellow": ["P", "P"]}) == [Sound.TICK]
    assert step("go") == [Sound.TICK, Sound.TICK]
    assert step("pursuer", field=14) == [Sound.TICK] * 8 + [Sound.WARN]  # lead 2
    assert step("done") == []
    before = table.published.public
    assert step("pursuer", field=16) == [Sound.TICK, Sound.TICK, Sound.SIREN]
    assert list(game.sounds(table.published.public, before)) == []  # undo says nothing


# -- the screen ---------------------------------------------------------------------------------

def render(table: Table, name: str) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    Screen(SIZE, table.games).render(surface, table.published, 0, URL, table.clock())
    return save(surface, f"safehouse_{name}")


def read_track(surface: pygame.Surface, lanes: int, marker: tuple[int, int, int],
               index: int, last: int) -> int:
    """The field whose middle is nearest the marker drawn in lane ``index``."""
    row = lane(TRACK, index, lanes)
    y = row.centery
    xs = [x for x in range(TRACK.left - 4, TRACK.right + 4)
          if tuple(surface.get_at((x, y)))[:3] == marker]
    assert xs, f"no marker in lane {index}"
    middle = (xs[0] + xs[-1]) // 2
    return min(range(last + 1), key=lambda field: abs(track_x(TRACK, field, last) - middle))


@pytest.mark.usefixtures("offscreen")
def test_safehouse_screen_shows_the_track_with_the_pursuer_and_each_player(
        table: Table) -> None:
    def send(kind: str, seat: int | None = None, /, **args: Any) -> None:
        table.submit(Action(kind, seat, args))

    send("table.new_game", game="safehouse", seats=3, options={"first_player": 1})
    send("table.claim", seat=0, name="Ina", token_hash="a" * 64)
    send("roll", 1, dice={"yellow": 2, "green": 1, "red": 1, "blue": 1},
         faces={"yellow": [3, 4], "green": [1], "red": [2], "blue": ["P"]})
    send("go")
    send("order", seat=0, row=0, status="closed", arrow=5)
    send("order", seat=2, row=5, status="closed", arrow=3)
    send("order", seat=2, row=1, status="open")
    surface = render(table, "entering")
    state = table.published.public["state"]
    seats = table.published.public["seats"]
    assert state["pursuer"] == 2
    assert read_track(surface, 4, PURSUER, 0, 40) == 2
    for player in state["players"]:
        colour = pygame.Color(seats[player["seat"]]["colour"])
        found = read_track(surface, 4, (colour.r, colour.g, colour.b), player["seat"] + 1, 40)
        assert found == player["position"]
    assert [p["position"] for p in state["players"]] == [21, 16, 19]
    crossed = colours(surface, pygame.Rect(track_x(TRACK, 1, 40), TRACK.top, 2, 2))
    assert (92, 36, 40) in crossed          # field 1 is crossed
    send("done")
    send("pursuer", field=21)
    surface = render(table, "lost")
    assert read_track(surface, 4, PURSUER, 0, 40) == 21


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize(("lang", "helps", "example"), [
    ("de", "Hilfen: läuft nicht, nochmal", "Beispielwerte!"),
    ("en", "Helps: stays, roll again", "Example values!"),
])
@pytest.mark.parametrize("mode", ["light", "sheet"])
def test_safehouse_hints_keep_the_helps_beside_the_example_warning(
        table: Table, lang: str, helps: str, example: str, mode: str) -> None:
    """In sheet mode too, where who keeps a sheet on the phone asks for room as well."""
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 4,
                                                 "options": {"mode": mode}}))
    if mode == "sheet":
        table.submit(Action("sheet", 3, {"letter": "E"}))
    for seat, colour in enumerate(("yellow", "green", "red", "blue")):
        table.submit(Action("roll", None, {"dice": {colour: 1}, "faces": {colour: [2]}}))
        table.submit(Action("go"))
        if seat < 3:
            table.submit(Action("order", None, {"seat": seat, "row": 0, "status": "open"}))
        table.submit(Action("done"))
    shown = replace(table.published, public={**table.published.public, "language": lang})
    _, written = drawn_lines(table.games, shown, 0, URL)
    hints = [w for w in written if w.role == "hint" and example in w.words]
    assert len(hints) == 1 and hints[0].cut is None
    assert hints[0].words.startswith(example) and hints[0].words.endswith(helps)


def frame(table: Table, lang: str = "de") -> tuple[pygame.Surface, list[str]]:
    """The box's screen now in ``lang`` at the menu's first item, and the words on it."""
    shown = replace(table.published, public={**table.published.public, "language": lang})
    surface, written = drawn_lines(table.games, shown, 0, URL)
    return surface, [w.words for w in written]


def ink_in_yellow_dice(surface: pygame.Surface) -> int:
    """Dark pixels where the yellow dice stand: a face's figure, the pursuer's disc or a
    crossing."""
    dice = layout(SIZE).dice
    column = pygame.Rect(dice.left, dice.top, dice.width // 5, dice.height)
    return colours(surface, column)[INK]


@pytest.mark.usefixtures("offscreen")
def test_safehouse_screen_crosses_out_the_ignored_pursuer_faces_at_once(table: Table) -> None:
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2}))
    table.submit(Action("pursuer", None, {"field": 7}))
    table.submit(Action("roll", None, {"dice": {"yellow": 1, "red": 1},
                                       "faces": {"yellow": ["P"], "red": [4]}}))
    surface, words = frame(table)
    assert "Weiter: Verfolger +1" in words
    disc = ink_in_yellow_dice(surface)                          # the pursuer's dark disc
    table.submit(Action("help", None, {"kind": "ignore"}))
    surface, words = frame(table)
    save(surface, "safehouse_ignored")
    assert table.published.public["state"]["phase"] == "helps"  # "Nochmal würfeln" is still free
    assert {"Verfolger bleibt", "auf Feld 8", "Weiter: bleibt auf 8"} <= set(words)
    assert ink_in_yellow_dice(surface) > disc + 50
    assert "Go on: stays on 8" in frame(table, "en")[1]


@pytest.mark.usefixtures("offscreen")
def test_safehouse_roll_again_moves_the_pursuer_for_the_new_faces_alone(
        operator: Operator) -> None:
    """SH-05 from the box's buttons: the old pursuer faces of the dice rolled again are gone,
    the new one counts, no second step; the box and every phone read the same pursuer."""
    p = operator
    p.start(2)
    p.send("pursuer", field=10)
    for colour, taps in (("yellow", 2), ("blue", 1), ("white", 1)):
        for _ in range(taps):
            p.choose(f"safehouse.menu.die.{colour}")
    p.tap(Button.TURN)
    for colour, face in (("yellow", PURSUER_FACE), ("yellow", "2"), ("blue", PURSUER_FACE),
                         ("white", "5")):
        p.choose(f"safehouse.menu.face.{colour}", face=face)
    assert p.state()["roll"]["pursuers"] == 2 and p.state()["pursuer"] == 11
    p.choose("safehouse.menu.mark.yellow", die=1)
    p.choose("safehouse.menu.mark.blue", die=1)
    p.choose("safehouse.menu.reroll", count=2)
    p.choose("safehouse.menu.face.yellow", face="4")
    p.choose("safehouse.menu.face.blue", face=PURSUER_FACE)
    assert p.state()["phase"] == "helps" and p.state()["pursuer"] == 11
    told = told_by_everyone(p.table)
    assert {view["roll"]["pursuers"] for view in told} == {1}
    _, words = frame(p.table)
    assert {"Hilfen? Verfolger", "+1", "Weiter: Verfolger +1"} <= set(words)
    p.tap(Button.TURN)
    told = told_by_everyone(p.table)
    assert {view["pursuer"] for view in told} == {12}
    assert {(v["last"]["start"], v["last"]["end"], v["last"]["reason"]) for v in told} == {
        (11, 12, "faces")}
    assert told[0]["roll"]["numbers"]["yellow"] == 6 and told[0]["roll"]["numbers"]["blue"] is None
    assert told[0]["roll"]["jokers"] == [5] and told[0]["helps"] == {"ignore": False,
                                                                    "reroll": True}
    surface = render(p.table, "rolled_again")
    assert read_track(surface, 3, PURSUER, 0, 40) == 12


def told_by_everyone(table: Table) -> list[dict[str, Any]]:
    """The game's view on the box's screen and on each seat's phone."""
    published = table.published
    views = [published.public, *(published.private[s] for s in sorted(published.private))]
    assert len(views) == 3
    return [view["state"] for view in views]


def test_safehouse_box_back_steps_back_one_die_while_the_faces_are_typed(
        operator: Operator) -> None:
    p = operator
    p.start(2)
    p.choose("safehouse.menu.die.yellow")
    p.choose("safehouse.menu.die.yellow")
    p.choose("safehouse.menu.die.red")
    p.tap(Button.TURN)
    assert Button.BACK not in p.table.published.controls.keys  # nothing typed to step back
    p.choose("safehouse.menu.face.yellow", die=1, face="3")
    p.choose("safehouse.menu.face.yellow", die=2, face=PURSUER_FACE)
    p.tap(Button.BACK)                      # a slip: the second yellow die again
    assert p.state()["roll"]["faces"] == {"yellow": [3, None], "red": [None]}
    assert {item.params["die"] for item in p.table.published.controls.menu
            if item.key == "safehouse.menu.face.yellow"} == {2}
    p.tap(Button.BACK)
    assert p.state()["roll"]["faces"] == {"yellow": [None, None], "red": [None]}
    assert p.state()["pursuer"] == 1 and p.state()["phase"] == "faces"
    p.tap(Button.BACK)                      # nothing left to step back: the roll stands
    assert p.state()["pursuer"] == 1 and p.state()["phase"] == "faces"
    p.choose("safehouse.menu.face.yellow", die=1, face="4")
    p.choose("safehouse.menu.face.yellow", die=2, face="2")
    p.choose("safehouse.menu.face.red", die=1, face="5")
    assert p.state()["phase"] == "helps"
    assert p.state()["roll"]["faces"] == {"yellow": [4, 2], "red": [5]}


def test_in_sheet_mode_the_box_enters_only_for_seats_without_a_sheet(
        operator: Operator) -> None:
    p = operator
    p.send("table.new_game", game="safehouse", seats=2, options={"mode": "sheet"})
    p.send("sheet", 0, letter="A")
    p.send("roll", None, dice={"red": 1}, faces={"red": [3]})
    p.send("go")
    assert p.state()["focus"] == {"seat": 0, "row": 0}
    assert p.keys() == ["safehouse.menu.all_done", "safehouse.menu.player_done",
                        "safehouse.menu.next_player"]  # A writes on the phone's sheet
    p.choose("safehouse.menu.next_player")
    menu = p.keys()
    assert "safehouse.menu.order_open" in menu  # B's sheet stays on paper
    p.choose("safehouse.menu.order_open", seat=2, row=1)
    assert [pl["open"] for pl in p.state()["players"]] == [0, 1]
    render(p.table, "sheet_mode")  # the hint names the phones' sheets


def dice_in(surface: pygame.Surface, fill: tuple[int, int, int]) -> list[pygame.Rect]:
    """The squares of colour ``fill`` in the dice row, left to right, read from the frame
    (below the colour's name, written in the same colour)."""
    dice = layout(surface.get_size()).dice
    row = dice.inflate(0, -dice.height // 2).move(0, dice.height // 4)

    def filled(x: int, y: int) -> bool:
        return tuple(surface.get_at((x, y)))[:3] == fill

    xs = [x for x in range(row.left, row.right) if any(filled(x, y)
                                                        for y in range(row.top, row.bottom))]
    spans: list[list[int]] = []
    for x in xs:
        if spans and x == spans[-1][-1] + 1:
            spans[-1].append(x)
        else:
            spans.append([x])
    squares = []
    for span in spans:
        bottom = max(y for y in range(row.top, row.bottom) if any(filled(x, y) for x in span))
        top = bottom
        while any(filled(x, top - 1) for x in span):
            top -= 1
        squares.append(pygame.Rect(span[0], top, len(span), bottom - top + 1))
    return squares


@pytest.mark.usefixtures("offscreen")
def test_safehouse_face_digits_fit_inside_their_dice(table: Table) -> None:
    """The digit of each die rolled stands whole inside its square, with room around it."""
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 2}))
    table.submit(Action("roll", None, {"dice": {"yellow": 2, "green": 1},
                                       "faces": {"yellow": [2, 3], "green": [5]}}))
    surface = render(table, "faces")
    for colour, count in (("yellow", 2), ("green", 2)):
        fill = DICE_COLOURS[colour]
        squares = dice_in(surface, fill)
        assert len(squares) == count
        for die in squares[:1 if colour == "green" else 2]:
            ink = [(x, y) for x in range(die.left, die.right) for y in range(die.top, die.bottom)
                   if tuple(surface.get_at((x, y)))[:3] not in (fill, BACKGROUND)]
            assert ink, f"no digit on the {colour} die"
            xs, ys = [x for x, _ in ink], [y for _, y in ink]
            inner = die.inflate(-4, -4)
            assert inner.top <= min(ys) and max(ys) < inner.bottom, f"{colour} digit cut"
            assert inner.left <= min(xs) and max(xs) < inner.right


def ink(surface: pygame.Surface, die: pygame.Rect, fill: tuple[int, int, int]) -> pygame.Rect:
    """Where a die's face has its figure: the pixels in it neither its colour nor the screen's."""
    found = [(x, y) for x in range(die.left, die.right) for y in range(die.top, die.bottom)
             if tuple(surface.get_at((x, y)))[:3] not in (fill, BACKGROUND)]
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.usefixtures("offscreen")
@pytest.mark.parametrize("size", [(480, 320), (800, 480)])
def test_safehouse_face_figures_stand_as_tall_as_readable_lines(table: Table,
                                                                 size: tuple[int, int]) -> None:
    """All ten dice rolled: every face's figure is drawn in the body font's own size (whose
    capitals are READABLE_CAP_PX tall at 320 pixels), none made smaller to fit its die."""
    faces = {"yellow": [1, 2], "green": [3, 4], "red": [5, 3], "blue": [4, 2], "white": [1, 5]}
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": 4}))
    table.submit(Action("roll", None, {"dice": {colour: 2 for colour in faces},
                                       "faces": faces}))
    surface = pygame.Surface(size)
    Screen(size, table.games).render(surface, table.published, 0, URL, table.clock())
    save(surface, f"safehouse_ten_faces_{size[0]}")
    body = Fonts.for_height(size[1]).body
    assert cap_height(body) >= READABLE_CAP_PX * size[1] // 320
    for colour, numbers in faces.items():
        squares = dice_in(surface, DICE_COLOURS[colour])
        assert len(squares) == 2, colour
        for die, number in zip(squares, numbers, strict=True):
            figure = body.render(str(number), True, INK).get_bounding_rect(min_alpha=128)
            assert ink(surface, die, DICE_COLOURS[colour]).height >= figure.height, colour
