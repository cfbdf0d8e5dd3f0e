"""The Rob 'n Run screen at a real Table, rendered headless to PNG (artifacts/screens/) and read
back pixel by pixel: the route, the cubes by colour and name, the phase, the evaluation's
steps, the end, the example-values warning, and never a secret."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.device.display import run_display
from companion.device.painters.moment_band import BAND_S
from companion.device.painters.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    GOOD,
    INK,
    PANEL,
    TEXT,
    WARN,
    Colour,
)
from companion.device.painters.parts import Fonts
from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action
from companion.games.robnrun.pieces import COLOURS
from companion.games.robnrun.screen import layout
from companion.games.robnrun.screen.escape_route import CAR, CUBES, POLICE, square_rect
from companion.i18n import text
from companion.table.owner import Table
from companion.table.store import Store
from tests.clock import FakeClock
from tests.device.frames import Written, drawn_lines
from tests.device.test_display import Feed, Frames, Panel, link
from tests.device.test_screen import assert_qr, colours, save
from tests.games.robnrun_helpers import scenario_json, short_profile

SIZE = (480, 320)
URL = "http://192.168.178.23:8000/j/KM7RX"
SPOT = layout(SIZE)
ROUTE = SPOT.route
SAFES: list[dict[str, Any]] = [{"tools": {"card": 2, "acid": 1}, "gold": 2},
                               {"tools": {"ram": 2, "dynamite": 1}, "gold": 3},
                               {"tools": {"flashlight": 3}, "gold": 1}]
CRACKING = (["card", "card", "acid", "ram"], ["ram", "dynamite", "flashlight", "flashlight"],
            ["flashlight", "stethoscope", "stethoscope", "jackhammer"])
"""The cards the boss sorts, round by round, to crack SAFES; the last round has 3 wrong."""
WRONG = ["stethoscope", "stethoscope", "jackhammer", "jackhammer"]


pytestmark = pytest.mark.usefixtures("offscreen")


# -- playing ------------------------------------------------------------------------------------

class Heist:
    """Plays Rob 'n Run at a real Table: the box's steps, and the boss's phone for secrets."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def do(self, kind: str, seat: int | None = None, /, **args: Any) -> None:
        self.table.submit(Action(kind, seat, args))

    @property
    def state(self) -> Any:
        return self.table.published.public["state"]

    def new_game(self, seats: int = 4, **options: Any) -> None:
        self.do("table.new_game", game="robnrun", seats=seats, options={"boss": 0, **options})

    def own_box(self) -> None:
        """This box's own profile (a short route) and a scenario of its own: no example values."""
        self.do("table.save", game="robnrun", kind="profile", name="box", data=short_profile())
        self.do("table.save", game="robnrun", kind="scenario", name="ours",
                data=scenario_json())

    def prepare(self, building: str, safes: list[dict[str, Any]] = SAFES) -> None:
        self.do("rob", building=building)
        self.do("deal")
        self.do("safes", self.state["boss"], safes=safes)
        self.do("start")

    def round(self, cards: list[str], plays: int | None = None) -> None:
        """The crew phase (``plays`` cards, all that are needed if None), then the boss sorts."""
        self.do("crew")
        for _ in range(self.state["crew"]["needed"] if plays is None else plays):
            self.do("play")
        if self.state["phase"] == "alarm":
            self.do("sort", self.state["boss"], cards=cards)

    def crack(self, building: str) -> None:
        """Rob ``building`` and crack its three safes: the evaluation's step 1 is shown."""
        self.prepare(building)
        for cards in CRACKING:
            self.round(cards)
        assert self.state["phase"] == "evaluation"

    def finish(self) -> None:
        """Go through the evaluation: new safes on the first buildings allowed, buy nothing."""
        while self.state["phase"] == "evaluation":
            ev = self.state["evaluation"]
            if ev["step"] == 3 and ev["to_place"] and ev["placeable"]:
                self.do("place", building=ev["placeable"][0])
            elif ev["step"] == 5 and ev["dealer"]:
                self.do("buy", cubes=0)
            else:
                self.do("next")


@pytest.fixture
def heist(table: Table) -> Heist:
    return Heist(table)


