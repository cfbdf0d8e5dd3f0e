"""Who may do what: every action of the table and of each game, sent by a browser with no
cookie, by the seat it belongs to, by another seat, by the host (the table page) and by the
box, each on a fresh box in the state where the action makes sense. The answers are read from
each step's declared sender; a case names its own only where the state refuses more."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import (
    CHANCE,
    Action,
    GetawayError,
    IllegalAction,
    InvalidAction,
    Sender,
    Step,
    Undo,
)
from companion.server.api import STATUS
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.rules import TABLE_STEPS
from companion.table.store import Store
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone, send_action
from tests.server.way_in import served

CALLERS = ("stranger", "own", "other", "host", "box")
Answers = tuple[int, int, int, int, int]
ANYONE, HOST, OWN_SEAT, NAMED_SEAT = Sender.ANYONE, Sender.HOST, Sender.OWN_SEAT, Sender.NAMED_SEAT
SEAT, SEAT_PHONE, PHONE, BOX, SERVER = (Sender.SEAT, Sender.SEAT_PHONE, Sender.PHONE, Sender.BOX,
                                        Sender.SERVER)

ANSWERS: dict[Sender, Answers] = {
    ANYONE: (403, 200, 200, 200, 200),
    HOST: (403, 403, 403, 200, 200),            # the table page and the box, never a phone
    OWN_SEAT: (403, 200, 409, 409, 200),        # keeping a seat: its phone or the box's OK
    NAMED_SEAT: (403, 200, 409, 200, 200),      # a phone for its own seat; box, host for any
    SEAT: (403, 200, 409, 200, 200),            # the seat on turn (the boss...), box, host
    SEAT_PHONE: (403, 200, 409, 409, 409),      # that seat's phone alone (a secret part)
    PHONE: (403, 200, 200, 409, 409),           # every seat's own phone, never box or host
    BOX: (403, 409, 409, 200, 200),             # the box's menu or the table page
    SERVER: (403, 400, 400, 400, 200),          # only what the phone server makes
}
"""The answers each sender stands for, the seat it belongs to sending as "own" (for a
``SEAT_PHONE`` step: while no one plays its part at the box)."""
NOBODY = (403, 409, 409, 409, 409)
"""Refused to every caller in the state at hand (a step of a part a phone holds)."""

SENDERS: dict[str, dict[str, Sender]] = {
    "table": {
        "table.new_game": HOST, "table.end_game": HOST, "table.end_ask": HOST,
        "table.ask_again": HOST, "table.setup": HOST,
        "table.option": HOST, "table.rematch": ANYONE, "table.next_game": ANYONE,
        "table.undo": ANYONE, "table.claim": SERVER,
        "table.rename": OWN_SEAT, "table.release": OWN_SEAT, "table.language": HOST,
        "table.request": SERVER, "table.grant": OWN_SEAT, "table.deny": OWN_SEAT,
        "table.withdraw": SERVER, "table.wifi": HOST, "table.show_wifi": HOST, "table.save": HOST,
        "table.forget": HOST, "table.host_ask": SERVER, "table.host_grant": HOST,
        "table.host_add": SERVER, "table.host_refuse": HOST, "table.hosts_forget": HOST,
        "table.guide": ANYONE, "table.player": HOST,
    },
    "romme": {
        "resume": ANYONE, "pause": ANYONE, "end_turn": SEAT, "draw": SEAT,
        "failed_manipulation": SEAT, "timeout": SERVER, "romme": SEAT, "stuck": SEAT,
        "score": NAMED_SEAT, "confirm_scores": ANYONE, "finish": ANYONE,
    },
    "robnrun": {
        "rob": SEAT, "deal": SEAT, "safes": SEAT_PHONE, "openly": BOX, "draft_safes": BOX,
        "draft_cards": BOX, "start": SEAT, "clue": SEAT, "crew": SEAT, "play": SEAT,
        "exchange": SEAT, "pass": SEAT, "sort": SEAT_PHONE, "next": ANYONE, "place": ANYONE,
        "buy": ANYONE, "mark": ANYONE, "note": PHONE,
    },
    "safehouse": {
        "select": SEAT, "roll": SEAT, "retrieve": ANYONE, "faces": SEAT, "face_back": SEAT,
        "help": SEAT, "go": SEAT, "order": NAMED_SEAT, "chameleon": NAMED_SEAT, "sheet": NAMED_SEAT,
        "write": NAMED_SEAT, "erase": NAMED_SEAT, "done": NAMED_SEAT, "focus": BOX,
        "pursuer": ANYONE,
    },
    "gendarm": {
        "start_roll": ANYONE, "deal": ANYONE, "catcher": PHONE, "keep_chip": BOX, "roll": SEAT,
        "remove": SEAT_PHONE, "safe": SEAT, "unsafe": SEAT, "hide": SEAT, "leave": SEAT,
        "stuck": SEAT, "capture": SEAT_PHONE, "claim": BOX, "end_turn": SEAT,
    },
}
"""Who may send each step, as the rules of the table and of each game say: each step must be
declared so, and the matrix below expects the answers its sender stands for."""
SAFE = {"tools": {"card": 2, "dynamite": 1}, "gold": 3}
SCENARIO = {"name": "Heist night", "clues": [1, 2, 3, 4, 5, 8], "forbidden": [10, 11, 12],
            "dealers": {"yellow": 3, "green": 2, "white": 1, "red": 0},
            "station": {"yellow": 1, "green": 0, "white": 0, "red": 1},
            "squares": [["yellow", "green"], ["red"], ["green"], ["red"], ["white"]]}
TOKEN = "f" * 64

Steps = Callable[[Table], None]


def steps(*actions: Action) -> Steps:
    def run(table: Table) -> None:
        for action in actions:
            table.submit(action)
    return run


def box(action: str, by: int | None = None, **args: Any) -> Action:
    """An action as sent ``by`` a seat, or by the box."""
    return Action(action, by, args)


@dataclass(frozen=True)
class Case:
    """An action, the state it is tried in, whose it is, and the five answers expected: its
    step's declared sender's, unless the state refuses more (``answers``)."""

    kind: str
    args: dict[str, Any]
    game: str | None = "romme"
    before: Steps = field(default=steps())
    own: int = 0
    other: int = 1
    options: dict[str, Any] | None = None
    answers: Answers | None = None

    @property
    def step(self) -> Step[Any, Any]:
        """The declaration of the case's action."""
        if self.kind.startswith("table."):
            return TABLE_STEPS[self.kind]
        return GAMES[self.game or "romme"].steps[self.kind]

    @property
    def expected(self) -> Answers:
        return ANSWERS[self.sender] if self.answers is None else self.answers

    @property
    def sender(self) -> Sender:
        """Who may send the case's step, as the rules say."""
        return SENDERS["table" if self.kind.startswith("table.") else self.game or "romme"][
            self.kind]


