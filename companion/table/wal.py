"""Reading SQLite's write-ahead log before SQLite does, to tell a torn tail from lost commits.

SQLite replays the log frame by frame and silently drops everything from the first frame
whose checksum fails, and all of it when the log's header is damaged (it then deletes the
log). After a kill that is at most the last, unacknowledged transaction; a committed frame of
the same log after it means acknowledged steps would be lost.
Format: https://www.sqlite.org/fileformat.html#the_write_ahead_log
"""

from __future__ import annotations

import os
import struct
from collections import Counter
from pathlib import Path

HEADER, FRAME_HEADER = 32, 24
MAGIC = (0x377F0682, 0x377F0683)  # checksums in little- or big-endian words
VERSION = 3007000
PAGE_SIZES = tuple(512 << n for n in range(8))
MASK = 0xFFFFFFFF


def lost_commits(wal: Path) -> int:
    """How many committed transactions of ``wal`` SQLite would drop (a damaged log)."""
    try:
        data = wal.read_bytes()
    except FileNotFoundError:
        return 0
    if len(data) < HEADER:
        return 0  # no log SQLite would read: nothing of it was ever acknowledged
    if _valid(data[:HEADER]):
        return sum(commit and not read for commit, read in _frames(data))
    header = rebuilt_header(data)
    if header is not None:
        return sum(commit for commit, _ in _frames(header + data[HEADER:]))  # all of it lost
    return _commits_seen(data, _page_size(wal.with_name(wal.name.removesuffix("-wal"))))


def rebuild_header(wal: Path) -> bool:
    """Write back a damaged header (zeroed, say) that the log's first frame still tells, so
    SQLite reads the frames after it; whether it was rebuilt. Raises OSError."""
    with open(wal, "r+b") as log:
        data = log.read()
        header = None if _valid(data[:HEADER]) else rebuilt_header(data)
        if header is None:
            return False
        log.seek(0)
        log.write(header)
        log.flush()
        os.fsync(log.fileno())
    return True


def rebuilt_header(data: bytes) -> bytes | None:
    """The header under which the first frame's checksum holds, if one does: SQLite's
    checksum can be run backwards, so the frame gives the header's checksum, and that the
    one field a frame does not repeat (the checkpoint number)."""
    for page_size in PAGE_SIZES:
        frame = data[HEADER:HEADER + FRAME_HEADER + page_size]
        if len(frame) < FRAME_HEADER + page_size:
            return None
        _, _, salt1, salt2, f0, f1 = struct.unpack(">6I", frame[:FRAME_HEADER])
        for magic in MAGIC:
            seed = _backwards(frame[:8] + frame[FRAME_HEADER:], magic, f0, f1)
            header = _header(magic, page_size, salt1, salt2, seed)
            if header is not None:
                return header
    return None


def _header(magic: int, page_size: int, salt1: int, salt2: int,
            seed: tuple[int, int]) -> bytes | None:
    """The 32-byte header whose checksum is ``seed``, or None if no checkpoint number gives it."""
    order = ">" if magic & 1 else "<"
    w0, w1, w2, _, w4, w5 = struct.unpack(
        f"{order}6I", struct.pack(">6I", magic, VERSION, page_size, 0, salt1, salt2))
    a1 = (seed[1] - w5 - seed[0]) & MASK  # the checksum before the salts
    a0 = (seed[0] - w4 - a1) & MASK
    p0, p1 = w0, (w1 + w0) & MASK  # after the magic and the version
    if a0 != (p0 + w2 + p1) & MASK:
        return None
    checkpoint = struct.unpack(">I", struct.pack(f"{order}I", (a1 - p1 - a0) & MASK))[0]
    fields = (magic, VERSION, page_size, checkpoint, salt1, salt2)
    return struct.pack(">8I", *fields, *seed)


def _valid(header: bytes) -> bool:
    if len(header) < HEADER:
        return False
    magic, _, _, _, _, _, c0, c1 = struct.unpack(">8I", header)
    return magic in MAGIC and (c0, c1) == _checksum(header[:24], magic, 0, 0)


def _frames(data: bytes) -> list[tuple[bool, bool]]:
    """Each whole frame of the log with a valid header ``data``: whether it belongs to this
    log (its salts) and commits, and whether SQLite reads it (the checksums hold till it)."""
    magic, _, page_size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
    checksum, valid, size, found = (c0, c1), True, FRAME_HEADER + page_size, []
    for start in range(HEADER, len(data) - size + 1, size):
        _, commit, s1, s2, f0, f1 = struct.unpack(">6I", data[start:start + FRAME_HEADER])
        ours = (s1, s2) == (salt1, salt2)
        if valid:
            checksum = _checksum(data[start:start + 8] + data[start + FRAME_HEADER:start + size],
                                 magic, *checksum)
            valid = ours and (f0, f1) == checksum
        found.append((ours and bool(commit), valid))
    return found


def _commits_seen(data: bytes, page_size: int) -> int:
    """How many frames of a log whose header and first frame are damaged look like commits
    of one log (the same salts, which every frame repeats): what SQLite drops, as near as
    can be told."""
    size, salts = FRAME_HEADER + page_size, Counter[tuple[int, int]]()
    for start in range(HEADER, len(data) - size + 1, size):
        _, commit, salt1, salt2 = struct.unpack(">4I", data[start:start + 16])
        if commit and (salt1, salt2) != (0, 0):
            salts[salt1, salt2] += 1
    return max(salts.values(), default=0)


def _page_size(database: Path) -> int:
    """The page size the database's header gives (its log's frames hold pages of it)."""
    try:
        with open(database, "rb") as db:
            found = int.from_bytes(db.read(18)[16:18], "big")
    except OSError:
        found = 0
    return 65536 if found == 1 else found if found in PAGE_SIZES else 4096


def _checksum(data: bytes, magic: int, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's running checksum over pairs of 32-bit words, in the log's byte order."""
    words = struct.unpack(f"{'>' if magic & 1 else '<'}{len(data) // 4}I", data)
    for x0, x1 in zip(words[::2], words[1::2], strict=True):
        s0 = (s0 + x0 + s1) & MASK
        s1 = (s1 + x1 + s0) & MASK
    return s0, s1


def _backwards(data: bytes, magic: int, s0: int, s1: int) -> tuple[int, int]:
    """The checksum before ``data`` that ``_checksum`` took to (s0, s1)."""
    words = struct.unpack(f"{'>' if magic & 1 else '<'}{len(data) // 4}I", data)
    for x0, x1 in zip(words[-2::-2], words[::-2], strict=True):
        s1 = (s1 - x1 - s0) & MASK
        s0 = (s0 - x0 - s1) & MASK
    return s0, s1
