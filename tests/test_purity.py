"""The rules stay pure: no game module imports I/O, clocks, chance or a framework."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parent.parent / "companion" / "games"
FORBIDDEN = frozenset({
    "flask", "werkzeug", "uvicorn", "a2wsgi", "pygame", "gpiozero", "lgpio", "RPi", "time",
    "random",
    "secrets", "os", "pathlib", "sqlite3", "socket", "threading", "datetime",
})


def imported_roots(source: str) -> set[str]:
    """The top-level package of every module a source file imports, wherever it does so."""
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_purity_finds_the_game_modules() -> None:
    names = {path.name for path in GAMES_DIR.glob("*.py")}
    assert {"__init__.py", "base.py", "romme.py"} <= names
    assert GAMES_DIR / "robnrun" / "rules.py" in set(GAMES_DIR.rglob("*.py"))


@pytest.mark.parametrize("path", sorted(GAMES_DIR.rglob("*.py")),
                         ids=lambda path: str(path.relative_to(GAMES_DIR)))
def test_purity_game_modules_import_nothing_impure(path: Path) -> None:
    assert imported_roots(path.read_text(encoding="utf-8")) & FORBIDDEN == set()


@pytest.mark.parametrize("source", [
    "import time", "import os.path", "from random import choice", "from RPi import GPIO",
    "def f():\n    import threading", "import json, socket", "from datetime import date",
])
def test_purity_catches_every_way_to_import(source: str) -> None:
    assert imported_roots(source) & FORBIDDEN
