"""The Rob 'n Run screen: the escape route, the police station's values, gold, whose turn.

The top left tells the robbery, its phase, the boss and the crew member on turn; below it six
tiles hold the four active alarm values with their cubes, the gold and the alarm stack. A big
moment (safes cracked, the alarm, escaped, caught) covers that corner in its colour. The
escape route runs across the screen (drawn by ``escape_route``); the lines under it tell
what the phase is about, in the evaluation the step shown and what it did. Every colour is
also named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    seat_name,
    write,
)
from companion.device.painters.signs import warning_sign
from companion.games.base import JSON
from companion.games.robnrun.pieces import COLOURS
from companion.games.robnrun.screen.escape_route import CUBES, RouteArea, draw_route

STEP_TITLES = ("one", "two", "three", "four", "five", "six")

State = Mapping[str, JSON]
Line = tuple[str, Colour]


# -- where things go --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Layout:
    """Where each part of the Rob 'n Run screen goes, for one screen size."""

    headline: pygame.Rect
    who: pygame.Rect
    tiles: pygame.Rect
    moment: pygame.Rect
    route: RouteArea
    info: pygame.Rect
    qr: pygame.Rect
    menu: pygame.Rect


@lru_cache(maxsize=4)
def layout(size: tuple[int, int]) -> Layout:
    """The screen for ``size``: the 480 x 320 design scaled by height, the route full width."""
    width, height = size
    u = height / DESIGN_HEIGHT
    box = partial(design_box, u)

    margin, side = 8 * u, 128 * u
    left, full = width - side - 2 * margin, width - 2 * margin
    return Layout(
        headline=box(margin, 2, left, 30), who=box(margin, 34, left, 20),
        tiles=box(margin, 58, left, 62), moment=box(margin, 2, left, 118),
        route=RouteArea(lane=box(margin, 124, full, 48), squares=box(margin, 174, full, 24),
                        police=box(margin, 200, full, 14)),
        info=box(margin, 218, full, 72), qr=box(width - side, 4, side - 4 * u, 100),
        menu=box(margin, 292, full, 26),
    )


