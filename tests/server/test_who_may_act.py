"""Who may do what: every action of the table and of each game, sent by a browser with no
cookie, by the seat it belongs to, by another seat, by the host (the table page) and by the
box, each on a fresh box in the state where the action makes sense."""

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
from companion.games.base import Action, GetawayError, IllegalAction, InvalidAction, Sender
from companion.server.api import STATUS
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.rules import TABLE_STEPS
from companion.table.store import Store
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone, send_action

CALLERS = ("stranger", "own", "other", "host", "box")
HOST = (403, 403, 403, 200, 200)
"""The host's part: the table page and the box, never a phone."""
ANYONE = (403, 200, 200, 200, 200)
SEAT_OR_BOX = (403, 200, 409, 200, 200)
"""The seat whose turn (or boss) it is, and the box or the table page for a seat."""
PHONE_ONLY = (403, 200, 409, 409, 409)
"""What only that seat's own phone may send (the boss's secret safes and sorting)."""
OWN_SEAT = (403, 200, 409, 409, 200)
"""Keeping a seat: its own phone or the box's OK, not the table page."""
SERVER_MADE = (403, 400, 400, 400, 200)
"""What only the phone server makes, with a token it drew; the box's Table takes it."""
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
    """An action, the state it is tried in, whose it is, and the five answers expected."""

    kind: str
    args: dict[str, Any]
    answers: tuple[int, int, int, int, int]
    game: str | None = "romme"
    before: Steps = field(default=steps())
    own: int = 0
    other: int = 1
    options: dict[str, Any] | None = None


# -- Rob 'n Run: boss on seat 0; the crew's first turn is seat 1 ----------------------------

ROBBED = (box("rob", building="B1"), box("deal"), box("safes", 0, safes=[SAFE]))


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
    Case("rob", {"building": "B1"}, SEAT_OR_BOX, "robnrun"),
    Case("deal", {}, SEAT_OR_BOX, "robnrun", steps(ROBBED[0])),
    Case("safes", {"safes": [SAFE]}, PHONE_ONLY, "robnrun", steps(*ROBBED[:2])),
    # The boss on seat 0 has a phone: nobody plays the boss's part openly for it.
    Case("openly", {"ask": True}, (403, 409, 409, 409, 409), "robnrun", steps(ROBBED[0])),
    Case("draft_safes", {"safes": [SAFE]}, (403, 409, 409, 409, 409), "robnrun",
         steps(*ROBBED[:2])),
    Case("draft_cards", {"cards": ["card"]}, (403, 409, 409, 409, 409), "robnrun", alarm),
    Case("start", {}, SEAT_OR_BOX, "robnrun", steps(*ROBBED)),
    Case("clue", {"clue": 1}, SEAT_OR_BOX, "robnrun", clue_face_up),
    Case("crew", {}, SEAT_OR_BOX, "robnrun", clue_face_up),
    Case("play", {}, SEAT_OR_BOX, "robnrun", crew, own=1, other=2),
    Case("exchange", {}, SEAT_OR_BOX, "robnrun", crew, own=1, other=2),
    Case("pass", {}, SEAT_OR_BOX, "robnrun", crew, own=1, other=2),
    Case("sort", {"cards": ["card", "card", "dynamite", "flashlight"]}, PHONE_ONLY, "robnrun",
         alarm),
    Case("next", {}, ANYONE, "robnrun", evaluation),
    # Placing and buying belong to later steps: at the first one the rules refuse everyone
    # alike, the stranger first.
    Case("place", {"building": "A1"}, (403, 409, 409, 409, 409), "robnrun", evaluation),
    Case("buy", {"cubes": 0}, (403, 409, 409, 409, 409), "robnrun", evaluation),
    Case("mark", {"tool": "card", "out": True}, ANYONE, "robnrun"),
    Case("note", {"text": "ram?"}, (403, 200, 200, 409, 409), "robnrun"),
]

