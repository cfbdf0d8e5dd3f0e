"""Presses counted on the box's real input path: mock pins pressed one by one, each waited for
until the Table has dealt with it and the box has followed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.base import Action, Button, MenuItem
from tests.device.box_walk import Hands

Wanted = Callable[[MenuItem], bool]


class Counting(Hands):
    """The box's buttons, each press counted; setup steps go to the Table uncounted."""

    def __init__(self, db: Path, seed: int = 1) -> None:
        super().__init__(db, seed)
        self.presses = 0

    def tap(self, button: Button) -> None:
        self.presses += 1
        super().tap(button)

    def hold(self, button: Button) -> None:
        self.presses += 1
        super().hold(button)

    def send(self, kind: str, seat: int | None = None, /, **args: Any) -> None:
        """A step sent outside the count (to set the scene)."""
        self.table.submit(Action(kind, seat, args))
        self.settle()

    def take(self, wanted: Wanted) -> None:
        """Move the cursor the shorter way round to the first item ``wanted`` and press OK."""
        menu = self.table.published.controls.menu
        self.choose(next(n for n, item in enumerate(menu) if wanted(item)))

    def state(self) -> Any:
        return self.table.published.public["state"]


def key(name: str, **params: Any) -> Wanted:
    """The menu item of key ``name`` with ``params``."""
    return lambda item: item.key == name and all(
        item.params.get(k) == v for k, v in params.items())
