"""A whole game of Rob 'n Run on the real program: three phones over HTTP, the box's own
steps from the table page, robberies until the airport or the police, the plug pulled once."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.request
from pathlib import Path
from typing import Any

from companion.games.robnrun.pieces import TOOLS
from tests.program import Program

SEATS = 3
MOST_ACTIONS = 600


class Phone:
    """A phone with its own cookies, joined at one seat of the box."""

    def __init__(self, box: Program, seat: int) -> None:
        self.box = box
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        code = box.join_path.rsplit("/", 1)[1]
        self.post("/api/code", {"code": code})
        self.post("/api/join", {"seat": seat, "name": f"Spieler {seat + 1}"})

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.box.url + path, json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        with self.opener.open(request, timeout=10) as response:
            return dict(json.load(response))

    def send(self, kind: str, **args: Any) -> None:
        self.post("/api/action", {"type": kind, "args": args})

    def view(self) -> dict[str, Any]:
        with self.opener.open(self.box.url + "/api/view", timeout=10) as response:
            return dict(json.load(response))


def safes_for(count: int) -> list[dict[str, Any]]:
    """Safes the boss types in: three of one tool each, a different tool per safe."""
    return [{"tools": {TOOLS[i]: 3}, "gold": 1 + i % 3} for i in range(count)]


def sorted_cards(secret: dict[str, Any], rows: dict[str, int], played: int) -> list[str]:
    """The played cards as a crew that guesses well: the tools still needed, then a wrong one."""
    missing = [tool for tool, n in secret["needed"].items() for _ in range(n - rows.get(tool, 0))]
    return (missing + ["jackhammer"] * played)[:played]


def step(box: Program, phones: list[Phone]) -> None:
    """The group's next move, taken by whoever takes it at a real table."""
    state = box.view()["state"]
    boss = phones[state["boss"]]
    phase, prep, crew = state["phase"], state["prepare"], state["crew"]
    if phase == "prepare" and prep["building"] is None:
        building = next(b["id"] for b in state["buildings"] if b["safes"])
        box.post("rob", {"building": building})
    elif phase == "prepare" and not prep["dealt"]:
        box.post("deal")
    elif phase == "prepare" and not prep["safes_entered"]:
        boss.send("safes", safes=safes_for(prep["safes"]))
    elif phase == "prepare":
        boss.send("start")
    elif phase == "clues":
        box.post("crew")
    elif phase == "crew":
        phones[crew["turn"]].send("play")
    elif phase == "alarm":
        secret = boss.view()["state"]["secret"]
        boss.send("sort", cards=sorted_cards(secret, state["rows"], crew["played"]))
    else:
        evaluate(box, state["evaluation"])


def evaluate(box: Program, ev: dict[str, Any]) -> None:
    if ev["step"] == 3 and ev["to_place"] and ev["placeable"]:
        box.post("place", {"building": ev["placeable"][0]})
    elif ev["step"] == 5 and ev["dealer"]:
        box.post("buy", {"cubes": 0})
    else:
        box.post("next")


def crew_never_sees_a_safe(phones: list[Phone], box: Program) -> None:
    state = box.view()["state"]
    playing = state["phase"] not in ("won", "lost")
    for seat, phone in enumerate(phones):
        assert ("secret" in phone.view()["state"]) == (playing and seat == state["boss"])
    assert "secret" not in box.view()["state"]


def test_a_whole_game_to_the_airport_or_the_police(tmp_path: Path) -> None:
    box = Program(tmp_path / "data")
    box.start()
    try:
        box.post("table.new_game", {"game": "robnrun", "seats": SEATS})
        phones = [Phone(box, seat) for seat in range(SEATS)]
        pulled = False
        for _ in range(MOST_ACTIONS):
            if box.view()["state"]["phase"] in ("won", "lost"):
                break
            step(box, phones)
            crew_never_sees_a_safe(phones, box)
            if not pulled and box.view()["state"]["robbery"] == 2:
                before = box.view()
                box.kill()
                box.start()
                after = box.view()
                assert after.pop("join_code") != before.pop("join_code")  # a code a run
                assert after == before
                pulled = True
        final = box.view()
        assert final["state"]["phase"] in ("won", "lost") and pulled
        assert final["outcome"]["won"] == (final["state"]["phase"] == "won")
        history = json.load(urllib.request.urlopen(box.url + "/api/history", timeout=10))["games"]
        assert history[0]["game"] == "robnrun" and history[0]["finished"]
    finally:
        box.kill()