# -- Safehouse: seat 0 rolls first; an entry names its sheet, seat 0's ---------------------

ROLLED = (box("roll", dice={"yellow": 1}), box("faces", faces={"yellow": [3]}))
ENTERING = (*ROLLED, box("go"))
SHEET_BOX = (403, 409, 409, 200, 200)
"""What only the box's own menu sends: which sheet it enters for."""

SAFEHOUSE = [
    Case("select", {"dice": {"yellow": 1}}, SEAT_OR_BOX, "safehouse"),
    Case("roll", {"dice": {"yellow": 1}}, SEAT_OR_BOX, "safehouse"),
    Case("faces", {"faces": {"yellow": [3]}}, SEAT_OR_BOX, "safehouse", steps(ROLLED[0])),
    Case("face_back", {}, SEAT_OR_BOX, "safehouse",
         steps(box("roll", dice={"yellow": 2}), box("faces", faces={"yellow": [3]}))),
    Case("help", {"kind": "ignore"}, SEAT_OR_BOX, "safehouse",
         steps(box("roll", dice={"yellow": 1}), box("faces", faces={"yellow": ["P"]}))),
    Case("go", {}, SEAT_OR_BOX, "safehouse", steps(*ROLLED)),
    Case("order", {"seat": 0, "row": 0, "status": "open"}, SEAT_OR_BOX, "safehouse",
         steps(*ENTERING)),
    Case("chameleon", {"seat": 0}, SEAT_OR_BOX, "safehouse", steps(*ENTERING)),
    Case("done", {"seat": 0}, SEAT_OR_BOX, "safehouse", steps(*ENTERING)),
    Case("focus", {"seat": 1, "row": 2}, SHEET_BOX, "safehouse", steps(*ENTERING)),
    Case("retrieve", {}, ANYONE, "safehouse", steps(*ENTERING, box("done"))),
    Case("pursuer", {"field": 3}, ANYONE, "safehouse"),
]

# In sheet mode seat 0 takes sheet S; the example sheet's first field is yellow.
SHEETS = {"first_player": 0, "mode": "sheet"}
TAKEN = box("sheet", seat=0, letter="S")
WRITTEN = box("write", seat=0, row=0, field=0, number=3)
SAFEHOUSE += [
    Case("sheet", {"seat": 0, "letter": "S"}, SEAT_OR_BOX, "safehouse", options=SHEETS),
    Case("write", {"seat": 0, "row": 0, "field": 0, "number": 3}, SEAT_OR_BOX, "safehouse",
         steps(TAKEN, *ENTERING), options=SHEETS),
    Case("erase", {"seat": 0, "row": 0, "field": 0}, SEAT_OR_BOX, "safehouse",
         steps(TAKEN, *ENTERING, WRITTEN), options=SHEETS),
]

# -- Räuber-Rommé: seat 0 starts and goes out on its second turn, the others count tiles ----

WENT_OUT = (box("resume"), *(box("end_turn") for _ in range(4)), box("romme"))
SCORED = (*WENT_OUT, *(box("score", seat=seat, tiles=[5]) for seat in (1, 2, 3)))

ROMME = [
    Case("resume", {}, ANYONE),
    Case("pause", {}, ANYONE, before=steps(box("resume"))),
    *(Case(kind, {}, SEAT_OR_BOX, before=steps(box("resume")))
      for kind in ("end_turn", "draw", "failed_manipulation", "romme", "stuck")),
    Case("timeout", {}, (403, 400, 400, 400, 409), before=steps(box("resume"))),
    Case("score", {"seat": 1, "tiles": [5]}, SEAT_OR_BOX, before=steps(*WENT_OUT), own=1,
         other=2),
    Case("confirm_scores", {}, ANYONE, before=steps(*SCORED)),
    Case("finish", {}, ANYONE, before=steps(*SCORED, box("confirm_scores"))),
]

# -- the table's own actions ----------------------------------------------------------------

