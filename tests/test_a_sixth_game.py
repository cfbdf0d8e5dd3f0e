"""A new game is its own package and two lines of the registry, nothing else: the tiny game of
tests/tiny, copied under a new name into a folder of its own, joins a copy of the registry
and is set up, played and undone through the box's menu, the phone server and the Table,
its steps listed in the API docs' tables and its sentences in the catalog."""

from __future__ import annotations

import difflib
import importlib.util
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import companion.games
from companion.games.base import Games
from companion.i18n import text
from companion.server.app import create_app
from companion.table.menu import lobby_controls
from companion.table.owner import Table
from companion.table.step_tables import step_tables
from companion.table.store import Store
from tests.server.conftest import JOIN_CODE, PUBLIC_URL, host_browser, phone, send_action
from tests.server.way_in import served

TINY = Path(__file__).parent / "tiny"
REGISTRY = Path(companion.games.__file__)


def with_sixth(registry: str) -> str:
    """The registry with one more game: its import, and its name in the list."""
    head, tail = registry.rsplit(".GAME)}", 1)
    imports = "from companion.games.base import Games\n"
    return f"{head}.GAME, sixth.GAME)}}{tail}".replace(imports, f"{imports}import sixth\n")


@pytest.fixture
def games(tmp_path: Path) -> Iterator[Games]:
    """The box's games with the sixth registered: its package copied under tmp_path, which
    nothing but the registry's copy names."""
    shutil.copytree(TINY, tmp_path / "sixth")
    registry = tmp_path / "registry.py"
    registry.write_text(with_sixth(REGISTRY.read_text(encoding="utf-8")), encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        spec = importlib.util.spec_from_file_location("registry_with_sixth", registry)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module.GAMES
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == "sixth"]:
            del sys.modules[name]


def test_the_registry_changes_by_two_lines() -> None:
    registry = REGISTRY.read_text(encoding="utf-8")
    changed = [line for line in difflib.unified_diff(
        registry.splitlines(), with_sixth(registry).splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert [line[0] for line in changed] == ["+", "-", "+"], changed


def send(client: Any, kind: str, args: dict[str, Any] | None = None,
         host: bool = False) -> tuple[int, str | None]:
    response = send_action(client, {"type": kind, "args": args or {}, "host": host})
    return response.status_code, (response.json or {}).get("error")


def test_a_sixth_game_is_played_through_the_registry_alone(games: Games, tmp_path: Path) -> None:
    assert games["tiny"].package == "sixth"
    assert len(games) == len(companion.games.GAMES) + 1
    lobby = [item.action.args for item in lobby_controls(games).menu
             if item.action.type == "table.new_game"]
    assert {"game": "tiny", "seats": 2} in lobby
    assert "| `pass` | any | the phone of the seat on turn, host or box | none |" in (
        step_tables(games))

    table = Table(Store(tmp_path / "getaway.sqlite"), games)
    table.start()
    try:
        app = served(create_app(table, public_url=PUBLIC_URL, join_code=JOIN_CODE))
        host = host_browser(app, table)
        assert send(host, "table.new_game", {"game": "tiny", "seats": 2}, host=True)[0] == 200
        anna, ben = phone(app), phone(app)
        for seat, client in enumerate((anna, ben)):
            assert client.post("/api/join", json={"seat": seat}).status_code == 200
        assert send(ben, "pass") == (409, "error.not_your_seat")   # as declared: on turn
        assert send(anna, "pass") == (200, None)
        assert table.published.public["state"]["turn"] == 1
        assert send(ben, "table.undo") == (409, "error.undo_not_yours")
        assert send(anna, "table.undo") == (200, None)
        assert send(ben, "roll") == (200, None)
        assert send(anna, "table.undo") == (409, "error.undo_reveal")  # declared final
        assert app.test_client().get("/games/tiny/phone.js").status_code == 200
        assert text("tiny.action.pass", "en") == "Pass"
    finally:
        table.stop()
