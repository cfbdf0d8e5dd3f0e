"""The rules of Rob 'n Run as the steps of ``RULES``: a robbery phase by phase.

Preparation (``rob``, ``deal``, the boss's ``safes``, ``start``), clue phase (``clue``,
``crew``), crew phase (``play``, ``exchange``, ``pass``), alarm phase (the boss's ``sort``),
evaluation (``next`` through the six steps, ``place`` new safes, ``buy`` from a dealer). At any
time: ``mark`` a tool on the named-tool aid, ``note`` for a seat's own notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TypeVar

from companion.games.base import (
    JSON,
    Action,
    IllegalAction,
    InvalidAction,
    Rules,
    Sender,
    Step,
    Undo,
    every,
)
from companion.games.robnrun import checks
from companion.games.robnrun.evaluation import buy, evaluate, next_step, place
from companion.games.robnrun.pieces import (
    BAG,
    BAGS,
    CLUE_PRICE,
    COPIES,
    TOOLS,
    Tools,
    most_kinds,
    needed,
    safe_from_json,
)
from companion.games.robnrun.state import (
    BAG_DRAWS,
    STACK,
    ClueUse,
    Robbery,
    RobState,
    Sorting,
    building_id,
    crew,
    find_building,
    forced,
    next_member,
    rating,
    value,
)

T = TypeVar("T")
NOTE_LENGTH = 500


# -- preparation -------------------------------------------------------------------------------

def _rob(state: RobState, action: Action) -> RobState:
    """The boss takes every safe of one building; the last of a quarter calls its dealer."""
    where = find_building(state, action.args.get("building"))
    if where is None:
        raise InvalidAction("robnrun.building_unknown")
    quarter, index = where
    taken = state.buildings[quarter][index]
    if not taken:
        raise IllegalAction("robnrun.building_empty")
    counts = list(state.buildings[quarter])
    counts[index] = 0
    buildings = (*state.buildings[:quarter], tuple(counts), *state.buildings[quarter + 1:])
    dealer = None
    if not any(counts):
        dealer = next(c for c, q in state.scenario.dealers.items() if q == quarter)
    dealers = {**state.dealers, dealer: "route"} if dealer else state.dealers
    robbery = replace(state.robbery, building=building_id(quarter, index), taken=taken,
                      dealer=dealer)
    return replace(state, buildings=buildings, dealers=dealers, robbery=robbery)


def _deal(state: RobState, action: Action) -> RobState:
    """The boss's clues come up as the yellow value says; every crew member gets green tools."""
    robbery = state.robbery
    chance = action.args.get("chance")
    if not isinstance(chance, Mapping):
        raise InvalidAction("robnrun.chance_missing")
    clues = tuple(chance["clues"]) if state.variation2 else state.scenario.clues
    face_up = tuple(clues[i] for i in chance["order"][:value(state, "yellow")])
    robbery = replace(robbery, dealt=True, clues=clues, face_up=face_up,
                      hands=(0,) * state.seats, stack=STACK[state.seats], bin=0)
    for seat in crew(state):
        got, robbery = _take(robbery, value(state, "green"))
        robbery = _with_hand(robbery, seat, got)
    return replace(state, robbery=robbery)


def _safes(state: RobState, action: Action) -> RobState:
    """The boss enters the tools and gold pictured on each safe taken (a secret)."""
    robbery = state.robbery
    safes = action.args.get("safes")
    if not isinstance(safes, list):
        raise InvalidAction("robnrun.safe_invalid")
    if len(safes) != robbery.taken:
        raise InvalidAction("robnrun.safe_count", count=robbery.taken)
    entered = tuple(map(safe_from_json, safes))
    if max(needed(entered)) > COPIES:
        raise InvalidAction("robnrun.safes_copies", copies=COPIES)
    return replace(state, robbery=replace(robbery, safes=entered))


