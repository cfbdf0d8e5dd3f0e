"""Never a 5xx for a bad request: what a fuzzer found, and a fuzzer kept in the suite.

The fuzz test sends every route (Flask's and the event loop's action endpoint) every method
with random bodies, headers and cookies to the real app on a real Table: 600 seeded requests,
or 10 000 with a new seed when GETAWAY_PROOF=1. Its texts include what strangers tried: names
a spreadsheet would run, control characters, lone surrogates; Origins that are no URL, Hosts
with user info or a bad port, X-Forwarded-For.
"""

from __future__ import annotations

import json
import random
import string
import tempfile
from concurrent.futures import Future
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import Action, GetawayError, Rules
from companion.games.gendarm.rules import RULES as GENDARM_RULES
from companion.games.robnrun.rules import RULES as ROBNRUN_RULES
from companion.games.romme.rules import RULES as ROMME_RULES
from companion.games.safehouse.rules import RULES as SAFEHOUSE_RULES
from companion.server.actions import PATH as ACTION_PATH
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.rules import TABLE_STEPS
from companion.table.store import Store
from tests.proof import PROOF, examples
from tests.server.conftest import JOIN_CODE, host_browser, send_action
from tests.server.way_in import served

METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
ACTIONS = sorted({*TABLE_STEPS, *ROMME_RULES.steps, *ROBNRUN_RULES.steps,
                  *GENDARM_RULES.steps, *SAFEHOUSE_RULES.steps, "timeout", "nonsense"})
OPTION_NAMES = sorted({option.name for game in GAMES.values() for option in game.options})
DOCUMENTS = [(game_id, kind, data) for game_id, game in sorted(GAMES.items())
             for kind, named in sorted(game.documents.builtin.items())
             for data in named.values()]
ARG_NAMES = ["seat", "game", "seats", "options", "tiles", "name", "language", "ssid",
             "password", "show", "kind", "data", "building", "clue", "count", "cubes", "safes",
             "text", "tool", "cards", "version", "code", "type", "args", "x", "rolls",
             "starter", "number", "value", "gendarme", "hideout", "option", "faces", "dice",
             "row", "field", "arrow", "status", *OPTION_NAMES]
HOSTS = ["192.168.1.20:8000"] * 12 + ["localhost", "x" * 64, "x..y", "", "[::1]", "[::1",
                                      "attacker.example", "192.168.1.20:99999", "ä.example",
                                      "evil.example@192.168.1.20:8000", "u:p@localhost",
                                      "192.168.1.20:8000@evil.example", "localhost:0",
                                      "localhost:", "192.168.1.20:80:80"]
ORIGINS = ["http://192.168.1.20:8000", "http://[::1", "http://[", "http://]", "http://[x]",
           "null", "http://evil.example", "http://u@192.168.1.20:8000", "http://:99999", "//"]
AWKWARD = ['=HYPERLINK("x.io")', "+1", "-1+2", "@SUM(1)", "\t=1", "\r=1", "a\x00b", "\x1b[2J",
           "\x7f", "\u0085", "\u2028", "\ud800", "a\udfffb", "\ufeff", "\u202e"]
"""Texts strangers sent as names: formulas, control characters, lone surrogates."""
CONTENT_TYPES = ["application/json"] * 4 + ["text/plain", "",
                                            "application/x-www-form-urlencoded"]
HEADERS = ["Origin", "Accept-Language", "Cookie", "Referer", "X-Forwarded-For",
           "X-Forwarded-Proto", "Forwarded"]
COOKIES = ["getaway_seat", "getaway_join", "getaway_host", "lang"]
REQUESTS = examples(600)
"""Seeded in a normal run (the same requests every time), a new seed in the proof."""


def text(rng: random.Random, size: int = 12) -> str:
    """Random printable text with a few awkward characters a header may carry."""
    alphabet = string.printable.strip() + "äß€\t;=,\"'"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(size + 1)))


def name(rng: random.Random) -> str:
    """A random text, often one of the awkward ones or with one inside."""
    kind = rng.randrange(4)
    if kind == 0:
        return rng.choice(AWKWARD)
    if kind == 1:
        return text(rng, 6) + rng.choice(AWKWARD) + text(rng, 6)
    return text(rng)


def header(rng: random.Random, which: str) -> str:
    """A random value for the header ``which``, in the shapes strangers sent."""
    if which == "Origin" and rng.random() < 0.7:
        return rng.choice(ORIGINS)
    if which.startswith("X-Forwarded") or which == "Forwarded":
        return rng.choice(["10.9.8.7", "127.0.0.1, 10.0.0.1", "https", "for=1.2.3.4",
                           text(rng, 20)])
    return text(rng, 40)


