"""The join QR code: as modules, as a pygame surface for the screen, as text for a terminal.

Black on white with the 4-module quiet zone, scaled by whole pixels only, so every phone
camera reads it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import qrcode
from qrcode.constants import ERROR_CORRECT_M

QUIET_ZONE = 4
DARK = (0, 0, 0)
LIGHT = (255, 255, 255)


def qr_matrix(data: str) -> list[list[bool]]:
    """The modules of ``data``'s QR code, quiet zone included; True is dark."""
    return [list(row) for row in _modules(data)]


@lru_cache(maxsize=8)
def _modules(data: str) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, box_size=1, border=QUIET_ZONE)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(bool(dark) for dark in row) for row in code.get_matrix())


def qr_surface(data: str, px: int) -> pygame.Surface:
    """The QR code of ``data`` with every module ``px`` pixels square."""
    modules = _modules(data)
    surface = pygame.Surface((len(modules) * px,) * 2)
    surface.fill(LIGHT)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, (x * px, y * px, px, px))
    return surface


_HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_text(data: str) -> str:
    """The QR code as half blocks, two module rows per line, light modules drawn.

    Drawing the light modules suits the usual dark terminal; phone readers also accept the
    inverted code a light terminal then shows.
    """
    modules = _modules(data)
    lines = []
    for y in range(0, len(modules), 2):
        top = modules[y]
        bottom = modules[y + 1] if y + 1 < len(modules) else (True,) * len(top)
        pairs = zip(top, bottom, strict=True)
        lines.append("".join(_HALF_BLOCKS[(not t, not b)] for t, b in pairs))
    return "\n".join(lines)
