"""Documents and checks the Rob 'n Run tests share: a short box profile, scenario builders,
refusals that must read as sentences in both languages."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from companion.games.base import JSON, GetawayError, Saved
from companion.games.robnrun import GAME, profile, scenario
from companion.i18n import LANGUAGES, text
from companion.table.documents import documents as documents_of
from companion.table.state import TableState

SHORT_ROUTE = {"length": 12, "marked": [3, 4, 5, 6, 7], "terminals": [8, 9, 10], "car": 2,
               "police": 0}
"""A short escape route, so that random games reach the airport now and then."""


def profile_json(**changes: Any) -> dict[str, Any]:
    """The example profile as a file would hold it, with ``changes`` on top."""
    data: dict[str, Any] = copy.deepcopy(profile.to_json(profile.EXAMPLE))
    data.update({"name": "Unsere Schachtel", "example": False})
    data.update(copy.deepcopy(changes))
    return data


def short_profile() -> dict[str, Any]:
    return profile_json(name="Kurzer Weg", route=dict(SHORT_ROUTE))


def scenario_json(**changes: Any) -> dict[str, Any]:
    """The training scenario as a file would hold it, with ``changes`` on top."""
    data: dict[str, Any] = copy.deepcopy(scenario.to_json(scenario.EXAMPLE))
    data.update({"name": "Eigenes Szenario", "example": False})
    data.update(copy.deepcopy(changes))
    return data


def assert_sentence(error: GetawayError) -> None:
    """The refusal reads as a filled-in sentence in German and English, never as its key."""
    for lang in LANGUAGES:
        sentence = text(error.key, lang, **error.params)
        assert sentence != error.key, (lang, error.key)
        assert "{" not in sentence and "}" not in sentence, sentence
        assert not sentence.startswith(("robnrun.", "error.")), sentence
        assert sentence.rstrip().endswith((".", "!", ":")), sentence
        assert len(sentence.split()) >= 3, sentence


def refused(call: Callable[[], object], key: str,
            kind: type[GetawayError] = GetawayError) -> GetawayError:
    """Run ``call``, which must be refused with ``key`` and a real sentence; return the error."""
    with pytest.raises(kind) as caught:
        call()
    assert caught.value.key == key, caught.value.key
    assert_sentence(caught.value)
    return caught.value


def check(kind: str, data: Mapping[str, Any]) -> Any:
    return GAME.documents.check(kind, data)


def documents(saved: Mapping[str, Mapping[str, JSON]]) -> Saved:
    """What ``setup`` gets when the group saved ``saved``: beside the built-in documents."""
    return documents_of(TableState(saved={GAME.id: {k: dict(v) for k, v in saved.items()}}),
                        GAME)
