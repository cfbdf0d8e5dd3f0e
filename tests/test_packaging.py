"""What `pip install .` puts in place (a Pi installs that way, not editable)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tarfile
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


def tracked_files() -> list[str]:
    """The files of the checkout that git knows (and that are there)."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    return [name for name in names if name and (ROOT / name).is_file()]


def clean_copy(tmp_path: Path) -> tuple[Path, list[str]]:
    """A copy of the tracked files only, as a release is made from; and their names."""
    tracked = tracked_files()
    source = tmp_path / "source"
    for name in tracked:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    return source, tracked


def test_a_wheel_builds_quietly_with_every_file_the_box_reads(tmp_path: Path) -> None:
    """Built from a clean copy of the checkout, as the installer does."""
    source, tracked = clean_copy(tmp_path)
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


def imports_resolve(names: set[str], path: str, text: str) -> list[str]:
    """The modules of tests/ and benchmarks/ that ``path`` imports and the archive lacks."""
    missing = []
    for node in ast.walk(ast.parse(text, path)):
        modules = ([alias.name for alias in node.names] if isinstance(node, ast.Import) else
                   [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
        for module in modules:
            parts = module.split(".")
            if parts[0] in ("tests", "benchmarks") and not (
                    f"{'/'.join(parts)}.py" in names or f"{'/'.join(parts)}/__init__.py" in names):
                missing.append(module)
    return missing


def test_the_source_archive_holds_the_installer_the_unit_and_the_docs(tmp_path: Path) -> None:
    """What a release ships: everything to install the box from the unpacked archive, the
    documents, the classifiers; tests only where all they import comes along (here none)."""
    source, tracked = clean_copy(tmp_path)
    built = subprocess.run([sys.executable, "-m", "build", "--sdist", "-o",
                            str(tmp_path / "dist"), str(source)], capture_output=True, text=True,
                           check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    with tarfile.open(next((tmp_path / "dist").glob("getaway-*.tar.gz"))) as archive:
        members = {member.name.split("/", 1)[1]: member for member in archive.getmembers()
                   if "/" in member.name}
        texts = {name: archive.extractfile(member).read().decode()  # type: ignore[union-attr]
                 for name, member in members.items()
                 if name.endswith(".py") or name == "PKG-INFO"}
    names = set(members)
    for path, text in texts.items():
        assert path == "PKG-INFO" or imports_resolve(names, path, text) == [], path
    assert not any(name.startswith(("tests/", "benchmarks/")) for name in names)
    installer = members["scripts/install-pi.sh"]
    assert installer.mode & 0o111, "the installer stays executable"
    needed = {"systemd/getaway.service", "companion/pi_install.py", "hardware/pins.toml",
              "hardware/parts.toml", "LICENSE", "README.md"}
    assert needed | {name for name in tracked if name.startswith("docs/")} <= names
    classifiers = re.findall(r"^Classifier: (.*)$", texts["PKG-INFO"], re.MULTILINE)
    assert {"Programming Language :: Python :: 3.11", "Programming Language :: Python :: 3.13",
            "Operating System :: POSIX :: Linux"} <= set(classifiers)


def test_the_guides_say_how_the_project_comes_to_the_pi() -> None:
    """No placeholder to fill in: the README unpacks the archive of this very version."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["version"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guide = (ROOT / "hardware" / "assembly.md").read_text(encoding="utf-8")
    for text in (readme, guide):
        assert "<this repository>" not in text and "git clone" not in text
        assert "sudo getaway/scripts/install-pi.sh\n" in text
    assert f"tar -xzf getaway-{version}.tar.gz && mv getaway-{version} getaway\n" in readme
