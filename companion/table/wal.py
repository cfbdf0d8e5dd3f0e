"""Reading SQLite's write-ahead log before SQLite does, to tell a torn tail from lost commits.

SQLite replays the log frame by frame and silently drops everything from the first frame
whose checksum fails. After a kill that is at most the last, unacknowledged transaction; a
committed frame of the same log after it means acknowledged steps would be lost.
Format: https://www.sqlite.org/fileformat.html#the_write_ahead_log
"""

from __future__ import annotations

import struct
from pathlib import Path

HEADER, FRAME_HEADER = 32, 24
MAGIC = (0x377F0682, 0x377F0683)  # checksums in little- or big-endian words


def loses_commits(wal: Path) -> bool:
    """Whether SQLite would drop a committed transaction of ``wal`` (a damaged log)."""
    try:
        data = wal.read_bytes()
    except FileNotFoundError:
        return False
    if len(data) < HEADER:
        return False
    magic, _, page_size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
    if magic not in MAGIC or (c0, c1) != _checksum(data[:24], magic, 0, 0):
        return False  # no log SQLite would read: nothing of it was ever acknowledged
    checksum, valid, frame = (c0, c1), True, FRAME_HEADER + page_size
    for start in range(HEADER, len(data) - frame + 1, frame):
        _, commit, s1, s2, f0, f1 = struct.unpack(">6I", data[start:start + FRAME_HEADER])
        if valid:
            checksum = _checksum(data[start:start + 8] + data[start + FRAME_HEADER:start + frame],
                                 magic, *checksum)
            valid = (s1, s2) == (salt1, salt2) and (f0, f1) == checksum
        elif (s1, s2) == (salt1, salt2) and commit:
            return True
    return False


def _checksum(data: bytes, magic: int, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's running checksum over pairs of 32-bit words, in the log's byte order."""
    words = struct.unpack(f"{'>' if magic & 1 else '<'}{len(data) // 4}I", data)
    for x0, x1 in zip(words[::2], words[1::2], strict=True):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1
