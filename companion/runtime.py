"""Assembles the box from its parts and runs it until it is told to stop.

Nothing that can go wrong with the data keeps the box from starting: a damaged database is
moved aside, a damaged log copied aside and read as far as it can be, and the screen says so;
a full disk refuses the step but keeps the game; a read-only card, or one too full to start,
is played on without saving.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import logging
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.games import GAMES
from companion.i18n import DEFAULT_LANGUAGE, Told, text
from companion.logs import Exit, refuse
from companion.service import Watchdog, sd_notify
from companion.table.owner import Replayed, Table
from companion.table.store import NewerDatabase, aside, saved_language
from companion.table.unsaved import (
    FULL_NOT_SAVING,
    NOT_SAVING,
    SQLITE_READONLY,
    WatchedStore,
    memory_dir,
    writable,
)
from companion.table.wal import lost_commits, rebuild_header

if TYPE_CHECKING:
    from gpiozero.pins.mock import MockFactory

    from companion.device.box import Box
    from companion.device.pins import PinMap, ScreenSettings

log = logging.getLogger(__name__)

DATABASE = "getaway.sqlite"
DISK_FULL = "error.disk_full"
DATABASE_MOVED = "box.database_moved"
DATABASE_PARTIAL = "box.database_partial"
DATABASE_REPAIRED = "box.database_repaired"
CANNOT_SAVE = "box.cannot_save"
SQLITE_IOERR, SQLITE_FULL = 10, 13
"""SQLite's primary result codes (the low byte of an extended one) of a full card."""


@dataclass(frozen=True)
class Settings:
    """What `getaway run` was asked for."""

    sim: bool
    headless: bool
    data: Path
    host: str
    port: int
    pins: Path | None
    host_link: bool = False
    """Whether to print the table page's secret link (a terminal, never a log)."""


@dataclass(frozen=True, slots=True)
class Recovery:
    """What was wrong with the saved games at start (a text key), how many acknowledged steps
    are missing, and where the damaged files were kept (None: they could not be copied)."""

    notice: str
    kept: Path | None
    lost: int = 0


def open_store(data: Path) -> tuple[WatchedStore, Recovery | None]:
    """Open the event log so the box always starts: a damaged, unreadable or emptied one is
    moved aside and a fresh one begun; a log that would lose acknowledged steps is copied
    aside and mended or opened as far as it goes; on a read-only SD card the games go on in
    memory."""
    with contextlib.suppress(OSError):
        data.mkdir(parents=True, exist_ok=True)
    if not writable(data):
        return _unsaved(data, NOT_SAVING), None
    path = data / DATABASE
    if path.is_file() and path.stat().st_size == 0:
        return _fresh(path, "it is empty")
    recovery = _mend_log(path)
    try:
        return _opened(path), recovery
    except sqlite3.DatabaseError as error:
        return _fresh(path, str(error))


def _opened(path: Path) -> WatchedStore:
    """The log at ``path``; one that cannot be opened for writing (a full card cannot make
    its write-ahead log) is read into memory. Raises sqlite3.DatabaseError if it is damaged."""
    try:
        return WatchedStore(path)
    except sqlite3.OperationalError as error:
        if path.is_dir():
            raise sqlite3.DatabaseError(f"{path} is a folder") from error
        log.error("cannot open %s for writing: %s", path, error)
        return _unsaved(path.parent, _why_unsaved(error))


def _why_unsaved(error: sqlite3.Error) -> str:
    """The text key for a log SQLite would not open for writing."""
    code = error.sqlite_errorcode & 0xFF
    if code == SQLITE_READONLY:
        return NOT_SAVING
    return FULL_NOT_SAVING if code in (SQLITE_IOERR, SQLITE_FULL) else CANNOT_SAVE


def _mend_log(path: Path) -> Recovery | None:
    """Before SQLite opens (and then deletes) a write-ahead log that would drop acknowledged
    steps: copy it aside with the database, and write back its header if that was what was
    damaged and its first frame still tells it."""
    wal = path.with_name(path.name + "-wal")
    lost = lost_commits(wal)
    if not lost:
        return None
    kept = _keep(path)
    try:
        if rebuild_header(wal):
            lost = lost_commits(wal)
    except OSError as error:
        log.error("could not mend %s: %s", wal, error)
    log.error("the write-ahead log of %s was damaged (%d steps lost after mending it); a "
              "copy is in %s", path, lost, kept)
    return Recovery(DATABASE_PARTIAL if lost else DATABASE_REPAIRED, kept, lost)


def _keep(path: Path) -> Path | None:
    try:
        return aside(path, shutil.copy2)
    except OSError as error:
        log.error("could not copy %s aside: %s", path, error)
        return None


