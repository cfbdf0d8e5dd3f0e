"""scripts/install-pi.sh, run for real in a throwaway root: install, upgrade, uninstall, purge.

The root shares this machine's /usr (read-only) and has its own copy of /etc and empty
/opt, /var and /run, so the script's useradd, venv, pip and `systemctl enable` change only
the copy. It needs root (chroot, mounts) and pip's index; without them it is skipped.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GROUPS = {"gpio", "video", "render"}
SKIP = shutil.ignore_patterns(".venv", ".git", "artifacts", "*.egg-info", "__pycache__",
                              ".mypy_cache", ".pytest_cache", ".ruff_cache")

def mount_namespaces() -> bool:
    """Whether this machine lets root make a private mount namespace (a container may not)."""
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "true"],
                           capture_output=True, check=False)
    return probe.returncode == 0


pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="needs root: it makes users and a chroot"),
    pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare (util-linux)"),
    pytest.mark.skipif(shutil.which("systemctl", path="/usr/bin:/bin") is None,
                       reason="needs systemd's systemctl to enable the unit"),
    pytest.mark.skipif(os.geteuid() == 0 and shutil.which("unshare") is not None
                       and not mount_namespaces(),
                       reason="no private mount namespace here (is / a mount point?)"),
    pytest.mark.skipif(subprocess.run(["/usr/bin/python3", "-c", "import ensurepip, venv"],
                                      capture_output=True, check=False).returncode != 0,
                       reason="needs Debian's python3-venv for /usr/bin/python3"),
]

ENTER = r"""
set -eu
PATH=/usr/sbin:/usr/bin:/sbin:/bin
r=$1; shift
mount --bind /usr "$r/usr"
mount -o remount,bind,ro "$r/usr"
mount -t proc proc "$r/proc"
mount --bind /dev "$r/dev"
mkdir -p /root/.cache/pip
mount --bind /root/.cache/pip "$r/root/.cache/pip"
exec chroot "$r" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin \
    HOME=/root LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt "$@"
