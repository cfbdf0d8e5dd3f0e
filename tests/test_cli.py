"""The command line as a person or systemd meets it: its version, one clear line and its own
exit code for each refusal, log lines journald can sort by priority, and the table page's
secret link never in a log."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path

import pytest

from companion.logs import Exit
from tests.test_read_only import mount_namespaces, read_only
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


def started(tmp_path: Path, *options: str, journal: bool = False, wrapper: Sequence[str] = (),
            while_up: Callable[[list[str]], None] = lambda printed: None,
            ) -> tuple[list[str], list[str]]:
    """What `getaway run --sim` prints (stdout, and stderr into a file, named as the
    journal's stream when ``journal``) from its start until it is stopped once up and
    ``while_up`` has seen what it printed so far."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONUNBUFFERED": "1"}
    env.pop("JOURNAL_STREAM", None)
    printed = []
    with open(tmp_path / "stderr", "w") as stderr:
        if journal:
            info = os.fstat(stderr.fileno())
            env["JOURNAL_STREAM"] = f"{info.st_dev}:{info.st_ino}"
        box = subprocess.Popen([*wrapper, sys.executable, "-m", "companion.cli", "run", "--sim",
                                "--headless", "--port", "0", *options], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=stderr, text=True)
        assert box.stdout is not None
        for line in box.stdout:
            printed.append(line.rstrip("\n"))
            if line.startswith("On this machine"):  # up and running
                break
        try:
            while_up(printed)
        finally:
            box.terminate()
        printed += box.communicate(timeout=30)[0].splitlines()
    assert any(line.startswith("On this machine") for line in printed), printed
    return printed, (tmp_path / "stderr").read_text().splitlines()


