"""Assembles the box from its parts and runs it until it is told to stop."""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.games import GAMES
from companion.service import Watchdog, sd_notify
from companion.store import Store
from companion.table import Table

if TYPE_CHECKING:
    from gpiozero.pins.mock import MockFactory

    from companion.cli import Settings
    from companion.device.pins import PinMap

log = logging.getLogger(__name__)

DATABASE = "getaway.sqlite"


def open_store(data: Path) -> tuple[Store, Path | None]:
    """Open the event log; a damaged one is moved aside (and named) so the box still starts."""
    data.mkdir(parents=True, exist_ok=True)
    path = data / DATABASE
    try:
        return Store(path), None
    except sqlite3.DatabaseError as error:
        moved = _aside(path)
        log.error("%s is damaged (%s); moved to %s, starting fresh", path, error, moved)
        return Store(path), moved


def _aside(path: Path) -> Path:
    n = 1
    while path.with_name(f"{path.name}.damaged-{n}").exists():
        n += 1
    target = path.with_name(f"{path.name}.damaged-{n}")
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target


def run(settings: Settings, stop: threading.Event) -> int:
    """Run the box (or the simulator) until ``stop`` is set or the window is closed."""
    if settings.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.device.pins import PinMapError, load_pins

    try:
        pins = load_pins(settings.pins)
    except PinMapError as error:
        print(f"getaway: {error}", file=sys.stderr)
        return 2
    store, moved = open_store(settings.data)
    table = Table(store, GAMES)
    table.start()
    try:
        return _run_parts(settings, stop, table, pins, moved)
    finally:
        table.stop()
        store.close()


def _run_parts(settings: Settings, stop: threading.Event, table: Table, pins: PinMap,
               moved: Path | None) -> int:
    from companion.device.box import Box
    from companion.device.display import pin_keys, run_display
    from companion.device.qr import qr_text
    from companion.server.app import create_app
    from companion.server.serve import lan_address, serve

    factory = _mock_factory() if settings.sim else None
    box = Box(table, pins, pin_factory=factory)
    app = create_app(table, public_url="")
    server = serve(app, host=settings.host, port=settings.port)
    url = f"http://{lan_address()}:{server.port}/"
    app.config["PUBLIC_URL"] = url.rstrip("/")
    _announce(url, server.port, settings, qr_text(url))
    ready = _once(lambda: sd_notify("READY=1"))
    try:
        run_display(table, box, url, window=not settings.headless,
                    size=(pins.screen.width, pins.screen.height),
                    fullscreen=pins.screen.fullscreen and not settings.sim,
                    rotation=pins.screen.rotation, fps=pins.screen.fps, stop=stop,
                    keys=pin_keys(factory, pins.buttons) if factory else None,
                    on_frame=lambda surface: ready(),
                    watchdog=Watchdog(lambda: server.alive() and table.alive()))
    finally:
        sd_notify("STOPPING=1")
        server.close()
        box.close()
    return 0


def _mock_factory() -> MockFactory:
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    return MockFactory(pin_class=MockPWMPin)


def _once(action: Callable[[], object]) -> Callable[[], None]:
    done = threading.Event()

    def call() -> None:
        if not done.is_set():
            done.set()
            action()
    return call


def _announce(url: str, port: int, settings: Settings, qr: str) -> None:
    print(f"Getaway is ready. Phones join at {url}", flush=True)
    print(qr, flush=True)
    print(f"On this machine: http://localhost:{port}/  (table page: /table)", flush=True)
    print(f"Games are kept in {settings.data}", flush=True)
