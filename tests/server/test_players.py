"""Players who come back: the table page puts two names of one person together and deletes a
player with their records, in the box's real SQLite history; nobody else may."""

from __future__ import annotations

from flask.testing import FlaskClient

from companion.games.base import Action
from companion.table.owner import Table
from companion.table.records import records
from tests.server.conftest import send_action
from tests.test_players import play_out, romme


def named_games(table: Table, *pairs: tuple[str, str]) -> None:
    """One finished one-round Rommé game for each pair of names at seats 0 and 1 (seat 0
    goes out)."""
    for first, second in pairs:
        table.submit(Action("table.end_game"))
        table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
            "first_player": 0, "rounds": 1}}))
        for seat, name in enumerate((first, second)):
            table.submit(Action("table.rename", None, {"seat": seat, "name": name}))
        for kind in ("resume", "end_turn", "end_turn", "romme"):
            table.submit(Action(kind))
        table.submit(Action("score", None, {"seat": 1, "tiles": [7, 50]}))
        table.submit(Action("confirm_scores"))


def players(table: Table) -> dict[str, tuple[str, int]]:
    found = records(table.history(), table.games)
    return {key: (p.name, p.games["romme"].played) for key, p in found.items()}


def test_the_table_page_puts_two_names_of_one_person_together(
        host_page: FlaskClient, client: FlaskClient, table: Table) -> None:
    named_games(table, ("Anna", "Ben"), ("Annie", "Ben"))
    assert players(table) == {"anna": ("Anna", 1), "annie": ("Annie", 1), "ben": ("Ben", 2)}
    refused = client.post("/api/players/merge", json={"player": "annie", "into": "anna"})
    assert refused.status_code == 403 and refused.json == {
        "error": "error.host_only", "message": "Only the table page and the box may do that."}
    met = host_page.post("/api/players/merge", json={"player": "Ben", "into": "anna"},
                         headers={"Accept-Language": "en"})
    assert met.status_code == 409 and (met.json or {})["error"] == "error.players_met"
    merged = host_page.post("/api/players/merge", json={"player": "Annie", "into": "anna"},
                            headers={"Accept-Language": "de"})
    assert merged.status_code == 200 and merged.json == {
        "changed": 1,
        "message": "1 Spiel von Annie zählt jetzt für Anna. "
        "Annie spielt ab jetzt als Anna weiter."}
    assert players(table) == {"anna": ("Anna", 2), "ben": ("Ben", 2)}
    unknown = host_page.post("/api/players/merge", json={"player": "Cem", "into": "anna"})
    assert unknown.status_code == 400


def test_the_table_page_deletes_a_player_with_their_records(
        host_page: FlaskClient, client: FlaskClient, table: Table) -> None:
    named_games(table, ("Anna", "Ben"), ("Anna", "Cem"))
    assert client.post("/api/players/forget", json={"player": "ben"}).status_code == 403
    forgotten = host_page.post("/api/players/forget", json={"player": "Ben"})
    assert forgotten.status_code == 200 and forgotten.json == {"changed": 1}
    assert set(players(table)) == {"anna", "cem"}
    assert "Ben" not in client.get("/records.json").text
    assert "Ben" not in client.get("/history.csv").text
    page = host_page.get("/records?lang=de").text
    assert 'data-post="/api/players/forget"' in page and "Spieler löschen" in page
    assert 'data-post="/api/players/forget"' not in client.get("/records").text


def test_the_box_forgets_a_player_and_a_merged_name_at_once(
        host_page: FlaskClient, table: Table) -> None:
    named_games(table, ("Annie", "Ben"), ("Anna", "Ben"))
    assert table.published.device["evening"]["standings"] == [["Anna", 1], ["Annie", 1],
                                                              ["Ben", 0]]
    host_page.post("/api/players/merge", json={"player": "Annie", "into": "anna"})
    assert table.published.device["evening"]["standings"] == [["Anna", 2], ["Ben", 0]]
    host_page.post("/api/players/forget", json={"player": "Anna"})
    assert table.published.device["evening"] == {"standings": [["Ben", 0]], "records": {}}