def value(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value: every type, edge numbers, nesting."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 6:
        return [value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind >= 7:
        names = ARG_NAMES if kind == 8 else [text(rng, 6) for _ in range(3)]
        return {rng.choice(names): value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return [None, rng.random() < 0.5, rng.choice([0, 1, -1, 2**63, -2**70, 7]),
            rng.choice([1.0, 0.5, -0.0, 1e308]), name(rng), rng.randrange(40)][kind]


def mutated(rng: random.Random, data: Any) -> Any:
    """A built-in document with one place (a number, a list, a name) set to a random value."""
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(sorted(data))
        return {**data, key: mutated(rng, data[key])}
    if isinstance(data, list) and data and rng.random() < 0.8:
        index = rng.randrange(len(data))
        return [*data[:index], mutated(rng, data[index]), *data[index + 1:]]
    return value(rng)


def body(rng: random.Random, path: str) -> bytes:
    kind = rng.randrange(10 if path == ACTION_PATH else 7)
    if kind >= 7:  # a seat's own name, as the seated phone may send it
        return json.dumps({"type": "table.rename", "args": {
            "seat": rng.choice([0, 0, 1]), "name": name(rng)}}).encode()
    if kind >= 5:
        game, kind_of, data = rng.choice(DOCUMENTS)
        return json.dumps({"type": "table.save", "args": {
            "game": game, "kind": kind_of, "name": name(rng) or "x",
            "data": mutated(rng, data)}}).encode()
    if kind == 0:
        return b"[" * rng.choice([2, 1000, 10_000, 100_000])
    if kind == 1:
        return rng.randbytes(rng.randrange(200))
    if kind == 2:
        return json.dumps(rng.choice([value(rng), {"seat": rng.randrange(-1, 4),
                                                   "name": name(rng)}])).encode()
    args = {rng.choice(ARG_NAMES): value(rng) for _ in range(rng.randrange(4))}
    return json.dumps({"type": rng.choice(ACTIONS), "args": args,
                       "version": rng.choice([None, 0, -1, 3, 2**64, "1", 1.5])}).encode()


def route(app: Flask, rng: random.Random) -> tuple[str, str]:
    """(method, path): any route with random values in its variable parts, the API's POST
    routes more often, mostly with a method the route takes, so most get past the router."""
    rules = [(rule.rule, sorted(rule.methods or ())) for rule in app.url_map.iter_rules()]
    rules += [(rule, methods) for rule, methods in rules if "POST" in methods] * 3
    rules += [(ACTION_PATH, ["POST"])] * 8
    rule, methods = rng.choice(sorted(rules))
    parts = rule.replace(">", "<").split("<")
    for n in range(1, len(parts), 2):
        parts[n] = rng.choice([str(rng.randrange(-1, 2**70)), text(rng).replace("/", "")]) or "x"
    taken = [m for m in methods if m != "OPTIONS"]
    return rng.choice(taken * 4 + METHODS), "".join(parts)


def answer(client: FlaskClient, method: str, path: str, sent: bytes,
           headers: dict[str, str]) -> tuple[int, bytes]:
    """The status and the start of what the box answers, from the event loop for an action."""
    if path == ACTION_PATH:
        kept = {key: value for key, value in headers.items() if key != "Content-Type"}
        taken = send_action(client, data=sent, headers=kept, method=method,
                            content_type=headers["Content-Type"])
        return taken.status_code, taken.data
    # Unbuffered, and only the first two pieces: a live stream never ends.
    response = client.open(path, method=method, data=sent, headers=headers, buffered=False)
    start = b"".join(islice(response.iter_encoded(), 2))
    response.close()
    return response.status_code, start


def box_with_game(data: Path, game: str = "romme") -> tuple[Table, Flask]:
    table = Table(Store(data / "getaway.sqlite"), GAMES)
    table.start()
    seats = min(3, GAMES[game].max_seats)
    table.submit(Action("table.new_game", None, {"game": game, "seats": seats}))
    return table, served(create_app(table, public_url="http://192.168.1.20:8000",
                                     join_code=JOIN_CODE))


def still_playable(table: Table) -> None:
    """The box (which may do anything) ends whatever the fuzzer left and plays a turn."""
    if table.published.public.get("game") is not None:
        table.submit(Action("table.end_game"))
    before = table.submit(Action("table.new_game", None, {
        "game": "romme", "seats": 2, "options": {"first_player": 0}}))
    assert table.submit(Action("resume")) == before + 1
    assert table.submit(Action("end_turn")) == before + 2
    assert table.published.public["state"]["turn"] == 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fuzzer_gets_no_5xx_and_the_game_stays_playable(game: str) -> None:
    seed = random.randrange(2**32) if PROOF else 2026
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as data:
        table, app = box_with_game(Path(data), game)
        seated = app.test_client()
        seated.post("/api/code", json={"code": JOIN_CODE})
        seated.post("/api/join", json={"seat": 0, "name": "Anna"})
        host = host_browser(app, table)
        try:
            for n in range(REQUESTS):
                client = rng.choice([seated, host, app.test_client()])
                if client not in (seated, host):  # they keep their seat and host cookies
                    for name in rng.sample(COOKIES, rng.randrange(3)):
                        client.set_cookie(name, text(rng, 40))
                method, path = route(app, rng)
                headers = {"Host": HOSTS[0], "Content-Type": "application/json"}
                if rng.random() < 0.6:  # else only the body is strange, so it gets deep
                    headers = {"Host": rng.choice(HOSTS),
                               "Content-Type": rng.choice(CONTENT_TYPES)}
                    for which in rng.sample(HEADERS, rng.randrange(4)):
                        headers[which] = header(rng, which)
                sent = body(rng, path)
                code, start = answer(client, method, path, sent, headers)
                assert code < 500, (seed, n, method, path, headers, sent[:80], start[:200])
                assert b"Traceback" not in start
            still_playable(table)
        finally:
            table.stop()


@pytest.mark.parametrize("path", ["/api/action", "/api/join", "/api/claim", "/api/code"])
def test_json_nested_deeper_than_the_decoder_goes_is_a_bad_request(client: FlaskClient,
                                                                     path: str) -> None:
    response = client.post(path, data="[" * 1000, content_type="application/json")
    assert response.status_code == 400
    assert (response.json or {})["error"] == "error.action_malformed"


def test_a_game_number_too_big_for_sqlite_is_no_game(client: FlaskClient) -> None:
    assert client.get("/history/9223372036854775808").status_code == 404
    assert client.get("/history/9223372036854775807").status_code == 404


@pytest.mark.parametrize("host", ["x" * 64, "x..y", "attacker.example"])
@pytest.mark.parametrize("path", ["/", "/table", "/history", "/nothing", "/api/view"])
def test_an_unusable_host_is_refused_with_a_sentence(client: FlaskClient, host: str,
                                                     path: str) -> None:
    response = client.get(path, headers={"Host": host, "Accept-Language": "en"})
    assert response.status_code == 400
    assert b"Traceback" not in response.data
    assert b"does not understand this request" in response.data


def test_a_full_disk_is_507_with_a_sentence(host_page: FlaskClient, table: Table,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: Any, **kwargs: Any) -> Future[int]:
        failed: Future[int] = Future()
        failed.set_exception(GetawayError("error.disk_full"))  # the Table's when SQLite fails
        return failed

    monkeypatch.setattr(table, "post", full)
    response = send_action(host_page, {"type": "resume"}, headers={"Accept-Language": "en"})
    assert response.status_code == 507
    assert (response.json or {})["error"] == "error.disk_full"
    assert "not saved" in (response.json or {})["message"]


def logged(table: Table) -> int:
    return table.published.version


@pytest.mark.parametrize("kind, args, key", [
    ("table.language", {"language": "en", "junk": "x" * 63_000}, "error.argument_unknown"),
    ("table.language", {"language": "en", "junk": 1}, "error.argument_unknown"),
    ("table.show_wifi", {"show": 1}, "error.argument_type"),
    ("table.new_game", {"game": "romme", "seats": 2.0}, "error.argument_type"),
    ("table.new_game", {"game": "romme", "seats": True}, "error.argument_type"),
    ("table.save", {"game": "robnrun", "kind": "scenario", "name": "Big",
                    "data": {"notes": "x" * 20_000}}, "error.action_too_large"),
    ("score", {"seat": 1, "tiles": [5], "bonus": 100}, "error.argument_unknown"),
    ("end_turn", {"seat": 1}, "error.argument_unknown"),
])
def test_arguments_no_action_declares_never_reach_the_log(host_page: FlaskClient, table: Table,
                                                          kind: str, args: dict[str, Any],
                                                          key: str) -> None:
    before = logged(table)
    response = send_action(host_page, {"type": kind, "args": args})
    assert response.status_code == 400, response.json
    assert (response.json or {})["error"] == key
    assert logged(table) == before


def test_a_float_or_a_bool_is_no_whole_number_for_rob_n_run(tmp_path: Path) -> None:
    """Found by a fuzzer: ``cubes: 1.0`` at the dealer's offer was a 500; ``gold: true`` on a
    safe was taken for 1."""
    table, app = box_with_game(tmp_path, "robnrun")
    try:
        client = host_browser(app, table)
        before = logged(table)
        for kind, args in (("buy", {"cubes": 1.0}), ("buy", {"cubes": True}),
                           ("clue", {"clue": 3, "count": 2.0})):
            answer = send_action(client, {"type": kind, "args": args})
            assert answer.status_code == 400
            assert (answer.json or {})["error"] == "error.argument_type"
        assert logged(table) == before
    finally:
        table.stop()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_action_of_a_game_declares_its_arguments(game: str) -> None:
    known: dict[str, Rules[Any]] = {"romme": ROMME_RULES, "robnrun": ROBNRUN_RULES,
                                    "safehouse": SAFEHOUSE_RULES, "gendarm": GENDARM_RULES}
    assert GAMES[game].rules is known[game]
    assert set(GAMES[game].arguments) == set(known[game].steps)
