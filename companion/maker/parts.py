"""The parts list, from hardware/parts.toml: hardware/parts.md with its totals and its power
budget added up from its own lines, the value of every part of the schematic, the buttons' kind
and size, the screen the case is drawn for, and the tones the buzzer plays well."""

from __future__ import annotations

import re
import textwrap
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from companion.games.base import Button

BUTTONS = (Button.LEFT, Button.RIGHT, Button.OK, Button.BACK, Button.TURN)
"""The box's buttons, each wired to a GPIO of the pin map."""
KEYS = {"Qty": "qty", "Ref": "ref", "Part": "part", "Option": "part",
        "Part number / example": "example", "Example": "example", "~€": "price",
        "Notes": "notes", "What to know": "notes"}
"""Each column's heading and the key of parts.toml its cells come from."""


REF = re.compile(r"([A-Z]+)(\d+)(?:\N{EN DASH}[A-Z]*(\d+))?")
"""One reference or a range of them (joined by an en dash) in a line's ``ref``: "R25", "R1" to
"R12", "LED1" to "6"."""


CONNECTOR = "{connector}"
"""Where a line of parts.toml says how many pins J1 has (one jumper wire to the Pi each)."""


class PartsError(ValueError):
    """parts.toml does not make a whole parts list."""


@dataclass(frozen=True, slots=True)
class ScreenPart:
    """The screen the case is drawn for: its model, its active area (mm, width and height)
    and its board (width, height and depth behind the panel)."""

    model: str
    active: tuple[float, float]
    board: tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class ButtonPart:
    """What to buy for a button: its kind ("Arcade button"), its size, which is its hole, and
    how deep it reaches below the panel (mm)."""

    kind: str
    size: float
    depth: float

    @property
    def value(self) -> str:
        """How the schematic names it: "24 mm arcade button"."""
        return f"{self.size:g} mm {self.kind.lower()}"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the list: its cells by key, and its cost in each build (none: not counted)."""

    cells: Mapping[str, str]
    cost: Mapping[str, float]
    current: Mapping[str, float]
    """What it draws from 5 V in each build, mA (none: nothing worth counting)."""
    alternative: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    """A heading with its table (``columns`` may be empty) and the text before and after it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class PartsList:
    """The whole list; ``buttons`` maps each button of the pin map to the part bought for it."""

    intro: str
    builds: tuple[str, ...]
    sections: tuple[Section, ...]
    buttons: Mapping[Button, ButtonPart]
    values: Mapping[str, str | Mapping[str, str]]
    """Each reference's value (by the buzzer's kind for BZ1)."""
    supply: Mapping[str, float]
    """What the power supply gives in each build, mA."""
    screen: ScreenPart
    tones: tuple[float, float]
    """The lowest and highest note (Hz) the passive piezo plays loud."""
    pi: tuple[float, float, float]
    """The largest Pi's board and height (mm)."""
    buzzer: tuple[float, float]
    """The buzzer's diameter and height (mm)."""

    def value(self, ref: str, kind: str = "active") -> str:
        """The value of part ``ref``: "470 Ω"; for a part bought by kind, that kind's."""
        value = self.values[ref]
        return value if isinstance(value, str) else value[kind]

    def subtotals(self, section: Section) -> dict[str, float]:
        """What the section's lines cost in each build."""
        return {build: round(sum(row.cost.get(build, 0.0) for row in section.rows), 2)
                for build in self.builds}

    def totals(self) -> dict[str, float]:
        """What the whole list costs in each build."""
        return {build: round(sum(self.subtotals(section)[build] for section in self.sections), 2)
                for build in self.builds}

    def drawing(self) -> list[Row]:
        """Every line that draws from the 5 V supply, alternatives included."""
        return [row for section in self.sections for row in section.rows if row.current]

    def wired(self, drawn: Collection[str], connector: int) -> PartsList:
        """The list for one circuit: without the lines of parts it has none of (``drawn``:
        its references), with its connector J1's pin count (``connector``) filled in."""
        sections = tuple(
            replace(section, rows=tuple(_connected_row(row, connector) for row in section.rows
                                        if _drawn(row, drawn)))
            for section in self.sections)
        values = {ref: _connected(value, connector) if isinstance(value, str) else value
                  for ref, value in self.values.items() if ref in drawn}
        return replace(self, sections=sections, values=values)

    def budget(self) -> dict[str, float]:
        """What the counted lines draw from 5 V in each build at most, mA."""
        return {build: sum(row.current[build] for row in self.drawing() if not row.alternative)
                for build in self.builds}


