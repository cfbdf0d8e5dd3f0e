"""A small SPI panel: frames drawn offscreen are copied to its framebuffer (/dev/fbN) as RGB565.

SDL has no framebuffer driver, and the kernel's SPI panel drivers (panel-mipi-dbi, fbtft)
offer a /dev/fbN, so the display draws with SDL's dummy driver and copies each new frame
here. Only frames whose pixels changed are written: every write crosses the slow SPI bus.
"""

from __future__ import annotations

from pathlib import Path

import pygame

RGB565_MASKS = (0xF800, 0x07E0, 0x001F, 0)
BYTES_PER_PIXEL = 2
SYSFS = Path("/sys/class/graphics")


class FramebufferError(RuntimeError):
    """The framebuffer is not one Getaway can draw on (its depth is not 16 bits)."""


class Framebuffer:
    """Writes frames of ``size`` to the framebuffer at ``path``, skipping unchanged ones.

    ``stride`` is the length of one row in bytes; by default the kernel's figure from sysfs,
    or the width times two for a plain file.
    """

    def __init__(self, path: Path, size: tuple[int, int], *, stride: int | None = None) -> None:
        self.path = path
        self._size = size
        self._pixels = pygame.Surface(size, 0, 16, RGB565_MASKS)
        self._stride = stride or _sysfs_number(path, "stride") or size[0] * BYTES_PER_PIXEL
        depth = _sysfs_number(path, "bits_per_pixel")
        if depth not in (None, 16):
            raise FramebufferError(f"{path} has {depth} bits per pixel; Getaway writes 16 "
                                   "(RGB565): set the panel's depth to 16 in config.txt")
        self._last: bytes | None = None

    def write(self, frame: pygame.Surface) -> bool:
        """Copy ``frame`` to the panel if it differs from the last one; True if written."""
        self._pixels.blit(frame, (0, 0))
        rows = _rows(self._pixels)
        if rows == self._last:
            return False
        row_bytes = self._size[0] * BYTES_PER_PIXEL
        with self.path.open("r+b", buffering=0) as panel:
            if self._stride == row_bytes:
                panel.write(rows)
            else:
                for y in range(self._size[1]):
                    panel.seek(y * self._stride)
                    panel.write(rows[y * row_bytes:(y + 1) * row_bytes])
        self._last = rows
        return True


def _rows(surface: pygame.Surface) -> bytes:
    """The pixels of a 16-bit surface, row after row, without the padding of its pitch."""
    width, height = surface.get_size()
    raw, pitch = surface.get_buffer().raw, surface.get_pitch()
    row_bytes = width * BYTES_PER_PIXEL
    if pitch == row_bytes:
        return bytes(raw[:row_bytes * height])
    return b"".join(raw[y * pitch:y * pitch + row_bytes] for y in range(height))


def _sysfs_number(path: Path, name: str) -> int | None:
    """A number the kernel tells about framebuffer ``path`` (None for a plain file)."""
    try:
        return int((SYSFS / path.name / name).read_text(encoding="ascii").split(",")[0])
    except (OSError, ValueError):
        return None
