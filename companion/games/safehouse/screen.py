"""The Safehouse screen: whose roll and what the box waits for, the dice, the track with the
pursuer and every player, each player's lead and open orders, the helps.

Everything a player must read is readable from a metre: the top left says in two lines whose
roll it is and what the box waits for; below it the ten dice stand in their colours, in one
row as big as it allows, so that a face's figure is as tall as any readable line: a full
square is a die in the middle, a hollow one a die in the lid, a face a die of the roll (the
pursuer a dark disc with a red dot, seen on the red die too). The track runs across the
screen, the pursuer in the first lane and each player in a lane of their own; under it a
column a player, in the seat's colour, with the lead and the open orders as figures. The hints
(the labels and names, the roll's count, the helps and what taking the dice back costs, what
the buttons do) are not needed to play: the colours, the headline and the menu say them too.
"""

from __future__ import annotations

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
    join_corner,
    key_legend,
    menu_bar,
    seat_colour,
    seat_name,
    write,
    write_lines,
)
from companion.device.painters.signs import warning_sign
from companion.games.base import JSON
from companion.games.safehouse.views import SafehouseView, ShPlayer

DICE_COLOURS: dict[str, Colour] = {"yellow": (250, 204, 21), "green": (34, 197, 94),
                                   "red": (239, 68, 68), "blue": (59, 130, 246),
                                   "white": (235, 235, 235)}
PURSUER: Colour = DANGER
CROSSED: Colour = (92, 36, 40)
"""A field the pursuer has crossed."""
DIE_GAP, COLOUR_GAP = 2, 4
"""Between a colour's two dice, and between the colours: narrow, so the dice are big."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the Safehouse screen goes, for one screen size."""

    headline: pygame.Rect
    dice: pygame.Rect
    track: pygame.Rect
    players: pygame.Rect
    hints: pygame.Rect
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
        headline=box(margin, 0, left, 82), dice=box(margin, 82, left, 48),
        track=box(margin, 132, full, 28), players=box(margin, 164, full, 80),
        hints=box(margin, 244, full, 34), qr=box(width - side, 4, side - 4 * u, 100),
        menu=box(margin, 280, full, 38),
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

    def draw(self, surface: pygame.Surface, view: TableView[SafehouseView], ctx: Context) -> None:
        spot = layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        _headline(surface, spot.headline, view, ctx)
        _dice(surface, spot.dice, state, ctx)
        draw_track(surface, spot.track, view)
        _players(surface, spot.players, view, ctx)
        _hints(surface, spot.hints, state, ctx)
        menu_bar(surface, spot.menu, ctx)


# -- the top: whose roll and what the box waits for -------------------------------------------

def _headline(surface: pygame.Surface, rect: pygame.Rect, view: TableView[SafehouseView],
              ctx: Context) -> None:
    """Whose roll and what the box waits for, in two readable lines at most; while everyone
    enters, whose sheet the box's menu enters on."""
    state = view["state"]
    name = seat_name(view, int(state["roller"]), ctx.lang)
    sheet = seat_name(view, int(state["focus"]["seat"]), ctx.lang)
    roll = state["roll"]
    ignored = roll is not None and roll["ignored"]
    waits = "stays" if state["waits_for"] == "helps" and ignored else state["waits_for"]
    done = sum(bool(p["done"]) for p in state["players"])
    line = ctx.text(f"screen.safehouse.waits.{waits}", name=name,
                    steps=roll["pursuers"] if roll else 0,
                    done=done, seats=len(state["players"]), sheet=sheet, field=state["pursuer"])
    colour = {"lost": DANGER, "won": GOOD, "retrieve": WARN}.get(waits, ACCENT)
    write_lines(surface, ctx.fonts.body, line, colour, rect, "topleft")


# -- the dice ----------------------------------------------------------------------------------