# -- Rob 'n Run: boss on seat 0; the crew's first turn is seat 1 ----------------------------

ROBBED = (box("rob", building="B1"), box("deal"), box("safes", 0, safes=[SAFE]))
PHONELESS_BOSS = {"boss": 3}


def crew(table: Table) -> None:
    steps(*ROBBED, box("start"), box("crew"))(table)


def alarm(table: Table) -> None:
    crew(table)
    while table.published.public["state"]["phase"] == "crew":
        table.submit(box("play"))


def evaluation(table: Table) -> None:
    alarm(table)
    table.submit(box("sort", 0, cards=["card", "card", "dynamite", "flashlight"]))


def clue_face_up(table: Table) -> None:
    steps(*ROBBED, box("start"))(table)


ROBNRUN = [
    Case("rob", {"building": "B1"}, "robnrun"),
    Case("deal", {}, "robnrun", steps(ROBBED[0])),
    Case("safes", {"safes": [SAFE]}, "robnrun", steps(*ROBBED[:2])),
    # The boss on seat 0 has a phone: nobody plays the boss's part openly for it.
    Case("openly", {"ask": True}, "robnrun", steps(ROBBED[0]), answers=NOBODY),
    Case("draft_safes", {"safes": [SAFE]}, "robnrun", steps(*ROBBED[:2]), answers=NOBODY),
    Case("draft_cards", {"cards": ["card"]}, "robnrun", alarm, answers=NOBODY),
    # The boss on seat 3 has no phone: the box and the table page play the boss's part.
    Case("openly", {"ask": True}, "robnrun", steps(ROBBED[0]), options=PHONELESS_BOSS),
    Case("draft_safes", {"safes": [SAFE]}, "robnrun", options=PHONELESS_BOSS,
         before=steps(ROBBED[0], box("openly", ask=True), box("openly"))),
    Case("start", {}, "robnrun", steps(*ROBBED)),
    Case("clue", {"clue": 1}, "robnrun", clue_face_up),
    Case("crew", {}, "robnrun", clue_face_up),
    Case("play", {}, "robnrun", crew, own=1, other=2),
    Case("exchange", {}, "robnrun", crew, own=1, other=2),
    Case("pass", {}, "robnrun", crew, own=1, other=2),
    Case("sort", {"cards": ["card", "card", "dynamite", "flashlight"]}, "robnrun",
         alarm),
    Case("next", {}, "robnrun", evaluation),
    # Placing and buying belong to later steps: at the first one the rules refuse everyone
    # alike, the stranger first.
    Case("place", {"building": "A1"}, "robnrun", evaluation, answers=NOBODY),
    Case("buy", {"cubes": 0}, "robnrun", evaluation, answers=NOBODY),
    Case("mark", {"tool": "card", "out": True}, "robnrun"),
    Case("note", {"text": "ram?"}, "robnrun"),
]

