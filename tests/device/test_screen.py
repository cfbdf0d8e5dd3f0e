"""The screen, rendered headless to PNG (artifacts/screens/) and checked pixel by pixel."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion import i18n
from companion.device.box import READ_S, Asking
from companion.device.painters import LOBBY, painter_for
from companion.device.painters.lobby import layout as lobby_layout
from companion.device.painters.lobby import typed
from companion.device.painters.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    GOOD,
    MUTED,
    PANEL,
    PAUSED,
    TEXT,
    WARN,
)
from companion.device.painters.parts import (
    Fonts,
    countdown_text,
    drawable_view,
    fitting,
    game_layout,
)
from companion.device.qr import qr_matrix, qr_surface, qr_text
from companion.device.screen import READ_STEPS, Screen, drawable_beside, menu_labels
from companion.games import GAMES
from companion.games.base import Action, Button, Controls, MenuItem, Sound
from companion.games.romme.screen import PAINTER as ROMME_PAINTER
from companion.table.colours import seat_colour
from companion.table.menu import lobby_controls
from companion.table.owner import Table
from companion.table.published import Published
from tests.device.frames import drawn_lines
from tests.tiny import GAME as TINY
from tests.tiny.screen import PAINTER as TINY_PAINTER

SIZE = (480, 320)
SCREEN_GAMES = {**GAMES, TINY.id: TINY}
i18n.default_catalog().add(TINY.id, TINY.texts)  # as a Table with the tiny game does
URL = "http://192.168.178.23:8000/j/KM7RX"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
BLACK, WHITE = (0, 0, 0), (255, 255, 255)
ROMME_TITLE = {"de": "Räuber-Rommé", "en": "Räuber-Rommé"}
NAMES = ("Anna", "Ben", "", "Dora")


pytestmark = pytest.mark.usefixtures("offscreen")


# -- building views by hand, as the contract has them -------------------------------------------

def seats() -> list[dict[str, Any]]:
    return [{"seat": i, "name": name, "taken": True, "colour": seat_colour(i)}
            for i, name in enumerate(NAMES)]


def lobby_view(language: str = "de") -> dict[str, Any]:
    return {"version": 1, "language": language, "game": None, "me": None, "undo": False,
            "undoes": None, "cover": False, "seats": [], "claims": [], "wifi": None,
            "timer": None,
            "games": [{"id": "romme", "title": ROMME_TITLE, "min_seats": 2, "max_seats": 6,
                       "options": []}]}


def lobby_menu() -> Controls:
    return Controls(menu=[MenuItem("box.new_game",
                                   Action("table.new_game", None, {"game": "romme", "seats": n}),
                                   {"game": "romme", "count": n}) for n in range(2, 7)])


def player(seat: int, rounds: list[int], left: bool = False) -> dict[str, Any]:
    return {"seat": seat, "total": sum(rounds), "rounds": rounds, "overruns": 0, "left": left,
            "melded": True}


def romme_view(phase: str, *, remaining_ms: int | None = None, running: bool = True,
               limit_ms: int = 50_000, turn: bool = True, **state: Any) -> dict[str, Any]:
    """A Räuber-Rommé table view in round 3 of 5, Ben (seat 1) to play."""
    public = {"phase": phase, "round": 3, "rounds": 5, "turn": 1, "first_meld": None, "starter": 0,
              "players": [player(0, [-12, 0]), player(1, [0, -5]), player(2, [-20, -30]),
                          player(3, [-7, 0])],
              "order": [1, 2, 3, 0], "last": None, "scoring": None, "ranking": [], **state}
    timer = None if remaining_ms is None else {"remaining_ms": remaining_ms, "running": running,
                                               "limit_ms": limit_ms, "turn": turn}
    return {"version": 12, "language": "de", "game": "romme", "me": None, "undo": True,
            "seats": seats(), "timer": timer, "title": ROMME_TITLE, "state": public}


TURN_KEYS = Controls(keys={Button.TURN: Action("end_turn"), Button.TURN_LONG: Action("pause"),
                           Button.BACK_LONG: Action("table.undo")})
"""The keys of a running Rommé turn, as the Table gives them."""


def published(view: dict[str, Any], controls: Controls | None = None) -> Published:
    return Published(view["version"], 0.0, view, {}, controls or Controls())


def lines(view: dict[str, Any], controls: Controls | None = None, cursor: int = 0) -> list[str]:
    """The words of every line the screen draws for ``view``."""
    return [w.words for w in drawn_lines(SCREEN_GAMES, published(view, controls), cursor,
                                         URL)[1]]


def render(view: dict[str, Any], name: str, *, controls: Controls | None = None,
           cursor: int = 0, now: float = 0.0, link: str | None = URL,
           device: dict[str, Any] | None = None) -> pygame.Surface:
    """Render like the box does, and keep the picture under artifacts/screens/."""
    surface = pygame.Surface(SIZE)
    shown = published(view, controls)
    if device is not None:
        shown = replace(shown, device=device)
    Screen(SIZE, SCREEN_GAMES).render(surface, shown, cursor, link, now)
    return save(surface, name)


def save(surface: pygame.Surface, name: str) -> pygame.Surface:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(ARTIFACTS / f"{name}.png"))
    return surface


# -- reading pixels -----------------------------------------------------------------------------

def colours(surface: pygame.Surface, rect: pygame.Rect) -> Counter[tuple[int, int, int]]:
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    return Counter(zip(data[0::3], data[1::3], data[2::3], strict=True))


def drawn(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels in ``rect`` are not background."""
    found = colours(surface, rect)
    return sum(found.values()) - found[BACKGROUND]