def _dice(surface: pygame.Surface, rect: pygame.Rect, state: SafehouseView,
          ctx: Context) -> None:
    """Each colour's two dice: in the roll with their face, in the middle, or in the lid; the
    pursuer faces crossed out once the group spent "Der Verfolger läuft nicht" on them."""
    roll = state["roll"]
    pool, faces = state["pool"], roll["faces"] if roll else {}
    ignored = roll is not None and roll["ignored"]
    size = die_size(rect, ctx.fonts.hint)
    for n, (colour, fill) in enumerate(DICE_COLOURS.items()):
        left = rect.left + n * (2 * size + DIE_GAP + COLOUR_GAP)
        # The colour's name, a hint: the dice show it, and the menu names it readably.
        write(surface, ctx.fonts.hint, ctx.text(f"safehouse.colour.{colour}"), fill,
              (left, rect.top), "topleft", 2 * size + DIE_GAP)
        shown = [*faces.get(colour, []), *["free"] * int(pool[colour]["free"]),
                 *["lid"] * int(pool[colour]["lid"])]
        chosen = int(pool[colour]["selected"])
        for i, what in enumerate(shown):
            die = pygame.Rect(left + i * (size + DIE_GAP), rect.bottom - size, size, size)
            _die(surface, die, fill, what, ctx)
            if what == "P" and ignored:
                _cross(surface, die)
            if what == "free" and i - len(faces.get(colour, [])) < chosen:
                pygame.draw.rect(surface, ACCENT, die.inflate(4, 4), 2, border_radius=5)