# -- Safehouse: seat 0 rolls first; an entry names its sheet, seat 0's ---------------------

ROLLED = (box("roll", dice={"yellow": 1}), box("faces", faces={"yellow": [3]}))
ENTERING = (*ROLLED, box("go"))

SAFEHOUSE = [
    Case("select", {"dice": {"yellow": 1}}, "safehouse"),
    Case("roll", {"dice": {"yellow": 1}}, "safehouse"),
    Case("faces", {"faces": {"yellow": [3]}}, "safehouse", steps(ROLLED[0])),
    Case("face_back", {}, "safehouse",
         steps(box("roll", dice={"yellow": 2}), box("faces", faces={"yellow": [3]}))),
    Case("help", {"kind": "ignore"}, "safehouse",
         steps(box("roll", dice={"yellow": 1}), box("faces", faces={"yellow": ["P"]}))),
    Case("go", {}, "safehouse", steps(*ROLLED)),
    Case("order", {"seat": 0, "row": 0, "status": "open"}, "safehouse",
         steps(*ENTERING)),
    Case("chameleon", {"seat": 0}, "safehouse", steps(*ENTERING)),
    Case("done", {"seat": 0}, "safehouse", steps(*ENTERING)),
    Case("focus", {"seat": 1, "row": 2}, "safehouse", steps(*ENTERING)),
    Case("retrieve", {}, "safehouse", steps(*ENTERING, box("done"))),
    Case("pursuer", {"field": 3}, "safehouse"),
]

# In sheet mode seat 0 takes sheet S; the example sheet's first field is yellow.
SHEETS = {"first_player": 0, "mode": "sheet"}
TAKEN = box("sheet", seat=0, letter="S")
WRITTEN = box("write", seat=0, row=0, field=0, number=3)
SAFEHOUSE += [
    Case("sheet", {"seat": 0, "letter": "S"}, "safehouse", options=SHEETS),
    Case("write", {"seat": 0, "row": 0, "field": 0, "number": 3}, "safehouse",
         steps(TAKEN, *ENTERING), options=SHEETS),
    Case("erase", {"seat": 0, "row": 0, "field": 0}, "safehouse",
         steps(TAKEN, *ENTERING, WRITTEN), options=SHEETS),
]

