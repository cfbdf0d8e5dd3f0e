"""The escape route on the Rob 'n Run screen: squares, terminals, car, police, cubes, dealer.

The route runs across the screen; the cubes stand in a lane above their marked squares, the
police below its square. Every cube and the dealer are named as well as coloured, in the hint
size: the route mirrors the board on the table, where the real cubes stand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

import pygame

from companion.device.painters.palette import INK, MUTED, PANEL, TEXT, Colour
from companion.device.painters.parts import Context, write
from companion.device.painters.station import COLUMNS
from companion.games.robnrun.pieces import COLOURS
from companion.games.robnrun.views import RobnRunView

CUBES: dict[str, Colour] = dict(zip(COLOURS, COLUMNS, strict=True))
"""The cubes in the colours of their LED columns."""
CAR: Colour = (70, 200, 230)
POLICE: Colour = (130, 110, 255)

State = RobnRunView


@dataclass(frozen=True, slots=True)
class RouteArea:
    """Where the route goes: the cubes' lane, the squares, the police's row."""

    lane: pygame.Rect
    squares: pygame.Rect
    police: pygame.Rect


def square_rect(spot: RouteArea, length: int, square: int) -> pygame.Rect:
    """Where square ``square`` of a route ``length`` squares long is drawn."""
    pitch = spot.squares.width / length
    left = spot.squares.left + round(square * pitch)
    return pygame.Rect(left, spot.squares.top, max(2, round(pitch) - 3), spot.squares.height)


def draw_route(surface: pygame.Surface, spot: RouteArea, state: State, ctx: Context) -> None:
    """The squares with the terminals, the car, the police, the cubes and a dealer."""
    route = state["route"]
    length = int(route["length"])
    terminals = [int(t) for t in route["terminals"]]
    for square in range(length):
        _square(surface, square_rect(spot, length, square), terminals, square, ctx)
    _car(surface, square_rect(spot, length, int(state["car"])))
    police = square_rect(spot, length, int(state["police"]))
    _star(surface, (police.centerx, spot.police.centery), spot.police.height // 2, POLICE)
    _cubes(surface, spot, state, ctx)
    _dealer(surface, spot, state, ctx)


def _square(surface: pygame.Surface, rect: pygame.Rect, terminals: Sequence[int], square: int,
            ctx: Context) -> None:
    pygame.draw.rect(surface, PANEL, rect, border_radius=3)
    if square in terminals:
        pygame.draw.rect(surface, TEXT, rect, 1, border_radius=3)
        label = ctx.text("screen.robnrun.terminal", number=terminals.index(square) + 1)
        write(surface, ctx.fonts.hint, label, MUTED, rect.center, "center", rect.width)


def _car(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A car seen from the side: body, cabin, two wheels."""
    w, h = rect.width - 2, rect.height * 2 // 3
    body = pygame.Rect(0, 0, w, h // 2)
    body.midbottom = (rect.centerx, rect.centery + h // 4)
    cabin = pygame.Rect(body.left + w // 4, body.top - h // 3, w // 2, h // 3 + 1)
    pygame.draw.rect(surface, CAR, cabin, border_top_left_radius=3, border_top_right_radius=3)
    pygame.draw.rect(surface, CAR, body, border_radius=2)
    wheel = max(2, h // 6)
    for x in (body.left + w // 4, body.right - w // 4):
        pygame.draw.circle(surface, INK, (x, body.bottom), wheel)


def _star(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour) -> None:
    """A police badge: a five-pointed star."""
    x, y = centre
    points = [(x + (radius if n % 2 == 0 else radius * 0.45) * math.sin(n * math.pi / 5),
               y - (radius if n % 2 == 0 else radius * 0.45) * math.cos(n * math.pi / 5))
              for n in range(10)]
    pygame.draw.polygon(surface, colour, points)


def _cubes(surface: pygame.Surface, spot: RouteArea, state: State, ctx: Context) -> None:
    """Each marked square's cubes stacked above it, each named (full or short)."""
    route = state["route"]
    length, marked = int(route["length"]), [int(m) for m in route["marked"]]
    pitch = spot.squares.width / length
    room = min((b - a for a, b in pairwise(marked)), default=2)
    width = max(4, round(min(room, 2) * pitch) - 3)
    labels = _cube_labels(ctx, width - 2)
    for square, cubes in zip(marked, state["squares"], strict=True):
        centre = square_rect(spot, length, square).centerx
        _cube_stack(surface, spot.lane, centre, width, [str(c) for c in cubes], labels, ctx)


def _cube_labels(ctx: Context, width: int) -> dict[str, str]:
    """The colours' names if all fit ``width``, else their short forms."""
    full = {c: ctx.text(f"robnrun.colour.{c}") for c in COLOURS}
    if all(ctx.fonts.hint.size(name)[0] <= width for name in full.values()):
        return full
    return {c: ctx.text(f"screen.robnrun.short.{c}") for c in COLOURS}


def _cube_stack(surface: pygame.Surface, lane: pygame.Rect, centre: int, width: int,
                cubes: Sequence[str], labels: Mapping[str, str], ctx: Context) -> None:
    """Up to three cubes a column, from the lane's bottom up; more go into further columns."""
    if not cubes:
        return
    rows = min(3, len(cubes))
    columns = -(-len(cubes) // rows)
    high = min(ctx.fonts.hint.get_height() + 1, (lane.height - 2 * rows) // rows)
    wide = (width - 2 * (columns - 1)) // columns
    left = centre - width // 2
    for n, colour in enumerate(cubes):
        column, row = divmod(n, rows)
        cube = pygame.Rect(left + column * (wide + 2), lane.bottom - (row + 1) * (high + 2),
                           wide, high)
        pygame.draw.rect(surface, CUBES[colour], cube, border_radius=2)
        write(surface, ctx.fonts.hint, labels[colour], INK, cube.center, "center", wide)


def _dealer(surface: pygame.Surface, spot: RouteArea, state: State, ctx: Context) -> None:
    """The dealer on the route, if any, named on its colour before the first marked square."""
    colour = _route_dealer(state)
    if colour is None:
        return
    route = state["route"]
    first = square_rect(spot, int(route["length"]), int(route["marked"][0]))
    label = ctx.text("screen.robnrun.dealer", colour=ctx.text(f"robnrun.colour.{colour}"))
    small = ctx.fonts.hint
    width = min(first.left - spot.lane.left - 4, small.size(label)[0] + 8)
    chip = pygame.Rect(spot.lane.left, spot.lane.bottom - small.get_height() - 3, width,
                       small.get_height() + 1)
    pygame.draw.rect(surface, CUBES[colour], chip, border_radius=4)
    write(surface, small, label, INK, chip.center, "center", chip.width - 4)


def _route_dealer(state: State) -> str | None:
    return next((c for c in COLOURS if state["dealers"][c]["where"] == "route"), None)
