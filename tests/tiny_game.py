"""A tiny timed game for testing the Table on its own: seats pass a turn, the box rolls a die."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from companion.games.base import (
    Action,
    Chance,
    Controls,
    IllegalAction,
    InvalidAction,
    LedFrame,
    Option,
    Sound,
    Timer,
)

LIMIT_MS = 10_000


@dataclass(frozen=True)
class Tiny:
    seats: int
    turn: int = 0
    remaining_ms: int = LIMIT_MS
    running: bool = False
    overruns: tuple[int, ...] = ()
    rolls: tuple[int, ...] = ()


class TinyGame:
    """Turns of ``limit_ms``; benchmarks use very short ones."""

    id = "tiny"
    title: Mapping[str, str] = MappingProxyType({"de": "Klein", "en": "Tiny"})
    min_seats, max_seats = 1, 4
    options: Sequence[Option] = ()
    texts: Mapping[str, Mapping[str, str]] = MappingProxyType({"de": {}, "en": {}})
    arguments: Mapping[str, Mapping[str, type]] = MappingProxyType(
        {kind: {} for kind in ("resume", "pause", "pass", "timeout", "roll", "crash")})

    def __init__(self, limit_ms: int = LIMIT_MS) -> None:
        self.limit_ms = limit_ms

    def setup(self, options: Mapping[str, Any], seats: int, args: Mapping[str, Any]) -> Tiny:
        return Tiny(seats, remaining_ms=self.limit_ms)

    def draw(self, state: Any, action: Action, chance: Chance) -> Action:
        if action.type != "roll":
            return action
        return replace(action, args={"die": 1 + chance.randrange(6)})

    def is_reveal(self, action: Action) -> bool:
        return action.type == "roll"

    def apply(self, state: Tiny, action: Action) -> Tiny:
        left = state.remaining_ms - action.elapsed_ms
        if action.type == "resume":
            return replace(state, running=True)
        if action.type == "pause":
            return replace(state, running=False, remaining_ms=left)
        if action.type == "pass":
            if action.seat is not None and action.seat != state.turn:
                raise IllegalAction("error.not_your_seat")
            return replace(state, turn=(state.turn + 1) % state.seats, remaining_ms=self.limit_ms)
        if action.type == "timeout":
            if not state.running or left > 0:
                raise IllegalAction("error.action_malformed")
            return replace(self.apply(state, Action("pass")),
                           overruns=(*state.overruns, state.turn))
        if action.type == "roll":
            return replace(state, rolls=(*state.rolls, int(action.args["die"])))
        if action.type == "crash":
            raise RuntimeError("a bug in the rules")
        raise InvalidAction("error.action_unknown", type=action.type)

    def timer(self, state: Tiny) -> Timer:
        return Timer(state.remaining_ms, state.running, self.limit_ms)

    def on_restart(self, state: Tiny) -> Action | None:
        return Action("pause") if state.running else None

    def public_view(self, state: Tiny) -> dict[str, Any]:
        return {"turn": state.turn, "overruns": list(state.overruns), "rolls": list(state.rolls)}

    def private_view(self, state: Tiny, seat: int) -> dict[str, Any]:
        return {**self.public_view(state), "secret": f"seat {seat}"}

    def controls(self, state: Tiny) -> Controls:
        return Controls()

    def leds(self, view: Mapping[str, Any], remaining_ms: int | None) -> LedFrame:
        return LedFrame()

    def sounds(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> Sequence[Sound]:
        return ()

    def to_json(self, state: Tiny) -> Any:
        return {"seats": state.seats, "turn": state.turn, "remaining_ms": state.remaining_ms,
                "running": state.running, "overruns": list(state.overruns),
                "rolls": list(state.rolls)}

    def from_json(self, data: Any) -> Tiny:
        return Tiny(data["seats"], data["turn"], data["remaining_ms"], data["running"],
                    tuple(data["overruns"]), tuple(data["rolls"]))


GAME = TinyGame()