# -- Räuber-Rommé: seat 0 starts and goes out on its second turn, the others count tiles ----

WENT_OUT = (box("resume"), *(box("end_turn") for _ in range(4)), box("romme"))
SCORED = (*WENT_OUT, *(box("score", seat=seat, tiles=[5]) for seat in (1, 2, 3)))

ROMME = [
    Case("resume", {}),
    Case("pause", {}, before=steps(box("resume"))),
    *(Case(kind, {}, before=steps(box("resume")))
      for kind in ("end_turn", "draw", "failed_manipulation", "romme", "stuck")),
    Case("timeout", {}, before=steps(box("resume")), answers=(403, 400, 400, 400, 409)),
    Case("score", {"seat": 1, "tiles": [5]}, before=steps(*WENT_OUT), own=1,
         other=2),
    Case("confirm_scores", {}, before=steps(*SCORED)),
    Case("finish", {}, before=steps(*SCORED, box("confirm_scores"))),
]

# -- the table's own actions ----------------------------------------------------------------

ASKED = box("table.host_ask", token_hash=TOKEN, label="K7M")
TABLE = [
    Case("table.new_game", {"game": "romme", "seats": 2}, game=None),
    Case("table.end_game", {}),
    Case("table.end_ask", {"ask": True}),
    Case("table.ask_again", {"step": "finish", "args": {}},
         before=steps(*SCORED, box("confirm_scores"))),
    Case("table.setup", {"game": "romme", "option": ""}, game=None),
    Case("table.option", {"game": "romme", "option": "turn_seconds", "value": 30},
         game=None),
    Case("table.rematch", {}, before=steps(*SCORED, box("confirm_scores"),
                                                    box("finish"))),
    Case("table.next_game", {"game": "gendarm"}, before=steps(*SCORED, box("confirm_scores"),
                                                              box("finish"))),
    Case("table.undo", {}, before=steps(box("resume"), box("romme", 0)),
         answers=(403, 200, 409, 200, 200)),
    Case("table.undo", {}, before=steps(box("resume"), box("end_turn", 0)),
         answers=(403, 409, 409, 200, 200)),  # the next turn's clock runs
    Case("table.claim", {"seat": 3, "token_hash": TOKEN}),
    Case("table.rename", {"seat": 0, "name": "Ann"}),
    Case("table.release", {"seat": 0}),
    Case("table.language", {"language": "en"}),
    Case("table.request", {"seat": 0, "token_hash": TOKEN}),
    *(Case(kind, {"seat": 0}, before=steps(box("table.request", seat=0,
                                                         token_hash=TOKEN)))
      for kind in ("table.grant", "table.deny")),
    Case("table.withdraw", {"token_hash": TOKEN},
         before=steps(box("table.request", seat=0, token_hash=TOKEN))),
    Case("table.wifi", {"ssid": "Box", "password": "correct horse"}),
    Case("table.show_wifi", {"show": True},
         before=steps(box("table.wifi", ssid="Box", password="correct horse"))),
    Case("table.save", {"game": "robnrun", "kind": "scenario", "name": "Heist",
                        "data": SCENARIO}),
    Case("table.forget", {"game": "robnrun", "kind": "scenario", "name": "Heist"},
         before=steps(box("table.save", game="robnrun", kind="scenario", name="Heist",
                          data=SCENARIO))),
    Case("table.host_ask", {"token_hash": TOKEN, "label": "K7M"}),
    Case("table.host_grant", {}, before=steps(ASKED)),
    Case("table.host_refuse", {}, before=steps(ASKED)),
    Case("table.host_add", {"token_hash": TOKEN}),
    Case("table.hosts_forget", {}),
    Case("table.guide", {"first_game": False}),
    Case("table.player", {"seat": 0, "new": True},
         before=steps(box("table.rename", seat=0, name="Anna"))),
]

