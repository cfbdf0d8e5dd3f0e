"""The Pi installer, run for real into a directory that stands for the Pi's root: the user and
its groups, Getaway installed from this checkout (not editable), the pin map, the unit enabled;
an upgrade keeps the games and the pin map; uninstall keeps them unless asked."""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INSTALL = ROOT / "scripts" / "install-pi.sh"
GROUPS = ("gpio", "spi", "video", "render", "input", "audio")

needs_root = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("useradd") is None,
                                reason="the installer creates a system user: root only")


def test_every_package_is_shipped() -> None:
    """A package left out of pyproject.toml works in the checkout and breaks on the Pi."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = {".".join(path.parent.relative_to(ROOT).parts)
             for path in (ROOT / "companion").rglob("__init__.py")}
    assert found | {"companion.web", "companion.hardware"} == set(config["packages"])


@pytest.fixture(scope="module")
def pi_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pi")
    (root / "etc").mkdir()
    for name in ("passwd", "group", "shadow", "gshadow"):
        shutil.copy(f"/etc/{name}", root / "etc" / name)
    return root


def install(root: Path, *args: str) -> str:
    result = subprocess.run([str(INSTALL), "--root", str(root), *args], capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stderr


def member_of(root: Path, group: str) -> bool:
    for line in (root / "etc" / "group").read_text().splitlines():
        name, _, _, members = line.split(":")
        if name == group:
            return "getaway" in members.split(",")
    return False


@needs_root
def test_install_upgrade_and_uninstall(pi_root: Path) -> None:
    install(pi_root)
    venv = pi_root / "opt" / "getaway" / "venv"
    shipped = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import pkgutil, importlib, companion; "
         "[importlib.import_module(m.name) for m in pkgutil.walk_packages("
         "companion.__path__, 'companion.')]; "
         "from importlib.resources import files; "
         "print(files('companion.web').joinpath('templates/phone.html').is_file())"],
        capture_output=True, text=True, timeout=120, cwd=pi_root,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert shipped.stdout.strip() == "True", shipped.stderr[-2000:]
    assert str(venv) in subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import companion; print(companion.__file__)"],
        capture_output=True, text=True, timeout=60, cwd=pi_root).stdout
    assert "editable" not in " ".join(p.name for p in venv.glob("lib/python3*/site-packages/*"))
    assert "getaway:" in (pi_root / "etc" / "passwd").read_text()
    assert all(member_of(pi_root, group) for group in GROUPS)
    unit = pi_root / "etc" / "systemd" / "system" / "getaway.service"
    assert unit.read_text() == (ROOT / "systemd" / "getaway.service").read_text()
    assert (unit.parent / "multi-user.target.wants" / "getaway.service").is_symlink()
    pins = pi_root / "etc" / "getaway" / "pins.toml"
    assert pins.read_text() == (ROOT / "hardware" / "pins.toml").read_text()

    pins.write_text(pins.read_text().replace("turn = 26", "turn = 17"))   # the maker's wiring
    games = pi_root / "var" / "lib" / "getaway" / "getaway.sqlite"
    games.parent.mkdir(parents=True)
    games.write_bytes(b"the evening's games")
    assert "keeping your pin map" in install(pi_root)                   # upgrade
    assert "turn = 17" in pins.read_text() and games.exists()

    install(pi_root, "--uninstall")
    assert not venv.exists() and not unit.exists()
    assert games.exists() and pins.exists()
    install(pi_root, "--uninstall", "--purge")
    assert not games.exists() and not pins.exists()
    assert "getaway:" not in (pi_root / "etc" / "passwd").read_text()
