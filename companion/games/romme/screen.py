"""The Räuber-Rommé screen: whose turn, the big countdown, the seat order, penalties, scores.

Each phase (ready, turn, paused, settle, scoring, over) fills the game layout of ``parts``: the left
column tells the turn or holds the scores, the right column has the join code, the round and
the undo hint, the bottom rows the seats in play order and the box's menu.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from companion.device.painters.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
    GOOD,
    INK,
    MUTED,
    PANEL,
    PAUSED,
    TEXT,
    WARN,
    Colour,
)
from companion.device.painters.parts import (
    Context,
    Layout,
    countdown,
    game_layout,
    join_corner,
    menu_bar,
    seat_colour,
    seat_name,
    strike,
    undo_hint,
    urgency_note,
    write,
)
from companion.device.painters.scores import Entry, ScoreRow, entry_table, score_table
from companion.device.painters.signs import pause_sign, play_sign, warning_sign
from companion.games.base import JSON

LAST_COLOURS = {"overrun": DANGER, "failed_manipulation": WARN, "draw": MUTED, "end_turn": MUTED,
                "left": MUTED}
"""How each kind of ``last`` is shown; the first two cost tiles and get a warning sign too."""
PENALTIES = ("overrun", "failed_manipulation")

Sign = Callable[[pygame.Surface, tuple[int, int], int, Colour], None]


class RommePainter:
    """Draws every phase of Räuber-Rommé from its public view."""

    def draw(self, surface: pygame.Surface, view: Mapping[str, JSON], ctx: Context) -> None:
        spot = game_layout(surface.get_size())
        state = view["state"]
        surface.fill(BACKGROUND)
        join_corner(surface, spot.qr, ctx)
        PHASES.get(state["phase"], _turn)(surface, spot, view, ctx)
        menu_bar(surface, spot.menu, ctx)
        undo_hint(surface, spot.undo, view, ctx)


def _round(surface: pygame.Surface, rect: pygame.Rect, state: Mapping[str, JSON],
           ctx: Context) -> None:
    label = write(surface, ctx.fonts.small, ctx.text("screen.romme.round"), MUTED,
                  rect.midtop, "midtop")
    rounds = int(state.get("rounds") or 0)
    figure = f"{state['round']}/{rounds}" if rounds else str(state["round"])
    write(surface, ctx.fonts.title, figure, TEXT, (rect.centerx, label.bottom), "midtop")


# -- the phases --------------------------------------------------------------------------------

def _turn(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON], ctx: Context) -> None:
    """A turn runs: whose it is, the digits, the warning, what the last turn cost."""
    state, timer = view["state"], view["timer"]
    _headline(surface, spot, ctx.text("screen.romme.turn", name=_name(view, state["turn"], ctx)),
              ACCENT, ctx)
    if timer:
        countdown(surface, spot.countdown, timer, ctx)
        if not urgency_note(surface, spot.note, int(timer["remaining_ms"]), ctx):
            _first_meld(surface, spot.note, state, ctx)
    _around_the_turn(surface, spot, view, ctx)


def _first_meld(surface: pygame.Surface, rect: pygame.Rect, state: Mapping[str, JSON],
                ctx: Context) -> None:
    """Until the player on turn has laid tiles, the note line recalls the opening meld's 20."""
    if state.get("first_meld") is not None:
        write(surface, ctx.fonts.small, ctx.text("screen.romme.first_meld",
                                                 points=state["first_meld"]),
              MUTED, rect.center, "center", rect.width)


def _paused(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON],
            ctx: Context) -> None:
    """The turn is stopped: grey digits, the pause sign, the word, and how to go on."""
    state, timer = view["state"], view["timer"]
    _headline(surface, spot, ctx.text("screen.romme.turn", name=_name(view, state["turn"], ctx)),
              ACCENT, ctx)
    if timer:
        countdown(surface, spot.countdown, timer, ctx)
    _sign_and_word(surface, spot.note, pause_sign, ctx.text("screen.paused"), PAUSED,
                   ctx.text("screen.press_turn"), ctx)
    _around_the_turn(surface, spot, view, ctx)


