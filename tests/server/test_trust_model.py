"""The trust model, check by check: the host link and host asks, forged and ungranted host
cookies, the join code only in the host's view, hand-over codes, reserved arguments, other
sites' pages and foreign Host names, the cookies' flags, and a seat's secret part while a phone
holds it. Each test guards one check that tests/mutations.py removes."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import Action, IllegalAction
from companion.server import context
from companion.server.app import create_app, host_path
from companion.server.codes import HANDOVER_S, Codes
from companion.server.serve import Server
from companion.table.owner import Table
from companion.table.published import token_hash
from companion.table.rules import FILLED_IN, TABLE_STEPS
from companion.table.store import Store
from tests import tables
from tests.clock import FakeClock
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone
from tests.server.test_api import act, join
from tests.server.way_in import served

GUARD_S = 10.0
"""Socket timeouts on the real server, only against a hang."""
EVIL = "http://evil.example"


def view(client: FlaskClient, query: str = "") -> dict[str, Any]:
    return dict(client.get(f"/api/view{query}").json or {})


def asking(table: Table) -> bool:
    """Whether a browser's ask waits for OK on the box; if so, the box refuses it now."""
    try:
        table.submit(Action("table.host_refuse"))
    except IllegalAction:
        return False
    return True


def is_host(client: FlaskClient, table: Table) -> bool:
    """Whether ``client`` is the host: its view says so, and it may act for the table."""
    seen = view(client)["host"]
    before = table.published.version
    status = act(client, "table.end_ask", {"ask": True})[0]
    acted = table.published.version > before
    if acted:
        table.submit(Action("table.end_ask", None, {"ask": False}))
    assert seen == acted == (status == 200), (seen, status)
    return bool(seen)


def cookie(response: Any, name: str) -> str:
    """The Set-Cookie header of ``response`` that sets ``name``."""
    found = [value for value in response.headers.getlist("Set-Cookie")
             if value.startswith(f"{name}=")]
    assert len(found) == 1, response.headers
    return str(found[0])


# -- the host link ---------------------------------------------------------------------------

def test_only_the_printed_host_link_makes_a_browser_the_host(app: Flask, table: Table) -> None:
    guessed = app.test_client()
    response = guessed.get("/h/" + "x" * 22)
    assert response.status_code == 302
    assert guessed.get_cookie(context.HOST_COOKIE) is None
    assert not is_host(guessed, table)
    printed = app.test_client()
    assert printed.get(host_path(app)).status_code == 302
    assert is_host(printed, table)


def test_guessing_the_host_link_is_rate_limited(app: Flask, table: Table) -> None:
    guesser = app.test_client()
    statuses = [guesser.get(f"/h/guess{n}").status_code for n in range(11)]
    assert statuses == [302] * 10 + [429]
    assert guesser.get(host_path(app)).status_code == 429
    assert not is_host(guesser, table)


# -- host asks and host cookies ------------------------------------------------------------

def test_host_asks_are_rate_limited(app: Flask, table: Table) -> None:
    """Every ask counts, so nobody keeps replacing the real one on the box's screen."""
    asker = app.test_client()
    statuses = [asker.post("/api/host", json={}).status_code for _ in range(11)]
    assert statuses == [200] * 10 + [429]


def test_a_forged_host_cookie_is_no_host(app: Flask, host_page: FlaskClient,
                                         table: Table) -> None:
    """Not even while a real host is there."""
    forger = app.test_client()
    forger.set_cookie(context.HOST_COOKIE, "forged-token-forged-token-fo")
    assert not is_host(forger, table)
    assert "join_code" not in view(forger) and JOIN_CODE not in forger.get("/api/view").text


def test_a_browser_that_asked_is_no_host_until_ok_on_the_box(app: Flask, table: Table) -> None:
    asker = app.test_client()
    assert asker.post("/api/host", json={}).status_code == 200
    assert not is_host(asker, table)
    assert "join_code" not in view(asker)
    assert asking(table)


def test_a_refused_ask_is_gone_and_no_host(app: Flask, table: Table) -> None:
    asker = app.test_client()
    assert asker.post("/api/host", json={}).status_code == 200
    table.submit(Action("table.host_refuse"))
    assert not is_host(asker, table)
    with pytest.raises(IllegalAction):
        table.submit(Action("table.host_grant"))
    assert not is_host(asker, table)


