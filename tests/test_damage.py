"""The damage table: each way the SD card's data is found damaged, or refuses writes, on a real
SQLite file with a real Table (a real `getaway run` where the files of a killed process or the
kernel's refusals matter). The box starts, keeps a copy of what it could not read, tells the
group on its screen and the table page, and every acknowledged step it can read is there."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.device.display import run_display
from companion.device.painters import Fonts
from companion.device.painters.palette import DANGER
from companion.games import GAMES
from companion.games.base import Action
from companion.i18n import Told
from companion.runtime import (
    DATABASE,
    DATABASE_PARTIAL,
    DATABASE_REPAIRED,
    notices,
    open_store,
    start_table,
)
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.state import TableState
from companion.table.store import Store
from companion.table.unsaved import FULL_NOT_SAVING, NOT_SAVING, WatchedStore
from tests.clock import FakeClock
from tests.device.test_display import Panel
from tests.program import Program
from tests.server.way_in import served
from tests.test_players import play_out, romme
from tests.test_read_only import mount_namespaces

ROMME = {"game": "romme", "seats": 3, "options": {"first_player": 0}}
EVENING = ("resume", "end_turn", "draw", "end_turn", "pause", "table.end_game",
           "table.new_game", "resume", "end_turn", "end_turn", "pause")
"""Two games of Rommé, the first ended early: two snapshots and a game in the history."""


def play_evening(data: Path) -> None:
    """The evening on a real Table in ``data``, closed in order (the log checkpointed)."""
    data.mkdir()
    store, _ = open_store(data)
    table = Table(store, GAMES, clock=FakeClock(), chance=random.Random(1))
    table.start()
    table.submit(Action("table.new_game", None, ROMME))
    for kind in EVENING:
        table.submit(Action(kind, None, ROMME if kind == "table.new_game" else {}))
    table.stop()
    store.close()


@dataclass
class Started:
    """The box's start on a data folder, as `getaway run` does it, in this process."""

    store: WatchedStore
    table: Table
    told: Callable[[], Told | None]
    """What the screen and the table page say."""

    @property
    def state(self) -> dict[str, Any]:
        return dict(self.table.published.public["state"])


@contextlib.contextmanager
def started(data: Path) -> Iterator[Started]:
    store, recovery = open_store(data)
    table = Table(store, GAMES, clock=FakeClock(), chance=random.Random(2))
    start_table(store, table)
    try:
        yield Started(store, table, notices(store, table, recovery))
    finally:
        table.stop()
        store.close()


def files(data: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(data.iterdir()) if path.is_file()}


def sql(data: Path, statement: str) -> None:
    with sqlite3.connect(data / DATABASE) as db:
        db.execute(statement)
    db.close()


def last_seq(data: Path, table: str = "events") -> int:
    with sqlite3.connect(data / DATABASE) as db:
        found = int(db.execute(f"SELECT MAX(seq) FROM {table}").fetchone()[0])
    db.close()
    return found


def readable_only(clean: Path, unreadable: set[int]) -> dict[str, Any]:
    """The state the undamaged log gives without the ``unreadable`` events: what the box
    must come back to."""
    for seq in unreadable:
        sql(clean, f"DELETE FROM events WHERE seq = {seq}")
    with started(clean) as box:
        return box.state


# -- the damages, each done to a closed, checkpointed log; the events it leaves unreadable --

