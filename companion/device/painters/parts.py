"""What every painter shares: the palette, the fonts, the context, and the common pieces.

The pieces (text, countdown, menu, join QR, symbols) are plain functions of a surface, a
rectangle and data, so a game's painter is a layout plus a few calls.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Protocol, cast

import pygame

from companion.device.painters.palette import (
    ACCENT,
    DANGER,
    GOOD,
    INK,
    MUTED,
    PAUSED,
    TEXT,
    WARN,
    Colour,
)
from companion.device.painters.signs import arrow, warning_sign
from companion.device.qr import qr_surface
from companion.games.base import JSON, Button, Sound
from companion.i18n import text
from companion.table.views import TableView as TableView

WARN_MS = 10_000
DANGER_MS = 5_000

DESIGN_HEIGHT = 320
"""Screens are laid out for 480 x 320 and scaled by height."""
READABLE_CAP_PX = 27
"""The least cap height (a rendered H, in pixels of the 320-pixel-high design) of everything a
player must read: 4 mm on a 3.5-inch 480 x 320 panel (0.153 mm a pixel), read from a metre.
Cap height, not x-height, because figures and names (the countdown, "Platz 3") are capitals
and digits; the bundled font's x-height is three quarters of it."""


@dataclass(frozen=True, slots=True)
class Fonts:
    """The bundled font in five sizes, scaled to the screen's height (designed for 320 px).

    Everything a player must read is ``body`` or larger: at least READABLE_CAP_PX of cap
    height. ``hint`` is for secondary text only, never needed to play; each use says why it
    is not (what the join code is for, the place in a menu, the hold-button reminders, what
    also lies open on the table).
    """

    hint: pygame.font.Font
    body: pygame.font.Font
    large: pygame.font.Font
    title: pygame.font.Font
    huge: pygame.font.Font

    @classmethod
    def for_height(cls, height: int) -> Fonts:
        scale = height / DESIGN_HEIGHT
        return cls(*(pygame.font.Font(None, round(size * scale)) for size in FONT_SIZES))


FONT_SIZES = (22, 54, 60, 70, 150)
"""The sizes of Fonts' hint, body, large, title and huge on a 320-pixel-high screen."""


