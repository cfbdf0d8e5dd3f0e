"""The Räuber und Gendarm screen: whose turn, what the turn must do first, each side's
gendarmes and robbers, the hideouts and the last roll.

Everything a player must read is readable from a metre. The headline says whose turn it is in
the seat's colour; the lines below name the duty that is due (the roll, a gendarme to give up
on the player's own phone or in the box's menu, a robber to bring out of its hideout, a real
chip for a side whose catcher no phone can show). Two panels, black first, show each side's
gendarmes as numbered discs (those out of play struck through) and a pawn a robber in the
colour of what became of it; the side, the player and the robbers' fates in words stand over
them as a hint. To the right the last roll on a die face and the hideouts in the colour of the
pieces in them; before play each side's start roll on a die beside its panel. A catcher appears
only once it was shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache, partial

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
    HINT_GAP,
    Context,
    TableView,
    design_box,
    fitting,
    hint_line,
    join_corner,
    key_legend,
    menu_bar,
    seat_colour,
    seat_name,
    wrap,
    write,
    write_lines,
)
from companion.device.painters.signs import warning_sign
from companion.games.base import JSON
from companion.games.gendarm.views import GendarmView

State = Mapping[str, JSON]
PIECES: dict[str, tuple[Colour, Colour]] = {"black": ((28, 30, 36), TEXT),
                                            "white": ((236, 236, 232), INK)}
"""Each side's pieces: the disc and its number, drawn as the real pieces look."""
ROBBER_COLOURS = {"free": TEXT, "safe": GOOD, "hidden": WARN, "caught": MUTED}
"""A robber's pawn in the colour of its fate (never the accent: that rings a catcher)."""


# -- where things go --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the screen goes, for one screen size."""

    headline: pygame.Rect
    note: pygame.Rect
    panels: tuple[pygame.Rect, pygame.Rect]
    qr: pygame.Rect
    side: pygame.Rect
    hints: pygame.Rect
    menu: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The screen for ``size``: the 480 x 320 design scaled by height."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    margin, side = 8 * u, 128 * u
    left, full = width - side - 2 * margin, width - 2 * margin
    panel = full - side + 4 * u
    return Layout(
        headline=box(margin, 0, left, 44), note=box(margin, 44, left, 84),
        panels=(box(margin, 130, panel, 52), box(margin, 186, panel, 52)),
        qr=box(width - side, 4, side - 4 * u, 100), side=box(width - side, 130, side - 4 * u, 108),
        hints=box(margin, 240, full, 36), menu=box(margin, 280, full, 38),
    )


class GendarmPainter:
    """Draws every phase of Räuber und Gendarm from its public view."""

    def draw(self, surface: pygame.Surface, view: TableView[GendarmView], ctx: Context) -> None:
        spot = layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        _headline(surface, spot.headline, view, ctx)
        _note(surface, spot.note, view, ctx)
        sides = tuple(next(p for p in state["players"] if p["colour"] == colour)
                      for colour in ("black", "white"))
        for rect, player in zip(spot.panels, sides, strict=True):
            _panel(surface, rect, view, player, ctx)
        if _start_shown(state):
            _start_roll(surface, spot, state, sides, ctx)
        else:
            _side(surface, spot.side, state, ctx)
        _hints(surface, spot.hints, state, ctx)
        menu_bar(surface, spot.menu, ctx)


# -- the top: whose turn and what is due ------------------------------------------------------

def _headline(surface: pygame.Surface, rect: pygame.Rect, view: TableView[GendarmView],
              ctx: Context) -> None:
    state = view["state"]
    phase, seat = state["phase"], _headline_seat(state)
    if phase == "start":
        line, colour = ctx.text("screen.gendarm.set_up"), ACCENT
    elif phase == "over":
        line = ctx.text("screen.gendarm.won", name=_name(view, seat, ctx))
        colour = seat_colour(view, int(seat))
    else:
        key = "screen.gendarm.starts" if phase == "deal" else "screen.gendarm.turn"
        line, colour = ctx.text(key, name=_name(view, seat, ctx)), seat_colour(view, int(seat))
    font = _fitting(line, rect.width, ctx.fonts.title, ctx.fonts.large, ctx.fonts.body)
    write(surface, font, line, colour, rect.midleft, "midleft", rect.width)


def _fitting(line: str, width: int, *fonts: pygame.font.Font) -> pygame.font.Font:
    """The first (largest) of ``fonts`` that ``line`` fits in, else the last."""
    return next((font for font in fonts if font.size(line)[0] <= width), fonts[-1])


