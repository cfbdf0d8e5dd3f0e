"""What a seat or the box may send now, asked for every seat's view of every version: only
the steps its phase and its sender leave open, and a part's steps from the seat that has the
part, are checked in full."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.games.base import Action, IllegalAction, Role, Rules, Sender, Step


@dataclass(frozen=True)
class Phased:
    phase: str
    on_turn: int = 0


def _same(state: Phased, action: Action) -> Phased:
    return state


ON_TURN: Role[Phased] = Role(name="the seat on turn", seat=lambda state: state.on_turn,
                              refused="error.not_your_seat")
RULES: Rules[Phased] = Rules("test", {
    "deal": Step(does=_same, phases=("deal",), by=Sender.BOX),
    "draw": Step(does=_same, phases=("turn",), by=Sender.SEAT, role=ON_TURN),
    "pass": Step(does=_same, phases=("turn",)),
    "note": Step(does=_same, by=Sender.PHONE),
    "end": Step(does=_same, by=Sender.HOST),
})


def _every_step_checked(state: Phased, seat: int | None) -> list[str]:
    """What ``allowed_actions`` answers, each step checked in full."""
    def may(kind: str) -> bool:
        try:
            RULES.check(state, Action(kind, seat))
        except IllegalAction:
            return False
        return True
    return [kind for kind in RULES.steps if may(kind)]


@pytest.mark.parametrize("phase", ["deal", "turn", "scoring"])
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_the_steps_allowed_are_those_every_check_allows(phase: str, seat: int | None) -> None:
    state = Phased(phase)
    assert RULES.allowed_actions(state, seat) == _every_step_checked(state, seat)


def test_only_the_steps_of_the_phase_and_sender_are_checked_in_full(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nor is a part's step from a seat without the part (``draw`` is seat 1's turn)."""
    checked: list[tuple[str, int | None]] = []
    check = Rules.check

    def counted(rules: Rules[Phased], state: Phased, action: Action) -> None:
        checked.append((action.type, action.seat))
        check(rules, state, action)

    monkeypatch.setattr(Rules, "check", counted)
    assert RULES.allowed_actions(Phased("turn", on_turn=1), 0) == ["pass", "note"]
    assert checked == [("pass", 0), ("note", 0)]
    checked.clear()
    assert RULES.allowed_actions(Phased("turn", on_turn=1), 1) == ["draw", "pass", "note"]
    assert checked == [("draw", 1), ("pass", 1), ("note", 1)]
    checked.clear()
    assert RULES.allowed_actions(Phased("deal"), None) == ["deal", "end"]
    assert checked == [("deal", None), ("end", None)]