def render(table: Table, name: str) -> pygame.Surface:
    """Render the Table's last Published as the box does; keep it under artifacts/screens/."""
    surface = pygame.Surface(SIZE)
    Screen(SIZE, table.games).render(surface, table.published, 0, URL, table.clock())
    return save(surface, f"robnrun_{name}")


def render_after_band(table: Table, name: str) -> pygame.Surface:
    """Render the Table's last Published as the box shows it once the band of its moment
    (a sort's result) has gone."""
    surface, screen, now = pygame.Surface(SIZE), Screen(SIZE, table.games), table.clock()
    screen.render(surface, table.published, 0, URL, now)
    screen.render(surface, table.published, 0, URL, now + BAND_S)
    return save(surface, f"robnrun_{name}")


# -- reading the screen -------------------------------------------------------------------------

def fonts() -> Fonts:
    return Fonts.for_height(SIZE[1])


def reads(surface: pygame.Surface, font: pygame.font.Font, line: str, colour: Colour,
          under: Colour = BACKGROUND, within: pygame.Rect | None = None,
          **anchor: tuple[int, int]) -> bool:
    """Whether ``line`` is drawn in ``colour`` on ``under`` at ``anchor`` (the part of it
    ``within`` a chip or band, if given), pixel for pixel."""
    image = font.render(line, True, colour)
    where = image.get_rect(**anchor)
    expected = pygame.Surface(where.size)
    expected.fill(under)
    expected.blit(image, (0, 0))
    shown = where.clip(within) if within else where
    return bool(pygame.image.tobytes(surface.subsurface(shown), "RGB")
                == pygame.image.tobytes(expected.subsurface(shown.move(-where.x, -where.y)),
                                        "RGB"))


def said(table: Table) -> list[str]:
    """The words of every line the screen draws for the Table's last Published."""
    return [w.words for w in drawn_lines(table.games, table.published, 0, URL)[1]]


