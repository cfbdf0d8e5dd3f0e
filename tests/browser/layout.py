"""What a page must never do to a player, read off the page in Chromium: run wider than the
phone, break a word inside itself, cut a text off (an ellipsis inside its box), put one thing
over another's text, offer a target smaller than a finger, or show a text key, an unfilled
placeholder, a placeholder plural or a script's "null"."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

PROBLEMS = (Path(__file__).parent / "layout.js").read_text(encoding="utf-8")


def problems(page: Page) -> list[str]:
    """Everything wrong with what ``page`` shows now (an empty list: nothing)."""
    found: list[str] = page.evaluate(PROBLEMS)
    return found
