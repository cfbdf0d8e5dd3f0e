"""The phones' views as JSON: each part the views of a version share is encoded once, a part
that stays the same object (a waiting player's offers) is not encoded again, and the text is
what ``json.dumps`` gives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import JSON, Action
from companion.server.context import Viewer
from companion.server.stream import Streams, _Open
from companion.server.view_json import ViewJson
from companion.table.owner import Table
from companion.table.published import token_hash
from tests.games.test_safehouse_offers import ROLL
from tests.tables import open_table

SEATS = 4


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """Four phones with digital sheets entering a roll of Safehouse."""
    table = open_table(tmp_path / "log.sqlite")
    table.submit(Action("table.new_game", None, {"game": "safehouse", "seats": SEATS,
                                                 "options": {"mode": "sheet"}}))
    for seat, letter in enumerate("SAFE"):
        table.submit(Action("table.claim", None, {"seat": seat, "name": letter,
                                                  "token_hash": token_hash(f"phone{seat}")}))
        table.submit(Action("sheet", seat, {"letter": letter}))
    table.submit(Action("roll", None, ROLL))
    table.submit(Action("go"))
    yield table
    table.stop()


def encoded(streams: Streams, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[JSON]]:
    """What the streams encode as JSON for the four phones' events, and their views."""
    made: list[str] = []
    dumps = json.dumps

    def counted(value: object, **kwargs: object) -> str:
        made.append(dumps(value, **kwargs))  # type: ignore[arg-type]
        return made[-1]
    monkeypatch.setattr(json, "dumps", counted)
    events = [streams._event(_Open(Viewer(f"phone{seat}", None)), streams._latest)
              for seat in range(SEATS)]
    monkeypatch.setattr(json, "dumps", dumps)
    return made, [json.loads(event.split(b"data: ", 1)[1]) for event in events]


def part(view: JSON, *keys: str | int) -> str:
    for key in keys:
        view = view[key]
    return json.dumps(view, separators=(",", ":"))


def test_the_phones_views_share_their_parts_and_keep_a_waiting_sheets_offers(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    streams = Streams(table, "1234")
    made, views = encoded(streams, monkeypatch)
    published = streams.published  # the views say whose phone is here
    assert views == [{**published.view(seat, table.clock()), "host": False}
                     for seat in range(SEATS)]
    players = part(views[0], "state", "players")
    assert sum(text.count(players) for text in made) == 1
    offers = views[0]["state"]["offers"]
    row, field, pick = next((row, field, picks[0]) for row, fields in enumerate(offers)
                            for field, picks in enumerate(fields) if picks)
    table.submit(Action("write", 0, {"row": row, "field": field, "number": pick["number"]}))
    made, after = encoded(streams, monkeypatch)
    for seat in range(1, SEATS):
        assert part(after[seat], "state", "offers") == part(views[seat], "state", "offers")
        assert not any(part(views[seat], "state", "offers") in text for text in made)
    assert part(after[0], "state", "offers") != part(views[0], "state", "offers")


@pytest.mark.parametrize("view", [
    {"a": [1, {"b": "ü"}], "state": {"n": None, "f": 1.5, "x": {"y": [True]}}},
    {"state": {1: "a number for a key", "t": (1, 2)}, "e": {}, "l": []},
    {"deep": {"er": {"and": {"deeper": [{"k": "v"}]}}}, "s": "\"quoted\"\n"},
    {"state": {"one": 1, "zero": 0, "yes": True, "no": False, "big": 10**20, "less": -3,
               "f": 0.1, "e": 1e300, "nan": float("nan"), "emoji": "\U0001f600\u00e9\u2028"}},
])
def test_the_text_is_what_json_dumps_gives(view: dict[str, JSON]) -> None:
    parts = ViewJson()
    for _ in range(3):
        assert parts.encode(view) == json.dumps(view, separators=(",", ":"))
        parts.next_version()
