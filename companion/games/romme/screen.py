"""The Räuber-Rommé screen: whose turn, the big countdown, the seat order, penalties, scores.

Each phase (ready, turn, paused, settle, scoring, over) fills the game layout of ``parts``: the
left column tells the turn, the right column has the join code and the round, the rows below
the next seats in play order, two lines of hints and the box's menu. Scores take the whole
width under the headline. Everything a player must read is readable from a metre; the hints
(the first meld's reminder, the last quiet turn, what the buttons do) are not needed to play.
When the clock ended a turn the whole screen says so for a moment.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.device.painters.palette import (
    ACCENT,
    BACKGROUND,
    DANGER,
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
    TableView,
    countdown,
    game_layout,
    hint_line,
    join_corner,
    key_legend,
    key_line,
    menu_bar,
    moment_screen,
    seat_colour,
    seat_name,
    strike,
    urgency_note,
    write,
)
from companion.device.painters.scores import Entry, ScoreRow, entry_table, score_table
from companion.device.painters.signs import pause_sign, warning_sign
from companion.games.base import JSON, Button
from companion.games.romme.views import RommeLast, RommePlayer, RommeScoring, RommeView

LAST_COLOURS = {"overrun": DANGER, "failed_manipulation": WARN, "draw": MUTED, "end_turn": MUTED,
                "left": MUTED}
"""How each kind of ``last`` is shown; the first two cost tiles and get a warning sign too."""
PENALTIES = ("overrun", "failed_manipulation")
CHIPS = 3
"""The seats shown in play order, from the one on turn: who plays and who is next, readable
(six would not be); the order is the seating, and the totals come between rounds."""

Sign = Callable[[pygame.Surface, tuple[int, int], int, Colour], None]
Said = Button | None
"""The button a phase said readably what it does (the legend then leaves it out)."""


class RommePainter:
    """Draws every phase of Räuber-Rommé from its public view."""

    def draw(self, surface: pygame.Surface, view: TableView[RommeView], ctx: Context) -> None:
        state = view["state"]
        last = state["last"]
        if ctx.moment is not None and last:
            moment_screen(surface, _moment_line(view, last, ctx), ctx)
            return
        spot = game_layout(surface.get_size())
        surface.fill(BACKGROUND)
        said = PHASES.get(state["phase"], _turn)(surface, spot, view, ctx)
        left = key_legend(surface, spot.hints, ctx, said)
        if left.height >= ctx.fonts.hint.get_linesize():
            _hint(surface, left, view, ctx)
        menu_bar(surface, spot.menu, ctx)


def _moment_line(view: TableView[RommeView], last: RommeLast, ctx: Context) -> str:
    """What the end of the clock means: who takes back their tiles and pays, or who leaves."""
    name = _name(view, last["seat"], ctx)
    if last["kind"] == "left":
        return ctx.text("screen.romme.moment.left", name=name)
    penalty = ctx.text("screen.romme.tiles", count=last["tiles"])
    return ctx.text("screen.romme.moment.overrun", name=name, penalty=penalty)


def _round(surface: pygame.Surface, rect: pygame.Rect, state: RommeView,
           ctx: Context) -> None:
    """The round, as a hint: it counts the evening, it decides nothing in a turn."""
    rounds = state["rounds"]
    figure = f"{state['round']}/{rounds}" if rounds else str(state["round"])
    write(surface, ctx.fonts.hint, f"{ctx.text('screen.romme.round')} {figure}", MUTED,
          rect.midtop, "midtop", rect.width)


# -- the phases --------------------------------------------------------------------------------

def _turn(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
          ctx: Context) -> Said:
    """A turn runs: whose it is, the digits, then the warning, what the last turn cost, or
    what TURN does (the button pressed most)."""
    state, timer = view["state"], view["timer"]
    _headline(surface, spot, ctx.text("screen.romme.turn", name=_name(view, state["turn"], ctx)),
              ACCENT, ctx)
    _around_the_turn(surface, spot, view, ctx)
    if timer:
        countdown(surface, spot.countdown, timer, ctx)
    if timer and urgency_note(surface, spot.note, int(timer["remaining_ms"]), ctx):
        return None
    if _penalty(surface, spot.note, view, ctx):
        return None
    return Button.TURN if key_line(surface, spot.note, Button.TURN, ctx) else None


def _hint(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RommeView],
          ctx: Context) -> None:
    """In a turn, until its player has laid tiles, a hint recalls the opening meld's points
    (a rule the players know; the box only reminds); else the last turn, if it cost nothing;
    while scoring, which round it is."""
    state = view["state"]
    if state["phase"] == "scoring":
        parts = [ctx.text("screen.romme.scoring", round=state["round"])]
        scoring = state["scoring"]
        if scoring and scoring["first_turn_out"]:
            parts.append(ctx.text("screen.romme.first_turn_out"))
        hint_line(surface, rect, parts, ctx)
    elif state["phase"] != "turn":
        return
    elif state["first_meld"] is not None:
        hint_line(surface, rect, [ctx.text("screen.romme.first_meld",
                                           points=state["first_meld"])], ctx)
    else:
        _last_quietly(surface, rect, view, ctx)


def _paused(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
            ctx: Context) -> Said:
    """The turn is stopped: the pause sign and the word on top, grey digits, and how to go
    on; whose turn it is stands out among the seats."""
    timer = view["timer"]
    _sign_and_word(surface, spot.headline, pause_sign, ctx.text("screen.paused"), PAUSED, ctx)
    if timer:
        countdown(surface, spot.countdown, timer, ctx)
    _around_the_turn(surface, spot, view, ctx)
    return Button.TURN if key_line(surface, spot.note, Button.TURN, ctx) else None


def _settle(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
            ctx: Context) -> Said:
    """After an overrun: who is next, the settle time running down in quiet grey (or the
    next turn's time, waiting for TURN), and what the overrun cost."""
    state, timer = view["state"], view["timer"]
    _headline(surface, spot, ctx.text("screen.romme.next", name=_name(view, state["turn"], ctx)),
              ACCENT, ctx)
    if timer and timer["running"]:
        seconds = -(-int(timer["remaining_ms"]) // 1000)
        write(surface, ctx.fonts.huge, str(seconds), MUTED, spot.countdown.center, "center")
    elif timer:
        countdown(surface, spot.countdown, timer, ctx)
    _around_the_turn(surface, spot, view, ctx)
    if _penalty(surface, spot.note, view, ctx):
        return None
    return Button.TURN if key_line(surface, spot.note, Button.TURN, ctx) else None


def _ready(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
           ctx: Context) -> Said:
    """Before a round: who starts, and the turn's time; after the first round the standings
    instead, across the screen."""
    state, timer = view["state"], view["timer"]
    starter = state["turn"] if state["turn"] is not None else state["starter"]
    if int(state["round"]) > 1:
        _headline(surface, spot, ctx.text("screen.romme.starts", name=_name(view, starter, ctx)),
                  ACCENT, ctx, spot.table.width)
        _standings(surface, _table(spot, ctx), view, ctx)
        return None
    _headline(surface, spot, ctx.text("screen.romme.starts", name=_name(view, starter, ctx)),
              ACCENT, ctx)
    if timer:
        countdown(surface, spot.countdown, timer, ctx)
    _around_the_turn(surface, spot, view, ctx)
    return Button.TURN if key_line(surface, spot.note, Button.TURN, ctx) else None


def _scoring(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
             ctx: Context) -> Said:
    """The round is over: who went out, the tiles entered so far, the seats still missing."""
    state = view["state"]
    scoring = state["scoring"]
    assert scoring is not None, "the scoring phase has its scoring"
    _headline(surface, spot, _outcome(view, scoring, ctx), ACCENT, ctx, spot.table.width)
    _tiles(surface, _table(spot, ctx), view, scoring, ctx)
    return None


def _over(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
          ctx: Context) -> Said:
    """The game is over: every player by place with all rounds, the winner first in gold."""
    _headline(surface, spot, ctx.text("screen.romme.over"), TEXT, ctx, spot.table.width)
    _standings(surface, _table(spot, ctx), view, ctx)
    return None


PHASES = {"ready": _ready, "turn": _turn, "paused": _paused, "settle": _settle,
          "scoring": _scoring, "over": _over}


# -- the pieces --------------------------------------------------------------------------------

def _name(view: TableView[RommeView], seat: JSON, ctx: Context) -> str:
    return "?" if seat is None else seat_name(view, int(seat), ctx.lang)


def _by_seat(state: RommeView) -> dict[int, RommePlayer]:
    return {player["seat"]: player for player in state["players"]}


def _table(spot: Layout, ctx: Context) -> pygame.Rect:
    """A table of scores: the whole width from the headline down to the hints' last line, or
    to their top where the row of hints says readably what TURN does (besides a menu)."""
    table = spot.table
    turn = bool(ctx.menu) and Button.TURN in dict(ctx.keys)
    bottom = spot.hints.top if turn else spot.hints.centery
    return pygame.Rect(table.left, table.top, table.width, bottom - table.top)


def _headline(surface: pygame.Surface, spot: Layout, line: str, colour: Colour,
              ctx: Context, width: int | None = None) -> None:
    """The headline, large if it fits, else in the body's size."""
    room = width or spot.headline.width
    font = ctx.fonts.large if ctx.fonts.large.size(line)[0] <= room else ctx.fonts.body
    write(surface, font, line, colour, spot.headline.midleft, "midleft", room)


def _sign_and_word(surface: pygame.Surface, rect: pygame.Rect, sign: Sign, word: str,
                   colour: Colour, ctx: Context) -> None:
    """A state in a sign and a word: "❚❚ PAUSED"; what TURN does is in the menu bar."""
    large = ctx.fonts.large
    size, gap = large.get_height() * 2 // 3, large.get_height() // 3
    sign(surface, (rect.left + size // 2, rect.centery), size, colour)
    write(surface, large, word, colour, (rect.left + size + gap, rect.centery), "midleft",
          rect.width - size - gap)


def _around_the_turn(surface: pygame.Surface, spot: Layout, view: TableView[RommeView],
                     ctx: Context) -> None:
    """What frames every turn: the join code, the round, the next seats in order."""
    join_corner(surface, spot.qr, ctx)
    _round(surface, spot.side, view["state"], ctx)
    _order(surface, spot.order, view, ctx)


def _penalty(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RommeView],
             ctx: Context) -> bool:
    """What the last turn cost, on a coloured banner with a sign; whether there was a cost."""
    last = view["state"]["last"]
    if not last or last["kind"] not in PENALTIES:
        return False
    penalty = ctx.text("screen.romme.tiles", count=last["tiles"])
    line = ctx.text("screen.romme.penalty", name=_name(view, last["seat"], ctx), penalty=penalty)
    colour = LAST_COLOURS[last["kind"]]
    size = rect.height // 2
    text_left = rect.left + size + 12
    width = min(rect.width, ctx.fonts.body.size(line)[0] + text_left - rect.left + 10)
    pygame.draw.rect(surface, colour, (rect.left, rect.top, width, rect.height), border_radius=6)
    warning_sign(surface, (rect.left + 6 + size // 2, rect.centery), size, INK, colour)
    write(surface, ctx.fonts.body, line, INK, (text_left, rect.centery), "midleft",
          rect.right - text_left)
    return True


def _last_quietly(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RommeView],
                  ctx: Context) -> None:
    """A turn that cost nothing ("Anna drew a tile"), as a hint: it leaves nothing to do."""
    last = view["state"]["last"]
    if last and last["kind"] in LAST_COLOURS and last["kind"] not in PENALTIES:
        hint_line(surface, rect, [_last_line(view, last, ctx)], ctx)


def _last_line(view: TableView[RommeView], last: RommeLast, ctx: Context) -> str:
    """ "Anna drew a tile", "Ben left the game"."""
    return ctx.text(f"screen.romme.last.{last['kind']}", name=_name(view, last["seat"], ctx))


def _order(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RommeView],
           ctx: Context) -> None:
    """The seat on turn and the next ones in play order, each in its colour."""
    state = view["state"]
    players = _by_seat(state)
    seats = state["order"][:CHIPS]
    width = rect.width // CHIPS
    for i, seat in enumerate(seats):
        chip = pygame.Rect(rect.left + i * width, rect.top, width - 6, rect.height)
        _chip(surface, chip, _name(view, seat, ctx), seat_colour(view, seat),
              current=seat == state["turn"], left=seat in players and players[seat]["left"],
              ctx=ctx)


def _chip(surface: pygame.Surface, chip: pygame.Rect, name: str, colour: Colour, *,
          current: bool, left: bool, ctx: Context) -> None:
    """A seat in the play order, underlined in its colour (the same as on its phone)."""
    fill, ink = (ACCENT, INK) if current else (PANEL, MUTED if left else TEXT)
    pygame.draw.rect(surface, fill, chip, border_radius=8)
    pygame.draw.rect(surface, colour, (chip.left + 6, chip.bottom - 5, chip.width - 12, 4),
                     border_radius=2)
    label = write(surface, ctx.fonts.body, name, ink, (chip.centerx, chip.centery - 2),
                  "center", chip.width - 8)
    if left:
        strike(surface, label, ink)


def _outcome(view: TableView[RommeView], scoring: RommeScoring, ctx: Context) -> str:
    winner = scoring["winner"]
    staying = [p["seat"] for p in view["state"]["players"] if not p["left"]]
    if winner is None and len(staying) == 1:
        return ctx.text("screen.romme.alone", name=_name(view, staying[0], ctx))
    if winner is None:
        return ctx.text("screen.romme.stuck")
    return ctx.text("screen.romme.went_out", name=_name(view, winner, ctx))


def _tiles(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RommeView],
           scoring: RommeScoring, ctx: Context) -> None:
    """One line per seat: the tiles entered and the round's points, or a warning if missing.

    The seat the box is entering tiles for is marked with an arrow.
    """
    missing = set(scoring["missing"])
    entered, points = scoring["tiles"], scoring["points"]
    rows = [Entry(_name(view, p["seat"], ctx),
                  " ".join(str(t) for t in entered.get(str(p["seat"])) or ()),
                  points.get(str(p["seat"])), missing=p["seat"] in missing,
                  left=p["left"], focus=p["seat"] == scoring["focus"])
            for p in view["state"]["players"]]
    entry_table(surface, rect, rows, ctx)


def _standings(surface: pygame.Surface, rect: pygame.Rect, view: TableView[RommeView],
               ctx: Context) -> None:
    """One row per player by place: the place and the name, the points of each round and in
    total; the leaders in gold."""
    players = _by_seat(view["state"])
    rounds = max((len(p["rounds"]) for p in players.values()), default=0)
    headings = [ctx.text("screen.romme.round_column", round=n + 1) for n in range(rounds)]
    rows = []
    for entry in view["state"]["ranking"]:
        player = players[entry["seat"]]
        label = ctx.text("screen.romme.row", place=entry["place"],
                         name=_row_name(view, entry["seat"], ctx))
        cells = [str(score) for score in player["rounds"]]
        rows.append(ScoreRow(label, cells, str(player["total"]),
                             ACCENT if entry["place"] == 1 else TEXT, player["left"]))
    score_table(surface, rect, headings, rows, ctx)


def _row_name(view: TableView[RommeView], seat: int, ctx: Context) -> str:
    """A player's name in a score row; a seat without one is "Player 2", never "Seat 2",
    which would read as a place."""
    name = view["seats"][seat]["name"] if seat < len(view["seats"]) else None
    return str(name) if name else ctx.text("screen.romme.player", seat=seat + 1)


PAINTER = RommePainter()