# -- Räuber und Gendarm: seat 0 begins; where a catcher matters, both typed in as 1 -----------

BEGUN = box("start_roll", starter=0)
TYPED = (BEGUN, box("catcher", 0, number=1), box("catcher", 1, number=1))
DEALT = (BEGUN, box("deal"))
TYPED_DICE = {"dice": "table"}
LEVEL2, LEVEL3 = {**TYPED_DICE, "level": 2}, {**TYPED_DICE, "level": 3}
HIDDEN = (*DEALT, box("roll", value=6), box("hide", hideout=1))


def gendarm(kind: str, args: dict[str, Any], options: dict[str, Any], *before: Action,
            answers: Answers | None = None) -> Case:
    return Case(kind, args, "gendarm", steps(*before), options=options, answers=answers)


GENDARM = [
    gendarm("start_roll", {"starter": 0}, TYPED_DICE),
    gendarm("deal", {}, TYPED_DICE, BEGUN),
    gendarm("catcher", {"number": 3}, {**TYPED_DICE, "catchers": "chips"}, BEGUN),
    gendarm("roll", {"value": 4}, LEVEL3, *DEALT),
    gendarm("end_turn", {}, TYPED_DICE, *DEALT),
    gendarm("safe", {}, LEVEL2, *DEALT),
    gendarm("unsafe", {}, {**LEVEL2, "safe": "on_row"}, *DEALT, box("safe"),
            box("end_turn"), box("end_turn"), box("roll", value=2)),
    # An odd duty roll: only the phone of the player on turn takes out a gendarme.
    gendarm("remove", {"gendarme": 2}, {**LEVEL2, "catchers": "chips"}, *TYPED,
            box("safe"), box("end_turn"), box("end_turn"), box("roll", value=3)),
    gendarm("hide", {"hideout": 1}, LEVEL3, *DEALT, box("roll", value=6)),
    gendarm("leave", {}, LEVEL3, *HIDDEN, box("end_turn")),
    gendarm("stuck", {}, LEVEL3, *HIDDEN, box("roll", value=1), box("hide", hideout=2)),
    # The claimant's own phone only: the catchers were typed in, seat 0's is 1.
    gendarm("capture", {"gendarme": 1}, {**TYPED_DICE, "catchers": "chips"}, *TYPED),
    # A chip kept face down, and the box's claim for it, only for a seat no phone holds.
    gendarm("keep_chip", {"seat": 0}, {**TYPED_DICE, "catchers": "chips"}, BEGUN,
            answers=NOBODY),
    gendarm("claim", {"open": True}, {**TYPED_DICE, "catchers": "chips"}, *TYPED,
            answers=NOBODY),
]

CASES = [*TABLE, *ROMME, *ROBNRUN, *SAFEHOUSE, *GENDARM]
OPTIONS = {"robnrun": {"boss": 0}, "romme": {"first_player": 0, "rounds": 0},
           "safehouse": {"first_player": 0}}
"""Each game's options unless a case names its own."""


@dataclass
class Box:
    table: Table
    app: Flask
    phones: list[FlaskClient]
    host: FlaskClient
    store: Store


@pytest.fixture
def make_box(tmp_path: Path) -> Iterator[Callable[[Case], Box]]:
    tables: list[Table] = []

    def make(case: Case) -> Box:
        """Four seats (or as many as the game has), phones on the first three, a host; then
        the case's steps."""
        store = Store(tmp_path / "getaway.sqlite")
        table = Table(store, GAMES, chance=random.Random(7))
        tables.append(table)
        table.start()
        game = case.game or "romme"
        options = OPTIONS.get(game, {}) if case.options is None else case.options
        seats = min(4, GAMES[game].max_seats)
        table.submit(Action("table.new_game", None,
                            {"game": game, "seats": seats, "options": options}))
        app = served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
        phones = [phone(app) for _ in range(min(3, seats))]
        for seat, client in enumerate(phones):
            assert client.post("/api/join", json={"seat": seat}).status_code == 200
        made = Box(table, app, phones, host_browser(app, table), store)
        if case.game is None:
            table.submit(Action("table.end_game"))
        case.before(table)
        return made

    yield make
    for table in tables:
        table.stop()


