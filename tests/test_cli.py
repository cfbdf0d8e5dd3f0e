"""The command line as a person or systemd meets it: its version, one clear line for a port in
use, and log lines journald can sort by priority."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

from tests.test_runtime import ROOT, run_cli

STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def test_version_names_the_installed_getaway() -> None:
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"getaway {version('getaway')}"


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("run", "--sim", "--headless", "--data", str(tmp_path),
                         "--host", "127.0.0.1", "--port", str(port))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"getaway: cannot listen on 127.0.0.1 port {port} (Address already in use); "
        "is Getaway running already? Choose another with --port."]


def logged(tmp_path: Path, journal: bool) -> list[str]:
    """What `getaway run` logs starting beside a damaged database, into a file as stderr
    (named as the journal's stream when ``journal``)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "getaway.sqlite").write_bytes(b"not a database " * 512)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("JOURNAL_STREAM", None)
    with open(tmp_path / "stderr", "w") as stderr:
        if journal:
            info = os.fstat(stderr.fileno())
            env["JOURNAL_STREAM"] = f"{info.st_dev}:{info.st_ino}"
        box = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--sim",
                                "--headless", "--data", str(data), "--host", "127.0.0.1",
                                "--port", "0"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=stderr, text=True)
        assert box.stdout is not None
        assert any("On this machine" in line for line in box.stdout)  # up and running
        box.kill()
        box.communicate(timeout=10)
    return (tmp_path / "stderr").read_text().splitlines()


def test_under_journald_lines_carry_their_priority_and_no_time(tmp_path: Path) -> None:
    lines = logged(tmp_path, journal=True)
    assert lines and all(re.match(r"<[0-7]>", line) for line in lines), lines
    assert any(line.startswith("<3>companion.runtime: ") and "damaged" in line
               for line in lines), lines
    assert not any(STAMP.search(line) for line in lines), lines


def test_in_a_terminal_lines_keep_their_time(tmp_path: Path) -> None:
    lines = logged(tmp_path, journal=False)
    assert any(STAMP.match(line) and " ERROR companion.runtime: " in line for line in lines)