ASKED = box("table.host_ask", token_hash=TOKEN, label="K7M")
TABLE = [
    Case("table.new_game", {"game": "romme", "seats": 2}, HOST, game=None),
    Case("table.end_game", {}, HOST),
    Case("table.end_ask", {"ask": True}, HOST),
    Case("table.setup", {"game": "romme", "option": ""}, HOST, game=None),
    Case("table.option", {"game": "romme", "option": "turn_seconds", "value": 30}, HOST,
         game=None),
    Case("table.rematch", {}, ANYONE, before=steps(*SCORED, box("confirm_scores"),
                                                    box("finish"))),
    Case("table.undo", {}, (403, 200, 409, 200, 200),
         before=steps(box("resume"), box("romme", 0))),
    Case("table.undo", {}, (403, 409, 409, 200, 200),  # the next turn's clock runs
         before=steps(box("resume"), box("end_turn", 0))),
    Case("table.claim", {"seat": 3, "token_hash": TOKEN}, SERVER_MADE),
    Case("table.rename", {"seat": 0, "name": "Ann"}, OWN_SEAT),
    Case("table.release", {"seat": 0}, OWN_SEAT),
    Case("table.language", {"language": "en"}, HOST),
    Case("table.request", {"seat": 0, "token_hash": TOKEN}, SERVER_MADE),
    *(Case(kind, {"seat": 0}, OWN_SEAT, before=steps(box("table.request", seat=0,
                                                         token_hash=TOKEN)))
      for kind in ("table.grant", "table.deny")),
    Case("table.withdraw", {"token_hash": TOKEN}, SERVER_MADE,
         before=steps(box("table.request", seat=0, token_hash=TOKEN))),
    Case("table.wifi", {"ssid": "Box", "password": "correct horse"}, HOST),
    Case("table.show_wifi", {"show": True}, HOST,
         before=steps(box("table.wifi", ssid="Box", password="correct horse"))),
    Case("table.save", {"game": "robnrun", "kind": "scenario", "name": "Heist",
                        "data": SCENARIO}, HOST),
    Case("table.forget", {"game": "robnrun", "kind": "scenario", "name": "Heist"}, HOST,
         before=steps(box("table.save", game="robnrun", kind="scenario", name="Heist",
                          data=SCENARIO))),
    Case("table.host_ask", {"token_hash": TOKEN, "label": "K7M"}, SERVER_MADE),
    Case("table.host_grant", {}, HOST, before=steps(ASKED)),
    Case("table.host_refuse", {}, HOST, before=steps(ASKED)),
    Case("table.host_add", {"token_hash": TOKEN}, SERVER_MADE),
    Case("table.hosts_forget", {}, HOST),
    Case("table.guide", {"first_game": False}, ANYONE),
]

# -- Räuber und Gendarm: seat 0 begins; where a catcher matters, both typed in as 1 -----------

BEGUN = box("start_roll", starter=0)
TYPED = (BEGUN, box("catcher", 0, number=1), box("catcher", 1, number=1))
DEALT = (BEGUN, box("deal"))
TYPED_DICE = {"dice": "table"}
LEVEL2, LEVEL3 = {**TYPED_DICE, "level": 2}, {**TYPED_DICE, "level": 3}
HIDDEN = (*DEALT, box("roll", value=6), box("hide", hideout=1))


def gendarm(kind: str, args: dict[str, Any], answers: tuple[int, int, int, int, int],
            options: dict[str, Any], *before: Action) -> Case:
    return Case(kind, args, answers, "gendarm", steps(*before), options=options)


