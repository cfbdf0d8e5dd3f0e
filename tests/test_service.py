"""Talking to systemd: notifications reach the socket; the watchdog pings only while healthy."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.service import Watchdog, sd_notify
from tests.clock import FakeClock


@pytest.fixture
def notify_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[socket.socket]:
    """A datagram socket standing in for systemd's, named in NOTIFY_SOCKET."""
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
        yield sock


def received(sock: socket.socket) -> list[str]:
    """Every datagram waiting on ``sock``, without waiting for more."""
    sock.setblocking(False)
    messages = []
    try:
        while True:
            messages.append(sock.recv(256).decode())
    except BlockingIOError:
        return messages
    finally:
        sock.settimeout(5)


def test_service_sd_notify_sends_the_state(notify_socket: socket.socket) -> None:
    assert sd_notify("READY=1")
    assert notify_socket.recv(256) == b"READY=1"


def test_service_sd_notify_reaches_an_abstract_socket(monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"getaway-test-{id(monkeypatch)}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert sd_notify("WATCHDOG=1")
        assert sock.recv(256) == b"WATCHDOG=1"


def test_service_sd_notify_without_systemd_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert sd_notify("READY=1") is False


def test_service_watchdog_pings_at_half_the_interval(notify_socket: socket.socket) -> None:
    clock = FakeClock()
    watchdog = Watchdog(lambda: True, clock=clock, interval_us="2000000")
    sent = []
    for _ in range(9):
        sent.append(watchdog())
        clock.advance(0.5)
    assert sent == [True, False, True, False, True, False, True, False, True]
    assert received(notify_socket) == ["WATCHDOG=1"] * 5


def test_service_watchdog_is_silent_while_unhealthy(notify_socket: socket.socket) -> None:
    clock = FakeClock()
    health = [True, False, False, True]
    watchdog = Watchdog(lambda: health.pop(0), clock=clock, interval_us="1000000")
    pings = []
    for _ in range(4):
        pings.append(watchdog())
        clock.advance(0.5)
    assert pings == [True, False, False, True]
    assert received(notify_socket) == ["WATCHDOG=1", "WATCHDOG=1"]


def test_service_watchdog_reads_watchdog_usec(notify_socket: socket.socket,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    clock = FakeClock()
    watchdog = Watchdog(lambda: True, clock=clock)
    assert watchdog()
    clock.advance(14.9)
    assert not watchdog()
    clock.advance(0.1)
    assert watchdog()


def test_service_watchdog_off_without_an_interval(notify_socket: socket.socket,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert Watchdog(lambda: True)() is False
    assert received(notify_socket) == []
