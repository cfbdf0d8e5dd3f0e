"""The address phones open, following the network: the Pi may get (or change) its address long
after Getaway started, so it is looked up again every few seconds.

The address is read from the interfaces themselves, so a box on its own hotspot (10.42.0.1,
no default route) has one: the Wi-Fi's or the hotspot's first, then any other.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterable

LOOK_AGAIN_S = 3.0
WIRELESS = ("wl", "ap", "uap")
"""Names of Wi-Fi interfaces and access points (wlan0, wlp2s0, ap0): where phones are."""
VIRTUAL = ("docker", "br-", "virbr", "veth", "lxc", "tun", "tap", "wg", "tailscale", "zt")
"""Names of containers' bridges and tunnels: no phone reaches the box there."""
SIOCGIFFLAGS, SIOCGIFADDR = 0x8913, 0x8915
IFF_UP = 0x1


def lan_address() -> str | None:
    """This machine's address on the local network, or None while it has none; never raises.

    When the kernel gives no socket (every file in use), the address found last is the
    answer until the next look.
    """
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return _found_last[0]
    with probe:
        address = preferred(interface_addresses(probe)) or _routed(probe)
    _found_last[0] = address
    return address


_found_last: list[str | None] = [None]
"""What ``lan_address`` found last: the machine's, so one for the process."""


def preferred(found: Iterable[tuple[str, str]]) -> str | None:
    """Of (interface, IPv4 address) pairs, the one phones reach: Wi-Fi or hotspot first, then
    other interfaces, containers' bridges and tunnels last (the first of a kind in the order
    given); never loopback or link-local."""
    usable = [(name, address) for name, address in found
              if not (ipaddress.ip_address(address).is_loopback
                      or ipaddress.ip_address(address).is_link_local)]
    return min(usable, key=lambda pair: _rank(pair[0]))[1] if usable else None


def _rank(name: str) -> int:
    if name.startswith(WIRELESS):
        return 0
    return 2 if name.startswith(VIRTUAL) else 1


def interface_addresses(probe: socket.socket) -> list[tuple[str, str]]:
    """Each interface that is up with its IPv4 address (Linux's SIOCGIFADDR); none where the
    kernel has no such request."""
    try:
        import fcntl

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError):
        return []
    found = []
    for name in names:
        request = struct.pack("256s", name.encode()[:15])
        try:
            flags = struct.unpack_from("H", fcntl.ioctl(probe, SIOCGIFFLAGS, request), 16)[0]
            if flags & IFF_UP:
                raw = fcntl.ioctl(probe, SIOCGIFADDR, request)
                found.append((name, socket.inet_ntoa(raw[20:24])))
        except OSError:  # no IPv4 address, or gone meanwhile
            continue
    return found


def _routed(probe: socket.socket) -> str | None:
    """Where interfaces cannot be read: the address of the route towards a documentation
    address (connecting a UDP socket sends nothing); None without a route."""
    try:
        probe.connect(("192.0.2.1", 9))
        address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


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
