"""What Räuber-Rommé's actions do and who may send them when; setup and its draw."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from companion.games.base import (
    JSON,
    Action,
    Chance,
    GameStep,
    IllegalAction,
    InvalidAction,
    Role,
    Rules,
    Saved,
    Sender,
    Step,
    Undo,
    every,
    whole,
)
from companion.games.romme.state import (
    JOKER,
    OVERRUNS_TO_LEAVE,
    TILE_SET,
    Last,
    Player,
    RommeState,
    Scoring,
    Settings,
    active_seats,
    countdown_ms,
    limit_ms,
    may_hold_nothing,
    missing_seats,
    next_seat,
    round_points,
    settle_ms,
    tile_seats,
)

# -- the turn ----------------------------------------------------------------------------------

def _with_player(state: RommeState, seat: int, player: Player) -> RommeState:
    players = (*state.players[:seat], player, *state.players[seat + 1:])
    return replace(state, players=players)


def _resume(state: RommeState, action: Action) -> RommeState:
    return replace(state, phase="turn")


def _pause(state: RommeState, action: Action) -> RommeState:
    """Stop the clock; paused while the group settles, the next turn keeps its full time."""
    used = action.elapsed_ms if state.phase == "turn" else 0
    return replace(state, phase="paused", remaining_ms=state.remaining_ms - used)


def _hand_on(state: RommeState, player: Player, last: Last, phase: str = "turn") -> RommeState:
    """The turn ends with ``last``; the next seat gets a full clock, running at once or
    (``phase`` settle) once the group has settled."""
    state = replace(_with_player(state, state.turn, player), last=last)
    if len(active_seats(state)) < 2:
        return _end_round(state, None)
    return replace(state, phase=phase, turn=next_seat(state, state.turn),
                   remaining_ms=limit_ms(state), settled_ms=0)


def _turn_taken(state: RommeState, used_ms: int) -> Player:
    """The current player with one more turn, of ``used_ms``, counted for the records."""
    player = state.players[state.turn]
    return replace(player, turns=player.turns + 1, turn_ms=player.turn_ms + used_ms)


def _used_ms(state: RommeState, action: Action) -> int:
    """How much of the turn's time the player on turn used until ``action``."""
    return limit_ms(state) - state.remaining_ms + action.elapsed_ms


def _in_time(state: RommeState, action: Action) -> Player:
    """The current player, having ended the turn before the clock ran out."""
    return replace(_turn_taken(state, _used_ms(state, action)), overruns=0, had_turn=True)


def _end_turn(state: RommeState, action: Action) -> RommeState:
    return _hand_on(state, replace(_in_time(state, action), melded=True),
                    Last("end_turn", state.turn, 0))


def _draw(state: RommeState, action: Action) -> RommeState:
    return _hand_on(state, _in_time(state, action), Last("draw", state.turn, 1))


def _failed_manipulation(state: RommeState, action: Action) -> RommeState:
    return _hand_on(state, _in_time(state, action), Last("failed_manipulation", state.turn, 1))


def _timeout(state: RommeState, action: Action) -> RommeState:
    """The clock's verdict: the settle time is over, or the turn overran (and the group
    settles while the player takes back their tiles and draws the penalty)."""
    if state.phase == "settle":
        return replace(state, phase="turn")
    player = _turn_taken(state, limit_ms(state))
    player = replace(player, overruns=player.overruns + 1, overran=player.overran + 1,
                     had_turn=True)
    if player.overruns >= OVERRUNS_TO_LEAVE:
        return _hand_on(state, replace(player, left_round=state.round),
                        Last("left", state.turn, 0), _after_overrun(state))
    tiles = 2 if state.settings.overrun_penalty == "one_plus_draw" else 1
    return _hand_on(state, player, Last("overrun", state.turn, tiles), _after_overrun(state))


def _after_overrun(state: RommeState) -> str:
    """The group settles before the next turn, unless it chose to go on at once (0 s)."""
    return "turn" if settle_ms(state) == 0 else "settle"


# -- the round's end and its scores ------------------------------------------------------------

def _romme(state: RommeState, action: Action) -> RommeState:
    """The player on turn went out: a round won (on the first turn if they had none)."""
    player = _turn_taken(state, _used_ms(state, action))
    player = replace(player, overruns=0, rounds_won=player.rounds_won + 1,
                     first_turn_outs=player.first_turn_outs + (not player.had_turn))
    return _end_round(replace(_with_player(state, state.turn, player), last=None), state.turn)


