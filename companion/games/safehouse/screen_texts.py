"""What the box's screen says in a game of Safehouse, in German and English."""

from __future__ import annotations

SCREEN: dict[str, dict[str, str]] = {"de": {}, "en": {}}