def rgb(surface: pygame.Surface, at: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(at)
    return colour.r, colour.g, colour.b


def find_qr(surface: pygame.Surface) -> tuple[int, int, int]:
    """The QR code's top-left corner (quiet zone included) and module size.

    Only the QR code is pure black, and the first black pixel in reading order is the top
    left corner of its top-left finder pattern, whose top edge is 7 modules long.
    """
    width, height = surface.get_size()
    for y in range(height):
        for x in range(width):
            if rgb(surface, (x, y)) == BLACK:
                run = 0
                while rgb(surface, (x + run, y)) == BLACK:
                    run += 1
                px = run // 7
                return x - 4 * px, y - 4 * px, px
    raise AssertionError("no QR code on the screen")


def assert_qr(surface: pygame.Surface, url: str) -> int:
    """Every module's centre pixel is what qr_matrix says; returns the module size."""
    left, top, px = find_qr(surface)
    matrix = qr_matrix(url)
    wrong = [(row, col) for row, line in enumerate(matrix) for col, dark in enumerate(line)
             if rgb(surface, (left + col * px + px // 2, top + row * px + px // 2))
             != (BLACK if dark else WHITE)]
    assert wrong == []
    return px


def chips(count: int) -> list[pygame.Rect]:
    order = game_layout(SIZE).order
    width = order.width // count
    return [pygame.Rect(order.left + i * width, order.top, width - 6, order.height)
            for i in range(count)]


# -- the QR code --------------------------------------------------------------------------------

def test_qr_matrix_has_the_quiet_zone_and_finder_patterns() -> None:
    matrix = qr_matrix(URL)
    size = len(matrix)
    assert all(len(row) == size for row in matrix) and (size - 8 - 21) % 4 == 0
    assert not any(matrix[i][j] for i in range(size) for j in range(size)
                   if min(i, j) < 4 or max(i, j) >= size - 4)
    assert matrix[4][4:11] == [True] * 7 and matrix[5][4:11] == [True] + [False] * 5 + [True]


def test_qr_surface_draws_each_module_in_whole_pixels() -> None:
    surface = qr_surface(URL, 3)
    matrix = qr_matrix(URL)
    assert surface.get_size() == (len(matrix) * 3,) * 2
    assert all(rgb(surface, (x * 3 + 1, y * 3 + 1)) == (BLACK if dark else WHITE)
               for y, row in enumerate(matrix) for x, dark in enumerate(row))


def test_qr_text_holds_two_module_rows_per_line() -> None:
    matrix = qr_matrix(URL)
    lines = qr_text(URL).split("\n")
    light = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    assert len(lines) == (len(matrix) + 1) // 2
    for n, line in enumerate(lines):
        assert len(line) == len(matrix)
        top = [not light[ch][0] for ch in line]
        assert top == matrix[2 * n]
        if 2 * n + 1 < len(matrix):
            assert [not light[ch][1] for ch in line] == matrix[2 * n + 1]


# -- fonts and texts ----------------------------------------------------------------------------

def test_screen_font_has_the_german_letters() -> None:
    font = Fonts.for_height(320).body
    missing = font.metrics("\ue000")[0]
    assert [ch for ch in "äöüßÄÖÜ" if font.metrics(ch)[0] == missing] == []


def test_screen_menu_labels_name_the_game_in_the_views_language() -> None:
    assert menu_labels(lobby_menu(), lobby_view(), "de")[0] == "Räuber-Rommé · 2 Plätze"
    assert menu_labels(lobby_menu(), lobby_view("en"), "en")[4] == "Räuber-Rommé · 6 seats"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_screen_romme_calls_going_out_what_the_menu_calls_it(lang: str) -> None:
    call = i18n.text("romme.menu.romme", lang).split()[0]
    assert call == "Rommé!"
    for key in ("screen.romme.went_out", "screen.romme.first_turn_out"):
        assert "Rommé" in i18n.text(key, lang, name="Ben"), key


def test_screen_finds_each_games_painter_in_its_folder() -> None:
    assert painter_for(None) is LOBBY
    assert painter_for(GAMES["romme"]) is ROMME_PAINTER
    assert painter_for(TINY) is TINY_PAINTER


# -- the screens --------------------------------------------------------------------------------

def test_screen_lobby_shows_the_chosen_item_large_and_a_true_join_code() -> None:
    surface = render(lobby_view(), "lobby", controls=lobby_menu(), cursor=2)
    assert assert_qr(surface, URL) >= 3
    chosen = lobby_layout(SIZE).chosen
    assert colours(surface, chosen)[ACCENT] > chosen.width * chosen.height // 2
    said = lines(lobby_view(), lobby_menu(), cursor=2)
    assert "Räuber-Rommé · 4 Plätze" in said, "in the list"
    assert {"Räuber-Rommé", "4 Plätze"} <= set(said), "and large below it, in two lines"


def test_screen_lobby_shows_that_the_list_goes_on() -> None:
    said = lines(lobby_view(), lobby_menu(), cursor=0)
    assert "Räuber-Rommé · 4 Plätze" in said, "the next items in the list, as a hint"
    assert any(line.endswith("1 von 5") for line in said)


def test_screen_lobby_without_a_network_says_it_waits_instead_of_a_dead_link() -> None:
    waiting = render(lobby_view(), "lobby_no_network", controls=lobby_menu(), link=None)
    with pytest.raises(AssertionError, match="no QR code"):
        find_qr(waiting)
    top = lobby_layout(SIZE).qr
    assert colours(waiting, pygame.Rect(top.left, top.top, top.width, top.height // 2))[ACCENT]


def test_screen_without_a_network_shows_the_saved_hotspot_instead() -> None:
    hotspot = "WIFI:T:WPA;S:Getaway;P:geheim123;;"
    surface = render(lobby_view(), "lobby_hotspot", controls=lobby_menu(), link=None,
                     device={"wifi_qr": None, "hotspot_qr": hotspot})
    assert_qr(surface, hotspot)
    assert_qr(render(lobby_view(), "lobby_network", controls=lobby_menu(),
                     device={"wifi_qr": None, "hotspot_qr": hotspot}), URL)


def test_screen_romme_turn_counts_down_in_big_changing_digits() -> None:
    spot = game_layout(SIZE)
    calm = render(romme_view("turn", remaining_ms=41_000), "romme_turn_41s")
    hurry = render(romme_view("turn", remaining_ms=9_000), "romme_turn_9s")
    last = render(romme_view("turn", remaining_ms=4_000), "romme_turn_4s")
    area = spot.countdown
    assert drawn(calm, area) > area.width * area.height // 20
    assert colours(calm, area) != colours(hurry, area)
    assert colours(calm, area)[GOOD] > 0 and colours(calm, area)[WARN] == 0
    assert colours(hurry, area)[WARN] > 0 and colours(hurry, area)[GOOD] == 0
    assert colours(last, area)[DANGER] > 0
    assert drawn(calm, spot.note) == 0, "no warning while there is time"
    assert colours(hurry, spot.note)[WARN] > 0 and colours(last, spot.note)[DANGER] > 0
    assert colours(last, spot.note)[DANGER] > colours(hurry, spot.note)[WARN], "two signs"
    assert_qr(calm, URL)


def test_screen_romme_recalls_the_first_meld_until_the_last_seconds() -> None:
    meld = "Erstauslage: mind. 20 Punkte aus der Hand"
    assert meld in lines(romme_view("turn", remaining_ms=41_000, first_meld=20), TURN_KEYS)
    assert meld not in lines(romme_view("turn", remaining_ms=41_000, first_meld=None),
                             TURN_KEYS)
    hurry = lines(romme_view("turn", remaining_ms=9_000, first_meld=20), TURN_KEYS)
    assert "Beeilung!" in hurry and meld not in hurry, "what TURN does takes its line"


def test_screen_romme_says_what_turn_does_readably_in_a_calm_turn() -> None:
    spot = game_layout(SIZE)
    calm = render(romme_view("turn", remaining_ms=41_000), "romme_turn_keys", controls=TURN_KEYS)
    assert colours(calm, spot.note)[TEXT] > 0
    said = lines(romme_view("turn", remaining_ms=41_000), TURN_KEYS)
    assert "Zug beenden" in said and "TURN halten: Pause  ·  ZURÜCK halten: Rückgängig" in said
    english = lines({**romme_view("turn", remaining_ms=41_000), "language": "en"}, TURN_KEYS)
    assert "end turn" in english and "hold TURN: pause  ·  hold BACK: undo" in english


def test_screen_romme_highlights_the_seat_on_turn_and_the_next_ones() -> None:
    players = [player(0, [-12]), player(1, [0]), player(2, [-20]), player(3, [-7], left=True)]
    surface = render(romme_view("turn", remaining_ms=30_000, players=players, order=[1, 2, 0],
                                last={"kind": "left", "seat": 3, "tiles": 0}), "romme_left")
    fills = [rgb(surface, (chip.left + 3, chip.centery)) for chip in chips(3)]
    assert fills == [ACCENT, PANEL, PANEL]
    assert "Dora hat das Spiel verlassen" in lines(
        romme_view("turn", remaining_ms=30_000, players=players, order=[1, 2, 0],
                   last={"kind": "left", "seat": 3, "tiles": 0}))


def test_screen_romme_marks_each_seat_in_the_colour_its_phones_show() -> None:
    surface = render(romme_view("turn", remaining_ms=30_000), "romme_colours")
    for chip, seat in zip(chips(3), [1, 2, 3], strict=True):
        wanted = pygame.Color(seat_colour(seat))
        assert colours(surface, chip)[wanted.r, wanted.g, wanted.b] > 20, seat


def test_screen_romme_paused_turn_is_grey_and_says_so() -> None:
    view = romme_view("paused", remaining_ms=23_400, running=False)
    keys = Controls(keys={Button.TURN: Action("resume"), Button.TURN_LONG: Action("resume")})
    surface = render(view, "romme_paused", controls=keys)
    spot = game_layout(SIZE)
    assert colours(surface, spot.countdown)[PAUSED] > 0
    assert colours(surface, spot.countdown)[GOOD] == 0
    assert colours(surface, spot.headline)[PAUSED] > 0 and colours(surface, spot.note)[TEXT] > 0
    assert {"PAUSE", "Uhr starten"} <= set(lines(view, keys)), "and TURN goes on"


def test_screen_romme_settle_counts_down_quietly_and_names_who_is_next() -> None:
    overrun = {"kind": "overrun", "seat": 0, "tiles": 1}
    settle = render(romme_view("settle", remaining_ms=4_000, limit_ms=10_000, turn=False,
                               last=overrun), "romme_settle")
    waiting = render(romme_view("settle", remaining_ms=50_000, running=False, last=overrun),
                     "romme_settle_wait")
    spot = game_layout(SIZE)
    quiet = colours(settle, spot.countdown)
    assert quiet[MUTED] > 0 and quiet[DANGER] == quiet[WARN] == quiet[GOOD] == 0
    assert colours(settle, spot.note)[DANGER] > 0, "the overrun's penalty stays in view"
    assert colours(settle, spot.headline)[ACCENT] > 0
    assert colours(waiting, spot.countdown)[PAUSED] > 0
    assert "Gleich: Ben" in lines(romme_view("settle", remaining_ms=4_000, limit_ms=10_000,
                                             turn=False, last=overrun))


def test_screen_romme_overrun_shows_the_penalty_on_a_red_banner() -> None:
    spot = game_layout(SIZE)
    overrun = render(romme_view("turn", remaining_ms=50_000,
                                last={"kind": "overrun", "seat": 0, "tiles": 1}), "romme_overrun")
    played = render(romme_view("turn", remaining_ms=50_000,
                               last={"kind": "end_turn", "seat": 0, "tiles": 0}), "romme_played")
    assert colours(overrun, spot.note)[DANGER] > spot.note.height * 50
    assert "Anna: +1 Stein" in lines(romme_view("turn", remaining_ms=50_000, last={
        "kind": "overrun", "seat": 0, "tiles": 1}))
    assert colours(played, spot.note)[DANGER] == 0
    assert "Anna hat gelegt" in lines(romme_view("turn", remaining_ms=50_000, last={
        "kind": "end_turn", "seat": 0, "tiles": 0}))


def test_screen_romme_time_up_fills_the_screen_for_a_moment() -> None:
    view = romme_view("settle", remaining_ms=10_000, limit_ms=10_000, turn=False,
                      last={"kind": "overrun", "seat": 0, "tiles": 1})
    surface = pygame.Surface(SIZE)
    Screen(SIZE, SCREEN_GAMES).render(surface, published(view), 0, URL, 0.0, Sound.OVERRUN)
    save(surface, "romme_time_up")
    whole = pygame.Rect((0, 0), SIZE)
    assert colours(surface, whole)[DANGER] > SIZE[0] * SIZE[1] // 2
    said = [w.words for w in drawn_lines(SCREEN_GAMES, published(view), 0, URL,
                                         Sound.OVERRUN)[1]]
    assert said[0] == "ZEIT UM!"
    assert " ".join(said[1:]) == "Anna nimmt die gelegten Steine zurück: +1 Stein"
    left = {**view, "state": {**view["state"], "last": {"kind": "left", "seat": 0, "tiles": 0}}}
    said = [w.words for w in drawn_lines(SCREEN_GAMES, published(left), 0, URL,
                                         Sound.OVERRUN)[1]]
    assert " ".join(said[1:]) == "Anna verlässt das Spiel: zweimal in Folge überzogen"
    calm = render(view, "romme_settle_after_the_moment")
    assert colours(calm, whole)[DANGER] < SIZE[0] * SIZE[1] // 10


def test_screen_romme_scoring_shows_tiles_and_flags_missing_seats() -> None:
    scoring = {"winner": 1, "first_turn_out": False, "tiles": {"0": [3, 50, 10], "3": [7]},
               "missing": [2], "focus": 3, "points": {"0": -63, "1": 0, "3": -7}}
    menu = Controls(menu=[*(MenuItem("romme.menu.change", Action("score"),
                                     {"change": change, "total": 17})
                            for change in ("+10", "+5", "+1", "-1")),
                          MenuItem("romme.menu.add_joker", Action("score"), {"total": 17})])
    surface = render(romme_view("scoring", scoring=scoring), "romme_scoring", controls=menu,
                     cursor=4)
    complete = render(romme_view("scoring", scoring={**scoring, "missing": []}),
                      "romme_scoring_complete")
    table = game_layout(SIZE).table
    assert colours(surface, table)[WARN] > 0
    assert colours(complete, table)[WARN] == 0


def test_screen_romme_final_ranking_puts_the_winner_first() -> None:
    ranking = [{"seat": 1, "total": -5, "place": 1}, {"seat": 3, "total": -7, "place": 2},
               {"seat": 0, "total": -12, "place": 3}, {"seat": 2, "total": -50, "place": 4}]
    surface = render(romme_view("over", ranking=ranking), "romme_over")
    spot = game_layout(SIZE)
    assert colours(surface, spot.countdown)[ACCENT] > 0
    first_row = pygame.Rect(spot.table.left, spot.table.top + 20, spot.table.width, 26)
    assert colours(surface, first_row)[ACCENT] > 0


def test_screen_a_game_from_outside_draws_with_its_own_painter() -> None:
    view = {**romme_view("turn", remaining_ms=7_000), "game": "tiny",
            "title": {"de": "Klein", "en": "Tiny"}, "state": {"rolls": [3, 6]}}
    surface = render(view, "tiny")
    spot = game_layout(SIZE)
    assert colours(surface, spot.headline)[TEXT] > 0
    assert colours(surface, spot.countdown)[WARN] > 0
    assert colours(surface, spot.side)[ACCENT] > 0
    assert colours(render({**view, "state": {"rolls": []}}, "tiny_no_rolls"), spot.side)[
        ACCENT] < colours(surface, spot.side)[ACCENT]
    assert_qr(surface, URL)


def test_screen_speaks_the_views_language() -> None:
    german = render(romme_view("ready", remaining_ms=50_000, running=False), "romme_ready_de")
    english = render({**romme_view("ready", remaining_ms=50_000, running=False),
                      "language": "en"}, "romme_ready_en")
    headline = game_layout(SIZE).headline
    assert colours(german, headline) != colours(english, headline)


# -- redrawing only on change -------------------------------------------------------------------

def redraws(screen: Screen, shown: Published, seconds: float, step_ms: int = 1) -> list[float]:
    """Step a fake clock through ``seconds``; render whenever the screen asks to."""
    surface, times = pygame.Surface(SIZE), []
    for ms in range(0, round(seconds * 1000), step_ms):
        now = ms / 1000
        if screen.needs_redraw(shown, 0, now):
            screen.render(surface, shown, 0, URL, now)
            times.append(now)
    return times


def test_screen_idle_table_is_never_redrawn() -> None:
    screen = Screen(SIZE, SCREEN_GAMES)
    shown = published(lobby_view(), lobby_menu())
    assert redraws(screen, shown, 60, step_ms=50) == [0.0]
    assert screen.needs_redraw(shown, 1, 60.0), "the cursor moved"
    english = {**lobby_view("en"), "version": 2}
    assert screen.needs_redraw(published(english, lobby_menu()), 0, 60.0), (
        "a new version that shows something new")


def test_screen_a_version_that_shows_the_same_draws_no_new_frame() -> None:
    screen, surface = Screen(SIZE, SCREEN_GAMES), pygame.Surface(SIZE)
    shown = published(romme_view("turn", remaining_ms=12_000), TURN_KEYS)
    screen.render(surface, shown, 0, URL, 0.0)
    same = replace(shown, version=13, public={**shown.public, "version": 13},
                   private={0: {"note": "a phone's own step"}})
    assert not screen.needs_redraw(same, 0, 0.0), "only a phone's own view changed"
    assert screen.needs_redraw(replace(same, controls=Controls()), 0, 0.0), "other keys"
    assert screen.needs_redraw(replace(same, device={"box": {"hint": 1}}), 0, 0.0), "box"
    assert screen.needs_redraw(replace(same, as_of=1.0), 0, 0.0), "the turn started anew"


def test_screen_walks_a_view_for_drawable_text_once_while_it_shows_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[set[str]] = []

    def counted(view: dict[str, Any]) -> Any:
        walked.append(set(view))
        return drawable_view(view)

    monkeypatch.setattr("companion.device.screen.drawable_view", counted)
    screen = Screen(SIZE, SCREEN_GAMES)
    shown = published(romme_view("turn", remaining_ms=12_000), TURN_KEYS)
    assert len(redraws(screen, shown, 3, step_ms=10)) > 1, "the countdown ticks"
    same = replace(shown, version=13, public={**shown.public, "version": 13})
    screen.render(pygame.Surface(SIZE), same, 0, URL, 3.0)
    assert len(walked) == 1 and "seats" in walked[0], (
        "one walk for every frame of what the screen shows")
    paused = published(romme_view("paused", remaining_ms=9_000, running=False), TURN_KEYS)
    screen.render(pygame.Surface(SIZE), paused, 0, URL, 3.0)
    assert walked[1:] == [{"remaining_ms", "running"}, {"phase"}], (
        "of a view that shows something new, only the parts that changed are walked")


def test_screen_a_view_beside_the_one_before_is_drawable_as_a_whole() -> None:
    before = romme_view("turn", remaining_ms=12_000)
    after = romme_view("paused", remaining_ms=9_000, running=False)
    after["seats"][1]["name"] = "Zo\x00\u00eb\nB"
    after["state"]["players"][2]["left"] = True
    beside = drawable_beside(after, before, drawable_view(before))
    assert beside == drawable_view(after) and list(beside) == list(after)
    assert beside["seats"][1]["name"] == "Zo\ufffd\u00eb B"
    lobby = lobby_view()
    for one, other in ((lobby, after), (after, lobby)):
        assert drawable_beside(other, one, drawable_view(one)) == drawable_view(other), (
            "parts come and go")


def test_screen_asks_screen_redraws_as_the_moment_before_ok_passes_then_rests() -> None:
    ask = MenuItem("box.host_grant", Action("table.host_grant"), {"label": "K7M"})
    shown = published(lobby_view(), replace(lobby_menu(), asks=[ask]))
    screen, surface = Screen(SIZE, SCREEN_GAMES), pygame.Surface(SIZE)
    screen.render(surface, shown, 0, URL, 0.0)
    asking = Asking(0, ask, 0.0, 0.0)
    assert screen.needs_redraw(shown, 0, 0.0, asking=asking), "the asks screen opened"
    times = []
    for ms in range(0, 5000, 10):
        if screen.needs_redraw(shown, 0, ms / 1000, asking=asking):
            screen.render(surface, shown, 0, URL, ms / 1000, asking=asking)
            times.append(ms / 1000)
    assert len(times) == READ_STEPS + 1 and times[-1] == READ_S, "the bar fills, then rests"
    assert screen.needs_redraw(shown, 0, 5.0), "closed: the lobby again"


def test_screen_paused_timer_is_not_redrawn() -> None:
    paused = published(romme_view("paused", remaining_ms=23_400, running=False))
    assert redraws(Screen(SIZE, SCREEN_GAMES), paused, 10, step_ms=10) == [0.0]


def test_screen_running_timer_redraws_at_most_ten_times_a_second() -> None:
    running = published(romme_view("turn", remaining_ms=12_000))
    times = redraws(Screen(SIZE, SCREEN_GAMES), running, 4)
    figures = [countdown_text(12_000 - ms) for ms in range(0, 4000)]
    changes = 1 + sum(a != b for a, b in itertools.pairwise(figures))
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert len(times) == changes, "one frame per new figure, no more"
    assert min(gaps) > 0.098
    assert len([t for t in times if t < 2.0]) <= 3, "above 10 s once a second"


# -- with the real games ------------------------------------------------------------------------

def test_screen_draws_a_real_romme_table(table: Table, clock: Any) -> None:
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 3}))
    table.submit(Action("resume"))
    shown = table.published
    surface = pygame.Surface(SIZE)
    Screen(SIZE, SCREEN_GAMES).render(surface, shown, 0, URL, clock())
    save(surface, "romme_real_turn")
    labels = menu_labels(shown.controls, shown.public, "de")
    assert labels and not any(label.startswith("romme.") for label in labels)
    assert colours(surface, game_layout(SIZE).countdown)[GOOD] > 0
    assert colours(surface, game_layout(SIZE).headline)[ACCENT] > 0


def test_screen_real_lobby_menu_reads_as_sentences(table: Table) -> None:
    shown = table.published
    labels = menu_labels(shown.controls, shown.public, "en")
    assert labels[:11] == ("Räuber-Rommé: settings…",
                           *(f"Räuber-Rommé · {n} seats" for n in range(2, 7)),
                           "Rob 'n Run: settings…",
                           *(f"Rob 'n Run · {n} seats" for n in range(2, 6)))
    assert labels[-1] == "Language: Deutsch"
    assert all(any(game.title["en"] in label for label in labels)
               for game in table.games.values())
    assert lobby_controls(table.games).menu == shown.controls.menu[:-1]



def test_screen_lobby_shows_the_address_and_the_join_code_to_type() -> None:
    assert typed(URL, "Code") == "192.168.178.23:8000 · Code KM7RX"
    assert typed("http://10.0.0.2:8000/", "Code") == "10.0.0.2:8000"


def test_screen_a_line_of_hints_leaves_out_the_least_needed_whole() -> None:
    font = Fonts.for_height(320).hint
    width = font.size("first · last")[0]
    assert fitting(font, [], ["first", "middle", "last"], width) == ["first", "last"]
    assert fitting(font, ["Careful"], ["first", "middle", "last"],
                   font.size("Careful · last")[0]) == ["Careful", "last"]
