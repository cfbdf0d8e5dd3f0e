"""The Rob 'n Run screen: whose turn, what the phase is about, the police station's values,
gold, the escape route.

At the top the headline (the phase, or the crew member on turn) and two readable lines of what
the phase is about; below them six tiles hold the four active alarm values, the gold and the
alarm stack, then the escape route across the screen (drawn by ``escape_route``), two lines of
hints and the box's menu. While the boss plays openly, the safes stand readable in the lines'
and the route's place, a safe a page (BACK turns to the next), the phase's lines among the
hints. A big moment (safes cracked, the alarm, escaped, caught) covers the top in its colour.
The join code stands in the top corner while a robbery is prepared (when a phone joins); in
the other phases the lines need the room. Every colour is also named.

Readable from a metre: the headline, the two lines (or the safe), the tiles' figures, the
moment and the menu. The hints are what also lies open on the table (the tools face up, the
cards in hand, the clues), the tiles' colour names (the tile is in its colour, in the
station's order), the route's labels (it mirrors the board), the example-values warning (also
on every phone) and what the buttons do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import cast

import pygame

from companion.device.painters.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    GOOD,
    INK,
    MUTED,
    PANEL,
    TEXT,
    WARN,
    Colour,
)
from companion.device.painters.parts import (
    DESIGN_HEIGHT,
    NARROWEST,
    Context,
    TableView,
    design_box,
    fitting,
    join_corner,
    key_legend,
    key_line,
    menu_bar,
    seat_name,
    write,
    write_lines,
)
from companion.device.painters.signs import warning_sign
from companion.games.base import JSON, Button
from companion.games.robnrun.controls import OPEN_SAFES
from companion.games.robnrun.pieces import COLOURS, TOOLS, SafeView
from companion.games.robnrun.screen.escape_route import CUBES, RouteArea, draw_route
from companion.games.robnrun.views import EvaluationView, RobnRunBox, RobnRunView

STEP_TITLES = ("one", "two", "three", "four", "five", "six")

State = RobnRunView
Line = tuple[str, Colour]
Told = tuple[list[Line], list[str]]
"""What a phase tells: readable lines (two at most) and hints, the most needed last."""
HINT_GAP = "  \u00b7  "
"""Between hints: wider than the dot inside one ("Raub 1 · Runde 2")."""


# -- where things go --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the Rob 'n Run screen goes, for one screen size."""

    headline: pygame.Rect
    lines: pygame.Rect
    tiles: pygame.Rect
    safe: pygame.Rect
    """The safe on the page shown while the boss plays openly, the tiles below it."""
    tiles_below: pygame.Rect
    moment: pygame.Rect
    route: RouteArea
    hints: pygame.Rect
    qr: pygame.Rect
    menu: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The screen for ``size``: the 480 x 320 design scaled by height, the route full width."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    margin = 8 * u
    full = width - 2 * margin
    return Layout(
        headline=box(margin, 0, full, 42), lines=box(margin, 42, full, 84),
        tiles=box(margin, 132, full, 58), moment=box(margin, 2, full, 126),
        safe=box(margin, 42, full, 130), tiles_below=box(margin, 176, full, 58),
        route=RouteArea(lane=box(margin, 192, full, 22), squares=box(margin, 214, full, 12),
                        police=box(margin, 226, full, 8)),
        hints=box(margin, 236, full, 34), qr=box(width - 128 * u, 4, 124 * u, 111),
        menu=box(margin, 272, full, 46),
    )


def beside_the_code(rect: pygame.Rect, spot: Layout) -> pygame.Rect:
    """``rect`` cut short where the join code stands."""
    return pygame.Rect(rect.left, rect.top, spot.qr.left - rect.left - 8, rect.height)


