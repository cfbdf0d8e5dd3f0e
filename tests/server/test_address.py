"""The address phones open follows the network: the QR code and every link handed out, on a
network with a router as on the box's own hotspot."""

from __future__ import annotations

import errno
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.server.address import Address, finder, lan_address, preferred
from companion.server.app import create_app
from companion.table.owner import Table
from tests.clock import FakeClock
from tests.server.conftest import JOIN_CODE
from tests.server.way_in import served


def test_address_is_none_until_the_box_has_a_network_then_follows_it() -> None:
    found: list[str | None] = [None]
    asked: list[int] = []

    def find() -> str | None:
        asked.append(1)
        return found[-1]

    clock = FakeClock()
    address = Address(8000, find=find, clock=clock, every_s=3)
    assert address.url() is None
    found.append("192.168.4.7")
    assert address.url() is None and len(asked) == 1  # looked at again only every 3 s
    clock.advance(3)
    assert address.url() == "http://192.168.4.7:8000"
    found.append("10.0.0.9")
    clock.advance(3)
    assert address.url() == "http://10.0.0.9:8000" and len(asked) == 3


def test_links_handed_to_phones_follow_the_address(table: Table) -> None:
    found: list[str | None] = [None]
    app = served(create_app(table, public_url=lambda: found[-1], join_code=JOIN_CODE))
    client = app.test_client()
    client.post("/api/code", json={"code": JOIN_CODE})
    # no network yet: the link names the address the phone came in on
    first = client.post("/api/join", json={"seat": 0, "name": "Anna"},
                        base_url="http://localhost:8000").get_json()
    assert first["rejoin"].startswith("http://localhost:8000/r/")
    found.append("http://192.168.4.7:8000")
    handover = client.post("/api/handover", json={}).get_json()
    assert handover["link"] == f"http://192.168.4.7:8000/j/{handover['code']}"
    assert 'http://192.168.4.7:8000/' in client.get("/table").text


def test_a_server_on_one_address_hands_out_that_address() -> None:
    assert finder("0.0.0.0") is lan_address and finder("::") is lan_address
    assert finder("127.0.0.1")() == "127.0.0.1"
    assert finder("::1")() == "[::1]"  # as a URL writes an IPv6 address


def test_lan_address_without_a_file_left_is_the_one_found_last(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection flood once took every file: opening the probe raised and ended the box."""
    found = lan_address()

    def no_file_left(*args: object) -> socket.socket:
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(socket, "socket", no_file_left)
    assert lan_address() == found
    address = Address(8000, find=lan_address, every_s=0)
    assert address.url() == (None if found is None else f"http://{found}:8000")


def test_the_wi_fi_or_hotspot_address_comes_first_then_others_then_bridges() -> None:
    assert preferred([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("eth0", "192.168.1.5"),
                      ("wlan0", "10.42.0.1")]) == "10.42.0.1"
    assert preferred([("ap0", "192.168.4.1"), ("eth0", "192.168.1.5")]) == "192.168.4.1"
    assert preferred([("wlp2s0", "192.168.1.7"), ("enp3s0", "192.168.1.5")]) == "192.168.1.7"
    assert preferred([("docker0", "172.17.0.1"), ("eth0", "192.168.1.5")]) == "192.168.1.5"
    assert preferred([("wg0", "10.8.0.2"), ("tailscale0", "100.64.0.2")]) == "10.8.0.2"
    assert preferred([("lo", "127.0.0.1"), ("wlan0", "169.254.3.4")]) is None
    assert preferred([]) is None


def network_namespaces() -> bool:
    """Whether root may make a network namespace here (a container may forbid it)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    return subprocess.run(["unshare", "--net", "true"], capture_output=True,
                          check=False).returncode == 0


HOTSPOT = """
set -e
ip link set lo up
ip link add wlan0 type veth peer name eth0
ip addr add 10.42.0.1/24 dev wlan0
ip addr add 192.168.7.2/24 dev eth0
ip link set wlan0 up
ip link set eth0 up
! ip route get 192.0.2.1 2>/dev/null
exec "$@"
"""


@pytest.mark.skipif(not network_namespaces(),
                    reason="needs root, unshare and ip, and a kernel that allows network "
                           "namespaces here")
def test_a_box_on_its_own_hotspot_without_a_default_route_finds_its_address() -> None:
    """NetworkManager's hotspot: 10.42.0.1/24 on the Wi-Fi, no default route; a veth pair in
    a network namespace of its own stands in for the Wi-Fi and a wired network."""
    root = Path(__file__).resolve().parent.parent.parent
    found = subprocess.run(
        ["unshare", "--net", "sh", "-c", HOTSPOT, "hotspot", sys.executable, "-c",
         "from companion.server.address import lan_address; print(lan_address())"],
        cwd=root, capture_output=True, text=True, timeout=60, check=False)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "10.42.0.1"