class RobnRunPainter:
    """Draws every phase of Rob 'n Run from its public view."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
        spot = layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        _headline(surface, spot, view, ctx)
        _who(surface, spot.who, view, ctx)
        _tiles(surface, spot.tiles, state, ctx)
        _moment(surface, spot.moment, state, ctx)
        draw_route(surface, spot.route, state, ctx)
        _info(surface, spot.info, view, ctx)
        menu_bar(surface, spot.menu, ctx)


# -- the top: phase, boss, turn ---------------------------------------------------------------

def _headline(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON],
              ctx: Context) -> None:
    """The phase, or in the crew phase who is on turn."""
    state = view["state"]
    turn = state["crew"]["turn"]
    if state["phase"] == "crew" and turn is not None:
        line = ctx.text("screen.robnrun.turn", name=_name(view, turn, ctx))
    else:
        line = ctx.text(f"screen.robnrun.phase.{state['phase']}")
    colour = DANGER if state["phase"] == "lost" else ACCENT
    write(surface, ctx.fonts.large, line, colour, spot.headline.midleft, "midleft",
          spot.headline.width)


def _who(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
         ctx: Context) -> None:
    """The boss, the robbery and, while the cards go round, the round."""
    state = view["state"]
    parts = [ctx.text("screen.robnrun.boss", name=_name(view, state["boss"], ctx)),
             ctx.text("screen.robnrun.robbery", robbery=state["robbery"])]
    if state["phase"] in ("clues", "crew", "alarm"):
        parts.append(ctx.text("screen.robnrun.round", round=state["round"]))
    write(surface, ctx.fonts.body, " · ".join(parts), TEXT, rect.midleft, "midleft", rect.width)


def _name(view: Mapping[str, JSON], seat: JSON, ctx: Context) -> str:
    return "?" if seat is None else seat_name(view, int(seat), ctx.lang)


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
    """A tile: a band naming it, a big figure; returns the room left below the figure."""
    small = ctx.fonts.small
    band = pygame.Rect(box.left, box.top, box.width, small.get_height() + 2)
    pygame.draw.rect(surface, PANEL, box, border_radius=6)
    pygame.draw.rect(surface, fill, band, border_top_left_radius=6, border_top_right_radius=6)
    write(surface, small, label, ink, band.center, "center", box.width - 2)
    shown = write(surface, ctx.fonts.large, figure, colour, (box.centerx, band.bottom + 2),
                  "midtop", box.width - 2)
    return pygame.Rect(box.left, shown.bottom, box.width, box.bottom - shown.bottom)


def _alarm_tile(surface: pygame.Surface, box: pygame.Rect, colour: str,
                track: Mapping[str, JSON], ctx: Context) -> None:
    """An alarm system: its name on its colour, the active value, a pip per place for cubes."""
    room = _tile(surface, box, ctx.text(f"robnrun.colour.{colour}"), CUBES[colour], INK,
                 str(track["value"]), TEXT, ctx)
    places, cubes = int(track["capacity"]), int(track["cubes"])
    size = max(3, min(room.height - 4, (box.width - 4) // max(1, places) - 2))
    left = box.centerx - (places * (size + 2) - 2) // 2
    for n in range(places):
        pip = pygame.Rect(left + n * (size + 2), room.centery - size // 2, size, size)
        pygame.draw.rect(surface, CUBES[colour] if n < cubes else MUTED, pip, 0 if n < cubes else 1)


def _gold_tile(surface: pygame.Surface, box: pygame.Rect, state: State, ctx: Context) -> None:
    """The gold; over 20 bars (the box holds only 20) on an amber band with a sign and a word."""
    over = bool(state["gold_warning"])
    room = _tile(surface, box, ctx.text("screen.robnrun.gold"), WARN if over else PANEL,
                 INK if over else TEXT, str(state["gold"]), WARN if over else ACCENT, ctx)
    if over:
        size = ctx.fonts.small.get_height() - 4
        warning_sign(surface, (box.left + size // 2 + 3, box.top + size // 2 + 3), size, INK,
                     WARN)
        write(surface, ctx.fonts.small, ctx.text("screen.robnrun.gold_over"), WARN, room.center,
              "center", box.width - 2)


def _stack_tile(surface: pygame.Surface, box: pygame.Rect, state: State, ctx: Context) -> None:
    """The wrong tools on the alarm stack against the red value: amber when one more sets the
    alarm off, red once it went off."""
    count, limit = int(state["alarm_count"]), int(state["alarm_limit"])
    room = _tile(surface, box, ctx.text("screen.robnrun.stack"), CUBES["red"], INK,
                 f"{count}/{limit}", _stack_colour(state, count >= limit), ctx)
    write(surface, ctx.fonts.small, ctx.text("screen.robnrun.stack_note"), MUTED, room.center,
          "center", box.width - 2)


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
    """The moment in big letters on its colour over the top corner, one line under it."""
    name = moment(state)
    if name is None:
        return
    fill, ink = (GOOD, INK) if name in ("won", "cracked") else (DANGER, TEXT)
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    title = write(surface, ctx.fonts.title, ctx.text(f"screen.robnrun.moment.{name}"), ink,
                  (rect.centerx, rect.top + rect.height // 8), "midtop", rect.width - 8)
    ev = state["evaluation"]
    line = (ctx.text("screen.robnrun.game_over") if ev is None else
            ctx.text("screen.robnrun.moment_cracked", count=ev["cracked"], gold=ev["gold"]))
    write(surface, ctx.fonts.body, line, ink, (rect.centerx, title.bottom + 4), "midtop",
          rect.width - 8)


# -- the lines below the route ----------------------------------------------------------------

def _info(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
          ctx: Context) -> None:
    """The phase's lines (the first larger), then the example-values warning if it applies."""
    state = view["state"]
    lines = PHASES[str(state["phase"])](view, ctx)
    fonts = [ctx.fonts.body, *[ctx.fonts.small] * len(lines)]
    y = rect.top
    for (line, colour), font in zip(lines, fonts, strict=False):
        y = write(surface, font, line, colour, (rect.left, y), "topleft", rect.width).bottom
    if state["profile"]["example"]:
        _example(surface, rect, ctx)