GENDARM = [
    gendarm("start_roll", {"starter": 0}, ANYONE, TYPED_DICE),
    gendarm("deal", {}, ANYONE, TYPED_DICE, BEGUN),
    gendarm("catcher", {"number": 3}, (403, 200, 200, 409, 409),
            {**TYPED_DICE, "catchers": "chips"}, BEGUN),
    gendarm("roll", {"value": 4}, SEAT_OR_BOX, LEVEL3, *DEALT),
    gendarm("end_turn", {}, SEAT_OR_BOX, TYPED_DICE, *DEALT),
    gendarm("safe", {}, SEAT_OR_BOX, LEVEL2, *DEALT),
    gendarm("unsafe", {}, SEAT_OR_BOX, {**LEVEL2, "safe": "on_row"}, *DEALT, box("safe"),
            box("end_turn"), box("end_turn"), box("roll", value=2)),
    # An odd duty roll: only the phone of the player on turn takes out a gendarme.
    gendarm("remove", {"gendarme": 2}, PHONE_ONLY, {**LEVEL2, "catchers": "chips"}, *TYPED,
            box("safe"), box("end_turn"), box("end_turn"), box("roll", value=3)),
    gendarm("hide", {"hideout": 1}, SEAT_OR_BOX, LEVEL3, *DEALT, box("roll", value=6)),
    gendarm("leave", {}, SEAT_OR_BOX, LEVEL3, *HIDDEN, box("end_turn")),
    gendarm("stuck", {}, SEAT_OR_BOX, LEVEL3, *HIDDEN, box("roll", value=1),
            box("hide", hideout=2)),
    # The claimant's own phone only: the catchers were typed in, seat 0's is 1.
    gendarm("capture", {"gendarme": 1}, PHONE_ONLY, {**TYPED_DICE, "catchers": "chips"},
            *TYPED),
    # A chip kept face down, and the box's claim for it, only for a seat no phone holds.
    gendarm("keep_chip", {"seat": 0}, (403, 409, 409, 409, 409),
            {**TYPED_DICE, "catchers": "chips"}, BEGUN),
    gendarm("claim", {"open": True}, (403, 409, 409, 409, 409),
            {**TYPED_DICE, "catchers": "chips"}, *TYPED),
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


@pytest.fixture
def make_box(tmp_path: Path) -> Iterator[Callable[[Case], Box]]:
    tables: list[Table] = []

    def make(case: Case) -> Box:
        """Four seats (or as many as the game has), phones on the first three, a host; then
        the case's steps."""
        table = Table(Store(tmp_path / "getaway.sqlite"), GAMES, chance=random.Random(7))
        tables.append(table)
        table.start()
        game = case.game or "romme"
        options = OPTIONS.get(game, {}) if case.options is None else case.options
        seats = min(4, GAMES[game].max_seats)
        table.submit(Action("table.new_game", None,
                            {"game": game, "seats": seats, "options": options}))
        app = create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE)
        phones = [phone(app) for _ in range(min(3, seats))]
        for seat, client in enumerate(phones):
            assert client.post("/api/join", json={"seat": seat}).status_code == 200
        made = Box(table, app, phones, host_browser(app, table))
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
    assert status == case.answers[CALLERS.index(caller)], key
    assert (made.table.published.version > before) == (status == 200)


def test_every_action_is_in_the_matrix() -> None:
    """A new action needs its row here before it can ship."""
    rows = {("table" if case.kind.startswith("table.") else case.game, case.kind)
            for case in CASES}
    wanted = {("table", kind) for kind in TABLE_STEPS}
    wanted |= {(game_id, kind) for game_id, game in GAMES.items() for kind in game.arguments}
    assert rows == wanted


DECLARED = {Sender.HOST: HOST, Sender.OWN_SEAT: OWN_SEAT, Sender.SERVER: SERVER_MADE}
"""The answers a step's declared sender stands for, where it alone decides them."""


@pytest.mark.parametrize("kind", sorted(TABLE_STEPS))
def test_the_matrix_answers_as_each_table_step_declares_who_may_send_it(kind: str) -> None:
    by = TABLE_STEPS[kind].by
    for case in (case for case in CASES if case.kind == kind and by in DECLARED):
        assert case.answers == DECLARED[by]
