"""Rob 'n Run over the phone API: saved documents as files and QR codes, refused documents,
and the boss's secrets kept off every other phone and the table page."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import qrcode
from flask import Flask
from flask.testing import FlaskClient
from qrcode.constants import ERROR_CORRECT_L
from qrcode.image.svg import SvgPathFillImage

from companion.games import GAMES
from companion.games.base import Action
from companion.server.app import create_app
from companion.server.stream import Streams
from companion.table.owner import Table
from companion.table.store import Store
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone
from tests.server.streams import read_stream
from tests.server.test_api import act, join
from tests.server.way_in import served
from tests.views import robnrun_phone, robnrun_table

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = {"name": "Heist night", "clues": [1, 2, 3, 4, 5, 8], "forbidden": [10, 11, 12],
            "dealers": {"yellow": 3, "green": 2, "white": 1, "red": 0},
            "station": {"yellow": 1, "green": 0, "white": 0, "red": 1},
            "squares": [["yellow", "green"], ["red"], ["green"], ["red"], ["white"]]}
SAFE = {"tools": {"card": 2, "dynamite": 1}, "gold": 3}
CARDS = ["card", "flashlight", "card", "dynamite"]
SECRET = re.compile(r'"secret"|"tools"')


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """A box in its lobby: no game yet."""
    table = Table(Store(tmp_path / "getaway.sqlite"), GAMES)
    table.start()
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))


@pytest.fixture
def page(app: Flask, table: Table) -> FlaskClient:
    """The table page: the host, no seat."""
    return host_browser(app, table)


def save(client: FlaskClient, kind: str, name: str, data: Any) -> tuple[int, dict[str, Any]]:
    return act(client, "table.save", {"game": "robnrun", "kind": kind, "name": name, "data": data})


def saved(table: Table, kind: str) -> dict[str, Any]:
    documents: dict[str, Any] = table.published.public["saved"]["robnrun"][kind]
    return documents


# -- files and QR codes ----------------------------------------------------------------------

def test_a_scenario_goes_out_as_a_file_and_comes_back(page: FlaskClient, table: Table) -> None:
    assert save(page, "scenario", "Heist night", SCENARIO)[0] == 200
    kept = saved(table, "scenario")["Heist night"]
    response = page.get("/api/saved/robnrun/scenario/Heist night.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="robnrun-scenario-Heist-night.json"')
    exported = json.loads(response.get_data(as_text=True))
    assert exported == {"game": "robnrun", "kind": "scenario", "name": "Heist night",
                        "data": kept}
    assert act(page, "table.forget", {"game": "robnrun", "kind": "scenario",
                                      "name": "Heist night"})[0] == 200
    assert "Heist night" not in saved(table, "scenario")
    assert act(page, "table.save", exported)[0] == 200          # the import posts the file
    assert saved(table, "scenario")["Heist night"] == kept


def test_the_example_profile_exports_labelled_and_imports_as_the_boxs_own(
        page: FlaskClient, table: Table) -> None:
    exported = page.get("/api/saved/robnrun/profile/box.json").get_json()
    assert exported["data"]["example"] is True
    exported["data"]["route"]["car"] = 4
    assert act(page, "table.save", exported)[0] == 200
    mine = saved(table, "profile")["box"]
    assert mine["example"] is False and mine["route"]["car"] == 4


def test_a_scenario_is_shared_as_a_qr_code_of_its_file(page: FlaskClient) -> None:
    save(page, "scenario", "Heist night", SCENARIO)
    exported = page.get("/api/saved/robnrun/scenario/Heist night.json").get_json()
    response = page.get("/saved/robnrun/scenario/Heist night/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    payload = json.dumps(exported, ensure_ascii=False, separators=(",", ":"))
    expected = qrcode.make(payload, image_factory=SvgPathFillImage, border=4,
                           error_correction=ERROR_CORRECT_L).to_string()
    assert response.data == expected


@pytest.mark.parametrize("path", ["/api/saved/robnrun/scenario/nothing.json",
                                  "/api/saved/romme/scenario/training.json",
                                  "/saved/robnrun/scenario/nothing/qr.svg"])
def test_a_document_that_is_not_there_is_not_found(page: FlaskClient, path: str) -> None:
    assert page.get(path).status_code == 404


def test_the_documents_are_served_from_the_lobby_only(page: FlaskClient, table: Table) -> None:
    table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 3,
                                                 "options": {"boss": 0}}))
    assert page.get("/api/saved/robnrun/scenario/training.json").status_code == 404


# -- refused documents -----------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "data", "key"), [
    ("scenario", {**SCENARIO, "clues": [1, 2, 3, 4, 5]}, "robnrun.scenario.clues"),
    ("scenario", {**SCENARIO, "clues": [1, 2, 3, 4, 5, 10]}, "robnrun.scenario.forbidden_used"),
    ("scenario", {**SCENARIO, "squares": [["red"], ["red", "green"], ["green"], ["red"],
                                          ["white"]]}, "robnrun.scenario.squares_order"),
    ("scenario", "a scenario", "robnrun.scenario.malformed"),
    ("scenario", {**SCENARIO, "dealers": {"yellow": "3", "green": 2, "white": 1, "red": 0}},
     "robnrun.scenario.dealers_whole"),
    ("scenario", {**SCENARIO, "dealers": {"yellow": None, "green": 2, "white": 1, "red": 0}},
     "robnrun.scenario.dealers_whole"),
    ("scenario", {**SCENARIO, "clues": [1.0, 2, 3, 4, 5, 8]}, "robnrun.scenario.clues_whole"),
    ("scenario", {**SCENARIO, "forbidden": [9.0, 10, 11]}, "robnrun.scenario.forbidden_whole"),
    ("profile", {"name": "ours"}, "robnrun.profile.malformed"),
])
def test_a_refused_document_says_what_to_fix(page: FlaskClient, table: Table, kind: str,
                                             data: Any, key: str) -> None:
    before = table.published.version
    status, body = save(page, kind, "broken", data)
    assert status == 400 and body["error"] == key
    assert body["message"] and not body["message"].startswith("robnrun.")
    assert "Traceback" not in json.dumps(body)
    assert table.published.version == before


def test_a_track_without_numbers_is_refused_with_its_colour(page: FlaskClient) -> None:
    profile = page.get("/api/saved/robnrun/profile/box.json").get_json()["data"]
    profile["stations"]["3"]["green"] = []
    status, body = save(page, "profile", "box", profile)
    assert status == 400
    assert body["message"] == "Station for 3 players: the green track needs its numbers."


# -- the boss's secrets ----------------------------------------------------------------------

@pytest.fixture
def robbery(app: Flask, table: Table) -> dict[str, FlaskClient]:
    """Three seats, the boss on seat 0: a building robbed, clues dealt, the safe entered."""
    table.submit(Action("table.new_game", None, {"game": "robnrun", "seats": 3,
                                                 "options": {"boss": 0}}))
    phones = {"boss": phone(app), "crew": phone(app)}
    join(phones["boss"], 0, "Bea")
    join(phones["crew"], 1, "Carl")
    table.submit(Action("rob", None, {"building": "B1"}))
    table.submit(Action("deal"))
    assert act(phones["boss"], "safes", {"safes": [SAFE]})[0] == 200
    return phones


def first_pushed_view(client: FlaskClient, table: Table) -> str:
    """The view the live stream sends first to the browser ``client`` is."""
    cookies = {name: cookie.value for name in ("getaway_seat", "getaway_host")
               if (cookie := client.get_cookie(name)) is not None}
    retry, event = read_stream(Streams(table, JOIN_CODE), cookies)
    assert retry.startswith(b"retry:")
    return event.decode()


def test_no_crew_phone_and_no_table_page_sees_the_safes(robbery: dict[str, FlaskClient],
                                                       page: FlaskClient,
                                                       table: Table) -> None:
    boss = robnrun_phone(robbery["boss"])["state"]
    assert boss["secret"]["safes"] == [SAFE]
    for client in (robbery["crew"], page):
        assert not SECRET.search(client.get("/api/view").get_data(as_text=True))
        assert not SECRET.search(first_pushed_view(client, table))
    assert SECRET.search(first_pushed_view(robbery["boss"], table))
    for seat in (None, 1, 2):
        assert not SECRET.search(json.dumps(table.published.view(seat, table.clock())))


def test_only_the_boss_phone_enters_and_sorts(robbery: dict[str, FlaskClient], page: FlaskClient,
                                             table: Table) -> None:
    refusals = {"crew": "robnrun.boss_phone", "page": "error.seat_has_phone"}
    for who, client in (("crew", robbery["crew"]), ("page", page)):
        status, body = act(client, "safes", {"safes": [{"tools": {"acid": 3}, "gold": 1}]})
        assert status == 409 and body["error"] == refusals[who]
        status, body = act(client, "openly", {"ask": True})  # the boss has a phone: nobody
        # plays openly for it
        assert status == 409 and body["error"] == ("robnrun.box_only" if who == "crew" else
                                                   "error.seat_has_phone")
    for action in ("start", "crew", "play", "play", "play", "play"):  # white 4 for 3 seats
        table.submit(Action(action))
    assert robnrun_table(table)["phase"] == "alarm"
    for who, client in (("crew", robbery["crew"]), ("page", page)):
        status, body = act(client, "sort", {"cards": CARDS})
        assert status == 409 and body["error"] == refusals[who]
    assert act(robbery["boss"], "sort", {"cards": CARDS})[0] == 200
    assert robnrun_table(table)["phase"] == "evaluation"


def test_a_crew_phones_notes_stay_on_it(robbery: dict[str, FlaskClient], page: FlaskClient) -> None:
    assert act(robbery["crew"], "note", {"text": "ram? no ram"})[0] == 200
    assert robnrun_phone(robbery["crew"])["state"]["notes"] == "ram? no ram"
    for client in (robbery["boss"], page):
        assert "ram? no ram" not in client.get("/api/view").get_data(as_text=True)
    status, body = act(page, "note", {"text": "from the table"})
    assert status == 409 and body["error"] == "robnrun.notes_phone"


# -- the page script's own sentences ---------------------------------------------------------


def test_the_boss_phone_alone_hears_that_a_clue_would_be_false(
        robbery: dict[str, FlaskClient], page: FlaskClient, table: Table) -> None:
    table.submit(Action("start"))
    before, crew_view = table.published.version, robbery["crew"].get("/api/view").data
    false: list[tuple[dict[str, Any], str]] = [
        ({"clue": 1, "tool": "flashlight"}, "robnrun.clue_false.need"),
        ({"clue": 2, "tool": "card"}, "robnrun.clue_false.spare"),
        ({"clue": 3, "count": 3}, "robnrun.clue_false.kinds")]
    for args, key in false:
        status, body = act(robbery["boss"], "clue", args)
        assert status == 409 and body["error"] == key, body
        assert "clue would be false" in body["message"] and "The rule:" in body["message"]
    assert body["message"].startswith("Your safes need 2 different types of tools")
    assert table.published.version == before
    assert robbery["crew"].get("/api/view").data == crew_view
    face_up = robnrun_table(table)["clues"]["face_up"]
    true: dict[int, dict[str, Any]] = {1: {"tool": "dynamite"}, 2: {"tool": "acid"},
                                       3: {"count": 2}}
    clue = next(c for c in face_up if c in true)
    assert act(robbery["boss"], "clue", {"clue": clue, **true[clue]})[0] == 200
