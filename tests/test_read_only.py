"""A Pi's SD card remounted read-only after errors: the real box still starts, plays on
without saving, and says so on the table page (the screen's band is tested in test_runtime)."""

from __future__ import annotations

import os
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.program import Program


def mount_namespaces() -> bool:
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "true"],
                           capture_output=True, check=False)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None or not mount_namespaces(),
    reason="needs root and a private mount namespace for a read-only mount")


def read_only(folder: Path) -> list[str]:
    """Run the program with ``folder`` mounted read-only for it alone (as the kernel does to
    an SD card after errors); root cannot write there either."""
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"',
            str(folder)]


def table_page(box: Program) -> str:
    with urllib.request.urlopen(box.url + "/table", timeout=10) as response:
        return str(response.read().decode())


def test_a_read_only_data_folder_plays_on_without_saving(tmp_path: Path) -> None:
    data = tmp_path / "data"
    box = Program(data)
    box.start()
    box.post("table.new_game", {"game": "romme", "seats": 3, "options": {"first_player": 0}})
    box.post("resume")
    box.post("end_turn")
    before = box.view()
    box.kill()
    saved = {path.name: path.read_bytes() for path in data.iterdir()}

    stuck = Program(data, wrapper=read_only(data))
    stuck.start()
    try:
        view = stuck.view()
        assert view["state"]["turn"] == before["state"]["turn"]  # the game read back
        assert view["state"]["players"] == before["state"]["players"]
        assert stuck.post("resume") == view["version"] + 1  # and played on
        assert "The SD card is read-only" in table_page(stuck)
    finally:
        stuck.kill()
    assert {path.name: path.read_bytes() for path in data.iterdir()} == saved


def test_a_missing_data_folder_on_a_read_only_card_starts_empty(tmp_path: Path) -> None:
    card = tmp_path / "card"
    card.mkdir()
    stuck = Program(card / "getaway", wrapper=read_only(card))
    stuck.start()
    try:
        first = stuck.view()["version"]  # the table page came in with the host link
        assert stuck.post("table.new_game", {"game": "romme", "seats": 2}) == first + 1
        assert stuck.view()["game"] == "romme"
    finally:
        stuck.kill()
    assert not (card / "getaway").exists()
