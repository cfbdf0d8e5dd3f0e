"""Räuber und Gendarm over whole random games at each level, driven through the table rules.

The same game with other catchers (another number for either player, or the two swapped) looks
byte for byte the same on the screen, the LEDs, the box's menu, the table page and the other
phone, and every refusal anyone but the catcher's owner can get is the same too. A catcher is
never taken out of play, the bookkeeping stays in bounds, undo never steps back over a roll, a
deal or a capture, and a game always ends or can be ended. With real chips a player may keep
the chip face down on the table (no phone): the box then claims and gives up for that player,
and the table is honest about the chip.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pygame
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.device.screen import Screen
from companion.games import GAMES
from companion.games.base import Action, GetawayError
from companion.games.gendarm import GAME
from companion.games.gendarm.rules import RULES
from companion.games.gendarm.state import (
    CAUGHT,
    FREE,
    HIDDEN,
    PHASES,
    SAFE,
    GendarmState,
    has,
    has_catcher,
    kept_secret,
    robbers_at,
    top,
)
from companion.table.menu import table_controls
from companion.table.published import Published
from companion.table.rules import apply_table
from companion.table.state import UNDO_DEPTH, TableState
from companion.table.views import table_view
from tests.games.guide_helpers import assert_every_situation_reached, assert_guided
from tests.games.robnrun_helpers import assert_sentence
from tests.proof import examples

SEEDS = st.integers(0, 2**32 - 1)
SENDERS = st.sampled_from([None, 0, 1])
ANY_ARGS = st.dictionaries(
    st.sampled_from(["rolls", "starter", "number", "value", "gendarme", "hideout", "seat",
                     "open"]),
    st.none() | st.booleans() | st.integers(-1, 8)
    | st.lists(st.integers(0, 7), max_size=3), max_size=2)
SECRET_ACTIONS = frozenset({"catcher", "capture", "remove"})
"""What a player's own phone sends about its own catcher: only that phone hears the answer."""


SIZE = (480, 320)
JOIN_URL = "http://192.168.178.23:8000/j/KM7RX"