def load_parts(path: Path | None = None) -> PartsList:
    """Read parts.toml (default: the packaged ``hardware/parts.toml``)."""
    source: Path | Traversable = path or files("companion.hardware") / "parts.toml"
    data: dict[str, Any] = tomllib.loads(source.read_text(encoding="utf-8"))
    builds = tuple(data["builds"])
    buttons: dict[Button, ButtonPart] = {}
    sections = tuple(_section(section, builds, buttons) for section in data["section"])
    missing = [button.value for button in BUTTONS if button not in buttons]
    if missing:
        raise PartsError(f"{source}: no line for the buttons {', '.join(missing)}")
    rows = [row for section in data["section"] for row in section.get("row", ())]
    values = {ref: row["value"] for row in rows if "value" in row for ref in refs(row["ref"])}
    for row in rows:
        if "buttons" in row:
            part = buttons[Button(row["buttons"][0])]
            values.update(dict.fromkeys(refs(row["ref"]), part.value))
    screen = next(row for row in rows if "model" in row)
    supply = next(row["supply_ma"] for row in rows if "supply_ma" in row)
    buzzer = next(row for row in rows if "tones" in row)
    pi = next(row["board"] for row in rows if "board" in row and "model" not in row)
    return PartsList(data["intro"], builds, sections, buttons, values, supply,
                     ScreenPart(screen["model"], tuple(screen["active"]), tuple(screen["board"])),
                     (float(buzzer["tones"][0]), float(buzzer["tones"][1])), tuple(pi),
                     tuple(buzzer["body"]))


def _drawn(row: Row, drawn: Collection[str]) -> bool:
    """Whether a line belongs to a circuit with the parts ``drawn``: a line naming parts
    does where the circuit has one of them; the others (the Pi, wires, tools) always do."""
    named = refs(row.cells.get("ref", ""))
    return not named or row.alternative or any(ref in drawn for ref in named)


def _connected_row(row: Row, connector: int) -> Row:
    return replace(row, cells={key: _connected(cell, connector) for key, cell in row.cells.items()})


def _connected(cell: str, connector: int) -> str:
    """A cell with J1's pin count (``{connector}``) filled in."""
    return cell.replace(CONNECTOR, str(connector))


def refs(text: str) -> list[str]:
    """Every reference a line's ``ref`` names: R1 to R3 and R9 for "R1", en dash, "R3, R9"."""
    found = []
    for prefix, first, last in REF.findall(text):
        found += [f"{prefix}{n}" for n in range(int(first), int(last or first) + 1)]
    return found


def _section(data: Mapping[str, Any], builds: tuple[str, ...],
             buttons: dict[Button, ButtonPart]) -> Section:
    rows = []
    for row in data.get("row", ()):
        cells = {key: str(value) for key, value in row.items() if isinstance(value, str)}
        if "buttons" in row:
            part = ButtonPart(row["kind"], float(row["size"]), float(row["depth"]))
            named = [Button(name) for name in row["buttons"]]
            buttons.update(dict.fromkeys(named, part))
            cells["part"] = f"{part.kind} {part.size:g} mm " \
                            f"({', '.join(b.value.upper() for b in named)})"
        if isinstance(row.get("price"), int | float):
            cells["price"] = f"{row['price']:g}"
        where = f"{data['title']}: {cells.get('part')}"
        rows.append(Row(cells, _cost(row, builds, where), _per_build(row.get("ma"), builds),
                        bool(row.get("alternative"))))
    return Section(data["title"], tuple(data.get("columns", ())), tuple(rows),
                   data.get("before", ""), data.get("after", ""))