"""


class Box:
    """A throwaway root with this checkout in /src, where commands run as in a fresh Pi."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.chmod(0o755)  # "/" of the root: the getaway user must pass through it
        for name in ("usr", "proc", "dev", "opt", "run", "tmp", "var/lib", "var/tmp",
                     "root/.cache/pip"):
            (path / name).mkdir(parents=True, exist_ok=True)
        (path / "tmp").chmod(0o1777)
        for name in ("bin", "sbin", "lib", "lib64"):
            host = Path("/") / name
            if host.is_symlink():
                (path / name).symlink_to(os.readlink(host))
        subprocess.run(["cp", "-a", "/etc", str(path / "etc")], check=True)
        for stale in ("systemd/system/getaway.service", "getaway"):
            target = path / "etc" / stale
            if target.is_dir():
                shutil.rmtree(target)
            target.unlink(missing_ok=True)
        shutil.copytree(ROOT, path / "src", ignore=SKIP)

    def run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            ["unshare", "--mount", "--propagation", "private", "sh", "-c", ENTER, "enter",
             str(self.path), *command], cwd="/", capture_output=True, text=True, timeout=900,
            check=False)
        if check:
            assert result.returncode == 0, result.stdout + result.stderr
        return result

    def install(self, *options: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run("/src/scripts/install-pi.sh", "--no-apt", *options, check=check)

    def venv(self) -> str:
        """The environment the link /opt/getaway/venv names (the service runs from it); the
        only one there is."""
        link = self.file("/opt/getaway/venv")
        assert link.is_symlink()
        named = os.readlink(link)
        assert sorted(p.name for p in self.file("/opt/getaway").iterdir()) == sorted(
            ["venv", named]), "no half-built or old environment left"
        return named

    def file(self, name: str) -> Path:
        return self.path / name.lstrip("/")

    def passwd(self, user: str) -> str | None:
        found = self.run("getent", "passwd", user, check=False)
        return found.stdout.strip() or None


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    yield Box(tmp_path_factory.mktemp("pi"))


@pytest.fixture
def installed(box: Box) -> Box:
    """The root with Getaway installed (by the first test, or now if it ran alone)."""
    if not box.file("/opt/getaway/venv/bin/getaway").exists():
        box.install()
    return box


def test_install_makes_the_user_the_venv_the_pins_and_the_enabled_unit(box: Box) -> None:
    result = box.install()
    assert re.search(r"^install-pi: this is not a Raspberry Pi|^install-pi: installing on .* "
                     r"\(aarch64\)$", result.stderr, re.M), result.stderr
    assert box.venv().startswith("venv-")
    assert box.passwd("getaway") is not None
    groups = set(box.run("id", "-nG", "getaway").stdout.split())
    assert groups >= GROUPS | {"getaway"}
    assert box.file("/etc/getaway/pins.toml").read_bytes() == (
        ROOT / "hardware" / "pins.toml").read_bytes()
    assert box.file("/etc/systemd/system/getaway.service").read_bytes() == (
        ROOT / "systemd" / "getaway.service").read_bytes()
    wants = box.file("/etc/systemd/system/multi-user.target.wants/getaway.service")
    assert wants.is_symlink()
    data = box.file("/var/lib/getaway")
    assert data.is_dir()
    assert box.run("stat", "-c", "%U %a", "/var/lib/getaway").stdout.split() == ["getaway", "750"]


def test_installed_getaway_runs_as_its_user_with_the_installed_pins(installed: Box) -> None:
    """The self-test of the unit's own command line: the installed pin map is accepted."""
    result = installed.run("runuser", "-u", "getaway", "--", "env", "SDL_VIDEODRIVER=dummy",
                     "SDL_AUDIODRIVER=dummy", "/opt/getaway/venv/bin/getaway", "selftest",
                     "--sim", "--headless", "--timeout", "0", "--lang", "en",
                     "--pins", "/etc/getaway/pins.toml", check=False)
    assert result.returncode == 1, result.stderr  # nobody pressed the buttons
    assert "TURN: no answer" in result.stdout


@pytest.mark.skipif(platform.machine() not in ("aarch64", "armv7l"),
                    reason="lgpio is installed on ARM only")
def test_lgpio_is_pypi_s_build_or_on_python_3_13_built_from_its_source(installed: Box) -> None:
    """PyPI has lgpio built for Python 3.11 and 3.12 but not for Trixie's 3.13."""
    result = installed.install("--upgrade")
    built = "PyPI has no lgpio built for Python 3." in result.stderr
    assert built == (sys.version_info >= (3, 13)), result.stderr
    text = installed.run("/opt/getaway/venv/bin/python", "-c",
                         "import lgpio; print(lgpio.error_text(lgpio.BAD_HANDLE))")
    assert text.stdout.strip() == "unknown handle"  # from lgpio's C library, linked in


def test_install_twice_is_refused(installed: Box) -> None:
    result = installed.install(check=False)
    assert result.returncode == 1
    assert "already installed: use --upgrade" in result.stderr


def test_upgrade_installs_the_new_code_and_keeps_games_and_pins(installed: Box) -> None:
    game = installed.file("/var/lib/getaway/getaway.sqlite")
    game.write_bytes(b"a game in progress")
    pins = installed.file("/etc/getaway/pins.toml")
    edited = pins.read_text(encoding="utf-8").replace("rotation = 0", "rotation = 180")
    pins.write_text(edited, encoding="utf-8")
    project = installed.file("/src/pyproject.toml")
    project.write_text(re.sub(r'(?m)^version = ".*"$', 'version = "99.0.0"',
                              project.read_text(encoding="utf-8")), encoding="utf-8")
    before = installed.venv()
    result = installed.install("--upgrade")
    assert "Getaway 99.0.0 is installed" in result.stderr
    after = installed.venv()
    assert after != before, "the new environment is built beside the old one"
    assert not installed.file(f"/opt/getaway/{before}").exists(), "and the old one removed"
    assert game.read_bytes() == b"a game in progress"
    assert pins.read_text(encoding="utf-8") == edited
    assert not installed.file("/etc/getaway/pins.toml.new").exists(), "the default is the same"


def test_upgrade_puts_a_changed_default_pin_map_beside_an_edited_one(installed: Box) -> None:
    pins = installed.file("/etc/getaway/pins.toml")
    edited = pins.read_text(encoding="utf-8").replace("rotation = 0", "rotation = 90")
    pins.write_text(edited, encoding="utf-8")
    default = installed.file("/src/hardware/pins.toml")
    shipped = default.read_text(encoding="utf-8")
    default.write_text(shipped + "\n# a new default\n", encoding="utf-8")
    try:
        installed.install("--upgrade")
    finally:
        default.write_text(shipped, encoding="utf-8")
    assert pins.read_text(encoding="utf-8") == edited
    assert installed.file("/etc/getaway/pins.toml.new").read_text(
        encoding="utf-8").endswith("# a new default\n")


def test_upgrade_leaves_the_checkout_untouched_and_drops_deleted_modules(installed: Box) -> None:
    gone = installed.file("/src/companion/soon_gone.py")
    gone.write_text('"""A module the next version deletes."""\n', encoding="utf-8")
    # An install from before the link: its environment was the folder /opt/getaway/venv.
    folder = installed.file("/opt/getaway/venv")
    target = folder.resolve()
    folder.unlink()
    target.rename(folder)
    installed.install("--upgrade")
    installed.venv()
    site = installed.run("/opt/getaway/venv/bin/python", "-c",
                         "import companion, os; print(os.path.dirname(companion.__file__))")
    module = installed.file(site.stdout.strip()) / "soon_gone.py"
    assert module.exists()
    gone.unlink()
    installed.install("--upgrade")
    assert not module.exists()
    for leftover in ("build", "getaway.egg-info", "dist"):
        assert not installed.file(f"/src/{leftover}").exists(), leftover


def test_a_failed_upgrade_leaves_the_box_as_it_was(installed: Box) -> None:
    project = installed.file("/src/pyproject.toml")
    good = project.read_text(encoding="utf-8")
    before = installed.run("/opt/getaway/venv/bin/getaway", "--help").stdout
    running = installed.venv()
    project.write_text(good + "\n[this is not toml\n", encoding="utf-8")
    try:
        result = installed.install("--upgrade", check=False)
    finally:
        project.write_text(good, encoding="utf-8")
    assert result.returncode == 1
    assert "nothing was changed" in result.stderr
    assert installed.run("/opt/getaway/venv/bin/getaway", "--help").stdout == before
    assert installed.venv() == running


@pytest.mark.skipif(platform.machine() in ("aarch64", "armv7l") and shutil.which("gcc") is None,
                    reason="on an ARM machine RPi.GPIO is compiled: needs gcc and python3-dev")
def test_rpigpio_is_chosen_by_a_drop_in_that_upgrades_keep(installed: Box) -> None:
    drop_in = installed.file("/etc/systemd/system/getaway.service.d/pin-factory.conf")
    installed.install("--upgrade", "--rpigpio")
    chosen = drop_in.read_text(encoding="utf-8")
    assert "Environment=GPIOZERO_PIN_FACTORY=rpigpio" in chosen
    assert "DeviceAllow=/dev/gpiomem rw" in chosen
    installed.install("--upgrade")
    assert drop_in.read_text(encoding="utf-8") == chosen


def test_uninstall_keeps_only_the_games(installed: Box) -> None:
    installed.file("/var/lib/getaway/getaway.sqlite").write_bytes(b"a game in progress")
    installed.install("--uninstall")
    assert installed.passwd("getaway") is None
    for gone in ("/opt/getaway", "/etc/getaway", "/etc/systemd/system/getaway.service",
                 "/etc/systemd/system/multi-user.target.wants/getaway.service"):
        assert not installed.file(gone).exists(), gone
    assert installed.file("/var/lib/getaway/getaway.sqlite").read_bytes() == b"a game in progress"


def test_uninstall_purge_removes_the_games(installed: Box) -> None:
    installed.install("--uninstall", "--purge")
    assert not installed.file("/var/lib/getaway").exists()
