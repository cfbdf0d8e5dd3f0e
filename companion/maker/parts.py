"""The parts list, from hardware/parts.toml: hardware/parts.md with its totals added up from its
own lines, and the buttons' kind and size, which the schematic and the case take from it."""

from __future__ import annotations

import textwrap
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
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


class PartsError(ValueError):
    """parts.toml does not make a whole parts list."""


@dataclass(frozen=True, slots=True)
class ButtonPart:
    """What to buy for a button: its kind ("Arcade button") and size, which is its hole (mm)."""

    kind: str
    size: float

    @property
    def value(self) -> str:
        """How the schematic names it: "24 mm arcade button"."""
        return f"{self.size:g} mm {self.kind.lower()}"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the list: its cells by key, and its cost in each build (none: not counted)."""

    cells: Mapping[str, str]
    cost: Mapping[str, float]


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

    def subtotals(self, section: Section) -> dict[str, float]:
        """What the section's lines cost in each build."""
        return {build: round(sum(row.cost.get(build, 0.0) for row in section.rows), 2)
                for build in self.builds}

    def totals(self) -> dict[str, float]:
        """What the whole list costs in each build."""
        return {build: round(sum(self.subtotals(section)[build] for section in self.sections), 2)
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
    return PartsList(data["intro"], builds, sections, buttons)


def _section(data: Mapping[str, Any], builds: tuple[str, ...],
             buttons: dict[Button, ButtonPart]) -> Section:
    rows = []
    for row in data.get("row", ()):
        cells = {key: str(value) for key, value in row.items() if isinstance(value, str)}
        if "buttons" in row:
            part = ButtonPart(row["kind"], float(row["size"]))
            named = [Button(name) for name in row["buttons"]]
            buttons.update(dict.fromkeys(named, part))
            cells["part"] = f"{part.kind} {part.size:g} mm " \
                            f"({', '.join(b.value.upper() for b in named)})"
        if isinstance(row.get("price"), int | float):
            cells["price"] = f"{row['price']:g}"
        rows.append(Row(cells, _cost(row, builds, f"{data['title']}: {cells.get('part')}")))
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
    return "\n".join([*out, *_totals(parts)])


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


def _table_row(cells: list[str] | tuple[str, ...]) -> str:
    return "|" + "|".join(f" {cell} " if cell else " " for cell in cells) + "|"


def _rule(columns: int) -> str:
    return "|" + "---|" * columns