def _stuck(state: RommeState, action: Action) -> RommeState:
    player = replace(_turn_taken(state, _used_ms(state, action)), overruns=0)
    return _end_round(replace(_with_player(state, state.turn, player), last=None), None)


def _end_round(state: RommeState, winner: int | None) -> RommeState:
    scoring = Scoring(winner, (None,) * len(state.players))
    state = replace(state, phase="scoring", scoring=scoring)
    focus = next(iter(missing_seats(state) or tile_seats(state)), None)
    return replace(state, scoring=replace(scoring, focus=focus))


def _score(state: RommeState, action: Action) -> RommeState:
    assert state.scoring is not None
    seat, tiles = _seat_arg(state, action), _tiles_arg(action)
    _check_tile_seat(state, seat)
    if tiles == () and not may_hold_nothing(state, seat):
        raise IllegalAction("romme.hand_empty", seat=seat + 1)
    rows = state.scoring.tiles
    rows = (*rows[:seat], tiles, *rows[seat + 1:])
    _check_set((row for row in rows if row), IllegalAction,
               ("romme.round_value", "romme.round_jokers"))
    return replace(state, scoring=replace(state.scoring, tiles=rows, focus=seat))


def _confirm_scores(state: RommeState, action: Action) -> RommeState:
    players = tuple(replace(player, rounds=(*player.rounds, round_points(state, seat)),
                            melded=False, had_turn=False)
                    for seat, player in enumerate(state.players))
    state = replace(state, players=players, scoring=None, last=None)
    rounds = state.settings.rounds
    if (rounds and state.round >= rounds) or len(active_seats(state)) < 2:
        return replace(state, phase="over")
    starter = next_seat(state, state.starter)
    return replace(state, phase="ready", round=state.round + 1, starter=starter, turn=starter,
                   remaining_ms=limit_ms(state))


def _finish(state: RommeState, action: Action) -> RommeState:
    return replace(state, phase="over", round=state.round - 1)


# -- who may do what when ----------------------------------------------------------------------

ON_TURN: Role[RommeState] = Role(name="the seat on turn", seat=lambda state: state.turn,
                                  refused="romme.not_your_turn")


def _check_pause(state: RommeState, action: Action) -> None:
    """Anyone may pause a running clock; waiting for TURN, nothing runs to pause."""
    if countdown_ms(state) is None:
        raise IllegalAction("romme.phase.settle")


