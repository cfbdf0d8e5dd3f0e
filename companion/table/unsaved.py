"""Playing on without saving: the event log remembers whether its last write failed, and on a
card that cannot be written goes on in a copy in memory."""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.table.store import Store

log = logging.getLogger(__name__)

NOT_SAVING = "box.not_saving"
FULL_NOT_SAVING = "box.full_not_saving"
SQLITE_READONLY = 8
"""SQLite's primary result code (the low byte of an extended one) for a read-only database."""


class WatchedStore(Store):
    """The event log, remembering whether its last write failed (a full or failing disk).

    A card that turns read-only, or one too full to save the first step of the start (the
    pause of a turn that ran), is not written again: the log goes on in a copy in memory,
    and ``unsaved`` tells why (a text key).
    """

    def __init__(self, path: Path | str, unsaved: str | None = None) -> None:
        super().__init__(path)
        self.failing = False
        self.unsaved = unsaved
        self.starting = False
        """Set while the Table starts: a write that fails then would stop the start."""

    def append(self, *args: Any, **kwargs: Any) -> int:
        return int(self._watch(super().append, *args, **kwargs))

    def save_checkpoint(self, *args: Any, **kwargs: Any) -> None:
        self._watch(super().save_checkpoint, *args, **kwargs)

    def _watch(self, write: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            result = write(*args, **kwargs)
        except (sqlite3.OperationalError, OSError) as error:
            self.failing = True
            why = self._not_saving(error)
            if why is None:
                raise
            self._to_memory(why, error)
            result = write(*args, **kwargs)
        self.failing = False
        return result

    def _not_saving(self, error: Exception) -> str | None:
        """Why to play on without saving after ``error``; None to refuse the step."""
        if self.unsaved is not None:
            return None  # already in memory, and that is full
        if _read_only(self.path, error):
            return NOT_SAVING
        return FULL_NOT_SAVING if self.starting else None

    def _to_memory(self, why: str, error: Exception) -> None:
        copy = Path(tempfile.mkdtemp(prefix="getaway-", dir=memory_dir())) / self.path.name
        log.error("cannot write %s (%s): playing on without saving, in %s", self.path, error,
                  copy)
        self.move(copy)
        self.unsaved = why


def _read_only(path: Path, error: Exception) -> bool:
    """Whether the log cannot be written at all, not just now: a read-only database or card."""
    if isinstance(error, sqlite3.Error) and (error.sqlite_errorcode & 0xFF) == SQLITE_READONLY:
        return True
    return not writable(path.parent)


def writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (a full card still makes an empty one). The
    kernel's emergency read-only remount after errors (``errors=remount-ro``) leaves the card
    looking writable to ``access`` and ``statvfs``: only trying tells."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".getaway-probe-"):
            return True
    except OSError as error:
        return error.errno in (errno.ENOSPC, errno.EDQUOT)


def memory_dir() -> str | None:
    """A folder in memory: systemd's RuntimeDirectory, else /dev/shm, else the temp folder."""
    for folder in (os.environ.get("RUNTIME_DIRECTORY"), "/dev/shm"):
        if folder and os.access(folder, os.W_OK):
            return folder
    return None
