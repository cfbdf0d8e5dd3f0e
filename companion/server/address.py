"""The address phones open, following the network: the Pi may get (or change) its address long
after Getaway started, so it is looked up again every few seconds."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Callable

LOOK_AGAIN_S = 3.0


def lan_address() -> str | None:
    """This machine's address on the local network, or None while it has none; never raises.

    Connecting a UDP socket sends no packet; it only makes the kernel choose the route. When
    the kernel gives no socket (every file in use), the address found last is the answer
    until the next look.
    """
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return _found_last[0]
    with probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address: str | None = probe.getsockname()[0]
        except OSError:  # no route: no network
            address = None
    if address is not None and ipaddress.ip_address(address).is_loopback:
        address = None
    _found_last[0] = address
    return address


_found_last: list[str | None] = [None]
"""What ``lan_address`` found last: the machine's, so one for the process."""


def finder(host: str) -> Callable[[], str | None]:
    """How to find the address phones open when the server listens on ``host``: the network's
    for every address (0.0.0.0, ::), else that one address (127.0.0.1 answers only here)."""
    if host in ("", "0.0.0.0", "::"):
        return lan_address
    shown = f"[{host}]" if ":" in host else host
    return lambda: shown


class Address:
    """``http://<address>:<port>`` for the QR code and every link, or None without a network.

    ``url()`` is cheap: it asks the kernel again at most every ``every_s`` seconds. ``port``
    may be set once the server listens (a port of 0 picks a free one).
    """

    def __init__(self, port: int, *, find: Callable[[], str | None] = lan_address,
                 clock: Callable[[], float] = time.monotonic,
                 every_s: float = LOOK_AGAIN_S) -> None:
        self.port, self._find, self._clock, self._every_s = port, find, clock, every_s
        self._lock = threading.Lock()
        self._looked_at = float("-inf")
        self._found: str | None = None

    def url(self) -> str | None:
        with self._lock:
            now = self._clock()
            if now - self._looked_at >= self._every_s:
                self._looked_at = now
                self._found = self._find()
            return None if self._found is None else f"http://{self._found}:{self.port}"
