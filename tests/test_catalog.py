"""The text catalog refuses a key two owners fill with different sentences, a key missing in a
language and a plural form without its sibling; the box's own catalog loads."""

from __future__ import annotations

import dataclasses
import re

import pytest

from companion.games import GAMES
from companion.i18n import CORE, Catalog, TextClash, default_catalog
from companion.texts import assemble
from tests.tiny import GAME as TINY


def both(key: str, de: str, en: str) -> dict[str, dict[str, str]]:
    return {"de": {key: de}, "en": {key: en}}


def test_the_box_catalog_loads_with_every_game() -> None:
    catalog = assemble()
    for game in GAMES.values():
        key = next(iter(game.texts["en"]))
        assert catalog.text(key, "en") == game.texts["en"][key]
    assert catalog.text("box.seats", "de", count=2) == "2 Plätze"
    assert catalog.sentences("de").items() <= default_catalog().sentences("de").items()


def test_a_game_from_outside_joins_once_and_may_join_again() -> None:
    catalog = assemble([TINY])
    catalog.add(TINY.id, TINY.texts)  # a second Table with the same game
    assert catalog.has_text(next(iter(TINY.texts["de"])))


def test_a_game_reusing_another_games_key_is_refused() -> None:
    romme, robnrun = GAMES["romme"], GAMES["robnrun"]
    key = next(iter(romme.texts["de"]))
    texts = {lang: {**robnrun.texts[lang], key: "Ein anderer Satz"} for lang in ("de", "en")}
    thief = dataclasses.replace(robnrun, id="thief", texts=texts)
    with pytest.raises(TextClash, match=f"{re.escape(repr(key))} of thief is already romme's"):
        assemble([thief])


def test_a_clash_with_the_core_names_both_owners() -> None:
    catalog = Catalog()
    catalog.add("core", CORE)
    with pytest.raises(TextClash, match=r"'box\.start' of fake is already core's"):
        catalog.add("fake", both("box.start", "Los", "Go"))


def test_a_refused_set_adds_nothing() -> None:
    catalog = Catalog()
    catalog.add("core", CORE)
    with pytest.raises(TextClash):
        catalog.add("fake", {"de": {"fake.new": "Neu", "box.start": "Los"},
                             "en": {"fake.new": "New", "box.start": "Go"}})
    assert not catalog.has_text("fake.new")
    assert catalog.text("box.start", "en") == "Start"


def test_a_key_missing_in_english_is_refused() -> None:
    with pytest.raises(TextClash, match=r"'fake\.only' of fake has no en sentence"):
        Catalog().add("fake", {"de": {"fake.both": "Ja", "fake.only": "Nur deutsch"},
                               "en": {"fake.both": "Yes"}})


def test_a_missing_language_is_refused() -> None:
    with pytest.raises(TextClash, match="texts of fake are in"):
        Catalog().add("fake", {"de": {"fake.key": "Ja"}})


def test_a_count_in_one_language_only_is_refused() -> None:
    with pytest.raises(TextClash, match=r"'fake\.dice' of fake has a \{count\} only in \['en'\]"):
        Catalog().add("fake", both("fake.dice", "Würfel", "{count} dice"))


@pytest.mark.parametrize("key", ["fake.dice.other", "fake.dice.one"])
def test_a_count_sentence_without_both_plural_forms_is_refused(key: str) -> None:
    with pytest.raises(TextClash, match=f"{re.escape(repr(key))} of fake is a plural form without"):
        Catalog().add("fake", both(key, "{count} Würfel", "{count} dice"))


def test_a_count_without_plural_forms_is_refused() -> None:
    with pytest.raises(TextClash, match=r"'fake\.dice' of fake has a \{count\} but no plural"):
        Catalog().add("fake", both("fake.dice", "{count} Würfel", "{count} dice"))
    with pytest.raises(TextClash, match=r"'fake\.place' of fake has a \{count\} but no plural"):
        Catalog().add("fake", both("fake.place", "{index} von {count}", "{index} of {count}"))


def test_a_number_that_counts_nothing_goes_by_another_name() -> None:
    catalog = Catalog()
    catalog.add("fake", both("fake.place", "{index} von {total}", "{index} of {total}"))
    assert catalog.text("fake.place", "en", index=1, total=1) == "1 of 1"


def test_both_plural_forms_pass_and_the_count_picks_one() -> None:
    catalog = Catalog()
    catalog.add("fake", {"de": {"fake.dice.one": "1 Würfel", "fake.dice.other": "{count} Würfel"},
                         "en": {"fake.dice.one": "1 die", "fake.dice.other": "{count} dice"}})
    assert catalog.text("fake.dice", "en", count=1) == "1 die"
    assert catalog.text("fake.dice", "de", count=3) == "3 Würfel"


def test_the_same_sentence_again_keeps_its_first_owner() -> None:
    catalog = Catalog()
    catalog.add("tiny", both("tiny.pass", "Weiter", "Pass"))
    catalog.add("tiny_fast", both("tiny.pass", "Weiter", "Pass"))  # the same game, faster
    with pytest.raises(TextClash, match="of other is already tiny's"):
        catalog.add("other", both("tiny.pass", "Weg", "Away"))
