"""What the screen, the table page and each phone see of a game of Rob 'n Run.

The public view holds what lies open on the table. The boss's phone adds the safes, the cards
in the alarm stack and the boss's six clues; a crew phone adds only its own notes.
"""

from __future__ import annotations

from typing import Annotated, NotRequired, TypedDict

from companion.games.base import JSON
from companion.games.moments import Moment, moment
from companion.games.record import dump
from companion.games.robnrun.evaluation import to_place
from companion.games.robnrun.pieces import (
    CLUE_PRICE,
    COLOURS,
    DEALER_PRICES,
    SAFE_TOOLS,
    TOOLS,
    Safe,
    SafeView,
    cracked,
    most_kinds,
    needed,
    safe_json,
    tool_object,
)
from companion.games.robnrun.rules import RULES, outcome
from companion.games.robnrun.state import (
    RobState,
    Sorting,
    building_id,
    capacity,
    crew,
    drafted,
    forced,
    placeable,
    rating,
    route_dealer,
    track,
    value,
)
from companion.games.visibility import SEAT

GOLD_BARS = 20
"""Only 20 gold bars are in the box; more is allowed but the screen warns."""


class RouteView(TypedDict):
    length: int
    marked: list[int]
    terminals: list[int]


class Track(TypedDict):
    """A colour's track in the police station: its numbers, the cubes on it, the value they
    show and how many it holds."""

    numbers: list[int]
    cubes: int
    value: int
    capacity: int


class Dealer(TypedDict):
    quarter: int
    where: str
    prices: list[int]


class Building(TypedDict):
    id: str
    quarter: int
    safes: int


class ProfileView(TypedDict):
    name: str
    example: bool
    jackhammer: str


class ScenarioView(TypedDict):
    name: str
    example: bool
    clues: list[int] | None


class Prepare(TypedDict):
    building: str | None
    safes: int
    dealt: bool
    safes_entered: bool
    dealer: str | None


class Clues(TypedDict):
    face_up: list[int]
    hidden: int
    price: int
    uses: JSON
    kinds: int


class Crew(TypedDict):
    members: list[int]
    hands: list[int]
    turn: int | None
    played: int
    needed: int
    passes: int
    forced: bool
    exchanged: list[int]
    final: bool


class SortingView(TypedDict):
    """The last sort as the table saw it (never which cards went onto the alarm stack)."""

    round: int
    rows: dict[str, int]
    wrong: int
    bags: int
    drawn: list[int]
    stack: list[int]
    alarm_stack: list[int]


class Robbery(TypedDict):
    """The robbery under way as it lies open on the table."""

    prepare: Prepare
    openly: bool
    openly_asked: bool
    round: int
    clues: Clues
    crew: Crew
    stack: int
    bin: int
    rows: dict[str, int]
    alarm_count: int
    alarm_limit: int
    bags: int
    sorting: SortingView | None
    now: str


class EvaluationView(TypedDict):
    """The evaluation of the robbery: what each step did so far, ``step`` the one shown; what
    step 3 may still place and where, the dealer step 5 offers."""

    cracked: int
    gold: int
    alarm: bool
    uncracked: int
    step: int
    car_from: int
    cubes: list[str]
    aside: int
    placed: list[str]
    lost_safes: int
    police_steps: int
    bought: int | None
    placeable: list[str]
    to_place: int
    dealer: str | None


class ResultView(TypedDict):
    won: bool
    rating: str | None


class RobnRunView(Robbery):
    """What lies open on the table in a game of Rob 'n Run."""

    phase: str
    robbery: int
    boss: int
    gold: int
    gold_warning: bool
    car: int
    police: int
    route: RouteView
    squares: list[list[str]]
    station: dict[str, Track]
    aside: int
    dealers: dict[str, Dealer]
    buildings: list[Building]
    spare: int
    profile: ProfileView
    scenario: ScenarioView
    variation2: bool
    memory: dict[str, bool]
    evaluation: EvaluationView | None
    result: ResultView | None
    moment: Moment | None


class BossSecret(TypedDict):
    """What the boss alone knows: the safes, what they need, the alarm stack, the clues."""

    safes: list[SafeView]
    needed: dict[str, int]
    alarm: dict[str, int]
    clues: list[int]
    cracked: list[int]


class RobnRunSeatView(TypedDict):
    """What a seat's phone adds: its role, the actions it may send now, the big moment it
    plays, the boss's secret, the seat's own notes."""

    role: str
    actions: list[str]
    moment: Moment | None
    secret: NotRequired[Annotated[BossSecret, SEAT]]
    notes: NotRequired[Annotated[str, SEAT]]