def answer(made: Box, case: Case, caller: str) -> tuple[int, str | None]:
    """The status (and error key) the caller gets for the case's action."""
    if caller == "box":
        try:
            made.table.submit(Action(case.kind, None, case.args))
        except GetawayError as error:
            return status_of(error), error.key
        return 200, None
    client = {"stranger": made.app.test_client(), "own": made.phones[case.own],
              "other": made.phones[case.other], "host": made.host}[caller]
    body = {"type": case.kind, "args": case.args, "host": caller == "host"}
    response = send_action(client, body)
    return response.status_code, (response.json or {}).get("error")


def status_of(error: GetawayError) -> int:
    """What the phone server answers for ``error`` (as api.refused maps it)."""
    if error.key in STATUS:
        return STATUS[error.key]
    if isinstance(error, InvalidAction):
        return 400
    return 409 if isinstance(error, IllegalAction) else 500


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.kind)
def test_who_may_act(make_box: Callable[[Case], Box], case: Case, caller: str) -> None:
    made = make_box(case)
    before = made.table.published.version
    status, key = answer(made, case, caller)
    assert status == case.expected[CALLERS.index(caller)], key
    assert (made.table.published.version > before) == (status == 200)


def test_every_action_is_in_the_matrix() -> None:
    """A new action needs its row here before it can ship."""
    rows = {("table" if case.kind.startswith("table.") else case.game, case.kind)
            for case in CASES}
    wanted = {("table", kind) for kind in TABLE_STEPS}
    wanted |= {(game_id, kind) for game_id, game in GAMES.items() for kind in game.arguments}
    assert rows == wanted


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.kind)
def test_a_case_refuses_no_one_its_sender_may_send(case: Case) -> None:
    """A case's own answers only narrow its step's sender: the state at hand may refuse more
    callers, never fewer."""
    for given, wanted in zip(case.expected, ANSWERS[case.sender], strict=True):
        assert given == wanted or (wanted == 200 and given in (403, 409)), case.kind


@pytest.mark.parametrize(("owner", "kind"),
                         [(owner, kind) for owner, steps in SENDERS.items() for kind in steps])
def test_every_step_declares_who_may_send_it_as_the_rules_say(owner: str, kind: str) -> None:
    steps = TABLE_STEPS if owner == "table" else GAMES[owner].steps
    assert steps[kind].by is SENDERS[owner][kind]


def test_every_step_of_every_game_has_its_sender() -> None:
    declared = {"table": set(TABLE_STEPS), **{gid: set(game.steps) for gid, game in GAMES.items()}}
    assert {owner: set(steps) for owner, steps in SENDERS.items()} == declared


@pytest.mark.parametrize("case", [case for case in CASES if case.game is not None
                                  and not case.kind.startswith("table.")
                                  and case.expected[-1] == 200],
                         ids=lambda case: f"{case.game}.{case.kind}")
def test_undo_takes_back_each_game_step_as_it_declares(make_box: Callable[[Case], Box],
                                                       case: Case) -> None:
    """Sent by the box, a step undo may take back is taken back; one declared final (or
    drawn by the box) is refused with the reveal's sentence, one that ends the game with the
    end's."""
    made = make_box(case)
    games_over = len(made.table.history())
    made.table.submit(Action(case.kind, None, case.args))
    done = made.table.published.version
    drawn = CHANCE in dict(made.store.events(done))[done]["args"]
    final = case.step.undo is Undo.FINAL or (case.step.undo is Undo.DRAWN and drawn)
    ended = len(made.table.history()) > games_over
    try:
        made.table.submit(Action("table.undo"))
    except GetawayError as error:
        assert error.key == ("error.undo_over" if ended else
                             "error.undo_reveal" if final else None)
        return
    assert not final and not ended
    assert made.table.published.version > done