def test_the_host_does_not_ask_again(host_page: FlaskClient, table: Table) -> None:
    response = host_page.post("/api/host", json={})
    assert (response.status_code, (response.json or {})["error"]) == (409, "error.host_already")
    assert not asking(table)
    assert is_host(host_page, table)


def test_the_table_takes_no_ask_from_a_host(table: Table) -> None:
    table.submit(Action("table.host_add", None, {"token_hash": token_hash("host")}))
    with pytest.raises(IllegalAction):
        table.submit(Action("table.host_ask", None,
                            {"token_hash": token_hash("host"), "label": "K7M"}))
    assert not asking(table)


def test_a_browser_whose_cookie_is_no_host_may_ask(app: Flask, table: Table) -> None:
    """A forged, refused or signed-out host cookie is no host, so its browser may ask."""
    forger = app.test_client()
    forger.set_cookie(context.HOST_COOKIE, "forged-token-forged-token-fo")
    assert forger.post("/api/host", json={}).status_code == 200
    assert asking(table)


def test_a_fifth_host_pushes_out_the_first(app: Flask, table: Table) -> None:
    hosts = [host_browser(app, table) for _ in range(5)]
    assert [is_host(host, table) for host in hosts] == [False, True, True, True, True]


def test_signed_out_hosts_are_no_hosts(host_page: FlaskClient, table: Table) -> None:
    table.submit(Action("table.hosts_forget"))
    assert not is_host(host_page, table)


# -- the join code ----------------------------------------------------------------------------

def test_only_the_hosts_view_carries_the_join_code(app: Flask, host_page: FlaskClient,
                                                   client: FlaskClient) -> None:
    join(client, 0, "Anna")
    assert view(host_page)["join_code"] == JOIN_CODE
    assert view(host_page, "?page=table")["join_code"] == JOIN_CODE
    for reader in (client, app.test_client()):
        for query in ("", "?page=table"):
            assert JOIN_CODE not in reader.get(f"/api/view{query}").text


def test_the_table_page_shows_no_seat_its_browser_holds(client: FlaskClient) -> None:
    join(client, 0, "Anna")
    assert view(client)["me"] == 0
    assert view(client, "?page=table")["me"] is None


# -- hand-over codes -------------------------------------------------------------------------

def test_a_seated_phone_cannot_redeem_a_hand_over_code(client: FlaskClient, other: FlaskClient,
                                                        table: Table) -> None:
    join(client, 0, "Anna")
    join(other, 1, "Bernd")
    code = (client.post("/api/handover", json={}).json or {})["code"]
    response = other.post("/api/code", json={"code": code})
    assert (response.status_code, (response.json or {})["error"]) == (
        409, "error.already_seated")
    assert view(client)["me"] == 0 and view(other)["me"] == 1


def test_a_seats_new_hand_over_code_voids_its_older_one(client: FlaskClient,
                                                        app: Flask) -> None:
    join(client, 0, "Anna")
    older = (client.post("/api/handover", json={}).json or {})["code"]
    newer = (client.post("/api/handover", json={}).json or {})["code"]
    assert app.test_client().post("/api/code", json={"code": older}).status_code == 400
    assert view(client)["me"] == 0
    moved = app.test_client()
    assert moved.post("/api/code", json={"code": newer}).status_code == 200
    assert view(moved)["me"] == 0


def test_a_hand_over_code_is_used_up_by_its_first_use() -> None:
    codes = Codes(JOIN_CODE)
    code = codes.hand_over(0, token_hash("holder"), now=0.0)
    assert codes.redeem(code, now=1.0) is not None
    assert codes.redeem(code, now=2.0) is None


def test_a_phone_whose_seat_went_makes_no_hand_over_code(client: FlaskClient,
                                                       other: FlaskClient) -> None:
    """Its token fits no seat any more (the seat went to a phone that asked for it)."""
    join(client, 0, "Anna")
    other.post("/api/claim", json={"seat": 0})
    assert act(client, "table.grant", {"seat": 0})[0] == 200
    response = client.post("/api/handover", json={})
    assert (response.status_code, (response.json or {})["error"]) == (409, "error.seat_needed")


def test_a_hand_over_code_expires_after_ten_minutes(tmp_path: Path) -> None:
    clock = FakeClock()
    table = tables.open_table(tmp_path / "clocked.sqlite", clock)
    try:
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
        app = served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
        holder = phone(app)
        join(holder, 0, "Anna")
        code = (holder.post("/api/handover", json={}).json or {})["code"]
        clock.advance(HANDOVER_S + 1)
        assert app.test_client().post("/api/code", json={"code": code}).status_code == 400
        assert view(holder)["me"] == 0
    finally:
        table.stop()


