"""A group at a real Table playing Safehouse: every step goes through the owner thread, the
rules and the event log, as the box and the phones send it."""

from __future__ import annotations

from collections.abc import MutableSequence
from pathlib import Path
from typing import Any, cast

import pytest

from companion.games.base import Action, Chance, GetawayError
from companion.games.safehouse.views import SafehouseView, ShPlayer, ShRoll
from companion.table.owner import Table
from tests.games.robnrun_helpers import assert_sentence
from tests.tables import open_table
from tests.views import SafehousePhone

ARROWS = (6, 5, 4, 3, 2)
Y, G, R, B, GREY = "yellow", "green", "red", "blue", "grey6"
ORDERS: list[dict[str, Any]] = [
    {"fields": [Y, G, R, B], "rule": "equal", "arrow": 2},
    {"fields": [Y, G, R, B], "rule": "strict", "arrow": 3},
    {"fields": [Y, R, B], "rule": "nondecreasing", "arrow": 3},
    {"fields": [G, B, R], "rule": "nondecreasing", "arrow": 3},
    {"fields": [Y, G, R], "rule": "nondecreasing", "arrow": 4},
    {"fields": [Y, G, GREY, R, B], "rule": "nondecreasing", "arrow": 5},
    {"fields": [R, GREY, B, Y], "rule": "nondecreasing", "arrow": 5},
    {"fields": [B, GREY, G], "rule": "nondecreasing", "arrow": 6},
]
"""The sheets a test declares (every letter alike): the rule book prints none."""
SHEETS: dict[str, Any] = {"name": "Test pad", "safehouse": 40, "start": 16, "pursuer": 0,
                          "orders": 8, "sheets": {letter: ORDERS for letter in "SAFE"}}


class Group:
    """Seats 0..n-1 (A, B, ...); ``do`` sends an action as a seat or, with None, as the box.
    In sheet mode the box holds ``SHEETS`` (or the example sheets, with ``profile`` None)."""

    def __init__(self, tmp_path: Path, seats: int, first: int = 0, dice: str = "table",
                 chance: Chance | None = None, mode: str = "light",
                 profile: dict[str, Any] | None = SHEETS) -> None:
        self.table: Table = open_table(tmp_path / "getaway.sqlite", chance=chance)
        if mode == "sheet" and profile is not None:
            self.do("table.save", game="safehouse", kind="profile", name="box", data=profile)
        self.do("table.new_game", game="safehouse", seats=seats,
                options={"first_player": first, "dice": dice, "mode": mode})

    def do(self, kind: str, seat: int | None = None, /, **args: Any) -> None:
        self.table.submit(Action(kind, seat, args))

    def refused(self, kind: str, seat: int | None = None, /, **args: Any) -> str:
        """Send an action the rules must refuse with a sentence; nothing changes."""
        before = self.table.published.version
        with pytest.raises(GetawayError) as error:
            self.do(kind, seat, **args)
        assert self.table.published.version == before
        assert_sentence(error.value)
        return error.value.key

    @property
    def state(self) -> SafehouseView:
        return cast(SafehouseView, self.table.published.public["state"])

    def phone(self, seat: int) -> SafehousePhone:
        """What the seat's phone sees of the game."""
        return cast(SafehousePhone, self.table.published.private[seat]["state"])

    def player(self, seat: int) -> ShPlayer:
        return self.state["players"][seat]

    def sheet(self, seat: int) -> list[list[int | None]]:
        """The numbers on the seat's digital sheet, order by order (the grey 6 included)."""
        sheet = self.player(seat)["sheet"]
        assert sheet is not None
        return [[f["number"] for f in order["fields"]] for order in sheet]

    @property
    def rolled(self) -> ShRoll:
        """The dice rolled, while a roll is on the table."""
        roll = self.state["roll"]
        assert roll is not None
        return roll

    def positions(self) -> list[int]:
        return [p["position"] for p in self.state["players"]]

    def roll(self, seat: int | None, faces: dict[str, list[Any]]) -> None:
        """Choose the dice ``faces`` names, roll them, type in the faces."""
        self.do("roll", seat, dice={c: len(f) for c, f in faces.items()})
        self.do("faces", seat, faces=faces)

    def reach(self, pursuer: int, positions: list[int], opened: list[int]) -> None:
        """Play to the start of a scenario: each player on ``positions`` with ``opened``
        orders open, the pursuer on ``pursuer``, every die in the middle, the same roller.
        Each roll gives four numbers: an order closed from empty takes three of them (two in
        the bottom three orders), one opened takes one."""
        roller, seats = self.state["roller"], len(positions)
        plans = [self._rolls(self._plan(self.player(seat)["position"], field, count))
                 for seat, (field, count) in enumerate(zip(positions, opened, strict=True))]
        rolls = max(len(plan) for plan in plans) or 1
        for n in range(seats * -(-rolls // seats)):
            if not any(d["free"] for c, d in self.state["pool"].items() if c != "white"):
                self.do("retrieve")
            self.roll(None, {colour: [1] for colour in ("yellow", "green", "red", "blue")})
            self.do("go")
            for seat, plan in enumerate(plans):
                for entry in plan[n] if n < len(plan) else []:
                    self.do("order", seat, **entry)
            self.do("done")
        self.do("retrieve")
        if pursuer > self.state["pursuer"]:
            self.do("pursuer", field=pursuer)
        assert self.state["pursuer"] == pursuer and self.positions() == positions
        assert self.state["roller"] == roller
        assert all(d["free"] == 2 for d in self.state["pool"].values())

    @staticmethod
    def _plan(start: int, field: int, opened: int) -> list[dict[str, Any]]:
        """The orders to close (arrows adding up to the steps) and then to open, row by row."""
        plan: list[dict[str, Any]] = []
        steps = field - start
        while steps:
            arrow = next(a for a in ARROWS if a <= steps and steps - a != 1)
            plan.append({"row": len(plan), "status": "closed", "arrow": arrow})
            steps -= arrow
        return plan + [{"row": len(plan) + n, "status": "open"} for n in range(opened)]

    def _rolls(self, plan: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        """The plan's entries roll by roll, as many as a roll's four numbers make."""
        rolls: list[list[dict[str, Any]]] = []
        left = 0
        for entry in plan:
            cost = self._cost(entry)
            if cost > left:
                rolls.append([])
                left = 4
            rolls[-1].append(entry)
            left -= cost
        return rolls

    def _cost(self, entry: dict[str, Any]) -> int:
        if entry["status"] == "open":
            return 1
        return 2 if entry["row"] >= len(self.player(0)["orders"]) - 3 else 3

    def close(self) -> None:
        self.table.stop()


class Rolls:
    """Chance that rolls the faces it was given, in order (``randrange(6)``: 5 is the pursuer)."""

    def __init__(self, faces: list[Any]) -> None:
        self.faces = list(faces)

    def randrange(self, stop: int) -> int:
        assert stop == 6
        face = self.faces.pop(0)
        return 5 if face == "P" else int(face) - 1

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        raise AssertionError("nothing is shuffled")
