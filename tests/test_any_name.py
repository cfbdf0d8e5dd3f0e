"""The real box, `getaway run --sim --headless`, and names no font can draw: one sent over HTTP
is refused and the box plays on, also after a restart; one an older box saved is drawn, and
the box starts and plays on."""

from __future__ import annotations

import http.cookiejar
import json
import os
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.games.base import Action
from companion.table.owner import Table
from companion.table.store import Store
from tests.program import Program

READY_S = 60.0
"""Only against a box that never draws: a busy machine may take long to start."""


class Notify:
    """A stand-in for systemd's notify socket: the box says READY=1 with its first frame."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.address = f"@getaway-any-name-{os.getpid()}-{time.monotonic_ns()}"
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind("\0" + self.address[1:])
        self.socket.settimeout(0.5)
        monkeypatch.setenv("NOTIFY_SOCKET", self.address)

    def drawn(self, box: Program) -> None:
        """Wait until ``box`` drew its first frame; fail if it ended first."""
        assert box.process is not None
        deadline = time.monotonic() + READY_S
        while time.monotonic() < deadline:
            assert box.process.poll() is None, f"the box ended (exit {box.process.returncode})"
            try:
                if self.socket.recv(256) == b"READY=1":
                    return
            except TimeoutError:
                continue
        pytest.fail("the box never drew its first frame")


def phone(box: Program) -> urllib.request.OpenerDirector:
    """A phone that scanned the box's QR code."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    opener.open(box.url + box.join_path, timeout=10).close()
    assert post(opener, box, "/api/code", {"code": box.join_path.rsplit("/", 1)[1]})[0] == 200
    return opener


def post(opener: urllib.request.OpenerDirector, box: Program, path: str,
         body: dict[str, object]) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(box.url + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(json.load(response))
    except urllib.error.HTTPError as error:
        return error.code, dict(json.load(error))


def test_a_name_with_a_nul_sent_over_http_never_stops_the_box(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    notify = Notify(monkeypatch)
    box = Program(tmp_path / "data")
    box.start()
    try:
        notify.drawn(box)
        box.post("table.new_game", {"game": "romme", "seats": 2, "options": {}})
        player = phone(box)
        status, answer = post(player, box, "/api/join", {"seat": 0, "name": "a\u0000b"})
        assert (status, answer["error"]) == (400, "error.text_unreadable")
        assert post(player, box, "/api/join", {"seat": 0, "name": "Anna"})[0] == 200
        box.kill()
        box.start()
        notify.drawn(box)
        assert box.view()["seats"][0]["name"] == "Anna"
    finally:
        box.kill()


def test_a_name_no_font_draws_saved_by_an_older_box_is_drawn_and_the_box_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    data.mkdir()
    older = Table(Store(data / "getaway.sqlite"), GAMES)
    older.start()
    older.submit(Action("table.new_game", None, {"game": "romme", "seats": 2, "options": {}}))
    older.submit(Action("table.claim", None, {"seat": 0, "name": "a\u0000b", "token_hash": "t"}))
    older.submit(Action("table.request", None, {"seat": 0, "name": "c\u0000d",
                                                "token_hash": "u"}))
    older.stop()
    notify = Notify(monkeypatch)
    box = Program(data)
    box.start()
    try:
        notify.drawn(box)
        assert box.post("resume") is not None
        assert box.process is not None and box.process.poll() is None
    finally:
        box.kill()
