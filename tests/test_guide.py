"""The guide teaches every game as it is played: every situation of every game has a "what
now" line, every step an explanation of two or three sentences with a rule-book reference,
every checklist item a line, in German and in English; and every state the box's walks reach
shows them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Game
from companion.i18n import LANGUAGES, Catalog
from companion.table.guide import guide_module, setup_items, situations, steps
from companion.texts import assemble
from tests.device.walk import other_choices, walk

CATALOG = assemble()
SECTION = {"de": re.compile(r"^(Spielregel|Spielanleitung), Abschnitte? „[^“]+“"),
           "en": re.compile(r"^Rule book, sections? “[^”]+”")}
"""A reference names the rule book and a section of it by its heading."""
SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def sentence(catalog: Catalog, key: str, lang: str, **params: Any) -> str:
    """The sentence for ``key``; fails where the catalog lacks it or leaves a placeholder."""
    said = catalog.text(key, lang, **params)
    assert said != key and not said.startswith(f"{key}."), f"no {lang} text for {key}"
    assert "{" not in said, f"{key} ({lang}) leaves a placeholder: {said}"
    return said


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_situation_has_a_line_and_every_step_an_explanation(game: Game[Any]) -> None:
    assert situations(game), f"{game.id} brings no guide"
    assert set(steps(game)) == set(situations(game))
    for lang in LANGUAGES:
        for situation in situations(game):
            sentence(CATALOG, f"{game.id}.guide.now.{situation}", lang)
        for step in set(steps(game).values()):
            explained = sentence(CATALOG, f"{game.id}.guide.step.{step}", lang)
            assert 2 <= len(SENTENCE_END.findall(explained)) <= 3, explained
            reference = sentence(CATALOG, f"{game.id}.guide.ref.{step}", lang)
            assert SECTION[lang].match(reference), f"{game.id} {step} ({lang}): {reference}"


def test_a_game_without_a_guide_is_told_apart() -> None:
    from tests.tiny import GAME as TINY
    assert situations(TINY) == () and setup_items(TINY) == ()


def walks(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """The fewest seats with the default settings, the most with the last choice of each."""
    return [(game.min_seats, {}), (game.max_seats, other_choices(game)[-1])]


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_state_of_the_walks_says_what_now(tmp_path: Path, game: Game[Any]) -> None:
    for number, (seats, options) in enumerate(walks(game)):
        for shown in walk(tmp_path / f"{number}.sqlite", game.id, seats, options=options):
            if shown.public["game"] is None:
                continue
            guide = shown.public["guide"]
            assert guide["situation"] in situations(game), guide
            assert set(guide["setup"]) <= {f"{game.id}.guide.setup.{item}"
                                           for item in setup_items(game)}
            for view in (shown.public, *shown.private.values()):
                assert view["guide"] == guide
            for lang in LANGUAGES:
                for key in (guide["now"], guide["explain"], guide["ref"], *guide["setup"]):
                    sentence(CATALOG, key, lang, **guide["setup_params"])


REFERENCE = {"de": re.compile(r"\((Spielregel|Spielanleitung), Abschnitte? „[^“]+“.*\)\.$"),
             "en": re.compile(r"\(Rule book, sections? “[^”]+”.*\)\.$")}
"""A rule line ends with the rule book and a section of it by its heading, in brackets."""
SENTENCES = ("texts.py", "guide.py", "phone_texts.py", "screen_texts.py")
"""A game's sentences: a refusal's key found only there is one its rules never raise."""


def raised_keys(game: Game[Any]) -> str:
    """The source of the game's modules that may refuse (every one but its sentences)."""
    guide = guide_module(game.package)
    assert guide is not None and guide.__file__ is not None
    folder = Path(guide.__file__).parent
    return "".join(path.read_text() for path in sorted(folder.glob("*.py"))
                   if path.name not in SENTENCES)


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_refusal_of_the_impossible_explains_its_rule(game: Game[Any]) -> None:
    guide = guide_module(game.package)
    assert guide is not None
    declared: dict[str, str] = guide.REFUSALS
    assert declared, f"{game.id} declares no refusal of the impossible"
    source = raised_keys(game)
    for refusal, rule in declared.items():
        assert f'"{refusal}"' in source, f"{game.id} never refuses with {refusal}"
        forms = [key for key in (refusal, f"{refusal}.one", f"{refusal}.other")
                 if CATALOG.has_text(key)]
        assert forms, f"no sentence for {refusal}"
        for lang in LANGUAGES:
            line = CATALOG.sentences(lang)[rule]
            assert REFERENCE[lang].search(line), f"{rule} ({lang}) names no section: {line}"
            for key in forms:
                said = CATALOG.sentences(lang)[key]
                assert said.endswith(f" {line}") and len(said) > len(line) + 1, said
