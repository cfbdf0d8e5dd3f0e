"""The rules stay pure: a game module imports only what is listed here (pure parts of the
standard library, the games' shared base and its own package) and calls no I/O built-in. A
game's screen layer (its ``screen`` module or package) may also draw with pygame and the box's
painters."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "companion" / "games"
PURE_STDLIB = frozenset({
    "__future__", "abc", "bisect", "collections", "collections.abc", "dataclasses", "enum",
    "fractions", "functools", "heapq", "itertools", "json", "math", "operator", "re",
    "statistics", "string", "types", "typing", "unicodedata",
})
"""Standard modules that compute and touch nothing: no files, clock, chance, process or net."""
SHARED = frozenset({"companion.games.base", "companion.games.record",
                    "companion.games.moments", "companion.games.tally",
                    "companion.games.visibility"})
"""What every game stands on: the game's contract, the saved-record helpers, the marks
that declare who may read a part of a view, the big moments a view names and what the
group's records count."""
ALSO = {Path("__init__.py"): frozenset({"companion.games"}),
        Path("base.py"): frozenset({"companion.i18n"})}
"""The registry names the games; the base reads an error's sentence from the catalog."""
SCREEN_ONLY = ("pygame", "companion.device.painters")
"""What a screen layer may draw with besides (packages: their modules too)."""
IMPURE_BUILTINS = frozenset({"open", "print", "input", "breakpoint", "__import__", "exec",
                             "eval", "compile"})
"""Built-ins that read or write the world, or import behind the allowlist's back."""
def imported_modules(source: str) -> set[str]:
    """The full name of every module a source file imports, wherever it does so."""
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            package = "." * node.level + (node.module or "")
            modules |= {f"{package}.{alias.name}" if f"{package}.{alias.name}" in SHARED
                        else package for alias in node.names}  # from companion.games import base
    return modules


def is_screen(relative: Path) -> bool:
    """Whether a game module (its path below the games' folder) is part of a screen layer."""
    return relative.stem == "screen" or "screen" in relative.parts[:-1]


def within(module: str, packages: tuple[str, ...]) -> bool:
    """Whether ``module`` is one of ``packages`` or inside one."""
    return any(module == package or module.startswith(f"{package}.") for package in packages)


def refused_imports(relative: Path, source: str, prefix: str = "companion.games") -> set[str]:
    """The modules ``source`` (a game module at ``relative`` below the games' folder, whose
    packages start with ``prefix``) imports beyond what it may."""
    own = (f"{prefix}.{relative.parts[0]}",) if len(relative.parts) > 1 else ()
    extra = SCREEN_ONLY if is_screen(relative) else ()
    allowed = PURE_STDLIB | SHARED | ALSO.get(relative, frozenset())
    return {module for module in imported_modules(source)
            if module not in allowed and not within(module, own + extra)}


def impure_calls(source: str) -> set[str]:
    """The I/O built-ins ``source`` names."""
    return {node.id for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Name) and node.id in IMPURE_BUILTINS}


GameModule = tuple[Path, Path, str]
"""A game module: the folder its game lies in, its path below it, and that folder's package."""


def game_modules() -> list[GameModule]:
    """Every game module: the box's, and those of the tiny game from outside."""
    tests = ROOT / "tests"
    return [*((GAMES_DIR, path.relative_to(GAMES_DIR), "companion.games")
              for path in sorted(GAMES_DIR.rglob("*.py"))),
            *((tests, path.relative_to(tests), "tests")
              for path in sorted((tests / "tiny").rglob("*.py")))]


MODULES = game_modules()
RULES = [module for module in MODULES if not is_screen(module[1])]
SCREENS = [module for module in MODULES if is_screen(module[1])]


def module_id(module: GameModule) -> str:
    return str(module[1])


def check(module: GameModule) -> tuple[set[str], set[str]]:
    """The refused imports and the I/O built-ins of a game module."""
    where, path, prefix = module
    source = (where / path).read_text(encoding="utf-8")
    return refused_imports(path, source, prefix), impure_calls(source)


def test_purity_finds_the_game_modules() -> None:
    names = {str(path) for _, path, _ in RULES}
    assert {"__init__.py", "base.py", "romme/rules.py", "robnrun/rules.py",
            "tiny/__init__.py"} <= names
    assert {"romme/screen.py", "robnrun/screen/escape_route.py", "tiny/screen.py"} <= {
        str(path) for _, path, _ in SCREENS}


@pytest.mark.parametrize("module", RULES, ids=module_id)
def test_purity_game_modules_import_only_what_is_listed(module: GameModule) -> None:
    assert check(module) == (set(), set())


@pytest.mark.parametrize("module", SCREENS, ids=module_id)
def test_purity_a_screen_draws_with_pygame_and_the_painters(module: GameModule) -> None:
    assert check(module) == (set(), set())


def test_purity_the_games_load_without_pygame() -> None:
    """Every game's rules, views and box controls import without its screen."""
    code = "import sys, companion.games; print(sorted(m for m in sys.modules if 'pygame' in m))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert loaded.strip() == "[]"


@pytest.mark.parametrize("source", [
    "import subprocess", "import logging", "import sys", "import urllib.request",
    "import companion.table.store", "from companion.table import store",
    "from companion.table.store import Store", "import time", "import os.path",
    "from random import choice", "from RPi import GPIO", "def f():\n    import threading",
    "import json, socket", "from datetime import date", "import pygame",
    "from companion.device.painters import parts", "from companion.games import romme",
    "from companion.games.robnrun import rules", "from . import rules", "import collections_x",
    "from companion.i18n import text",
])
def test_purity_refuses_each_import_a_rules_module_may_not_make(source: str,
                                                                tmp_path: Path) -> None:
    rules = GAMES_DIR / "romme" / "rules.py"
    copy = tmp_path / "romme" / "rules.py"
    copy.parent.mkdir()
    assert not refused_imports(Path("romme/rules.py"), rules.read_text(encoding="utf-8"))
    copy.write_text(f"{source}\n{rules.read_text(encoding='utf-8')}", encoding="utf-8")
    assert refused_imports(Path("romme/rules.py"), copy.read_text(encoding="utf-8"))


@pytest.mark.parametrize("source", ["import subprocess", "import companion.table.store",
                                    "from companion.server import app", "import os"])
def test_purity_refuses_a_screen_anything_but_drawing(source: str) -> None:
    assert refused_imports(Path("romme/screen.py"), source)


@pytest.mark.parametrize("source", ["open('x')", "print(1)", "__import__('os')",
                                    "eval('1')", "f = open"])
def test_purity_refuses_the_io_builtins(source: str) -> None:
    assert impure_calls(source)


def test_purity_lets_a_game_import_its_own_and_the_shared_modules() -> None:
    source = ("from companion.games.romme.state import State\nimport companion.games.base\n"
              "from collections.abc import Mapping\nfrom companion.games.record import fields")
    assert refused_imports(Path("romme/rules.py"), source) == set()
    assert refused_imports(Path("romme/screen.py"),
                           "import pygame\nfrom companion.device.painters.parts import write") \
        == set()
