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
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, phone
from tests.server.test_api import act, join
from tests.server.way_in import served
from tests.views import phone_view

ANNA, BEN, CARA = 0, 1, 2
SAFE = {"tools": {"card": 2, "dynamite": 1}, "gold": 3}
Step = Callable[[], object]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """A box in its lobby, chance seeded."""
    table = tables.open_table(tmp_path / "getaway.sqlite")
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


class Pages:
    """Three seated phones, a phone watching, the table page: the moment each reads now."""

    def __init__(self, app: Flask, table: Table, game: str, options: dict[str, Any]) -> None:
        table.submit(Action("table.new_game", None, {"game": game, "seats": 3, "options": options}))
        self.table = table
        self.phones = [phone(app) for _ in range(4)]
        for seat, client in enumerate(self.phones[:3]):
            join(client, seat, ("Anna", "Ben", "Cara")[seat])
        self.seen = self.moments()

    def moments(self) -> list[Moment | None]:
        """The moment in each phone's view (seats 0-2, the watcher), then the table page's."""
        views = [phone_view(client)["state"] for client in self.phones]
        views.append(self.table.published.public["state"])
        return [view["moment"] for view in views]

    def step(self, *steps: Step) -> list[Moment] | None:
        """Take ``steps``; the moment they made news on every page (the same on all, or None
        when no page has news)."""
        for step in steps:
            step()
        now = self.moments()
        news = [m for m, before in zip(now, self.seen, strict=True)
                if m is not None and (before is None or m["key"] != before["key"])]
        self.seen = now
        assert news == [] or news == now, "news on some pages only"
        return news or None

    def submit(self, kind: str, by: int | None = None, **args: Any) -> Step:
        """The step ``kind`` with ``args``, sent as ``by``'s phone (None: the box)."""
        return lambda: self.table.submit(Action(kind, by, args))


def test_going_out_is_news_for_everyone_once_then_the_scores_made_final(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "romme", {"first_player": ANNA, "rounds": 2})
    assert pages.step(pages.submit("resume"), *(pages.submit("end_turn") for _ in range(3))) is None
    news = pages.step(pages.submit("romme"))                       # Anna goes out
    assert news is not None
    assert {(m["kind"], m["seat"], str(m["points"])) for m in news} == {("out", ANNA, "{}")}
    assert pages.step(pages.submit("score", seat=BEN, tiles=[7, 50])) is None  # not again
    assert pages.step(pages.submit("score", seat=CARA, tiles=[3])) is None
    news = pages.step(pages.submit("confirm_scores"))              # final; round 2 is ready
    assert news is not None
    assert {m["kind"] for m in news} == {"final"}
    assert news[0]["seat"] == BEN                                  # who starts round 2
    assert news[0]["points"] == {"0": 0, "1": -57, "2": -3}
    assert act(pages.phones[BEN], "table.rename", {"seat": BEN, "name": "Benno"})[0] == 200
    assert pages.step() is None                                    # a rename: not again
    assert pages.step(pages.submit("resume")) is None              # round 2 runs
    assert pages.seen == [None] * 5


def test_going_out_on_the_first_turn_is_news_with_what_it_costs_the_others(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "romme", {"first_player": BEN, "rounds": 1})
    assert pages.step(pages.submit("resume"), pages.submit("end_turn")) is None  # Ben lays
    news = pages.step(pages.submit("romme"))                       # Cara, on her first turn
    assert news is not None
    assert {(m["kind"], m["seat"]) for m in news} == {("first_turn_out", CARA)}
    assert news[0]["points"] == {"0": -200, "1": -100}              # Ben had laid
    assert act(pages.phones[ANNA], "table.rename", {"seat": ANNA, "name": "Annika"})[0] == 200
    assert pages.step() is None
    assert pages.step(pages.submit("confirm_scores")) is None      # the game is over: no round
    assert pages.seen == [None] * 5


def test_a_sort_that_lets_the_robbery_go_on_is_news_for_everyone_once(
        app: Flask, table: Table) -> None:
    pages = Pages(app, table, "robnrun", {"boss": ANNA})
    assert pages.step(pages.submit("rob", building="B1"), pages.submit("deal"),
                      pages.submit("safes", ANNA, safes=[SAFE]), pages.submit("start"),
                      pages.submit("crew")) is None
    while table.published.public["state"]["phase"] == "crew":
        assert pages.step(pages.submit("play")) is None
    news = pages.step(pages.submit("sort", ANNA, cards=["card", "flashlight", "acid", "bag"]))
    assert news is not None
    assert {(m["kind"], m["seat"]) for m in news} == {("sorted", ANNA)}
    assert table.published.public["state"]["sorting"]["wrong"] == 2
    assert pages.step(pages.submit("crew")) is None                # the next crew round
    assert pages.seen == [None] * 5


def test_a_new_robbery_is_news_for_everyone_once(app: Flask, table: Table) -> None:
    pages = Pages(app, table, "robnrun", {"boss": ANNA})
    pages.step(pages.submit("rob", building="B1"), pages.submit("deal"),
               pages.submit("safes", ANNA, safes=[SAFE]), pages.submit("start"),
               pages.submit("crew"))
    while table.published.public["state"]["phase"] == "crew":
        pages.step(pages.submit("play"))
    assert pages.step(pages.submit("sort", ANNA, cards=["card", "card", "dynamite", "acid"])
                      ) is None                                    # cracked: the evaluation's
    news = None
    while table.published.public["state"]["phase"] == "evaluation":
        assert news is None
        news = pages.step(pages.submit("next"))                    # the last: robbery two
    assert news is not None
    assert {(m["kind"], m["seat"]) for m in news} == {("robbery", BEN)}  # Ben is the boss
    assert act(pages.phones[CARA], "table.rename", {"seat": CARA, "name": "Carla"})[0] == 200
    assert pages.step() is None
    assert pages.step(pages.submit("rob", building="B2")) is None  # Ben picks: the moment goes
    assert pages.seen == [None] * 5
