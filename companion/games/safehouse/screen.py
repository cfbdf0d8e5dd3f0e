"""The Safehouse screen: whose roll and what the box waits for, the dice, the track with the
pursuer and every player, each player's lead and open orders, the helps.

The top left tells the roll; below it the ten dice stand in their colours: a full square is a
die in the middle, a hollow one a die in the lid, a face a die of the roll (the pursuer in
red). The track runs across the screen, the pursuer in the first lane and each player in a
lane of their own; under it a line a player. Every colour is also named or shown in a
shape.
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
DICE_COLOURS: dict[str, Colour] = {"yellow": (250, 204, 21), "green": (34, 197, 94),
                                   "red": (239, 68, 68), "blue": (59, 130, 246),
                                   "white": (235, 235, 235)}
PURSUER: Colour = DANGER
CROSSED: Colour = (92, 36, 40)
"""A field the pursuer has crossed."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the Safehouse screen goes, for one screen size."""

    headline: pygame.Rect
    who: pygame.Rect
    dice: pygame.Rect
    track: pygame.Rect
    players: pygame.Rect
    info: pygame.Rect
    qr: pygame.Rect
    menu: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The screen for ``size``: the 480 x 320 design scaled by height, the track full width."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)
    margin, side = 8 * u, 128 * u
    left, full = width - side - 2 * margin, width - 2 * margin
    return Layout(
        headline=box(margin, 2, left, 30), who=box(margin, 32, left, 20),
        dice=box(margin, 56, left, 46), track=box(margin, 122, full, 50),
        players=box(margin, 176, full, 92), info=box(margin, 270, full, 20),
        qr=box(width - side, 4, side - 4 * u, 96), menu=box(margin, 292, full, 26),
    )


def track_x(rect: pygame.Rect, field: int, last: int) -> int:
    """The middle of ``field`` (1 to ``last``) on the track; 0, where the pursuer starts,
    is its left edge."""
    if field <= 0:
        return rect.left
    return rect.left + round((field - 0.5) * rect.width / last)


def lane(rect: pygame.Rect, index: int, lanes: int) -> pygame.Rect:
    """Lane ``index`` of the track: 0 the pursuer's, 1.. the players' in seat order."""
    height = rect.height // lanes
    return pygame.Rect(rect.left, rect.top + index * height, rect.width, height)