@dataclass(frozen=True, slots=True)
class Context:
    """What a painter needs besides the view: the box's menu and cursor, what the buttons do
    now (button and action, as sentences), the join link, fonts, the moment the box
    shows now (the sound that made it), to be drawn full-screen, and how many asks wait for
    the box's answer (a notice beside the menu says how to see them)."""

    lang: str
    menu: tuple[str, ...]
    cursor: int
    join_url: str
    fonts: Fonts
    moment: Sound | None = None
    keys: tuple[tuple[Button, str], ...] = ()
    asks: int = 0
    records: tuple[str, ...] = ()
    """What the lobby says of the group between games, as sentences: the evening's
    standings and the highlighted game's record."""
    page: int = 0
    """The page shown of a screen read page by page (BACK turns it)."""
    turn_said: list[pygame.Rect] = field(default_factory=list)
    """Where the painter said TURN's job (noted as it draws): a band over the screen keeps
    clear of it."""

    def text(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def key(self, button: Button) -> str | None:
        """What ``button`` does now, as "TURN: end turn"; None if nothing."""
        action = dict(self.keys).get(button)
        if action is None:
            return None
        return self.text("screen.key", button=self.text(f"box.button.{button}"), action=action)

    def legend(self, said: Button | None = None, *, apart: bool = False) -> list[str]:
        """What the buttons do now, a part per button pressed or held: "TURN: end turn,
        hold: pause", "hold BACK: undo" (``apart``: pressing and holding in parts of their
        own); less what the screen ``said`` readably already, and holding that does what
        pressing does."""
        does = dict(self.keys)
        parts = []
        for short, held in HELD:
            name = self.text(f"box.button.{short}")
            action = does.get(short) if short != said else None
            long = does.get(held) if held and does.get(held) != does.get(short) else None
            if action and long and not apart:
                parts.append(self.text("screen.key_both", button=name, action=action, held=long))
            else:
                if action:
                    parts.append(self.text("screen.key", button=name, action=action))
                if long:
                    parts.append(self.text("screen.key_held", button=name, action=long))
        return parts


HELD: tuple[tuple[Button, Button | None], ...] = (
    (Button.TURN, Button.TURN_LONG), (Button.OK, None), (Button.BACK, Button.BACK_LONG))
"""Each button the screen tells of, with what holding it is."""


class Painter(Protocol):
    """Draws one kind of screen; pure drawing from the view, nothing else."""

    def draw(self, surface: pygame.Surface, view: TableView[Any], ctx: Context) -> None: ...


# -- where things go --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of a game's screen goes, for one screen size."""

    headline: pygame.Rect
    countdown: pygame.Rect
    note: pygame.Rect
    order: pygame.Rect
    qr: pygame.Rect
    side: pygame.Rect
    table: pygame.Rect
    hints: pygame.Rect
    menu: pygame.Rect


def design_box(u: float, x: float, y: float, w: float, h: float) -> pygame.Rect:
    """A rectangle of the design: ``y`` and ``h`` scaled by ``u``, ``x`` and ``w`` as given."""
    return pygame.Rect(round(x), round(y * u), round(w), round(h * u))


@lru_cache(maxsize=4)
def game_layout(size: tuple[int, int]) -> Layout:
    """The game screen for ``size``: the 480 x 320 design scaled by height.

    The left column tells the turn (headline, countdown); the right column has the join code
    and, small, the round; the rows below a note, the seats, two lines of hints and the box's
    menu. A table of scores takes the whole width under the headline.
    """
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    margin, side = 8 * u, 128 * u
    left = width - side - 2 * margin
    full = width - 2 * margin
    return Layout(
        headline=box(margin, 0, left, 44), countdown=box(margin, 44, left, 100),
        note=box(margin, 146, full, 44), order=box(margin, 192, full, 42),
        qr=box(width - side, 4, side - 4 * u, 111), side=box(width - side, 129, side - 4 * u, 17),
        table=box(margin, 44, full, 224), hints=box(margin, 236, full, 34),
        menu=box(margin, 272, full, 46),
    )


# -- text --------------------------------------------------------------------------------------

LINE_MAX = 500
"""The most characters of one line the box draws: no screen shows more."""
NARROWEST = 0.75
"""A line too wide for its room is drawn narrower down to this share of its width before it
is shortened: its height, and so how far away it reads, stays."""
LINES_KEPT = 512
"""How many drawn lines are kept for the next frames (a screen shows a few dozen)."""
UNDRAWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""What no font draws and pygame refuses (a NUL ends its render): control characters and
halves of surrogate pairs."""
SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85")


def drawable(words: str) -> str:
    """``words`` as a font can draw them: a control character that breaks a line becomes a
    space, anything else no font draws a replacement character (�)."""
    return UNDRAWABLE.sub(lambda found: " " if found[0] in SPACES else "\ufffd", words)


def drawable_view(view: Mapping[str, JSON]) -> TableView[Any]:
    """``view`` with every text in it drawable: the table view the painters read, of the
    shape ``TableView`` declares (the Table made it so)."""
    return cast("TableView[Any]", _drawable_map(view))


def _drawable_map(value: Mapping[str, JSON]) -> dict[str, JSON]:
    return {key: _drawable_json(part) for key, part in value.items()}


def _drawable_json(value: JSON) -> JSON:
    if isinstance(value, str):
        return drawable(value)
    if value is None or isinstance(value, int | float):  # most of a view: asked quickly
        return value
    if isinstance(value, list):
        return [_drawable_json(item) for item in value]
    if isinstance(value, Mapping):
        return _drawable_map(value)
    return value


def fit(font: pygame.font.Font, line: str, width: int) -> str:
    """``line``, shortened with an ellipsis until it fits ``width`` pixels (found by halving,
    so even a line of thousands of characters costs a dozen measures)."""
    if font.size(line)[0] <= width:
        return line
    kept, too_many = 0, len(line)
    while too_many - kept > 1:
        middle = (kept + too_many) // 2
        if font.size(line[:middle] + "…")[0] <= width:
            kept = middle
        else:
            too_many = middle
    return line[:kept].rstrip() + "…"


def write(surface: pygame.Surface, font: pygame.font.Font, line: str, colour: Colour,
          at: tuple[int, int], anchor: str = "topleft", width: int | None = None) -> pygame.Rect:
    """Draw one line anchored at ``at`` (a pygame.Rect attribute name); return where it went.

    Any text is drawn: what no font draws is replaced, a line beyond LINE_MAX cut.
    """
    image = _rendered(font, drawable(line[:LINE_MAX]), colour, width)
    rect = image.get_rect(**{anchor: at})
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=LINES_KEPT)
def _rendered(font: pygame.font.Font, line: str, colour: Colour,
              width: int | None) -> pygame.Surface:
    """One line as ``font`` draws it, fitted to ``width``: narrowed (as tall as ever, so as
    readable) where that is enough, else shortened; the next frame mostly draws the same
    lines again (never draw onto the image)."""
    wide = font.size(line)[0]
    if width and width < wide <= width / NARROWEST:
        image = font.render(line, True, colour)
        return pygame.transform.smoothscale(image, (width, image.get_height()))
    shown = fit(font, line, width) if width else line
    # pygame refuses to render text of no width (only invisible characters): a space is none
    return font.render(shown if font.size(shown)[0] else " ", True, colour)


def write_lines(surface: pygame.Surface, font: pygame.font.Font, words: str, colour: Colour,
                rect: pygame.Rect, anchor: str = "midtop") -> int:
    """Draw ``words`` in lines that fit ``rect``'s width, from its top down, centred (or
    ``anchor`` "topleft": from the left), as many lines as fit its height (the last one
    shortened); return where the text ends."""
    y, lines = rect.top, wrap(font, words, rect.width)
    room = max(1, rect.height // font.get_linesize())
    if len(lines) > room:
        lines = [*lines[:room - 1], " ".join(lines[room - 1:])]
    x = rect.centerx if anchor == "midtop" else rect.left
    for line in lines:
        y = write(surface, font, line, colour, (x, y), anchor, rect.width).bottom
    return y


def wrap(font: pygame.font.Font, words: str, width: int) -> list[str]:
    """``words`` in lines that fit ``width``, broken at spaces (never at a no-break space)."""
    lines: list[str] = []
    for word in drawable(words).split(" "):
        if not word:
            continue
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


HINT_GAP = " \u00b7 "
"""Between the parts of a line of hints."""


def fitting(font: pygame.font.Font, kept: list[str], parts: list[str], width: int,
            gap: str = HINT_GAP) -> list[str]:
    """``kept`` and as many ``parts`` as fit ``width`` on one line with it, each whole and in
    their order, the last ones (the most needed) first: a hint is left out, never cut."""
    chosen: list[str] = []
    for part in reversed(parts):
        if part and font.size(gap.join([*kept, part, *chosen]))[0] <= width:
            chosen.insert(0, part)
    return [*kept, *chosen]


def hint_line(surface: pygame.Surface, rect: pygame.Rect, parts: list[str], ctx: Context,
              colour: Colour = MUTED, gap: str = HINT_GAP) -> None:
    """A line of hints at the bottom of ``rect``: as many ``parts`` as fit, each whole, the
    last ones (the most needed) first."""
    hint = ctx.fonts.hint
    chosen = fitting(hint, [], parts, rect.width, gap)
    if chosen:
        write(surface, hint, gap.join(chosen), colour, rect.bottomleft, "bottomleft",
              rect.width)


def strike(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A line through a word: the player has left."""
    y = rect.centery
    pygame.draw.line(surface, colour, (rect.left - 2, y), (rect.right + 2, y), 3)


