"""What scripts/install-pi.sh decides about lgpio, as a function any machine can test.

    python3 companion/pi_install.py lgpio PYTHON MACHINE VERSIONS [WHEEL...]

PYTHON is the venv's version ("3.13"), MACHINE its ``platform.machine()``, VERSIONS the output
of ``pip index versions lgpio`` (a file, or "-" for none), each WHEEL a file that
``pip download --only-binary=:all: lgpio`` saved. It prints one line: ``skip``, ``wheel FILE``
or ``source VERSION DEB...`` (build lgpio VERSION from PyPI's source with these Debian
packages), or names on stderr why neither can work and exits 1. Standard library only: the
installer runs it before anything is installed.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

MINIMUM = (0, 2, 2)
"""The oldest lgpio Getaway runs with (pyproject.toml asks for ``lgpio>=0.2.2``)."""
ARM = ("aarch64", "armv7l")
"""The machines pyproject.toml asks for lgpio on (a Raspberry Pi's)."""
BUILD_DEBS = ("swig", "gcc", "python3-dev")
"""Debian's packages that build lgpio from PyPI's source (linked statically, with PYPI=1)."""
WHEEL = re.compile(r"^lgpio-(?P<version>[0-9.]+)-(?P<python>[^-]+)-(?P<abi>[^-]+)-"
                   r"(?P<platform>[^-]+)\.whl$")


@dataclass(frozen=True, slots=True)
class Plan:
    """How lgpio goes into the venv: ``skip``, ``wheel`` (that file) or ``source``."""

    action: str
    wheel: str = ""
    version: str = ""
    debs: tuple[str, ...] = ()

    def line(self) -> str:
        """The one line the installer reads."""
        return " ".join(filter(None, (self.action, self.wheel, self.version, *self.debs)))


class NoLgpio(Exception):
    """PyPI offers no lgpio that Getaway can use on this Python, neither built nor as source."""


def version_of(text: str) -> tuple[int, ...]:
    """``"0.2.2.0"`` as ``(0, 2, 2, 0)``."""
    return tuple(int(part) for part in text.split("."))


def usable_wheel(name: str, python: str, machine: str) -> bool:
    """Whether ``name`` is a real lgpio build for this Python and machine: new enough, and
    compiled (PyPI's placeholder 0.0.0.2 is a py3-none-any wheel with an empty lgpio.py)."""
    match = WHEEL.match(Path(name).name)
    if match is None or version_of(match["version"]) < MINIMUM:
        return False
    tag = "cp" + python.replace(".", "")
    return (match["python"] == tag and match["abi"] == tag
            and match["platform"].endswith("_" + machine))


def index_versions(output: str) -> list[str]:
    """The versions in ``pip index versions lgpio``'s output, newest first."""
    found = re.search(r"^Available versions:(.*)$", output, re.MULTILINE)
    if found is None:
        return []
    return sorted((v.strip() for v in found[1].split(",") if v.strip()), key=version_of,
                  reverse=True)


def plan(python: str, machine: str, versions: Sequence[str], wheels: Iterable[str]) -> Plan:
    """What to install for Python ``python`` ("3.13") on ``machine``, given the versions PyPI
    has and the wheels pip downloaded for this Python."""
    if machine not in ARM:
        return Plan("skip")
    built = sorted((Path(w).name for w in wheels if usable_wheel(w, python, machine)),
                   key=lambda name: version_of(name.split("-")[1]), reverse=True)
    if built:
        return Plan("wheel", wheel=built[0])
    sources = [v for v in versions if version_of(v) >= MINIMUM]
    if not sources:
        raise NoLgpio(f"PyPI offers no lgpio {'.'.join(map(str, MINIMUM))} or newer "
                      f"(it has {', '.join(versions) or 'none'})")
    return Plan("source", version=max(sources, key=version_of), debs=BUILD_DEBS)


def main(argv: list[str]) -> int:
    """The installer's entry: ``lgpio PYTHON MACHINE VERSIONS [WHEEL...]``."""
    if len(argv) < 4 or argv[0] != "lgpio":
        sys.stderr.write(__doc__ or "")
        return 2
    python, machine, listing, *wheels = argv[1:]
    output = "" if listing == "-" else Path(listing).read_text(encoding="utf-8")
    try:
        print(plan(python, machine, index_versions(output), wheels).line())
    except NoLgpio as error:
        sys.stderr.write(f"{error}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
