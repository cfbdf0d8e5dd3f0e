"""The big moments in the views, step by step: each is news (a key a page has not played) on
the right phones and the table page at the step that makes it, and at no other step, so no
page plays it again on the next step."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games.base import Action
from companion.games.moments import Moment
from companion.server.app import create_app
from companion.table.owner import Table
from tests import tables
from tests.clock import FakeClock
from tests.games.gendarm_helpers import Told
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, phone
from tests.server.test_api import act, join
from tests.server.way_in import served
from tests.views import phone_view

ANNA, BEN, CARA = 0, 1, 2
SAFE = {"tools": {"card": 2, "dynamite": 1}, "gold": 3}
Step = Callable[[], object]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def told() -> Told:
    return Told()


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    """A box in its lobby, chance seeded, time a fake clock."""
    table = tables.open_table(tmp_path / "getaway.sqlite", clock)
    yield table
    table.stop()


@pytest.fixture
def told_table(tmp_path: Path, told: Told) -> Iterator[Table]:
    """A box in its lobby whose dice and deals are told in advance."""
    table = tables.open_table(tmp_path / "getaway.sqlite", chance=told)
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


class Pages:
    """The seated phones, a phone watching, the table page: the moment each reads now."""

    def __init__(self, app: Flask, table: Table, game: str, options: dict[str, Any],
                 seats: int = 3) -> None:
        table.submit(Action("table.new_game", None,
                            {"game": game, "seats": seats, "options": options}))
        self.table = table
        self.phones = [phone(app) for _ in range(seats + 1)]
        for seat, client in enumerate(self.phones[:seats]):
            join(client, seat, ("Anna", "Ben", "Cara")[seat])
        self.everyone = range(seats + 2)
        self.seen = self.moments()

    def moments(self) -> list[Moment | None]:
        """The moment in each phone's view (the seats, the watcher), then the table page's."""
        views = [phone_view(client)["state"] for client in self.phones]
        views.append(self.table.published.public["state"])
        return [view["moment"] for view in views]

    def step(self, *steps: Step) -> dict[int, Moment]:
        """Take ``steps``; the moment they made news on each page that has news (its index:
        the seats, the watcher, the table page)."""
        for step in steps:
            step()
        now = self.moments()
        news = {page: m for page, (m, before) in enumerate(zip(now, self.seen, strict=True))
                if m is not None and (before is None or m["key"] != before["key"])}
        self.seen = now
        return news

    def played(self, *steps: Step) -> dict[int, tuple[str, int | None]]:
        """Take ``steps``; each page with news and what it plays: the moment's kind and seat."""
        return {page: (m["kind"], m["seat"]) for page, m in self.step(*steps).items()}

    def shared(self, *steps: Step) -> Moment:
        """Take ``steps``; the one moment they made news on every page."""
        news = self.step(*steps)
        assert list(news) == list(self.everyone), "news on some pages only"
        assert all(m == news[0] for m in news.values())
        return news[0]

    def submit(self, kind: str, by: int | None = None, **args: Any) -> Step:
        """The step ``kind`` with ``args``, sent as ``by``'s phone (None: the box)."""
        return lambda: self.table.submit(Action(kind, by, args))


def test_going_out_is_news_for_everyone_once_then_the_scores_made_final(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "romme", {"first_player": ANNA, "rounds": 2})
    assert pages.played(pages.submit("resume")) == {ANNA: ("turn", ANNA)}  # her phone alone
    assert not phone_view(pages.phones[ANNA])["cover"]            # a moment is no secret
    for seat in (BEN, CARA, ANNA):
        assert pages.played(pages.submit("end_turn")) == {seat: ("turn", seat)}
    news = pages.shared(pages.submit("romme"))                     # Anna goes out
    assert (news["kind"], news["seat"], news["points"]) == ("out", ANNA, {})
    assert pages.step(pages.submit("score", seat=BEN, tiles=[7, 50])) == {}  # not again
    assert pages.step(pages.submit("score", seat=CARA, tiles=[3])) == {}
    news = pages.shared(pages.submit("confirm_scores"))            # final; round 2 is ready
    assert news["kind"] == "final"
    assert news["seat"] == BEN                                     # who starts round 2
    assert news["points"] == {"0": 0, "1": -57, "2": -3}
    assert act(pages.phones[BEN], "table.rename", {"seat": BEN, "name": "Benno"})[0] == 200
    assert pages.step() == {}                                      # a rename: not again
    assert pages.played(pages.submit("resume")) == {BEN: ("turn", BEN)}  # round 2 runs
    assert [m and m["kind"] for m in pages.seen] == [None, "turn", None, None, None]


