"""The installer's lgpio decision, on any machine, from what PyPI offers lgpio today (Nov 2026):
0.2.2.0 built for CPython 3.9-3.12 (manylinux_2_34 aarch64 and x86_64, linux_armv7l) and as
source, and 0.0.0.2, a py3-none-any placeholder whose lgpio.py is empty."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.pi_install import BUILD_DEBS, MINIMUM, NoLgpio, Plan, index_versions, plan

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = "lgpio-0.0.0.2-py3-none-any.whl"
PYPI_WHEELS = [PLACEHOLDER, *(f"lgpio-0.2.2.0-cp3{minor}-cp3{minor}-{platform}.whl"
                              for minor in (9, 10, 11, 12)
                              for platform in ("linux_armv7l", "manylinux_2_34_aarch64",
                                               "manylinux_2_34_x86_64"))]
INDEX = ("lgpio (0.2.2.0)\nAvailable versions: 0.2.2.0, 0.0.0.2\n")
"""`pip index versions lgpio`, as pip prints it."""


def test_pythons_with_a_build_install_pypis_wheel() -> None:
    """Bookworm's 3.11 on a 64-bit Pi, and a 32-bit one."""
    versions = index_versions(INDEX)
    assert plan("3.11", "aarch64", versions, PYPI_WHEELS) == Plan(
        "wheel", wheel="lgpio-0.2.2.0-cp311-cp311-manylinux_2_34_aarch64.whl")
    assert plan("3.11", "armv7l", versions, PYPI_WHEELS).wheel == \
        "lgpio-0.2.2.0-cp311-cp311-linux_armv7l.whl"
    assert plan("3.11", "x86_64", versions, PYPI_WHEELS) == Plan("skip"), "no lgpio off a Pi"


def test_pythons_with_only_the_placeholder_build_from_source() -> None:
    """Trixie's 3.13: what `pip download --only-binary=:all: lgpio` saves is the placeholder."""
    chosen = plan("3.13", "aarch64", index_versions(INDEX), [f"/tmp/wheels/{PLACEHOLDER}"])
    assert chosen == Plan("source", version="0.2.2.0", debs=BUILD_DEBS)
    assert chosen.line() == "source 0.2.2.0 swig gcc python3-dev"
    assert plan("3.13", "aarch64", index_versions(INDEX), PYPI_WHEELS).action == "source"


def test_no_wheels_at_all_build_from_source_and_nothing_new_enough_stops() -> None:
    assert plan("3.11", "aarch64", ["0.2.2.0", "0.0.0.2"], []).action == "source"
    with pytest.raises(NoLgpio, match=r"no lgpio 0\.2\.2 or newer \(it has 0\.0\.0\.2\)"):
        plan("3.13", "aarch64", ["0.0.0.2"], [PLACEHOLDER])


def test_the_installer_gets_its_answer_as_one_line(tmp_path: Path) -> None:
    """As install-pi.sh calls it: with the system's python3, no package on the path."""
    listing = tmp_path / "versions"
    listing.write_text(INDEX, encoding="utf-8")
    script = str(ROOT / "companion" / "pi_install.py")
    run = subprocess.run([sys.executable, "-I", script, "lgpio", "3.13", "aarch64",
                          str(listing), str(tmp_path / "wheels" / "*.whl")],
                         capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout) == (0, "source 0.2.2.0 swig gcc python3-dev\n")
    empty = subprocess.run([sys.executable, "-I", script, "lgpio", "3.13", "aarch64", "-"],
                           capture_output=True, text=True, check=False)
    assert empty.returncode == 1 and "no lgpio 0.2.2 or newer" in empty.stderr
    installer = (ROOT / "scripts" / "install-pi.sh").read_text(encoding="utf-8")
    assert '"$CHECKOUT/companion/pi_install.py" lgpio' in installer


def test_the_minimum_is_the_one_getaway_asks_for() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    floor = next(re.match(r"lgpio>=([0-9.]+);", line) for line in project["dependencies"]
                 if line.startswith("lgpio"))
    assert floor is not None and floor[1] == ".".join(map(str, MINIMUM))


FAKE_PYTHON = r"""#!/bin/bash
# The venv's python on a Pi with Python $VERSION, and pip's answers from PyPI's real lgpio files.
case "$*" in
    *platform.machine*) echo aarch64 ;;
    *sys.version_info*) echo "$VERSION" ;;
    "-m pip index versions lgpio")
        printf 'lgpio (0.2.2.0)\nAvailable versions: 0.2.2.0, 0.0.0.2\n' ;;
    "-m pip download "*)
        while [ "$1" != -d ]; do shift; done
        mkdir -p "$2" && touch "$2/$DOWNLOADED" ;;
    "-m pip install "*) last=${!#}; echo "PYPI=${PYPI:-} ${last##*/}" >>"$LOG" ;;
    *) exit 3 ;;
esac
"""


@pytest.mark.parametrize(("version", "downloaded", "installed"), [
    ("3.11", "lgpio-0.2.2.0-cp311-cp311-manylinux_2_34_aarch64.whl",
     "PYPI= lgpio-0.2.2.0-cp311-cp311-manylinux_2_34_aarch64.whl"),
    ("3.13", PLACEHOLDER, "PYPI=1 lgpio==0.2.2.0"),
])
def test_the_installers_lgpio_step_follows_the_plan(
        tmp_path: Path, version: str, downloaded: str, installed: str) -> None:
    """install-pi.sh's own install_lgpio, run with a Pi's python and pip stood in for."""
    script = (ROOT / "scripts" / "install-pi.sh").read_text(encoding="utf-8")
    function = re.search(r"^install_lgpio\(\) \{\n.*?^\}\n", script, re.DOTALL | re.MULTILINE)
    assert function is not None
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON, encoding="utf-8")
    python.chmod(0o755)
    log = tmp_path / "log"
    run = subprocess.run(
        ["bash", "-c", 'say() { echo "say: $*" >>"$LOG"; }\n'
         'debs() { echo "apt: $*" >>"$LOG"; }\n'
         f'{function[0]}install_lgpio "$1"', "installer", str(tmp_path / "venv")],
        env={"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "CHECKOUT": str(ROOT),
             "VERSION": version, "DOWNLOADED": downloaded, "LOG": str(log)},
        capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[-1] == installed
    if version == "3.13":
        assert lines[0] == "say: PyPI has no lgpio built for Python 3.13: building lgpio " \
                           "0.2.2.0 from its source"
        assert lines[1].startswith("apt:")