def _openly(state: RobState, action: Action) -> RobState:
    """The boss has no phone: the box says the safes will then stand on its screen and asks
    (``ask`` true, false to leave it); the answer (no ``ask``) makes the box enter the safes
    and sort."""
    robbery, ask = state.robbery, action.args.get("ask")
    if robbery.openly:
        raise IllegalAction("robnrun.openly_already")
    if ask is None and not robbery.asked:
        raise IllegalAction("robnrun.openly_unasked")
    asked = bool(ask)
    return replace(state, robbery=replace(robbery, asked=asked, openly=ask is None))


def _draft_safes(state: RobState, action: Action) -> RobState:
    """The safes as entered on the box so far, and the one being entered now."""
    robbery, safes = state.robbery, action.args.get("safes")
    if not isinstance(safes, list) or len(safes) != robbery.taken:
        raise InvalidAction("robnrun.safe_count", count=robbery.taken)
    focus = action.args.get("focus", robbery.focus)
    if focus not in range(robbery.taken):
        raise InvalidAction("robnrun.safe_invalid")
    draft = tuple(safe_from_json(safe, partial=True) for safe in safes)
    return replace(state, robbery=replace(robbery, draft=draft, focus=focus))


def _draft_cards(state: RobState, action: Action) -> RobState:
    """The played cards as entered on the box so far, for the sort."""
    robbery, cards = state.robbery, action.args.get("cards")
    if not isinstance(cards, list) or not all(c in (*TOOLS, BAG) for c in cards):
        raise InvalidAction("robnrun.cards_invalid")
    if len(cards) > robbery.played:
        raise InvalidAction("robnrun.cards_count", count=robbery.played)
    return replace(state, robbery=replace(robbery, cards=tuple(cards)))


def _start(state: RobState, action: Action) -> RobState:
    return replace(state, phase="clues")


# -- clue phase --------------------------------------------------------------------------------

def _clue(state: RobState, action: Action) -> RobState:
    """Use a face-up clue, or buy a face-down one (hidden or used) for 3 gold and use it."""
    robbery, clue = state.robbery, action.args.get("clue")
    if state.variation2 and clue not in robbery.face_up and action.seat != robbery.boss:
        # Which clues a variation-2 boss holds face down is the boss's to know.
        raise IllegalAction("robnrun.boss_phone", seat=robbery.boss + 1)
    if clue not in robbery.clues:
        raise InvalidAction("robnrun.clue_unknown")
    tool, count = action.args.get("tool"), action.args.get("count")
    if tool is not None and tool not in TOOLS:
        raise InvalidAction("robnrun.tool_unknown")
    maximum = most_kinds(robbery.taken)
    if count is not None and count not in range(1, maximum + 1):
        raise InvalidAction("robnrun.clue_count", maximum=maximum)
    if action.seat == robbery.boss and robbery.safes:
        _true_clue(needed(robbery.safes), int(clue), tool, count)
    bought = clue not in robbery.face_up
    if bought and state.gold < CLUE_PRICE:
        raise IllegalAction("robnrun.clue_gold", price=CLUE_PRICE, gold=state.gold)
    use = ClueUse(int(clue), bought, tool, count)
    out = robbery.out
    if clue == 2 and tool is not None:  # "You don't need the tool X": everyone heard it
        out = _set(out, TOOLS.index(tool), True)
    robbery = replace(robbery, face_up=tuple(c for c in robbery.face_up if c != clue),
                      uses=(*robbery.uses, use), out=out)
    return replace(state, robbery=robbery, gold=state.gold - CLUE_PRICE * bought)


def _true_clue(tools: Tools, clue: int, tool: str | None, count: int | None) -> None:
    """Refuse, on the boss's own phone alone, a clue 1-3 the boss's safes make false: the
    boss plays a clue as its text says ("hält sich an den Text der Karte")."""
    need = tools[TOOLS.index(tool)] if tool is not None else 0
    kinds = sum(1 for n in tools if n)
    if clue == 1 and tool is not None and not need:
        raise IllegalAction("robnrun.clue_false.need")
    if clue == 2 and tool is not None and need:
        raise IllegalAction("robnrun.clue_false.spare")
    if clue == 3 and count is not None and count != kinds:
        raise IllegalAction("robnrun.clue_false.kinds", count=kinds)


