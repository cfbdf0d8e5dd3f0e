"""A table reads the box from a metre away: every screen of every game in the registry (games
added later included) and of the lobby, rendered headless as the box draws it. Every line
drawn with any font but the hint font has a cap height of at least 4 mm on the 3.5-inch panel,
measured on the rendered glyphs; the hint font draws only what ``SECONDARY`` names (nothing a
player must read to play); what each button does now is written on the screen, TURN's job
readably; and nothing is cut short, a hint neither.

What a player must read: whose turn it is and what the box waits for, the clock, what TURN
does, the highlighted menu item, penalties and moments, scores and what is entered, values
the group acts on (the safes played against, an informant's prices, the cards entered)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import product
from pathlib import Path

import pygame
import pytest

from companion.device.box import READ_S, Asking
from companion.device.painters.parts import READABLE_CAP_PX, Fonts
from companion.device.screen import key_labels, menu_labels
from companion.games import GAMES
from companion.games.base import JSON, Action, Button, Sound
from companion.i18n import LANGUAGES, catalog, text
from companion.table.published import Published
from tests.device.frames import SIZE, Banded, Written, cap_height, drawn_frame
from tests.device.test_screen import save
from tests.device.walk import other_choices, refused_keys, seat_counts, walk
from tests.tables import open_table

URL = "http://192.168.178.23:8000/j/KM7RX"
MM_PER_PX = 73.44 / 480
"""A 3.5-inch 480 x 320 panel's active area is 73.44 x 48.96 mm."""

pytestmark = pytest.mark.usefixtures("offscreen")


@dataclass
class Frame:
    """A screen drawn, what it was of, the lines on it and what the buttons do."""

    what: str
    written: list[Written]
    keys: list[str]
    """What the buttons do now, each of which the screen must say."""
    surface: pygame.Surface
    turn: str | None = None
    """What TURN does now, which the screen must say readably."""
    menu: tuple[str, ...] = ()
    """The menu's items, the neighbours of the highlighted one drawn as hints."""
    lang: str = "de"
    bands: tuple[Banded, ...] = ()
    """The game's moment in a band over the screen."""


def draw(published: Published, what: str, *, cursor: int = 0, moment: Sound | None = None,
         lang: str = "de", asking: Asking | None = None, page: int = 0) -> Frame:
    """Draw ``published`` as the box does (``asking``: its asks screen; ``page``: the page it
    shows of a screen read page by page), with recording fonts."""
    shown = replace(published, public={**published.public, "language": lang})
    surface, log, bands = drawn_frame(GAMES, shown, cursor, URL, moment, asking, page)
    said = [] if moment else list(key_labels(shown.controls, shown.public, lang))
    keys = [action for _, action in said]
    turn = next((action for button, action in said if button is Button.TURN), None)
    if asking is not None:
        ready = asking.read(shown.as_of) >= 1.0
        keys = [text(key, lang) for key in ("box.asks_take", "box.asks_close")[not ready:]]
        turn = None
    return Frame(what, log, keys, surface, turn,
                 menu_labels(shown.controls, shown.public, lang), lang, tuple(bands))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Frame]]:
    """The screens of each game, drawn once for the tests below (and a picture of the first
    of each phase under artifacts/screens/)."""
    db = tmp_path_factory.mktemp("walks")
    frames = {game_id: list(screens(db, game_id)) for game_id in GAMES}
    pictured: set[str] = set()
    for frame in (f for every in frames.values() for f in every):
        name = "readable_" + frame.what.split(": ")[-1].replace(" ", "_").replace(",", "")
        name = f"{name}_{frame.what.split()[0]}"
        if name not in pictured:
            pictured.add(name)
            save(frame.surface, name)
    return frames


