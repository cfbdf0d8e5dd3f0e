"""A hand-over link changes who a phone is only when the phone confirms it: the link's page
first asks what its code is (``"take": false``), which names the seat and uses nothing up,
and only the page's button sends the code to be used. A code typed by hand is used at once."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.server.test_api import join


def me(client: FlaskClient) -> Any:
    return (client.get("/api/view").json or {})["me"]


def hand_over(client: FlaskClient) -> str:
    """The hand-over code the seated phone ``client`` makes."""
    return str((client.post("/api/handover", json={}).json or {})["code"])


def test_naming_a_hand_over_code_uses_nothing_up_and_moves_no_seat(
        client: FlaskClient, app: Flask) -> None:
    join(client, 1, "Anna")
    code = hand_over(client)
    newcomer = app.test_client()
    named = newcomer.post("/api/code", json={"code": code, "take": False},
                          headers={"Accept-Language": "en"})
    assert named.status_code == 200
    assert named.json == {"kind": "handover", "seat": 1, "title": "Anna (Seat 2)"}
    assert "Set-Cookie" not in named.headers
    assert me(newcomer) is None and me(client) == 1
    taken = newcomer.post("/api/code", json={"code": code, "take": True})
    assert taken.status_code == 200 and (taken.json or {})["kind"] == "seat"
    assert me(newcomer) == 1 and me(client) is None


def test_a_typed_code_is_used_at_once_and_only_once(client: FlaskClient, app: Flask) -> None:
    join(client, 0)
    code = hand_over(client)
    typed, late = app.test_client(), app.test_client()
    assert typed.post("/api/code", json={"code": code.lower()}).status_code == 200
    assert me(typed) == 0 and me(client) is None
    assert late.post("/api/code", json={"code": code, "take": False}).status_code == 400


def test_the_named_seat_speaks_the_phones_language(client: FlaskClient, app: Flask) -> None:
    join(client, 1)
    named = app.test_client().post("/api/code", json={"code": hand_over(client), "take": False},
                                   headers={"Accept-Language": "de"})
    assert (named.json or {})["title"] == "Platz 2"


def test_naming_the_join_code_lets_the_phone_choose_a_seat_as_before(app: Flask) -> None:
    scanned = app.test_client()
    named = scanned.post("/api/code", json={"code": "km7rx", "take": False})
    assert named.json == {"kind": "join"} and me(scanned) is None
    assert join(scanned, 0, "Anna")["seat"] == 0


def test_a_take_that_is_no_yes_or_no_is_refused(client: FlaskClient, app: Flask) -> None:
    join(client, 0)
    code = hand_over(client)
    newcomer = app.test_client()
    refused = newcomer.post("/api/code", json={"code": code, "take": "false"})
    assert refused.status_code == 400 and (refused.json or {})["error"] == "error.action_malformed"
    assert me(newcomer) is None and me(client) == 0


def test_a_wrong_code_named_counts_against_the_join_limit(client: FlaskClient,
                                                          app: Flask) -> None:
    join(client, 0)
    code = hand_over(client)
    guesser = app.test_client()
    statuses = [guesser.post("/api/code", json={"code": f"AAAAA{c}", "take": False}).status_code
                for c in "ACDEFHJKMNP"]
    assert statuses == [400] * 10 + [429]
    assert guesser.post("/api/code", json={"code": code, "take": False}).status_code == 429
    assert me(client) == 0


def test_a_seated_phone_is_offered_no_hand_over(client: FlaskClient, other: FlaskClient) -> None:
    join(client, 0)
    join(other, 1)
    named = other.post("/api/code", json={"code": hand_over(client), "take": False})
    assert named.status_code == 409 and (named.json or {})["error"] == "error.already_seated"
    assert me(other) == 1 and me(client) == 0
