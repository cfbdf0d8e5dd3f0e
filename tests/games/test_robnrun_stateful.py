"""Rob 'n Run invariants over whole random games driven through the table rules.

The boss's safes, the alarm stack's cards, the boss's hidden clues and every seat's notes never
reach the screen, the table page or another phone: the same game with other secrets looks the
same to all of them. The bookkeeping stays in bounds, survives JSON and undo, and a deal is
never undone.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from companion.games import GAMES
from companion.games.base import Action, GetawayError
from companion.games.robnrun import GAME
from companion.games.robnrun.pieces import (
    BAG,
    BAGS,
    CLUE_PRICE,
    CLUES,
    COLOURS,
    COPIES,
    CREW_CLUES,
    DEALER_PRICES,
    NO_TOOLS,
    SUPPLY,
    TOOLS,
    Safe,
    needed,
)
from companion.games.robnrun.rules import PLAYING, RULES
from companion.games.robnrun.state import (
    PHASES,
    STACK,
    RobState,
    capacity,
    forced,
    placeable,
    route_dealer,
    value,
)
from companion.i18n import LANGUAGES, text
from companion.table.menu import table_controls
from companion.table.rules import apply_table
from companion.table.state import UNDO_DEPTH, TableState
from companion.table.views import table_view
from tests.games.guide_helpers import assert_every_situation_reached, assert_guided
from tests.games.robnrun_helpers import assert_sentence, scenario_json, short_profile
from tests.games.test_robnrun import do, evaluating, new_state
from tests.proof import examples

SEEDS = st.integers(0, 2**32 - 1)
PHONE = st.booleans()
NOTES = st.text(st.characters(codec="utf-8", exclude_characters=":"), max_size=12)
SAFE_TOOLS = st.lists(st.sampled_from(TOOLS), min_size=3, max_size=5).filter(
    lambda tools: len(set(tools)) <= 4 and max(tools.count(t) for t in tools) <= 4)
SAFES_ENTRY = st.tuples(SAFE_TOOLS, st.integers(1, 3))
CUSTOM = "Eigenes Szenario"


def within_the_box(entries: list[tuple[list[str], int]]) -> bool:
    """Safes that together need no tool more often than the box has its cards."""
    tools = [tool for safe, _ in entries for tool in safe]
    return all(tools.count(tool) <= COPIES for tool in TOOLS)
PHASE_STEPS = 40
"""Enough for any phase; a sort refused over and over must not hang the test."""
TURNS = st.sampled_from(["play", "play", "play", "exchange", "pass", "pass"])
ANY_ARGS = st.dictionaries(
    st.sampled_from(["building", "clue", "tool", "count", "cubes", "cards", "safes", "text",
                     "out"]),
    st.none() | st.booleans() | st.integers(-1, 17) | st.sampled_from(
        ["A1", "B2", "card", "bag", "ram", ""]) | st.lists(st.sampled_from([*TOOLS, BAG]),
                                                            max_size=5), max_size=3)


def entered(tools: list[str]) -> dict[str, int]:
    return {tool: tools.count(tool) for tool in set(tools)}


def marker(seat: int) -> str:
    """A string that no view, name or sentence of the game can contain by chance."""
    return f"qx{seat}zj{seat}vk"


def note_for(seat: int, words: str) -> str:
    """A note only ``seat`` may read, marked so that a leak check can search for it."""
    return f"{marker(seat)} {words}"


def other_safe(safe: Safe) -> Safe:
    """A different valid safe: the same counts on other tools, other gold."""
    return Safe((*safe.tools[1:], safe.tools[0]), safe.gold % 3 + 1)


def other_alarm(alarm: tuple[int, ...]) -> tuple[int, ...]:
    """As many cards of other tools."""
    count = sum(alarm)
    first = (count, *NO_TOOLS[1:])
    return first if alarm != first else (0, count, *NO_TOOLS[2:])


def clue_pool(state: RobState) -> list[int]:
    out = set(state.scenario.forbidden) | (CREW_CLUES if state.seats == 2 else set())
    return [clue for clue in CLUES if clue not in out]


def to_place(state: RobState) -> int:
    """New safes still to place in step 3: one per uncracked safe, while the stack lasts."""
    ev = state.evaluation
    assert ev is not None
    return max(0, min(ev.uncracked - len(ev.placed), state.spare))


def hidden_clues(state: RobState) -> tuple[int, ...]:
    """Variation 2: the boss's clues that nobody else has seen (face down, never bought)."""
    r = state.robbery
    used = {use.clue for use in r.uses}
    return tuple(c for c in r.clues if c not in r.face_up and c not in used)


