"""`getaway run | selftest`: build the real parts (or the simulator's) and hand them to run()."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import NoReturn

from companion import logs
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES
from companion.logs import Exit, refuse, without_pins

EXITS = """exit codes: 0 stopped when asked (selftest: every button answered), 1 a button did not
answer (run: an unexpected error, logged), 2 refused to start (an option, the pin map, the
data folder, the port), 3 no GPIO pins here (on a computer add --sim), 130 the self-test
stopped with Ctrl+C"""


def default_data_dir() -> Path:
    """Where the simulator keeps its games: $XDG_DATA_HOME/getaway, ~/.local/share/getaway."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "getaway"


class Parser(argparse.ArgumentParser):
    """Argparse telling a wrong option in one line, as every other refusal."""

    def error(self, message: str) -> NoReturn:
        self.exit(Exit.REFUSED, f"{self.prog}: {message} (see {self.prog} --help)\n")


def port(value: str) -> int:
    """A TCP port, 0 to 65535 (0 picks a free one)."""
    try:
        number = int(value)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0 to 65535)")
    return number


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = Parser(prog="getaway", description="Getaway, the table companion.", epilog=EXITS)
    parser.add_argument("--version", action="version", version=f"getaway {version('getaway')}")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run the box (or the simulator with --sim)",
                              epilog=EXITS)
    run.add_argument("--sim", action="store_true", help="simulate the pins, keys press buttons")
    run.add_argument("--headless", action="store_true", help="no window (the simulator only)")
    run.add_argument("--data", type=Path, default=None, help="where the games are kept")
    run.add_argument("--host", default="0.0.0.0",
                     help="address the phone server listens on (:: for IPv6 and IPv4)")
    run.add_argument("--port", type=port, default=8000, help="port of the phone server")
    run.add_argument("--pins", type=Path, default=None, help="a pin map instead of pins.toml")
    run.add_argument("--print-host-link", action="store_true",
                     help="print the table page's secret link even when the output is not a "
                          "terminal (for scripts; never into a log)")
    run.add_argument("-v", "--verbose", action="store_true", help="log more")
    test = commands.add_parser("selftest", help="light the LEDs, beep, ask for each button",
                               epilog=EXITS)
    test.add_argument("--sim", action="store_true", help="simulate the pins, keys press buttons")
    test.add_argument("--headless", action="store_true", help="the terminal only, no screen")
    test.add_argument("--pins", type=Path, default=None, help="a pin map instead of pins.toml")
    test.add_argument("--timeout", type=float, default=10.0,
                      help="seconds to wait for each button (default 10)")
    test.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE,
                      help="language of the questions")
    test.add_argument("-v", "--verbose", action="store_true", help="log more")
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
    logs.setup(verbose=args.verbose)
    if args.command == "selftest":
        return selftest(args)
    from companion.runtime import Settings, run

    settings = Settings(sim=args.sim, headless=args.headless or (args.sim and not _has_display()),
                        data=args.data or default_data_dir(), host=args.host, port=args.port,
                        pins=args.pins,
                        host_link=args.print_host_link or sys.stdout.isatty())

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        return run(settings, stop)
    except KeyboardInterrupt:
        return Exit.DONE


def selftest(args: argparse.Namespace) -> int:
    """`getaway selftest`: 0 when every button answered, 1 when not, 2 for a wrong pin map,
    3 without GPIO pins."""
    from gpiozero.exc import BadPinFactory

    from companion.device.pins import PinMapError, load_pins
    from companion.runtime import choose_video

    try:
        pins = load_pins(args.pins)
    except PinMapError as error:
        return refuse(str(error))
    headless = args.headless or (args.sim and not _has_display())
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    else:
        choose_video(pins.screen.framebuffer is not None)
    from companion.device.selftest import run_selftest

    try:
        return run_selftest(pins, sim=args.sim, headless=headless, lang=args.lang,
                            button_s=args.timeout)
    except BadPinFactory as error:
        return refuse(without_pins(error, "selftest"), Exit.NO_PINS)
    except KeyboardInterrupt:
        return Exit.INTERRUPTED


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


if __name__ == "__main__":
    sys.exit(main())
