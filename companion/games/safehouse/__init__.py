"""Safehouse (Das Würfelspiel): one pursuer for everyone, the dice pool and the helps.

The group plays with the real sheets and pens and, by default, the real dice. Getaway keeps
the one true pursuer (the rule book lets the sheets drift apart and counts the furthest), the
pre-roll step, the pursuer faces, the dice in the lid and what taking them back costs, the
shared helps and each player's chameleons, and tells at once when someone is caught. Where the
rule book is silent, the function that decides says which reading it takes.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import JSON, Documents, Game, InvalidAction, Option, Saved
from companion.games.record import dump, load
from companion.games.safehouse import controls, profile, records, rules, views
from companion.games.safehouse.profile import Profile
from companion.games.safehouse.rules import RULES, new_players
from companion.games.safehouse.state import DICE, ShState
from companion.games.safehouse.texts import TEXTS

PROFILE = "profile"
BOX_PROFILE = "box"
"""The one saved profile of this box."""
MAX_SEATS = 4


def builtin_documents() -> dict[str, dict[str, JSON]]:
    """The example profile, labelled as such."""
    return {PROFILE: {BOX_PROFILE: profile.to_json(profile.EXAMPLE)}}


def check_document(kind: str, data: JSON) -> JSON:
    """A box profile from a phone or a file, checked; raise InvalidAction if not."""
    if kind != PROFILE:
        raise InvalidAction("error.document_kind")
    return profile.to_json(profile.from_json(data))


def setup(options: Mapping[str, JSON], seats: int, drawn: Mapping[str, JSON],
          saved: Saved) -> ShState:
    """The start: the pursuer behind everyone, all ten dice in the middle, the first roller
    the group chose ("der jüngste Spieler": the box cannot know ages)."""
    track = load(Profile, saved[PROFILE][BOX_PROFILE])
    first = int(options["first_player"])  # one of the option's whole-number choices
    if not 0 <= first < seats:
        raise InvalidAction("safehouse.first_player", count=seats)
    return ShState(profile=track, seats=seats, box_dice=options["dice"] == "box", roller=first,
                   pursuer=track.pursuer, players=new_players(seats, track.orders),
                   lid=dict.fromkeys(DICE, 0), selection=dict.fromkeys(DICE, 0),
                   sheet_mode=options["mode"] == "sheet")


GAME: Game[ShState] = Game(
    id="safehouse",
    package=__name__,
    title={"de": "Safehouse \u2013 Das Würfelspiel", "en": "Safehouse \u2013 The Dice Game"},
    min_seats=1,
    max_seats=MAX_SEATS,
    options=(
        Option("dice", "table", choices=("table", "box")),
        Option("mode", "light", choices=("light", "sheet")),
        Option("first_player", 0, choices=tuple(range(MAX_SEATS))),
    ),
    texts={lang: {**TEXTS[lang], **records.TEXTS[lang]} for lang in TEXTS},
    rules=RULES,
    setup=setup,
    draw=rules.draw,
    public_view=views.public_view,
    private_view=views.private_view,
    secrets=False,
    outcome=rules.outcome,
    tally=records.TALLY,
    controls=controls.controls,
    leds=controls.leds,
    sounds=controls.sounds,
    documents=Documents(builtin_documents(), check_document),
    to_json=dump,
    from_json=lambda data: load(ShState, data),
)

__all__ = ["GAME", "ShState"]
