"""Pull the plug: SIGKILL the running box at random moments of a scripted Rommé evening and
check after every restart that it comes back as last acknowledged, a running turn paused."""

from __future__ import annotations

import http.client
import random
import re
import shutil
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.table.store import CLOCK
from tests.program import Program

KILLS = 50
COMPARED = ("players", "turn", "round", "order", "last", "scoring", "ranking")


def next_action(view: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """What the table does next in the scripted evening, given what it sees."""
    state = view["state"]
    phase = state["phase"]
    if phase in ("ready", "paused"):
        return "resume", {}
    if phase == "scoring":
        missing = state["scoring"]["missing"]
        if missing:
            tiles = [rng.choice((1, 5, 9, 50)) for _ in range(rng.randint(1, 4))]
            return "score", {"seat": missing[0], "tiles": tiles}
        return "confirm_scores", {}
    return rng.choices(["end_turn", "draw", "failed_manipulation", "pause", "romme"],
                       [10, 4, 1, 1, 1])[0], {}


def logged_version(data: Path) -> int:
    with sqlite3.connect(data / "getaway.sqlite") as db:
        return int(db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0])


def play_until_killed(box: Program, rng: random.Random, acked: dict[str, Any]) -> dict[str, Any]:
    """Play on until the plug is pulled; return the last view the box acknowledged."""
    killer = threading.Timer(rng.uniform(0.02, 0.4), box.kill)
    killer.start()
    try:
        while True:
            kind, args = next_action(acked, rng)
            version = box.post(kind, args, acked["version"])
            if version is not None:
                view = box.view()
                assert view["version"] == version
                acked = view
    except (OSError, http.client.HTTPException):
        pass  # the plug was pulled mid-request
    finally:
        killer.join()
    return acked


def assert_comes_back(box: Program, acked: dict[str, Any]) -> dict[str, Any]:
    """After a restart the box shows the last acknowledged state, a running turn paused."""
    logged = logged_version(box.data)
    assert logged in (acked["version"], acked["version"] + 1)  # at most one request in flight
    box.start()
    view = box.view()
    if logged != acked["version"]:
        return view  # the request in flight was saved before the plug was pulled
    was_running = acked["state"]["phase"] == "turn"
    assert view["version"] == acked["version"] + (1 if was_running else 0)
    for key in COMPARED:
        assert view["state"][key] == acked["state"][key], key
    assert view["state"]["phase"] == ("paused" if was_running else acked["state"]["phase"])
    if acked["timer"]:
        assert view["timer"]["running"] is False
        # the time left comes back within 2 s of what it was when the plug was pulled
        assert 0 <= view["timer"]["remaining_ms"] <= acked["timer"]["remaining_ms"] + 2000
    return view


def test_the_box_survives_being_killed_at_random_moments(tmp_path: Path) -> None:
    rng = random.Random(2026)
    box = Program(tmp_path)
    box.start()
    box.post("table.new_game", {"game": "romme", "seats": 3, "options": {"first_player": 0}})
    acked = box.view()
    for _ in range(KILLS):
        acked = play_until_killed(box, rng, acked)
        acked = assert_comes_back(box, acked)
    box.kill()
    assert acked["state"]["round"] > 1 or acked["version"] > 2 * KILLS


SYNCED_ACKS = 12
TRACED = "fsync,fdatasync,write,pwrite64,writev,sendto,sendmsg"


def wal_syncs_before_acks(trace: list[str], wal: str) -> list[tuple[bool, bool]]:
    """For each HTTP answer carrying a version: whether the write-ahead log was written since
    the answer before, and whether every write to it had been fsynced when the answer was sent
    (strace -f -y lines, in the order written)."""
    written, dirty, syncing = False, False, set()
    acks: list[tuple[bool, bool]] = []
    for line in trace:
        pid = line.split(" ", 1)[0]
        if wal in line and re.search(r"\b(pwrite64|write|writev)\(", line):
            written = dirty = True
        elif wal in line and re.search(r"\bf(data)?sync\(", line):
            if "<unfinished ...>" in line:
                syncing.add(pid)
            else:
                dirty = False
        elif re.search(r"<\.\.\. f(data)?sync resumed>", line) and pid in syncing:
            syncing.discard(pid)
            dirty = False
        elif re.search(r'\b(sendto|sendmsg|writev|write)\(.*\{\\"version\\":\d+\}', line):
            acks.append((written, not dirty))
            written = False
    return acks


def test_every_acknowledged_action_was_fsynced_before_its_answer(tmp_path: Path) -> None:
    """Traced with strace: no answer leaves the box while the log holds an unsynced write.

    SIGKILL cannot tell a missing fsync (the kernel still has the data); this can, and it
    fails with ``PRAGMA synchronous=NORMAL`` or ``OFF``.
    """
    if shutil.which("strace") is None:
        pytest.fail("strace is missing: `./dev test` installs it (Debian: strace)")
    trace = tmp_path / "trace.txt"
    box = Program(tmp_path / "data", wrapper=["strace", "-f", "-y", "-s", "300",
                                              "-e", f"trace={TRACED}", "-o", str(trace)])
    box.start()
    try:
        box.post("table.new_game", {"game": "romme", "seats": 3,
                                    "options": {"first_player": 0}})
        acked = box.view()
        rng = random.Random(9)
        for _ in range(SYNCED_ACKS):
            kind, args = next_action(acked, rng)
            if box.post(kind, args, acked["version"]) is not None:
                acked = box.view()
    finally:
        box.kill()
    wal = str(tmp_path / "data" / "getaway.sqlite-wal")
    acks = wal_syncs_before_acks(trace.read_text().splitlines(), wal)
    assert len(acks) >= SYNCED_ACKS // 2, "the answers were not found in the trace"
    assert all(written for written, _ in acks), "an answer went out before its event was logged"
    late = sum(not synced for _, synced in acks)
    assert late == 0, f"{late} of {len(acks)} answers went out before the fsync"


def test_the_time_left_is_saved_in_place_and_synced_every_few_seconds(tmp_path: Path) -> None:
    """A running turn of 9 s, traced: the time left goes to the clock file, 44 bytes each
    save: one as the turn starts, written beside its log's sync, then one every 2 s, each
    synced before the next."""
    if shutil.which("strace") is None:
        pytest.fail("strace is missing: `./dev test` installs it (Debian: strace)")
    trace = tmp_path / "trace.txt"
    box = Program(tmp_path / "data", wrapper=["strace", "-f", "-y", "-e",
                                              "trace=pwrite64,fdatasync", "-o", str(trace)])
    box.start()
    try:
        box.post("table.new_game", {"game": "romme", "seats": 2,
                                    "options": {"first_player": 0}})
        box.post("resume")
        time.sleep(9)  # real time: the cadence of the real program is what is traced
        assert box.view()["timer"]["running"]
    finally:
        box.kill()
    clock = [line for line in trace.read_text().splitlines() if "getaway.sqlite.clock>" in line]
    saves = [line for line in clock if "pwrite64(" in line]
    assert 4 <= len(saves) <= 6, clock
    assert all(line.rstrip().endswith(f"= {CLOCK.size}") for line in saves)
    syncs = ["fdatasync" in line for line in clock]
    assert syncs == [False] + [False, True] * (len(saves) - 1), \
        "a save after the turn's start was not synced before the next"
