"""Safehouse invariants over whole random games driven through the table rules, with the
table's dice and with the box's, on paper and on the phones' digital sheets: the pursuer never
moves back, a capture is found after every move of the pursuer and never missed, the game is
won exactly when everyone is home, the pool always holds the ten dice, a sheet takes exactly
the numbers its phone is offered, undo restores exactly and never steps back over a roll of
the box."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.games import GAMES
from companion.games.base import CHANCE, Action, GetawayError
from companion.games.safehouse import sheet
from companion.games.safehouse.profile import LETTERS
from companion.games.safehouse.rules import RULES
from companion.games.safehouse.state import ARROWS, DICE, FACES, PLAYING, ShState
from companion.table.rules import apply_table, check_action
from companion.table.state import TableState
from companion.table.views import table_view
from tests.games.guide_helpers import assert_every_situation_reached, assert_guided
from tests.proof import examples

GAME = GAMES["safehouse"]
FACE = st.sampled_from(FACES)
SEATS = st.integers(1, 4)
DICE_MODE = st.sampled_from(["table", "box"])
MODE = st.sampled_from(["light", "sheet"])
OVER = ("won", "lost")


class Games(RuleBasedStateMachine):
    """Random but mostly legal play: every step must keep the invariants below."""

    table: TableState
    history: list[tuple[Any, Action, bool]]
    """Each step undo may go back over: the snapshot before it and the action taken."""
    chance: random.Random

    def start(self, seats: int, dice: str, first: int, mode: str) -> None:
        """A new game; in sheet mode the first seats take a sheet each, the last keeps paper."""
        self.history = []
        self.table = apply_table(TableState(), Action("table.new_game", None, {
            "game": "safehouse", "seats": seats,
            "options": {"dice": dice, "first_player": first % seats, "mode": mode}}), GAMES)
        for seat in range(seats - 1 if mode == "sheet" else 0):
            assert self.send("sheet", seat, letter=LETTERS[seat])

    @initialize(seats=SEATS, dice=DICE_MODE, first=st.integers(0, 3), mode=MODE,
                chance=st.randoms(use_true_random=False))
    def new_game(self, seats: int, dice: str, first: int, mode: str,
                 chance: random.Random) -> None:
        self.chance = chance
        self.start(seats, dice, first, mode)

    # -- helpers ------------------------------------------------------------------------------

    @property
    def state(self) -> ShState:
        state: ShState = self.table.game
        return state

    @property
    def view(self) -> dict[str, Any]:
        return dict(GAME.public_view(self.state))

    def snapshot(self) -> Any:
        return [table_view(self.table, GAMES, seat, 0)
                for seat in (None, *range(self.state.seats))]

    def send(self, kind: str, by: int | None = None, /, **args: Any) -> bool:
        """Send an action as the Table would (checked, chance drawn, applied); False if it
        was refused, and then nothing changed."""
        before, snapshot = self.view, self.snapshot()
        action = Action(kind, by, args)
        try:
            check_action(self.table, action, GAMES)
            action = GAME.draw(self.state, action, self.chance)
            self.table = apply_table(self.table, action, GAMES)
        except GetawayError:
            assert self.snapshot() == snapshot
            return False
        ended = before["phase"] not in OVER and self.view["phase"] in OVER
        self.history.append((snapshot, action, ended))
        self.check_step(before, self.view)
        return True

    def check_step(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        """The pursuer never moves back; when it moved, the capture check has run."""
        assert after["pursuer"] >= before["pursuer"]
        if after["pursuer"] > before["pursuer"]:
            reached = [p["seat"] for p in after["players"]
                       if not p["safehouse"] and after["pursuer"] >= p["position"]]
            assert after["caught"] == reached
            assert (after["phase"] == "lost") == bool(reached)

    def roller(self, phone: bool) -> int | None:
        return self.state.roller if phone else None

    # -- rules --------------------------------------------------------------------------------

    @precondition(lambda self: self.state.phase == "ready")
    @rule(data=st.data(), phone=st.booleans(), typed=st.booleans())
    def roll(self, data: st.DataObject, phone: bool, typed: bool) -> None:
        free = {c: d["free"] for c, d in self.view["pool"].items()}
        dice = {c: data.draw(st.integers(0, n)) for c, n in free.items() if n}
        args: dict[str, Any] = {"dice": dice}
        if typed and not self.state.box_dice:
            args["faces"] = {c: data.draw(st.lists(FACE, min_size=n, max_size=n))
                             for c, n in dice.items() if n}
        colour = any(dice.get(c) for c in DICE[:4])
        assert self.send("roll", self.roller(phone), **args) == colour

    @precondition(lambda self: self.state.phase == "ready")
    @rule(phone=st.booleans())
    def roll_every_die(self, phone: bool) -> None:
        """Every free die at once: the roll after it must bring the dice back from the lid."""
        dice = {c: d["free"] for c, d in self.view["pool"].items() if d["free"]}
        assert self.send("roll", self.roller(phone), dice=dice) == any(
            dice.get(c) for c in DICE[:4])

    @precondition(lambda self: self.state.phase == "entering")
    @rule()
    def sprint(self) -> None:
        """Every paper sheet opens orders and closes open ones at the longest arrow, as far as
        the roll's numbers go, and the group goes on: the walk reaches the Safehouse."""
        for seat, player in enumerate(self.state.players):
            for row in range(self.state.profile.orders if not player.letter else 0):
                status = self.state.players[seat].orders[row].status
                if status != "closed" and not self.send(
                        "order", None, seat=seat, row=row,
                        **({"status": "closed", "arrow": ARROWS[1]} if status == "open"
                           else {"status": "open"})):
                    break
        self.send("done")

    @precondition(lambda self: self.state.phase == "ready")
    @rule(by=st.none() | st.integers(0, 3))
    def retrieve(self, by: int | None) -> None:
        cost, lid = self.view["retrieval"]["cost"], self.view["retrieval"]["lid"]
        pursuer = self.state.pursuer
        assert self.send("retrieve", by if by is None or by < self.state.seats else None) == (
            lid > 0)
        if lid:
            assert self.state.pursuer == pursuer + cost
            assert self.state.phase == "lost" or all(d["free"] == 2
                                                     for d in self.view["pool"].values())

    @precondition(lambda self: self.state.phase == "faces")
    @rule(data=st.data(), phone=st.booleans())
    def faces(self, data: st.DataObject, phone: bool) -> None:
        waiting = self.view["roll"]["waiting"]
        faces = {c: data.draw(st.lists(FACE, min_size=1, max_size=n)) for c, n in waiting.items()}
        assert self.send("faces", self.roller(phone), faces=faces)

    @precondition(lambda self: self.state.phase == "helps")
    @rule(data=st.data(), kind=st.sampled_from(["ignore", "reroll"]), phone=st.booleans())
    def help(self, data: st.DataObject, kind: str, phone: bool) -> None:
        args: dict[str, Any] = {"kind": kind}
        if kind == "reroll":
            faces = self.view["roll"]["faces"]
            args["dice"] = {c: data.draw(st.lists(st.integers(0, len(f) - 1), unique=True,
                                                  min_size=1, max_size=len(f)))
                            for c, f in faces.items()}
        unused = kind not in self.state.helps
        pending = kind == "reroll" or self.view["roll"]["pursuers"] > 0
        assert self.send("help", self.roller(phone), **args) == (unused and pending)

    @precondition(lambda self: self.state.phase == "helps")
    @rule(phone=st.booleans())
    def go(self, phone: bool) -> None:
        pending = self.view["roll"]["pursuers"]
        pursuer = self.state.pursuer
        assert self.send("go", self.roller(phone))
        assert self.state.pursuer == pursuer + pending

    @precondition(lambda self: self.state.phase == "entering")
    @rule(data=st.data(), phone=st.booleans(),
          status=st.sampled_from(["open", "open", "closed", "empty"]), arrow=st.integers(2, 6))
    def order(self, data: st.DataObject, phone: bool, status: str, arrow: int) -> None:
        seat = data.draw(st.integers(0, self.state.seats - 1))
        row = data.draw(st.integers(0, self.state.profile.orders - 1))
        args: dict[str, Any] = {"row": row, "status": status}
        if status == "closed":
            args["arrow"] = arrow
        paper = not self.state.players[seat].letter
        now = [o["status"] for o in self.view["players"][seat]["orders"]]
        then = [*now[:row], status, *now[row + 1:]]
        room = self.needed(seat, then) <= self.given()
        kept = phone and self.state.players[seat].before[row].status == "closed"
        assert self.send("order", seat if phone else None, seat=seat, **args) == (
            paper and room and not kept)

    def needed(self, seat: int, statuses: list[str]) -> int:
        """The numbers that ``statuses`` take at least beyond how the roll found the orders:
        one an order opened or an open one closed, three an empty one closed (two in the
        bottom three orders, beside the grey 6)."""
        bottom = self.state.profile.orders - 3
        return sum(self.cost(then.status, now, row >= bottom)
                   for row, (now, then) in enumerate(zip(
                       statuses, self.state.players[seat].before, strict=True)))

    @staticmethod
    def cost(then: str, now: str, grey: bool) -> int:
        if (then, now) == ("empty", "closed"):
            return 2 if grey else 3
        return int((then, now) in (("empty", "open"), ("open", "closed")))

    def given(self) -> int:
        return sum(n is not None for n in self.view["roll"]["numbers"].values())

    @precondition(lambda self: self.state.phase == "entering")
    @rule(data=st.data())
    def chameleon(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, self.state.seats - 1))
        left = self.view["players"][seat]["chameleons"]["left"]
        paper = not self.state.players[seat].letter
        assert self.send("chameleon", seat) == (left > 0 and paper)

    @precondition(lambda self: self.state.sheet_mode and self.state.phase in PLAYING)
    @rule(data=st.data(), letter=st.sampled_from(LETTERS))
    def take_sheet(self, data: st.DataObject, letter: str) -> None:
        seat = data.draw(st.integers(0, self.state.seats - 1))
        others = {p.letter for n, p in enumerate(self.state.players) if n != seat}
        blank = all(o["status"] == "empty" for o in self.view["players"][seat]["orders"])
        assert self.send("sheet", seat, letter=letter) == (letter not in others and blank)

    def sheet_holders(self) -> list[int]:
        return [n for n, p in enumerate(self.state.players) if p.letter]

    @precondition(lambda self: self.state.phase == "entering"
                  and any(p.letter for p in self.state.players))
    @rule(data=st.data(), offered=st.booleans(), phone=st.booleans())
    def write(self, data: st.DataObject, offered: bool, phone: bool) -> None:
        """A number offered to the phone is taken; any other is refused."""
        seat = data.draw(st.sampled_from(self.sheet_holders()))
        offers = table_view(self.table, GAMES, seat, 0)["state"]["offers"]
        choices = [(row, field, pick) for row, fields in enumerate(offers)
                   for field, picks in enumerate(fields) for pick in picks]
        if offered and choices:
            row, field, pick = data.draw(st.sampled_from(choices))
        else:
            row = data.draw(st.integers(0, len(offers) - 1))
            field = data.draw(st.integers(0, len(offers[row]) - 1))
            pick = {"number": data.draw(st.integers(0, 21)),
                    "colour": data.draw(st.sampled_from(DICE[:4]))}
        taken = self.send("write", seat if phone else None, seat=seat, row=row, field=field,
                          **pick)
        assert taken == (pick in offers[row][field])

    @precondition(lambda self: self.state.phase == "entering"
                  and any(p.written for p in self.state.players))
    @rule(data=st.data())
    def erase(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from([n for n, p in enumerate(self.state.players)
                                          if p.written]))
        entry = data.draw(st.sampled_from(self.state.players[seat].written))
        assert self.send("erase", seat, row=entry.row, field=entry.field)

    @precondition(lambda self: self.state.phase == "entering")
    @rule(data=st.data(), everyone=st.booleans())
    def done(self, data: st.DataObject, everyone: bool) -> None:
        rolls, roller = self.state.rolls, self.state.roller
        if everyone:
            assert self.send("done")
        else:
            assert self.send("done", data.draw(st.integers(0, self.state.seats - 1)))
        if self.state.phase in ("ready", "won"):
            assert self.state.roller == (roller + 1) % self.state.seats
            assert self.state.rolls == rolls

    @precondition(lambda self: self.state.phase in ("ready", "faces", "helps", "entering"))
    @rule(ahead=st.integers(-2, 3))
    def drift(self, ahead: int) -> None:
        field = self.state.pursuer + ahead
        assert self.send("pursuer", None, field=field) == (
            ahead > 0 and field <= self.state.profile.safehouse)

    @rule(kind=st.sampled_from([*RULES.steps, "nonsense"]), by=st.none() | st.integers(-1, 4),
          args=st.dictionaries(st.sampled_from(["seat", "row", "dice", "faces", "kind",
                                                "field", "status", "arrow", CHANCE,
                                                "letter", "number", "colour"]),
                               st.none() | st.integers(-1, 12) | st.booleans()
                               | st.sampled_from(["P", "reroll", "ignore", "open", "yellow",
                                                 "S", "grey6"])
                               | st.dictionaries(st.sampled_from([*DICE, "black"]),
                                                 st.integers(-1, 3) | st.lists(FACE)),
                               max_size=3))
    def anything(self, kind: str, by: int | None, args: dict[str, Any]) -> None:
        """Whatever a phone may send: either it is refused or the invariants still hold."""
        self.send(kind, by, **args)

    def undo_refusal(self, by: int | None) -> str | None:
        """Why ``by`` may not undo now: nothing to undo, a box roll, the end of the game,
        another's step."""
        if not self.history:
            return "error.nothing_to_undo"
        _, last, ended = self.history[-1]
        if CHANCE in last.args:
            return "error.undo_reveal"
        if ended:
            return "error.undo_over"
        return "error.undo_not_yours" if by not in (None, last.seat) else None

    @rule(by=st.none() | st.integers(0, 3))
    def undo(self, by: int | None) -> None:
        refusal = self.undo_refusal(by)
        try:
            self.table = apply_table(self.table, Action("table.undo", by), GAMES)
        except GetawayError as error:
            assert error.key == refusal
            return
        assert refusal is None
        assert self.snapshot() == self.history.pop()[0]

    @precondition(lambda self: self.state.phase in ("won", "lost"))
    @rule(seats=SEATS, dice=DICE_MODE, first=st.integers(0, 3), mode=MODE)
    def next_game(self, seats: int, dice: str, first: int, mode: str) -> None:
        self.table = apply_table(self.table, Action("table.end_game"), GAMES)
        self.start(seats, dice, first, mode)

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def every_view_says_whether_its_reader_may_undo(self) -> None:
        for seat in (None, *range(self.state.seats)):
            assert table_view(self.table, GAMES, seat, 0)["undo"] == (
                self.undo_refusal(seat) is None)

    @invariant()
    def every_state_says_what_to_do_with_the_real_pieces(self) -> None:
        assert_guided(GAMES["safehouse"], self.state)

    @invariant()
    def the_pool_holds_the_ten_dice(self) -> None:
        pool = self.view["pool"]
        assert all(d["free"] >= 0 and d["free"] + d["lid"] + d["rolling"] == 2
                   for d in pool.values())
        assert sum(d["free"] + d["lid"] + d["rolling"] for d in pool.values()) == 10
        assert all(pool[c]["selected"] <= pool[c]["free"] for c in DICE)

    @invariant()
    def a_capture_is_never_missed(self) -> None:
        view = self.view
        reached = [p["seat"] for p in view["players"]
                   if not p["safehouse"] and view["pursuer"] >= p["position"]]
        assert (view["phase"] == "lost") == bool(reached)
        assert view["caught"] == reached
        assert (view["phase"] == "won") == all(p["safehouse"] for p in view["players"])

    @invariant()
    def the_helps_and_chameleons_are_spent_once(self) -> None:
        assert len(set(self.state.helps)) == len(self.state.helps)
        assert all(p["chameleons"]["left"] >= 0 for p in self.view["players"])

    @invariant()
    def a_sheet_holds_what_its_rules_allow(self) -> None:
        """Each sheet's letter is its own, its orders follow from its numbers, and every
        colour and joker is used at most once this roll."""
        letters = [p.letter for p in self.state.players if p.letter]
        assert len(set(letters)) == len(letters)
        for player in self.view["players"]:
            if player["sheet"] is None:
                continue
            for order, settled in zip(player["sheet"], player["orders"], strict=True):
                written = [f["number"] is not None for f in order["fields"]
                           if f["colour"] != "grey6"]
                assert settled["status"] == ("closed" if all(written) else
                                             "open" if any(written) else "empty")
                numbers = [f["number"] for f in order["fields"]]
                assert all(sheet.respects(order["rule"], tuple(numbers), field, n)
                           for field, n in enumerate(numbers) if n is not None)
        for p in self.state.players:
            colours = [e.colour for e in p.written]
            jokers = [j for e in p.written for j in e.jokers]
            assert len(set(colours)) == len(colours) and len(set(jokers)) == len(jokers)
            for e in p.written:  # this roll's numbers are this roll's values
                given = self.view["roll"]["numbers"][e.colour] + sum(
                    self.view["roll"]["jokers"][j] for j in e.jokers)
                assert p.numbers[e.row][e.field] == given

    @invariant()
    def a_roll_moves_paper_orders_by_its_numbers_at_most(self) -> None:
        """SH-18: what a roll changes on a paper sheet takes no more numbers than it gives."""
        if self.state.phase != "entering":
            return
        for seat, player in enumerate(self.view["players"]):
            if player["sheet"] is None:
                statuses = [o["status"] for o in player["orders"]]
                assert self.needed(seat, statuses) <= self.given()

    @invariant()
    def state_round_trips_through_json(self) -> None:
        data = json.loads(json.dumps(self.table.to_json(GAMES)))
        assert TableState.from_json(data, GAMES).game == self.state


Games.TestCase.settings = settings(max_examples=examples(60), stateful_step_count=60)
TestGames = Games.TestCase


def test_the_walks_reach_every_situation_of_the_guide() -> None:
    assert_every_situation_reached(GAMES["safehouse"],
                                   Games.TestCase().runTest)
