"""A personal rejoin link changes who a phone is only when the phone confirms it on the link's
own page: opening the link (a GET, which any site can send a phone to) sets no cookie."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.table.owner import Table
from tests.server.test_api import join


def me(client: FlaskClient) -> Any:
    return (client.get("/api/view").json or {})["me"]


def token_of(answer: dict[str, Any]) -> str:
    return str(answer["rejoin"]).rsplit("/", 1)[1]


def test_opening_another_seats_link_sets_no_cookie_and_says_what_it_would_change(
        client: FlaskClient, other: FlaskClient) -> None:
    join(client, 0, "Anna")
    mallory = token_of(join(other, 1, "Mallory"))
    page = client.get(f"/r/{mallory}", headers={"Accept-Language": "en"})
    assert page.status_code == 200 and "Set-Cookie" not in page.headers
    assert "This link belongs to Mallory (Seat 2)." in page.text
    assert f'data-token="{mallory}"' in page.text
    assert me(client) == 0


def test_the_confirming_post_moves_the_seat_to_the_phone(client: FlaskClient,
                                                         other: FlaskClient) -> None:
    join(client, 0, "Anna")
    bernd = token_of(join(other, 1, "Bernd"))
    answer = client.post("/api/rejoin", json={"token": bernd})
    assert answer.status_code == 200 and answer.json == {"seat": 1}
    assert f"getaway_seat={bernd}" in answer.headers["Set-Cookie"]
    assert "SameSite=Strict" in answer.headers["Set-Cookie"]
    assert me(client) == 1


def test_a_cross_site_post_to_take_a_link_is_refused(client: FlaskClient,
                                                     other: FlaskClient) -> None:
    join(client, 0, "Anna")
    mallory = token_of(join(other, 1, "Mallory"))
    forged = client.post("/api/rejoin", json={"token": mallory},
                         headers={"Origin": "http://evil.example"})
    assert forged.status_code == 403 and "Set-Cookie" not in forged.headers
    as_form = client.post("/api/rejoin", data={"token": mallory})
    assert as_form.status_code == 415 and "Set-Cookie" not in as_form.headers
    assert me(client) == 0


def test_the_own_link_goes_straight_to_the_phone_page(client: FlaskClient) -> None:
    mine = token_of(join(client, 0, "Anna"))
    response = client.get(f"/r/{mine}")
    assert response.status_code == 302 and response.headers["Location"] == "/"


def test_the_page_speaks_the_phones_language(app: Flask, client: FlaskClient) -> None:
    anna = token_of(join(client, 0))
    page = app.test_client().get(f"/r/{anna}", headers={"Accept-Language": "de"})
    assert "Dieser Link gehört zu Platz 1." in page.text
    assert 'data-none="Dieses Telefon hat gerade keinen Platz."' in page.text


def test_a_wrong_token_posted_counts_against_the_join_limit(app: Flask, table: Table) -> None:
    guesser = app.test_client()
    statuses = [guesser.post("/api/rejoin", json={"token": f"guess{n}"}).status_code
                for n in range(11)]
    assert statuses == [400] * 10 + [429]
    assert guesser.get_cookie("getaway_seat") is None
