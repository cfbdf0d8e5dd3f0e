"""docs/api.md lists every step as the table and the games declare it: its tables are written
from the declarations (``python -m companion.table.step_tables``) and must match them."""

from __future__ import annotations

from dataclasses import replace

from companion.games import GAMES
from companion.games.base import Sender
from companion.table.rules import TABLE_STEPS
from companion.table.step_tables import API_DOC, BEGIN, END, step_tables, with_step_tables


def test_the_api_docs_list_every_step_as_declared() -> None:
    document = API_DOC.read_text(encoding="utf-8")
    assert document.count(BEGIN) == document.count(END) == 1
    assert with_step_tables(document, GAMES) == document, (
        "run python -m companion.table.step_tables")


def test_a_changed_declaration_changes_the_tables() -> None:
    romme = GAMES["romme"]
    score = replace(romme.steps["score"], arguments={"seat": int})
    changed = replace(romme, rules=replace(romme.rules, steps={**romme.steps, "score": score}))
    assert step_tables({"romme": changed}) != step_tables({"romme": romme})
    assert "| `table.end_game` | host or box | none |" in step_tables({})
    assert TABLE_STEPS["table.end_game"].by is Sender.HOST