def _unsaved(data: Path, why: str) -> WatchedStore:
    """Play on without saving: a copy of the games (if they can be read) in a folder in memory;
    ``why`` is the text key the screen tells."""
    copy = Path(tempfile.mkdtemp(prefix="getaway-", dir=memory_dir())) / DATABASE
    target = sqlite3.connect(copy)
    for mode in ("mode=ro", "immutable=1"):  # immutable: when no -shm can be made beside it
        with contextlib.suppress(sqlite3.Error):
            source = sqlite3.connect(f"{(data / DATABASE).absolute().as_uri()}?{mode}", uri=True)
            try:
                source.backup(target)
                break
            finally:
                source.close()
    target.close()
    log.error("%s cannot be written: %s", data, text(why, "en"))
    return WatchedStore(copy, unsaved=why)


def _fresh(path: Path, why: str) -> tuple[WatchedStore, Recovery]:
    moved = aside(path, shutil.move)
    log.error("%s is damaged (%s); moved to %s, starting fresh", path, why, moved)
    return _opened(path), Recovery(DATABASE_MOVED, moved)


def start_table(store: WatchedStore, table: Table) -> None:
    """Start ``table`` on ``store``: a card too full to save the start plays on unsaved."""
    store.starting = True
    try:
        table.start()
    finally:
        store.starting = False


def notices(store: WatchedStore, table: Table,
            recovery: Recovery | None) -> Callable[[], Told | None]:
    """What the screen must tell: that the games are not saved; a full disk while writes
    fail; what went wrong with the saved games until the first step after the start."""
    fresh, damage = table.published.version, _damage(recovery, table.replayed)

    def current() -> Told | None:
        if store.unsaved is not None:
            return Told(store.unsaved)
        if store.failing:
            return Told(DISK_FULL)
        return damage if table.published.version == fresh else None
    return current


def _damage(recovery: Recovery | None, replayed: Replayed) -> Told | None:
    """What to tell about the saved games found at start: moved aside, steps missing (the
    write-ahead log's and the replay's), or damaged and all back."""
    if recovery is not None and recovery.notice == DATABASE_MOVED:
        return Told(DATABASE_MOVED)
    lost = (recovery.lost if recovery else 0) + replayed.skipped
    if lost:
        return Told(DATABASE_PARTIAL, lost)
    return Told(DATABASE_REPAIRED) if recovery or replayed.damaged else None


class Refusal(Exception):
    """Why the box cannot start, in one line in any language (``says``; ``str``: English, for
    the log), and the exit code that says so."""

    def __init__(self, says: Callable[[str], str], code: Exit = Exit.REFUSED) -> None:
        super().__init__(says("en"))
        self.says, self.code = says, code


def run(settings: Settings, stop: threading.Event) -> int:
    """Run the box (or the simulator) until ``stop`` is set or the window is closed; a
    refusal to start is logged, and under systemd shown on the screen until stopped."""
    if settings.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        return _run(settings, stop)
    except Refusal as refusal:
        refuse(str(refusal))
        if os.environ.get("NOTIFY_SOCKET") and not settings.headless:
            _tell_on_screen(refusal, settings, stop)
        return refusal.code


def _run(settings: Settings, stop: threading.Event) -> int:
    from companion.device.pins import PinMapError, load_pins

    try:
        pins = load_pins(settings.pins)
    except PinMapError as error:
        raise Refusal(error.says) from error
    if settings.data.exists() and not settings.data.is_dir():
        raise Refusal(functools.partial(text, "box.data_is_file", path=str(settings.data)))
    choose_video(pins.screen.framebuffer is not None)
    try:
        store, recovery = open_store(settings.data)
    except NewerDatabase as error:
        raise Refusal(error.says) from error
    if store.unsaved is None:
        print(f"Games are kept in {settings.data}", flush=True)
    table = Table(store, GAMES)
    start_table(store, table)
    try:
        return _run_parts(settings, stop, table, pins, notices(store, table, recovery))
    finally:
        table.stop()
        store.close()


def _tell_on_screen(refusal: Refusal, settings: Settings, stop: threading.Event) -> None:
    """Show why the box did not start on its screen, in the box's saved language, until it
    is stopped: at the table nobody reads the journal, and systemd does not start it again.
    Ready for systemd meanwhile, with the reason as its status."""
    screen = _screen(settings.pins)
    if screen is None:
        return
    import pygame

    from companion.device.selftest import ScreenConsole

    choose_video(screen.framebuffer is not None)
    try:
        console = ScreenConsole(screen, fullscreen=screen.fullscreen and not settings.sim)
    except (pygame.error, OSError) as error:
        log.error("no screen to show it on (%s)", error)
        return
    try:
        lang = saved_language(settings.data / DATABASE) or DEFAULT_LANGUAGE
        console.say(text("box.refused", lang))
        console.say(refusal.says(lang), bad=True)
        sd_notify(f"STATUS=not started: {refusal}")
        sd_notify("READY=1")
        watchdog = Watchdog(lambda: True)
        while not stop.is_set():
            watchdog()
            console.wait(1.0)
    except KeyboardInterrupt:  # the window closed
        pass
    finally:
        console.close()