def false_clue(safes: tuple[Safe, ...], clue: int, said: dict[str, Any]) -> str | None:
    """The refusal a boss's phone hears for a clue 1-3 its safes make false, counted plainly."""
    tools = {tool for safe in safes for tool, n in zip(TOOLS, safe.tools, strict=True) if n}
    if clue == 1 and "tool" in said and said["tool"] not in tools:
        return "robnrun.clue_false.need"
    if clue == 2 and "tool" in said and said["tool"] in tools:
        return "robnrun.clue_false.spare"
    if clue == 3 and "count" in said and said["count"] != len(tools):
        return "robnrun.clue_false.kinds"
    return None


class Games(RuleBasedStateMachine):
    """Random but valid play by the box, the boss's phone and the crew's phones."""

    table: TableState
    history: list[tuple[RobState, str | None]]
    """The game states before each applied step, and whether that step was a reveal."""

    @initialize(seats=st.integers(2, 5), data=st.data())
    def new_game(self, seats: int, data: st.DataObject) -> None:
        self.table = TableState()
        self.start_game(seats, data)

    def start_game(self, seats: int, data: st.DataObject) -> None:
        """Perhaps the short route and a scenario of the group's own, then a new game."""
        if data.draw(st.booleans(), "short route"):
            self.save("profile", "box", short_profile())
        options = {"boss": data.draw(st.sampled_from(["random", *range(seats)]), "boss"),
                   "gold": data.draw(st.integers(3, 20), "gold"),
                   "variation1": data.draw(st.sampled_from(["off", "on"]), "variation1"),
                   "variation2": data.draw(st.sampled_from(["off", "on"]), "variation2")}
        if data.draw(st.booleans(), "own scenario"):
            self.save("scenario", CUSTOM, self.custom_scenario(seats, data))
            options["scenario"] = CUSTOM
        action = Action("table.new_game", None, {"game": "robnrun", "seats": seats,
                                                 "options": options})
        action = GAME.draw(None, action, random.Random(data.draw(SEEDS, "seed")))
        self.table = apply_table(self.table, action, GAMES)
        self.history = []

    def save(self, kind: str, name: str, data: dict[str, Any]) -> None:
        self.table = apply_table(self.table, Action("table.save", None, {
            "game": "robnrun", "kind": kind, "name": name, "data": data}), GAMES)

    @staticmethod
    def custom_scenario(seats: int, data: st.DataObject) -> dict[str, Any]:
        """A valid scenario for ``seats``: perhaps an expert one, dealers and cubes drawn."""
        pool = [c for c in CLUES if seats > 2 or c not in CREW_CLUES]
        clues = data.draw(st.lists(st.sampled_from(pool), min_size=6, max_size=6, unique=True))
        rest = [c for c in CLUES if c not in clues]
        forbidden = data.draw(st.just([]) | st.lists(st.sampled_from(rest), min_size=3,
                                                     max_size=3, unique=True))
        quarters = data.draw(st.permutations(range(4)))
        station = {colour: data.draw(st.integers(0, most)) for colour, most in
                   {"yellow": 1, "green": 1, "white": 1, "red": 2}.items()}
        return scenario_json(name=CUSTOM, clues=clues, forbidden=forbidden, station=station,
                             dealers=dict(zip(COLOURS, quarters, strict=True)))

    # -- helpers ------------------------------------------------------------------------------

    @property
    def state(self) -> RobState:
        state: RobState = self.table.game
        return state

    @property
    def boss(self) -> int:
        return self.state.robbery.boss

    def by(self, phone: bool, seat: int | None = None) -> int | None:
        """The boss's phone (or ``seat``'s) when ``phone``, else the box."""
        return (self.boss if seat is None else seat) if phone else None

    def send(self, kind: str, by: int | None, seed: int = 0, **args: Any) -> str | None:
        """Apply an action as the Table would; the refusal's key, or None if it was applied."""
        action = GAME.draw(self.state, Action(kind, by, args), random.Random(seed))
        # The box playing the boss's part openly sees what the boss would (a boss without
        # a phone); anyone else's answer never depends on the secrets.
        blind = by != self.boss and not (by is None and self.state.robbery.openly
                                         and RULES.acts_for(self.state, Action(kind)) is not None)
        try:
            after = apply_table(self.table, action, GAMES)
        except GetawayError as error:
            assert_sentence(error)
            if blind:
                self.same_refusal(action, error)
            return error.key
        if blind:
            self.same_refusal(action, None)
        self.history = [*self.history, (self.state, self.final(action, after.game))][
            -UNDO_DEPTH:]
        self.table = after
        return None

    def final(self, action: Action, after: RobState) -> str | None:
        """Why undo never takes ``action`` back: the clues' deal, a sort (it shows what the
        safes need), the end of the game; None: it may."""
        if action.type in ("deal", "sort"):
            return "error.undo_reveal"
        ended = after.phase in ("won", "lost") and self.state.phase not in ("won", "lost")
        return "error.undo_over" if ended else None

    def same_refusal(self, action: Action, error: GetawayError | None) -> None:
        """What anyone but the boss sends is refused (or not) alike whatever the secrets."""
        for disguise, _ in self.disguises():
            table = replace(self.table, game=disguise)
            try:
                apply_table(table, action, GAMES)
            except GetawayError as other:
                assert error is not None, (action, other.key)
                assert (other.key, other.params) == (error.key, error.params), action
            else:
                assert error is None, (action, error.key)

    def disguises(self) -> Iterator[tuple[RobState, set[int]]]:
        """The same game with other secrets, and the seats that may see the difference."""
        state, r = self.state, self.state.robbery
        boss = {r.boss}
        if r.safes:
            safes = tuple(other_safe(safe) for safe in r.safes)
            yield replace(state, robbery=replace(r, safes=safes)), boss
        if sum(r.alarm):
            yield replace(state, robbery=replace(r, alarm=other_alarm(r.alarm))), boss
        for seat in range(state.seats):
            notes, other = list(state.notes), note_for(seat, "anders")
            notes[seat] = other if notes[seat] != other else note_for(seat, "sonst")
            yield replace(state, notes=tuple(notes)), {seat}
        secret = hidden_clues(state) if state.variation2 else ()
        spare = [c for c in clue_pool(state) if c not in r.clues]
        if secret and spare:
            swap = dict(zip(secret, spare, strict=False))
            clues = tuple(swap.get(c, c) for c in r.clues)
            yield replace(state, robbery=replace(r, clues=clues)), boss

    def views(self, table: TableState) -> dict[int | None, Any]:
        return {seat: table_view(table, GAMES, seat, 0)
                for seat in (None, *range(self.state.seats))}

    # -- preparation --------------------------------------------------------------------------

    def rob(self, data: st.DataObject, phone: bool) -> None:
        buildings = [b["id"] for b in GAME.public_view(self.state)["buildings"] if b["safes"]]
        assert buildings, "no building holds a safe, yet the game goes on"
        building = data.draw(st.sampled_from(buildings), "building")
        assert self.send("rob", self.by(phone), building=building) is None

    def deal(self, seed: int, phone: bool) -> None:
        assert self.send("deal", self.by(phone), seed) is None
        r = self.state.robbery
        assert len(r.face_up) == min(value(self.state, "yellow"), len(r.clues))
        assert len(set(r.clues)) == len(r.clues) == 6
        assert not set(r.clues) & set(self.state.scenario.forbidden)
        assert self.state.seats > 2 or not set(r.clues) & CREW_CLUES
        self.undo_refused("error.undo_reveal")

    def safes(self, data: st.DataObject) -> None:
        taken = self.state.robbery.taken
        entries = data.draw(st.lists(SAFES_ENTRY, min_size=taken, max_size=taken).filter(
            within_the_box), "safes")
        safes = [{"tools": entered(tools), "gold": gold} for tools, gold in entries]
        assert self.send("safes", self.boss_part(data), safes=safes) is None

    def boss_part(self, data: st.DataObject) -> int | None:
        """Who enters the boss's secrets: the boss's phone, or the box once it was chosen to
        play openly (the boss has no phone in these games)."""
        if not data.draw(st.integers(0, 3), "openly") and not self.state.robbery.openly:
            assert self.send("openly", None, ask=True) is None
            assert self.send("openly", None) is None
        return None if self.state.robbery.openly else self.boss

    def start(self, phone: bool) -> None:
        assert self.send("start", self.by(phone)) is None

    # -- clue and crew phase ------------------------------------------------------------------

    def clue(self, data: st.DataObject, phone: bool) -> None:
        r = self.state.robbery
        # Without the boss's phone only the face-up clues are known (variation 2).
        known = r.clues if phone or not self.state.variation2 else r.face_up
        if not known:
            return
        clue = data.draw(st.sampled_from(known), "clue")
        extra: dict[str, Any] = data.draw(st.fixed_dictionaries({}, optional={
            "tool": st.sampled_from(TOOLS), "count": st.integers(1, len(TOOLS))}), "named")
        bought, gold = clue not in r.face_up, self.state.gold
        refused = self.send("clue", self.by(phone), clue=clue, **extra)
        if extra.get("count", 0) > min(len(TOOLS), 4 * r.taken):
            assert refused == "robnrun.clue_count"
            return
        if phone and r.safes and (lie := false_clue(r.safes, clue, extra)):
            assert refused == lie
            return
        assert refused == ("robnrun.clue_gold" if bought and gold < CLUE_PRICE else None)
        assert self.state.gold == gold - CLUE_PRICE * (bought and refused is None)

    def crew(self, phone: bool) -> None:
        assert self.send("crew", self.by(phone)) is None

    def crew_turn(self, kind: str, phone: bool) -> None:
        r = self.state.robbery
        expected = {"play": None,
                    "exchange": "robnrun.exchanged" if r.turn in r.exchanged else None,
                    "pass": "robnrun.must_play" if forced(self.state) else None}[kind]
        assert self.send(kind, self.by(phone, r.turn)) == expected

    def out_of_turn(self, data: st.DataObject) -> None:
        """A phone not on turn plays, exchanges or passes."""
        r = self.state.robbery
        if self.state.phase != "crew":
            return
        seat = data.draw(st.sampled_from([s for s in range(self.state.seats) if s != r.turn]))
        kind = data.draw(st.sampled_from(["play", "exchange", "pass"]))
        assert self.send(kind, seat) == "robnrun.not_your_turn"

    # -- alarm phase --------------------------------------------------------------------------

    def sort(self, data: st.DataObject, aimed: bool) -> None:
        r, state = self.state.robbery, self.state
        missing = [t for t, n, have in zip(TOOLS, needed(r.safes), r.rows, strict=True)
                   if have < n]
        cards = list(TOOLS) + ([BAG] if state.seats > 2 else [])
        choice = st.sampled_from(missing if aimed and missing else cards)
        sorted_cards = data.draw(st.lists(choice, min_size=r.played, max_size=r.played), "cards")
        too_many = r.bags + sorted_cards.count(BAG) > BAGS or any(
            r.rows[i] + r.alarm[i] + sorted_cards.count(tool) > COPIES
            for i, tool in enumerate(TOOLS))
        refused = self.send("sort", self.boss_part(data), cards=sorted_cards)
        assert refused == ("robnrun.cards_too_many" if too_many else None)

    def crew_sends_a_secret(self, data: st.DataObject) -> None:
        """Only the boss's phone enters safes and sorts cards; nobody else, not even the box."""
        box = [] if self.state.robbery.openly else [None]
        others = [*box, *(s for s in range(self.state.seats) if s != self.boss)]
        seat = data.draw(st.sampled_from(others), "seat")
        kind = data.draw(st.sampled_from(["safes", "sort"]), "kind")
        phases = RULES.steps[kind].phases or ()
        expected = ("robnrun.boss_phone" if self.state.phase in phases
                    else f"robnrun.phase.{self.state.phase}")
        assert self.send(kind, seat, safes=[], cards=[]) == expected

    # -- evaluation ---------------------------------------------------------------------------

    def next_step(self, by: int | None) -> None:
        state, ev = self.state, self.state.evaluation
        assert ev is not None
        expected = None
        if ev.step == 3 and to_place(state) and placeable(state):
            expected = "robnrun.place_first"
        elif ev.step == 5 and route_dealer(state):
            expected = "robnrun.dealer_first"
        assert self.send("next", by) == expected

    def place(self, data: st.DataObject, by: int | None) -> None:
        state, ev = self.state, self.state.evaluation
        assert ev is not None
        building = data.draw(st.sampled_from(placeable(state)), "building")
        expected = None
        if ev.step != 3:
            expected = "robnrun.not_now"
        elif not to_place(state):
            expected = "robnrun.placed_all"
        assert self.send("place", by, building=building) == expected
        assert self.state.spare == state.spare - (expected is None)

    def buy(self, cubes: int, by: int | None) -> None:
        state, ev, colour = self.state, self.state.evaluation, route_dealer(self.state)
        assert ev is not None
        price = 0 if colour is None else sum(DEALER_PRICES[colour][:cubes])
        expected = None
        if ev.step != 5 or colour is None:
            expected = "robnrun.no_dealer"
        elif cubes > state.station[colour]:
            expected = "robnrun.buy_cubes"
        elif price > state.gold:
            expected = "robnrun.buy_gold"
        assert self.send("buy", by, cubes=cubes) == expected
        if expected is None:
            assert self.state.gold == state.gold - price

    # -- the game, step by step or a phase at once ----------------------------------------------

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """One step of the game, by whoever may take it."""
        self.phase_step(data)

    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        """The rest of the current phase, step by step."""
        phase, robberies = self.state.phase, self.state.robberies
        for _ in range(PHASE_STEPS):
            if self.state.phase != phase or self.state.robberies != robberies:
                break
            self.phase_step(data)

    def phase_step(self, data: st.DataObject) -> None:
        state, r = self.state, self.state.robbery
        if state.phase in ("won", "lost"):
            self.next_game(data)
            return
        phone = data.draw(PHONE, "phone")
        may_enter = (state.phase in ("prepare", "clues", "crew", "alarm")
                     and r.building is not None and r.rows == r.alarm == NO_TOOLS)
        if state.phase == "prepare" and r.building is None:
            self.rob(data, phone)
        elif may_enter and ((state.phase == "alarm" and not r.safes)
                            or data.draw(st.integers(0, 4), "enter safes") == 4):
            self.safes(data)
        elif state.phase == "prepare":
            self.deal(data.draw(SEEDS, "seed"), phone) if not r.dealt else self.start(phone)
        elif state.phase == "clues":
            self.clue(data, phone) if data.draw(st.booleans(), "clue") else self.crew(phone)
        elif state.phase == "crew":
            self.crew_turn(data.draw(TURNS, "turn"), phone)
        elif state.phase == "alarm":
            self.sort(data, data.draw(st.integers(0, 3), "aimed") > 0)
        else:
            self.evaluation_step(data)

    def evaluation_step(self, data: st.DataObject) -> None:
        """Place new safes and answer the dealer where the step asks for it, else go on;
        now and then any of the three, from anyone, whether it fits the step or not."""
        state, ev = self.state, self.state.evaluation
        assert ev is not None
        by = data.draw(st.none() | st.integers(0, state.seats - 1), "by")
        kind = data.draw(st.sampled_from(["", "", "", "next", "place", "buy"]), "kind")
        if not kind and ev.step == 3 and placeable(state) and to_place(state):
            kind = "place"
        elif not kind:
            kind = "buy" if ev.step == 5 and route_dealer(state) else "next"
        if kind == "place" and placeable(state):
            self.place(data, by)
        elif kind == "buy":
            self.buy(data.draw(st.sampled_from([0, 0, 1, 2]), "cubes"), by)
        else:
            self.next_step(by)

    # -- any time -----------------------------------------------------------------------------

    @rule(data=st.data(), aside=st.sampled_from(
        ["mark", "note", "anything", "undo", "undo", "out_of_turn", "crew_sends_a_secret"]))
    def meanwhile(self, data: st.DataObject, aside: str) -> None:
        """Now and then, between the steps of the game: one of the moves below."""
        getattr(self, aside)(data)

    def mark(self, data: st.DataObject) -> None:
        """The named-tool aid, from anyone."""
        tool, out = data.draw(st.sampled_from(TOOLS), "tool"), data.draw(st.booleans(), "out")
        seat = data.draw(st.none() | st.integers(0, self.state.seats - 1), "by")
        playing = self.state.phase in PLAYING
        refused = self.send("mark", seat, tool=tool, out=out)
        assert refused == (None if playing else f"robnrun.phase.{self.state.phase}")

    def note(self, data: st.DataObject) -> None:
        """A seat's own notes, from its own phone."""
        seat = data.draw(st.integers(0, self.state.seats - 1), "seat")
        words = data.draw(NOTES, "words")
        assert self.send("note", seat, text=note_for(seat, words)) is None
        assert self.state.notes[seat] == note_for(seat, words)

    def anything(self, data: st.DataObject) -> None:
        """Whatever a phone may send: refused with a sentence, or the invariants still hold."""
        kind = data.draw(st.sampled_from([*RULES.steps, "nonsense"]), "kind")
        by = data.draw(st.none() | st.integers(0, self.state.seats - 1), "by")
        args: dict[str, Any] = data.draw(ANY_ARGS, "args")
        if kind == "note" and isinstance(args.get("text"), str) and by is not None:
            args["text"] = note_for(by, args["text"])  # a note that lands is marked too
        self.send(kind, by, **args)

    def undo(self, data: st.DataObject) -> None:
        """The last step back, unless it was a deal: exactly the state before it."""
        if not self.history:
            self.undo_refused("error.nothing_to_undo")
        elif self.history[-1][1]:
            self.undo_refused(self.history[-1][1])
        else:
            self.table = apply_table(self.table, Action("table.undo"), GAMES)
            assert self.state == self.history.pop()[0]

    def undo_refused(self, key: str) -> None:
        try:
            apply_table(self.table, Action("table.undo"), GAMES)
        except GetawayError as error:
            assert error.key == key
        else:
            raise AssertionError(f"undo should be refused with {key}")

    def next_game(self, data: st.DataObject) -> None:
        """The game is over: back to the lobby, and the next one."""
        assert GAME.outcome(self.state) is not None
        self.table = apply_table(self.table, Action("table.end_game"), GAMES)
        self.start_game(data.draw(st.integers(2, 5), "seats"), data)

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def secrets_stay_secret(self) -> None:
        """Other safes, alarm cards, hidden clues or notes change no view but their owner's."""
        views = self.views(self.table)
        self.only_their_own(views)
        controls = table_controls(self.table, GAMES)
        for disguise, owners in self.disguises():
            table = replace(self.table, game=disguise)
            for seat, view in views.items():
                if seat not in owners:
                    assert table_view(table, GAMES, seat, 0) == view, (seat, owners)
            assert table_controls(table, GAMES) == controls

    def only_their_own(self, views: dict[int | None, Any]) -> None:
        """No secret but on the boss's phone, no note but on its own seat's phone."""
        state = self.state
        public = GAME.public_view(state)
        for seat, view in views.items():
            text = json.dumps(view, ensure_ascii=False)
            boss = seat == self.boss and state.phase not in ("won", "lost")
            assert ('"secret": ' in text) == boss, seat
            if seat is not None:
                extra = set(view["state"]) - set(public)
                assert extra <= {"role", "actions", "notes", "secret"}, extra
            for other, note in enumerate(state.notes):
                assert not note or note.startswith(marker(other)), note  # never vacuous
                if note and other != seat:
                    assert marker(other) not in text, (seat, other)

    @invariant()
    def bookkeeping_in_bounds(self) -> None:
        state, r = self.state, self.state.robbery
        route = state.profile.route
        assert state.phase in PHASES
        assert state.gold >= 0
        assert route.police <= state.police <= route.length - 1
        assert route.car <= state.car <= route.terminals[-1]
        for colour in COLOURS:
            assert 0 <= state.station[colour] <= capacity(state, colour)
            on_board = state.station[colour] + sum(sq.count(colour) for sq in state.squares)
            assert on_board <= SUPPLY[colour]
        assert 0 <= state.spare <= 5
        assert all(n >= 0 for n in r.hands) and r.stack >= 0 and r.bin >= 0
        assert all(0 <= n <= COPIES for n in (*r.rows, *r.alarm)) and 0 <= r.bags <= BAGS
        assert (r.turn is not None) == (state.phase == "crew")
        if r.dealt:
            lying = r.played if state.phase in ("crew", "alarm") else 0
            cards = r.stack + r.bin + sum(r.hands) + sum(r.rows) + sum(r.alarm) + r.bags + lying
            assert cards == STACK[state.seats]

    @invariant()
    def every_step_says_what_to_do_now(self) -> None:
        now = f"robnrun.now.{GAME.public_view(self.state)['now']}"
        assert all(text(now, lang) != now for lang in LANGUAGES), now

    @invariant()
    def every_state_says_what_to_do_with_the_real_pieces(self) -> None:
        assert_guided(GAMES["robnrun"], self.state)

    @invariant()
    def state_round_trips_through_json(self) -> None:
        data = json.loads(json.dumps(self.table.to_json(GAMES)))
        assert TableState.from_json(data, GAMES).game == self.state

    @invariant()
    def undo_is_offered_exactly_when_possible(self) -> None:
        assert self.table.can_undo() == bool(self.history and not self.history[-1][1])


