"""Rob 'n Run: the police station, the escape route, gold and robberies; the boss's safes.

The group plays with the real cards, cubes and board. Getaway keeps the bookkeeping (active
alarm values, car, police, cubes, gold, the crew's turns, the alarm stack's size, the six
evaluation steps) and the boss's secrets on the boss's phone. Where the rule book is silent,
the function that decides says which reading it takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import (
    JSON,
    Action,
    Chance,
    Documents,
    Game,
    IllegalAction,
    InvalidAction,
    Option,
    Saved,
    whole,
)
from companion.games.record import dump, load
from companion.games.robnrun import controls, profile, records, rules, scenario, views
from companion.games.robnrun.pieces import CLUES, COLOURS, CREW_CLUES
from companion.games.robnrun.profile import Profile
from companion.games.robnrun.rules import RULES
from companion.games.robnrun.scenario import CLUE_COUNT, Scenario
from companion.games.robnrun.state import Robbery, RobState, capacity
from companion.games.robnrun.texts import TEXTS

PROFILE = "profile"
SCENARIO = "scenario"
BOX_PROFILE = "box"
"""The one saved profile of this box."""
TRAINING = "training"


def builtin_documents() -> dict[str, dict[str, JSON]]:
    """The example profile and the example training scenario, labelled as such."""
    return {PROFILE: {BOX_PROFILE: profile.to_json(profile.EXAMPLE)},
            SCENARIO: {TRAINING: scenario.to_json(scenario.EXAMPLE)}}


def check_document(kind: str, data: JSON) -> JSON:
    """A profile or scenario from a phone or a file, checked; raise InvalidAction if not."""
    if kind == PROFILE:
        return profile.to_json(profile.from_json(data))
    if kind == SCENARIO:
        return scenario.to_json(scenario.from_json(data))
    raise InvalidAction("error.action_malformed")


def setup(options: Mapping[str, JSON], seats: int, drawn: Mapping[str, JSON],
          saved: Saved) -> RobState:
    """The start of a game: the box's profile, the chosen scenario, the first boss.

    The scenario must fit the table as the group wrote it; variation 1's draw never refuses a
    game: a cube its track has no room for is set aside (a reading: the rule book is silent).
    """
    box_profile = _saved_profile(saved)
    chosen = _saved_scenario(saved, str(options["scenario"]))
    scenario.check_table(chosen, box_profile, seats)
    if options["variation1"] == "on":
        chosen = scenario.randomised(chosen, drawn["cubes"], drawn["quarters"])
    boss = options["boss"] if options["boss"] != "random" else drawn.get("boss")
    if not whole(boss) or not 0 <= boss < seats:  # a chosen boss was checked as its option
        raise InvalidAction("robnrun.boss_seat", seats=seats)
    route = box_profile.route
    state = RobState(
        profile=box_profile, scenario=chosen, seats=seats, gold=int(options["gold"]),
        car=route.car, police=route.police, station={c: 0 for c in COLOURS},
        squares=chosen.squares, buildings=box_profile.quarters,
        dealers={c: "quarter" for c in COLOURS}, robbery=Robbery(boss),
        variation2=options["variation2"] == "on", notes=("",) * seats)
    station = {c: min(chosen.station[c], capacity(state, c)) for c in COLOURS}
    aside = sum(chosen.station.values()) - sum(station.values())
    return replace(state, station=station, aside=aside)


def _saved_profile(saved: Saved) -> Profile:
    """The box's profile: the group's, or the example one."""
    return load(Profile, saved[PROFILE][BOX_PROFILE])


def _saved_scenario(saved: Saved, name: str) -> Scenario:
    data = saved[SCENARIO].get(name)
    if data is None:
        raise IllegalAction("robnrun.scenario.unknown")
    return load(Scenario, data)


def draw(state: RobState | None, action: Action, chance: Chance) -> Action:
    """What the box draws: the first boss, variation 1's cubes and dealers, the clues dealt."""
    drawn: dict[str, JSON] = {}
    if action.type == "table.new_game":
        options, seats = action.args.get("options") or {}, action.args.get("seats")
        if not isinstance(options, Mapping) or not whole(seats) or seats < 1:
            return action
        if options.get("boss", "random") == "random":
            drawn["boss"] = chance.randrange(seats)
        if options.get("variation1") == "on":
            drawn["cubes"] = _shuffled(scenario.all_cubes(), chance)
            drawn["quarters"] = _shuffled(list(range(4)), chance)
    elif action.type == "deal" and state is not None:
        drawn["order"] = _shuffled(list(range(CLUE_COUNT)), chance)
        if state.variation2:
            drawn["clues"] = _shuffled(_clue_pool(state), chance)[:CLUE_COUNT]
    else:
        return action
    return replace(action, args={**action.args, "chance": drawn})


def _clue_pool(state: RobState) -> list[int]:
    """Variation 2 draws from every clue but the forbidden ones (and, for 2, the crew ones)."""
    out = set(state.scenario.forbidden) | (CREW_CLUES if state.seats == 2 else set())
    return [clue for clue in CLUES if clue not in out]


def _shuffled(items: list[Any], chance: Chance) -> list[Any]:
    chance.shuffle(items)
    return items


GAME: Game[RobState] = Game(
    id="robnrun",
    package=__name__,
    title={"de": "Rob 'n Run", "en": "Rob 'n Run"},
    min_seats=2,
    max_seats=5,
    options=(
        Option("scenario", TRAINING),
        Option("boss", "random", choices=("random", 0, 1, 2, 3, 4)),
        Option("gold", 3, minimum=3, maximum=20),
        Option("variation1", "off", choices=("off", "on")),
        Option("variation2", "off", choices=("off", "on")),
    ),
    texts={lang: {**TEXTS[lang], **records.TEXTS[lang]} for lang in TEXTS},
    rules=RULES,
    setup=setup,
    draw=draw,
    public_view=views.public_view,
    private_view=views.private_view,
    outcome=rules.outcome,
    tally=records.TALLY,
    controls=controls.controls,
    leds=controls.leds,
    sounds=controls.sounds,
    documents=Documents(builtin_documents(), check_document),
    box_view=views.box_view,
    to_json=dump,
    from_json=lambda data: load(RobState, data),
)

__all__ = ["GAME", "RobState"]
