"""The JSON API on a real Table: seats, views, actions and the errors a phone can read."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import Action
from companion.table.owner import Table
from tests.server.conftest import PUBLIC_URL, send_action
from tests.views import phone_view, romme_phone


def join(client: FlaskClient, seat: int, name: str = "") -> dict[str, Any]:
    response = client.post("/api/join", json={"seat": seat, "name": name})
    assert response.status_code == 200, response.json
    body: dict[str, Any] = response.json or {}
    return body


def act(client: FlaskClient, kind: str, args: dict[str, Any] | None = None,
        version: int | None = None, language: str = "en") -> tuple[int, dict[str, Any]]:
    body = {"type": kind, "args": args or {}, "version": version}
    response = send_action(client, body, headers={"Accept-Language": language})
    return response.status_code, response.json or {}


def version(table: Table) -> int:
    return table.published.version


# -- joining ---------------------------------------------------------------------------------

def test_join_gives_a_seat_cookie_and_a_rejoin_link(client: FlaskClient, table: Table) -> None:
    response = client.post("/api/join", json={"seat": 1, "name": "Anna"})
    body = response.json or {}
    token = body["rejoin"].removeprefix(f"{PUBLIC_URL}/r/")
    assert body["seat"] == 1 and body["version"] == version(table)
    assert len(token) >= 22 and table.seat_for_token(token) == 1
    cookie = response.headers["Set-Cookie"]
    assert f"getaway_seat={token}" in cookie and "HttpOnly" in cookie
    assert "SameSite=Strict" in cookie
    assert table.published.public["seats"][1] == {"seat": 1, "name": "Anna", "taken": True,
                                                      "colour": "#f28c28"}


def test_join_refuses_a_taken_seat(client: FlaskClient, other: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    response = other.post("/api/join", json={"seat": 0, "name": "Mallory"},
                          headers={"Accept-Language": "de"})
    assert response.status_code == 409
    assert response.json == {"error": "error.seat_taken",
                             "message": "Dieser Platz ist schon besetzt."}
    assert table.published.public["seats"][0]["name"] == "Anna"


def test_join_refuses_a_second_seat_for_the_same_phone(client: FlaskClient, table: Table) -> None:
    join(client, 0)
    response = client.post("/api/join", json={"seat": 1})
    assert response.status_code == 409
    assert (response.json or {})["error"] == "error.already_seated"
    assert table.published.public["seats"][1]["taken"] is False


@pytest.mark.parametrize("body", [{"seat": "1"}, {"seat": True}, {"name": "Anna"},
                                  {"seat": 1, "name": 7}, {"seat": 9}, ["seat", 1]])
def test_join_refuses_a_malformed_request(client: FlaskClient, body: Any) -> None:
    response = client.post("/api/join", json=body)
    assert response.status_code == 400
    assert (response.json or {})["error"] in ("error.action_malformed", "error.seat_unknown")


def test_join_without_a_name_keeps_the_seat_unnamed(client: FlaskClient, table: Table) -> None:
    join(client, 0, "   ")
    assert table.published.public["seats"][0] == {"seat": 0, "name": "", "taken": True,
                                                      "colour": "#4ea8de"}


def test_join_is_rate_limited(client: FlaskClient) -> None:
    codes = [client.post("/api/join", json={"seat": 9}).status_code for _ in range(11)]
    assert codes == [400] * 10 + [429]


def test_rejoin_link_puts_the_seat_back_on_a_new_phone(client: FlaskClient, app: Flask) -> None:
    token = join(client, 1, "Anna")["rejoin"].rsplit("/", 1)[1]
    phone = app.test_client()
    page = phone.get(f"/r/{token}", headers={"Accept-Language": "en"})
    assert page.status_code == 200 and "This link belongs to Anna (Seat 2)." in page.text
    assert phone.post("/api/rejoin", json={"token": token}).json == {"seat": 1}
    assert phone_view(phone)["me"] == 1


def test_rejoin_with_an_unknown_token_sets_no_cookie(client: FlaskClient) -> None:
    response = client.get("/r/not-a-seat-token")
    assert response.status_code == 302 and "link=expired" in response.headers["Location"]
    assert "Set-Cookie" not in response.headers
    assert phone_view(client)["me"] is None


# -- views -----------------------------------------------------------------------------------

def test_view_of_a_seat_has_its_actions_and_the_public_one_has_none(
        client: FlaskClient, other: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    table.submit(Action("resume"))
    mine, watcher = romme_phone(client), phone_view(other)
    assert mine["me"] == 0 and "end_turn" in mine["state"]["actions"]
    assert watcher["me"] is None and "actions" not in watcher["state"]
    assert mine["version"] == watcher["version"] == version(table)
    timer = mine["timer"]
    assert timer is not None and 0 < timer["remaining_ms"] <= 50_000 and timer["running"]


# -- actions ---------------------------------------------------------------------------------

def test_action_from_the_seat_whose_turn_it_is(client: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    table.submit(Action("resume"))
    status, body = act(client, "end_turn", version=version(table))
    assert (status, body) == (200, {"version": version(table)})
    assert table.published.public["state"]["turn"] == 1


def test_action_out_of_turn_is_409(client: FlaskClient, other: FlaskClient, table: Table) -> None:
    join(client, 0)
    join(other, 1)
    table.submit(Action("resume"))
    status, body = act(other, "end_turn", version=version(table))
    assert status == 409
    assert body == {"error": "romme.not_your_turn", "message": "It is seat 1's turn, not yours."}


@pytest.mark.parametrize("kind, args", [("jump", {}), ("score", {"seat": 1, "tiles": "x"})])
def test_malformed_action_is_400(host_page: FlaskClient, table: Table, kind: str,
                                 args: dict[str, Any]) -> None:
    for step in ("resume", "end_turn", "end_turn", "romme"):
        table.submit(Action(step))
    before = version(table)
    status, body = act(host_page, kind, args)
    assert status == 400 and body["error"] in ("error.action_unknown", "error.argument_type")
    assert version(table) == before


@pytest.mark.parametrize("body", [{"args": {}}, {"type": "pause", "args": []},
                                  {"type": "pause", "version": "3"}, {"type": 5}])
def test_action_with_a_malformed_body_is_400(host_page: FlaskClient, body: Any) -> None:
    response = send_action(host_page, body)
    assert response.status_code == 400
    assert (response.json or {})["error"] == "error.action_malformed"


def test_stale_action_is_refused_and_nothing_changes(client: FlaskClient, table: Table) -> None:
    join(client, 0)
    old = version(table)
    table.submit(Action("resume"))
    status, body = act(client, "end_turn", version=old)
    assert status == 409 and body["error"] == "error.stale"
    assert table.published.public["state"]["turn"] == 0


@pytest.mark.parametrize("kind, args", [
    ("table.claim", {"seat": 1, "token_hash": "0" * 64, "force": True}),
    ("timeout", {}),
])
def test_clients_cannot_claim_seats_or_call_time(host_page: FlaskClient, table: Table, kind: str,
                                                 args: dict[str, Any]) -> None:
    table.submit(Action("resume"))
    before = table.published.public
    status, body = act(host_page, kind, args)
    assert status == 400 and body["error"] == "error.action_unknown"
    assert table.published.public == before


@pytest.mark.parametrize("arg", ["token_hash", "force", "chance"])
def test_clients_cannot_send_what_only_the_box_fills_in(host_page: FlaskClient, table: Table,
                                                        arg: str) -> None:
    table.submit(Action("table.end_game"))
    status, _ = act(host_page, "table.new_game", {"game": "romme", "seats": 2, arg: {}})
    assert status == 400 and table.published.public["game"] is None


def test_a_phone_releases_only_its_own_seat(client: FlaskClient, other: FlaskClient,
                                            app: Flask, table: Table) -> None:
    join(client, 0)
    join(other, 1)
    assert act(app.test_client(), "table.release", {"seat": 0})[1]["error"] == "error.host_needed"
    assert act(other, "table.release", {"seat": 0})[1]["error"] == "error.not_your_seat"
    assert table.published.public["seats"][0]["taken"] is True
    assert act(client, "table.release", {"seat": 0})[0] == 200
    assert table.published.public["seats"][0]["taken"] is False


def test_the_table_page_starts_and_ends_games(host_page: FlaskClient, table: Table) -> None:
    assert act(host_page, "table.end_game", version=version(table))[0] == 200
    status, _ = act(host_page, "table.new_game", {"game": "romme", "seats": 3, "options": {}},
                    version=version(table))
    assert status == 200 and len(table.published.public["seats"]) == 3


@pytest.mark.parametrize("path", ["/api/action", "/api/join"])
@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded",
                                          "multipart/form-data", "text/plain"])
def test_state_changes_need_a_json_post(client: FlaskClient, table: Table, path: str,
                                        content_type: str) -> None:
    before = version(table)
    response = client.post(path, data='{"type": "resume", "seat": 0}',
                           content_type=content_type)
    assert response.status_code == 415
    assert (response.json or {})["error"] == "error.json_required"
    assert version(table) == before


# -- errors ----------------------------------------------------------------------------------

def test_a_crash_is_a_sentence_without_a_stack_trace(host_page: FlaskClient, table: Table,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(*args: object, **kwargs: object) -> int:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(table, "post", crash)
    response = send_action(host_page, {"type": "resume"}, headers={"Accept-Language": "en"})
    assert response.status_code == 500
    assert response.json == {"error": "error.internal",
                             "message": "Something went wrong. The game is safe."}
    assert b"Traceback" not in response.data and b"secret" not in response.data


def test_api_errors_are_json_and_page_errors_are_pages(client: FlaskClient) -> None:
    missing, wrong_method = client.get("/api/nothing"), send_action(client, method="GET")
    assert (missing.status_code, (missing.json or {})["error"]) == (404, "error.not_found")
    assert (wrong_method.status_code, (wrong_method.json or {})["error"]) == (405, "error.method")
    page = client.get("/nothing", headers={"Accept-Language": "de"})
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert "Diese Seite gibt es nicht." in page.text


@pytest.mark.parametrize("host, status", [
    ("attacker.example", 400), ("attacker.example:8000", 400), ("192.168.1.20:8000", 200),
    ("10.0.0.7:8000", 200), ("[::1]:8000", 200), ("localhost:8000", 200),
])
def test_only_addresses_and_the_boxs_own_names_are_accepted_as_host(
        client: FlaskClient, host: str, status: int) -> None:
    assert client.get("/api/view", headers={"Host": host}).status_code == status
    assert client.get("/", headers={"Host": host}).status_code == status


# -- languages -------------------------------------------------------------------------------

@pytest.mark.parametrize("accept, cookie, expected", [
    ("de-DE,de;q=0.9,en;q=0.8", None, "Dieser Platz ist schon besetzt."),
    ("en-GB,en;q=0.9", None, "This seat is already taken."),
    ("fr-FR", None, "This seat is already taken."),
    ("en-GB", "de", "Dieser Platz ist schon besetzt."),
    ("de-DE", "en", "This seat is already taken."),
])
def test_errors_speak_the_phones_language(client: FlaskClient, other: FlaskClient, accept: str,
                                          cookie: str | None, expected: str) -> None:
    join(client, 0)
    if cookie:
        other.set_cookie("lang", cookie)
    response = other.post("/api/join", json={"seat": 0}, headers={"Accept-Language": accept})
    assert (response.json or {})["message"] == expected


def test_pages_are_in_the_phones_language(client: FlaskClient) -> None:
    german = client.get("/", headers={"Accept-Language": "de"}).text
    english = client.get("/table", headers={"Accept-Language": "en"}).text
    assert '<html lang="de">' in german and "Setz dich an den Tisch" in german
    assert '<html lang="en">' in english and "Start the game" in english


def test_texts_are_served_for_both_languages_only(client: FlaskClient) -> None:
    german, english = client.get("/api/texts/de").json or {}, client.get("/api/texts/en").json or {}
    assert german["web.action.end_turn"] == "Zug beenden"
    assert english["web.action.end_turn"] == "End turn"
    assert set(german) == set(english) and "romme.menu.draw" in german
    assert client.get("/api/texts/fr").status_code == 404


# -- what the pages load ---------------------------------------------------------------------

def test_pages_load_nothing_from_outside_the_box(client: FlaskClient) -> None:
    for path in ("/", "/table", "/static/getaway.js", "/static/getaway.css",
                 "/static/manifest.webmanifest", "/static/icon.svg"):
        response = client.get(path)
        assert response.status_code == 200, path
        # The SVG namespace is a name, not a download.
        text = response.text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"https?://(?!192\.168\.1\.20:8000/)", text), path
    assert "default-src 'self'" in client.get("/").headers["Content-Security-Policy"]
