"""What the phones and the table page say in a game of Safehouse, in German and English."""

from __future__ import annotations

PHONE: dict[str, dict[str, str]] = {"de": {}, "en": {}}