def test_only_the_table_page_links_a_phone_to_an_earlier_player(
        host_page: FlaskClient, client: FlaskClient, table: Table) -> None:
    named_games(table, ("Anna", "Ben"))
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {}}))
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Cem"}))
    assert client.post("/api/join", json={"seat": 1, "name": "Anna"}).status_code == 200
    asked = host_page.get("/api/view?table=1").json or {}
    assert asked["returning"] == [{"seat": 1, "name": "Anna",
                                   "players": [{"id": "anna", "name": "Anna"}]}]
    for body in ({"type": "table.player", "args": {"seat": 1, "player": "anna"}},
                 {"type": "table.player", "args": {"seat": 1, "player": "anna"}, "host": True}):
        refused = send_action(client, body, headers={"Accept-Language": "en"})
        assert refused.status_code == 403, refused.json
        assert (refused.json or {})["error"] in ("error.host_only", "error.host_needed")
    malformed = send_action(host_page, {"type": "table.player", "host": True, "args": {
        "seat": 1, "new": True, "player": "anna#7"}})
    assert malformed.status_code == 400
    linked = send_action(host_page, {"type": "table.player", "host": True,
                                     "args": {"seat": 1, "new": True}})
    assert linked.status_code == 200, linked.json
    assert table.published.public["returning"] == []
    table.submit(Action("table.rename", None, {"seat": 1, "name": "ANNA"}))
    assert table.published.public["returning"] == [], "the seat stays Anna (2)"


def test_a_seat_of_a_merged_player_goes_on_as_the_player_merged_into(
        host_page: FlaskClient, table: Table) -> None:
    named_games(table, ("Annie", "Ben"), ("Anna", "Ben"))
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "rounds": 1}}))
    table.submit(Action("table.rename", None, {"seat": 0, "name": "Annie"}))
    table.submit(Action("table.player", None, {"seat": 0, "player": "annie"}))
    assert (host_page.post("/api/players/merge", json={"player": "annie", "into": "anna"}).json
            or {})["changed"] == 1
    play_on(table)
    assert players(table) == {"anna": ("Anna", 3), "ben": ("Ben", 3)}


def play_on(table: Table) -> None:
    """The game at the table played to its end: seat 0 goes out."""
    for kind in ("resume", "end_turn", "end_turn", "romme"):
        table.submit(Action(kind))
    table.submit(Action("score", None, {"seat": 1, "tiles": [7, 50]}))
    table.submit(Action("confirm_scores"))


def test_a_merge_counts_the_phone_s_later_games_once_under_the_name_merged_into(
        host_page: FlaskClient, table: Table) -> None:
    named_games(table, ("Dave", "Ben"), ("Davey", "Ben"))   # his phone renamed him
    assert table.published.device["evening"]["standings"] == [["Dave", 1], ["Davey", 1],
                                                              ["Ben", 0]]
    merged = host_page.post("/api/players/merge", json={"player": "davey", "into": "dave"},
                            headers={"Accept-Language": "en"})
    assert merged.json == {"changed": 1, "message": "Davey's 1 game now counts for Dave. "
                                                    "Davey plays on as Dave."}
    assert table.published.public["seats"][0]["name"] == "Dave"
    assert table.published.device["evening"]["standings"] == [["Dave", 2], ["Ben", 0]]
    table.submit(Action("table.end_game"))
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {
        "first_player": 0, "rounds": 1}}))
    play_on(table)                                       # the seat's phone plays on
    assert table.published.device["evening"]["standings"] == [["Dave", 3], ["Ben", 0]]
    assert players(table) == {"dave": ("Dave", 3), "ben": ("Ben", 3)}


def test_a_merged_player_sitting_a_game_out_plays_on_as_the_player_merged_into(
        host_page: FlaskClient, table: Table) -> None:
    named_games(table, ("Dave", "Ben"))
    table.submit(Action("table.end_game"))
    romme(table, "Ben", "Cem", "Davey", seats=3)
    play_out(table)
    table.submit(Action("table.end_game"))
    romme(table, seats=2)                                 # Davey sits this one out
    assert [seat["name"] for seat in table.published.public["seats"]] == ["Ben", "Cem"]
    merged = host_page.post("/api/players/merge", json={"player": "davey", "into": "dave"},
                            headers={"Accept-Language": "en"})
    assert merged.json == {"changed": 1, "message": "Davey's 1 game now counts for Dave. "
                                                    "Davey plays on as Dave."}
    table.submit(Action("table.end_game"))
    romme(table, seats=3)
    assert [seat["name"] for seat in table.published.public["seats"]] == ["Ben", "Cem", "Dave"]
    play_out(table)
    assert players(table) == {"dave": ("Dave", 3), "ben": ("Ben", 3), "cem": ("Cem", 2)}