def test_a_hand_over_code_of_a_seat_left_meanwhile_gives_nothing(client: FlaskClient,
                                                                 app: Flask,
                                                                 table: Table) -> None:
    """The seat it named is free now: the code is no way round the join code."""
    join(client, 0, "Anna")
    code = (client.post("/api/handover", json={}).json or {})["code"]
    assert act(client, "table.release", {"seat": 0})[0] == 200
    stranger = app.test_client()
    assert stranger.post("/api/code", json={"code": code}).status_code == 409
    assert not table.published.public["seats"][0]["taken"]


def test_a_phone_takes_back_no_ask_it_did_not_make(client: FlaskClient, other: FlaskClient,
                                                   app: Flask) -> None:
    join(client, 0, "Anna")
    other.post("/api/claim", json={"seat": 0, "name": "Anna2"})
    seated = phone(app)
    join(seated, 1, "Bernd")
    assert seated.post("/api/claim/cancel", json={}).status_code == 409
    assert view(client)["claims"] == [{"seat": 0, "name": "Anna2"}]


def test_a_join_link_with_a_code_of_another_shape_carries_none(app: Flask) -> None:
    page = app.test_client().get('/j/"><b>KM7RX')
    assert page.status_code == 200 and 'data-code=""' in page.text


# -- what a phone may send -------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["table.claim", "table.request", "table.withdraw",
                                  "table.host_ask", "table.host_add", "timeout"])
def test_the_server_alone_sends_what_it_makes(host_page: FlaskClient, kind: str) -> None:
    """Refused by the phone server itself, whatever the Table would say of it."""
    status, body = act(host_page, kind, {})
    assert (status, body["error"]) == (400, "error.action_unknown")


@pytest.mark.parametrize("arg", ["token_hash", "force", "replaces", "chance", "label", "setup"])
def test_a_phone_never_sends_a_reserved_argument(client: FlaskClient, table: Table,
                                                 arg: str) -> None:
    """Refused by the phone server itself, even for an action the phone may send."""
    join(client, 0, "Anna")
    status, body = act(client, "table.rename", {"seat": 0, "name": "Ann", arg: "x"})
    assert (status, body["error"]) == (400, "error.action_malformed")
    assert table.published.public["seats"][0]["name"] == "Anna"


def test_what_no_phone_may_pass_is_what_the_steps_declare_the_box_fills_in() -> None:
    token = frozenset({"token_hash"})
    assert {kind: step.filled_in for kind, step in TABLE_STEPS.items() if step.filled_in} == {
        "table.rematch": {"chance"}, "table.next_game": {"setup", "chance"},
        "table.claim": {"token_hash", "replaces", "force"},
        "table.request": token, "table.withdraw": token, "table.host_ask": {"token_hash", "label"},
        "table.host_add": token, "table.player": {"player_colour"}}
    assert {"token_hash", "force", "replaces", "chance", "label", "setup",
            "player_colour"} == FILLED_IN


# -- other sites' pages, foreign names, cookies and headers ---------------------------------

@pytest.mark.parametrize("path, body", [("/api/join", {"seat": 0, "name": "Mallory"}),
                                        ("/api/host", {}), ("/api/code", {"code": JOIN_CODE})])
def test_a_post_from_another_sites_page_is_refused(client: FlaskClient, table: Table, path: str,
                                                   body: dict[str, Any]) -> None:
    before = table.published.version
    response = client.post(path, json=body, headers={"Origin": EVIL})
    assert response.status_code == 403
    assert table.published.version == before
    assert client.post(path, json=body, headers={"Origin": "http://localhost"}).status_code == 200


def test_the_cookies_stay_with_the_box_and_out_of_scripts(app: Flask) -> None:
    browser = app.test_client()
    answers = {context.JOIN_COOKIE: browser.post("/api/code", json={"code": JOIN_CODE}),
               context.SEAT_COOKIE: browser.post("/api/join", json={"seat": 0}),
               context.HOST_COOKIE: browser.post("/api/host", json={})}
    for name, response in answers.items():
        flags = [flag.strip().lower() for flag in cookie(response, name).split(";")]
        assert "httponly" in flags and "samesite=strict" in flags, name