Games.TestCase.settings = settings(max_examples=examples(25), stateful_step_count=60, deadline=None,
                                   suppress_health_check=[HealthCheck.too_slow,
                                                          HealthCheck.large_base_example])
TestGames = Games.TestCase


def test_refusals_do_not_tell_the_table_page_the_hidden_clues() -> None:
    table = apply_table(TableState(), GAME.draw(None, Action("table.new_game", None, {
        "game": "robnrun", "seats": 3, "options": {"boss": 0, "variation2": "on"}}),
        random.Random(5)), GAMES)
    for kind, seat, args in (("rob", 0, {"building": "A1"}), ("deal", 0, {}), ("start", 0, {})):
        table = apply_table(table, GAME.draw(table.game, Action(kind, seat, args),
                                             random.Random(5)), GAMES)
    state: RobState = table.game
    hidden = hidden_clues(state)
    spent = replace(state, gold=0)
    absent = next(c for c in clue_pool(state) if c not in state.robbery.clues)
    keys = []
    for clue in (hidden[0], absent):
        with pytest.raises(GetawayError) as refused:
            apply_table(replace(table, game=spent), Action("clue", None, {"clue": clue}), GAMES)
        keys.append(refused.value.key)
    assert keys[0] == keys[1]


def won_walk() -> None:
    """The last evaluation step of a robbery that reaches terminal 1: a win, which the random
    walks (whose bosses' false clues are refused) may miss."""
    won = do(replace(evaluating(new_state(), step=6), car=17, police=10, gold=9), "next")
    assert_guided(GAMES["robnrun"], won)


def test_the_walks_reach_every_situation_of_the_guide() -> None:
    assert_every_situation_reached(GAMES["robnrun"],
                                   Games.TestCase().runTest, won_walk)
