"""Räuber-Rommé: the strict turn clock, its penalties and the scoring; the tiles stay on the table.

Readings the rule text leaves open:
- Turns go clockwise, in seat order. The next round starts at the seat after the last starter.
- Overruns "in a row" count the player's own turns, across rounds. Ending a turn any other way
  (end_turn, draw, failed_manipulation, romme, stuck) starts the count again.
- The second overrun in a row makes the player leave: no penalty tile then. The tiles they hold
  are scored at the end of that round, later rounds score 0 for them, and they rank last.
- When only one player is left, the round ends at once as if nobody could move (everybody in it
  counts their tiles), and after those scores the game is over: one player cannot play a round.
- Once the time is up, nothing but the overrun can end or pause the turn: the clock is the judge.
- After an overrun the group settles (phase ``settle``) while the player takes back their tiles
  and draws the penalty: the next turn's clock starts after ``after_overrun`` seconds, or when
  someone presses TURN (or taps on a phone), whichever is first; with ``wait`` only then. "At
  once" waits for the box's TIME'S UP screen (``TIME_UP_MS``), so the next player sees their
  whole time; a game logged with 0 (before "at once" did) goes on without waiting.
- A player who left scores the tiles in their hand in the round they left, and may enter an
  empty hand: their tiles may be back in the box, and they rank last anyway. Anyone still in
  the round holds at least one tile: the first to hold none went out.
- Out on the own first turn counts against every other player of the round, a player who left
  in that round included.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import Action, Game, Option, Timer
from companion.games.romme import controls, records, rules, views
from companion.games.romme.state import (
    AT_ONCE,
    RUNNING_PHASES,
    WAIT,
    RommeState,
    from_json,
    limit_ms,
    settle_left_ms,
    settle_ms,
    to_json,
)
from companion.games.romme.texts import TEXTS


def timer(state: RommeState) -> Timer | None:
    """The turn clock from the round's start to its end; while the group settles after an
    overrun, the settle time running out instead (or the next turn's, waiting for TURN)."""
    if state.phase not in RUNNING_PHASES:
        return None
    wait, left = settle_ms(state), settle_left_ms(state)
    if state.phase == "settle" and wait is not None and left is not None:
        return Timer(left, True, wait, turn=False)
    return Timer(state.remaining_ms, state.phase == "turn", limit_ms(state))


def spend(state: RommeState, ms: int) -> RommeState:
    """The state with ``ms`` more of its countdown gone, as undo hands it back: the settle time
    first (when it runs out the next turn's clock goes on), then the turn's, down to nothing."""
    left = settle_left_ms(state) if state.phase == "settle" else None
    if left is not None:
        if ms < left:
            return replace(state, settled_ms=state.settled_ms + ms)
        state, ms = replace(state, phase="turn", settled_ms=0), ms - left
    if state.phase not in RUNNING_PHASES:
        return state
    return replace(state, remaining_ms=max(0, state.remaining_ms - ms))


def on_restart(state: RommeState) -> Action | None:
    """A turn or a settle time running at a power cut comes back paused."""
    return Action("pause") if state.phase in ("turn", "settle") else None


GAME: Game[RommeState] = Game(
    id="romme",
    package=__name__,
    title={"de": "Räuber-Rommé", "en": "Räuber-Rommé"},
    min_seats=2,
    max_seats=6,
    options=(
        Option("turn_seconds", 50, minimum=15, maximum=180),
        Option("overrun_penalty", "one", choices=("one", "one_plus_draw")),
        Option("first_turn_bonus", "instead", choices=("instead", "additional")),
        Option("rounds", 0, minimum=0, maximum=20),
        Option("first_player", "random", choices=("random", 0, 1, 2, 3, 4, 5)),
        Option("after_overrun", 10, choices=(WAIT, AT_ONCE, 5, 10, 15, 20), before=0,
               retired=(0,)),
    ),
    texts={lang: {**TEXTS[lang], **records.TEXTS[lang]} for lang in TEXTS},
    rules=rules.RULES,
    setup=rules.setup,
    draw=rules.draw,
    timer=timer,
    spend=spend,
    on_restart=on_restart,
    public_view=views.public_view,
    private_view=views.private_view,
    secrets=False,
    outcome=views.outcome,
    tally=records.TALLY,
    controls=controls.controls,
    leds=controls.leds,
    sounds=controls.sounds,
    to_json=to_json,
    from_json=from_json,
)
