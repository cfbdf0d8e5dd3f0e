"""`getaway run | selftest`: build the real parts (or the simulator's) and hand them to run()."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("getaway")


@dataclass(frozen=True)
class Settings:
    """What `getaway run` was asked for."""

    sim: bool
    headless: bool
    data: Path
    host: str
    port: int
    pins: Path | None


def default_data_dir() -> Path:
    """Where the simulator keeps its games: $XDG_DATA_HOME/getaway, ~/.local/share/getaway."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "getaway"


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="getaway", description="Getaway, the table companion.")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run the box (or the simulator with --sim)")
    run.add_argument("--sim", action="store_true", help="simulate the pins, keys press buttons")
    run.add_argument("--headless", action="store_true", help="no window (the simulator only)")
    run.add_argument("--data", type=Path, default=None, help="where the games are kept")
    run.add_argument("--host", default="0.0.0.0", help="address the phone server listens on")
    run.add_argument("--port", type=int, default=8000, help="port of the phone server")
    run.add_argument("--pins", type=Path, default=None, help="a pin map instead of pins.toml")
    run.add_argument("-v", "--verbose", action="store_true", help="log more")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """The console script `getaway`."""
    args = parse(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings(sim=args.sim, headless=args.headless or (args.sim and not _has_display()),
                        data=args.data or default_data_dir(), host=args.host, port=args.port,
                        pins=args.pins)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.runtime import run

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        return run(settings, stop)
    except KeyboardInterrupt:
        return 0


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


if __name__ == "__main__":
    sys.exit(main())