def _to_crew(state: RobState, action: Action) -> RobState:
    """The crew phase starts with the member left of the boss (the next one holding cards)."""
    turn = next_member(state, state.robbery.boss)
    robbery = replace(state.robbery, played=0, passes=0, exchanged=(), turn=turn)
    state = replace(state, phase="crew", robbery=robbery)
    return state if turn is not None else _to_alarm(state, final=True)


# -- crew phase --------------------------------------------------------------------------------

def _play(state: RobState, action: Action) -> RobState:
    robbery = state.robbery
    seat = _on_turn(state)
    robbery = _with_hand(robbery, seat, robbery.hands[seat] - 1)
    robbery = replace(robbery, played=robbery.played + 1, passes=0)
    state = replace(state, robbery=robbery)
    if robbery.played >= value(state, "white"):
        return _to_alarm(state, final=False)
    return _hand_on(state, seat)


def _exchange(state: RobState, action: Action) -> RobState:
    """All cards in hand onto the bin, as many drawn (the bin is shuffled in if need be)."""
    robbery, seat = state.robbery, _on_turn(state)
    if seat in robbery.exchanged:
        raise IllegalAction("robnrun.exchanged")
    hand = robbery.hands[seat]
    robbery = replace(robbery, bin=robbery.bin + hand, exchanged=(*robbery.exchanged, seat),
                      passes=0)
    got, robbery = _take(robbery, hand)
    return _hand_on(replace(state, robbery=_with_hand(robbery, seat, got)), seat)


def _pass(state: RobState, action: Action) -> RobState:
    seat = _on_turn(state)
    if forced(state):
        raise IllegalAction("robnrun.must_play")
    robbery = replace(state.robbery, passes=state.robbery.passes + 1)
    return _hand_on(replace(state, robbery=robbery), seat)


def _on_turn(state: RobState) -> int:
    turn = state.robbery.turn
    assert turn is not None
    return turn


def _hand_on(state: RobState, seat: int) -> RobState:
    """The next crew member with cards is on turn; with nobody left, the final alarm phase."""
    turn = next_member(state, seat)
    state = replace(state, robbery=replace(state.robbery, turn=turn))
    return state if turn is not None else _to_alarm(state, final=True)


def _to_alarm(state: RobState, *, final: bool) -> RobState:
    """The crew phase ends; in a 2-player game the crew member draws what was played."""
    robbery = replace(state.robbery, turn=None, final=final)
    if state.seats == 2:
        seat = crew(state)[0]
        got, robbery = _take(robbery, robbery.played)
        robbery = _with_hand(robbery, seat, robbery.hands[seat] + got)
    return replace(state, phase="alarm", robbery=robbery)


# -- alarm phase -------------------------------------------------------------------------------

