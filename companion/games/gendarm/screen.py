"""The Räuber und Gendarm screen: whose turn, what the turn must do first, each side's
gendarmes and robbers, the hideouts and the last roll.

The headline says whose turn it is in the seat's colour; the line below names the duty that
is due (the roll, a gendarme to give up on the player's own phone, a robber to bring out of
its hideout). Two panels, black first, show each side's gendarmes as numbered discs (those
out of play struck through) and what became of each robber. The right column holds the join
code, the level, the last roll and the hideouts. A catcher appears only once it was shown.
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
    Context,
    design_box,
    join_corner,
    menu_bar,
    seat_colour,
    seat_name,
    write,
)
from companion.device.painters.signs import warning_sign
from companion.games.base import JSON

State = Mapping[str, JSON]
PIECES: dict[str, tuple[Colour, Colour]] = {"black": ((28, 30, 36), TEXT),
                                            "white": ((236, 236, 232), INK)}
"""Each side's pieces: the disc and its number, drawn as the real pieces look."""
ROBBER_COLOURS = {"free": TEXT, "safe": GOOD, "hidden": ACCENT, "caught": MUTED}


# -- where things go --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the screen goes, for one screen size."""

    headline: pygame.Rect
    note: pygame.Rect
    panels: tuple[pygame.Rect, pygame.Rect]
    qr: pygame.Rect
    side: pygame.Rect
    undo: pygame.Rect
    menu: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The screen for ``size``: the 480 x 320 design scaled by height."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    margin, side = 8 * u, 128 * u
    left, full = width - side - 2 * margin, width - 2 * margin
    return Layout(
        headline=box(margin, 4, left, 40), note=box(margin, 46, left, 30),
        panels=(box(margin, 82, left, 100), box(margin, 188, left, 100)),
        qr=box(width - side, 4, side - 4 * u, 100), side=box(width - side, 124, side - 4 * u, 124),
        undo=box(width - side, 250, side - 4 * u, 38), menu=box(margin, 292, full, 26),
    )


class GendarmPainter:
    """Draws every phase of Räuber und Gendarm from its public view."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
        spot = layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        _headline(surface, spot.headline, view, ctx)
        _note(surface, spot.note, view, ctx)
        black = next(p for p in state["players"] if p["colour"] == "black")
        white = next(p for p in state["players"] if p["colour"] == "white")
        for rect, player in zip(spot.panels, (black, white), strict=True):
            _panel(surface, rect, view, player, ctx)
        _side(surface, spot.side, state, ctx)
        menu_bar(surface, spot.menu, ctx)


# -- the top: whose turn and what is due ------------------------------------------------------

def _headline(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
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
    font = _fitting(line, rect.width, ctx.fonts.title, ctx.fonts.large)
    write(surface, font, line, colour, rect.midleft, "midleft", rect.width)


def _fitting(line: str, width: int, *fonts: pygame.font.Font) -> pygame.font.Font:
    """The first (largest) of ``fonts`` that ``line`` fits in, else the last."""
    return next((font for font in fonts if font.size(line)[0] <= width), fonts[-1])


def _headline_seat(state: State) -> JSON:
    if state["phase"] == "over":
        return state["result"]["winner"]
    return state["turn"] if state["phase"] == "play" else state["starter"]


def _note(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
          ctx: Context) -> None:
    """The duty that is due, on an amber band with a warning sign; else what to do now."""
    line, due = _what_now(view["state"], ctx)
    if not due:
        font = _fitting(line, rect.width, ctx.fonts.body, ctx.fonts.hint)
        write(surface, font, line, TEXT, rect.midleft, "midleft", rect.width)
        return
    size = rect.height * 2 // 3
    text_left = rect.left + size + 12
    font = _fitting(line, rect.right - text_left - 10, ctx.fonts.body, ctx.fonts.hint)
    width = min(rect.width, font.size(line)[0] + text_left - rect.left + 10)
    pygame.draw.rect(surface, WARN, (rect.left, rect.top, width, rect.height), border_radius=6)
    warning_sign(surface, (rect.left + 6 + size // 2, rect.centery), size, INK, WARN)
    write(surface, font, line, INK, (text_left, rect.centery), "midleft", rect.right - text_left)


def _what_now(state: State, ctx: Context) -> tuple[str, bool]:
    """The line under the headline, and whether it is a duty (shown as a warning)."""
    phase, settings = state["phase"], state["settings"]
    if phase == "start":
        return ctx.text(f"screen.gendarm.start.{settings['dice']}"), False
    if phase == "deal":
        return ctx.text(f"screen.gendarm.deal.{settings['catchers']}"), False
    if phase == "over":
        loser = _colour_of(state, 1 - int(state["result"]["winner"]), ctx)
        return ctx.text(f"screen.gendarm.reason.{state['result']['reason']}",
                        colour=loser), False
    who = _colour_of(state, int(state["turn"]), ctx)
    duty = state["duty"]
    if duty["remove"]:
        return ctx.text("screen.gendarm.duty.remove", colour=who), True
    if duty["roll"]:
        return ctx.text("screen.gendarm.duty.roll", colour=who), True
    if state["must_leave"] == state["turn"] and not duty["moved"]:
        return ctx.text("screen.gendarm.duty.leave", colour=who), True
    if duty["rolled"]:
        return ctx.text("screen.gendarm.rolled", value=state["last_roll"]["value"]), False
    return ctx.text("screen.gendarm.move"), False


def _name(view: Mapping[str, JSON], seat: JSON, ctx: Context) -> str:
    return "?" if seat is None else seat_name(view, int(seat), ctx.lang)


def _colour_of(state: State, seat: int, ctx: Context) -> str:
    return ctx.text(f"screen.gendarm.{state['players'][seat]['colour']}")


# -- a side: its gendarmes and robbers --------------------------------------------------------

def _panel(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
           player: State, ctx: Context) -> None:
    """The side's colour and player, its robbers, then a disc for every gendarme."""
    state, seat = view["state"], int(player["seat"])
    current = seat == _headline_seat(state) and state["phase"] in ("play", "over")
    pygame.draw.rect(surface, PANEL, rect, border_radius=8)
    if current:
        pygame.draw.rect(surface, seat_colour(view, seat), rect, 3, border_radius=8)
    small, body = ctx.fonts.hint, ctx.fonts.body
    title = f"{ctx.text('screen.gendarm.' + str(player['colour']))} · {_name(view, seat, ctx)}"
    top = write(surface, body, title, TEXT, (rect.left + 10, rect.top + 4), "topleft",
                rect.width - 20)
    status, colour = _status(state, player, ctx)
    if player["catcher"] is not None:
        status += " · " + ctx.text("screen.gendarm.catcher", number=player["catcher"])
    line = write(surface, small, status, colour, (rect.left + 10, top.bottom), "topleft",
                 rect.width - 20)
    discs = pygame.Rect(rect.left + 8, line.bottom + 2, rect.width - 16,
                        rect.bottom - line.bottom - 6)
    _gendarmes(surface, discs, state, player, ctx)