def walks(db: Path, game_id: str) -> Iterator[tuple[str, Path, Published]]:
    """Every state the walks through ``game_id`` reach, with what walk it is and its log:
    the fewest and the most seats with two seeds each, then the most seats with each of the
    options' other choices (the table's dice, a higher level ...)."""
    game = GAMES[game_id]
    for seats in seat_counts(game):
        for seed in (1, 2):
            log = db / f"{game_id}-{seats}-{seed}.sqlite"
            for shown in walk(log, game_id, seats, steps=100, seed=seed):
                yield f"{game_id} {seats} seats, seed {seed}", log, shown
    for n, options in enumerate(other_choices(game)):
        log = db / f"{game_id}-options-{n}.sqlite"
        for shown in walk(log, game_id, game.max_seats, steps=100, options=options):
            yield f"{game_id} with {options}", log, shown


def screens(db: Path, game_id: str) -> Iterator[Frame]:
    """Every screen the walks through ``game_id`` showed: at the menu's first item in German
    and its last in English, each further page of a screen read page by page in both
    languages, every item of its menu highlighted in both languages (each label once: the
    rest of the screen is drawn at the first item), and the clock's moment once.
    Walks with the options' other choices add each screen of a kind not drawn before (its
    words and flags, the numbers aside: a duty due, a hideout taken) in both languages."""
    highlighted: set[tuple[str, str]] = set()
    kinds: set[JSON] = set()
    for where, _, shown in walks(db, game_id):
        state = shown.public.get("state") or {}
        phase, kind = state.get("phase"), shape(state)
        if " seats, " in where or kind not in kinds:
            kinds.add(kind)
            yield draw(shown, f"{where}: {phase}")
            yield draw(shown, f"{where}: {phase}", cursor=len(shown.controls.menu) - 1,
                       lang="en")
            for page, lang in product(range(1, shown.controls.pages), LANGUAGES):
                yield draw(shown, f"{where}, page {page} in {lang}: {phase}", page=page,
                           lang=lang)
        for cursor, lang in new_items(shown, highlighted):
            yield draw(shown, f"{where}, item {cursor} in {lang}: {phase}",
                       cursor=cursor, lang=lang)
    yield draw(shown, f"{game_id}: time up", moment=Sound.OVERRUN)
    yield from band_screens(shown, game_id)


def band_screens(shown: Published, game_id: str) -> Iterator[Frame]:
    """Each moment ``game_id`` words for the box in a band, drawn over the last screen of its
    walks in German and English (a walk may end before the game does), its figures 1 and 2."""
    named: dict[str, set[str]] = {}
    for key, sentence in catalog("en").items():
        if key.startswith(f"screen.{game_id}.band."):
            kind = key.removeprefix(f"screen.{game_id}.band.").split(".")[0]
            named.setdefault(kind, set()).update(re.findall(r"\{(\w+)\}", sentence))
    for kind, names in sorted(named.items()):
        for n, lang in enumerate(LANGUAGES, 1):
            figures = {name: n for name in names if name != "name"}
            moment = {"key": f"band{n}", "kind": kind, "seat": 0, "points": {},
                      "figures": figures}
            state = {**(shown.public.get("state") or {}), "moment": moment}
            yield draw(replace(shown, public={**shown.public, "state": state}),
                       f"{game_id}: the band of {kind}", lang=lang)


