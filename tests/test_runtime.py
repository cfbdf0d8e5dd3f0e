"""The assembled box: refusals at start, READY and the watchdog under a stand-in systemd, and
start-up that no damaged database, missing screen or full disk can block."""

from __future__ import annotations

import http.cookiejar
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.device.display import run_display
from companion.device.painters.palette import DANGER
from companion.games import GAMES
from companion.games.base import Action, GetawayError
from companion.i18n import Told
from companion.logs import Exit
from companion.runtime import (
    DATABASE,
    DATABASE_MOVED,
    DATABASE_PARTIAL,
    DISK_FULL,
    choose_video,
    notices,
    open_store,
)
from companion.table.owner import Table
from companion.table.unsaved import WatchedStore
from tests.clock import FakeClock
from tests.device.test_display import Panel
from tests.program import Program, VirtualScreen
from tests.tables import open_table

ROOT = Path(__file__).resolve().parent.parent
FREEZABLE = """\
import signal, sys, threading
from companion.cli import main

def freeze(*_):
    # Runs on the main thread, so the display loop (and its watchdog pings) stops here.
    print("frozen", flush=True)
    threading.Event().wait()

signal.signal(signal.SIGUSR1, freeze)
sys.exit(main(sys.argv[1:]))
"""


class Systemd:
    """A stand-in for systemd: the notify socket, and the box started as its service."""

    def __init__(self, tmp_path: Path, watchdog_usec: int | None = None) -> None:
        self.path = tmp_path / "notify"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.path))
        self.env = {**os.environ, "NOTIFY_SOCKET": str(self.path), "PYTHONUNBUFFERED": "1",
                    "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        if watchdog_usec:
            self.env["WATCHDOG_USEC"] = str(watchdog_usec)
        self.process: subprocess.Popen[str] | None = None
        self.url = self.host_link = ""

    def start(self, data: Path, *extra: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", FREEZABLE, "run", "--sim", "--headless", "--data", str(data),
             "--host", "127.0.0.1", "--port", "0", "--print-host-link", *extra],
            cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        found = self.expect_line(r"On this machine: (http://localhost:\d+)/.*page: (\S+)\)")
        self.url, self.host_link = found.groups()

    def post(self, kind: str, args: dict[str, Any]) -> int:
        """An action from the table page, a browser that opened the host link first."""
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        opener.open(self.host_link, timeout=10).close()
        body = json.dumps({"type": kind, "args": args, "host": True}).encode()
        request = urllib.request.Request(self.url + "/api/action", body,
                                         {"Content-Type": "application/json"})
        with opener.open(request, timeout=10) as response:
            return int(response.status)

    def expect_line(self, pattern: str) -> re.Match[str]:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            found = re.search(pattern, line)
            if found:
                return found
        raise AssertionError(f"no line {pattern!r}; exit {self.process.wait()}: "
                             f"{self.process.stderr.read() if self.process.stderr else ''}")

    def message(self, timeout: float = 10.0) -> str | None:
        self.sock.settimeout(timeout)
        try:
            return self.sock.recv(256).decode()
        except TimeoutError:
            return None

    def waiting(self) -> list[str]:
        """The messages already sent, without waiting for more."""
        messages = []
        while (message := self.message(timeout=0.001)) is not None:
            messages.append(message)
        return messages

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=10)
        self.sock.close()


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[Systemd]:
    stand_in = Systemd(tmp_path, watchdog_usec=1_000_000)
    yield stand_in
    stand_in.stop()


def get(url: str) -> tuple[int, dict[str, Any]]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, json.load(response)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("GPIOZERO_PIN_FACTORY", None)
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


# -- refusals at start -------------------------------------------------------------------------

def test_runtime_refuses_a_wrong_pin_map_naming_the_line(tmp_path: Path) -> None:
    pins = tmp_path / "pins.toml"
    packaged = (ROOT / "hardware" / "pins.toml").read_text(encoding="utf-8")
    pins.write_text(packaged.replace("right = 6 ", "right = 5 "), encoding="utf-8")
    line = next(n for n, text in enumerate(packaged.splitlines(), 1) if text.startswith("right"))
    result = run_cli("run", "--sim", "--headless", "--data", str(tmp_path), "--pins", str(pins))
    assert result.returncode == 2
    assert f"{pins} line {line}: GPIO 5 is used twice" in result.stderr
    assert not (tmp_path / DATABASE).exists(), "refused before anything was touched"


def wrong_pin_map(tmp_path: Path) -> Path:
    """The packaged pin map with GPIO 5 used twice."""
    pins = tmp_path / "pins.toml"
    packaged = (ROOT / "hardware" / "pins.toml").read_text(encoding="utf-8")
    pins.write_text(packaged.replace("right = 6 ", "right = 5 "), encoding="utf-8")
    return pins


def start_under_systemd(systemd: Systemd, data: Path, pins: Path) -> subprocess.Popen[str]:
    """`getaway run` as systemd's service, with the pin map ``pins``."""
    systemd.process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "run", "--data", str(data), "--pins", str(pins)],
        cwd=ROOT, env=systemd.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return systemd.process