def _settle(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON],
            ctx: Context) -> None:
    """After an overrun: who is next, the settle time running down in quiet grey (or the
    next turn's time, waiting for TURN), and that TURN starts it now."""
    state, timer = view["state"], view["timer"]
    _headline(surface, spot, ctx.text("screen.romme.next", name=_name(view, state["turn"], ctx)),
              ACCENT, ctx)
    if timer and timer["running"]:
        seconds = -(-int(timer["remaining_ms"]) // 1000)
        write(surface, ctx.fonts.huge, str(seconds), MUTED, spot.countdown.center, "center")
        _sign_and_word(surface, spot.note, play_sign, ctx.text("screen.romme.settle"), MUTED,
                       ctx.text("screen.romme.start_now"), ctx)
    else:
        if timer:
            countdown(surface, spot.countdown, timer, ctx)
        _sign_and_word(surface, spot.note, play_sign, ctx.text("screen.romme.ready"), GOOD,
                       ctx.text("screen.romme.press_turn"), ctx)
    _around_the_turn(surface, spot, view, ctx)


def _ready(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON], ctx: Context) -> None:
    """Before a round: who starts, the standings so far (or the turn time), press TURN."""
    state, timer = view["state"], view["timer"]
    starter = state["turn"] if state.get("turn") is not None else state["starter"]
    _headline(surface, spot, ctx.text("screen.romme.starts", name=_name(view, starter, ctx)),
              ACCENT, ctx)
    if int(state["round"]) > 1:
        _standings(surface, spot.countdown, view, _by_seat(state), ctx)
    elif timer:
        countdown(surface, spot.countdown, timer, ctx)
    _sign_and_word(surface, spot.note, play_sign, ctx.text("screen.romme.ready"), GOOD,
                   ctx.text("screen.romme.press_turn"), ctx)
    _around_the_turn(surface, spot, view, ctx)


def _scoring(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON],
             ctx: Context) -> None:
    """The round is over: who went out, the tiles entered so far, the seats still missing."""
    state = view["state"]
    scoring = state.get("scoring") or {}
    _headline(surface, spot, ctx.text("screen.romme.scoring", round=state["round"]), TEXT, ctx)
    write(surface, ctx.fonts.large, _outcome(view, scoring, ctx), ACCENT,
          spot.countdown.topleft, "topleft", spot.countdown.width)
    _tiles(surface, spot.table, view, scoring, ctx)


def _over(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON], ctx: Context) -> None:
    """The game is over: the winner large, then every player by place with all rounds."""
    state = view["state"]
    _headline(surface, spot, ctx.text("screen.romme.over"), TEXT, ctx)
    ranking = state.get("ranking") or []
    if ranking:
        best = ranking[0]
        place = ctx.text("screen.romme.place", place=best["place"])
        write(surface, ctx.fonts.title, f"{place} {_name(view, best['seat'], ctx)}", ACCENT,
              spot.countdown.topleft, "topleft", spot.countdown.width)
    players = _by_seat(state)
    by_place = {entry["seat"]: players[entry["seat"]] for entry in ranking
                if entry["seat"] in players}
    places = {entry["seat"]: entry["place"] for entry in ranking}
    _standings(surface, spot.table, view, by_place, ctx, places)


PHASES = {"ready": _ready, "turn": _turn, "paused": _paused, "settle": _settle,
          "scoring": _scoring, "over": _over}


# -- the pieces --------------------------------------------------------------------------------

def _name(view: Mapping[str, JSON], seat: JSON, ctx: Context) -> str:
    return "?" if seat is None else seat_name(view, int(seat), ctx.lang)


def _by_seat(state: Mapping[str, JSON]) -> dict[int, Mapping[str, JSON]]:
    return {int(player["seat"]): player for player in state["players"]}


def _headline(surface: pygame.Surface, spot: Layout, line: str, colour: Colour,
              ctx: Context) -> None:
    write(surface, ctx.fonts.title, line, colour, spot.headline.midleft, "midleft",
          spot.headline.width)


