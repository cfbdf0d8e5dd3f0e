"""What phones type reaches the box clean: a text with a control character or half a
surrogate pair is refused with a sentence and changes nothing; names are composed and tidied;
Wi-Fi names and passwords stay exactly as typed."""

from __future__ import annotations

import unicodedata

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.base import InvalidAction
from companion.server.typed import checked, name
from companion.table.owner import Table
from tests.server.conftest import phone, send_action
from tests.server.test_api import act, join

UNREADABLE = ["a\u0000b", "a\u001bb", "Anna\n", "a\u007fb", "a\u0085b", "a\ud800b", "\udfff"]


@pytest.mark.parametrize("typed", UNREADABLE)
def test_a_join_with_an_unreadable_name_is_refused_and_saves_nothing(
        client: FlaskClient, table: Table, typed: str) -> None:
    before = table.published.version
    response = client.post("/api/join", json={"seat": 0, "name": typed},
                           headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert response.json == {"error": "error.text_unreadable",
                             "message": "This text has characters the box cannot show. "
                                        "Please type it again."}
    assert table.published.version == before
    assert table.published.public["seats"][0]["taken"] is False


@pytest.mark.parametrize("typed", UNREADABLE)
def test_a_rename_or_a_claim_with_an_unreadable_name_is_refused(
        client: FlaskClient, other: FlaskClient, table: Table, typed: str) -> None:
    join(client, 0, "Anna")
    before = table.published.version
    status, answer = act(client, "table.rename", {"seat": 0, "name": typed})
    assert (status, answer["error"]) == (400, "error.text_unreadable")
    claim = other.post("/api/claim", json={"seat": 0, "name": typed})
    assert (claim.status_code, (claim.json or {})["error"]) == (400, "error.text_unreadable")
    assert table.published.version == before
    assert table.published.public["seats"][0]["name"] == "Anna"


def test_a_lone_surrogate_anywhere_in_an_action_is_a_400_not_a_500(
        client: FlaskClient, table: Table) -> None:
    join(client, 0, "Anna")
    raw = '{"type": "table.rename", "args": {"seat": 0, "name": "x\\udc00"}}'
    assert send_action(client, data=raw).status_code == 400
    deeper = '{"type": "draw", "args": {"\\ud83d": ["\\u0000"]}}'
    assert (send_action(client, data=deeper).json or {})["error"] == "error.text_unreadable"
    assert table.published.public["seats"][0]["name"] == "Anna"


def test_a_name_is_composed_and_loses_invisible_formatting_and_extra_spaces(
        client: FlaskClient, other: FlaskClient, table: Table) -> None:
    decomposed = unicodedata.normalize("NFD", "Jürgen Ölß")
    join(client, 0, f"  \u200e{decomposed} \u202e\u200b  ")
    family = "\U0001f469\u200d\U0001f467"
    join(other, 1)
    renamed = act(other, "table.rename", {"seat": 1, "name": f"Zoë\u00a0\u00a0{family}\ufeff"})
    assert renamed[0] == 200
    seats = table.published.public["seats"]
    assert seats[0]["name"] == "Jürgen Ölß" and len(seats[0]["name"]) == 10
    assert seats[1]["name"] == f"Zoë {family}"


def test_a_name_of_twenty_composed_letters_fits_although_it_was_sent_decomposed(
        client: FlaskClient, table: Table) -> None:
    join(client, 0, unicodedata.normalize("NFD", "ü" * 20))
    assert table.published.public["seats"][0]["name"] == "ü" * 20


def test_a_wifi_name_and_password_are_kept_exactly_as_typed() -> None:
    decomposed = unicodedata.normalize("NFD", "Café  Wi-Fi ")
    args = {"ssid": decomposed, "password": "  pass word  ", "name": " a  b "}
    assert checked({"args": args}) == {"args": {**args, "name": "a b"}}


@pytest.mark.parametrize("key", ["ssid", "password"])
def test_a_wifi_field_with_a_control_character_is_refused(key: str) -> None:
    with pytest.raises(InvalidAction) as refused:
        checked({key: "net\u0000work"})
    assert refused.value.key == "error.text_unreadable"


def test_emoji_flags_and_joined_scripts_keep_their_invisible_parts() -> None:
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    assert name(scotland) == scotland and name(persian) == persian


def test_a_refused_text_in_german(app: Flask) -> None:
    answer = phone(app).post("/api/join", json={"seat": 0, "name": "a\u0000b"},
                             headers={"Accept-Language": "de"}).json or {}
    assert answer["message"].startswith("Dieser Text enthält Zeichen")