def logged(tmp_path: Path, journal: bool) -> list[str]:
    """What `getaway run` logs starting beside a damaged database."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "getaway.sqlite").write_bytes(b"not a database " * 512)
    return started(tmp_path, "--data", str(data), "--host", "127.0.0.1", journal=journal)[1]


def test_under_journald_lines_carry_their_priority_and_no_time(tmp_path: Path) -> None:
    lines = logged(tmp_path, journal=True)
    assert lines and all(re.match(r"<[0-7]>", line) for line in lines), lines
    assert any(line.startswith("<3>companion.runtime: ") and "damaged" in line
               for line in lines), lines
    assert not any(STAMP.search(line) for line in lines), lines


def test_in_a_terminal_lines_keep_their_time(tmp_path: Path) -> None:
    lines = logged(tmp_path, journal=False)
    assert any(STAMP.match(line) and " ERROR companion.runtime: " in line for line in lines)


def test_the_journal_gets_the_join_link_in_one_line_and_never_the_host_link(
        tmp_path: Path) -> None:
    printed, lines = started(tmp_path, "--data", str(tmp_path / "data"), journal=True)
    assert len(printed) == 3, printed  # no QR code drawn in characters
    assert printed[0] == f"Games are kept in {tmp_path / 'data'}"
    assert re.fullmatch(r"Getaway is ready\. (Phones join at http://\S+/j/[A-Z0-9]{5}|No "
                        r"network yet: .*)", printed[1]), printed
    assert re.fullmatch(r"On this machine: http://localhost:\d+/j/[A-Z0-9]{5}  \(join code: "
                        r"[A-Z0-9]{5}\)", printed[2]), printed
    assert not any("/h/" in line for line in printed + lines)
    asked, _ = started(tmp_path, "--data", str(tmp_path / "data"), "--print-host-link")
    assert re.search(r"; table page: http://localhost:\d+/h/\S+\)$", asked[-1]), asked


def journal_of(tmp_path: Path, program: str) -> list[str]:
    """The stderr of ``program`` (Python, after Getaway's logging is set up) under journald."""
    env = {**os.environ}
    with open(tmp_path / "stderr", "w") as stderr:
        info = os.fstat(stderr.fileno())
        env["JOURNAL_STREAM"] = f"{info.st_dev}:{info.st_ino}"
        subprocess.run([sys.executable, "-c", "from companion import logs\n"
                        "logs.setup(verbose=False)\n" + program], cwd=ROOT, env=env,
                       stderr=stderr, timeout=60, check=False)
    return (tmp_path / "stderr").read_text().splitlines()


def test_a_traceback_is_critical_on_every_line_of_the_journal(tmp_path: Path) -> None:
    lines = journal_of(tmp_path, "import threading\n"
                                 "def fail(): raise ValueError('in a thread')\n"
                                 "thread = threading.Thread(target=fail); thread.start()\n"
                                 "thread.join(); raise ValueError('in the main thread')")
    assert lines and all(line.startswith("<2>") for line in lines), lines
    assert sum("stopped by an unexpected error" in line for line in lines) == 2, lines
    assert lines[-1] == "<2>ValueError: in the main thread", lines


def test_a_library_warning_is_one_warning_line_of_the_journal(tmp_path: Path) -> None:
    lines = journal_of(tmp_path, "import warnings\n"
                                 "from gpiozero.exc import PWMSoftwareFallback\n"
                                 "warnings.warn(PWMSoftwareFallback('software PWM'))")
    assert len(lines) == 1, lines
    assert lines[0].startswith("<4>py.warnings: PWMSoftwareFallback: software PWM ("), lines


@pytest.mark.parametrize("port", ["99999", "-5", "eight"])
def test_a_port_out_of_range_is_one_clear_line(tmp_path: Path, port: str) -> None:
    result = run_cli("run", "--sim", "--headless", "--data", str(tmp_path), "--port", port)
    assert result.returncode == Exit.REFUSED
    assert result.stderr.splitlines() == [
        f"getaway run: argument --port: {port} is not a port (0 to 65535) "
        "(see getaway run --help)"]


def test_data_naming_a_file_is_one_clear_line(tmp_path: Path) -> None:
    file = tmp_path / "games.txt"
    file.write_text("not a folder")
    result = run_cli("run", "--sim", "--headless", "--data", str(file), "--port", "0")
    assert result.returncode == Exit.REFUSED
    assert result.stderr.splitlines() == [
        f"getaway: --data {file} is a file: give the folder the games are kept in"]
    assert file.read_text() == "not a folder"


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this machine has GPIO pins")
def test_selftest_without_gpio_pins_is_one_line_and_its_own_exit_code() -> None:
    result = run_cli("selftest", "--headless", "--timeout", "0")
    assert result.returncode == Exit.NO_PINS
    assert result.stderr.splitlines() == [
        "getaway: no GPIO pins here (Unable to load any default pin factory!); on a computer "
        "use `getaway selftest --sim` (-v tells why)"]


def test_the_exit_codes_are_distinct_and_told_in_the_help() -> None:
    assert len({int(code) for code in Exit}) == len(Exit)
    shown = " ".join(run_cli("selftest", "--help").stdout.split())
    for code in Exit:
        assert f" {int(code)} " in shown, code


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 on this machine")
def test_listening_on_every_ipv6_address_takes_ipv4_too(tmp_path: Path) -> None:
    answered = []

    def open_table_page(printed: list[str]) -> None:
        port = re.search(r"On this machine: http://localhost:(\d+)/", printed[-1])
        assert port
        for host in ("127.0.0.1", "[::1]"):
            with urllib.request.urlopen(f"http://{host}:{port[1]}/table", timeout=10) as page:
                answered.append(page.status)

    started(tmp_path, "--data", str(tmp_path / "data"), "--host", "::", while_up=open_table_page)
    assert answered == [200, 200]


@pytest.mark.skipif(os.geteuid() != 0 or not mount_namespaces(),
                    reason="needs root and a private mount namespace for a read-only mount")
def test_a_read_only_data_folder_never_claims_the_games_are_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    printed, lines = started(tmp_path, "--data", str(data), wrapper=read_only(data))
    assert not any("Games are kept" in line for line in printed), printed
    assert any(f" ERROR companion.runtime: {data} cannot be written: The SD card is "
               "read-only: playing on without saving." in line for line in lines), lines