def _sort(state: RobState, action: Action) -> RobState:
    """The boss sorts the played cards: needed tools face up, the rest onto the alarm stack,
    bags open (every crew member draws). Then: cracked or alarm ends the robbery."""
    robbery, cards = state.robbery, action.args.get("cards")
    if not robbery.safes:
        raise IllegalAction("robnrun.safes_missing")
    if not isinstance(cards, list) or not all(c in (*TOOLS, BAG) for c in cards):
        raise InvalidAction("robnrun.cards_invalid")
    if len(cards) != robbery.played:
        raise InvalidAction("robnrun.cards_count", count=robbery.played)
    bags = cards.count(BAG)
    if bags and state.seats == 2:
        raise InvalidAction("robnrun.no_bags")
    if robbery.bags + bags > BAGS:
        raise InvalidAction("robnrun.cards_too_many")
    before = robbery
    rows, alarm, need = list(robbery.rows), list(robbery.alarm), needed(robbery.safes)
    for card in (c for c in cards if c != BAG):
        t = TOOLS.index(card)
        if rows[t] + alarm[t] >= COPIES:
            raise InvalidAction("robnrun.cards_too_many")
        if rows[t] < need[t]:
            rows[t] += 1
        else:
            alarm[t] += 1
    robbery = replace(robbery, rows=tuple(rows), alarm=tuple(alarm), bags=robbery.bags + bags)
    for _ in range(bags):
        for seat in crew(state):
            got, robbery = _take(robbery, BAG_DRAWS[state.seats])
            robbery = _with_hand(robbery, seat, robbery.hands[seat] + got)
    robbery = replace(robbery, sorting=_sorting(before, robbery, bags), cards=())
    state = replace(state, robbery=robbery)
    all_cracked = robbery.rows == need
    triggered = sum(robbery.alarm) > value(state, "red")
    if all_cracked or triggered or robbery.final:
        return evaluate(state, triggered)
    robbery = replace(robbery, round=robbery.round + 1, played=0, passes=0, exchanged=(),
                      final=False)
    return replace(state, phase="clues", robbery=robbery)


def _sorting(before: Robbery, after: Robbery, bags: int) -> Sorting:
    """What a sort changed, in the terms the whole table sees."""
    return Sorting(
        round=before.round,
        rows=tuple(n - m for n, m in zip(after.rows, before.rows, strict=True)),
        wrong=sum(after.alarm) - sum(before.alarm), bags=bags,
        drawn=tuple(n - m for n, m in zip(after.hands, before.hands, strict=True)),
        stack=(before.stack, after.stack), alarm_stack=(sum(before.alarm), sum(after.alarm)))


# -- any time ----------------------------------------------------------------------------------

def _mark(state: RobState, action: Action) -> RobState:
    """Turn a named tool over (nobody needs it) or back: what everybody knows."""
    tool, out = action.args.get("tool"), action.args.get("out")
    if tool not in TOOLS or not isinstance(out, bool):
        raise InvalidAction("robnrun.tool_unknown")
    index = TOOLS.index(str(tool))
    return replace(state, robbery=replace(state.robbery, out=_set(state.robbery.out, index, out)))


def _note(state: RobState, action: Action) -> RobState:
    text = action.args.get("text")
    if not isinstance(text, str) or len(text) > NOTE_LENGTH:
        raise InvalidAction("robnrun.note_invalid", maximum=NOTE_LENGTH)
    assert action.seat is not None
    notes = list(state.notes or ("",) * state.seats)
    notes[action.seat] = text
    return replace(state, notes=tuple(notes))


# -- helpers -----------------------------------------------------------------------------------

def _take(robbery: Robbery, count: int) -> tuple[int, Robbery]:
    """Draw up to ``count`` cards; an empty stack is refilled from the bin (reading 9)."""
    got = min(count, robbery.stack + robbery.bin)
    stack, bin_ = robbery.stack, robbery.bin
    if got > stack:
        stack, bin_ = stack + bin_, 0
    return got, replace(robbery, stack=stack - got, bin=bin_)


def _with_hand(robbery: Robbery, seat: int, cards: int) -> Robbery:
    return replace(robbery, hands=_set(robbery.hands, seat, cards))