def _headline_seat(state: State) -> JSON:
    if state["phase"] == "over":
        return state["result"]["winner"]
    return state["turn"] if state["phase"] == "play" else state["starter"]


def _note(surface: pygame.Surface, rect: pygame.Rect, view: TableView[GendarmView],
          ctx: Context) -> None:
    """The duty that is due, on an amber band with a warning sign; else what to do now; in
    two readable lines at most."""
    line, due = _what_now(view, ctx)
    body = ctx.fonts.body
    if not due:
        write_lines(surface, body, line, TEXT, rect, "topleft")
        return
    size = body.get_height() * 2 // 3
    text_left = rect.left + size + 12
    lines = len(wrap(body, line, rect.right - text_left - 8))
    band = pygame.Rect(rect.left, rect.top, rect.width,
                       min(rect.height, lines * body.get_linesize() + 4))
    pygame.draw.rect(surface, WARN, band, border_radius=6)
    warning_sign(surface, (rect.left + 6 + size // 2, band.centery), size, INK, WARN)
    write_lines(surface, body, line, INK,
                pygame.Rect(text_left, band.top + 2, rect.right - text_left - 8, band.height),
                "topleft")


def _what_now(view: TableView[GendarmView], ctx: Context) -> tuple[str, bool]:
    """The line under the headline, and whether it is a duty (shown as a warning). The
    duties to give up a gendarme and to leave the hideout leave the side's colour out, so
    they read whole in two lines: the headline above names the player on turn."""
    state = view["state"]
    phase, settings = state["phase"], state["settings"]
    if phase == "start":
        return ctx.text(f"screen.gendarm.start.{settings['dice']}"), False
    if phase == "deal" and _stranded(view):
        return ctx.text("screen.gendarm.take_chip"), True
    if phase == "deal":
        return ctx.text(f"screen.gendarm.deal.{settings['catchers']}"), False
    result = state["result"]
    if phase == "over" and result is not None:
        loser = _colour_of(state, 1 - result["winner"], ctx)
        return ctx.text(f"screen.gendarm.reason.{result['reason']}", colour=loser), False
    duty = state["duty"]
    if duty["remove"]:
        kept = state["players"][state["turn"] or 0]["on_table"]
        return ctx.text("screen.gendarm.duty.remove_box" if kept
                        else "screen.gendarm.duty.remove"), True
    if duty["roll"]:
        who = _colour_of(state, state["turn"] or 0, ctx)
        return ctx.text("screen.gendarm.duty.roll", colour=who), True
    if state["must_leave"] == state["turn"] and not duty["moved"]:
        return ctx.text("screen.gendarm.duty.leave"), True
    if _stranded(view):
        return ctx.text("screen.gendarm.take_chip"), True
    roll = state["last_roll"]
    if duty["rolled"] and roll is not None:
        return ctx.text("screen.gendarm.rolled", value=roll["value"]), False
    return ctx.text("screen.gendarm.move"), False


def _stranded(view: TableView[GendarmView], seat: int | None = None) -> bool:
    """Whether the box keeps, or is to deal, a catcher for a side (any, or ``seat``) no phone
    holds: it is shown nowhere, so that side cannot catch until it takes a real chip."""
    state = view["state"]
    return any(_secret_in_the_box(state, player) and not view["seats"][player["seat"]]["taken"]
               for player in state["players"] if seat in (None, player["seat"]))


def _secret_in_the_box(state: State, player: State) -> bool:
    """Whether the box keeps the side's catcher secret, or is to deal it one."""
    if player["on_table"] or player["catcher"] is not None:
        return False
    if state["phase"] == "deal":
        return bool(state["settings"]["catchers"] == "box")
    return state["phase"] == "play" and bool(player["entered"])


def _name(view: TableView[GendarmView], seat: JSON, ctx: Context) -> str:
    return "?" if seat is None else seat_name(view, int(seat), ctx.lang)


def _colour_of(state: State, seat: int, ctx: Context) -> str:
    return ctx.text(f"screen.gendarm.{state['players'][seat]['colour']}")


# -- a side: its gendarmes and robbers --------------------------------------------------------

def _panel(surface: pygame.Surface, rect: pygame.Rect, view: TableView[GendarmView],
           player: State, ctx: Context) -> None:
    """The side, its player and what became of its robbers in words (a hint: the pawns say it
    in colour, the headline whose turn it is; the side's word, then the player's name, left
    out whole where they do not fit), then a disc for every gendarme and a pawn a robber,
    readable."""
    state, seat = view["state"], int(player["seat"])
    current = seat == _headline_seat(state) and state["phase"] in ("play", "over")
    pygame.draw.rect(surface, PANEL, rect, border_radius=8)
    if current:
        pygame.draw.rect(surface, seat_colour(view, seat), rect, 3, border_radius=8)
    hint = ctx.fonts.hint
    status, colour = _status(view, player, ctx)
    words = [ctx.text(f"screen.gendarm.{player['colour']}"), _name(view, seat, ctx), status]
    if player["catcher"] is not None:
        words.append(ctx.text("screen.gendarm.catcher", number=player["catcher"]))
    label = write(surface, hint, HINT_GAP.join(fitting(hint, [], words, rect.width - 20)),
                  colour, (rect.left + 10, rect.top + 3), "topleft", rect.width - 20)
    row = pygame.Rect(rect.left + 8, label.bottom + 1, rect.width - 16,
                      rect.bottom - label.bottom - 4)
    discs = _gendarmes(surface, row, state, player, ctx)
    _robbers(surface, pygame.Rect(discs.right + row.height // 2, row.top,
                                  row.right - discs.right, row.height), state, player, ctx)


def _status(view: TableView[GendarmView], player: State, ctx: Context) -> tuple[str, Colour]:
    """What became of the robbers; before play whether the side's chip was typed in or lies
    face down; that no phone holds a seat whose catcher the box keeps or is to deal."""
    state = view["state"]
    if state["phase"] == "deal" and player["on_table"]:
        return ctx.text("screen.gendarm.chip_kept"), GOOD
    if state["phase"] == "deal" and state["settings"]["catchers"] == "chips":
        entered = bool(player["entered"])
        return (ctx.text("screen.gendarm.chip_entered" if entered else "screen.gendarm.chip_wait"),
                GOOD if entered else WARN)
    if _stranded(view, int(player["seat"])):
        return ctx.text("screen.gendarm.no_phone"), WARN
    robbers = [str(fate) for fate in player["robbers"]]
    words = [_robber(state, player, fate, ctx) for fate in robbers]
    colour = next((ROBBER_COLOURS[fate] for fate in ("safe", "hidden") if fate in robbers),
                  MUTED if all(fate == "caught" for fate in robbers) else TEXT)
    return ctx.text("screen.gendarm.robbers", count=len(robbers), robbers=", ".join(words)), colour


def _robber(state: State, player: State, fate: str, ctx: Context) -> str:
    if fate == "hidden":
        return ctx.text("screen.gendarm.robber.hidden", hideout=_hideout(state, player))
    return ctx.text(f"screen.gendarm.robber.{fate}")


def _hideout(state: State, player: State) -> int:
    return list(state["hideouts"]).index(player["seat"]) + 1


def _gendarmes(surface: pygame.Surface, rect: pygame.Rect, state: State, player: State,
               ctx: Context) -> pygame.Rect:
    """A disc per gendarme; one out of play dim and struck through, a shown catcher ringed;
    return where the discs went."""
    numbers = int(state["top"])
    fill, ink = PIECES[str(player["colour"])]
    size, gap = rect.height, rect.height // 6
    in_play = set(player["gendarmes"])
    for n in range(1, numbers + 1):
        disc = pygame.Rect(rect.left + (n - 1) * (size + gap), rect.top, size, size)
        out = n not in in_play
        pygame.draw.ellipse(surface, PANEL if out else fill, disc)
        pygame.draw.ellipse(surface, MUTED, disc, 2)
        write(surface, ctx.fonts.body, str(n), MUTED if out else ink, disc.center, "center")
        if out:
            pygame.draw.line(surface, DANGER, disc.bottomleft, disc.topright, 3)
        if player["catcher"] == n:
            pygame.draw.ellipse(surface, ACCENT, disc.inflate(4, 4), 3)
    return pygame.Rect(rect.left, rect.top, numbers * (size + gap) - gap, size)


def _robbers(surface: pygame.Surface, rect: pygame.Rect, state: State, player: State,
             ctx: Context) -> None:
    """A pawn a robber in its fate's colour: a hidden one with its hideout's number beside
    it, a caught one struck through."""
    size = rect.height
    x = rect.left
    for fate in (str(f) for f in player["robbers"]):
        colour = ROBBER_COLOURS[fate]
        head = size // 5
        pygame.draw.circle(surface, colour, (x + size // 2, rect.top + head), head)
        pygame.draw.polygon(surface, colour, [
            (x + size // 2 - head // 2, rect.top + 2 * head), (x + size // 2 + head // 2,
                                                               rect.top + 2 * head),
            (x + size - 4, rect.bottom), (x + 4, rect.bottom)])
        x += size + 4
        if fate == "caught":
            pygame.draw.line(surface, DANGER, (x - size - 4, rect.bottom), (x - 4, rect.top), 3)
        if fate == "hidden":
            x = write(surface, ctx.fonts.body, str(_hideout(state, player)), colour,
                      (x, rect.centery), "midleft").right + 10


# -- the right column: the last roll and the hideouts; the hints ------------------------------

def _side(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    """The last roll on a die face, the two hideouts (level 3) under it."""
    y = rect.top
    roll = state["last_roll"]
    if roll is not None:
        odd_duty = int(roll["value"]) % 2 == 1 and roll["kind"] == "duty"
        y = _die(surface, (rect.centerx, y), ctx.fonts.large, int(roll["value"]),
                 odd_duty).bottom + 8
    if state["hideouts"]:
        _hideouts(surface, (rect.centerx, y), state, ctx)


def _start_shown(state: State) -> bool:
    """Before play the start roll the box rolled or the group typed in stands on the right."""
    return state["phase"] == "deal" and bool(state["start_rolls"])


def _start_roll(surface: pygame.Surface, spot: Layout, state: State,
                sides: tuple[State, ...], ctx: Context) -> None:
    """Each side's number of the start roll on a die beside its panel, which names the
    player (after a tie the pair rolled again); the higher one, who begins, ringed."""
    rolled = state["start_rolls"][-1]
    font = ctx.fonts.large
    for panel, player in zip(spot.panels, sides, strict=True):
        seat = int(player["seat"])
        top = panel.centery - (font.get_height() + 4) // 2
        face = _die(surface, (spot.side.centerx, top), font, int(rolled[seat]), False)
        if seat == state["starter"]:
            pygame.draw.rect(surface, ACCENT, face.inflate(6, 6), 3,
                             border_radius=face.width // 4)


def _hints(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    """What the buttons do, then the level and what the figures on the right are: hints, as
    the level was chosen before the game and the die and the hideouts look like the real
    ones on the table."""
    left = key_legend(surface, rect, ctx)
    if left.height < ctx.fonts.hint.get_linesize():
        return
    words = [ctx.text("screen.gendarm.level", level=state["level"])]
    if _start_shown(state):
        words.append(ctx.text("screen.gendarm.start_roll"))
    if state["last_roll"] is not None:
        words.append(ctx.text("screen.gendarm.last_roll"))
    if state["hideouts"]:
        words.append(ctx.text("screen.gendarm.hideouts"))
    hint_line(surface, left, words, ctx)


def _die(surface: pygame.Surface, top: tuple[int, int], font: pygame.font.Font, value: int,
         odd_duty: bool) -> pygame.Rect:
    """The number rolled on a die face (amber when a duty roll came up odd)."""
    size = font.get_height() + 4
    face = pygame.Rect(0, 0, size, size)
    face.midtop = top
    pygame.draw.rect(surface, WARN if odd_duty else TEXT, face, border_radius=size // 5)
    write(surface, font, str(value), INK, face.center, "center")
    return face


def _hideouts(surface: pygame.Surface, top: tuple[int, int], state: State,
              ctx: Context) -> None:
    """Each hideout a square, in the colour of the pieces of the side hiding in it."""
    font = ctx.fonts.body
    size, gap = font.get_height() + 4, font.get_height() // 4
    left = top[0] - size - gap // 2
    for n, held in enumerate(state["hideouts"]):
        square = pygame.Rect(left + n * (size + gap), top[1], size, size)
        if held is None:
            pygame.draw.rect(surface, MUTED, square, 2, border_radius=4)
            write(surface, font, str(n + 1), MUTED, square.center, "center")
            continue
        fill, ink = PIECES[str(state["players"][held]["colour"])]
        pygame.draw.rect(surface, fill, square, border_radius=4)
        pygame.draw.rect(surface, ACCENT, square, 2, border_radius=4)
        write(surface, font, str(n + 1), ink, square.center, "center")


PAINTER = GendarmPainter()
