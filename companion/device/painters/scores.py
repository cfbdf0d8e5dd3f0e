"""Tables of scores: standings by round with totals, and the entries of a round's scoring."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.device.painters.palette import ACCENT, MUTED, TEXT, WARN, Colour
from companion.device.painters.parts import Context, strike, write
from companion.device.painters.signs import arrow, warning_sign


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One line of a score table: a label, the per-round figures, the total, and its looks."""

    label: str
    cells: Sequence[str]
    total: str
    colour: Colour = TEXT
    struck: bool = False


def score_table(surface: pygame.Surface, rect: pygame.Rect, headings: Sequence[str],
                rows: Sequence[ScoreRow], ctx: Context) -> None:
    """Rows of name, as many of the last rounds as fit, and the total at the right; the
    column headings (round numbers, "Total") are hints over the readable figures."""
    body, hint = ctx.fonts.body, ctx.fonts.hint
    head = hint.get_linesize()
    line = min(body.get_linesize(), (rect.height - head) // max(1, len(rows)))
    cell = body.size("-000")[0] + 8
    total = cell + body.size("0")[0]
    shown = min(max(0, (rect.width * 5 // 10 - total) // cell), len(headings))
    columns = _Columns(rect.left, rect.right - total - cell * shown, cell, rect.right)
    heading = ScoreRow("", headings[len(headings) - shown:], ctx.text("screen.total"), MUTED)
    _score_line(surface, hint, columns, rect.top + head // 2, heading)
    for n, row in enumerate(rows):
        trimmed = ScoreRow(row.label, row.cells[len(row.cells) - shown:], row.total, row.colour,
                           row.struck)
        _score_line(surface, body, columns, rect.top + head + n * line + line // 2, trimmed)


@dataclass(frozen=True, slots=True)
class _Columns:
    left: int
    first: int
    cell: int
    right: int


def _score_line(surface: pygame.Surface, font: pygame.font.Font, columns: _Columns, y: int,
                row: ScoreRow) -> None:
    name = write(surface, font, row.label, row.colour, (columns.left, y), "midleft",
                 columns.first - columns.left - 8)
    if row.struck:
        strike(surface, name, row.colour)
    for i, figure in enumerate(row.cells):
        write(surface, font, figure, row.colour, (columns.first + columns.cell * (i + 1), y),
              "midright")
    write(surface, font, row.total, row.colour, (columns.right, y), "midright")


def _last_that_fit(font: pygame.font.Font, figures: str, width: int) -> str:
    """The figures entered last, as many as fit after "…": the one just entered is what the
    group checks, and the points beside them count them all."""
    if font.size(figures)[0] <= width:
        return figures
    shown = figures.split()
    while len(shown) > 1 and font.size("… " + " ".join(shown))[0] > width:
        shown.pop(0)
    return "… " + " ".join(shown)


@dataclass(frozen=True, slots=True)
class Entry:
    """One seat in a round's scoring: what it entered and its points, and how it is shown."""

    name: str
    figures: str
    points: int | None
    missing: bool
    left: bool
    focus: bool


def entry_table(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[Entry],
                ctx: Context) -> None:
    """One line per seat: name, entered figures, points; a missing seat gets a warning."""
    line = min(ctx.fonts.body.get_linesize() + 2, rect.height // max(1, len(rows)))
    for i, entry in enumerate(rows):
        _entry_line(surface, pygame.Rect(rect.left, rect.top + i * line, rect.width, line),
                    entry, ctx)


def _entry_line(surface: pygame.Surface, row: pygame.Rect, entry: Entry, ctx: Context) -> None:
    font, y, mark = ctx.fonts.body, row.centery, row.height // 2
    colour = WARN if entry.missing else ACCENT if entry.focus else MUTED if entry.left else TEXT
    if entry.focus:
        arrow(surface, (row.left + mark // 2, y), mark, ACCENT, 1)
    name_x, figures_x = row.left + mark + 6, row.left + row.width * 7 // 20
    label = write(surface, font, entry.name, colour, (name_x, y), "midleft",
                  figures_x - name_x - 6)
    if entry.left:
        strike(surface, label, colour)
    if entry.missing:
        warning_sign(surface, (figures_x + mark, y), mark * 3 // 2, WARN)
        write(surface, font, ctx.text("screen.missing"), WARN, row.midright, "midright")
        return
    write(surface, font, _last_that_fit(font, entry.figures, row.width * 9 // 20), colour,
          (figures_x, y), "midleft")
    if entry.points is not None:
        write(surface, font, str(entry.points), colour, row.midright, "midright")
