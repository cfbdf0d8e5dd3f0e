"""The words a group reads on phones and pages: the rule book's own terms, keys named as the
phone names them, and what a button does said in players' words."""

from __future__ import annotations

import pytest

from companion.i18n import catalog, text


def test_going_out_in_romme_is_never_called_the_first_meld() -> None:
    """The rule book's "auslegen" is the first meld of 20 points; going out is "ausgehen"."""
    assert text("romme.menu.romme", "de") == "Rommé! Ausgegangen"
    assert text("romme.undo.romme", "de") == "Rommé! ausgegangen"
    assert text("romme.records.first_turn", "de", count=2) == "2-mal im ersten Zug ausgegangen"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_phone_is_told_what_it_does_itself(lang: str) -> None:
    """The roller types the faces on whatever it uses; a Gendarm turn ends with the phone's
    own button, not the box's key TURN."""
    assert "Box" not in text("safehouse.guide.now.faces", lang)
    assert "box" not in text("safehouse.guide.now.faces", lang)
    for key in ("gendarm.guide.now.move", "gendarm.guide.now.move_safe"):
        assert "TURN" not in text(key, lang)
        assert ("Zug beenden" if lang == "de" else "end the turn") in text(key, lang)


@pytest.mark.parametrize("lang, secret", [("de", "Geheim"), ("en", "secret")])
def test_the_words_say_what_happened_and_what_is_hidden(lang: str, secret: str) -> None:
    level = text("gendarm.records.level", lang, level=2, capture=1, depletion=0)
    assert not {"Erschöpfung", "depletion"} & set(level.replace(":", " ").split())
    assert ("Fänger" if lang == "de" else "catcher") in level
    assert secret in text("web.cover_hide", lang)
    assert all("Erschöpfung" not in said for said in catalog("de").values())