def flip_a_byte_of_the_last_event(data: Path) -> set[int]:
    """One bit of the last event's JSON text turned over inside the file: SQLite's own
    checks still say ok, the text is no UTF-8 any more."""
    seq = last_seq(data)
    query = f"SELECT CAST(body AS BLOB) FROM events WHERE seq = {seq}"
    body = read(data, query)
    image = (data / DATABASE).read_bytes()
    at = image.find(body)
    while True:  # the same text may be an earlier event's too: flip the last event's
        flipped = bytearray(image)
        flipped[at + len(body) // 2] ^= 0x80
        (data / DATABASE).write_bytes(bytes(flipped))
        if read(data, query) != body:
            break
        at = image.index(body, at + 1)
    assert read(data, "PRAGMA integrity_check") == b"ok"
    return {seq}


def read(data: Path, query: str) -> bytes:
    with sqlite3.connect(data / DATABASE) as db:
        found = db.execute(query).fetchone()[0]
    db.close()
    return found if isinstance(found, bytes) else str(found).encode()


def last_event_not_json(data: Path) -> set[int]:
    seq = last_seq(data)
    sql(data, f"UPDATE events SET body = '{{\"type\": \"pau' WHERE seq = {seq}")
    return {seq}


def event_of_the_wrong_shape(data: Path) -> set[int]:
    seq = last_seq(data)
    sql(data, f"UPDATE events SET body = '{{\"type\": [\"pause\"]}}' WHERE seq = {seq}")
    return {seq}


def event_now_refused(data: Path) -> set[int]:
    """A step this Getaway refuses (a seat the table does not have) in the middle of the log."""
    seq = last_seq(data) - 2
    sql(data, f"UPDATE events SET body = '{{\"type\": \"table.rename\", \"args\": "
              f"{{\"seat\": 9, \"name\": \"Mo\"}}}}' WHERE seq = {seq}")
    return {seq}


def newest_snapshot_damaged(data: Path) -> set[int]:
    seq = last_seq(data, "snapshots")
    sql(data, f"UPDATE snapshots SET body = substr(body, 1, 40) WHERE seq = {seq}")
    return set()


DAMAGES: dict[str, tuple[Callable[[Path], set[int]], str]] = {
    "flipped byte in the last event": (flip_a_byte_of_the_last_event, DATABASE_PARTIAL),
    "last event not JSON": (last_event_not_json, DATABASE_PARTIAL),
    "event of the wrong shape": (event_of_the_wrong_shape, DATABASE_PARTIAL),
    "event now refused": (event_now_refused, DATABASE_PARTIAL),
    "newest snapshot damaged": (newest_snapshot_damaged, DATABASE_REPAIRED),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_log_starts_keeps_the_evidence_and_says_so(tmp_path: Path,
                                                             damage: str) -> None:
    data = tmp_path / "data"
    play_evening(data)
    shutil.copytree(data, tmp_path / "clean")
    do, notice = DAMAGES[damage]
    unreadable = do(data)
    found = files(data)
    expected = readable_only(tmp_path / "clean", unreadable)
    with started(data) as box:
        assert box.state == expected  # every step that can be read is there
        assert box.told() == Told(notice, len(unreadable) or None)
        assert box.table.replayed.skipped == len(unreadable)
        kept = box.table.replayed.kept
        assert kept == data / f"{DATABASE}.damaged-1"
        assert kept.read_bytes() == found[DATABASE]  # the files as they were found
        box.table.submit(Action("resume"))  # and it plays on; told until then
        assert box.told() is None


def test_a_step_that_raises_on_replay_is_skipped_and_told(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Whatever a step does on replay (here: a rename raising as the screen's text drawing
    did for a name with a NUL), the box starts."""
    data = tmp_path / "data"
    play_evening(data)
    seq = last_seq(data) - 1
    sql(data, f"UPDATE events SET body = '{{\"type\": \"table.rename\", \"args\": "
              f"{{\"seat\": 0, \"name\": \"a\\u0000b\"}}}}' WHERE seq = {seq}")
    real = TableState.__init__

    def refuse_nul(state: TableState, *args: Any, **kwargs: Any) -> None:
        real(state, *args, **kwargs)
        if any(seat.name and "\0" in seat.name for seat in state.seats):
            raise ValueError("A null character was found in the text")

    monkeypatch.setattr(TableState, "__init__", refuse_nul)
    with started(data) as box:
        assert box.told() == Told(DATABASE_PARTIAL, 1)
        assert box.state["phase"] == "paused"


def test_a_damaged_history_row_is_an_unreadable_game_not_a_500(tmp_path: Path) -> None:
    data = tmp_path / "data"
    play_evening(data)
    with started(data) as box:
        box.table.submit(Action("table.end_game"))
    sql(data, "UPDATE history SET body = 'no json' WHERE game_seq = 1")
    sql(data, "UPDATE history SET ended_at = CAST(X'FF3A' AS TEXT) WHERE game_seq > 1")
    with started(data) as box:
        client = served(create_app(box.table, public_url="http://box")).test_client()
        answer = client.get("/api/history")
        assert answer.status_code == 200
        newest, damaged = (answer.json or {})["games"]
        assert (newest["game"], newest["ended_at"], newest.get("unreadable")) == (
            "romme", "\ufffd:", None)
        assert (damaged["id"], damaged["unreadable"]) == (1, True)
        assert damaged["title"]["en"].startswith("Unreadable game")
        for page in ("/history", "/history.csv", "/history.json", "/history/1",
                     f"/history/{newest['id']}"):
            assert client.get(page).status_code == 200, page


# -- a killed box's write-ahead log, a full and a read-only card: the real program ---------

def play_until_killed(data: Path, steps: int, *, running: bool) -> tuple[Program, dict[str, Any]]:
    """A real box that played ``steps`` acknowledged steps of Rommé, then lost its power
    (the write-ahead log not checkpointed); its last acknowledged view."""
    box = Program(data)
    box.start()
    box.post("table.new_game", ROMME)
    box.post("resume")
    for _ in range(steps - 3):
        box.post("end_turn")
    if not running:
        box.post("pause")
    acked = box.view()
    box.kill()
    return box, acked


def restarted(box: Program, wrapper: list[str]) -> Program:
    """The same box started again (same port, the same table page's browser) under
    ``wrapper``."""
    again = Program(box.data, wrapper=wrapper)
    again.port, again.cookies, again.host = box.port, box.cookies, box.host
    return again


def logged(data: Path) -> list[tuple[int, str]]:
    """The events of the log in ``data`` (read from a copy: reading leaves no trace)."""
    copy = data.with_name(data.name + "-read")
    shutil.copytree(data, copy)
    with sqlite3.connect(copy / DATABASE) as db:
        events = db.execute("SELECT seq, body FROM events ORDER BY seq").fetchall()
    db.close()
    shutil.rmtree(copy)
    return events


def table_page(box: Program) -> str:
    with box.host.open(box.url + "/table", timeout=10) as response:
        return str(response.read().decode())


def test_a_zeroed_log_header_is_kept_mended_and_told(tmp_path: Path) -> None:
    data = tmp_path / "data"
    box, acked = play_until_killed(data, 20, running=False)
    wal = data / f"{DATABASE}-wal"
    wal.write_bytes(bytes(32) + wal.read_bytes()[32:])
    found = files(data)
    box.start()
    try:
        view = box.view()
        assert view["version"] == acked["version"]  # all 20 acknowledged steps
        assert view["state"] == acked["state"]
        assert "The saved game was damaged and is all back" in table_page(box)
        box.post("resume")
    finally:
        box.kill()
    kept = data / f"{DATABASE}.damaged-1"
    assert (kept.read_bytes(), Path(f"{kept}-wal").read_bytes()) == (
        found[DATABASE], found[wal.name])


LIMIT_FILE_SIZE = ("import os, resource, sys; n = int(sys.argv[1]); "
                   "resource.setrlimit(resource.RLIMIT_FSIZE, (n, n)); "
                   "os.execv(sys.argv[3], sys.argv[3:])")


def file_size_limit(size: int) -> list[str]:
    """Run the program so that the kernel grows no file past ``size`` bytes (RLIMIT_FSIZE):
    as on a full card, every write past it fails (EFBIG instead of ENOSPC), and SQLite's
    write fails as it does there. Needs no privileges."""
    return [sys.executable, "-c", LIMIT_FILE_SIZE, str(size), "--"]


def test_a_full_card_at_a_restart_in_a_running_turn_plays_on_unsaved(tmp_path: Path) -> None:
    data = tmp_path / "data"
    box, acked = play_until_killed(data, 15, running=True)
    shutil.copytree(data, tmp_path / "found")
    found = files(data)
    limit = max(len(body) for body in found.values())
    assert limit == len(found[f"{DATABASE}-wal"]) > 32768  # the log is the file that grows
    full = restarted(box, file_size_limit(limit))
    full.start()
    try:
        view = full.view()
        assert view["state"]["players"] == acked["state"]["players"]
        assert (view["version"], view["state"]["phase"]) == (acked["version"] + 1, "paused")
        assert "The SD card is full (or failing): playing on without saving" in table_page(full)
        assert full.post("resume") == view["version"] + 1
    finally:
        full.kill()
    assert logged(data) == logged(tmp_path / "found")  # no unsaved step reached the card


def test_a_full_card_at_the_start_plays_on_unsaved_in_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, told on the box's screen: the Table's start on a log that cannot grow."""
    data = tmp_path / "data"
    data.mkdir()
    store, _ = open_store(data)
    table = Table(store, GAMES, clock=FakeClock(), chance=random.Random(1))
    table.start()
    table.submit(Action("table.new_game", None, ROMME))
    table.submit(Action("resume"))
    table.stop()
    store.close()
    store, recovery = open_store(data)
    store._db.execute("PRAGMA query_only = 1")  # every write refused ...
    monkeypatch.setattr("companion.table.unsaved._read_only", lambda path, error: False)  # as full
    table = Table(store, GAMES, clock=FakeClock())
    start_table(store, table)
    try:
        told = notices(store, table, recovery)
        assert table.published.public["state"]["phase"] == "paused"
        assert told() == Told(FULL_NOT_SAVING)
        table.submit(Action("resume"))
        assert told() == Told(FULL_NOT_SAVING)
    finally:
        table.stop()
        store.close()


class Card:
    """An SD card in small: an 8 MB ext4 image on a loop device, mounted with
    ``errors=remount-ro`` as Raspberry Pi OS mounts its root, in a mount namespace of its own
    that a sleeping process holds; the box runs in it through ``wrapper``."""

    def __init__(self, tmp_path: Path) -> None:
        self.image, self.mount = tmp_path / "card.img", tmp_path / "card"
        self.mount.mkdir()
        with open(self.image, "wb") as image:
            image.truncate(8 << 20)
        subprocess.run(["mkfs.ext4", "-q", "-b", "4096", str(self.image)], check=True,
                       timeout=30)  # 4 KB blocks, as on the card: one a page of SQLite
        self.holder = subprocess.Popen(
            ["unshare", "--mount", "--propagation", "private", "sh", "-c",
             'mount -o loop,errors=remount-ro "$0" "$1" && findmnt -no SOURCE "$1" && '
             "exec sleep 600", str(self.image), str(self.mount)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.holder.stdout is not None
        device = Path(self.holder.stdout.readline().strip()).name
        self.trigger = Path(f"/sys/fs/ext4/{device}/trigger_fs_error")
        if not device or not self.trigger.exists():
            self.close()
            pytest.skip("no loop device, or ext4 cannot be made to fail on purpose here")
        self.wrapper = ["nsenter", "--target", str(self.holder.pid), "--mount", "--"]

    def seen(self, path: Path) -> Path:
        """``path`` on the card, as this process can read it."""
        return Path(f"/proc/{self.holder.pid}/root{path}")

    def fail(self) -> None:
        """An error on the card: the kernel remounts it read-only at once (writes to open
        files fail with EIO, new files with EROFS; access() and statvfs still say rw)."""
        self.trigger.write_text("1")

    def fill(self) -> None:
        """Fill the card up to its last block (root's reserve too): ENOSPC from now on."""
        with open(self.seen(self.mount / "filler"), "wb", buffering=0) as filler:
            with contextlib.suppress(OSError):
                while True:
                    filler.write(bytes(1 << 16))
            with contextlib.suppress(OSError):
                while True:
                    filler.write(bytes(512))

    def close(self) -> None:
        self.holder.kill()
        self.holder.wait()


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Card]:
    if os.geteuid() != 0 or not all(map(shutil.which, ("unshare", "nsenter", "mkfs.ext4"))):
        pytest.skip("needs root, unshare, nsenter and mkfs.ext4 to mount a card image")
    if not mount_namespaces() or not Path("/dev/loop-control").exists():
        pytest.skip("needs a private mount namespace and loop devices")
    mounted = Card(tmp_path)
    yield mounted
    mounted.close()


def test_a_card_remounted_read_only_while_playing_plays_on_unsaved(card: Card) -> None:
    data = card.mount / "data"
    box = Program(data, wrapper=card.wrapper)
    box.start()
    try:
        box.post("table.new_game", ROMME)
        saved = box.post("resume")
        assert saved is not None
        card.fail()
        found = files(card.seen(data))
        del found[f"{DATABASE}-shm"]  # SQLite's index of the log in shared memory
        try:
            played = box.post("end_turn")
        except urllib.error.HTTPError as error:
            pytest.fail(f"the step was refused with {error.code}")
        assert played == saved + 1
        assert "The SD card is read-only: playing on without saving" in table_page(box)
    finally:
        box.kill()
    assert {name: body for name, body in files(card.seen(data)).items() if name in found} == found
    again = restarted(box, card.wrapper)  # systemd starts it again, the card still read-only
    again.start()
    try:
        view = again.view()
        assert (view["version"], view["state"]["phase"]) == (saved + 1, "paused")
        assert "The SD card is read-only: playing on without saving" in table_page(again)
        assert again.post("resume") == saved + 2
    finally:
        again.kill()


@pytest.mark.parametrize("stopped", ["killed", "stopped in order"])
def test_a_full_card_at_a_restart_in_a_running_turn_plays_on_unsaved_ext4(card: Card,
                                                                          stopped: str) -> None:
    """The same on a real file system that is full (ENOSPC), after a power cut (the log's
    files are there) or an orderly stop (SQLite must make them anew, and cannot)."""
    data = card.mount / "data"
    box = Program(data, wrapper=card.wrapper)
    box.start()
    box.post("table.new_game", ROMME)
    saved = box.post("resume")
    if stopped == "killed":
        box.kill()
    else:
        assert box.process is not None and box.process.stdout is not None
        box.process.terminate()
        assert box.process.wait(timeout=30) == 0
        box.process.stdout.close()
        assert not card.seen(data / f"{DATABASE}-wal").exists()
    card.fill()
    full = restarted(box, card.wrapper)
    full.start()
    try:
        view = full.view()
        assert (view["version"], view["state"]["phase"]) == (saved and saved + 1, "paused")
        assert "The SD card is full (or failing): playing on without saving" in table_page(full)
        assert full.post("resume") == view["version"] + 1
    finally:
        full.kill()
    assert sorted(path.name for path in card.seen(data).iterdir()
                  if ".damaged" in path.name) == []  # a full card is no damaged game


def test_the_screen_tells_a_card_that_turned_read_only(tmp_path: Path) -> None:
    """In process: a write refused because the database is read-only moves the log to
    memory, and the screen's notice says so, for good."""
    store, recovery = open_store(tmp_path)
    table = Table(store, GAMES, clock=FakeClock(), chance=random.Random(1))
    start_table(store, table)
    try:
        told = notices(store, table, recovery)
        table.submit(Action("table.new_game", None, ROMME))
        store._db.execute("PRAGMA query_only = 1")  # SQLITE_READONLY from now on
        version = table.submit(Action("resume"))
        assert told() == Told(NOT_SAVING)
        assert store.path.parent != tmp_path
        assert table.submit(Action("pause")) == version + 1
    finally:
        table.stop()
        store.close()


def band(table: Table, told: Told) -> pygame.Surface:
    """The first frame the box's screen shows with ``told`` in its band."""
    frames: list[pygame.Surface] = []
    stop = threading.Event()

    def seen(frame: pygame.Surface) -> None:
        frames.append(frame.copy())
        stop.set()

    run_display(table, Panel(), lambda: "http://10.0.0.2:8000/", window=False, stop=stop,
                on_frame=seen, notice=lambda: told)
    return frames[0]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_screen_says_how_many_steps_are_missing(tmp_path: Path, lang: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The band is short enough for the count to be seen (not cut off after "The saved…")."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    with started(tmp_path) as box:
        box.table.submit(Action("table.language", None, {"language": lang}))
        twelve, thirteen = (band(box.table, Told(DATABASE_PARTIAL, n)) for n in (12, 13))
    pygame.font.init()
    line = Fonts.for_height(twelve.get_height()).body.get_linesize()
    pygame.font.quit()
    assert tuple(twelve.get_at((2, line * 2)))[:3] == tuple(DANGER)  # two lines of band
    differs = [y for y in range(twelve.get_height())
               if any(twelve.get_at((x, y)) != thirteen.get_at((x, y)) for x in range(0, 480, 2))]
    assert differs and max(differs) < line * 5 // 2  # the number, in the band


def test_a_game_whose_lost_end_is_played_again_is_recorded_once(tmp_path: Path) -> None:
    database = tmp_path / DATABASE
    table = Table(Store(database), GAMES)
    table.start()
    romme(table, "Dave", "Ben")
    play_out(table)                           # its end is recorded
    table.stop()
    sql(tmp_path, "UPDATE events SET body = '{\"type\": \"conf' WHERE seq = "
                  f"{last_seq(tmp_path)}")      # the step that ended it is damaged
    again = Table(Store(database), GAMES)
    again.start()
    again.submit(Action("confirm_scores"))    # the group ends it once more
    assert [(game["game"], game["finished"]) for game in again.history()] == [("romme", True)]
    again.stop()