def public_view(state: RobState) -> RobnRunView:
    route = state.profile.route
    return {
        "phase": state.phase,
        "robbery": state.robberies,
        "boss": state.robbery.boss,
        "gold": state.gold,
        "gold_warning": state.gold > GOLD_BARS,
        "car": state.car,
        "police": state.police,
        "route": {"length": route.length, "marked": list(route.marked),
                  "terminals": list(route.terminals)},
        "squares": [list(square) for square in state.squares],
        "station": {colour: {"numbers": list(track(state, colour)),
                             "cubes": state.station[colour], "value": value(state, colour),
                             "capacity": capacity(state, colour)} for colour in COLOURS},
        "aside": state.aside,
        "dealers": {colour: {"quarter": state.scenario.dealers[colour],
                             "where": state.dealers[colour],
                             "prices": list(DEALER_PRICES[colour])} for colour in COLOURS},
        "buildings": [{"id": building_id(q, i), "quarter": q, "safes": n}
                      for q, counts in enumerate(state.buildings) for i, n in enumerate(counts)],
        "spare": state.spare,
        "profile": {"name": state.profile.name, "example": state.profile.example,
                    "jackhammer": state.profile.jackhammer},
        "scenario": {"name": state.scenario.name, "example": state.scenario.example,
                     "clues": None if state.variation2 else sorted(state.scenario.clues)},
        "variation2": state.variation2,
        "memory": {tool: out for tool, out in zip(TOOLS, state.robbery.out, strict=True)},
        **_robbery_view(state),
        "evaluation": _evaluation_view(state),
        "result": _result_view(state),
        "moment": _moment(state),
    }


def _moment(state: RobState, seat: int | None = None) -> Moment | None:
    """The big moment as ``seat``'s phone (None: every other page) plays it: the game won or
    lost; safes cracked or the alarm (the evaluation's first step); a sort that lets the
    robbery go on (how many cards went onto the alarm stack) during the clue phase after it; a
    new robbery, until its boss picks the building; the own crew turn (its phone alone)."""
    r, ev = state.robbery, state.evaluation
    if state.phase in ("won", "lost"):
        return moment(state.phase, state.phase)
    if ev is not None and ev.step == 1 and (ev.cracked or ev.alarm):
        return moment(f"robbery{state.robberies}", "alarm" if ev.alarm else "cracked", r.boss)
    if state.phase == "prepare" and state.robberies > 1 and r.building is None:
        return moment(f"robbery{state.robberies}/start", "robbery", r.boss,
                      robbery=state.robberies)
    if state.phase == "clues" and r.sorting is not None and r.sorting.round == r.round - 1:
        return moment(f"sorted{state.robberies}/{r.sorting.round}", "sorted", r.boss,
                      count=r.sorting.wrong, after=r.sorting.alarm_stack[1],
                      limit=value(state, "red"))
    if state.phase == "crew" and seat is not None and r.turn == seat:
        return moment(f"turn{state.robberies}/{r.round}", "turn", seat)
    return None


def _robbery_view(state: RobState) -> Robbery:
    r = state.robbery
    return {
        "prepare": {"building": r.building, "safes": r.taken, "dealt": r.dealt,
                    "safes_entered": bool(r.safes), "dealer": r.dealer},
        "openly": r.openly,
        "openly_asked": r.asked,
        "round": r.round,
        "clues": {"face_up": sorted(r.face_up), "hidden": len(r.clues) - len(r.face_up),
                  "price": CLUE_PRICE, "uses": dump(r.uses), "kinds": most_kinds(r.taken)},
        "crew": {"members": crew(state), "hands": list(r.hands), "turn": r.turn,
                 "played": r.played, "needed": value(state, "white"), "passes": r.passes,
                 "forced": state.phase == "crew" and forced(state),
                 "exchanged": list(r.exchanged), "final": r.final},
        "stack": r.stack,
        "bin": r.bin,
        "rows": tool_object(r.rows),
        "alarm_count": sum(r.alarm),
        "alarm_limit": value(state, "red"),
        "bags": r.bags,
        "sorting": _sorting_view(r.sorting),
        "now": now(state),
    }


def _sorting_view(sorting: Sorting | None) -> SortingView | None:
    """The last sort as the table saw it: tools face up, how many cards went onto the alarm
    stack (never which), bags and the cards each seat drew, both stacks before and after."""
    if sorting is None:
        return None
    return {"round": sorting.round, "rows": tool_object(sorting.rows), "wrong": sorting.wrong,
            "bags": sorting.bags, "drawn": list(sorting.drawn), "stack": list(sorting.stack),
            "alarm_stack": list(sorting.alarm_stack)}


