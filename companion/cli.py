"""`getaway run | selftest`: build the real parts (or the simulator's) and hand them to run()."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import TextIO

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES

log = logging.getLogger("getaway")


def default_data_dir() -> Path:
    """Where the simulator keeps its games: $XDG_DATA_HOME/getaway, ~/.local/share/getaway."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "getaway"


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="getaway", description="Getaway, the table companion.")
    parser.add_argument("--version", action="version", version=f"getaway {version('getaway')}")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run the box (or the simulator with --sim)")
    run.add_argument("--sim", action="store_true", help="simulate the pins, keys press buttons")
    run.add_argument("--headless", action="store_true", help="no window (the simulator only)")
    run.add_argument("--data", type=Path, default=None, help="where the games are kept")
    run.add_argument("--host", default="0.0.0.0", help="address the phone server listens on")
    run.add_argument("--port", type=int, default=8000, help="port of the phone server")
    run.add_argument("--pins", type=Path, default=None, help="a pin map instead of pins.toml")
    run.add_argument("-v", "--verbose", action="store_true", help="log more")
    test = commands.add_parser("selftest", help="light the LEDs, beep, ask for each button")
    test.add_argument("--sim", action="store_true", help="simulate the pins, keys press buttons")
    test.add_argument("--headless", action="store_true", help="the terminal only, no screen")
    test.add_argument("--pins", type=Path, default=None, help="a pin map instead of pins.toml")
    test.add_argument("--timeout", type=float, default=10.0,
                      help="seconds to wait for each button (default 10)")
    test.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE,
                      help="language of the questions")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """The console script `getaway`."""
    args = parse(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # lgpio makes a FIFO in $LG_WD (else in the working directory, often not writable) and
    # changes into it, so paths given relative are made absolute first.
    os.environ.setdefault("LG_WD", tempfile.gettempdir())
    args.pins = args.pins.absolute() if args.pins else None
    if args.command == "run" and args.data:
        args.data = args.data.absolute()
    if args.command == "selftest":
        return selftest(args)
    handler = logging.StreamHandler()
    handler.setFormatter(JournalFormatter() if under_journald(sys.stderr) else logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        handlers=[handler])
    from companion.runtime import Settings, run

    settings = Settings(sim=args.sim, headless=args.headless or (args.sim and not _has_display()),
                        data=args.data or default_data_dir(), host=args.host, port=args.port,
                        pins=args.pins)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        return run(settings, stop)
    except KeyboardInterrupt:
        return 0


class JournalFormatter(logging.Formatter):
    """``<priority>name: message`` for journald, which adds the time itself (sd-daemon(3))."""

    PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4),
                  (logging.INFO, 6))

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        priority = next((p for level, p in self.PRIORITIES if record.levelno >= level), 7)
        lines = super().format(record).splitlines() or [""]
        return "\n".join(f"<{priority}>{line}" for line in lines)


def under_journald(stream: TextIO) -> bool:
    """Whether ``stream`` is the journal systemd connected (JOURNAL_STREAM is its device:inode)."""
    expected = os.environ.get("JOURNAL_STREAM", "")
    try:
        info = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return False
    return expected == f"{info.st_dev}:{info.st_ino}"


def selftest(args: argparse.Namespace) -> int:
    """`getaway selftest`: 0 when every button answered, 1 when not, 2 for a wrong pin map."""
    from companion.device.pins import PinMapError, load_pins
    from companion.runtime import choose_video

    try:
        pins = load_pins(args.pins)
    except PinMapError as error:
        print(f"getaway: {error}", file=sys.stderr)
        return 2
    headless = args.headless or (args.sim and not _has_display())
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    else:
        choose_video(pins.screen.framebuffer is not None)
    from companion.device.selftest import run_selftest

    try:
        return run_selftest(pins, sim=args.sim, headless=headless, lang=args.lang,
                            button_s=args.timeout)
    except KeyboardInterrupt:
        return 1


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


if __name__ == "__main__":
    sys.exit(main())
