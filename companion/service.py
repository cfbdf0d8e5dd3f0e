"""Talking to systemd: READY once the box is up, watchdog pings while the main loop is healthy."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable


def sd_notify(state: str) -> bool:
    """Send one notification to systemd; False when not running under it (tests, the simulator)."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address[0] == "@":
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
        sock.connect(address)
        sock.sendall(state.encode())
    return True


class Watchdog:
    """Pings systemd at half its interval, but only when ``healthy()`` says all parts are alive.

    It is called from the main loop, never from a thread of its own, so a hung loop stops the
    pings and systemd restarts the box.
    """

    def __init__(self, healthy: Callable[[], bool], *, clock: Callable[[], float] = time.monotonic,
                 interval_us: str | None = None) -> None:
        usec = interval_us if interval_us is not None else os.environ.get("WATCHDOG_USEC")
        self._every = int(usec) / 2e6 if usec else None
        self._healthy, self._clock = healthy, clock
        self._last = float("-inf")

    def __call__(self) -> bool:
        """Ping if one is due and the box is healthy; True when a ping was sent."""
        now = self._clock()
        if self._every is None or now - self._last < self._every or not self._healthy():
            return False
        self._last = now
        return sd_notify("WATCHDOG=1")