def test_under_systemd_a_wrong_pin_map_is_shown_on_the_screen_until_stopped(
        tmp_path: Path, systemd: Systemd) -> None:
    """A box on the table: the reason on its screen (the packaged map's, as the given one
    cannot be read), systemd told so as the status, and no start again: exit 2 when stopped."""
    pins = wrong_pin_map(tmp_path)
    process = start_under_systemd(systemd, tmp_path / "data", pins)
    shown = systemd.expect_line(r"GPIO 5 ist doppelt belegt")
    assert shown.string.startswith(str(pins)), "the screen's console says the reason"
    said = [systemd.message(), systemd.message()]
    assert said[0] is not None and said[0].startswith("STATUS=not started: ")
    assert "GPIO 5 is used twice" in said[0]
    assert said[1] == "READY=1"
    assert systemd.message() == "WATCHDOG=1"
    process.terminate()
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == Exit.REFUSED
    told = [line for line in stderr.splitlines() if "GPIO 5" in line]
    assert len(told) == 1 and told[0].startswith(f"getaway: {pins} line "), stderr
    assert not (tmp_path / "data").exists(), "refused before anything was touched"


@pytest.mark.parametrize(("language", "title", "reason"), [
    (None, "Getaway kann nicht starten:", "Zeile 19: GPIO 5 ist doppelt belegt (buttons.left "
                                          "und buttons.right)"),
    ("de", "Getaway kann nicht starten:", "Zeile 19: GPIO 5 ist doppelt belegt"),
    ("en", "Getaway cannot start:", "line 19: GPIO 5 is used twice (buttons.left and "
                                    "buttons.right)"),
])
def test_the_refusal_screen_speaks_the_boxs_language_in_title_and_reason(
        tmp_path: Path, systemd: Systemd, language: str | None, title: str,
        reason: str) -> None:
    """The screen's title and reason in one language: the one the box was last set to (its
    default, German, before it was ever set)."""
    data = tmp_path / "data"
    data.mkdir()
    table = open_table(data / DATABASE)
    for step in ("en", language) if language else ():
        table.submit(Action("table.language", None, {"language": step}))
    table.stop()
    pins = wrong_pin_map(tmp_path)
    out = start_under_systemd(systemd, data, pins).stdout
    assert out is not None
    assert next(out).rstrip("\n") == title
    assert next(out).startswith(f"{pins} {reason}")


@pytest.mark.skipif(Path("/dev/gpiochip0").exists(), reason="this machine has GPIO pins")
def test_runtime_without_gpio_pins_points_to_the_simulator(tmp_path: Path) -> None:
    result = run_cli("run", "--headless", "--data", str(tmp_path), "--port", "0")
    assert result.returncode == Exit.NO_PINS
    assert result.stderr.splitlines() == [
        "getaway: no GPIO pins here (Unable to load any default pin factory!); on a computer "
        "use `getaway run --sim` (-v tells why)"]


def test_runtime_listening_on_one_address_hands_out_links_to_it(tmp_path: Path) -> None:
    """`--host 127.0.0.1` answers only on this machine: the printed join link (the QR code's)
    is one that answers, not the network's address."""
    box = Program(tmp_path)
    box.start()
    try:
        assert box.printed_join.startswith(f"http://127.0.0.1:{box.port}/j/")
        with urllib.request.urlopen(box.printed_join, timeout=10) as page:
            assert page.status == 200
    finally:
        box.kill()


# -- under systemd -----------------------------------------------------------------------------

def test_runtime_is_ready_with_the_phone_server_up(systemd: Systemd, tmp_path: Path) -> None:
    systemd.start(tmp_path / "data")
    assert systemd.message() == "READY=1"
    status, view = get(systemd.url + "/api/view")
    assert status == 200
    assert view["game"] is None


def test_runtime_watchdog_pings_stop_when_the_main_loop_hangs(systemd: Systemd,
                                                             tmp_path: Path) -> None:
    systemd.start(tmp_path / "data")
    assert systemd.message() == "READY=1"
    assert [systemd.message(), systemd.message()] == ["WATCHDOG=1", "WATCHDOG=1"]
    assert systemd.process is not None
    systemd.process.send_signal(signal.SIGUSR1)
    systemd.expect_line("frozen")
    systemd.waiting()  # pings sent before the loop froze
    assert systemd.message(timeout=3.0) is None, "no ping from a hung loop"
    # ... while the phone server and the Table still work: only the watchdog notices.
    assert systemd.post("table.new_game", {"game": "romme", "seats": 2}) == 200
    assert get(systemd.url + "/api/view")[1]["game"] == "romme"
    assert systemd.process.poll() is None