class RobnRunPainter:
    """Draws every phase of Rob 'n Run from its public view (and, while the boss plays
    openly on the box, the safes the box alone shows)."""

    def draw(self, surface: pygame.Surface, view: TableView[RobnRunView], ctx: Context) -> None:
        spot = layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        if _entering(state):
            _safe_entry(surface, spot, view, ctx)
            return
        readable, hints = PHASES[str(state["phase"])](view, ctx)
        top, lines, said = spot.headline, spot.lines, None
        if state["phase"] == "prepare":
            join_corner(surface, spot.qr, ctx)
            top, lines = beside_the_code(top, spot), beside_the_code(lines, spot)
        _headline(surface, top, view, ctx)
        box = _box(view)
        safes = box["safes"] if box and state["phase"] in OPEN_SAFES else []
        if state["openly_asked"]:  # the box says what playing openly means, then asks
            write_lines(surface, ctx.fonts.body, ctx.text("screen.robnrun.openly_ask"), WARN,
                        lines, "topleft")
        elif safes:
            if _open_safe(surface, spot.safe, view, safes, ctx):  # BACK's job is told there
                ctx = replace(ctx, keys=tuple(k for k in ctx.keys if k[0] is not Button.BACK))
            hints = [*hints, *(line for line, _ in readable)]
        elif _turn_takes_a_line(view, readable, ctx):
            _lines(surface, lines, readable[-1:], ctx)
            key_line(surface, pygame.Rect(lines.left, lines.centery, lines.width,
                                          lines.height // 2), Button.TURN, ctx)
            hints, said = [*hints, *(line for line, _ in readable[:-1])], Button.TURN
        else:
            _lines(surface, lines, readable, ctx)
        _tiles(surface, spot.tiles_below if safes else spot.tiles, state, ctx)
        _moment(surface, spot.moment, state, ctx)
        if not safes:  # the route mirrors the board; the safes are nowhere else
            draw_route(surface, spot.route, state, ctx)
        _hints(surface, spot.hints, state, hints, ctx, said)
        menu_bar(surface, spot.menu, ctx)


# -- the top: the phase or whose turn, and what it is about ------------------------------------

def _headline(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RobnRunView],
              ctx: Context) -> None:
    """The phase, in the crew phase who is on turn, in the evaluation the step's title."""
    state = view["state"]
    turn, ev = state["crew"]["turn"], state["evaluation"]
    if state["phase"] == "crew" and turn is not None:
        line = ctx.text("screen.robnrun.turn", name=_name(view, turn, ctx))
    elif ev is not None and state["phase"] == "evaluation":
        line = ctx.text(f"screen.robnrun.step.{STEP_TITLES[int(ev['step']) - 1]}")
    else:
        line = ctx.text(f"screen.robnrun.phase.{state['phase']}")
    colour = DANGER if state["phase"] == "lost" else ACCENT
    write(surface, ctx.fonts.body, line, colour, rect.midleft, "midleft", rect.width)


def _turn_takes_a_line(view: TableView[RobnRunView], readable: Sequence[Line],
                       ctx: Context) -> bool:
    """Whether TURN's job takes the second readable line: TURN does something beside a
    menu, and the phase has one line to say besides who the boss is (the boss goes to the
    hints); else TURN's job stands beside the hints."""
    turn = bool(ctx.menu) and Button.TURN in dict(ctx.keys)
    return turn and (len(readable) < 2 or readable[0] == _boss(view, ctx))


def _lines(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[Line],
           ctx: Context) -> None:
    """The phase's readable lines, two at most; a list too long for its line keeps its
    newest items (the count stands beside it)."""
    height = rect.height // 2
    for n, (line, colour) in enumerate(lines[:2]):
        write(surface, ctx.fonts.body, newest(ctx.fonts.body, line, rect.width), colour,
              (rect.left, rect.top + n * height + height // 2), "midleft", rect.width)


def newest(font: pygame.font.Font, line: str, width: int) -> str:
    """``line``, a list ("3/5: a, b, c") of a line too long even narrowed (as ``write``
    narrows) losing its first items to "…" until it fits; what stands before the list (its
    count) stays."""
    head, colon, listed = line.rpartition(": ")
    items = listed.split(", ")
    while len(items) > 1 and font.size(line)[0] * NARROWEST > width:
        items = items[2:] if items[0] == "\u2026" else items[1:]
        items.insert(0, "\u2026")
        line = f"{head}{colon}{', '.join(items)}"
    return line


def _hints(surface: pygame.Surface, rect: pygame.Rect, state: State, hints: list[str],
           ctx: Context, said: Button | None = None) -> None:
    """What the buttons do (but what the screen ``said`` readably), and above it, if there is
    room, the example-values warning or as many of the phase's hints as fit, each whole, the
    last (the most needed) first."""
    hint = ctx.fonts.hint
    top = key_legend(surface, rect, ctx, said)
    if top.height < hint.get_linesize():
        return
    warning = ctx.text("robnrun.example")
    size = hint.get_height() - 2
    if (state["profile"]["example"] and not state["openly"]
            and hint.size(warning)[0] * NARROWEST <= top.width - size - 6):
        warning_sign(surface, (top.left + size // 2, top.centery), size, WARN)
        write(surface, hint, warning, WARN,
              (top.left + size + 6, top.centery), "midleft", top.width - size - 6)
    else:
        write(surface, hint, HINT_GAP.join(fitting(hint, [], hints, top.width, HINT_GAP)),
              MUTED, top.midleft, "midleft", top.width)


def _name(view: TableView[RobnRunView], seat: JSON, ctx: Context) -> str:
    return "?" if seat is None else seat_name(view, int(seat), ctx.lang)


def _boss(view: TableView[RobnRunView], ctx: Context) -> Line:
    return ctx.text("screen.robnrun.boss", name=_name(view, view["state"]["boss"], ctx)), TEXT


def _robbery(state: State, ctx: Context) -> str:
    """Which robbery and which round: a hint (it counts, it decides nothing)."""
    robbery = ctx.text("screen.robnrun.robbery", robbery=state["robbery"])
    if state["phase"] in ("clues", "crew", "alarm"):
        return f"{robbery} · {ctx.text('screen.robnrun.round', round=state['round'])}"
    return robbery


# -- the tiles: alarm values, gold, alarm stack -----------------------------------------------

def _tiles(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    gap = max(3, rect.height // 14)
    width = (rect.width - 5 * gap) // 6
    boxes = [pygame.Rect(rect.left + n * (width + gap), rect.top, width, rect.height)
             for n in range(6)]
    for box, colour in zip(boxes, COLOURS, strict=False):
        _alarm_tile(surface, box, colour, state["station"][colour], ctx)
    _gold_tile(surface, boxes[4], state, ctx)
    _stack_tile(surface, boxes[5], state, ctx)


def _tile(surface: pygame.Surface, box: pygame.Rect, label: str, fill: Colour, ink: Colour,
          figure: str, colour: Colour, ctx: Context) -> pygame.Rect:
    """A tile: a band naming it (a hint: the tile's colour and place say it), a readable
    figure; returns the room left below the figure."""
    hint = ctx.fonts.hint
    band = pygame.Rect(box.left, box.top, box.width, hint.get_height() + 1)
    pygame.draw.rect(surface, PANEL, box, border_radius=6)
    pygame.draw.rect(surface, fill, band, border_top_left_radius=6, border_top_right_radius=6)
    write(surface, hint, label, ink, band.center, "center", box.width - 2)
    shown = write(surface, ctx.fonts.body, figure, colour, (box.centerx, band.bottom),
                  "midtop", box.width - 2)
    return pygame.Rect(box.left, shown.bottom - 4, box.width, box.bottom - shown.bottom + 4)


def _alarm_tile(surface: pygame.Surface, box: pygame.Rect, colour: str,
                track: Mapping[str, JSON], ctx: Context) -> None:
    """An alarm system: its name on its colour, the active value, a pip per place for cubes."""
    room = _tile(surface, box, ctx.text(f"robnrun.colour.{colour}"), CUBES[colour], INK,
                 str(track["value"]), TEXT, ctx)
    places, cubes = int(track["capacity"]), int(track["cubes"])
    size = max(3, min(room.height - 2, (box.width - 4) // max(1, places) - 2))
    left = box.centerx - (places * (size + 2) - 2) // 2
    for n in range(places):
        pip = pygame.Rect(left + n * (size + 2), room.centery - size // 2, size, size)
        pygame.draw.rect(surface, CUBES[colour] if n < cubes else MUTED, pip, 0 if n < cubes else 1)


def _gold_tile(surface: pygame.Surface, box: pygame.Rect, state: State, ctx: Context) -> None:
    """The gold; over 20 bars (the box holds only 20) on an amber band with a sign and a word."""
    over = bool(state["gold_warning"])
    label = ctx.text("screen.robnrun.gold_over" if over else "screen.robnrun.gold")
    room = _tile(surface, box, label, WARN if over else PANEL, INK if over else TEXT,
                 str(state["gold"]), WARN if over else ACCENT, ctx)
    if over:
        size = room.height - 2
        warning_sign(surface, room.center, size, WARN)


def _stack_tile(surface: pygame.Surface, box: pygame.Rect, state: State, ctx: Context) -> None:
    """The wrong tools on the alarm stack against the red value: amber when one more sets the
    alarm off, red once it went off."""
    count, limit = int(state["alarm_count"]), int(state["alarm_limit"])
    _tile(surface, box, ctx.text("screen.robnrun.stack"), CUBES["red"], INK,
          f"{count}/{limit}", _stack_colour(state, count >= limit), ctx)


def _stack_colour(state: State, at_limit: bool) -> Colour:
    ev = state["evaluation"]
    if ev is not None:
        return DANGER if ev["alarm"] else TEXT
    return WARN if at_limit else TEXT


# -- the big moment -----------------------------------------------------------------------------

def moment(state: State) -> str | None:
    """The big moment the game is in: the evaluation's first step after cracking or an alarm,
    or the end; None in between."""
    if state["phase"] in ("won", "lost"):
        return str(state["phase"])
    ev = state["evaluation"]
    if ev is None or ev["step"] != 1:
        return None
    return "alarm" if ev["alarm"] else "cracked" if ev["cracked"] else None


def _moment(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    """The moment in big letters on its colour over the top, and what it brought."""
    name = moment(state)
    if name is None:
        return
    fill, ink = (GOOD, INK) if name in ("won", "cracked") else (DANGER, TEXT)
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    title = write(surface, ctx.fonts.large, ctx.text(f"screen.robnrun.moment.{name}"), ink,
                  (rect.centerx, rect.top + 2), "midtop", rect.width - 8)
    ev = state["evaluation"]
    if name in ("won", "lost") or ev is None:
        lines = [ctx.text(f"screen.robnrun.moment_{name}", gold=state["gold"])]
    else:
        steps = int(state["car"]) - int(ev["car_from"])
        lines = [ctx.text("screen.robnrun.moment_cracked", count=ev["cracked"]),
                 ctx.text("screen.robnrun.moment_gold", gold=ev["gold"], steps=steps)]
    y = title.bottom
    for line in lines:
        y = write(surface, ctx.fonts.body, line, ink, (rect.centerx, y), "midtop",
                  rect.width - 8).bottom


# -- what each phase tells -------------------------------------------------------------------

def _prepare(view: TableView[RobnRunView], ctx: Context) -> Told:
    state = view["state"]
    prepare = state["prepare"]
    if prepare["building"] is None:
        buildings = " · ".join(f"{b['id']}: {b['safes']}" for b in state["buildings"]
                               if b["safes"])
        return ([_boss(view, ctx), (ctx.text("screen.robnrun.choose"), TEXT)],
                [ctx.text("screen.robnrun.safes_on", buildings=buildings)])
    building = (ctx.text("screen.robnrun.building", building=prepare["building"],
                         count=prepare["safes"]), TEXT)
    hints = [_clues_hint(state, ctx)] if prepare["dealt"] else []
    second = _boss(view, ctx)
    if prepare["dealer"]:  # it goes onto the route: the group moves it there
        colour = ctx.text(f"robnrun.colour.{prepare['dealer']}")
        second = ctx.text("screen.robnrun.dealer_arrives", colour=colour), WARN
        hints.append(ctx.text("screen.robnrun.dealer_comes", colour=colour))
    if not state["openly"]:  # else the safes stand on the box, entered there
        hints.append(ctx.text("screen.robnrun.entered" if prepare["safes_entered"]
                              else "screen.robnrun.enter"))
    return [building, second], hints


def _clues(view: TableView[RobnRunView], ctx: Context) -> Told:
    state = view["state"]
    clues = state["clues"]
    shown = ", ".join(str(c) for c in clues["face_up"]) or ctx.text("screen.robnrun.none")
    return ([_boss(view, ctx), (ctx.text("screen.robnrun.clues", clues=shown), TEXT)],
            [_robbery(state, ctx), _hand_line(view, ctx),
             ctx.text("screen.robnrun.hidden", hidden=clues["hidden"]), _tool_line(state, ctx)])


def _crew(view: TableView[RobnRunView], ctx: Context) -> Told:
    """Cards played against the white value; while everybody has passed, that they must act."""
    state = view["state"]
    hints = [_robbery(state, ctx), _hand_line(view, ctx), _tool_line(state, ctx)]
    if state["crew"]["forced"]:
        hints.append(ctx.text("screen.robnrun.forced"))
    return [_boss(view, ctx), _played_line(state, TEXT, ctx)], hints


def _alarm(view: TableView[RobnRunView], ctx: Context) -> Told:
    """The boss sorts on their phone, or enters the cards (after the safes) on the box."""
    state = view["state"]
    hints = [_robbery(state, ctx), _tool_line(state, ctx)]
    if state["openly"]:
        box = _box(view)
        cards = box["cards"] if box else []
        named = [_tool(state, card, ctx) for card in cards]
        entered = ctx.text("screen.robnrun.cards", entered=len(cards),
                           played=state["crew"]["played"])
        if not named:
            return [_boss(view, ctx), (entered, ACCENT)], hints
        listed = ctx.text("screen.robnrun.cards_list", entered=len(cards),
                          played=state["crew"]["played"], cards=", ".join(named))
        return [_boss(view, ctx), (listed, ACCENT)], hints
    return ([_boss(view, ctx), (ctx.text("screen.robnrun.sorting"), TEXT)],
            [*hints, _played_line(state, MUTED, ctx)[0],
             ctx.text("screen.robnrun.sorting_phone")])


def _box(view: TableView[RobnRunView]) -> RobnRunBox | None:
    """What the box's screen alone shows while the boss plays openly; None otherwise."""
    box = view.get("box")
    return cast(RobnRunBox, box) if box else None


def _entering(state: State) -> bool:
    """Whether the box enters the safes now: the boss plays openly and they are not in yet."""
    return bool(state["openly"] and not state["prepare"]["safes_entered"]
                and state["phase"] in ("prepare", "clues", "crew", "alarm"))


def _safe_entry(surface: pygame.Surface, spot: Layout, view: TableView[RobnRunView],
                ctx: Context) -> None:
    """The boss has no phone: the safe being entered on the box, readable, its gold at the
    top, a line per tool and what is still missing (the others are each shown in turn by
    "next safe"). The safes stand on the box's screen alone (the view's ``box``)."""
    box = cast(RobnRunBox, view["box"])
    safes, focus = list(box["draft"]), int(box["focus"])
    safe = safes[focus]
    head = (ctx.text("screen.robnrun.safe", safe=focus + 1, gold=safe["gold"]) if safe["gold"]
            else ctx.text("screen.robnrun.safe_no_gold", safe=focus + 1))
    write(surface, ctx.fonts.body, head, ACCENT, spot.headline.midleft, "midleft",
          spot.headline.width)
    tools = [(f"{_tool(view['state'], tool, ctx)} {n}", TEXT) for tool, n
             in safe["tools"].items() if tool in TOOLS and n]
    lines = [*(tools or [(ctx.text("screen.robnrun.none"), TEXT)]), *_still_missing(box, ctx)]
    height = ctx.fonts.body.get_linesize()
    for n, (words, colour) in enumerate(lines[:(spot.hints.top - spot.lines.top) // height]):
        write(surface, ctx.fonts.body, words, colour, (spot.lines.left,
                                                       spot.lines.top + n * height),
              "topleft", spot.lines.width)
    _hints(surface, spot.hints, view["state"], [ctx.text("screen.robnrun.openly")], ctx)
    menu_bar(surface, spot.menu, ctx)


def _still_missing(box: RobnRunBox, ctx: Context) -> list[Line]:
    """What the safe in focus lacks (tools, within what a safe needs; its gold), else which
    safes are still open, else that every safe is whole: "These are the safes" is offered."""
    missing = box["missing"]
    lacks = missing[int(box["focus"])]
    lines = []
    if lacks["tools"]:
        lines.append((ctx.text("screen.robnrun.missing_tools", count=lacks["tools"]), WARN))
    if lacks["gold"]:
        lines.append((ctx.text("screen.robnrun.missing_gold"), WARN))
    if lines:
        return lines
    open_safes = [str(n + 1) for n, safe in enumerate(missing) if safe["tools"] or safe["gold"]]
    if not open_safes:
        return [(ctx.text("screen.robnrun.safes_whole"), GOOD)]
    return [(ctx.text("screen.robnrun.safes_open", count=len(open_safes),
                      safes=", ".join(open_safes)), WARN)]


TOOL_GAP = ", "


def _open_safe(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RobnRunView],
               safes: Sequence[SafeView], ctx: Context) -> bool:
    """The safe on the page the box shows, readable: which of how many and its gold (BACK's
    job, turning to the next, in the hint's size beside it), then its tools in as few lines
    as they fit (two in either language; a profile's long name for the jackhammer may take a
    third, which the head then begins, BACK's job left to the legend). Returns whether it
    told BACK's job."""
    font, page = ctx.fonts.body, ctx.page % len(safes)
    safe = safes[page]
    head = (ctx.text("screen.robnrun.safe_page", safe=page + 1, safes=len(safes),
                     gold=safe["gold"]) if len(safes) > 1
            else ctx.text("screen.robnrun.safe", safe=1, gold=safe["gold"]))
    tools = _tool_names(view["state"], safe, ctx)
    pygame.draw.rect(surface, PANEL, rect, border_radius=8)
    inner = rect.inflate(-12, -4)
    room, width = inner.height // font.get_linesize(), int(inner.width / NARROWEST)
    lines = [(head, ACCENT), *((line, TEXT) for line in packed(font, [], tools, width))]
    back = ctx.key(Button.BACK)
    if len(lines) > room:
        lines, back = [(line, TEXT) for line in packed(font, [f"{head}:"], tools, width)], None
    beside = 0 if back is None else _corner(surface, inner, back, ctx)
    for n, (line, colour) in enumerate(lines):
        write(surface, font, line, colour, (inner.left, inner.top + n * font.get_linesize()),
              "topleft", inner.width - (beside if n == 0 else 0))
    return back is not None


def _corner(surface: pygame.Surface, inner: pygame.Rect, said: str, ctx: Context) -> int:
    """``said`` ("BACK: next safe") in two hint lines at the right of the first line of
    ``inner``, the button over its job; returns how wide they are, with a gap."""
    hint = ctx.fonts.hint
    button, colon, job = said.partition(": ")
    lines = [f"{button}{colon}".strip(), job]
    width = max(hint.size(line)[0] for line in lines)
    top = inner.top + (ctx.fonts.body.get_linesize() - 2 * hint.get_linesize()) // 2
    for n, line in enumerate(lines):
        write(surface, hint, line, MUTED, (inner.right, top + n * hint.get_linesize()),
              "topright")
    return width + 10


def packed(font: pygame.font.Font, first: list[str], items: Sequence[str],
           width: int) -> list[str]:
    """``items`` joined by commas into lines no wider than ``width`` (after ``first``, a head
    ending in ":"), none broken: in their order, else the widest first each into the first
    line with room for it, whichever takes fewer lines."""
    widest = sorted(items, key=lambda item: -font.size(item)[0])
    return min(_first_fit(font, first, items, width, last_only=True),
               _first_fit(font, first, widest, width, last_only=False), key=len)


def _first_fit(font: pygame.font.Font, first: list[str], items: Sequence[str], width: int, *,
               last_only: bool) -> list[str]:
    """``items`` each into the first line (``last_only``: the last) with room for it."""
    lines = list(first)

    def joined(line: str, item: str) -> str:
        return f"{line} {item}" if line.endswith(":") else f"{line}{TOOL_GAP}{item}"
    for item in items:
        open_lines = range(max(0, len(lines) - 1) if last_only else 0, len(lines))
        at = next((n for n in open_lines if font.size(joined(lines[n], item))[0] <= width),
                  None)
        if at is None:
            lines.append(item)
        else:
            lines[at] = joined(lines[at], item)
    return lines


def _tool_names(state: State, safe: SafeView, ctx: Context) -> list[str]:
    """A safe's tools, each named, counted where more than one."""
    return [(f"{n}\u00d7 " if n > 1 else "") + _tool(state, tool, ctx)
            for tool, n in safe["tools"].items() if tool in TOOLS and n]


def _played_line(state: State, colour: Colour, ctx: Context) -> Line:
    crew = state["crew"]
    return ctx.text("screen.robnrun.played", played=crew["played"],
                    needed=crew["needed"]), colour


def _clues_hint(state: State, ctx: Context) -> str:
    clues = state["clues"]
    shown = ", ".join(str(c) for c in clues["face_up"]) or ctx.text("screen.robnrun.none")
    return ctx.text("screen.robnrun.clues", clues=shown)


def _tool_line(state: State, ctx: Context) -> str:
    rows = state["rows"]
    tools = " · ".join(f"{_tool(state, tool, ctx)}: {n}" for tool, n in rows.items())
    return ctx.text("screen.robnrun.tools", tools=tools or ctx.text("screen.robnrun.none"))


def _tool(state: State, tool: str, ctx: Context) -> str:
    """A tool's name; the jackhammer's English name is the one the box profile gives."""
    if tool == "jackhammer" and ctx.lang == "en":
        return str(state["profile"]["jackhammer"])
    return ctx.text(f"robnrun.tool.{tool}")


def _hand_line(view: TableView[RobnRunView], ctx: Context) -> str:
    crew = view["state"]["crew"]
    hands = " · ".join(f"{_name(view, seat, ctx)}: {crew['hands'][seat]}"
                       for seat in crew["members"]) if crew["hands"] else ""
    return ctx.text("screen.robnrun.hands", hands=hands or ctx.text("screen.robnrun.none"))


# -- the evaluation and the end ---------------------------------------------------------------

def _evaluation(view: TableView[RobnRunView], ctx: Context) -> Told:
    state = view["state"]
    ev = state["evaluation"]
    assert ev is not None, "the evaluation phase shows its evaluation"
    step = ev["step"]
    readable, hints = STEP_LINES[step](state, ev, ctx)
    return readable, [ctx.text("screen.robnrun.step", step=step), *hints]


def _step_gold(state: State, ev: EvaluationView, ctx: Context) -> Told:
    """The car moved (the moment over the top says what was cracked, or the alarm)."""
    return [(ctx.text("screen.robnrun.car", steps=int(state["car"]) - int(ev["car_from"])),
             TEXT)], []


def _step_cubes(state: State, ev: EvaluationView, ctx: Context) -> Told:
    cubes = ", ".join(ctx.text(f"robnrun.colour.{c}") for c in ev["cubes"])
    lines = [(ctx.text("screen.robnrun.cubes", cubes=cubes or ctx.text("screen.robnrun.none")),
              TEXT)]
    if ev["aside"]:
        lines.append((ctx.text("screen.robnrun.aside", amount=ev["aside"]), WARN))
    return lines, []


def _step_safes(state: State, ev: EvaluationView, ctx: Context) -> Told:
    hints = ([ctx.text("screen.robnrun.placed", buildings=", ".join(ev["placed"]))]
             if ev["placed"] else [])
    return [(ctx.text("screen.robnrun.to_place", amount=ev["to_place"]), TEXT)], hints


def _step_police(state: State, ev: EvaluationView, ctx: Context) -> Told:
    lines = [(ctx.text("screen.robnrun.police", steps=ev["police_steps"]), TEXT)]
    if ev["lost_safes"]:
        lines.append((ctx.text("screen.robnrun.lost_safes", amount=ev["lost_safes"]), WARN))
    return lines, [ctx.text("screen.robnrun.police_why", uncracked=ev["uncracked"],
                            alarm=int(bool(ev["alarm"])))]


def _step_dealer(state: State, ev: EvaluationView, ctx: Context) -> Told:
    colour = ev["dealer"]
    if colour is None:
        return [(ctx.text("screen.robnrun.no_dealer"), MUTED)], []
    one, two = state["dealers"][colour]["prices"]
    return ([(ctx.text("screen.robnrun.offer", colour=ctx.text(f"robnrun.colour.{colour}")),
              TEXT), (ctx.text("screen.robnrun.prices", one=one, two=one + two), ACCENT)], [])


def _step_old(state: State, ev: EvaluationView, ctx: Context) -> Told:
    """The headline says it: old safes out; what was bought from the dealer, a hint."""
    hints = [ctx.text("screen.robnrun.old_safes")]
    if ev["bought"] is not None:
        hints.append(ctx.text("screen.robnrun.bought", count=ev["bought"]))
    return [], hints


StepLines = Callable[[State, EvaluationView, Context], Told]
STEP_LINES: dict[int, StepLines] = {1: _step_gold, 2: _step_cubes, 3: _step_safes,
                                    4: _step_police, 5: _step_dealer, 6: _step_old}


def _won(view: TableView[RobnRunView], ctx: Context) -> Told:
    """The moment over the top says it all; the rating is a hint (the game is over)."""
    state, result = view["state"], view["state"]["result"]
    return [], [ctx.text("screen.robnrun.where", car=state["car"], police=state["police"]),
                ctx.text(f"robnrun.rating.{result and result['rating']}")]


def _lost(view: TableView[RobnRunView], ctx: Context) -> Told:
    state = view["state"]
    return [], [ctx.text("screen.robnrun.where", car=state["car"], police=state["police"])]


PHASES: dict[str, Callable[[TableView[RobnRunView], Context], Told]] = {
    "prepare": _prepare, "clues": _clues, "crew": _crew, "alarm": _alarm,
    "evaluation": _evaluation, "won": _won, "lost": _lost,
}


PAINTER = RobnRunPainter()