@pytest.mark.parametrize("path", ["/", "/table", "/api/view"])
def test_no_other_site_may_frame_the_box(client: FlaskClient, path: str) -> None:
    headers = client.get(path).headers
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


# -- the live stream on a real server --------------------------------------------------------

def first_event(server: Server, query: str = "", cookie: str = "",
                host: str | None = None) -> tuple[int, dict[str, Any] | None]:
    """The status of ``/api/events`` and its first view (None if it sent none)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=GUARD_S)
    headers = {**({"Cookie": cookie} if cookie else {}), **({"Host": host} if host else {})}
    try:
        connection.request("GET", f"/api/events{query}", headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            return response.status, None
        while line := response.readline():
            if line.startswith(b"data: "):
                return 200, dict(json.loads(line[len(b"data: "):]))
        return 200, None
    finally:
        connection.close()


def cookies_of(client: FlaskClient) -> str:
    """The Cookie header ``client`` sends."""
    return "; ".join(f"{name}={found.value}" for name in (
        context.SEAT_COOKIE, context.HOST_COOKIE, context.JOIN_COOKIE)
        if (found := client.get_cookie(name)) is not None)


def test_the_stream_refuses_a_foreign_host(server: Server) -> None:
    """A page that rebinds its own name to the box reads nothing of the table."""
    assert first_event(server, host=f"rebind.evil.example:{server.port}") == (400, None)
    status, seen = first_event(server, host=f"127.0.0.1:{server.port}")
    assert status == 200 and seen is not None and seen["me"] is None


def test_each_stream_shows_its_own_reader(server: Server, client: FlaskClient,
                                          host_page: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    seat, host = cookies_of(client), cookies_of(host_page)
    readers = [(seat, "", 0, False), ("", "", None, False), (host, "", None, True),
               (seat, "?page=table", None, False)]
    for cookie_header, query, me, hosting in readers:
        status, seen = first_event(server, query, cookie_header)
        assert status == 200 and seen is not None
        assert (seen["me"], seen["host"], "join_code" in seen) == (me, hosting, hosting), (
            cookie_header, query)


# -- a seat's secret part while a phone holds it --------------------------------------------

@pytest.fixture
def gendarm(tmp_path: Path) -> Iterator[Table]:
    """Räuber und Gendarm with real chips, the start rolled; a phone holds seat 1."""
    table = Table(Store(tmp_path / "gendarm.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "dice": "table", "catchers": "chips"}}))
    table.submit(Action("start_roll", None, {"starter": 0}))
    yield table
    table.stop()


def test_the_box_plays_no_kept_chips_part_once_a_phone_holds_the_seat(app: Flask,
                                                                       table: Table) -> None:
    """Level 2: Anna kept her chip on the table, then her phone took her seat; after an odd
    duty roll the table page may not give up her gendarme for her (her phone does)."""
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "gendarm", "seats": 2, "options": {
        "level": 2, "dice": "table", "catchers": "chips"}}))
    bernd, page = phone(app), host_browser(app, table)
    join(bernd, 1, "Bernd")
    for sender, kind, args in ((page, "start_roll", {"starter": 0}),
                               (bernd, "catcher", {"number": 4}), (page, "keep_chip", {"seat": 0}),
                               (page, "safe", {}), (page, "end_turn", {}),
                               (bernd, "end_turn", {}), (page, "roll", {"value": 3})):
        assert act(sender, kind, args)[0] == 200, kind
    assert "remove" in {item.action.type for item in table.published.controls.menu}
    join(phone(app), 0, "Anna")
    assert "remove" not in {item.action.type for item in table.published.controls.menu}
    status, body = act(page, "remove", {"gendarme": 6})
    assert (status, body["error"]) == (409, "error.seat_has_phone")


def test_the_box_keeps_no_chip_for_a_seat_a_phone_holds(gendarm: Table) -> None:
    app = served(create_app(gendarm, public_url=PUBLIC_URL, join_code=JOIN_CODE))
    join(phone(app), 1, "Bernd")
    kept = {item.action.args.get("seat") for item in gendarm.published.controls.menu
            if item.action.type == "keep_chip"}
    assert kept == {0}
    with pytest.raises(IllegalAction) as refused:
        gendarm.submit(Action("keep_chip", None, {"seat": 1}))
    assert refused.value.key == "error.seat_has_phone"
    gendarm.submit(Action("keep_chip", None, {"seat": 0}))