class SafehousePainter:
    """Draws every phase of Safehouse from its public view."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
        spot = layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        _headline(surface, spot, view, ctx)
        _dice(surface, spot.dice, state, ctx)
        draw_track(surface, spot.track, view)
        _players(surface, spot.players, view, ctx)
        _info(surface, spot.info, state, ctx)
        menu_bar(surface, spot.menu, ctx)


# -- the top: whose roll and what the box waits for -------------------------------------------

def _headline(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON],
              ctx: Context) -> None:
    state = view["state"]
    name = seat_name(view, int(state["roller"]), ctx.lang)
    waits = str(state["waits_for"])
    roll = state["roll"] or {}
    done = sum(bool(p["done"]) for p in state["players"])
    line = ctx.text(f"screen.safehouse.waits.{waits}", name=name, count=roll.get("pursuers", 0),
                    done=done, seats=len(state["players"]))
    colour = {"lost": DANGER, "won": GOOD, "retrieve": WARN}.get(waits, ACCENT)
    write(surface, ctx.fonts.large, line, colour, spot.headline.midleft, "midleft",
          spot.headline.width)
    who = ctx.text("screen.safehouse.who", rolls=state["rolls"], field=state["pursuer"],
                   safehouse=state["safehouse"])
    write(surface, ctx.fonts.hint, who, TEXT, spot.who.midleft, "midleft", spot.who.width)


# -- the dice ----------------------------------------------------------------------------------

def _dice(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    """Each colour's two dice: in the roll with their face, in the middle, or in the lid."""
    pool, faces = state["pool"], (state["roll"] or {}).get("faces") or {}
    group = rect.width // len(DICE_COLOURS)
    size = min(rect.height - ctx.fonts.hint.get_height() - 2, (group - 10) // 2)
    for n, (colour, fill) in enumerate(DICE_COLOURS.items()):
        left = rect.left + n * group
        write(surface, ctx.fonts.hint, ctx.text(f"safehouse.colour.{colour}"), fill,
              (left, rect.top), "topleft", group - 4)
        shown = [*faces.get(colour, []), *["free"] * int(pool[colour]["free"]),
                 *["lid"] * int(pool[colour]["lid"])]
        chosen = int(pool[colour]["selected"])
        for i, what in enumerate(shown):
            die = pygame.Rect(left + i * (size + 4), rect.bottom - size, size, size)
            _die(surface, die, fill, what, ctx)
            if what == "free" and i - len(faces.get(colour, [])) < chosen:
                pygame.draw.rect(surface, ACCENT, die.inflate(4, 4), 2, border_radius=5)


def _die(surface: pygame.Surface, die: pygame.Rect, fill: Colour, what: JSON,
         ctx: Context) -> None:
    if what == "lid":
        pygame.draw.rect(surface, fill, die, 2, border_radius=4)
        return
    pygame.draw.rect(surface, fill, die, border_radius=4)
    if what == "free":
        return
    if what == "P":
        pygame.draw.circle(surface, PURSUER, die.center, die.width // 3)
        return
    write(surface, ctx.fonts.body, "?" if what is None else str(what), INK, die.center, "center")


# -- the track ---------------------------------------------------------------------------------

def draw_track(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON]) -> None:
    """Fields 1 to the Safehouse: crossed ones dark red, the Safehouse green; the pursuer's
    marker in the first lane, each player's in a lane of their own."""
    state = view["state"]
    last, pursuer = int(state["safehouse"]), int(state["pursuer"])
    players = state["players"]
    lanes = len(players) + 1
    for field in range(1, last + 1):
        left = track_x(rect, field, last) - rect.width // (2 * last)
        cell = pygame.Rect(left, rect.top, max(1, rect.width // last - 1), rect.height)
        fill = GOOD if field == last else CROSSED if field <= pursuer else PANEL
        pygame.draw.rect(surface, fill, cell)
    _marker(surface, lane(rect, 0, lanes), track_x(rect, pursuer, last), PURSUER)
    for player in players:
        seat = int(player["seat"])
        _marker(surface, lane(rect, seat + 1, lanes),
                track_x(rect, int(player["position"]), last), seat_colour(view, seat))


def _marker(surface: pygame.Surface, row: pygame.Rect, x: int, colour: Colour) -> None:
    width = max(6, row.height * 3 // 4)
    pygame.draw.rect(surface, colour, pygame.Rect(x - width // 2, row.top + 2, width,
                                                  row.height - 4), border_radius=2)


# -- the players --------------------------------------------------------------------------------

def _players(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
             ctx: Context) -> None:
    """A line a player: their field, lead, open orders and chameleons; done, home or caught."""
    players = view["state"]["players"]
    height = rect.height // max(4, len(players))
    for player in players:
        seat = int(player["seat"])
        row = pygame.Rect(rect.left, rect.top + seat * height, rect.width, height)
        pygame.draw.circle(surface, seat_colour(view, seat), (row.left + height // 3, row.centery),
                           height // 3)
        name = write(surface, ctx.fonts.body, seat_name(view, seat, ctx.lang), TEXT,
                     (row.left + height, row.centery), "midleft", rect.width // 4)
        line, colour = _player_line(player, ctx)
        shown = write(surface, ctx.fonts.hint, line, colour,
                      (row.left + height + rect.width // 4 + 4, row.centery), "midleft",
                      rect.width - rect.width // 4 - height - 4)
        if colour is WARN:
            size = height * 2 // 3
            warning_sign(surface, (max(name.right, shown.left - size) - size // 2 - 2,
                                   row.centery), size, WARN)


def _player_line(player: State, ctx: Context) -> tuple[str, Colour]:
    if player["caught"]:
        return ctx.text("screen.safehouse.caught", field=player["position"]), DANGER
    if player["safehouse"]:
        return ctx.text("screen.safehouse.home", count=player["open"]), GOOD
    line = ctx.text("screen.safehouse.player", field=player["position"], lead=player["lead"],
                    count=player["open"])
    if player["done"]:
        line = f"{line} \u00b7 {ctx.text('screen.safehouse.done')}"
    return line, WARN if int(player["lead"]) <= 2 else TEXT


# -- the bottom line: helps and example values ------------------------------------------------

def _info(surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: Context) -> None:
    """What taking the dice back costs, the shared helps still free, example values."""
    free = [ctx.text(f"screen.safehouse.help.{kind}") for kind, used in state["helps"].items()
            if not used]
    parts = [ctx.text("screen.safehouse.retrieve", count=state["retrieval"]["cost"]),
             ctx.text("screen.safehouse.helps", helps=", ".join(free) or "\u2013")]
    if state["profile"]["example"]:
        parts.insert(0, ctx.text("screen.safehouse.example"))
    colour = WARN if state["profile"]["example"] else MUTED
    write(surface, ctx.fonts.hint, " \u00b7 ".join(parts), colour, rect.midleft, "midleft",
          rect.width)


PAINTER = SafehousePainter()