def seat_colour(view: TableView[Any], seat: int) -> Colour:
    """The seat's colour, the same as on every phone (``#rrggbb`` in the view)."""
    seats = view["seats"]
    hex_colour = seats[seat]["colour"] if 0 <= seat < len(seats) else ""
    if len(hex_colour) != 7:
        return MUTED
    return (int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16))


def game_title(view: Mapping[str, JSON], game_id: JSON, lang: str) -> str:
    """A game's title as the view has it (the lobby's list, or the game under way)."""
    titles = {str(g["id"]): g["title"] for g in view.get("games") or ()}
    if view.get("game"):
        titles[str(view["game"])] = view.get("title") or {}
    title = titles.get(str(game_id)) or {}
    return str(title.get(lang) or next(iter(title.values()), game_id))


def seat_name(view: TableView[Any], seat: int, lang: str) -> str:
    """The name at ``seat``, or "Platz n" when nobody has named it."""
    seats = view["seats"]
    name = seats[seat]["name"] if 0 <= seat < len(seats) else ""
    return str(name) if name else text("box.seat", lang, seat=seat + 1)


# -- the countdown -----------------------------------------------------------------------------

def countdown_text(remaining_ms: int) -> str:
    """m:ss, or seconds with tenths under 10 s; rounded up, so 0 shows only when time is up."""
    tenths = math.ceil(max(0, remaining_ms) / 100)
    if tenths < WARN_MS // 100:
        return f"{tenths // 10}.{tenths % 10}"
    seconds = math.ceil(max(0, remaining_ms) / 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


def countdown_changes_in(remaining_ms: int) -> int:
    """The ms the timer runs from ``remaining_ms`` until ``countdown_text`` shows another
    figure: to the next whole second, under 10 s to the next tenth."""
    unit = 100 if remaining_ms <= WARN_MS else 1000
    return remaining_ms - unit * (math.ceil(remaining_ms / unit) - 1)


def urgency(remaining_ms: int) -> int:
    """0 plenty of time, 1 under 10 s, 2 under 5 s."""
    return 2 if remaining_ms < DANGER_MS else 1 if remaining_ms < WARN_MS else 0


URGENCY_COLOURS = (GOOD, WARN, DANGER)


def countdown(surface: pygame.Surface, rect: pygame.Rect, timer: Mapping[str, JSON],
              ctx: Context) -> None:
    """The big digits: green, amber under 10 s, red under 5 s, grey when stopped."""
    remaining = int(timer["remaining_ms"])
    colour = URGENCY_COLOURS[urgency(remaining)] if timer["running"] else PAUSED
    write(surface, ctx.fonts.huge, countdown_text(remaining), colour, rect.center, "center")


def urgency_note(surface: pygame.Surface, rect: pygame.Rect, remaining_ms: int,
                 ctx: Context) -> bool:
    """Under 10 s one warning sign and "Hurry up!", under 5 s two signs and "Almost out!";
    whether it drew anything (else the line is free for a game's own note)."""
    level = urgency(remaining_ms)
    if level == 0:
        return False
    key = "screen.almost" if level == 2 else "screen.hurry"
    colour = URGENCY_COLOURS[level]
    size = ctx.fonts.large.get_height() * 3 // 4
    signs = level * (size + 6)
    label = write(surface, ctx.fonts.large, ctx.text(key), colour,
                  (rect.left + signs, rect.centery), "midleft", rect.width - signs)
    for n in range(level):
        warning_sign(surface, (rect.left + size // 2 + n * (size + 6), label.centery), size,
                     colour)
    return True


# -- the buttons: the menu and what the keys do -----------------------------------------------

def menu_bar(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """The box's menu as one line: the highlighted item on an amber bar, ◀ and ▶ at its ends
    when there are more to choose from. Without a menu, what TURN does. Asks waiting: the
    notice just above it."""
    if ctx.asks:
        height = notice_height(ctx)
        asks_notice(surface, pygame.Rect(rect.left, rect.top - height - 1, rect.width, height),
                    ctx)
    if not ctx.menu:
        key_line(surface, rect, Button.TURN, ctx, centred=True)
        return
    pygame.draw.rect(surface, ACCENT, rect, border_radius=rect.height // 3)
    size, pad = rect.height // 2, rect.height // 4
    if len(ctx.menu) > 1:
        arrow(surface, (rect.left + pad + size // 2, rect.centery), size, INK, -1)
        arrow(surface, (rect.right - pad - size // 2, rect.centery), size, INK, 1)
    room = rect.width - 2 * (2 * pad + size)
    write(surface, ctx.fonts.body, ctx.menu[clamp_cursor(ctx)], INK, rect.center, "center", room)


def key_line(surface: pygame.Surface, rect: pygame.Rect, button: Button, ctx: Context, *,
             centred: bool = False, colour: Colour = TEXT) -> pygame.Rect | None:
    """What ``button`` does now, readable, after its name on a key cap (the name is the
    cap's label, a hint; the action is what must be read); where it went, None if the button
    does nothing."""
    action = dict(ctx.keys).get(button)
    if action is None:
        return None
    hint, body = ctx.fonts.hint, ctx.fonts.body
    name = ctx.text(f"box.button.{button}")
    cap = pygame.Rect(0, 0, hint.size(name)[0] + 12, hint.get_height() + 8)
    gap = 10
    width = min(rect.width, cap.width + gap + body.size(action)[0])
    left = rect.centerx - width // 2 if centred else rect.left
    cap.midleft = (left, rect.centery)
    pygame.draw.rect(surface, colour, cap, 2, border_radius=5)
    write(surface, hint, name, colour, cap.center, "center")
    said = cap.union(write(surface, body, action, colour, (cap.right + gap, rect.centery),
                           "midleft", rect.right - cap.right - gap))
    if button is Button.TURN:
        ctx.turn_said.append(said)
    return said


def key_legend(surface: pygame.Surface, rect: pygame.Rect, ctx: Context,
               said: Button | None = None) -> pygame.Rect:
    """What every button does now ("TURN: end turn, hold: pause · hold BACK: undo") in the
    last lines of ``rect``, as few as it takes; return the part of ``rect`` left for hints.
    A hint, as a label on a button is; but TURN's own job, the button pressed most, is said
    readably: where the screen said it (``said``; the menu bar without a menu) it is left out
    here, else it stands in the last line of ``rect`` with the rest of the legend at its right
    (narrowed, in as many lines as the row holds), and what is left for hints is the room
    above it (or, in a row of hints, beside it)."""
    if not ctx.menu or said is Button.TURN or Button.TURN not in dict(ctx.keys):
        return _legend_lines(surface, rect, ctx, said)
    height = min(rect.height, ctx.fonts.body.get_linesize())
    row = pygame.Rect(rect.left, rect.bottom - height, rect.width, height)
    beside = _turn_row(surface, row, ctx)
    above = pygame.Rect(rect.left, rect.top, rect.width, row.top - rect.top)
    return above if above.height >= height else beside


def _turn_row(surface: pygame.Surface, row: pygame.Rect, ctx: Context) -> pygame.Rect:
    """TURN's job readably at the left of ``row``, the rest of the legend at its right in
    the hint's size (narrowed, in as many lines as the row holds); the room between them."""
    hint = ctx.fonts.hint
    room = max(0, row.width - 10 - _key_width(ctx, Button.TURN))  # TURN's job goes first
    lines = _packed(hint, ctx.legend(Button.TURN, apart=True), int(room / NARROWEST),
                    max(1, row.height // hint.get_linesize()))
    width = min(room, math.ceil(max((hint.size(line)[0] for line in lines), default=0)
                                * NARROWEST))
    turn = key_line(surface, pygame.Rect(row.left, row.top, row.width - width - 10, row.height),
                    Button.TURN, ctx)
    assert turn is not None, "TURN does something"
    legend = pygame.Rect(row.right - width, row.top, width, row.height)
    top = legend.bottom - len(lines) * hint.get_linesize()
    for n, line in enumerate(lines):
        write(surface, hint, line, MUTED, (legend.left, top + n * hint.get_linesize()),
              "topleft", legend.width)
    return pygame.Rect(turn.right + 16, row.top, max(0, legend.left - turn.right - 24),
                       row.height)


def _key_width(ctx: Context, button: Button) -> int:
    """How wide ``key_line`` draws what ``button`` does, narrowed as far as it may be."""
    hint, action = ctx.fonts.hint, dict(ctx.keys).get(button, "")
    cap = hint.size(ctx.text(f"box.button.{button}"))[0] + 12
    return cap + 10 + math.ceil(ctx.fonts.body.size(action)[0] * NARROWEST)


def _packed(font: pygame.font.Font, parts: list[str], width: int, most: int) -> list[str]:
    """``parts`` joined into as few lines as ``width`` allows (a part wider than it broken
    after its ": ", the button over its job), then into ``most`` lines at most however wide."""
    pieces = [piece for part in parts for piece in _broken(font, part, width)]
    lines: list[str] = []
    for piece in pieces:
        if lines and (font.size(f"{lines[-1]}  ·  {piece}")[0] <= width or len(lines) == most):
            lines[-1] = f"{lines[-1]}  ·  {piece}"
        else:
            lines.append(piece)
    return lines


def _broken(font: pygame.font.Font, part: str, width: int) -> list[str]:
    """``part`` as one line, or, too wide for ``width``, in two after its ": "."""
    head, colon, tail = part.partition(": ")
    return [f"{head}:", tail] if colon and font.size(part)[0] > width else [part]


def _legend_lines(surface: pygame.Surface, rect: pygame.Rect, ctx: Context,
                  said: Button | None) -> pygame.Rect:
    """The legend but for ``said`` in the hint's size in the last lines of ``rect``, each part
    whole (one that does not fit is left out); the part of ``rect`` above them."""
    hint = ctx.fonts.hint
    lines: list[str] = []
    for part in ctx.legend(said):
        if lines and hint.size(f"{lines[-1]}  ·  {part}")[0] <= rect.width:
            lines[-1] = f"{lines[-1]}  ·  {part}"
        elif hint.size(part)[0] <= rect.width:
            lines.append(part)
    height = hint.get_linesize()
    top = rect.bottom - len(lines) * height
    for n, line in enumerate(lines):
        write(surface, hint, line, MUTED, (rect.left, top + n * height), "topleft", rect.width)
    return pygame.Rect(rect.left, rect.top, rect.width, max(0, top - rect.top))


def clamp_cursor(ctx: Context) -> int:
    """The highlighted menu item: the box's cursor, kept inside the menu."""
    return max(0, min(ctx.cursor, len(ctx.menu) - 1))


# -- asks waiting for the box's answer ----------------------------------------------------------

def notice_height(ctx: Context) -> int:
    """How tall the notice of asks waiting is: one readable line (over the hints above the
    menu, which it may hide)."""
    return int(ctx.fonts.body.get_height())


def asks_notice(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """"2 asks waiting: hold ▶" on a light band: readable, never in the menu, and what opens
    them said with the button's own arrow."""
    pygame.draw.rect(surface, TEXT, rect, border_radius=rect.height // 4)
    body = ctx.fonts.body
    words = ctx.text("box.asks_waiting", count=ctx.asks)
    cap = pygame.Rect(0, 0, rect.height, rect.height - 6)
    gap = 10
    width = min(rect.width - 8, body.size(words)[0] + gap + cap.width)
    said = write(surface, body, words, INK, (rect.centerx - width // 2, rect.centery),
                 "midleft", width - gap - cap.width)
    cap.midleft = (said.right + gap, rect.centery)
    pygame.draw.rect(surface, INK, cap, 2, border_radius=5)
    arrow(surface, cap.center, cap.height // 2, INK, 1)


# -- the join code ------------------------------------------------------------------------------

@lru_cache(maxsize=4)
def _qr(url: str, px: int) -> pygame.Surface:
    return qr_surface(url, px)


def join_code(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> pygame.Rect:
    """The join QR code, as big as whole pixels allow inside ``rect``, at its top centre;
    while the box has no network, a line saying it waits for one."""
    url = ctx.join_url
    if not url:
        words = ctx.text("screen.no_network")
        font = next((font for font in (ctx.fonts.body, ctx.fonts.hint)
                     if fits_whole(font, words, rect)), ctx.fonts.hint)
        bottom = write_lines(surface, font, words, ACCENT, rect)
        return pygame.Rect(rect.left, rect.top, rect.width, bottom - rect.top)
    modules = _qr(url, 1).get_width()
    image = _qr(url, max(1, min(rect.width, rect.height) // modules))
    where = image.get_rect(midtop=rect.midtop)
    surface.blit(image, where)
    return where


def fits_whole(font: pygame.font.Font, words: str, rect: pygame.Rect) -> bool:
    """Whether ``words`` fit ``rect`` in ``font``, wrapped at spaces, with no word cut."""
    lines = wrap(font, words, rect.width)
    return (len(lines) * font.get_linesize() <= rect.height
            and all(font.size(line)[0] <= rect.width for line in lines))


def join_corner(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    """The join code in a game screen's corner, with a word saying what it is for (a hint:
    the code itself is what a phone reads); while the box waits for a network, nothing to
    join."""
    code = join_code(surface, rect, ctx)
    if not ctx.join_url:
        return
    write(surface, ctx.fonts.hint, ctx.text("screen.join_short"), MUTED,
          (code.centerx, code.bottom + 1), "midtop")


# -- a moment --------------------------------------------------------------------------------

def moment_screen(surface: pygame.Surface, line: str, ctx: Context) -> None:
    """The clock ended a turn: the whole screen red, a warning sign, "TIME'S UP!" and what it
    means (who pays, who leaves) in two readable lines at most."""
    width, height = surface.get_size()
    surface.fill(DANGER)
    size = height // 4
    warning_sign(surface, (width // 2, height // 16 + size // 2), size, INK, DANGER)
    title = write(surface, ctx.fonts.title, ctx.text("screen.time_up"), INK,
                  (width // 2, height // 16 + size + 6), "midtop", width - 16)
    write_lines(surface, ctx.fonts.body, line, INK,
                pygame.Rect(8, title.bottom + 6, width - 16, height - title.bottom - 6))
