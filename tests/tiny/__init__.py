"""A tiny timed game, a folder of its own like every game: seats pass a turn, the box rolls a
die. Tests register it beside the real games; its screen painter and phone script prove that a
game needs nothing outside its folder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import (
    JSON,
    Action,
    Chance,
    Controls,
    Game,
    IllegalAction,
    LedFrame,
    Role,
    Rules,
    Saved,
    Sender,
    Sound,
    Step,
    Timer,
    Undo,
)

LIMIT_MS = 10_000
TEXTS = {
    "de": {"tiny.action.pass": "Weitergeben",
           "web.tiny.rolls": "Gewürfelt: {rolls}"},
    "en": {"tiny.action.pass": "Pass",
           "web.tiny.rolls": "Rolled: {rolls}"},
}


@dataclass(frozen=True)
class Tiny:
    seats: int
    limit_ms: int = LIMIT_MS
    turn: int = 0
    remaining_ms: int = LIMIT_MS
    running: bool = False
    overruns: tuple[int, ...] = ()
    rolls: tuple[int, ...] = ()


def tiny_game(limit_ms: int = LIMIT_MS, game_id: str = "tiny") -> Game[Tiny]:
    """The tiny game with turns of ``limit_ms`` (benchmarks use very short ones)."""
    def setup(options: Mapping[str, JSON], seats: int, drawn: Mapping[str, JSON],
              saved: Saved) -> Tiny:
        return Tiny(seats, limit_ms, remaining_ms=limit_ms)

    return Game(id=game_id, package=__name__, title={"de": "Klein", "en": "Tiny"},
                min_seats=1, max_seats=4, options=(), texts=TEXTS,
                rules=RULES, setup=setup, draw=draw, timer=timer, spend=spend,
                on_restart=on_restart, public_view=public_view, private_view=private_view,
                outcome=lambda state: None, controls=controls, leds=lambda view, ms: LedFrame(),
                sounds=sounds, to_json=to_json, from_json=from_json)


def spend(state: Tiny, ms: int) -> Tiny:
    return replace(state, remaining_ms=max(0, state.remaining_ms - ms))


def draw(state: Tiny | None, action: Action, chance: Chance) -> Action:
    if action.type != "roll":
        return action
    return replace(action, args={"die": 1 + chance.randrange(6)})


def _resume(state: Tiny, action: Action) -> Tiny:
    return replace(state, running=True)


def _pause(state: Tiny, action: Action) -> Tiny:
    return replace(state, running=False, remaining_ms=state.remaining_ms - action.elapsed_ms)


ON_TURN: Role[Tiny] = Role(name="the seat on turn", seat=lambda state: state.turn,
                           refused="error.not_your_seat")


def _pass(state: Tiny, action: Action) -> Tiny:
    return replace(state, turn=(state.turn + 1) % state.seats, remaining_ms=state.limit_ms)


def _time_up(state: Tiny, action: Action) -> None:
    if not state.running or state.remaining_ms - action.elapsed_ms > 0:
        raise IllegalAction("error.action_malformed")


def _timeout(state: Tiny, action: Action) -> Tiny:
    return replace(_pass(state, action), overruns=(*state.overruns, state.turn))


def _roll(state: Tiny, action: Action) -> Tiny:
    return replace(state, rolls=(*state.rolls, int(action.args["die"])))


def _crash(state: Tiny, action: Action) -> Tiny:
    raise RuntimeError("a bug in the rules")


RULES: Rules[Tiny] = Rules("tiny", {
    "resume": Step(does=_resume),
    "pause": Step(does=_pause),
    "pass": Step(does=_pass, by=Sender.SEAT, role=ON_TURN),
    "timeout": Step(does=_timeout, check=_time_up, by=Sender.SERVER, undo=Undo.FINAL),
    "roll": Step(does=_roll, undo=Undo.FINAL),
    "crash": Step(does=_crash),
})


def timer(state: Tiny) -> Timer:
    return Timer(state.remaining_ms, state.running, state.limit_ms)


def on_restart(state: Tiny) -> Action | None:
    return Action("pause") if state.running else None


def public_view(state: Tiny) -> dict[str, Any]:
    return {"turn": state.turn, "overruns": list(state.overruns), "rolls": list(state.rolls)}


def private_view(state: Tiny, seat: int) -> dict[str, Any]:
    actions = ["pass"] if seat == state.turn else []
    return {"secret": f"seat {seat}", "actions": actions}


def controls(state: Tiny) -> Controls:
    return Controls()


def sounds(before: Mapping[str, Any], after: Mapping[str, Any]) -> Sequence[Sound]:
    return ()


def to_json(state: Tiny) -> Any:
    return {"seats": state.seats, "limit_ms": state.limit_ms, "turn": state.turn,
            "remaining_ms": state.remaining_ms, "running": state.running,
            "overruns": list(state.overruns), "rolls": list(state.rolls)}


def from_json(data: Any) -> Tiny:
    return Tiny(data["seats"], data["limit_ms"], data["turn"], data["remaining_ms"],
                data["running"], tuple(data["overruns"]), tuple(data["rolls"]))


GAME = tiny_game()
