"""What `pip install .` puts in place (a Pi installs that way, not editable)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_companion_package_is_installed() -> None:
    """A package missing from pyproject's list works in a checkout and breaks on the Pi."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    listed = set(setup["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for init in (ROOT / "companion").rglob("__init__.py")}
    assert found - listed == set()
    mapped = set(setup["setuptools"]["package-dir"])
    assert listed - found == mapped