def _set(values: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    return (*values[:index], item, *values[index + 1:])


PREPARING = ("prepare", "clues", "crew", "alarm")
PLAYING = ("prepare", "clues", "crew", "alarm", "evaluation")

def _boss(state: RobState, action: Action) -> int | None:
    """The boss's seat: the boss's part played from the box or the table page, which has no
    phone; never while a phone holds the boss's seat."""
    return state.robbery.boss


SEAT, SEAT_PHONE, BOX = Sender.SEAT, Sender.SEAT_PHONE, Sender.BOX
BOSS, BOSS_PHONE, CREW = checks.BOSS, checks.BOSS_PHONE, checks.CREW

RULES: Rules[RobState] = Rules("robnrun", {
    "rob": Step(does=_rob, phases=("prepare",), by=SEAT, role=BOSS, check=checks.no_building,
                arguments={"building": str}),
    "deal": Step(does=_deal, phases=("prepare",), by=SEAT, role=BOSS, undo=Undo.FINAL,
                 check=every(checks.building, checks.not_dealt, checks.safes_first)),
    "safes": Step(does=_safes, phases=PREPARING, by=SEAT_PHONE, role=BOSS_PHONE, secret=_boss,
                  arguments={"safes": list}, check=every(checks.building, checks.unsorted)),
    "openly": Step(does=_openly, phases=PREPARING, by=BOX, refused="robnrun.box_only",
                   secret=_boss, arguments={"ask": bool}, check=checks.building),
    "draft_safes": Step(does=_draft_safes, phases=PREPARING, by=BOX, refused="robnrun.box_only",
                        secret=_boss, arguments={"safes": list, "focus": int},
                        check=every(checks.openly, checks.building, checks.unsorted)),
    "draft_cards": Step(does=_draft_cards, phases=("alarm",), by=BOX,
                        refused="robnrun.box_only", secret=_boss, arguments={"cards": list},
                        check=every(checks.openly, checks.safes_entered)),
    "start": Step(does=_start, phases=("prepare",), by=SEAT, role=BOSS,
                  check=every(checks.dealt, checks.safes_first)),
    "clue": Step(does=_clue, phases=("clues",), by=SEAT, role=BOSS, check=checks.safes_first,
                 arguments={"clue": int, "tool": str, "count": int}),
    "crew": Step(does=_to_crew, phases=("clues",), by=SEAT, role=BOSS, check=checks.safes_first),
    "play": Step(does=_play, phases=("crew",), by=SEAT, role=CREW, check=checks.safes_first),
    "exchange": Step(does=_exchange, phases=("crew",), by=SEAT, role=CREW,
                     check=checks.safes_first),
    "pass": Step(does=_pass, phases=("crew",), by=SEAT, role=CREW, check=checks.safes_first),
    "sort": Step(does=_sort, phases=("alarm",), by=SEAT_PHONE, role=BOSS_PHONE, secret=_boss,
                 undo=Undo.FINAL, arguments={"cards": list}, check=checks.safes_first),
    "next": Step(does=next_step, phases=("evaluation",)),
    "place": Step(does=place, phases=("evaluation",), arguments={"building": str}),
    "buy": Step(does=buy, phases=("evaluation",), arguments={"cubes": int}),
    "mark": Step(does=_mark, phases=PLAYING, arguments={"tool": str, "out": bool}),
    "note": Step(does=_note, phases=(*PLAYING, "won", "lost"), by=Sender.PHONE,
                 refused="robnrun.notes_phone", arguments={"text": str}),
})
"""Each step: what it does and takes from a phone or the box (a deal's cards are drawn by the
Table), the phases it is legal in and who may send it then. Undo never takes back the clues'
deal, nor the sort, which shows everyone what the secret safes need; a clue's answer is the
boss's word, typed in."""


def outcome(state: RobState) -> dict[str, JSON] | None:
    """Everyone wins or loses together: the gold is the score, the rating says how well."""
    if state.phase not in ("won", "lost"):
        return None
    won = state.phase == "won"
    told = ([{"key": "screen.robnrun.won", "params": {"gold": state.gold}},
             {"key": f"robnrun.rating.{rating(state)}", "params": {}}] if won
            else [{"key": "screen.robnrun.lost", "params": {}}])
    return {"won": won, "gold": state.gold, "rating": rating(state) if won else None,
            "robberies": state.robberies,
            "summary": told,
            "results": [{"seat": seat, "place": 1 if won else 2,
                         "score": state.gold if won else None} for seat in range(state.seats)]}