def _sign_and_word(surface: pygame.Surface, rect: pygame.Rect, sign: Sign, word: str,
                   colour: Colour, hint: str, ctx: Context) -> None:
    """A state in a sign, a word and what to do: "❚❚ PAUSE  TURN: go on", centred as a group."""
    large, body = ctx.fonts.large, ctx.fonts.body
    size, gap = large.get_height() * 2 // 3, large.get_height() // 3
    width = size + gap + large.size(word)[0] + gap + body.size(hint)[0]
    x, y = max(rect.left, rect.centerx - width // 2), rect.centery
    sign(surface, (x + size // 2, y), size, colour)
    label = write(surface, large, word, colour, (x + size + gap, y), "midleft")
    write(surface, body, hint, TEXT, (label.right + gap, y), "midleft", rect.right - label.right)


def _around_the_turn(surface: pygame.Surface, spot: Layout, view: Mapping[str, JSON],
                     ctx: Context) -> None:
    """What frames every turn: the round, what the last turn cost, the seats in order."""
    _round(surface, spot.side, view["state"], ctx)
    _last(surface, spot.last, view, ctx)
    _order(surface, spot.order, view, ctx)


def _last(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
          ctx: Context) -> None:
    """What the last turn cost: a penalty on a coloured banner with a sign, the rest quietly."""
    last = view["state"].get("last")
    if not last or last["kind"] not in LAST_COLOURS:
        return
    line, colour = _last_line(view, last, ctx), LAST_COLOURS[last["kind"]]
    if last["kind"] not in PENALTIES:
        write(surface, ctx.fonts.body, line, colour, rect.midleft, "midleft", rect.width)
        return
    size = rect.height * 2 // 3
    text_left = rect.left + size + 12
    width = min(rect.width, ctx.fonts.body.size(line)[0] + text_left - rect.left + 10)
    pygame.draw.rect(surface, colour, (rect.left, rect.top, width, rect.height), border_radius=6)
    warning_sign(surface, (rect.left + 6 + size // 2, rect.centery), size, INK, colour)
    write(surface, ctx.fonts.body, line, INK, (text_left, rect.centery), "midleft",
          rect.right - text_left)


def _last_line(view: Mapping[str, JSON], last: Mapping[str, JSON], ctx: Context) -> str:
    """ "Anna: time up, +1 tile", "Ben left the game"."""
    tiles = int(last.get("tiles") or 0)
    penalty = ctx.text("screen.romme.tiles", count=tiles)
    return ctx.text(f"screen.romme.last.{last['kind']}", name=_name(view, last["seat"], ctx),
                    penalty=penalty)


def _order(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
           ctx: Context) -> None:
    """The seats in play order from the current one, then those who left, struck out."""
    state = view["state"]
    players = _by_seat(state)
    seats = [int(s) for s in state.get("order") or ()]
    seats += [seat for seat, player in players.items() if player.get("left") and seat not in seats]
    if not seats:
        return
    width = rect.width // len(seats)
    for i, seat in enumerate(seats):
        chip = pygame.Rect(rect.left + i * width, rect.top, width - 6, rect.height)
        player = players.get(seat, {})
        _chip(surface, chip, _name(view, seat, ctx), str(player.get("total", "")),
              seat_colour(view, seat), current=seat == state.get("turn"),
              left=bool(player.get("left")), ctx=ctx)


def _chip(surface: pygame.Surface, chip: pygame.Rect, name: str, total: str, colour: Colour, *,
          current: bool, left: bool, ctx: Context) -> None:
    """A seat in the play order, underlined in its colour (the same as on its phone)."""
    fill, ink = (ACCENT, INK) if current else (PANEL, MUTED if left else TEXT)
    pygame.draw.rect(surface, fill, chip, border_radius=8)
    pygame.draw.rect(surface, colour, (chip.left + 6, chip.bottom - 6, chip.width - 12, 4),
                     border_radius=2)
    label = write(surface, ctx.fonts.body, name, ink, (chip.centerx, chip.top + 2), "midtop",
                  chip.width - 8)
    if left:
        strike(surface, label, ink)
    write(surface, ctx.fonts.small, total, ink, (chip.centerx, chip.bottom - 2), "midbottom")


def _outcome(view: Mapping[str, JSON], scoring: Mapping[str, JSON], ctx: Context) -> str:
    winner = scoring.get("winner")
    if winner is None:
        return ctx.text("screen.romme.stuck")
    first_turn = scoring.get("first_turn_out")
    key = "screen.romme.out_first_turn" if first_turn else "screen.romme.went_out"
    return ctx.text(key, name=_name(view, winner, ctx))


def _tiles(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
           scoring: Mapping[str, JSON], ctx: Context) -> None:
    """One line per seat: the tiles entered and the round's points, or a warning if missing.

    The seat the box is entering tiles for is marked with an arrow.
    """
    missing = set(scoring.get("missing") or ())
    entered, points = scoring.get("tiles") or {}, scoring.get("points") or {}
    rows = [Entry(_name(view, p["seat"], ctx),
                  " · ".join(str(t) for t in entered.get(str(p["seat"])) or ()),
                  points.get(str(p["seat"])), missing=p["seat"] in missing,
                  left=bool(p.get("left")), focus=p["seat"] == scoring.get("focus"))
            for p in view["state"]["players"]]
    entry_table(surface, rect, rows, ctx)


def _standings(surface: pygame.Surface, rect: pygame.Rect, view: Mapping[str, JSON],
               players: Mapping[int, Mapping[str, JSON]], ctx: Context,
               places: Mapping[int, int] | None = None) -> None:
    """Scores per round and totals, one row per player (by place when ``places`` is given)."""
    rounds = max((len(p.get("rounds") or ()) for p in players.values()), default=0)
    headings = [str(n + 1) for n in range(rounds)]
    rows = []
    for seat, player in players.items():
        name = _name(view, seat, ctx)
        if places is not None:
            name = f"{ctx.text('screen.romme.place', place=places[seat])} {name}"
        cells = [str(score) for score in player.get("rounds") or ()]
        rows.append(ScoreRow(name, cells, str(player.get("total", 0)),
                             ACCENT if places and places[seat] == 1 else TEXT,
                             bool(player.get("left"))))
    score_table(surface, rect, headings, rows, ctx)


PAINTER = RommePainter()
