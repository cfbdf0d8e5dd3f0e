"""No phone acts or asks faster than a person: past a burst, actions and asks for a seat or
the table page are refused (429, "Slow down") before the Table sees them, per phone and per
address, loopback included; the box's own defaults are a person's pace."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.server import context
from companion.server.app import create_app
from companion.server.limiter import PRODUCT, SCALE_VARIABLE, Limiter, Limits, Rate, configured
from companion.server.serve import serve
from companion.table.owner import Table
from tests import tables
from tests.clock import FakeClock
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, phone, send_action
from tests.server.test_api import join
from tests.server.way_in import served

BURST, PER_S = 20, 5


@pytest.fixture
def clocked(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    """Rommé for six on a clock that stands still until the test moves it."""
    table = tables.open_table(tmp_path / "clocked.sqlite", clock)
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 6, "options": {}}))
    yield table
    table.stop()


@pytest.fixture
def box(clocked: Table) -> Flask:
    """The box's phone server with the limits a box has."""
    return served(create_app(clocked, public_url=PUBLIC_URL, join_code=JOIN_CODE))


def renames(client: FlaskClient, seat: int, count: int, address: str = "127.0.0.1",
            language: str = "en") -> list[Any]:
    """``count`` renames sent at once; the answers."""
    return [send_action(client, {"type": "table.rename",
                                 "args": {"seat": seat, "name": f"Name {n % 2}"}},
                        headers={"Accept-Language": language}, address=address)
            for n in range(count)]


def test_the_box_limits_a_phone_and_an_address_to_a_persons_pace(box: Flask) -> None:
    assert context.limiter_of(box).limits == Limits(
        phone_actions=Rate(20, 5.0), address_actions=Rate(160, 40.0),
        phone_asks=Rate(3, 1 / 60), address_asks=Rate(16, 8 / 60)) == PRODUCT


def test_a_phone_past_its_burst_is_told_to_slow_down_and_the_table_is_untouched(
        box: Flask, clocked: Table, clock: FakeClock) -> None:
    anna = phone(box)
    join(anna, 0, "Anna")
    before = clocked.published.version
    answers = renames(anna, 0, BURST + 10)
    assert [a.status_code for a in answers] == [200] * BURST + [429] * 10
    assert answers[-1].json == {"error": "error.slow_down",
                                "message": "Slow down: the box takes only a few steps a second "
                                           "from one phone. Try again in a moment."}
    assert clocked.published.version == before + BURST
    clock.advance(1.0)
    assert [a.status_code for a in renames(anna, 0, PER_S + 1)] == [200] * PER_S + [429]
    german = renames(anna, 0, 1, language="de")[0].json["message"]
    assert german.startswith("Langsamer, bitte:")


def test_other_phones_at_the_same_address_play_on(box: Flask, clocked: Table) -> None:
    anna, bernd = phone(box), phone(box)
    join(anna, 0, "Anna")
    join(bernd, 1, "Bernd")
    assert renames(anna, 0, BURST + 1)[-1].status_code == 429
    assert [a.status_code for a in renames(bernd, 1, BURST)] == [200] * BURST


def test_an_address_takes_a_table_of_eight_phones_and_no_more(box: Flask,
                                                              clocked: Table) -> None:
    """Six seats and two table pages use up what eight phones may do at once; a third
    table page at the same address is told to slow down, one elsewhere is not."""
    players = [phone(box) for _ in range(6)]
    for seat, player in enumerate(players):
        join(player, seat)
    statuses = [a.status_code for seat, player in enumerate(players)
                for a in renames(player, seat, BURST)]
    hosts = [host_page(box, clocked) for _ in range(3)]
    steps = [step(host, n) for host in hosts[:2] for n in range(BURST)]
    assert statuses + steps == [200] * 8 * BURST
    before = clocked.published.version
    assert step(hosts[2], 0) == 429 and clocked.published.version == before
    assert step(hosts[2], 0, address="192.168.1.30") == 200


def host_page(box: Flask, table: Table) -> FlaskClient:
    """A browser made the table page by OK on the box."""
    host = box.test_client()
    assert host.post("/api/host", json={}).status_code == 200
    table.submit(Action("table.host_grant"))
    return host


def step(host: FlaskClient, n: int, address: str = "127.0.0.1") -> int:
    """The table page resumes and pauses the turn in turns."""
    return send_action(host, {"type": "pause" if n % 2 else "resume", "args": {},
                              "host": True}, address=address).status_code


def test_asking_for_a_taken_seat_over_and_over_is_refused_before_the_box_sees_it(
        box: Flask, clocked: Table) -> None:
    join(phone(box), 0, "Anna")
    asker = phone(box)
    statuses = [asker.post("/api/claim", json={"seat": 0, "name": f"Me {n}"}).status_code
                for n in range(3)]
    before = clocked.published.version
    refused = asker.post("/api/claim", json={"seat": 0}, headers={"Accept-Language": "en"})
    assert statuses == [200] * 3 and refused.status_code == 429
    assert (refused.json or {})["message"].startswith("Slow down: too many requests")
    assert clocked.published.version == before
    assert asker.post("/api/code", json={"code": JOIN_CODE}).status_code == 200, (
        "a slowed ask is no failed join")


def test_joins_from_one_address_past_a_tables_worth_are_refused(box: Flask) -> None:
    limiter = context.limiter_of(box)
    assert all(limiter.ask(None, "10.0.0.9", 0.0) for _ in range(16))
    assert not limiter.ask(None, "10.0.0.9", 0.0)
    assert limiter.ask(None, "10.0.0.10", 0.0), "another address asks on"
    assert limiter.ask(None, "10.0.0.9", 7.5), "eight a minute come back"


def test_many_addresses_never_fill_the_memory() -> None:
    limiter = Limiter(PRODUCT)
    for n in range(20_000):
        limiter.act(f"seat {n % 6}", f"10.{n // 65536}.{n // 256 % 256}.{n % 256}", n / 40)
    assert len(limiter._levels) <= 4096 + 2


def test_loopback_is_limited_like_any_address_over_real_http(clocked: Table) -> None:
    server = serve(create_app(clocked, public_url="http://127.0.0.1", join_code=JOIN_CODE),
                   host="127.0.0.1", port=0)
    try:
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        assert http_post(opener, server.url, "api/code", {"code": JOIN_CODE}) == 200
        assert http_post(opener, server.url, "api/join", {"seat": 0}) == 200
        statuses = [http_post(opener, server.url, "api/action", {
            "type": "table.rename", "args": {"seat": 0, "name": f"N{n % 2}"}})
            for n in range(BURST + 5)]
        assert statuses == [200] * BURST + [429] * 5
    finally:
        server.close()


def http_post(opener: urllib.request.OpenerDirector, url: str, path: str,
              body: dict[str, Any]) -> int:
    request = urllib.request.Request(url + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_only_a_named_variable_raises_the_limits_of_a_real_box() -> None:
    assert configured({}) == PRODUCT
    assert configured({SCALE_VARIABLE: "10"}).phone_actions == Rate(200, 50.0)