def test_going_out_on_the_first_turn_is_news_with_what_it_costs_the_others(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "romme", {"first_player": BEN, "rounds": 1})
    assert pages.played(pages.submit("resume"), pages.submit("end_turn")) == {
        CARA: ("turn", CARA)}                                      # Ben lays
    news = pages.shared(pages.submit("romme"))                     # Cara, on her first turn
    assert (news["kind"], news["seat"]) == ("first_turn_out", CARA)
    assert news["points"] == {"0": -200, "1": -100}                 # Ben had laid
    assert act(pages.phones[ANNA], "table.rename", {"seat": ANNA, "name": "Annika"})[0] == 200
    assert pages.step() == {}
    over = pages.shared(pages.submit("confirm_scores"))            # the game is over
    assert (over["kind"], over["points"]) == ("over", {"0": -200, "1": -100, "2": 0})
    assert pages.step(pages.submit("table.rename", None, seat=ANNA, name="Anni")) == {}


def test_the_clock_ending_a_turn_is_news_for_everyone_the_next_turn_for_its_phone(
        app: Flask, table: Table, clock: FakeClock) -> None:
    """After an overrun the group settles: every page has the news until the next turn ends,
    and the next player's phone its own turn once the clock runs."""
    pages = Pages(app, table, "romme", {"first_player": ANNA, "turn_seconds": 15,
                                        "after_overrun": 5})
    pages.step(pages.submit("resume"))
    assert pages.shared(lambda: wait(table, clock, 15)) == {     # Anna's time is up
        "key": "overrun1", "kind": "overrun", "seat": ANNA, "points": {}, "figures": {}}
    assert pages.played(lambda: wait(table, clock, 5)) == {BEN: ("turn", BEN)}
    assert pages.step(pages.submit("pause")) == {}                 # the news stays, no replay
    assert pages.step(pages.submit("resume")) == {}
    assert pages.played(pages.submit("end_turn")) == {CARA: ("turn", CARA)}
    assert pages.seen[ANNA] is None and pages.seen[4] is None     # the overrun is over


def test_robbery_turns_cracked_safes_and_the_end_are_news_on_the_right_pages(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "robnrun", {"boss": ANNA})
    assert pages.step(pages.submit("rob", building="B1"), pages.submit("deal"),
                      pages.submit("safes", ANNA, safes=[SAFE]), pages.submit("start")) == {}
    assert pages.played(pages.submit("crew")) == {BEN: ("turn", BEN)}
    while table.published.public["state"]["phase"] == "crew":
        played = pages.played(pages.submit("play"))
        assert all(news == ("turn", page) for page, news in played.items())  # its own only
    news = pages.shared(pages.submit("sort", ANNA, cards=["card", "card", "dynamite", "acid"]))
    assert (news["kind"], news["seat"]) == ("cracked", ANNA)
    while table.published.public["state"]["phase"] == "evaluation":
        assert pages.played(pages.submit("next")) in ({}, {page: ("robbery", BEN)
                                                           for page in pages.everyone})