def line(surface: pygame.Surface, n: int, words: str, colour: Colour) -> bool:
    """Whether readable line ``n`` (0 or 1) under the headline reads ``words``."""
    height = SPOT.lines.height // 2
    return reads(surface, fonts().body, words, colour,
                 midleft=(SPOT.lines.left, SPOT.lines.top + n * height + height // 2))


def headline(surface: pygame.Surface, words: str, colour: Colour = ACCENT) -> bool:
    return reads(surface, fonts().body, words, colour, midleft=SPOT.headline.midleft)


EXAMPLE = "Beispielwerte: Bitte mit eurer Schachtel prüfen"


def big_moment(surface: pygame.Surface, title: str, fill: Colour, ink: Colour) -> bool:
    """Whether the top holds ``title`` in large letters on the moment's ``fill``."""
    rect = SPOT.moment
    return colours(surface, rect)[fill] > rect.width * rect.height // 2 and reads(
        surface, fonts().large, title, ink, fill, midtop=(rect.centerx, rect.top + 2))


def column(band: pygame.Rect, length: int, square: int) -> pygame.Rect:
    """The part of ``band`` (lane, squares, police) straight above or below ``square``."""
    rect = square_rect(ROUTE, length, square)
    return pygame.Rect(rect.left, band.top, rect.width, band.height)


def squares_with(surface: pygame.Surface, colour: Colour, band: pygame.Rect,
                 length: int) -> set[int]:
    """The squares whose column of ``band`` shows ``colour``."""
    return {n for n in range(length) if colours(surface, column(band, length, n))[colour]}


def cubes_over(surface: pygame.Surface, square: int, length: int) -> set[str]:
    """The cube colours drawn above ``square``."""
    found = colours(surface, column(ROUTE.lane, length, square))
    return {c for c in COLOURS if found[CUBES[c]]}


def bbox(surface: pygame.Surface, colour: Colour, area: pygame.Rect) -> pygame.Rect:
    """The smallest rectangle holding every pixel of ``colour`` inside ``area``."""
    points = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
              if surface.get_at((x, y))[:3] == colour]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def tile(n: int) -> pygame.Rect:
    """Tile ``n``: yellow, green, white, red, gold, alarm stack."""
    rect = SPOT.tiles
    gap = max(3, rect.height // 14)
    width = (rect.width - 5 * gap) // 6
    return pygame.Rect(rect.left + n * (width + gap), rect.top, width, rect.height)


def figure(n: int) -> tuple[int, int]:
    """Where tile ``n``'s figure hangs from, below the band naming it."""
    return tile(n).centerx, tile(n).top + fonts().hint.get_height() + 1


def glyphs(n: int) -> pygame.Rect:
    """The band of tile ``n`` its figure's letters fill."""
    top = figure(n)[1] + 4
    return pygame.Rect(tile(n).left, top, tile(n).width, fonts().body.get_ascent() - 4)


def pips(surface: pygame.Surface, colour: str) -> int:
    """Pixels of the colour in the lowest rows of its tile, where the cubes are pipped."""
    box = tile(COLOURS.index(colour))
    low = pygame.Rect(box.left, box.bottom - box.height // 6, box.width, box.height // 6)
    return colours(surface, low)[CUBES[colour]]


# -- the screens --------------------------------------------------------------------------------

def test_robnrun_screen_shows_the_route_as_the_scenario_sets_it_up(heist: Heist) -> None:
    heist.new_game()
    surface = render(heist.table, "prepare")
    route = heist.state["route"]
    length = route["length"]
    assert squares_with(surface, CAR, ROUTE.squares, length) == {5}
    assert squares_with(surface, POLICE, ROUTE.police, length) == {0}
    for square, cubes in zip(route["marked"], heist.state["squares"], strict=True):
        assert cubes_over(surface, square, length) == set(cubes), square
    away = [n for n in range(length) if min(abs(n - m) for m in route["marked"]) > 1]
    assert away and not any(cubes_over(surface, n, length) for n in away)
    assert headline(surface, "Vorbereitung")
    assert line(surface, 0, "Boss: Platz 1", TEXT) and line(surface, 1, "Gebäude wählen", TEXT)
    assert EXAMPLE in said(heist.table)
    assert colours(surface, SPOT.menu)[ACCENT] > 0
    assert_qr(surface, URL)


def test_robnrun_screen_names_each_cube_and_alarm_system(heist: Heist) -> None:
    heist.new_game()
    german = render(heist.table, "names_de")
    heist.do("table.language", language="en")
    english = render(heist.table, "names_en")
    length = heist.state["route"]["length"]
    pitch = ROUTE.squares.width // length
    chip = bbox(german, CUBES["yellow"], column(ROUTE.lane, length, 15).inflate(2 * pitch, 0))
    hint = fonts().hint
    assert reads(german, hint, "gelb", INK, CUBES["yellow"], chip, center=chip.center)
    assert reads(english, hint, "Y", INK, CUBES["yellow"], chip, center=chip.center)
    band = tile(0)
    band.height = hint.get_height() + 1
    band.inflate_ip(-12, 0)  # the band's rounded corners
    assert reads(german, hint, "gelb", INK, CUBES["yellow"], band, center=band.center)
    assert reads(english, hint, "yellow", INK, CUBES["yellow"], band, center=band.center)
    assert headline(english, "Preparation")


def test_robnrun_screen_the_last_safes_of_a_quarter_bring_the_dealer(heist: Heist) -> None:
    heist.new_game()
    before = render(heist.table, "before_dealer")
    heist.do("rob", building="C1")
    surface = render(heist.table, "dealer")
    first = square_rect(ROUTE, heist.state["route"]["length"], heist.state["route"]["marked"][0])
    left = pygame.Rect(ROUTE.lane.left, ROUTE.lane.top, first.left - ROUTE.lane.left,
                       ROUTE.lane.height)
    assert colours(before, left)[CUBES["white"]] == 0
    chip = bbox(surface, CUBES["white"], left)
    assert reads(surface, fonts().hint, "Informant: weiß", INK, CUBES["white"], chip,
                 center=chip.center)
    assert line(surface, 0, "C1: 3 Tresore", TEXT) and line(surface, 1, "Informant weiß", WARN)


def test_robnrun_screen_crew_phase_tells_whose_turn_and_the_cards(heist: Heist) -> None:
    heist.new_game()
    heist.prepare("A2")
    heist.round(CRACKING[0])
    heist.do("crew")
    heist.do("play")
    heist.do("play")
    surface = render(heist.table, "crew")
    assert headline(surface, "Platz 4 ist dran")
    assert line(surface, 0, "Gespielt: 2 von 4", TEXT)   # TURN's job below it, the boss a hint
    assert "Karte gespielt" in said(heist.table)
    assert reads(surface, fonts().body, "0/4", TEXT, PANEL, glyphs(5), midtop=figure(5))


def test_robnrun_screen_evaluation_shows_each_step(heist: Heist) -> None:
    heist.new_game()
    heist.crack("C1")
    length = heist.state["route"]["length"]
    first = render(heist.table, "evaluation_1")
    assert {"3 Tresore geknackt", "Gold +6 · Auto +3"} <= set(said(heist.table))
    assert squares_with(first, CAR, ROUTE.squares, length) == {8}
    assert cubes_over(first, 7, length) == {"yellow", "green"}
    assert pips(first, "yellow") == 0
    heist.do("next")
    second = render(heist.table, "evaluation_2")
    assert headline(second, "Würfel auf die Wache")
    assert line(second, 0, "Auf die Wache: gelb, grün", TEXT)
    assert cubes_over(second, 7, length) == set()
    assert pips(second, "yellow") > 0 and pips(second, "green") > 0 and pips(second, "red") == 0
    heist.do("next")
    third = render(heist.table, "evaluation_3")
    assert line(third, 0, "Neue Tresore: 0", TEXT)
    heist.do("next")
    fourth = render(heist.table, "evaluation_4")
    assert line(fourth, 0, "Polizei +1", TEXT)
    assert squares_with(fourth, POLICE, ROUTE.police, length) == {1}
    heist.do("next")
    fifth = render(heist.table, "evaluation_5")
    assert line(fifth, 0, "Informant: weiß", TEXT)
    heist.do("buy", cubes=0)
    sixth = render(heist.table, "evaluation_6")
    assert headline(sixth, "Alte Tresore raus")
    assert colours(fifth, ROUTE.lane)[CUBES["white"]] > colours(sixth, ROUTE.lane)[CUBES["white"]]


def test_robnrun_screen_cracking_fills_the_top_corner_until_the_next_step(heist: Heist) -> None:
    heist.new_game()
    heist.prepare("C1")
    heist.round(CRACKING[0])
    assert not big_moment(render(heist.table, "no_moment_yet"), "GEKNACKT!", GOOD, INK)
    heist.round(CRACKING[1])
    heist.round(CRACKING[2])
    cracked = render(heist.table, "cracked")
    assert big_moment(cracked, "GEKNACKT!", GOOD, INK)
    below = SPOT.moment.top + 2 + fonts().large.render("GEKNACKT!", True, INK).get_height()
    assert reads(cracked, fonts().body, "3 Tresore geknackt", INK, GOOD,
                 midtop=(SPOT.moment.centerx, below))
    heist.do("next")
    assert colours(render(heist.table, "cracked_step_2"), SPOT.moment)[GOOD] == 0


def test_robnrun_screen_a_red_alarm_and_the_police_on_the_car_lose(heist: Heist) -> None:
    heist.new_game()
    heist.prepare("A2")
    heist.round(WRONG)
    brink = render_after_band(heist.table, "alarm_at_the_limit")
    assert reads(brink, fonts().body, "4/4", WARN, PANEL, glyphs(5), midtop=figure(5))
    heist.round(WRONG)
    alarm = render(heist.table, "alarm_went_off")
    assert big_moment(alarm, "ALARM!", DANGER, TEXT)
    heist.do("next")
    after = render(heist.table, "alarm_step_2")
    assert reads(after, fonts().body, "8/4", DANGER, PANEL, glyphs(5), midtop=figure(5))
    heist.finish()
    assert heist.state["phase"] == "lost"
    surface = render(heist.table, "lost")
    length = heist.state["route"]["length"]
    assert big_moment(surface, "ERWISCHT!", DANGER, TEXT)
    assert "Die Polizei hat euch." in said(heist.table)
    assert squares_with(surface, CAR, ROUTE.squares, length) == {5}
    assert squares_with(surface, POLICE, ROUTE.police, length) == {5}


def test_robnrun_screen_won_shows_the_rating_and_warns_of_gold_over_twenty(
        heist: Heist) -> None:
    heist.own_box()
    heist.new_game(scenario="ours", gold=10)
    heist.crack("A2")
    heist.finish()
    heist.crack("B3")
    heist.do("next")
    assert colours(render(heist.table, "over_twenty"), tile(4))[WARN] > 0
    heist.finish()
    assert heist.state["phase"] == "won"
    surface = render(heist.table, "won")
    assert big_moment(surface, "ENTKOMMEN!", GOOD, INK)
    assert "Flughafen: 22 Gold!" in said(heist.table)
    assert "Respekt, davon lässt sich leben!" in " ".join(said(heist.table))
    assert EXAMPLE not in said(heist.table) and colours(surface, SPOT.hints)[WARN] == 0
    assert squares_with(surface, CAR, ROUTE.squares, heist.state["route"]["length"]) == {8}


def test_robnrun_screen_own_profile_and_scenario_are_not_example_values(heist: Heist) -> None:
    heist.own_box()
    heist.new_game(scenario="ours")
    surface = render(heist.table, "own_box")
    assert EXAMPLE not in said(heist.table) and colours(surface, SPOT.hints)[WARN] == 0
    assert squares_with(surface, CAR, ROUTE.squares, 12) == {2}


def test_robnrun_screen_warns_of_example_values_until_the_group_confirms_its_profile(
        heist: Heist) -> None:
    heist.new_game()
    assert colours(render(heist.table, "example_profile"), SPOT.hints)[WARN] > 0
    assert EXAMPLE in said(heist.table)
    heist.do("table.end_game")
    heist.do("table.save", game="robnrun", kind="profile", name="box", data=short_profile())
    heist.new_game()                       # the built-in training scenario, the group's box
    surface = render(heist.table, "confirmed_profile")
    assert EXAMPLE not in said(heist.table) and colours(surface, SPOT.hints)[WARN] == 0


# -- secrets ------------------------------------------------------------------------------------

def robbed(db: Path, safes: list[dict[str, Any]], cards: list[str]) -> Table:
    """A Table after a first round whose safes and alarm cards are ``safes`` and ``cards``."""
    table = Table(Store(db), GAMES, clock=FakeClock(), chance=random.Random(1))
    table.start()
    heist = Heist(table)
    heist.new_game()
    heist.prepare("A2", safes)
    heist.round(cards)
    return table


def test_robnrun_screen_never_draws_a_secret(tmp_path: Path) -> None:
    other = [{"tools": {"card": 2, "ram": 2}, "gold": 1}, {"tools": {"stethoscope": 3}, "gold": 2},
             {"tools": {"jackhammer": 1, "dynamite": 2}, "gold": 3}]
    one = robbed(tmp_path / "one.sqlite", SAFES, ["card", "card", "stethoscope", "jackhammer"])
    two = robbed(tmp_path / "two.sqlite", other, ["card", "card", "flashlight", "acid"])
    try:
        secrets = [table.published.private[0]["state"]["secret"] for table in (one, two)]
        assert secrets[0]["safes"] != secrets[1]["safes"]
        assert secrets[0]["alarm"] != secrets[1]["alarm"]
        first, second = render(one, "secret_one"), render(two, "secret_two")
        assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
        assert said(one) == said(two)
    finally:
        one.stop()
        two.stop()


def test_robnrun_screen_a_boss_without_a_phone_is_told_then_enters_the_safes_on_it(
        heist: Heist) -> None:
    heist.new_game()
    heist.do("rob", building="A2")
    heist.do("openly", ask=True)
    asked = render(heist.table, "openly_asked")
    assert colours(asked, SPOT.lines)[WARN] > 0
    assert "Die Tresore stehen dann hier." in " ".join(said(heist.table))
    heist.do("openly")
    draft = [{"tools": {"ram": 2, "jackhammer": 1}, "gold": 3}, {"tools": {}, "gold": 0},
             {"tools": {}, "gold": 0}]
    heist.do("draft_safes", safes=draft, focus=0)
    render(heist.table, "openly_entering")
    shown = said(heist.table)
    assert shown[:3] == ["Tresor 1 · 3 Gold", "Rammbock 2", "Presslufthammer 1"]
    heist.do("safes", safes=SAFES)
    heist.do("deal")
    heist.do("start")
    render(heist.table, "openly_entered")
    shown = said(heist.table)
    assert shown[shown.index("Tresor 1 von 3 · 2 Gold") + 1] == "2\u00d7 Ausweis, Säure"


BLANK = {"tools": {}, "gold": 0}
LACKING = {
    "nothing entered": ([BLANK] * 3, ["Noch 3 Werkzeuge (3\u20135)", "Gold fehlt (1\u20133)"],
                        ["3 more tools (3\u20135)", "Gold missing (1\u20133)"]),
    "a tool short": ([{"tools": {"ram": 2}, "gold": 2}, BLANK, BLANK],
                     ["Noch 1 Werkzeug (3\u20135)"], ["1 more tool (3\u20135)"]),
    "the gold": ([{"tools": {"ram": 3}, "gold": 0}, BLANK, BLANK], ["Gold fehlt (1\u20133)"],
                 ["Gold missing (1\u20133)"]),
    "two safes open": ([SAFES[0], BLANK, BLANK], ["Noch offen: Tresore 2, 3"],
                       ["Still open: safes 2, 3"]),
    "one safe open": ([SAFES[0], SAFES[1], BLANK], ["Noch offen: Tresor 3"],
                      ["Still open: safe 3"]),
    "every safe": (SAFES, ["Alle Tresore vollständig"], ["Every safe is complete"]),
}
"""Safes being entered on the box (the first in focus), and what its screen says they lack."""


@pytest.mark.parametrize("case", LACKING)
def test_robnrun_screen_a_safe_entered_on_the_box_says_what_it_still_lacks(
        heist: Heist, case: str) -> None:
    draft, german, english = LACKING[case]
    heist.new_game()
    heist.do("rob", building="A2")
    heist.do("openly", ask=True)
    heist.do("openly")
    heist.do("draft_safes", safes=draft, focus=0)
    for lang, lines in (("de", german), ("en", english)):
        published = replace(heist.table.published,
                            public={**heist.table.published.public, "language": lang})
        surface, written = drawn_lines(heist.table.games, published, 0, URL)
        save(surface, f"robnrun_openly_lacking_{case.replace(' ', '_')}_{lang}")
        readable = [w.words for w in written if w.role == "body" and not w.cut]
        assert all(line in readable for line in lines), (lang, readable)


FULL_SAFES: list[dict[str, Any]] = [
    {"tools": {"card": 1, "stethoscope": 1, "acid": 2, "ram": 1}, "gold": 1},
    {"tools": {"flashlight": 1, "dynamite": 1, "ram": 2, "jackhammer": 1}, "gold": 2},
    {"tools": {"card": 1, "flashlight": 1, "stethoscope": 1, "acid": 1}, "gold": 3}]
"""Three safes of four tools each: their lines are long in both languages."""
OPEN_SAFES = {
    "de": [("Tresor 1 von 3 · 1 Gold", {"Ausweis", "Stethoskop", "2\u00d7 Säure", "Rammbock"}),
           ("Tresor 2 von 3 · 2 Gold", {"Taschenlampe", "Dynamit", "2\u00d7 Rammbock",
                                        "Presslufthammer"}),
           ("Tresor 3 von 3 · 3 Gold", {"Ausweis", "Taschenlampe", "Stethoskop", "Säure"})],
    "en": [("Safe 1 of 3 · 1 gold", {"security card", "stethoscope", "2\u00d7 acid", "ram"}),
           ("Safe 2 of 3 · 2 gold", {"flashlight", "dynamite", "2\u00d7 ram", "jackhammer"}),
           ("Safe 3 of 3 · 3 gold", {"security card", "flashlight", "stethoscope", "acid"})]}
"""Each safe's page: its head, and its tools however the lines below the head break them."""


def openly_robbing(heist: Heist, safes: list[dict[str, Any]]) -> None:
    """Building A2 robbed with the boss's safes open on the box, the crew's first clue due."""
    heist.do("rob", building="A2")
    heist.do("openly", ask=True)
    heist.do("openly")
    heist.do("safes", safes=safes)
    heist.do("deal")
    heist.do("start")


def test_robnrun_screen_a_boss_without_a_phone_has_every_safe_whole_and_readable_on_the_box(
        heist: Heist) -> None:
    """Open play: the safes are what the crew plays against; each stands whole on a page of
    its own, readable (its head and tools in the body font, in two lines of tools, never cut
    with "…"), BACK's job said, and no boss's phone spoken of."""
    heist.new_game()
    openly_robbing(heist, FULL_SAFES)
    shown = {"clues": list(drawn(heist.table))}
    heist.do("crew")
    shown["crew"] = list(drawn(heist.table))
    for phase, frames in shown.items():
        for lang, page, written in frames:
            head, tools = OPEN_SAFES[lang][page]
            body = [w.words for w in written if w.role == "body"]
            lines = body[body.index(head) + 1:body.index(head) + 3]
            assert set(", ".join(lines).split(", ")) == tools, (phase, lang, body)
            assert [w.cut for w in written if w.cut] == [], (phase, lang)
            words = " ".join(w.words for w in written)
            assert text("robnrun.key.page", lang) in words, (phase, lang)
            assert "Boss-Telefon" not in words and "Boss's phone" not in words, (phase, lang)


def test_robnrun_screen_a_long_name_for_the_jackhammer_shares_the_safe_s_head(
        heist: Heist) -> None:
    """A box profile's long English name for the jackhammer takes the tools to a third line:
    the safe's head then begins it, and the page still holds every tool whole."""
    heist.do("table.save", game="robnrun", kind="profile", name="box",
             data={**short_profile(), "jackhammer": "pneumatic road drill"})
    heist.new_game()
    heist.do("table.language", language="en")
    openly_robbing(heist, [{"tools": {"card": 1, "stethoscope": 1, "dynamite": 1,
                                      "jackhammer": 2}, "gold": 2}, *FULL_SAFES[1:]])
    surface, written = drawn_lines(heist.table.games, heist.table.published, 0, URL)
    save(surface, "robnrun_openly_long_jackhammer_en")
    body = [w.words for w in written if w.role == "body"]
    head = "Safe 1 of 3 · 2 gold: "
    first = next(n for n, words in enumerate(body) if words.startswith(head))
    tools = ", ".join(body[first:first + 3]).removeprefix(head)
    assert set(tools.split(", ")) == {"security card", "stethoscope", "dynamite",
                                      "2\u00d7 pneumatic road drill"}
    assert [w.cut for w in written if w.cut] == []


def test_robnrun_screen_the_display_draws_the_safe_the_box_turned_to(heist: Heist) -> None:
    """A page turned on the box wakes the display, which draws that safe."""
    heist.new_game()
    openly_robbing(heist, FULL_SAFES)
    panel = Panel()

    def turn(frame: pygame.Surface) -> None:
        panel.page = 1
        panel.move(0)
    frames = Frames(turn, lambda frame: None)
    run_display(Feed(heist.table.published), panel, link, window=False, stop=frames.stop,
                on_frame=frames, watchdog=frames.watchdog)
    pages = [drawn_lines(heist.table.games, heist.table.published, 0, URL, page=n)[0]
             for n in (0, 1)]
    assert [pygame.image.tobytes(frame, "RGB") for frame in frames.frames] == [
        pygame.image.tobytes(page, "RGB") for page in pages]


def drawn(table: Table) -> Iterator[tuple[str, int, list[Written]]]:
    """Every line the box draws for the Table's last Published, in German and in English, on
    each of its pages."""
    for lang in ("de", "en"):
        published = replace(table.published,
                            public={**table.published.public, "language": lang})
        for page in range(table.published.controls.pages):
            surface, written = drawn_lines(table.games, published, 0, URL, page=page)
            save(surface, f"robnrun_openly_{published.public['state']['phase']}_{page}_{lang}")
            yield lang, page, written