def _cost(row: Mapping[str, Any], builds: tuple[str, ...], where: str) -> dict[str, float]:
    """A line's cost per build: its ``cost``, else its price if that is a number; nothing
    for an alternative or a line without a price (the tools)."""
    if row.get("alternative") or "price" not in row:
        return {}
    cost = row.get("cost", row["price"])
    if isinstance(cost, int | float):
        return dict.fromkeys(builds, float(cost))
    if isinstance(cost, Mapping) and set(cost) == set(builds):
        return {build: float(cost[build]) for build in builds}
    raise PartsError(f"{where}: its price {row['price']!r} needs a cost for each of "
                     f"{', '.join(builds)}")


def _per_build(value: float | Mapping[str, float] | None,
               builds: tuple[str, ...]) -> dict[str, float]:
    """A figure that may differ per build (``{"Pi 4 B": 600, ...}``) for each build."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {build: float(value[build]) for build in builds}
    return dict.fromkeys(builds, float(value))


def euro(amount: float) -> str:
    """An amount as the totals show it: "111.90 €"."""
    return f"{amount:.2f} €"


def markdown(parts: PartsList) -> str:
    """hardware/parts.md."""
    totals = parts.totals()
    said = ", ".join(f"{euro(total)} with a {build}" for build, total in totals.items())
    out = ["# Parts list", "", parts.intro.replace("{totals}", said), ""]
    for section in parts.sections:
        out += [f"## {section.title}", ""]
        if section.before:
            out += [section.before, ""]
        if section.columns:
            out += [_table_row(section.columns), _rule(len(section.columns))]
            out += [_table_row([row.cells.get(KEYS[column], "") for column in section.columns])
                    for row in section.rows]
            out.append("")
        if section.after:
            out += [section.after, ""]
    return "\n".join([*out, *_totals(parts), *_budget(parts)])


def _totals(parts: PartsList) -> list[str]:
    out = ["## Totals", "", *textwrap.wrap(
        "What the lines above add up to (written by companion/maker/parts.py from parts.toml): "
        "each build with its Pi and power supply, the recommended HDMI screen (a) at its lower "
        "price and D25 for the active buzzer; the other choices and the tools are not counted.",
        95), "",
           _table_row(["", *parts.builds]), _rule(len(parts.builds) + 1)]
    for section in parts.sections:
        if section.rows:
            out.append(_table_row([section.title, *(f"{cost:g}" for cost in
                                                    parts.subtotals(section).values())]))
    out.append(_table_row(["**Total**", *(f"**{euro(total)}**"
                                          for total in parts.totals().values())]))
    return [*out, ""]


def _budget(parts: PartsList) -> list[str]:
    """The power budget: what each line draws from the 5 V supply at most, against the
    supply; the screens not counted shown as what they change."""
    out = ["## Power budget", "", *textwrap.wrap(
        "What each part draws from the 5 V supply at most, in mA (written by "
        "companion/maker/parts.py from the `ma` of parts.toml's lines): the Pi busy, every LED "
        "lit, the buzzer sounding. The screen counted is the recommended HDMI panel (a); "
        "another screen changes the total as its line says. An SPI panel (c) takes its "
        "backlight's current from the header's 5 V, the same supply.", 95), "",
        _table_row(["Part", *parts.builds]), _rule(len(parts.builds) + 1)]
    counted = [row for row in parts.drawing() if not row.alternative]
    screen = next(row for row in counted if "model" in row.cells)
    for row in counted:
        out.append(_table_row([_label(row), *(f"{row.current[b]:g}" for b in parts.builds)]))
    budget = parts.budget()
    out.append(_table_row(["**Total**", *(f"**{budget[b]:g}**" for b in parts.builds)]))
    for row in parts.drawing():
        if row.alternative:
            out.append(_table_row([f"with {_label(row)} instead of (a)", *(
                f"{budget[b] - screen.current[b] + row.current[b]:g}" for b in parts.builds)]))
    out.append(_table_row(["The supply gives", *(f"{parts.supply[b]:g}"
                                                  for b in parts.builds)]))
    return [*out, ""]


def _label(row: Row) -> str:
    """A line's name in the budget: its reference or its part, without markup."""
    part = row.cells.get("part", "").replace("*", "")
    return f"{row.cells['ref']} {part}" if "ref" in row.cells else part


def _table_row(cells: list[str] | tuple[str, ...]) -> str:
    return "|" + "|".join(f" {cell} " if cell else " " for cell in cells) + "|"


def _rule(columns: int) -> str:
    return "|" + "---|" * columns
