"""The helper scripts as a person runs them: `./dev` without a command, with --help, without
sudo, and what each of its commands installs; and the arm64 check's Debian archive taken from
this machine's apt sources (no package host in the repository)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RELEASE = next((line.split("=", 1)[1].strip().strip('"') for line in
                Path("/etc/os-release").read_text().splitlines()
                if line.startswith("VERSION_CODENAME=")), "")


def test_dev_without_a_command_prints_its_whole_help() -> None:
    result = subprocess.run([str(ROOT / "dev")], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert lines[0] == "Getaway's two commands:"
    assert "./dev sim" in lines[1] and "./dev test" in lines[2]
    assert lines[-1].endswith("."), "the help ends with a whole sentence"
    assert not any(line.startswith(("set ", "cd ")) for line in lines)


def test_dev_help_prints_the_help_and_succeeds() -> None:
    for asked in ("--help", "-h"):
        result = subprocess.run([str(ROOT / "dev"), asked], capture_output=True, text=True,
                                check=False)
        assert result.returncode == 0, asked
        assert result.stdout.splitlines()[0] == "Getaway's two commands:"


def test_dev_with_an_unknown_command_says_so() -> None:
    result = subprocess.run([str(ROOT / "dev"), "simulate"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == "getaway: no command simulate"


def test_installer_help_succeeds_and_an_unknown_option_fails() -> None:
    installer = str(ROOT / "scripts" / "install-pi.sh")
    asked = subprocess.run(["bash", installer, "--help"], capture_output=True, text=True,
                           check=False)
    assert asked.returncode == 0
    assert asked.stdout.startswith("Install Getaway on a Raspberry Pi")
    wrong = subprocess.run(["bash", installer, "--bogus"], capture_output=True, text=True,
                           check=False)
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert wrong.stderr.startswith("install-pi: unknown option --bogus")


def stub(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    path.chmod(0o755)


def test_dev_without_root_or_sudo_says_what_to_install(tmp_path: Path) -> None:
    """A person (uid 1000) on Debian without sudo and without Python's venv module."""
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("bash", "dirname", "awk"):
        found = shutil.which(tool)
        assert found
        (tools / tool).symlink_to(found)
    stub(tools, "id", "echo 1000")
    stub(tools, "apt-get", "echo apt-get was run; exit 1")
    stub(tools, "python3", f'case "$*" in *ensurepip*) exit 1;; esac; exec {sys.executable} "$@"')
    result = subprocess.run(["/usr/bin/env", "bash", str(ROOT / "dev"), "sim"],
                            env={"PATH": str(tools)}, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "getaway: please install python3-venv: as root, run: apt-get install python3-venv",
        "getaway: (or install sudo, and ./dev installs what it needs itself)"]


