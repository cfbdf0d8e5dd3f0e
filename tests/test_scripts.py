"""The helper scripts as a person runs them: `./dev` without a command, and the arm64 check's
Debian archive taken from this machine's apt sources (no package host in the repository)."""

from __future__ import annotations

import subprocess
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
