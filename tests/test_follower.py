"""The Follower: a subscriber's work on a thread of its own, every piece, in the order handed
over; a piece that fails is logged and the rest goes on; closing runs what was handed first."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from functools import partial

import pytest

from companion.table.follower import Follower


@pytest.fixture
def follower() -> Iterator[Follower]:
    follower = Follower("follows")
    yield follower
    follower.close()


def test_follower_runs_everything_in_order_on_its_own_thread(follower: Follower) -> None:
    ran: list[tuple[int, str]] = []

    def run(n: int) -> None:
        ran.append((n, threading.current_thread().name))
    for n in range(50):
        follower.hand(partial(run, n))
    follower.settled()
    assert ran == [(n, "follows") for n in range(50)]


def test_follower_takes_work_at_once_while_a_piece_hangs(follower: Follower) -> None:
    held, free, ran = threading.Event(), threading.Event(), list[int]()

    def hang() -> None:
        held.set()
        free.wait(10)
    follower.hand(hang)
    assert held.wait(5)
    for n in range(3):
        follower.hand(partial(ran.append, n))     # handed over while the thread hangs
    assert ran == []
    free.set()
    follower.settled()
    assert ran == [0, 1, 2]


def test_follower_logs_a_failure_and_goes_on(follower: Follower,
                                             caplog: pytest.LogCaptureFixture) -> None:
    ran = []

    def fail() -> None:
        raise RuntimeError("a pin is gone")
    with caplog.at_level(logging.ERROR, "companion.table.follower"):
        follower.hand(fail)
        follower.hand(lambda: ran.append("after"))
        follower.settled()
    assert ran == ["after"] and follower.alive()
    assert "follows failed to follow" in caplog.text


def test_follower_close_runs_what_was_handed_then_drops_the_rest() -> None:
    follower, ran = Follower("follows"), list[int]()
    for n in range(5):
        follower.hand(partial(ran.append, n))
    follower.close()
    assert ran == [0, 1, 2, 3, 4] and not follower.alive()
    follower.hand(lambda: ran.append(5))
    follower.settled()
    follower.close()
    assert ran == [0, 1, 2, 3, 4]


def test_follower_settled_gives_up_on_a_piece_that_never_ends(follower: Follower) -> None:
    free = threading.Event()

    def hang() -> None:
        free.wait(10)
    follower.hand(hang)
    with pytest.raises(TimeoutError):
        follower.settled(timeout=0.05)
    free.set()
    follower.settled()