def dumped(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def beside_the_catcher(view: dict[str, Any]) -> str:
    """A view as its reader sees it, but for the own catcher (a seat's view carries it in
    ``catcher``; nothing else may depend on it)."""
    state = view.get("state")
    if isinstance(state, dict):
        view = {**view, "state": {k: v for k, v in state.items() if k != "catcher"}}
    return dumped(view)


@cache
def screen() -> Screen:
    return Screen(SIZE, GAMES)


def frame(table: TableState) -> bytes:
    """The box's screen for ``table``, as pixels (every menu item highlighted in turn would
    show the same labels: the first is drawn)."""
    published = Published(0, 0.0, table_view(table, GAMES, None, 0), {},
                          table_controls(table, GAMES))
    surface = pygame.Surface(SIZE)
    screen().render(surface, published, 0, JOIN_URL, 0.0)
    return pygame.image.tobytes(surface, "RGB")


class Gendarm(RuleBasedStateMachine):
    """Random play by the box, the table page and both phones, at one level."""

    level = 1
    table: TableState
    history: list[tuple[GendarmState, str | None]]
    """The game states before each applied step, and whether that step was a reveal."""
    chips: dict[int, int]
    """The chips kept face down on the table, as the table knows them (the box does not)."""

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        self.table = TableState()
        self.start_game(data)

    def start_game(self, data: st.DataObject) -> None:
        options = {"level": self.level,
                   "catchers": data.draw(st.sampled_from(["box", "box", "chips"]), "catchers"),
                   "chips": data.draw(st.sampled_from(["own", "shared"]), "chips"),
                   "dice": data.draw(st.sampled_from(["box", "box", "table"]), "dice"),
                   "safe": data.draw(st.sampled_from(["for_good", "on_row"]), "safe"),
                   "safe_robbers": data.draw(st.sampled_from(["first", "each"]), "robbers"),
                   "hide_by_move": data.draw(st.sampled_from(["off", "on"]), "hide by move"),
                   "black": data.draw(st.sampled_from([0, 1]), "black")}
        self.table = apply_table(self.table, Action("table.new_game", None, {
            "game": "gendarm", "seats": 2, "options": options}), GAMES)
        self.history = []
        self.chips = {}

    # -- helpers ------------------------------------------------------------------------------

    @property
    def state(self) -> GendarmState:
        state: GendarmState = self.table.game
        return state

    def send(self, kind: str, by: int | None, seed: int = 0, **args: Any) -> str | None:
        """Apply an action as the Table would; the refusal's key, or None if it was applied."""
        action = GAME.draw(self.state, Action(kind, by, args), random.Random(seed))
        try:
            after = apply_table(self.table, action, GAMES)
        except GetawayError as error:
            assert_sentence(error)
            self.same_answer(action, error)
            return error.key
        self.same_answer(action, None)
        self.history = [*self.history, (self.state, self.final(action, after.game))][
            -UNDO_DEPTH:]
        self.table = after
        return None

    def final(self, action: Action, after: GendarmState) -> str | None:
        """Why undo never takes ``action`` back: a deal, a capture checked against a secret,
        a roll of the box's dice, the end of the game; None: it may."""
        box_roll = action.type in ("start_roll", "roll") and self.state.settings.dice == "box"
        if action.type in ("deal", "capture") or box_roll:
            return "error.undo_reveal"
        return "error.undo_over" if after.phase == "over" != self.state.phase else None

    def same_answer(self, action: Action, error: GetawayError | None) -> None:
        """Whoever does not own a catcher gets the same answer whatever that catcher is."""
        for disguise, owners in self.disguises():
            if action.seat in owners and action.type in SECRET_ACTIONS:
                continue
            try:
                apply_table(replace(self.table, game=disguise), action, GAMES)
            except GetawayError as other:
                assert error is not None, (action, other.key)
                assert (other.key, other.params) == (error.key, error.params), action
            else:
                assert error is None, (action, error.key)

    def disguises(self) -> Iterator[tuple[GendarmState, set[int]]]:
        """The same game with other catchers, and the seats that may see the difference: for
        each secret catcher another number still in play, and both secrets swapped."""
        state = self.state
        secret = [seat for seat, p in enumerate(state.players)
                  if p.catcher is not None and not p.shown and state.phase != "over"]
        for seat in secret:
            player = state.players[seat]
            others = [n for n in player.gendarmes if n != player.catcher]
            for number in {others[0], others[-1]} if others else ():
                yield self.with_catchers(state, {seat: number}), {seat}
        if len(secret) == 2:
            first, second = (state.players[seat].catcher for seat in secret)
            if first != second and first in state.players[1].gendarmes and (
                    second in state.players[0].gendarmes):
                yield self.with_catchers(state, {0: second, 1: first}), {0, 1}

    @staticmethod
    def with_catchers(state: GendarmState, catchers: dict[int, int | None]) -> GendarmState:
        players = tuple(replace(p, catcher=catchers.get(seat, p.catcher))
                        for seat, p in enumerate(state.players))
        return replace(state, players=players)

    def on_turn(self) -> int:
        assert self.state.turn is not None
        return self.state.turn

    def by(self, data: st.DataObject, seat: int) -> int | None:
        """The seat's phone or the box (or the table page: the same to the rules)."""
        return seat if data.draw(st.booleans(), "phone") else None

    def claimant(self, data: st.DataObject, seat: int) -> int | None:
        """Who claims and gives up for ``seat``: its phone; for a chip on the table the box
        too."""
        return self.by(data, seat) if self.state.players[seat].on_table else seat

    def chip(self, seat: int) -> int:
        """The catcher of ``seat`` as the table knows it: the box's, or the chip kept face
        down (one still in play, decided when first needed: the box takes the table's word)."""
        player = self.state.players[seat]
        if player.catcher is not None:
            return player.catcher
        if self.chips.get(seat) not in player.gendarmes:
            self.chips[seat] = player.gendarmes[0]
        return self.chips[seat]

    # -- the game, step by step ---------------------------------------------------------------

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """One step of the game by whoever may take it."""
        phase = self.state.phase
        if phase == "over":
            self.next_game(data)
        elif phase == "start":
            self.start_roll(data)
        elif phase == "deal":
            self.deal(data)
        else:
            self.turn_step(data)

    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        """Several steps at once, so that games reach their end."""
        for _ in range(data.draw(st.integers(1, 12), "steps")):
            if self.state.phase == "over":
                return
            self.step(data)

    def start_roll(self, data: st.DataObject) -> None:
        by = data.draw(SENDERS, "by")
        if self.state.settings.dice == "box":
            assert self.send("start_roll", by, data.draw(SEEDS, "seed")) is None
            assert self.history[-1][1], "a start roll by the box is never undone"
            return
        if data.draw(st.booleans(), "who begins"):
            assert self.send("start_roll", by, starter=data.draw(st.sampled_from([0, 1]))) is None
            return
        rolls = data.draw(st.lists(st.integers(1, 6), min_size=2, max_size=2), "rolls")
        refused = self.send("start_roll", by, rolls=rolls)
        assert refused == ("gendarm.start_roll_tie" if rolls[0] == rolls[1] else None)

    def deal(self, data: st.DataObject) -> None:
        """A side keeps a real chip face down, or the box deals the rest, or a phone types
        its chip in."""
        seat = data.draw(st.sampled_from([0, 1]), "seat")
        if data.draw(st.booleans(), "kept on the table"):
            assert self.send("keep_chip", None, seat=seat) is None
            assert self.state.players[seat].on_table
            return
        if self.state.settings.catchers == "box":
            assert self.send("deal", data.draw(SENDERS, "by"), data.draw(SEEDS, "seed")) is None
            assert all(map(has_catcher, self.state.players))
            return
        number = data.draw(st.integers(0, 7), "number")
        refused = self.send("catcher", seat, number=number)
        assert refused == (None if 1 <= number <= top(self.state.settings)
                           else "gendarm.catcher_range")

    @precondition(lambda self: self.level == 3)
    @rule(data=st.data())
    def both_hide(self, data: st.DataObject) -> None:
        """Each side in turn rolls a 1 or a 6 and hides a robber, as far as the game lets it:
        the walk reaches the robber that must leave its hideout (level 3)."""
        hidden = 0
        for _ in range(12):
            state, step = self.state, self.state.step
            if state.phase == "over" or hidden == 2:
                return
            if state.phase != "play" or step.duty or step.removal:
                self.step(data)
                continue
            seat = self.on_turn()
            if not (step.rolled or step.moved) and self.roll_showing(
                    seat, (1, 6)) and None in self.state.hideouts:
                assert_guided(GAME, self.state)  # the roll allows hiding: the step between
                hidden += self.send("hide", seat,
                                    hideout=self.state.hideouts.index(None) + 1) is None
                assert_guided(GAME, self.state)
            self.end_turn(data, seat)

    @precondition(lambda self: self.level >= 2)
    @rule(data=st.data())
    def run_out_of_gendarmes(self, data: st.DataObject) -> None:
        """A side brings a robber out of danger and rolls odd on every duty roll, sending off
        gendarme after gendarme: the walk reaches the end by depletion (level 2 and 3)."""
        for _ in range(40):
            state = self.state
            if state.phase != "play":
                return
            seat, step = self.on_turn(), state.step
            if step.removal:
                self.remove(data, seat)
            elif step.duty:
                self.roll_showing(seat, (1, 3, 5))
            else:
                if SAFE not in state.players[seat].robbers:
                    self.send("safe", seat)
                self.end_turn(data, seat)
            assert_guided(GAME, self.state)

    def roll_showing(self, seat: int, faces: tuple[int, ...]) -> bool:
        """Roll for ``seat`` so that the die shows one of ``faces`` (the box's on the first
        seed that does, the table's typed in); whether the roll was made."""
        if self.state.settings.dice == "table":
            return self.send("roll", seat, value=faces[0]) is None
        seed = next((seed for seed in range(100) if GAME.draw(
            self.state, Action("roll", seat, {}), random.Random(seed)).args.get(
                "chance", {}).get("value") in faces), 0)
        return self.send("roll", seat, seed) is None

    def turn_step(self, data: st.DataObject) -> None:
        seat, state = self.on_turn(), self.state
        if state.step.removal:
            self.remove(data, seat)
        elif state.step.duty:
            self.roll(data, seat)
        else:
            kind = data.draw(st.sampled_from(
                ["end_turn", "end_turn", "end_turn", "roll", "safe", "safe", "unsafe", "hide",
                 "leave", "stuck", "capture", "claim_wrong", "claim", "keep_chip"]), "kind")
            getattr(self, kind)(data, seat)

    def end_turn(self, data: st.DataObject, seat: int) -> None:
        self.send("end_turn", self.by(data, seat))

    def roll(self, data: st.DataObject, seat: int) -> None:
        by = self.by(data, seat)
        if self.state.settings.dice == "box":
            self.send("roll", by, data.draw(SEEDS, "seed"))
        else:
            self.send("roll", by, value=data.draw(st.integers(1, 6), "value"))

    def safe(self, data: st.DataObject, seat: int) -> None:
        self.send("safe", self.by(data, seat))

    def unsafe(self, data: st.DataObject, seat: int) -> None:
        self.send("unsafe", self.by(data, seat))

    def hide(self, data: st.DataObject, seat: int) -> None:
        self.send("hide", self.by(data, seat), hideout=data.draw(st.sampled_from([1, 2])))

    def leave(self, data: st.DataObject, seat: int) -> None:
        self.send("leave", self.by(data, seat))

    def stuck(self, data: st.DataObject, seat: int) -> None:
        self.send("stuck", self.by(data, seat))

    def keep_chip(self, data: st.DataObject, seat: int) -> None:
        """A side whose catcher the box keeps secret (its phone gone) takes a real chip
        instead, on its turn or not; refused for a chip on the table or a catcher shown."""
        side = data.draw(st.sampled_from([0, 1]), "side")
        secret = kept_secret(self.state.players[side])
        refused = self.send("keep_chip", None, seat=side)
        assert (refused is None) == secret
        assert refused == "gendarm.no_secret_catcher" or self.state.players[side].on_table

    def claim(self, data: st.DataObject, seat: int) -> None:
        """The box's menu opens or closes the gendarmes to claim with (a chip on the table)."""
        refused = self.send("claim", None, open=data.draw(st.booleans(), "open"))
        assert refused is not None or self.state.players[seat].on_table

    def capture(self, data: st.DataObject, seat: int) -> None:
        """The catcher reached a robber: the claim stands whenever a capture may be made."""
        self.others_claim()
        by = self.claimant(data, seat)
        may = "capture" in RULES.allowed_actions(self.state, by)
        number = self.chip(seat)
        caught = sum(p.robbers.count(CAUGHT) for p in self.state.players)
        assert self.send("capture", by, gendarme=number) is None or not may
        if may:
            assert sum(p.robbers.count(CAUGHT) for p in self.state.players) == caught + 1
            assert self.state.players[seat].shown

    def claim_wrong(self, data: st.DataObject, seat: int) -> None:
        """Another gendarme reached a robber: the claim is refused, and nothing changes."""
        player = self.state.players[seat]
        if player.catcher is None:
            return  # a chip on the table: the box takes the table's word
        wrong = [n for n in player.gendarmes if n != player.catcher]
        before = self.table
        refused = self.send("capture", seat, gendarme=data.draw(st.sampled_from(wrong)))
        assert refused is not None and self.table is before
        if "capture" in RULES.allowed_actions(self.state, seat):
            assert refused == "gendarm.wrong_catcher"

    def remove(self, data: st.DataObject, seat: int) -> None:
        """The owner's phone takes a gendarme out of play; never the catcher (nor anyone
        else's phone, nor the box). For a chip on the table the box does it, and the table
        keeps the chip's gendarme."""
        self.others_claim()
        player = self.state.players[seat]
        if player.on_table and player.catcher is None:
            others = [n for n in player.gendarmes if n != self.chip(seat)]
            number = data.draw(st.sampled_from(others), "gendarme")
            assert self.send("remove", self.claimant(data, seat), gendarme=number) is None
            return
        number = data.draw(st.sampled_from(player.gendarmes), "gendarme")
        refused = self.send("remove", self.claimant(data, seat), gendarme=number)
        assert refused == ("gendarm.keep_catcher" if number == player.catcher else None)

    def next_game(self, data: st.DataObject) -> None:
        """The game is over: the catchers are shown, back to the lobby, and the next one."""
        assert GAME.outcome(self.state) is not None
        public = GAME.public_view(self.state)
        assert [p["catcher"] for p in public["players"]] == [
            p.catcher for p in self.state.players]
        self.table = apply_table(self.table, Action("table.end_game"), GAMES)
        self.start_game(data)

    # -- any time -----------------------------------------------------------------------------

    @rule(data=st.data())
    def anything(self, data: st.DataObject) -> None:
        """Whatever a phone, the box or the table page may send: refused with a sentence, or
        the invariants still hold."""
        kind = data.draw(st.sampled_from([*RULES.steps, "nonsense"]), "kind")
        self.send(kind, data.draw(SENDERS, "by"), data.draw(SEEDS, "seed"),
                  **data.draw(ANY_ARGS, "args"))

    @rule()
    def others_claim(self) -> None:
        """The box, the table page and the phone not on turn claim a capture and take out a
        gendarme with every number: refused, and alike whatever the catchers are (the box
        claims only for a chip on the table)."""
        if self.state.phase != "play":
            return
        kept = self.state.players[self.on_turn()].on_table
        for by in (1 - self.on_turn(),) if kept else (None, 1 - self.on_turn()):
            for kind in ("capture", "remove"):
                for number in range(1, top(self.state.settings) + 1):
                    assert self.send(kind, by, gendarme=number) is not None

    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        """The last step back, unless it revealed something: exactly the state before it."""
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

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def catchers_stay_secret(self) -> None:
        """Another catcher changes no view but its owner's, and that one in its ``catcher``
        alone, nor the menu, the LEDs or a pixel of the screen."""
        views = {seat: beside_the_catcher(table_view(self.table, GAMES, seat, 0))
                 for seat in (None, 0, 1)}
        controls = table_controls(self.table, GAMES)
        leds = GAME.leds(table_view(self.table, GAMES, None, 0), None)
        disguised = []
        for disguise, owners in self.disguises():
            table = replace(self.table, game=disguise)
            for seat, view in views.items():
                seen = beside_the_catcher(table_view(table, GAMES, seat, 0))
                assert seen == view, (seat, owners)
            assert table_controls(table, GAMES) == controls
            assert GAME.leds(table_view(table, GAMES, None, 0), None) == leds
            disguised.append(table)
        if disguised:  # the last: both catchers swapped when they differ
            assert frame(disguised[-1]) == frame(self.table)

    @invariant()
    def every_state_says_what_to_do_with_the_real_pieces(self) -> None:
        assert_guided(GAMES["gendarm"], self.state)

    @invariant()
    def a_catcher_is_never_removed(self) -> None:
        for player in self.state.players:
            assert player.catcher is None or player.catcher in player.gendarmes

    @invariant()
    def bookkeeping_in_bounds(self) -> None:
        state = self.state
        level = state.settings.level
        assert state.phase in PHASES
        for seat, player in enumerate(state.players):
            assert len(player.gendarmes) >= 1
            assert set(player.gendarmes) <= set(range(1, top(state.settings) + 1))
            assert len(player.robbers) == robbers_at(level)
            assert set(player.robbers) <= {FREE, SAFE, HIDDEN, CAUGHT}
            assert player.robbers.count(HIDDEN) == state.hideouts.count(seat) <= 1
            assert not (has(player, HIDDEN) and has(player, SAFE))
            if level == 1:
                assert set(player.robbers) <= {FREE, CAUGHT}
        safe = sum(p.robbers.count(SAFE) for p in state.players)
        each = level == 3 and state.settings.safe_robbers == "each"
        assert safe <= (2 if each else 1)
        assert (state.phase == "over") == (state.winner is not None) == (
            GAME.outcome(state) is not None)
        if state.phase == "play":
            assert all(map(has_catcher, state.players))

    @invariant()
    def the_game_ends_or_can_be_ended(self) -> None:
        """Someone can always act, and the box or the table page can always end the game."""
        if self.state.phase == "over":
            assert "table.end_game" in {item.action.type for item in
                                        table_controls(self.table, GAMES).menu}
        else:
            assert any(RULES.allowed_actions(self.state, seat) for seat in (None, 0, 1))
        ended = apply_table(self.table, Action("table.end_game"), GAMES)
        assert ended.game_id is None

    @invariant()
    def state_round_trips_through_json(self) -> None:
        data = json.loads(json.dumps(self.table.to_json(GAMES)))
        assert TableState.from_json(data, GAMES).game == self.state

    @invariant()
    def undo_is_offered_exactly_when_possible(self) -> None:
        assert self.table.can_undo() == bool(self.history and not self.history[-1][1])


SETTINGS = settings(max_examples=examples(20), stateful_step_count=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.large_base_example])


class Level1(Gendarm):
    level = 1


class Level2(Gendarm):
    level = 2


class Level3(Gendarm):
    level = 3


Level1.TestCase.settings = Level2.TestCase.settings = Level3.TestCase.settings = SETTINGS
TestLevel1 = Level1.TestCase
TestLevel2 = Level2.TestCase
TestLevel3 = Level3.TestCase


def test_the_walks_reach_every_situation_of_the_guide() -> None:
    assert_every_situation_reached(GAMES["gendarm"],
                                   Level1.TestCase().runTest,
                                   Level2.TestCase().runTest,
                                   Level3.TestCase().runTest)