@pytest.mark.parametrize("damage", ["garbage", "truncated", "directory"])
def test_runtime_starts_fresh_beside_a_damaged_database(systemd: Systemd, tmp_path: Path,
                                                        damage: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    damaged = data / DATABASE
    if damage == "garbage":
        damaged.write_bytes(bytes(random.Random(4).randrange(256) for _ in range(8192)))
    elif damage == "truncated":
        WatchedStore(damaged).close()
        damaged.write_bytes(damaged.read_bytes()[:1000])
    else:
        damaged.mkdir()
    systemd.start(data)
    assert systemd.message() == "READY=1"
    assert systemd.post("table.new_game", {"game": "romme", "seats": 3}) == 200
    assert (data / f"{DATABASE}.damaged-1").exists()
    assert get(systemd.url + "/api/view")[1]["version"] == 2  # the host link, then the game


# -- in-process: what the screen tells ---------------------------------------------------------

def test_runtime_moved_database_is_told_until_the_first_step(tmp_path: Path) -> None:
    (tmp_path / DATABASE).write_bytes(b"not a database at all" * 100)
    store, recovery = open_store(tmp_path)
    table = Table(store, GAMES, clock=FakeClock())
    table.start()
    try:
        told = notices(store, table, recovery)
        assert recovery is not None and recovery.kept == tmp_path / f"{DATABASE}.damaged-1"
        assert told() == Told(DATABASE_MOVED)
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
        assert told() is None
    finally:
        table.stop()
        store.close()


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[tuple[WatchedStore, Table, FakeClock]]:
    """A running Rommé turn on a database that may not grow (SQLite's max_page_count)."""
    store, _ = open_store(tmp_path)
    clock = FakeClock()
    table = Table(store, GAMES, clock=clock, chance=random.Random(1))
    table.start()
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 3, "options": {"first_player": 0}}))
    table.submit(Action("resume"))
    yield store, table, clock
    table.stop()
    store.close()


def limit_pages(store: WatchedStore, pages: int | None) -> None:
    db = store._db  # the only way in: max_page_count is set per connection
    if pages is None:
        pages = int(db.execute("PRAGMA page_count").fetchone()[0])
    db.execute(f"PRAGMA max_page_count = {pages}")


def fill_up(table: Table) -> GetawayError:
    """End turns until the database cannot take another step; that refusal."""
    for _ in range(10_000):
        try:
            table.submit(Action("end_turn"))
        except GetawayError as error:
            return error
    raise AssertionError("the database never filled up")


def test_runtime_full_disk_refuses_the_step_and_keeps_the_game(
        full_disk: tuple[WatchedStore, Table, FakeClock], tmp_path: Path) -> None:
    store, table, clock = full_disk
    told = notices(store, table, None)
    limit_pages(store, None)
    refused = fill_up(table)
    assert refused.key == DISK_FULL
    assert told() == Told(DISK_FULL)
    kept = table.published
    assert kept.public["state"]["phase"] == "turn"
    # The turn runs out while nothing can be saved: the overrun waits, the Table stays awake.
    clock.advance(60)
    table.poke()
    assert table.published.version == kept.version
    limit_pages(store, 1_000_000)
    clock.advance(1)
    table.poke()
    assert told() is None
    after = table.published.public
    # The overrun is saved, and so is the end of the settle time after it, also long past.
    assert after["version"] == kept.version + 2
    assert after["state"]["last"]["kind"] == "overrun"
    assert after["state"]["phase"] == "turn"
    # Everything shown was saved: a restart comes back to it.
    reopened = WatchedStore(tmp_path / DATABASE)
    again = Table(reopened, GAMES, clock=FakeClock())
    again.start()
    try:
        back = again.published.public
        assert back["version"] == after["version"] + 1  # the running turn came back paused
        assert back["state"]["phase"] == "paused"
        assert back["state"]["players"] == after["state"]["players"]
        assert back["state"]["last"] == after["state"]["last"]
    finally:
        again.stop()
        reopened.close()


@pytest.mark.parametrize("notice", [Told(DISK_FULL), Told(DATABASE_PARTIAL, 3), None])
def test_runtime_notice_is_a_band_on_the_screen(notice: Told | None,
                                                monkeypatch: pytest.MonkeyPatch,
                                                full_disk: tuple[WatchedStore, Table, FakeClock],
                                                ) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    _, table, _ = full_disk
    frames: list[pygame.Surface] = []
    stop = threading.Event()

    def seen(frame: pygame.Surface) -> None:
        frames.append(frame.copy())
        stop.set()

    run_display(table, Panel(), lambda: "http://10.0.0.2:8000/", window=False, stop=stop,
                on_frame=seen, notice=lambda: notice)
    top = {tuple(frames[0].get_at((x, 2)))[:3] for x in range(0, 480, 8)}
    assert (tuple(DANGER) in top) == (notice is not None)


def test_runtime_runs_without_a_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-screen")
    choose_video(framebuffer=False)
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_runtime_draws_offscreen_for_an_spi_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    choose_video(framebuffer=True)
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_a_window_is_drawn_without_opengl(tmp_path: Path) -> None:
    """The simulator in a real window on an X server, and no GL library in its process:
    Mesa's software GL would bring LLVM and more than double the box's memory."""
    screen = VirtualScreen()
    box = Program(tmp_path / "data", display=screen.display)
    try:
        box.start()
        screen.window(box.pid())
        maps = Path(f"/proc/{box.pid()}/maps").read_text()
    finally:
        box.kill()
        screen.close()
    assert "libSDL2" in maps and "libX11" in maps
    assert "libGL" not in maps and "LLVM" not in maps