def now(state: RobState) -> str:
    """Which step the group is at, naming the sentence that says what to do now
    (``robnrun.now.<step>``)."""
    r, ev = state.robbery, state.evaluation
    if state.phase in ("won", "lost"):  # the last evaluation stays for the summary: not a step
        return state.phase
    if r.openly and not r.safes:  # the robbery waits while the box enters the safes
        return "safes_openly"
    if state.phase == "prepare":
        if r.building is None:
            return "rob"
        if not r.safes:
            return "safes"
        return "deal" if not r.dealt else "start"
    if state.phase == "alarm" and r.openly:
        return "alarm_openly"
    if state.phase == "crew" and forced(state):
        return "crew_forced"
    if ev is not None:
        waiting = {3: to_place(state) > 0 and bool(placeable(state)),
                   5: route_dealer(state) is not None}
        return f"step{ev.step}" + ("_choose" if waiting.get(ev.step) else "")
    return state.phase


def _evaluation_view(state: RobState) -> EvaluationView | None:
    ev = state.evaluation
    if ev is None:
        return None
    return {"cracked": len(ev.cracked), "gold": ev.gold, "alarm": ev.alarm,
            "uncracked": ev.uncracked, "step": ev.step, "car_from": ev.car_from,
            "cubes": list(ev.cubes), "aside": ev.aside, "placed": list(ev.placed),
            "lost_safes": ev.lost_safes, "police_steps": ev.police_steps, "bought": ev.bought,
            "placeable": placeable(state), "to_place": to_place(state) if ev.step == 3 else 0,
            "dealer": route_dealer(state) if ev.step == 5 else None}


def _result_view(state: RobState) -> ResultView | None:
    if state.phase not in ("won", "lost"):
        return None
    return {"won": state.phase == "won", "rating": rating(state) if state.phase == "won" else None}


class Missing(TypedDict):
    """What a safe being entered on the box still lacks: tools, its gold."""

    tools: int
    gold: bool


class RobnRunBox(TypedDict):
    """What the box's screen alone shows while the boss plays openly: the safes entered and
    being entered, what each lacks, the one in focus, the cards entered for the sort, what
    the safes need, the alarm stack and the safes cracked."""

    safes: list[SafeView]
    draft: list[SafeView]
    missing: list[Missing]
    focus: int
    cards: list[str]
    needed: dict[str, int]
    alarm: dict[str, int]
    cracked: list[int]


def box_view(state: RobState) -> RobnRunBox | dict[str, JSON]:
    """While the boss plays openly on the box (no phone), its screen alone shows the safes
    entered (or being entered) and the cards entered for the sort; never a phone."""
    return open_box(state) if state.robbery.openly else {}


def open_box(state: RobState) -> RobnRunBox:
    """The box's own part while the boss plays openly."""
    r = state.robbery
    draft = drafted(state)
    return {"safes": [safe_json(s) for s in r.safes], "draft": [safe_json(s) for s in draft],
            "missing": [_missing(s) for s in draft], "focus": r.focus, "cards": list(r.cards),
            "needed": tool_object(needed(r.safes)), "alarm": tool_object(r.alarm),
            "cracked": list(cracked(r.safes, r.rows))}


def _missing(safe: Safe) -> Missing:
    """What a safe being entered on the box still lacks: tools up to the least a safe
    needs, and its gold."""
    return {"tools": max(0, SAFE_TOOLS[0] - sum(safe.tools)), "gold": not safe.gold}


def private_view(state: RobState, seat: int) -> RobnRunSeatView:
    """What only ``seat`` may know, and the actions it may send now."""
    view: RobnRunSeatView = {"role": "boss" if seat == state.robbery.boss else "crew",
                             "actions": RULES.allowed_actions(state, seat),
                             "moment": _moment(state, seat)}
    if seat == state.robbery.boss and state.phase not in ("won", "lost"):
        r = state.robbery
        view["secret"] = {"safes": [{"tools": tool_object(s.tools), "gold": s.gold}
                                    for s in r.safes],
                          "needed": tool_object(needed(r.safes)),
                          "alarm": tool_object(r.alarm), "clues": sorted(r.clues),
                          "cracked": list(cracked(r.safes, r.rows))}
    if state.notes and state.notes[seat]:
        view["notes"] = state.notes[seat]
    return view


__all__ = ["box_view", "outcome", "private_view", "public_view"]
