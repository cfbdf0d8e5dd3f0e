"""Who may take and move a seat: the join code, asking for a taken seat, hand-over codes,
guessed tokens, forged requests; and the history of past games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.server.app import create_app
from companion.server.codes import HANDOVER_S
from companion.server.limiter import WINDOW_S
from companion.table.owner import Table
from tests import tables
from tests.clock import FakeClock
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, phone, send_action
from tests.server.test_api import act, join
from tests.server.way_in import served


def view(client: FlaskClient) -> dict[str, Any]:
    return dict(client.get("/api/view").json or {})


# -- the join code ---------------------------------------------------------------------------

def test_a_phone_without_the_join_code_cannot_take_a_seat(app: Flask, table: Table) -> None:
    stranger = app.test_client()
    response = stranger.post("/api/join", json={"seat": 0, "name": "Mallory"})
    assert response.status_code == 403
    assert (response.json or {})["error"] == "error.code_needed"
    assert not table.published.public["seats"][0]["taken"]


def test_the_qr_link_and_a_typed_code_both_let_a_phone_sit_down(app: Flask) -> None:
    scanned, typed = app.test_client(), app.test_client()
    page = scanned.get(f"/j/{JOIN_CODE}")
    assert page.status_code == 200 and f'data-code="{JOIN_CODE}"' in page.text
    assert scanned.post("/api/code", json={"code": JOIN_CODE}).json == {"kind": "join"}
    assert typed.post("/api/code", json={"code": " km7-rx "}).json == {"kind": "join"}
    assert join(scanned, 0, "Anna")["seat"] == 0
    assert join(typed, 1, "Bernd")["seat"] == 1


def test_a_wrong_code_is_refused_and_guessing_is_rate_limited(app: Flask) -> None:
    guesser = app.test_client()
    codes = [guesser.post("/api/code", json={"code": f"AAAA{c}"}).status_code
             for c in "ACDEFHJKMNP"]
    assert codes == [400] * 10 + [429]
    assert guesser.post("/api/code", json={"code": JOIN_CODE}).status_code == 429


def test_a_join_link_with_a_strange_code_is_never_echoed(app: Flask) -> None:
    page = app.test_client().get("/j/<script>alert(1)</script>")
    assert "<script>alert" not in page.text


# -- a taken seat moves only from its phone or by OK on the box ------------------------------

def test_asking_for_a_taken_seat_waits_for_its_phone(client: FlaskClient, other: FlaskClient,
                                                     table: Table) -> None:
    join(client, 0, "Anna")
    asked = other.post("/api/claim", json={"seat": 0, "name": "Anna2"})
    assert asked.status_code == 200 and (asked.json or {})["pending"] is True
    assert view(other)["me"] is None
    assert view(client)["claims"] == [{"seat": 0, "name": "Anna2"}]
    assert act(client, "table.grant", {"seat": 0})[0] == 200
    assert view(other)["me"] == 0
    assert view(client)["me"] is None


def test_the_seat_holder_can_refuse_and_nobody_else_can_give_the_seat(
        client: FlaskClient, other: FlaskClient, app: Flask, table: Table) -> None:
    join(client, 0, "Anna")
    other.post("/api/claim", json={"seat": 0})
    third = phone(app)
    assert act(third, "table.grant", {"seat": 0})[0] == 403      # no seat at all: may not act
    assert act(third, "table.deny", {"seat": 0})[0] == 403
    assert act(client, "table.deny", {"seat": 0})[0] == 200
    assert view(client)["claims"] == [] and view(client)["me"] == 0


def test_a_phone_takes_its_ask_back_and_only_its_own(client: FlaskClient, other: FlaskClient,
                                                     app: Flask) -> None:
    join(client, 0, "Anna")
    other.post("/api/claim", json={"seat": 0, "name": "Anna2"})
    stranger = phone(app)
    assert stranger.post("/api/claim/cancel", json={}).status_code == 409   # it asked nothing
    assert view(client)["claims"] == [{"seat": 0, "name": "Anna2"}]
    assert other.post("/api/claim/cancel", json={}).status_code == 200
    assert view(client)["claims"] == [] and view(client)["me"] == 0
    assert other.post("/api/claim/cancel", json={}).status_code == 409
    assert act(other, "table.withdraw", {"token_hash": "x"})[0] in (400, 403)


def test_ok_on_the_box_gives_an_asked_for_seat(client: FlaskClient, other: FlaskClient,
                                               table: Table) -> None:
    join(client, 0, "Anna")
    other.post("/api/claim", json={"seat": 0, "name": "Anna"})
    asks = table.published.controls.asks                          # the box's asks screen
    assert asks[0].key == "box.grant" and asks[0].params == {"seat": 1, "name": "Anna"}
    assert all(item.action.type != "table.grant" for item in table.published.controls.menu)
    table.submit(asks[0].action)                                 # what OK on the box sends
    assert view(other)["me"] == 0 and view(client)["me"] is None


def test_a_hand_over_code_moves_the_seat_once(client: FlaskClient, app: Flask,
                                              table: Table) -> None:
    join(client, 1, "Bernd")
    handover = client.post("/api/handover", json={}).json or {}
    assert handover["link"] == f"{PUBLIC_URL}/j/{handover['code']}"
    new_phone, late_phone = app.test_client(), app.test_client()
    moved = new_phone.post("/api/code", json={"code": handover["code"]})
    assert moved.status_code == 200 and (moved.json or {})["kind"] == "seat"
    assert view(new_phone)["me"] == 1 and view(client)["me"] is None
    assert late_phone.post("/api/code", json={"code": handover["code"]}).status_code == 400
    assert table.published.public["seats"][1]["name"] == "Bernd"


def test_only_a_seated_phone_makes_a_hand_over_code(client: FlaskClient) -> None:
    assert client.post("/api/handover", json={}).status_code == 409


# -- tokens and forged requests --------------------------------------------------------------

def test_a_guessed_token_gets_no_seat_and_guessing_is_limited(client: FlaskClient,
                                                              app: Flask) -> None:
    join(client, 0, "Anna")
    guesser = app.test_client()
    guesser.set_cookie("getaway_seat", "guessed-token-guessed-token-gu")
    assert view(guesser)["me"] is None
    assert act(guesser, "end_turn", {})[0] == 403
    elsewhere = {"REMOTE_ADDR": "192.168.1.66"}  # a phone of its own on the Wi-Fi
    statuses = [guesser.get(f"/r/guess{n}", environ_base=elsewhere).status_code
                for n in range(11)]
    assert statuses == [302] * 10 + [429]


def test_a_cross_site_post_changes_nothing(client: FlaskClient, table: Table) -> None:
    before = table.published.version
    forged = send_action(client, data="type=table.end_game",
                         content_type="application/x-www-form-urlencoded",
                         headers={"Origin": "http://evil.example"})
    assert forged.status_code == 403
    as_json = send_action(client, {"type": "table.end_game", "args": {}},
                          headers={"Origin": "http://evil.example"})
    assert as_json.status_code == 403
    plain_form = send_action(client, data="type=table.end_game",
                             content_type="application/x-www-form-urlencoded")
    assert plain_form.status_code == 415
    assert table.published.version == before


def test_a_foreign_host_is_refused(client: FlaskClient) -> None:
    response = client.get("/api/view", headers={"Host": "rebind.evil.example:8000"})
    assert response.status_code == 400


# -- the box's Wi-Fi ---------------------------------------------------------------------------

def test_the_wifi_password_reaches_the_box_screen_only(client: FlaskClient, host_page: FlaskClient,
                                                       table: Table) -> None:
    join(client, 0, "Anna")
    secret = "correct horse battery"
    assert act(host_page, "table.wifi", {"ssid": "Getaway;Box", "password": secret})[0] == 200
    assert act(host_page, "table.show_wifi", {"show": True})[0] == 200
    assert table.published.device["wifi_qr"] == f"WIFI:T:WPA;S:Getaway\\;Box;P:{secret};;"
    for page in ("/api/view", "/table", "/", "/api/history"):
        assert secret not in client.get(page).text
        assert secret not in host_page.get(page).text
    assert view(client)["wifi"] == {"ssid": "Getaway;Box", "security": "WPA", "hidden": False,
                                    "shown": True}


def test_a_wifi_password_phones_would_refuse_is_explained(host_page: FlaskClient) -> None:
    status, body = act(host_page, "table.wifi", {"ssid": "Box", "password": "short"})
    assert status == 400 and body["message"] == "A WPA password has 8 to 63 characters."


# -- what expires, on the Table's clock ----------------------------------------------------------

@pytest.fixture
def clocked(tmp_path: Path, clock: FakeClock) -> Iterator[Flask]:
    """The phone app of a Table whose clock the test moves."""
    table = tables.open_table(tmp_path / "clocked.sqlite", clock)
    table.submit(Action("table.new_game", None,
                        {"game": "romme", "seats": 2, "options": {"first_player": 0}}))
    yield served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
    table.stop()


def test_a_guesser_may_try_again_a_minute_after_the_first_failure(clocked: Flask,
                                                                  clock: FakeClock) -> None:
    guesser = clocked.test_client()
    for c in "ACDEFHJKMN":
        assert guesser.post("/api/code", json={"code": f"AAAA{c}"}).status_code == 400
        clock.advance(1)
    clock.advance(WINDOW_S - 11)   # 59 s after the first failure: still locked out
    assert guesser.post("/api/code", json={"code": JOIN_CODE}).status_code == 429
    clock.advance(1)               # the first failure is a minute old: one more try
    assert guesser.post("/api/code", json={"code": JOIN_CODE}).status_code == 200


def test_a_hand_over_code_expires_after_ten_minutes(clocked: Flask, clock: FakeClock) -> None:
    holder = phone(clocked)
    join(holder, 0, "Anna")
    early = (holder.post("/api/handover", json={}).json or {})["code"]
    clock.advance(HANDOVER_S - 1)
    late = (holder.post("/api/handover", json={}).json or {})["code"]
    clock.advance(2)               # the first code is 601 s old, the second 2 s
    assert clocked.test_client().post("/api/code", json={"code": early}).status_code == 400
    moved = clocked.test_client()
    assert moved.post("/api/code", json={"code": late}).status_code == 200
    assert view(moved)["me"] == 0