def shape(value: JSON) -> JSON:
    """A game's view with every number left out: what kind of screen it makes."""
    if isinstance(value, Mapping):
        return tuple(sorted((key, shape(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(shape(item) for item in value)
    return "#" if isinstance(value, int | float) and not isinstance(value, bool) else value


def new_items(shown: Published,
              highlighted: set[tuple[str, str]]) -> Iterator[tuple[int, str]]:
    """Each item of ``shown``'s menu and a language it was not highlighted in before (the
    menu bar draws the item's label alone): the cursor and the language to draw it with."""
    for lang in LANGUAGES:
        for cursor, label in enumerate(menu_labels(shown.controls, shown.public, lang)):
            if (lang, label) not in highlighted:
                highlighted.add((lang, label))
                yield cursor, lang


def lobby_screens(db: Path) -> Iterator[Frame]:
    """The lobby at each item of its menu in German and English, each game's settings and each
    option's values at each item, in both languages."""
    table = open_table(db / "lobby.sqlite")
    try:
        for n in range(len(table.published.controls.menu)):
            for lang in LANGUAGES:
                yield draw(table.published, f"lobby at item {n}", cursor=n, lang=lang)
        for game_id in GAMES:
            for option in ("", *(o.name for o in GAMES[game_id].options)):
                try:
                    table.submit(Action("table.setup", None, {"game": game_id,
                                                              "option": option}))
                except Exception:  # a name to type: the table page's
                    continue
                shown = table.published
                for n in range(max(1, len(shown.controls.menu))):
                    for lang in LANGUAGES:
                        yield draw(shown, f"{game_id} settings {option or 'list'} at {n}",
                                   cursor=n, lang=lang)
        table.submit(Action("table.setup", None, {"game": ""}))
        table.submit(Action("table.new_game", None, {"game": next(iter(GAMES)), "seats": 2}))
        table.submit(Action("table.end_ask", None, {"ask": True}))
        yield draw(table.published, "the question before a game ends")
    finally:
        table.stop()


def asks_screens(db: Path) -> Iterator[Frame]:
    """The notice of asks waiting over the lobby and a game's screen, and the asks screen at
    each of its items before and once OK takes it (a browser's ask, a named phone's, an
    unnamed phone's), in German and English."""
    table = open_table(db / "asks.sqlite")
    try:
        table.submit(Action("table.host_ask", None, {"token_hash": "h" * 64, "label": "K7M"}))
        for lang in LANGUAGES:
            yield draw(table.published, "the lobby with an ask waiting", lang=lang)
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
        for seat, name in enumerate(("Anna", "Bernd")):
            table.submit(Action("table.claim", None, {"seat": seat, "name": name,
                                                      "token_hash": f"{seat}" * 64}))
            named = {"name": name} if seat == 0 else {}
            table.submit(Action("table.request", None, {
                "seat": seat, **named, "token_hash": f"r{seat}" * 32}))
        shown = table.published
        for lang in LANGUAGES:
            yield draw(shown, "a game with asks waiting", lang=lang)
        for n, item in enumerate(shown.controls.asks):
            for read in (0.5, 1.0):
                asking = Asking(n, item, shown.as_of - read * READ_S, shown.as_of)
                for lang in LANGUAGES:
                    frame = draw(shown, f"the asks screen at {item.key}, {read:.0%} read",
                                 lang=lang, asking=asking)
                    save(frame.surface, f"readable_asks_{n}_{read:.0%}_{lang}")
                    yield frame
    finally:
        table.stop()


def test_readable_the_asks_screen_and_its_notice(tmp_path: Path) -> None:
    """Readable, nothing cut short, hints whole, every glyph there, and what OK (once the
    ask has shown long enough) and BACK do said on the screen."""
    frames = list(asks_screens(tmp_path))
    assert len(frames) == 4 + 6 * 2 * 2
    assert too_small(iter(frames)) == []
    assert cut_short(iter(frames), hints=True) == []
    assert unwritable(w.words for frame in frames for w in frame.written) == []
    untold = sorted({f"{frame.what}: {key}" for frame in frames for key in frame.keys
                     if not any(key in w.words for w in frame.written)})
    assert untold == []
    notices = [frame for frame in frames if "waiting" in frame.what]
    assert all(any(text("box.asks_waiting", lang, count=count) == w.words
                   for w in frame.written for lang in LANGUAGES for count in (1, 3))
               for frame in notices)


def too_small(frames: Iterator[Frame]) -> list[str]:
    """Lines under 4 mm: any but the hint font's, and the hint font's that say more than
    ``SECONDARY`` allows."""
    return sorted({f"{frame.what}: {w.words!r} {w.cap_px} px" for frame in frames
                   for w in frame.written if w.cap_px < READABLE_CAP_PX
                   and (w.role != "hint" or not secondary(w.words, frame))})


SECONDARY = (
    "screen.key", "box.button.", "box.key.", "romme.key.", "robnrun.key.", "safehouse.key.",
    "gendarm.key.",  # the hold reminders and BACK's job (TURN's is said readably)
    "screen.join_short", "box.join", "screen.lobby.", "box.code",  # what the QR code is for
    "screen.place", "box.asks_",  # the place in a list; the highlighted item is readable
    "guide.", "romme.guide.", "robnrun.guide.", "safehouse.guide.", "gendarm.guide.",
    "screen.guide",  # the guide's heading: the item that opened it said it readably
    "screen.total", "screen.romme.round", "screen.romme.scoring",  # counters of the evening
    "screen.romme.first_meld", "screen.romme.last.",  # a rule's reminder, a turn that cost none
    "screen.romme.first_turn_out",
    "robnrun.colour.", "screen.robnrun.short.", "screen.robnrun.gold", "screen.robnrun.stack",
    "screen.robnrun.terminal", "screen.robnrun.dealer",  # labels on what colour and place show
    "screen.robnrun.robbery", "screen.robnrun.round", "screen.robnrun.step",
    "screen.robnrun.hands", "screen.robnrun.tools", "screen.robnrun.hidden",  # open on the table
    "screen.robnrun.clues", "screen.robnrun.forced", "screen.robnrun.boss",
    "screen.robnrun.openly", "screen.robnrun.enter", "screen.robnrun.sorting_phone",
    "screen.robnrun.placed", "screen.robnrun.police_why", "screen.robnrun.old_safes",
    "screen.robnrun.bought", "screen.robnrun.where", "robnrun.rating.", "robnrun.example",
    "screen.robnrun.safes_on", "screen.robnrun.dealer_comes", "screen.robnrun.none",
    "screen.robnrun.played", "screen.robnrun.entered",
    "safehouse.colour.", "screen.safehouse.lead", "screen.safehouse.open",  # labels
    "screen.safehouse.caught", "screen.safehouse.home", "screen.safehouse.done",
    "screen.safehouse.rolls", "screen.safehouse.pursuer", "screen.safehouse.retrieve",
    "screen.safehouse.help", "screen.safehouse.sheets", "screen.safehouse.example",
    "screen.gendarm.level", "screen.gendarm.start_roll", "screen.gendarm.last_roll",
    "screen.gendarm.hideouts", "screen.gendarm.catcher", "screen.gendarm.robber",
    "screen.gendarm.chip_", "screen.gendarm.no_phone", "screen.gendarm.robbers",
    "screen.gendarm.yellow", "screen.gendarm.green", "screen.gendarm.red", "screen.gendarm.blue",
    "screen.gendarm.black", "screen.gendarm.white", "box.seat",
    "tiny.",
)
"""The sentences the hint font may draw, each also said by a colour, a place, a readable line
or the table itself: the legend of held buttons and BACK, what the join code is for, the place
in a list, the guide's heading, the evening's counters, labels on colours and the route, what
lies open on the table, reminders of rules the players know. A seat's name and a figure over
a column of scores, and the menu's items beside the highlighted one (or their values), are
hints too."""
FIGURES = frozenset({"number", "count", "round", "robbery", "rolls", "index", "total", "level",
                     "place", "seat", "step", "points", "field", "safehouse", "steps", "done",
                     "seats", "car", "police", "hidden", "uncracked", "alarm", "amount"})
"""The values of the sentences that are figures."""
GAPS = re.compile(r"(\s+\u00b7\s+|\s{3,})")
"""Between the parts of a line of hints."""
FIGURE = re.compile(r"[\w./\u00d7]{1,3}|[\d.:]+|\w+ [A-Z0-9]{5}")
"""A short label or a figure: a die's colour initial, a terminal, a round over a column, the
box's address and join code to type (the QR code beside them is the way in)."""


@cache
def secondary_sentences(lang: str) -> re.Pattern[str]:
    """Every sentence ``SECONDARY`` names in ``lang``, a button's name in it one of the box's
    buttons, a figure a figure, its other values matching anything."""
    words = catalog(lang)
    said = [sentence for key, sentence in words.items()
            if key.startswith(SECONDARY)]
    buttons = "|".join(re.escape(name) for key, name in words.items()
                       if key.startswith("box.button."))

    def value(found: re.Match[str]) -> str:
        if found[1] == "button":
            return f"(?:{buttons})"
        return r"[\d/]+" if found[1] in FIGURES else ".*"
    patterns = (re.sub(r"\\\{([^}\\]*)\\\}", value, re.escape(sentence)) for sentence in said)
    return re.compile("|".join(sorted(patterns, key=len, reverse=True)))


def secondary(words: str, frame: Frame) -> bool:
    """Whether a hint-sized line says only what may be small: each of its parts (between the
    gaps hints are joined with) a ``SECONDARY`` sentence, a menu item, a name or a figure."""
    tokens = GAPS.split(words.strip())  # parts, and between them the gaps
    covered = [True] + [False] * (len(tokens) // 2 + 1)
    for end in range(1, len(covered)):
        covered[end] = any(covered[start] and one_part("".join(tokens[2 * start:2 * end - 1]),
                                                       frame)
                           for start in range(end))
    return covered[-1]


def one_part(part: str, frame: Frame) -> bool:
    """Whether ``part`` of a hint line is secondary: a ``SECONDARY`` sentence, a name or a
    menu item drawn readably, a figure, a menu item's value, a button's name over its job."""
    sentences = secondary_sentences(frame.lang)
    return bool(part in {w.words for w in frame.written if w.role != "hint"}
                or part in frame.menu or sentences.fullmatch(part) or FIGURE.fullmatch(part)
                or any(item.endswith(f": {part}") for item in frame.menu)
                or (part.endswith(":") and sentences.fullmatch(f"{part} x")))


def turn_unsaid(frames: Iterator[Frame]) -> list[str]:
    """The screens where TURN does something and no readable line says what."""
    return sorted({f"{frame.what}: {frame.turn}" for frame in frames if frame.turn
                   and not any(frame.turn in w.words for w in frame.written
                               if w.role != "hint" and w.cap_px >= READABLE_CAP_PX)})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_turn_s_job_is_said_readably_whenever_turn_does_something(
        played: dict[str, list[Frame]], game_id: str) -> None:
    """In the last seconds of a turn, after an overrun, while the group settles, at a round's
    start: the button pressed most is never told in the hint's size alone."""
    assert turn_unsaid(iter(played[game_id])) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_the_walks_show_the_game_s_moments_in_a_band(played: dict[str, list[Frame]],
                                                              game_id: str) -> None:
    """A game that words moments for the box has them drawn in the walks, in a band that
    covers no place where the screen under it says TURN's job."""
    banded = [band for frame in played[game_id] for band in frame.bands]
    worded = any(key.startswith(f"screen.{game_id}.band.") for key in catalog("en"))
    assert bool(banded) == worded
    assert [band.words for band in banded if band.rect.collidelist(list(band.turn)) >= 0] == []


def test_readable_means_four_millimetres_on_the_box() -> None:
    fonts = Fonts.for_height(SIZE[1])
    assert READABLE_CAP_PX * MM_PER_PX >= 4.0
    assert cap_height(fonts.body) >= READABLE_CAP_PX, "body is the smallest readable size"
    assert cap_height(fonts.hint) < READABLE_CAP_PX, "the hint font is small indeed"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_every_screen_of_every_game(played: dict[str, list[Frame]],
                                             game_id: str) -> None:
    assert too_small(iter(played[game_id])) == []


def test_readable_the_lobby_and_the_settings(tmp_path: Path) -> None:
    assert too_small(lobby_screens(tmp_path)) == []


def lacks_glyph(font: pygame.font.Font, character: str) -> bool:
    """Whether ``font`` draws ``character`` as the box it draws for a glyph it does not have
    (pygame's metrics give that box's measures rather than None, so the pixels decide)."""
    def pixels(drawn: str) -> bytes:
        return pygame.image.tobytes(font.render(drawn, False, (255, 255, 255)), "RGB")
    return not character.isspace() and pixels(character) == pixels("\ue000")


def unwritable(lines: Iterator[str]) -> list[str]:
    """The characters of ``lines`` the box's font has no glyph for, with a line using each."""
    font = Fonts.for_height(SIZE[1]).body
    found = {character: line for line in lines for character in line}
    return sorted(f"{character!r} in {line!r}" for character, line in found.items()
                  if lacks_glyph(font, character))


def test_readable_the_font_has_a_glyph_for_every_sentence_the_box_may_show() -> None:
    """Every sentence but the phones' own (``web.``): the box, its games, their errors."""
    lines = (sentence for lang in LANGUAGES for key, sentence in catalog(lang).items()
             if not key.startswith("web."))
    assert unwritable(lines) == []
    assert unwritable(iter(["\u2731"])) == ["'\u2731' in '\u2731'"]  # the check sees a gap


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_the_font_has_a_glyph_for_everything_drawn(played: dict[str, list[Frame]],
                                                            game_id: str) -> None:
    """What the walks drew, the values filled into the sentences too (a die's face ...)."""
    assert unwritable(w.words for frame in played[game_id] for w in frame.written) == []


def cut_short(frames: Iterator[Frame], *, hints: bool = False) -> list[str]:
    """The lines shortened with "…" (with ``hints``: the hint font's too), as they were meant."""
    return sorted({f"{w.cut!r} ({w.role})" for frame in frames for w in frame.written
                   if w.cut and (hints or w.role != "hint")})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_nothing_a_player_reads_is_cut_short(played: dict[str, list[Frame]],
                                                      game_id: str) -> None:
    assert cut_short(iter(played[game_id])) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_every_hint_reads_whole(played: dict[str, list[Frame]], game_id: str) -> None:
    """Hints too are left out whole rather than cut with "…": a cut hint says half a thing.
    The walks leave the seats unnamed, so no player's own long name is drawn to be cut."""
    assert cut_short(iter(played[game_id]), hints=True) == []


def test_readable_the_lobby_cuts_nothing_short(tmp_path: Path) -> None:
    """Every item of every settings list highlighted, in both languages: neither it nor its
    neighbours in the list lose their value to "…"."""
    assert cut_short(lobby_screens(tmp_path), hints=True) == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_the_screen_says_what_every_button_does_now(played: dict[str, list[Frame]],
                                                             game_id: str) -> None:
    untold = sorted({f"{frame.what}: {key}" for frame in played[game_id]
                     for key in frame.keys
                     if not any(key in w.words for w in frame.written)})
    assert untold == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_readable_the_legend_names_no_button_the_game_would_refuse(tmp_path: Path,
                                                                    game_id: str) -> None:
    """A button the screen says does something does it: on every state the walks reach,
    each key the legend names is tried on the state its log replays to."""
    refused = sorted({f"{where}: {why}" for where, log, shown in walks(tmp_path, game_id)
                      for why in refused_keys(log, shown, GAMES)
                      if why.split(":")[0] in told(shown)})
    assert refused == []


def told(shown: Published) -> set[str]:
    """The buttons whose job the screen tells now."""
    return {str(button) for button, _ in key_labels(shown.controls, shown.public, "en")}