def dev_in(folder: Path, command: str) -> list[str]:
    """Run ``./dev command`` in a copy of the script whose .venv and apt-get only note what
    they are asked to install; everything asked so far."""
    if not (folder / "dev").exists():
        shutil.copy2(ROOT / "dev", folder / "dev")
        (folder / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
        for bin_dir in (folder / ".venv" / "bin", folder / "bin"):
            bin_dir.mkdir(parents=True)
        stub(folder / ".venv" / "bin", "python", f'echo "$*" >>{folder / "asked"}')
        stub(folder / ".venv" / "bin", "getaway", "exit 0")
        stub(folder / "bin", "apt-get", f'echo "apt-get $*" >>{folder / "asked"}')
    path = f"{folder / 'bin'}:{Path(sys.executable).parent}:{os.environ['PATH']}"
    result = subprocess.run([str(folder / "dev"), command], env={**os.environ, "PATH": path},
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return (folder / "asked").read_text().splitlines()


def test_dev_sim_installs_getaway_alone_and_once(tmp_path: Path) -> None:
    """The simulator needs Getaway in .venv: no test tools, no Debian packages."""
    installed = ["-m pip install -q --upgrade pip", "-m pip install -q -e ."]
    assert dev_in(tmp_path, "sim") == installed
    assert dev_in(tmp_path, "sim") == installed


def installer(tmp_path: Path, machine: str, os_release: str) -> subprocess.CompletedProcess[str]:
    """scripts/install-pi.sh on a machine ``uname -m`` calls ``machine``, under a user who
    is not root: it checks the system before it asks for root."""
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    stub(tools, "uname", f'case "$1" in -m) echo {machine};; *) echo Linux;; esac')
    stub(tools, "id", "echo 1000")
    (tmp_path / "os-release").write_text(os_release, encoding="utf-8")
    return subprocess.run([str(ROOT / "scripts" / "install-pi.sh"), "--no-apt"],
                          env={"PATH": f"{tools}:/usr/bin:/bin",
                               "OS_RELEASE": str(tmp_path / "os-release")},
                          capture_output=True, text=True, check=False)


RASPBERRY_PI_OS = 'PRETTY_NAME="Raspbian GNU/Linux 12 (bookworm)"\nID=raspbian\nID_LIKE=debian\n'


def test_the_installer_refuses_32_bit_arm_first(tmp_path: Path) -> None:
    result = installer(tmp_path, "armv7l", RASPBERRY_PI_OS)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "install-pi: this is a 32-bit ARM system (armv7l, Raspbian GNU/Linux 12 (bookworm)): "
        "Getaway needs Raspberry Pi OS 64-bit (pygame-ce has no 32-bit ARM build); a Pi Zero "
        "2 W, 3, 4 or 5 runs it"]


def test_the_installer_refuses_a_system_without_apt(tmp_path: Path) -> None:
    result = installer(tmp_path, "aarch64", 'PRETTY_NAME="Fedora Linux 41"\nID=fedora\n')
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "install-pi: this is Fedora Linux 41: the installer needs Debian's apt and systemd "
        "(Raspberry Pi OS Bookworm or Trixie)"]


def test_the_installer_names_the_system_it_installs_on(tmp_path: Path) -> None:
    result = installer(tmp_path, "aarch64", RASPBERRY_PI_OS)
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        "install-pi: installing on Raspbian GNU/Linux 12 (bookworm) (aarch64)")
    assert "run me as root" in result.stderr.splitlines()[1]


def arm64_check(*arguments: str, sources: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ROOT / "scripts" / "arm64-check.sh"), *arguments],
                          env={"APT_SOURCES": str(sources), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=False)


@pytest.mark.skipif(not RELEASE, reason="no VERSION_CODENAME in /etc/os-release")
@pytest.mark.parametrize("suite", [(), ("--suite", "trixie")])
@pytest.mark.parametrize("kind", ["deb822", "one-line"])
def test_the_arm64_check_builds_from_the_archive_apt_uses(
        tmp_path: Path, kind: str, suite: tuple[str, ...]) -> None:
    """The archive of this machine's own release serves the other suite too."""
    (tmp_path / "sources.list.d").mkdir()
    if kind == "deb822":
        (tmp_path / "sources.list.d" / "debian.sources").write_text(
            f"Types: deb\nURIs: http://security.example/debian-security\n"
            f"Suites: {RELEASE}-security\nComponents: main\n\n"
            f"Types: deb deb-src\nURIs: http://mirror.example/debian\n"
            f"Suites: {RELEASE} {RELEASE}-updates\nComponents: main\n")
    else:
        (tmp_path / "sources.list").write_text(
            f"# deb http://commented.example/debian {RELEASE} main\n"
            f"deb http://security.example/debian-security {RELEASE}-security main\n"
            f"deb [arch=arm64 signed-by=/usr/share/keyrings/x.gpg] "
            f"http://mirror.example/debian {RELEASE} main\n")
    result = arm64_check(*suite, "--mirror", sources=tmp_path)
    assert (result.returncode, result.stdout) == (0, "http://mirror.example/debian\n")


def test_the_arm64_check_names_the_suites_it_can_build(tmp_path: Path) -> None:
    result = arm64_check("--suite", "buster", "--mirror", sources=tmp_path)
    assert result.returncode == 2
    assert "--suite takes bookworm or trixie" in result.stderr


def test_no_package_host_is_written_into_the_scripts() -> None:
    for script in (ROOT / "scripts").iterdir():
        assert "debian.org" not in script.read_text(encoding="utf-8"), script.name
