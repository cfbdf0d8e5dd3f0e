"""Every text a phone or browser sends passes here once, as its JSON body is read, so the box
keeps and shows only text it can draw.

Refused (400, ``error.text_unreadable``), because no field of a page can type them and the
box could not show them: control characters (NUL, escape, line breaks) and halves of
surrogate pairs (broken UTF-16, which no file or screen can hold). Refusing says so, where
quietly dropping them would save a name other than the one sent.

Tidied, as a person expects, since what they see stays the same: every string is composed
(NFC: a "ü" is one character, however the keyboard sent it, and counts as one against a
length limit); a name (any ``name``) loses the invisible formatting a paste brings along
(direction marks and overrides, zero-width spaces; the joiners that build emoji and scripts
stay), its outer spaces and its runs of spaces. A Wi-Fi name and password are kept exactly as
typed (checked, never changed): they must match the network's own bytes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from companion.games.base import InvalidAction

UNREADABLE = "error.text_unreadable"
KEPT_AS_TYPED = frozenset({"ssid", "password"})
"""Keys whose strings are checked but never changed."""
NAMES = frozenset({"name"})
"""Keys whose strings are names: shown on the box and every phone, tidied."""
JOINERS = frozenset({"\u200c", "\u200d"})
"""Invisible format characters a name keeps: emoji sequences and many scripts need them."""
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
SURROGATE = re.compile(r"[\ud800-\udfff]")


def checked(body: object) -> object:
    """``body`` (parsed JSON) with every string checked and tidied; raises InvalidAction
    (``error.text_unreadable``) for one with a control character or a lone surrogate."""
    return _checked(body, None)


def _checked(value: object, key: str | None) -> object:
    if isinstance(value, str):
        return _text(value, key)
    if isinstance(value, Mapping):
        return {_text(k, None): _checked(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_checked(item, key) for item in value]
    return value


def _text(value: str, key: str | None) -> str:
    if CONTROL.search(value) or SURROGATE.search(value):
        raise InvalidAction(UNREADABLE)
    if key in KEPT_AS_TYPED:
        return value
    value = unicodedata.normalize("NFC", value)
    return name(value) if key in NAMES else value


def name(typed: str) -> str:
    """A name as it is kept: without invisible formatting, outer spaces or runs of spaces."""
    shown = "".join(c for c in typed if c in JOINERS or not _invisible(c))
    return " ".join(shown.split())


def _invisible(character: str) -> bool:
    """A format character (Cf) outside the tag block that spells flags like 🏴󠁧󠁢󠁳󠁣󠁴󠁿."""
    return unicodedata.category(character) == "Cf" and not "\U000e0000" <= character <= (
        "\U000e007f")
