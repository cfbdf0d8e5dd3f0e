"""What the Table tells the world after each change (views, never the state), and the hash
that is all it keeps of a seat's or a host's token."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.base import JSON, Controls


@dataclass(frozen=True, slots=True)
class Published:
    """What the Table tells the world after each change: views only, never the state.

    ``device`` is for the box's own screen only (the Wi-Fi password for its QR code); the
    phone server never sends it.
    """

    version: int
    as_of: float
    public: dict[str, JSON]
    private: dict[int, dict[str, JSON]]
    controls: Controls = field(default_factory=Controls)
    device: dict[str, JSON] = field(default_factory=dict)

    def view(self, seat: int | None, now: float) -> dict[str, JSON]:
        """The view for one phone (None: the public one), its timer counted down to ``now``."""
        view = dict(self.private.get(seat, self.public) if seat is not None else self.public)
        timer = view.get("timer")
        if timer and timer["running"]:
            left = timer["remaining_ms"] - int((now - self.as_of) * 1000)
            view["timer"] = {**timer, "remaining_ms": max(0, left)}
        return view

    def remaining_ms(self, now: float) -> int | None:
        """The time left on the timer at ``now``, or None if there is no timer."""
        timer = self.view(None, now).get("timer")
        return None if timer is None else int(timer["remaining_ms"])


def clock_runs(view: Mapping[str, JSON]) -> bool:
    """Whether a turn's or a settle's countdown runs in ``view`` (the box's screen shows it,
    never covered; the phones count it on)."""
    timer = view.get("timer")
    return bool(isinstance(timer, Mapping) and timer.get("running"))


def token_hash(token: str) -> str:
    """The hash of a seat token, which is all the Table ever stores of it."""
    return hashlib.sha256(token.encode()).hexdigest()
