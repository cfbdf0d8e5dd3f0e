"""Räuber und Gendarm on a real Table with the box's chance told in advance: the dice it rolls
and the catchers it deals are the scenario's, as part B.4 of the spec gives them."""

from __future__ import annotations

from collections import deque
from collections.abc import MutableSequence
from pathlib import Path
from typing import Any, cast

import pytest

from companion.games.base import Action, GetawayError, Sound
from companion.games.gendarm import GAME
from companion.games.gendarm.views import GendarmPlayer, GendarmView
from companion.table.published import Published
from tests import tables
from tests.views import GendarmPhone

A, B = 0, 1
"""Schwarz and Weiß: seat 0 plays black unless a scenario says otherwise."""


class Told:
    """The box's chance, told in advance: each ``randrange`` gives the next number queued."""

    def __init__(self) -> None:
        self.queue: deque[int] = deque()

    def randrange(self, stop: int, /) -> int:
        value = self.queue.popleft()
        assert 0 <= value < stop, (value, stop)
        return value

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        raise AssertionError("Räuber und Gendarm shuffles nothing")

    def dice(self, *faces: int) -> None:
        self.queue.extend(face - 1 for face in faces)

    def deal(self, first: int, second: int, pool: list[int], *, shared: bool = False) -> None:
        """Queue the draws that give ``first`` to seat 0 and ``second`` to seat 1, each from
        an own set ``pool``, or both from the ``shared`` pool (the first chip gone for the
        second)."""
        left = list(pool)
        for number in (first, second):
            self.queue.append(left.index(number))
            if shared:
                left.remove(number)


class Play:
    """A game at the table: sends as a seat's phone or the box, reads the views, hears the
    buzzer (the game's sounds for each published change)."""

    def __init__(self, db: Path) -> None:
        self.chance = Told()
        self.table = tables.open_table(db, chance=self.chance)
        self.heard: list[Sound] = []
        self.table.subscribe(self._hear)
        self._last = self.table.published

    def _hear(self, published: Published) -> None:
        before, self._last = self._last, published
        if before.public.get("game") == published.public.get("game") == "gendarm":
            self.heard.extend(GAME.sounds(before.public, published.public))

    def start(self, level: int = 1, **options: Any) -> None:
        self.send("table.new_game", game="gendarm", seats=2, options={"level": level, **options})

    def begin(self, first: int, catchers: tuple[int, int], level: int = 1,
              **options: Any) -> None:
        """Set up, roll ``first`` to the start, deal ``catchers`` (seat 0's first)."""
        self.start(level, **options)
        self.chance.dice(*((6, 1) if first == A else (1, 6)))
        self.send("start_roll")
        self.chance.deal(*catchers, pool=list(range(1, 6 if level == 3 else 7)))
        self.send("deal")
        assert self.state()["turn"] == first

    def send(self, kind: str, by: int | None = None, **args: Any) -> int:
        return self.table.submit(Action(kind, by, args))

    def roll(self, face: int, by: int | None = None) -> None:
        self.chance.dice(face)
        self.send("roll", by)

    def refused(self, key: str, kind: str, by: int | None = None, **args: Any) -> None:
        """The action is refused with ``key`` and nothing anyone sees changes."""
        before = self.table.published
        with pytest.raises(GetawayError) as refusal:
            self.send(kind, by, **args)
        assert refusal.value.key == key
        after = self.table.published
        assert after.version == before.version
        assert after.public == before.public and after.private == before.private

    def turns(self, count: int) -> None:
        """``count`` ordinary moves on the board, each ended with TURN."""
        for _ in range(count):
            self.send("end_turn")

    def state(self) -> GendarmView:
        return cast(GendarmView, self.table.published.public["state"])

    def mine(self, seat: int) -> GendarmPhone:
        """What the seat's phone sees of the game."""
        return cast(GendarmPhone, self.table.published.private[seat]["state"])

    def player(self, seat: int) -> GendarmPlayer:
        return self.state()["players"][seat]

    def stop(self) -> None:
        self.table.stop()
