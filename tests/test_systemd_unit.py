"""systemd/getaway.service: what the box needs from systemd, checked by systemd-analyze itself."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.cli import parse
from companion.logs import Exit

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "getaway.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
MAX_EXPOSURE = 2.5


def settings(text: str) -> dict[str, list[str]]:
    """Every key of the unit with all its values, in order (keys may repeat)."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def checkable_copy(tmp_path: Path, text: str) -> Path:
    """The unit with ExecStart on /bin/true: verify refuses a program that is not installed."""
    copy = tmp_path / "getaway.service"
    copy.write_text(re.sub(r"(?m)^ExecStart=.*$", "ExecStart=/bin/true", text), encoding="utf-8")
    return copy


def analyze(*args: str) -> subprocess.CompletedProcess[str]:
    assert ANALYZE is not None
    return subprocess.run([ANALYZE, *args], capture_output=True, text=True, check=False,
                          timeout=120)


def exposure(output: str) -> float:
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", output)
    assert found, output
    return float(found.group(1))


def test_unit_is_a_notify_service_with_a_watchdog_that_restarts_it() -> None:
    unit = settings(UNIT.read_text(encoding="utf-8"))
    assert unit["Type"] == ["notify"]
    assert unit["NotifyAccess"] == ["main"]
    assert int(unit["WatchdogSec"][0]) > 0
    assert unit["Restart"] == ["always"]


def test_unit_gives_up_on_a_crash_loop_and_never_retries_a_refusal() -> None:
    """A wrong pin map restarted the box every 2 s for ever: a refusal to start (exit 2) or
    no GPIO pins (exit 3) stops it at once, anything else after a few starts."""
    unit = settings(UNIT.read_text(encoding="utf-8"))
    assert {int(code) for code in unit["RestartPreventExitStatus"][0].split()} == {
        Exit.REFUSED, Exit.NO_PINS}
    window, burst = int(unit["StartLimitIntervalSec"][0]), int(unit["StartLimitBurst"][0])
    assert 0 < burst <= 10
    assert window >= burst * int(unit["RestartSec"][0]), "the restarts must fall inside it"


def test_unit_runs_as_the_getaway_user_with_the_hardware_groups() -> None:
    unit = settings(UNIT.read_text(encoding="utf-8"))
    assert unit["User"] == ["getaway"]
    assert unit["Group"] == ["getaway"]
    assert set(unit["SupplementaryGroups"][0].split()) == {"gpio", "video", "render"}
    assert unit["StateDirectory"] == ["getaway"]
    assert unit["ProtectSystem"] == ["strict"]
    assert "PrivateDevices" not in unit, "it would hide /dev/gpiochip*"


def test_unit_allows_only_the_gpio_and_screen_devices() -> None:
    """No sound card (the buzzer is a GPIO), no input devices (the buttons are GPIOs)."""
    unit = settings(UNIT.read_text(encoding="utf-8"))
    assert unit["DevicePolicy"] == ["closed"]
    assert unit["DeviceAllow"] == ["char-gpiochip rw", "char-drm rw", "/dev/fb1 rw"]
    environment = dict(pair.split("=", 1) for line in unit["Environment"]
                       for pair in line.split())
    assert environment["SDL_AUDIODRIVER"] == "dummy"


def test_unit_chooses_lgpio_with_a_writable_lg_wd() -> None:
    unit = settings(UNIT.read_text(encoding="utf-8"))
    environment = dict(pair.split("=", 1) for line in unit["Environment"]
                       for pair in line.split())
    assert environment["GPIOZERO_PIN_FACTORY"] == "lgpio"
    assert environment["LG_WD"] == "%t/getaway"
    assert unit["RuntimeDirectory"] == ["getaway"]  # %t/getaway, writable under strict


def test_unit_starts_getaway_run_with_arguments_the_cli_accepts() -> None:
    unit = settings(UNIT.read_text(encoding="utf-8"))
    program, *arguments = shlex.split(unit["ExecStart"][0])
    assert program == "/opt/getaway/venv/bin/getaway"
    args = parse(arguments)
    assert args.command == "run"
    assert not args.sim
    assert str(args.data) == "%S/getaway"
    assert str(args.pins) == "/etc/getaway/pins.toml"


@needs_analyze
def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    copy = checkable_copy(tmp_path, UNIT.read_text(encoding="utf-8"))
    result = analyze("verify", str(copy))
    assert result.returncode == 0, result.stderr
    assert "getaway.service" not in result.stderr, result.stderr


@needs_analyze
def test_unit_exposure_is_at_most_2_5(tmp_path: Path) -> None:
    copy = checkable_copy(tmp_path, UNIT.read_text(encoding="utf-8"))
    result = analyze("security", "--offline=true", f"--threshold={round(MAX_EXPOSURE * 10)}",
                     str(copy))
    assert result.returncode == 0, result.stdout + result.stderr
    assert exposure(result.stdout) <= MAX_EXPOSURE


@needs_analyze
def test_unit_checks_fail_on_an_unhardened_unit(tmp_path: Path) -> None:
    """The security check can fail: the same unit without its hardening is refused."""
    text = UNIT.read_text(encoding="utf-8")
    bare = "\n".join(line for line in text.splitlines()
                     if not line.startswith(("Protect", "Restrict", "SystemCall", "Capability",
                                             "Private", "NoNewPrivileges", "Device")))
    copy = checkable_copy(tmp_path, bare)
    result = analyze("security", "--offline=true", f"--threshold={round(MAX_EXPOSURE * 10)}",
                     str(copy))
    assert result.returncode != 0
    assert exposure(result.stdout) > MAX_EXPOSURE
