"""The rules stay pure: no game module imports I/O, clocks, chance or a framework. A game's
screen layer (its ``screen`` module or package) may draw with pygame, and nothing else."""

from __future__ import annotations

import ast
import subprocess
import sys
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


def is_screen(path: Path) -> bool:
    """Whether ``path`` is part of a game's screen layer."""
    return path.stem == "screen" or "screen" in path.relative_to(GAMES_DIR).parts[:-1]


MODULES = sorted(GAMES_DIR.rglob("*.py"))
RULES = [path for path in MODULES if not is_screen(path)]
SCREENS = [path for path in MODULES if is_screen(path)]


def test_purity_finds_the_game_modules() -> None:
    names = {str(path.relative_to(GAMES_DIR)) for path in RULES}
    assert {"__init__.py", "base.py", "romme/rules.py", "robnrun/rules.py"} <= names
    assert {"romme/screen.py", "robnrun/screen/escape_route.py"} <= {
        str(path.relative_to(GAMES_DIR)) for path in SCREENS}


@pytest.mark.parametrize("path", RULES, ids=lambda path: str(path.relative_to(GAMES_DIR)))
def test_purity_game_modules_import_nothing_impure(path: Path) -> None:
    assert imported_roots(path.read_text(encoding="utf-8")) & FORBIDDEN == set()


@pytest.mark.parametrize("path", SCREENS, ids=lambda path: str(path.relative_to(GAMES_DIR)))
def test_purity_a_screen_draws_with_pygame_and_nothing_else(path: Path) -> None:
    assert imported_roots(path.read_text(encoding="utf-8")) & FORBIDDEN <= {"pygame"}


def test_purity_the_games_load_without_pygame() -> None:
    """Every game's rules, views and box controls import without its screen."""
    code = "import sys, companion.games; print(sorted(m for m in sys.modules if 'pygame' in m))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert loaded.strip() == "[]"


@pytest.mark.parametrize("source", [
    "import time", "import os.path", "from random import choice", "from RPi import GPIO",
    "def f():\n    import threading", "import json, socket", "from datetime import date",
])
def test_purity_catches_every_way_to_import(source: str) -> None:
    assert imported_roots(source) & FORBIDDEN