def _check_clock(state: RommeState, action: Action) -> None:
    countdown = countdown_ms(state)
    if countdown is None:
        raise IllegalAction("romme.phase.settle")
    left = countdown - action.elapsed_ms
    if left > 0:
        raise IllegalAction("romme.timeout_early", seconds=-(-left // 1000))


def _check_scorer(state: RommeState, action: Action) -> None:
    if not tile_seats(state):
        raise IllegalAction("romme.scores_fixed")
    if action.seat is not None:
        _check_tile_seat(state, action.seat)


def _check_tile_seat(state: RommeState, seat: int) -> None:
    if seat in tile_seats(state):
        return
    if state.scoring is not None and seat == state.scoring.winner:
        raise IllegalAction("romme.score_winner", seat=seat + 1)
    raise IllegalAction("romme.score_left", seat=seat + 1)


def _check_complete(state: RommeState, action: Action) -> None:
    missing = missing_seats(state)
    if missing:
        raise IllegalAction("romme.scores_missing", seats=", ".join(str(s + 1) for s in missing))


def _check_finish(state: RommeState, action: Action) -> None:
    if state.settings.rounds:
        raise IllegalAction("romme.finish_fixed", rounds=state.settings.rounds)
    if state.round < 2:
        raise IllegalAction("romme.finish_unplayed")


def _time_left(state: RommeState, action: Action) -> None:
    """Once the turn's time is up, nothing but the clock's verdict ends or pauses it."""
    if state.phase == "turn" and action.elapsed_ms >= state.remaining_ms:
        raise IllegalAction("romme.time_up")


def _on_turn(does: Callable[[RommeState, Action], RommeState]) -> GameStep[RommeState]:
    """A step of the player on turn, while the turn's time runs."""
    return Step(does=does, phases=("turn",), check=_time_left, by=Sender.SEAT, role=ON_TURN)


RULES: Rules[RommeState] = Rules("romme", {
    "resume": Step(does=_resume, phases=("ready", "paused", "settle")),
    "pause": Step(does=_pause, phases=("turn", "settle"), check=every(_time_left, _check_pause)),
    "end_turn": _on_turn(_end_turn),
    "draw": _on_turn(_draw),
    "failed_manipulation": _on_turn(_failed_manipulation),
    "timeout": Step(does=_timeout, phases=("turn", "settle"), check=_check_clock,
                    by=Sender.SERVER, refused="romme.timeout_clock", undo=Undo.FINAL),
    "romme": _on_turn(_romme),
    "stuck": _on_turn(_stuck),
    "score": Step(does=_score, phases=("scoring",), check=_check_scorer,
                  by=Sender.NAMED_SEAT, refused="romme.score_own_seat",
                  arguments={"seat": int, "tiles": list}),
    "confirm_scores": Step(does=_confirm_scores, phases=("scoring",), check=_check_complete,
                           undo=Undo.SHARED),
    "finish": Step(does=_finish, phases=("ready",), check=_check_finish,
                   confirm="box.again.ends"),
})
"""Each step: what it does, the phases it is legal in and who may send it then. Only a score
takes arguments: the seat and its tiles (1-10, a joker 50; without tiles it clears the seat's
entry). Undo may take back all but the clock's verdict (the Table also never takes back the
step that ends the game); scores made final for everyone only the box and the host take back."""


def _seat_arg(state: RommeState, action: Action) -> int:
    seat = action.args.get("seat")
    if not whole(seat) or not 0 <= seat < len(state.players):
        raise InvalidAction("romme.seat_invalid")
    return seat


def _tiles_arg(action: Action) -> tuple[int, ...] | None:
    """The entered hand (an empty one is a hand of no tiles), or None: cleared, not entered."""
    if "tiles" not in action.args:
        return None
    tiles = action.args["tiles"]
    if not isinstance(tiles, list | tuple) or not all(
            whole(t) and t in TILE_SET for t in tiles):
        raise InvalidAction("romme.tiles_invalid")
    _check_set([tiles], InvalidAction, ("romme.hand_value", "romme.hand_jokers"))
    return tuple(tiles)


def _check_set(hands: Iterable[Sequence[int]], error: type[InvalidAction | IllegalAction],
               keys: tuple[str, str]) -> None:
    """Refuse ``hands`` that together hold more of a value than the set has (84 jokers...);
    ``keys`` name the sentence for a value and for the jokers."""
    held = Counter(tile for hand in hands for tile in hand)
    for tile, count in sorted(held.items()):
        if count > TILE_SET[tile]:
            raise error(keys[tile == JOKER], value=tile, held=count, maximum=TILE_SET[tile])


# -- setup -------------------------------------------------------------------------------------

def setup(options: Mapping[str, JSON], seats: int, drawn: Mapping[str, JSON],
          saved: Saved) -> RommeState:
    """The first round, ready for its first player (chosen, or drawn by the box)."""
    settings = Settings(options["turn_seconds"], options["overrun_penalty"],
                        options["first_turn_bonus"], options["rounds"], options["after_overrun"])
    chosen = options["first_player"]
    first = drawn.get("first_player") if chosen == "random" else chosen
    if not whole(first):
        raise InvalidAction("romme.first_player_missing")
    if not 0 <= first < seats:
        raise InvalidAction("romme.first_player_seat", seat=first + 1, seats=seats)
    return RommeState(settings, (Player(),) * seats, starter=first, turn=first,
                      remaining_ms=settings.turn_seconds * 1000)


def draw(state: RommeState | None, action: Action, chance: Chance) -> Action:
    """For a new game with a random first player, draw the seat into ``args["chance"]``."""
    if action.type != "table.new_game":
        return action
    options, seats = action.args.get("options", {}), action.args.get("seats")
    choice = options.get("first_player", "random") if isinstance(options, Mapping) else None
    if choice != "random" or not whole(seats) or seats < 1:
        return action
    return replace(action, args={**action.args, "chance": {"first_player":
                                                          chance.randrange(seats)}})