def _example(surface: pygame.Surface, rect: pygame.Rect, ctx: Context) -> None:
    small = ctx.fonts.small
    size = small.get_height()
    warning_sign(surface, (rect.left + size // 2, rect.bottom - size // 2), size, WARN)
    write(surface, small, ctx.text("robnrun.example"), WARN,
          (rect.left + size + 6, rect.bottom), "bottomleft", rect.width - size - 6)


def _prepare(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    state = view["state"]
    prepare = state["prepare"]
    if prepare["building"] is None:
        buildings = " · ".join(f"{b['id']}: {b['safes']}" for b in state["buildings"]
                               if b["safes"])
        return [(ctx.text("screen.robnrun.choose"), TEXT),
                (ctx.text("screen.robnrun.safes_on", buildings=buildings), MUTED)]
    lines = [(ctx.text("screen.robnrun.building", building=prepare["building"],
                       safes=prepare["safes"]), TEXT)]
    lines.append((ctx.text("screen.robnrun.entered"), GOOD) if prepare["safes_entered"]
                 else (ctx.text("screen.robnrun.enter"), WARN))
    if prepare["dealer"]:
        lines[1:1] = [(ctx.text("screen.robnrun.dealer_comes",
                                colour=ctx.text(f"robnrun.colour.{prepare['dealer']}")), TEXT)]
    elif prepare["dealt"]:
        lines[1:1] = [_clue_line(state, ctx)]
    return lines


def _clues(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    state = view["state"]
    return [_clue_line(state, ctx), _tool_line(state, ctx), _hand_line(view, ctx)]


def _crew(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    """Cards played against the white value; while everybody has passed, that they must act."""
    state = view["state"]
    second = ((ctx.text("screen.robnrun.forced"), WARN) if state["crew"]["forced"]
              else _tool_line(state, ctx))
    return [_played_line(state, TEXT, ctx), second, _hand_line(view, ctx)]


def _alarm(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    state = view["state"]
    return [(ctx.text("screen.robnrun.sorting"), TEXT), _played_line(state, MUTED, ctx),
            _tool_line(state, ctx)]


def _played_line(state: State, colour: Colour, ctx: Context) -> Line:
    crew = state["crew"]
    return ctx.text("screen.robnrun.played", played=crew["played"],
                    needed=crew["needed"]), colour


def _clue_line(state: State, ctx: Context) -> Line:
    clues = state["clues"]
    shown = ", ".join(str(c) for c in clues["face_up"]) or ctx.text("screen.robnrun.none")
    return ctx.text("screen.robnrun.clues", clues=shown, hidden=clues["hidden"]), TEXT


def _tool_line(state: State, ctx: Context) -> Line:
    rows = state["rows"]
    tools = " · ".join(f"{_tool(state, tool, ctx)}: {n}" for tool, n in rows.items())
    return ctx.text("screen.robnrun.tools", tools=tools or ctx.text("screen.robnrun.none")), MUTED


def _tool(state: State, tool: str, ctx: Context) -> str:
    """A tool's name; the jackhammer's English name is the one the box profile gives."""
    if tool == "jackhammer" and ctx.lang == "en":
        return str(state["profile"]["jackhammer"])
    return ctx.text(f"robnrun.tool.{tool}")


def _hand_line(view: Mapping[str, JSON], ctx: Context) -> Line:
    crew = view["state"]["crew"]
    hands = " · ".join(f"{_name(view, seat, ctx)}: {crew['hands'][seat]}"
                       for seat in crew["members"]) if crew["hands"] else ""
    return ctx.text("screen.robnrun.hands", hands=hands or ctx.text("screen.robnrun.none")), MUTED


# -- the evaluation and the end ---------------------------------------------------------------

def _evaluation(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    state = view["state"]
    ev = state["evaluation"]
    step = int(ev["step"])
    title = ctx.text(f"screen.robnrun.step.{STEP_TITLES[step - 1]}")
    return [(ctx.text("screen.robnrun.step", step=step, title=title), ACCENT),
            *STEP_LINES[step](state, ev, ctx)]


def _step_gold(state: State, ev: Mapping[str, JSON], ctx: Context) -> list[Line]:
    lines = [(ctx.text("screen.robnrun.cracked", count=ev["cracked"], gold=ev["gold"],
                       steps=int(state["car"]) - int(ev["car_from"])), TEXT)]
    if ev["alarm"]:
        lines.append((ctx.text("screen.robnrun.alarm"), DANGER))
    return lines


def _step_cubes(state: State, ev: Mapping[str, JSON], ctx: Context) -> list[Line]:
    cubes = ", ".join(ctx.text(f"robnrun.colour.{c}") for c in ev["cubes"])
    lines = [(ctx.text("screen.robnrun.cubes", cubes=cubes or ctx.text("screen.robnrun.none")),
              TEXT)]
    if ev["aside"]:
        lines.append((ctx.text("screen.robnrun.aside", count=ev["aside"]), WARN))
    return lines


def _step_safes(state: State, ev: Mapping[str, JSON], ctx: Context) -> list[Line]:
    lines = [(ctx.text("screen.robnrun.to_place", count=ev["to_place"]), TEXT)]
    if ev["placed"]:
        lines.append((ctx.text("screen.robnrun.placed", buildings=", ".join(ev["placed"])),
                      MUTED))
    return lines


def _step_police(state: State, ev: Mapping[str, JSON], ctx: Context) -> list[Line]:
    lines = [(ctx.text("screen.robnrun.police", steps=ev["police_steps"],
                       uncracked=ev["uncracked"], alarm=int(bool(ev["alarm"]))), TEXT)]
    if ev["lost_safes"]:
        lines.append((ctx.text("screen.robnrun.lost_safes", count=ev["lost_safes"]), WARN))
    return lines


def _step_dealer(state: State, ev: Mapping[str, JSON], ctx: Context) -> list[Line]:
    colour = ev["dealer"]
    if colour is None:
        return [(ctx.text("screen.robnrun.no_dealer"), MUTED)]
    one, two = state["dealers"][colour]["prices"]
    return [(ctx.text("screen.robnrun.offer", colour=ctx.text(f"robnrun.colour.{colour}"),
                      one=one, two=one + two), TEXT)]


def _step_old(state: State, ev: Mapping[str, JSON], ctx: Context) -> list[Line]:
    lines = [(ctx.text("screen.robnrun.old_safes"), TEXT)]
    if ev["bought"] is not None:
        lines.append((ctx.text("screen.robnrun.bought", count=ev["bought"]), MUTED))
    return lines


StepLines = Callable[[State, Mapping[str, JSON], Context], list[Line]]
STEP_LINES: dict[int, StepLines] = {1: _step_gold, 2: _step_cubes, 3: _step_safes,
                                    4: _step_police, 5: _step_dealer, 6: _step_old}


def _won(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    state = view["state"]
    return [(ctx.text("screen.robnrun.won", gold=state["gold"]), ACCENT),
            (ctx.text(f"robnrun.rating.{state['result']['rating']}"), TEXT),
            (ctx.text("screen.robnrun.where", car=state["car"], police=state["police"]), MUTED)]


def _lost(view: Mapping[str, JSON], ctx: Context) -> list[Line]:
    state = view["state"]
    return [(ctx.text("screen.robnrun.lost"), DANGER),
            (ctx.text("screen.robnrun.where", car=state["car"], police=state["police"]), MUTED)]


PHASES: dict[str, Callable[[Mapping[str, JSON], Context], list[Line]]] = {
    "prepare": _prepare, "clues": _clues, "crew": _crew, "alarm": _alarm,
    "evaluation": _evaluation, "won": _won, "lost": _lost,
}


PAINTER = RobnRunPainter()
