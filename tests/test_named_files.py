"""Every file a docstring or a comment in companion/ names is in the repository, so a reader
who follows one finds it."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAMED = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]*\w\.(?:py|js|css|html|md|txt|toml|json|svg|"
                   r"png|sh|service|scad))\b")
"""A file name, perhaps with its folders: ``screen.py``, ``phone/phone.js``, ``rules/X.md``."""
ELSEWHERE = frozenset({"lgpio.py"})
"""Files named on purpose that live outside the repository (PyPI's empty lgpio placeholder)."""
SKIPPED = frozenset({".git", ".venv", "build", "artifacts", "data", "node_modules"})


@cache
def repository_files() -> tuple[str, ...]:
    """Every file of the repository, as its path below the root."""
    return tuple(str(path.relative_to(ROOT)) for path in ROOT.rglob("*")
                 if path.is_file() and not SKIPPED & set(path.relative_to(ROOT).parts))


def exists(name: str) -> bool:
    """Whether ``name`` is a file of the repository, or the end of one's path."""
    return any(path == name or path.endswith(f"/{name}") for path in repository_files())


def prose(source: str) -> Iterator[str]:
    """The docstrings (a string standing as a statement) and the comments of a module."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            yield node.value.value
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.string


def named_files(source: str) -> set[str]:
    """The file names the docstrings and comments of ``source`` name."""
    return {name for text in prose(source) for name in NAMED.findall(text)} - ELSEWHERE


MODULES = sorted((ROOT / "companion").rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_a_docstring_names_exists(path: Path) -> None:
    assert {name for name in named_files(path.read_text(encoding="utf-8"))
            if not exists(name)} == set()


def test_the_scan_finds_names_in_docstrings_and_comments() -> None:
    source = ('"""Drawn by screen.py, see rules/FACTS.md."""\nX = 1\n"""From phone/phone.js."""\n'
              'Y = "not prose.py"  # after hardware/pins.toml\n')
    assert named_files(source) == {"screen.py", "rules/FACTS.md", "phone/phone.js",
                                   "hardware/pins.toml"}
    assert exists("phone/phone.js") and exists("companion/games/base.py")
    assert not exists("rules/FACTS.md") and not exists("painter.py")
