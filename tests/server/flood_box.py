"""A phone server in a process of its own with few open files, for floods that cost little.

``python -m tests.server.flood_box DATA FILES``: serves a Rommé table on loopback under an
open-file limit of FILES, heads and bodies timed out after 1 s, prints its port, changes the table's
language every 0.2 s (a new version for every live stream) and stops when stdin closes.
"""

from __future__ import annotations

import logging
import resource
import sys
import threading
from pathlib import Path

from companion.games import GAMES
from companion.games.base import Action
from companion.server import connections
from companion.server import serve as phone_server
from companion.server.app import create_app
from companion.table.owner import Table
from companion.table.store import Store

HEAD_S = 1.0
BODY_S = 1.0
QUIET_S = 1.0


def main(data: Path, files: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    connections.HEAD_S, connections.QUIET_S = HEAD_S, QUIET_S
    phone_server.BODY_S = BODY_S
    logging.basicConfig(stream=sys.stderr, level=logging.INFO)
    table = Table(Store(data / "getaway.sqlite"), GAMES)
    table.start()
    table.submit(Action("table.new_game", None, {"game": "romme", "seats": 2}))
    server = phone_server.serve(create_app(table, public_url="http://127.0.0.1"), "127.0.0.1", 0)
    stop = threading.Event()
    threading.Thread(target=news, args=(table, stop), daemon=True).start()
    print(server.port, server.doors.cap, flush=True)
    sys.stdin.read()
    stop.set()
    server.close()
    table.stop()


def news(table: Table, stop: threading.Event) -> None:
    """A new version every 0.2 s: the table's language, back and forth."""
    while not stop.wait(0.2):
        language = "en" if table.published.public.get("language") == "de" else "de"
        table.submit(Action("table.language", None, {"language": language}))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