def _status(state: State, player: State, ctx: Context) -> tuple[str, Colour]:
    """What became of the robbers; before play whether the side's chip was typed in."""
    if state["phase"] == "deal" and state["settings"]["catchers"] == "chips":
        entered = bool(player["entered"])
        return (ctx.text("screen.gendarm.chip_entered" if entered else "screen.gendarm.chip_wait"),
                GOOD if entered else WARN)
    robbers = [str(fate) for fate in player["robbers"]]
    words = [_robber(state, player, fate, ctx) for fate in robbers]
    colour = next((ROBBER_COLOURS[fate] for fate in ("safe", "hidden") if fate in robbers),
                  MUTED if all(fate == "caught" for fate in robbers) else TEXT)
    return ctx.text("screen.gendarm.robbers", count=len(robbers), robbers=", ".join(words)), colour


def _robber(state: State, player: State, fate: str, ctx: Context) -> str:
    if fate == "hidden":
        hideout = list(state["hideouts"]).index(player["seat"]) + 1
        return ctx.text("screen.gendarm.robber.hidden", hideout=hideout)
    return ctx.text(f"screen.gendarm.robber.{fate}")


def _gendarmes(surface: pygame.Surface, rect: pygame.Rect, state: State, player: State,
               ctx: Context) -> None:
    """A disc per gendarme; one out of play dim and struck through, a shown catcher ringed."""
    numbers = int(state["top"])
    fill, ink = PIECES[str(player["colour"])]
    gap = max(4, rect.height // 8)
    size = min(rect.height, (rect.width - gap * (numbers - 1)) // numbers)
    in_play = set(player["gendarmes"])
    for n in range(1, numbers + 1):
        disc = pygame.Rect(rect.left + (n - 1) * (size + gap), rect.centery - size // 2,
                           size, size)
        out = n not in in_play
        pygame.draw.ellipse(surface, PANEL if out else fill, disc)
        pygame.draw.ellipse(surface, MUTED, disc, 2)
        write(surface, ctx.fonts.body, str(n), MUTED if out else ink, disc.center, "center")
        if out:
            pygame.draw.line(surface, DANGER, disc.bottomleft, disc.topright, 3)
        if player["catcher"] == n:
            pygame.draw.ellipse(surface, ACCENT, disc.inflate(4, 4), 3)


# -- the right column: level, roll, hideouts --------------------------------------------------

def _side(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    """The level, the last roll on a die face, the two hideouts (level 3)."""
    small = ctx.fonts.hint
    y = write(surface, small, ctx.text("screen.gendarm.level", level=state["level"]), MUTED,
              rect.midtop, "midtop").bottom
    roll = state["last_roll"]
    if roll is not None:
        odd_duty = int(roll["value"]) % 2 == 1 and roll["kind"] == "duty"
        face = _die(surface, (rect.centerx, y + 4), ctx.fonts.large, int(roll["value"]),
                    odd_duty)
        write(surface, small, ctx.text("screen.gendarm.last_roll"), MUTED,
              (face.left - 6, face.centery), "midright")
        y = face.bottom
    if state["hideouts"]:
        label = write(surface, small, ctx.text("screen.gendarm.hideouts"), MUTED,
                      (rect.centerx, y + 6), "midtop")
        _hideouts(surface, (rect.centerx, label.bottom + 2), state, ctx)


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
    size, gap = font.get_height() + 4, font.get_height() // 2
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