def die_size(rect: pygame.Rect, hint: pygame.font.Font) -> int:
    """The side of each die: the ten in one row across ``rect``, under the colours' names."""
    colours = len(DICE_COLOURS)
    gaps = colours * DIE_GAP + (colours - 1) * COLOUR_GAP
    return min(rect.height - hint.get_height() - 2, (rect.width - gaps) // (2 * colours))


def _die(surface: pygame.Surface, die: pygame.Rect, fill: Colour, what: JSON,
         ctx: Context) -> None:
    if what == "lid":
        pygame.draw.rect(surface, fill, die, 2, border_radius=4)
        return
    pygame.draw.rect(surface, fill, die, border_radius=4)
    if what == "free":
        return
    if what == "P":  # dark on every die, the red dot kept in its middle as the pursuer's colour
        pygame.draw.circle(surface, INK, die.center, die.width // 3)
        pygame.draw.circle(surface, PURSUER, die.center, die.width // 7)
        return
    _face(surface, die, "?" if what is None else str(what), ctx)


def _face(surface: pygame.Surface, die: pygame.Rect, face: str, ctx: Context) -> None:
    """The face's figure in the readable size, whole inside the die with a little room round
    it, centred by its ink (made smaller only on a screen too small for that)."""
    image = ctx.fonts.body.render(face, True, INK)
    glyph = image.subsurface(image.get_bounding_rect())
    room = die.inflate(-4, -4)
    scale = min(1.0, room.width / max(1, glyph.get_width()),
                room.height / max(1, glyph.get_height()))
    if scale < 1:
        glyph = pygame.transform.smoothscale_by(glyph, scale)
    surface.blit(glyph, glyph.get_rect(center=die.center))


def _cross(surface: pygame.Surface, die: pygame.Rect) -> None:
    """A die crossed out, as the group crosses out the help on their sheets."""
    width = max(3, die.width // 8)
    pygame.draw.line(surface, INK, die.topleft, die.bottomright, width)
    pygame.draw.line(surface, INK, die.topright, die.bottomleft, width)


# -- the track ---------------------------------------------------------------------------------

def draw_track(surface: pygame.Surface, rect: pygame.Rect, view: TableView[SafehouseView]) -> None:
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
    pygame.draw.rect(surface, colour, pygame.Rect(x - width // 2, row.top + 1, width,
                                                  row.height - 2), border_radius=2)


# -- the players --------------------------------------------------------------------------------

def _players(surface: pygame.Surface, rect: pygame.Rect, view: TableView[SafehouseView],
             ctx: Context) -> None:
    """A column a player after the rows' labels (hints: what the figures are is learnt once)."""
    hint = ctx.fonts.hint
    labels = [ctx.text("screen.safehouse.lead"), ctx.text("screen.safehouse.open")]
    label_width = max(hint.size(label)[0] for label in labels) + 8
    rows = (rect.height - hint.get_linesize()) // 2
    for n, label in enumerate(labels):
        middle = rect.top + hint.get_linesize() + n * rows + rows // 2
        write(surface, hint, label, MUTED, (rect.left, middle), "midleft")
    players = view["state"]["players"]
    width = (rect.width - label_width) // max(1, len(players))
    for player in players:
        seat = int(player["seat"])
        column = pygame.Rect(rect.left + label_width + seat * width, rect.top, width - 6,
                             rect.height)
        _column(surface, column, rows, view, player, ctx)


def _column(surface: pygame.Surface, column: pygame.Rect, rows: int, view: TableView[SafehouseView],
            player: ShPlayer, ctx: Context) -> None:
    """The name and what became of the player on the seat's colour (a hint: the colour says
    whose column it is, the track and the headline the rest; without room for both, what
    became of them stands alone), then the lead and the open
    orders as readable figures: the lead amber with a sign at 2 or less, a player caught
    crossed out in red, one in the Safehouse on green."""
    hint, body = ctx.fonts.hint, ctx.fonts.body
    seat = int(player["seat"])
    band = pygame.Rect(column.left, column.top, column.width, hint.get_linesize())
    pygame.draw.rect(surface, seat_colour(view, seat), band, border_radius=3)
    name = seat_name(view, seat, ctx.lang)
    words = fitting(hint, [], [name, *_fate(player, ctx)], band.width - 4) or [name]
    write(surface, hint, HINT_GAP.join(words), INK, band.center, "center", band.width - 4)
    lead = pygame.Rect(column.left, band.bottom, column.width, rows)
    orders = pygame.Rect(column.left, lead.bottom, column.width, rows)
    if player["caught"]:
        pygame.draw.line(surface, DANGER, lead.topleft, orders.bottomright, 3)
        pygame.draw.line(surface, DANGER, lead.topright, orders.bottomleft, 3)
    elif player["safehouse"]:
        pygame.draw.rect(surface, GOOD, lead.inflate(-8, -6), border_radius=4)
    else:
        close = int(player["lead"]) <= 2
        figure = write(surface, body, str(player["lead"]), WARN if close else TEXT,
                       lead.center, "center")
        if close:
            size = rows * 2 // 3
            warning_sign(surface, (figure.left - size // 2 - 4, lead.centery), size, WARN)
    write(surface, body, str(player["open"]), TEXT, orders.center, "center")


def _fate(player: ShPlayer, ctx: Context) -> list[str]:
    """What became of a player, in words for the hint over their column."""
    if player["caught"]:
        return [ctx.text("screen.safehouse.caught")]
    if player["safehouse"]:
        return [ctx.text("screen.safehouse.home")]
    return [ctx.text("screen.safehouse.done")] if player["done"] else []


# -- the hints: the buttons, the roll, the helps, example values ------------------------------

def _hints(surface: pygame.Surface, rect: pygame.Rect, state: SafehouseView,
           ctx: Context) -> None:
    """What the buttons do, then a line of hints: example values first (amber), the roll's
    count, where the pursuer stands, what taking the dice back costs, in sheet mode who keeps a
    sheet on the phone (the box enters for the others only) and the shared helps still free. A
    hint that does not fit is left out whole, the least needed first (the roll's count, then
    the pursuer's field, then the cost, which the menu says readably when the dice can be taken
    back), so the helps and the example warning are never cut off."""
    left = key_legend(surface, rect, ctx)
    if left.height < ctx.fonts.hint.get_linesize():
        return
    free = [ctx.text(f"screen.safehouse.help.{kind}") for kind, used in state["helps"].items()
            if not used]
    parts = [ctx.text("screen.safehouse.rolls", rolls=state["rolls"]),
             ctx.text("screen.safehouse.pursuer", field=state["pursuer"],
                      safehouse=state["safehouse"]),
             ctx.text("screen.safehouse.retrieve", steps=state["retrieval"]["cost"]),
             ctx.text("screen.safehouse.helps", helps=", ".join(free) or "\u2013")]
    if state["mode"] == "sheet":
        parts.insert(-1, _sheets(state, ctx))
    example = state["profile"]["example"] or (state["mode"] == "sheet"
                                              and state["sheets"]["example"])
    warning = [ctx.text("screen.safehouse.example")] if example else []
    hint = ctx.fonts.hint
    if warning and hint.size(warning[0])[0] > left.width:  # beside TURN's job: left out whole
        warning = []
    write(surface, hint, HINT_GAP.join(fitting(hint, warning, parts, left.width)),
          WARN if warning else MUTED, left.bottomleft, "bottomleft", left.width)


def _sheets(state: SafehouseView, ctx: Context) -> str:
    """Which seat keeps which sheet on its phone; the box enters on paper for the others."""
    held = [f"{p['letter']}{p['seat'] + 1}" for p in state["players"] if p["letter"]]
    return ctx.text("screen.safehouse.sheets", letters=" ".join(held) or "\u2013")


PAINTER = SafehousePainter()