def _screen(pins: Path | None) -> ScreenSettings | None:
    """The screen of the pin map given, or of the packaged one where that cannot be read."""
    from companion.device.pins import PinMapError, load_pins

    for path in (pins, None):
        try:
            return load_pins(path).screen
        except PinMapError:
            continue
    return None


def choose_video(framebuffer: bool) -> None:
    """SDL's dummy driver for an SPI panel (frames are copied to its framebuffer) and for a
    box without a screen, which still runs with its LEDs, buzzer and phones."""
    if framebuffer:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        return
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        log.error("no screen (%s): running without one", error)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    finally:
        pygame.display.quit()


def _run_parts(settings: Settings, stop: threading.Event, table: Table, pins: PinMap,
               notice: Callable[[], Told | None]) -> int:
    from gpiozero.exc import BadPinFactory

    from companion.device.box import Box

    factory = _mock_factory() if settings.sim else None
    try:
        box = Box(table, pins, pin_factory=factory)
    except BadPinFactory as error:
        raise Refusal(functools.partial(text, "box.no_pins", why=str(error), command="run"),
                      Exit.NO_PINS) from error
    try:
        return _serve_and_show(settings, stop, table, box, pins, factory, notice)
    finally:
        box.close()


def _serve_and_show(settings: Settings, stop: threading.Event, table: Table, box: Box,
                    pins: PinMap, factory: MockFactory | None,
                    notice: Callable[[], Told | None]) -> int:
    from companion.device.display import pin_keys, run_display
    from companion.device.qr import qr_text
    from companion.server.address import Address, finder
    from companion.server.app import create_app, host_path, join_path
    from companion.server.serve import serve

    address = Address(settings.port, find=finder(settings.host))
    app = create_app(table, public_url=address.url, trouble=notice)
    try:
        server = serve(app, host=settings.host, port=settings.port)
    except OSError as error:
        raise Refusal(_cannot_listen(settings, error)) from error
    address.port = server.port  # known once listening: a port of 0 picks a free one
    path = join_path(app)

    def join_url() -> str | None:
        found = address.url()
        return None if found is None else found + path

    _announce(join_url(), path, host_path(app), server.port, settings, qr_text)

    def healthy() -> bool:
        return server.alive() and table.alive() and box.alive()

    ready = _ready(healthy)
    screen = pins.screen
    try:
        run_display(server.streams, box, join_url, window=not settings.headless,
                    size=(screen.width, screen.height),
                    fullscreen=screen.fullscreen and not settings.sim,
                    rotation=screen.rotation, fps=screen.fps, stop=stop,
                    keys=pin_keys(factory, pins.buttons) if factory else None,
                    on_frame=lambda surface: ready(), watchdog=Watchdog(healthy),
                    framebuffer=Path(screen.framebuffer) if screen.framebuffer else None,
                    notice=notice)
    finally:
        sd_notify("STOPPING=1")
        server.close()
    return 0


def _cannot_listen(settings: Settings, error: OSError) -> Callable[[str], str]:
    """One line on why the phone server cannot listen: a port in use names its likely cause."""
    key = "box.port_taken" if error.errno == errno.EADDRINUSE else "box.cannot_listen"
    return functools.partial(text, key, host=settings.host, port=settings.port,
                             why=str(error.strerror))


def _mock_factory() -> MockFactory:
    from companion.device.simulated_pins import simulated_factory

    return simulated_factory()


def _ready(healthy: Callable[[], bool]) -> Callable[[], None]:
    """Called with each frame: READY=1 with the first one drawn while the box is healthy, so
    the pins are claimed, the phone server listens and the screen shows the table."""
    sent = threading.Event()

    def frame_drawn() -> None:
        if not sent.is_set() and healthy():
            sent.set()
            sd_notify("READY=1")
    return frame_drawn


def _announce(url: str | None, path: str, host: str, port: int, settings: Settings,
              qr: Callable[[str], str]) -> None:
    """Where phones join, in one line (the QR code too on a terminal); the table page's
    secret link only where ``settings.host_link`` allows, never into a log."""
    if url is None:
        print("Getaway is ready. No network yet: the box's screen shows the join link once "
              "it has one.", flush=True)
    else:
        print(f"Getaway is ready. Phones join at {url}", flush=True)
        if sys.stdout.isatty():
            print(qr(url), flush=True)
    code = path.rpartition("/j/")[2]
    table = f"; table page: http://localhost:{port}{host}" if settings.host_link else ""
    print(f"On this machine: http://localhost:{port}{path}  (join code: {code}{table})",
          flush=True)
