"""The tables of docs/api.md that list every step, written from the steps' declarations:
``python -m companion.table.step_tables`` writes them between the two markers."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from companion.games import GAMES
from companion.games.base import Games, Sender, Step, Undo
from companion.table.rules import TABLE_STEPS

BEGIN = "<!-- step tables: written by python -m companion.table.step_tables -->"
END = "<!-- step tables: end -->"
API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"

_TYPES = {int: "integer", str: "string", bool: "boolean", list: "array", dict: "object",
          object: "any"}
_SENDERS = {Sender.ANYONE: "anyone", Sender.HOST: "host or box",
            Sender.OWN_SEAT: "its own seat's phone or box",
            Sender.NAMED_SEAT: "the named seat's phone, host or box",
            Sender.SEAT: "the phone of {role}, host or box",
            Sender.SEAT_PHONE: "the phone of {role} (host or box while played there)",
            Sender.PHONE: "a seat's own phone", Sender.BOX: "box or host",
            Sender.SERVER: "the box itself"}
_UNDO = {Undo.OPEN: "yes", Undo.FINAL: "never", Undo.DRAWN: "unless the box drew it",
         Undo.SHARED: "box or host only"}


def _arguments(step: Step[Any, Any]) -> str:
    return ", ".join(f"`{name}`: {_TYPES[kind]}" for name, kind in step.arguments.items()) or "none"


def _sender(step: Step[Any, Any]) -> str:
    """Who may send ``step``, as its declaration says."""
    role = "" if step.role is None else step.role.name
    return _SENDERS[step.by].format(role=role)


def _table_rows(steps: Mapping[str, Step[Any, Any]]) -> Iterator[str]:
    yield "| step | who may send it | arguments |"
    yield "|---|---|---|"
    for kind, step in steps.items():
        yield f"| `{kind}` | {_sender(step)} | {_arguments(step)} |"


def _game_rows(steps: Mapping[str, Step[Any, Any]]) -> Iterator[str]:
    yield "| step | phases | who may send it | arguments | undo | a seat's secret part |"
    yield "|---|---|---|---|---|---|"
    for kind, step in steps.items():
        phases = ", ".join(f"`{phase}`" for phase in step.phases or ()) or "any"
        secret = "yes" if step.secret is not None else "no"
        yield (f"| `{kind}` | {phases} | {_sender(step)} | {_arguments(step)} "
               f"| {_UNDO[step.undo]} | {secret} |")


def step_tables(games: Games) -> str:
    """Markdown: the table's own steps, then each game's, as they are declared."""
    lines = ["### The table", "", *_table_rows(TABLE_STEPS)]
    for game in games.values():
        lines += ["", f"### {game.title['en']} (`{game.id}`)", "", *_game_rows(game.steps)]
    return "\n".join(lines)


def with_step_tables(document: str, games: Games) -> str:
    """``document`` with the text between the markers replaced by the tables."""
    head, rest = document.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    return f"{head}{BEGIN}\n{step_tables(games)}\n{END}{tail}"


def main() -> int:
    """Write the tables into docs/api.md."""
    API_DOC.write_text(with_step_tables(API_DOC.read_text(encoding="utf-8"), GAMES),
                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
