"""Running the phone server: waitress in a daemon thread."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask
from waitress import wasyncore
from waitress.server import create_server

from companion.server import context
from companion.server.hub import Hub

SHUTDOWN_S = 5.0


class Server:
    """A running phone server; ``close()`` ends every live stream and stops serving."""

    def __init__(self, app: Flask, host: str, port: int, threads: int) -> None:
        self._map: dict[int, Any] = {}
        self._hub: Hub = app.extensions[context.HUB_EXTENSION]
        self._waitress = create_server(app, map=self._map, host=host, port=port, threads=threads,
                                       ident="Getaway")
        self.port = int(self._waitress.effective_port)
        local = "127.0.0.1" if host in ("0.0.0.0", "") else host
        self.url = f"http://{local}:{self.port}/"  # for this machine; phones get Address
        self._thread = threading.Thread(target=self._waitress.run, name="phone-server",
                                        daemon=True)
        self._thread.start()

    def alive(self) -> bool:
        """Whether waitress is still serving (for the watchdog)."""
        return self._thread.is_alive()

    def close(self) -> None:
        """Wake and end the streams, let the workers finish, then close every socket (once)."""
        if not self.alive():
            return
        self._hub.close()
        self._waitress.task_dispatcher.shutdown(timeout=SHUTDOWN_S)
        # The sockets belong to waitress's loop thread, so that thread closes them.
        self._waitress.trigger.pull_trigger(lambda: wasyncore.close_all(self._map))
        self._thread.join(SHUTDOWN_S)


def serve(app: Flask, host: str = "0.0.0.0", port: int = 8000, threads: int = 48) -> Server:
    """Serve ``app`` with waitress; each open stream holds a thread, so ``threads`` covers
    every phone and the table page with room to spare. ``port=0`` picks a free port."""
    return Server(app, host, port, threads)
