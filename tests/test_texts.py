"""Every sentence the box, the phones and the pages name exists in German and in English."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import companion
from companion.i18n import catalog, register
from companion.server.texts import TEXTS

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = "error|box|web|romme|robnrun|screen|selftest"
KEY = re.compile(rf"""["']((?:{PREFIXES})\.[a-z_]+(?:\.[a-z_]+)*)["']""")
NOT_TEXTS = {"error.html", "table.html", "history.html", "summary.html", "phone.html"}
"""Template names, not texts."""


def named_keys() -> dict[str, str]:
    """Every text key written out in the code and the page scripts, with where it is."""
    sources = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "web" / "static").glob("*.js"),
               *(ROOT / "web" / "templates").glob("*.html")]
    found = {}
    for path in sources:
        for key in KEY.findall(path.read_text()):
            if not key.endswith(".") and key not in NOT_TEXTS:
                found[key] = str(path.relative_to(ROOT))
    return found


def test_every_named_text_is_in_both_languages() -> None:
    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        importlib.import_module(module.name)  # each module registers its own texts
    register(TEXTS)  # the pages' own, as the phone server does
    german, english = catalog("de"), catalog("en")
    missing = {key: where for key, where in named_keys().items()
               if key not in german or key not in english}
    assert not missing
    assert set(german) == set(english)


def test_the_text_scan_finds_what_it_looks_for() -> None:
    keys = named_keys()
    assert keys["error.seat_taken"].startswith("companion/")
    assert "web.claim_give" in keys and "box.language_switch" in keys