def test_a_sort_that_lets_the_robbery_go_on_is_news_for_everyone_once(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "robnrun", {"boss": ANNA})
    pages.step(pages.submit("rob", building="B1"), pages.submit("deal"),
               pages.submit("safes", ANNA, safes=[SAFE]), pages.submit("start"),
               pages.submit("crew"))
    while table.published.public["state"]["phase"] == "crew":
        assert ANNA not in pages.step(pages.submit("play"))       # the boss plays no card
    news = pages.shared(pages.submit("sort", ANNA, cards=["card", "flashlight", "acid", "bag"]))
    assert (news["kind"], news["seat"]) == ("sorted", ANNA)
    assert table.published.public["state"]["sorting"]["wrong"] == 2
    assert pages.played(pages.submit("crew")) == {BEN: ("turn", BEN)}  # the next crew round
    assert [m and m["kind"] for m in pages.seen] == [None, "turn", None, None, None]


def test_a_new_robbery_is_news_for_everyone_once(app: Flask, table: Table) -> None:
    pages = Pages(app, table, "robnrun", {"boss": ANNA})
    pages.step(pages.submit("rob", building="B1"), pages.submit("deal"),
               pages.submit("safes", ANNA, safes=[SAFE]), pages.submit("start"),
               pages.submit("crew"))
    while table.published.public["state"]["phase"] == "crew":
        pages.step(pages.submit("play"))
    assert pages.shared(pages.submit("sort", ANNA, cards=["card", "card", "dynamite", "acid"])
                        )["kind"] == "cracked"
    news: Moment | None = None
    while table.published.public["state"]["phase"] == "evaluation":
        assert news is None
        news = pages.step(pages.submit("next")).get(ANNA)          # the last: robbery two
    assert news is not None
    assert (news["kind"], news["seat"]) == ("robbery", BEN)        # Ben is the boss
    assert act(pages.phones[CARA], "table.rename", {"seat": CARA, "name": "Carla"})[0] == 200
    assert pages.step() == {}
    assert pages.step(pages.submit("rob", building="B2")) == {}    # Ben picks: the moment goes
    assert pages.seen == [None] * 5


def test_gendarm_s_duty_roll_and_its_odd_number_are_the_own_phone_s_a_capture_everyone_s(
        told_table: Table, told: Told) -> None:
    app = served(create_app(told_table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
    pages = Pages(app, told_table, "gendarm", {"level": 2}, seats=2)
    told.dice(6, 2)
    told.deal(3, 5, pool=[1, 2, 3, 4, 5, 6])
    assert pages.step(pages.submit("start_roll"), pages.submit("deal"), pages.submit("safe"),
                      pages.submit("end_turn")) == {}
    assert pages.step(pages.submit("end_turn")) == {   # her safe robber: roll first
        ANNA: {"key": "duty2", "kind": "duty", "seat": ANNA, "points": {}, "figures": {}}}
    told.dice(3)
    assert pages.played(pages.submit("roll")) == {ANNA: ("odd", ANNA)}  # her phone alone
    assert pages.step(pages.submit("remove", ANNA, gendarme=6)) == {}
    assert pages.played(pages.submit("end_turn"), pages.submit("end_turn")) == {
        ANNA: ("duty", ANNA)}                                      # her next turn: again
    told.dice(2)
    assert pages.step(pages.submit("roll")) == {}
    assert pages.played(pages.submit("capture", ANNA, gendarme=3)) == {
        page: ("over", ANNA) for page in pages.everyone}          # the capture wins


def test_safehouse_s_end_is_news_for_everyone_once(app: Flask, table: Table) -> None:
    pages = Pages(app, table, "safehouse", {}, seats=2)
    assert pages.step(pages.submit("pursuer", field=10)) == {}
    news = pages.shared(pages.submit("pursuer", field=16))         # on both players: caught
    assert (news["kind"], news["seat"]) == ("lost", ANNA)
    assert pages.step(pages.submit("table.rename", None, seat=ANNA, name="Anni")) == {}


def wait(table: Table, clock: FakeClock, seconds: float) -> None:
    """Time passes and the Table looks at its clock."""
    clock.advance(seconds)
    table.poke()
