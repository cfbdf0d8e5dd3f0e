"""What `pip install .` puts in place (a Pi installs that way, not editable)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from companion.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_every_companion_package_is_installed() -> None:
    """A package missing from pyproject's list works in a checkout and breaks on the Pi."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    listed = set(setup["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for init in (ROOT / "companion").rglob("__init__.py")}
    assert found - listed == set()
    mapped = set(setup["setuptools"]["package-dir"])
    data = {name for name in listed - found - mapped if name.rpartition(".")[0] in mapped
            or (ROOT / Path(*name.split("."))).is_dir()}
    assert listed - found - data == mapped


def test_a_wheel_builds_quietly_with_every_file_the_box_reads(tmp_path: Path) -> None:
    """Built from a clean copy of the checkout, as the installer does."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode().split("\0")
    source = tmp_path / "source"
    for name in filter(None, tracked):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w",
                            str(tmp_path / "dist"), str(source)], capture_output=True,
                           text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "would be ignored" not in built.stdout + built.stderr
    wheel = zipfile.ZipFile(next((tmp_path / "dist").glob("getaway-*.whl")))
    names = set(wheel.namelist())
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    for folder in ("web/static", "web/templates"):
        for path in (ROOT / folder).iterdir():
            assert f"companion/{folder}/{path.name}" in names
    for game in GAMES.values():
        folder = game.package.replace(".", "/")
        assert {f"{folder}/phone/phone.js", f"{folder}/phone/phone.css"} <= names
    hardware = {name for name in tracked if name.startswith("hardware/")}
    assert {f"companion/{name}" for name in hardware} <= names  # the maker's files too
    assembly = (ROOT / "hardware" / "assembly.md").read_text(encoding="utf-8")
    pictures = re.findall(r"\]\((pictures/[^)]+)\)", assembly)
    assert pictures and {f"companion/hardware/{p}" for p in pictures} <= names
