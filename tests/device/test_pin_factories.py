"""Which GPIO library the box uses where: lgpio on the Pi, RPi.GPIO only when asked for (older
Pis), gpiozero's mock pins on a computer, where neither library is ever imported."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
GUARD = """\
import importlib.abc, sys

class Refuse(importlib.abc.MetaPathFinder):
    # A computer run must never reach for the Pi's GPIO libraries, not even to try them.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("lgpio", "RPi"):
            print("imported " + name, file=sys.stderr, flush=True)
            raise ImportError(name + " refused on a computer")
        return None

sys.meta_path.insert(0, Refuse())
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


def project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return dict(tomllib.load(file)["project"])


def requirement(name: str, requirements: list[str]) -> Requirement:
    return next(r for r in map(Requirement, requirements) if r.name.lower() == name.lower())


def on(machine: str) -> dict[str, str]:
    return {"platform_machine": machine}


def test_lgpio_is_installed_on_a_pi_only() -> None:
    dependencies = project()["dependencies"]
    assert isinstance(dependencies, list)
    lgpio = requirement("lgpio", dependencies)
    assert lgpio.marker is not None
    assert lgpio.marker.evaluate(on("aarch64"))  # 64-bit Raspberry Pi OS, Pi 5 included
    assert lgpio.marker.evaluate(on("armv7l"))  # 32-bit Raspberry Pi OS
    assert not lgpio.marker.evaluate(on("x86_64"))


def test_rpi_gpio_is_an_optional_extra_for_a_pi_only() -> None:
    extras = project()["optional-dependencies"]
    assert isinstance(extras, dict)
    dependencies = project()["dependencies"]
    assert isinstance(dependencies, list)
    assert not any(Requirement(r).name == "RPi.GPIO" for r in dependencies)
    rpigpio = requirement("RPi.GPIO", extras["rpigpio"])
    assert rpigpio.marker is not None
    assert rpigpio.marker.evaluate(on("armv7l"))
    assert not rpigpio.marker.evaluate(on("x86_64"))


def computer_env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "NOTIFY_SOCKET": str(tmp_path / "notify")}
    env.pop("GPIOZERO_PIN_FACTORY", None)  # as on a laptop: nothing chosen beforehand
    return env


def test_the_simulator_never_imports_a_gpio_library(tmp_path: Path) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
        notify.bind(str(tmp_path / "notify"))
        notify.settimeout(60)
        box = subprocess.Popen(
            [sys.executable, "-c", GUARD, "run", "--sim", "--headless", "--data",
             str(tmp_path / "games"), "--host", "127.0.0.1", "--port", "0"],
            cwd=ROOT, env=computer_env(tmp_path), stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True)
        try:
            while notify.recv(256) != b"READY=1":  # every pin is claimed by now
                pass
        finally:
            box.send_signal(signal.SIGTERM)
            _, errors = box.communicate(timeout=30)
    assert box.returncode == 0, errors
    assert "imported" not in errors


def test_the_simulated_selftest_never_imports_a_gpio_library(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", GUARD, "selftest", "--sim", "--headless", "--timeout", "0"],
        cwd=ROOT, env=computer_env(tmp_path), capture_output=True, text=True, timeout=60,
        check=False)
    assert result.returncode == 1, result.stderr  # nobody pressed the buttons
    assert "imported" not in result.stderr


def test_the_guard_would_see_an_import(tmp_path: Path) -> None:
    """The guard works: a run that does reach for the Pi's pins is caught."""
    result = subprocess.run(
        [sys.executable, "-c", GUARD.replace("from companion.cli", "import lgpio\nfrom "
                                             "companion.cli"), "selftest", "--sim"],
        cwd=ROOT, env=computer_env(tmp_path), capture_output=True, text=True, timeout=60,
        check=False)
    assert "imported lgpio" in result.stderr


def test_lgpio_gets_a_writable_working_directory_outside_the_service(tmp_path: Path) -> None:
    """lgpio makes its FIFO in $LG_WD, else in the working directory, which for someone
    running `getaway selftest` on the Pi is often not writable by the getaway user."""
    env = computer_env(tmp_path)
    env.pop("LG_WD", None)
    show = ("import os, tempfile; from companion.cli import main; "
            "main(['selftest', '--sim', '--headless', '--timeout', '0']); "
            "print(os.environ['LG_WD'] == tempfile.gettempdir())")
    result = subprocess.run([sys.executable, "-c", show], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.stdout.splitlines()[-1] == "True", result.stderr
