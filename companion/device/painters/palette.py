"""The screen's colours: light on dark, and never pure black outside the QR code."""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (16, 20, 26)
PANEL: Colour = (36, 42, 54)
TEXT: Colour = (240, 242, 245)
MUTED: Colour = (150, 158, 172)
ACCENT: Colour = (255, 200, 40)
INK: Colour = (24, 24, 28)
"""Text on light fills; never pure black, which only the QR code uses."""
GOOD: Colour = (96, 214, 124)
WARN: Colour = (255, 160, 20)
DANGER: Colour = (244, 72, 60)
PAUSED: Colour = (118, 126, 140)
