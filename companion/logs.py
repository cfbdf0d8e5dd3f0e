"""Where `getaway` tells what went wrong: every error, traceback and library warning goes
through logging; under systemd each line carries its journald priority, so `journalctl -u
getaway -p err` shows the errors. The exit codes say why it stopped."""

from __future__ import annotations

import logging
import os
import sys
import threading
import warnings
from enum import IntEnum
from types import TracebackType
from typing import TextIO

from companion.i18n import text

COMMAND = logging.getLogger("getaway")
"""What the command itself tells the person who started it: one line each."""
WARNINGS = logging.getLogger("py.warnings")
QUIET_WARNINGS = ("PinFactoryFallback",)
"""gpiozero's note for each pin library it could not load, before the one it uses: only
with --verbose (where none loads, `getaway` says so in one line)."""


class Exit(IntEnum):
    """Why `getaway` stopped; systemd's unit does not restart after a refusal or no pins."""

    DONE = 0
    """Stopped when asked; for `selftest`, every button answered."""
    FAILED = 1
    """`selftest`: a button did not answer (a wire to check); Python's own for an uncaught
    error, which is logged as critical."""
    REFUSED = 2
    """Refused to start: a wrong option, pin map or data folder, or the port is taken."""
    NO_PINS = 3
    """No GPIO pins here (not a Raspberry Pi, or lgpio missing)."""
    INTERRUPTED = 130
    """Stopped by Ctrl+C in the middle of the self-test."""


def refuse(message: str, code: Exit = Exit.REFUSED) -> Exit:
    """Tell why `getaway` cannot start, in one line logged as an error, and return ``code``."""
    COMMAND.error("%s", message)
    return code


def without_pins(error: Exception, command: str) -> str:
    """Why `getaway command` cannot start where gpiozero found no GPIO pins (``error``)."""
    return text("box.no_pins", "en", why=str(error), command=command)


class JournalFormatter(logging.Formatter):
    """``<priority>name: message`` for journald, which adds the time itself (sd-daemon(3));
    every line of a traceback carries the priority too."""

    PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4),
                  (logging.INFO, 6))

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        priority = next((p for level, p in self.PRIORITIES if record.levelno >= level), 7)
        lines = super().format(record).splitlines() or [""]
        return "\n".join(f"<{priority}>{line}" for line in lines)


class TerminalFormatter(logging.Formatter):
    """For a person at a terminal: the command's own lines as ``getaway: message``, every
    other with its time, level and source."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")
        self._plain = logging.Formatter("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        if record.name == COMMAND.name:
            return self._plain.format(record)
        return super().format(record)


def under_journald(stream: TextIO) -> bool:
    """Whether ``stream`` is the journal systemd connected (JOURNAL_STREAM is its device:inode)."""
    expected = os.environ.get("JOURNAL_STREAM", "")
    try:
        info = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return False
    return expected == f"{info.st_dev}:{info.st_ino}"


def setup(verbose: bool) -> None:
    """Log to stderr (with priorities under journald), Python's warnings too (gpiozero's),
    and any uncaught exception, of any thread, as a critical error."""
    handler = logging.StreamHandler()
    handler.setFormatter(JournalFormatter() if under_journald(sys.stderr)
                         else TerminalFormatter())
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, handlers=[handler],
                        force=True)
    warnings.showwarning = _warned
    sys.excepthook = _uncaught
    threading.excepthook = _uncaught_in_thread


def _warned(message: Warning | str, category: type[Warning], filename: str, lineno: int,
            file: TextIO | None = None, line: str | None = None) -> None:
    """A Python warning (gpiozero's) as one log line."""
    name = category.__name__
    level = logging.DEBUG if name in QUIET_WARNINGS else logging.WARNING
    WARNINGS.log(level, "%s: %s (%s line %d)", name, message, filename, lineno)


def _uncaught_in_thread(hook: threading.ExceptHookArgs) -> None:
    if not issubclass(hook.exc_type, SystemExit):
        _uncaught(hook.exc_type, hook.exc_value, hook.exc_traceback)


def _uncaught(kind: type[BaseException], error: BaseException | None,
              trace: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error or kind(), trace)
        return
    COMMAND.critical("stopped by an unexpected error", exc_info=(kind, error or kind(), trace))
