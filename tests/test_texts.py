"""Every sentence the box, the phones and the pages name exists in German and in English."""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from companion.games import GAMES
from companion.games.robnrun.pieces import SUPPLY
from companion.games.robnrun.profile import MARKED, QUARTERS
from companion.games.robnrun.scenario import CLUE_COUNT, FORBIDDEN
from companion.i18n import catalog, text

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = "|".join(("error", "box", "web", "screen", "selftest", "undo", *GAMES))
KEY = re.compile(rf"""["']((?:{PREFIXES})\.[a-z_]+(?:\.[a-z_]+)*)["']""")
NOT_TEXTS = {"error.html", "table.html", "history.html", "summary.html", "phone.html"}
"""Template names, not texts."""


def named_keys() -> dict[str, str]:
    """Every text key written out in the code and the page scripts, with where it is."""
    sources = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "companion").rglob("*.js"),
               *(ROOT / "web" / "static").glob("*.js"),
               *(ROOT / "web" / "templates").glob("*.html")]
    found = {}
    for path in sources:
        for key in KEY.findall(path.read_text()):
            if not key.endswith(".") and key not in NOT_TEXTS:
                found[key] = str(path.relative_to(ROOT))
    return found


def test_every_named_text_is_in_both_languages() -> None:
    german, english = catalog("de"), catalog("en")
    missing = {key: where for key, where in named_keys().items()
               if not (known(key, german) and known(key, english))}
    assert not missing
    assert set(german) == set(english)


def known(key: str, sentences: Collection[str]) -> bool:
    """A sentence, or one about a number of things in both its plural forms."""
    return key in sentences or {f"{key}.one", f"{key}.other"} <= set(sentences)


def every_sentence() -> tuple[dict[str, str], dict[str, str]]:
    return catalog("de"), catalog("en")


PLACEHOLDER_PLURAL = re.compile(r"\w\((?:e|s|n|en|er|nen)\)")
""""Strafstein(e)", "tile(s)", "neue(n)": a plural the reader has to work out."""
COUNTED = re.compile(r"\{count\} (?!(?:of|von)\b)\w")
"""A number of things: "{count} seats" (but not "{count} of {limit}")."""
FIXED_BY_THE_RULES = {
    "robnrun.profile.marked": MARKED, "robnrun.profile.quarters": QUARTERS,
    "robnrun.scenario.clues": CLUE_COUNT, "robnrun.scenario.forbidden": FORBIDDEN,
    "robnrun.scenario.squares": MARKED,
    **{f"robnrun.scenario.supply.{colour}": count for colour, count in SUPPLY.items()},
}
"""Sentences about a number the game's pieces fix, never 1: one form is right, and the number
goes by ``{total}``, not ``{count}``."""


def test_no_sentence_leaves_its_plural_to_the_reader() -> None:
    for sentences in every_sentence():
        assert [key for key, sentence in sentences.items()
                if PLACEHOLDER_PLURAL.search(sentence)] == []


def test_every_sentence_about_a_count_has_both_plural_forms() -> None:
    for sentences in every_sentence():
        counted = {key for key, sentence in sentences.items() if COUNTED.search(sentence)}
        assert len(counted) > 10
        assert not counted & set(FIXED_BY_THE_RULES)
        for key in counted:
            base = key.rpartition(".")[0]
            assert {f"{base}.one", f"{base}.other"} <= set(sentences), base


def test_the_numbers_the_rules_fix_are_never_one() -> None:
    assert min(FIXED_BY_THE_RULES.values()) > 1


def test_the_count_picks_the_form_in_both_languages() -> None:
    every_sentence()
    assert text("box.seats", "de", count=1) == "1 Platz"
    assert text("box.seats", "de", count=4) == "4 Plätze"
    assert text("box.seats", "en", count=0) == "0 seats"
    assert text("romme.last.overrun", "en", name="Ben", count=1) == (
        "Ben: out of time, 1 penalty tile.")
    assert text("romme.last.overrun", "de", name="Ben", count=2) == (
        "Ben: Zeit überschritten, 2 Strafsteine.")
    assert text("web.robnrun.police_steps", "en", count=1, police=4) == "1 step, now on square 4"
    assert text("box.seats", "en", count=True) == "box.seats"  # a bool counts nothing


def test_the_text_scan_finds_what_it_looks_for() -> None:
    keys = named_keys()
    assert keys["error.seat_taken"].startswith("companion/")
    assert "web.claim_give" in keys and "box.language_switch" in keys
    assert keys["safehouse.colour_die"].startswith("companion/games/safehouse/")
