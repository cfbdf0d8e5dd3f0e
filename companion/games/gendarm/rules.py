"""The rules of Räuber und Gendarm as the steps of ``RULES``.

Setup: the start roll (``start_roll``), then the secret catchers (``deal`` by the box, or each
player's ``catcher`` typed from a real chip, or ``keep_chip``: a player without a phone keeps
the chip face down on the table, also later in place of a catcher no phone can show). Play: the
board's moves stay on the table; the box hears of those that change what it keeps: ``safe`` (a
robber reached the opponent's start row), ``unsafe`` (it left it again, where the group plays
so), ``roll``, ``hide``, ``leave``, ``stuck``, the catcher's ``capture`` (for a chip on the
table the box's menu first opens the ``claim``) and the ``remove`` after an odd duty roll, and
``end_turn``. The readings where the rule book is silent are listed in the module docstring of
``companion.games.gendarm``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.games import base
from companion.games.base import (
    JSON,
    Action,
    IllegalAction,
    InvalidAction,
    Rules,
    Sender,
    Undo,
    every,
    whole,
)
from companion.games.gendarm import checks
from companion.games.gendarm.state import (
    CAUGHT,
    FACES,
    FREE,
    HIDDEN,
    SAFE,
    SEATS,
    GendarmState,
    Roll,
    Step,
    chip_pool,
    colour,
    has,
    has_catcher,
    kept_secret,
    on_turn,
    other,
    top,
    turned,
    with_player,
)

HIDING_NUMBERS = (1, 6)
"""A level-3 roll of one of these lets a robber into a hideout."""


# -- setup -------------------------------------------------------------------------------------

def _start_roll(state: GendarmState, action: Action) -> GendarmState:
    """The higher number begins; the box rolls ties again, a tie typed in is refused."""
    rolls = _start_rolls(state, action)
    if rolls:
        starter = 0 if rolls[-1][0] > rolls[-1][1] else 1
    else:
        starter = _seat_arg(action.args.get("starter"))
    return replace(state, phase="deal", start_rolls=rolls, starter=starter, turn=starter)


def _start_rolls(state: GendarmState, action: Action) -> tuple[tuple[int, ...], ...]:
    """The pairs rolled, seat 0's number first (none when the group just says who begins)."""
    if state.settings.dice == "box":
        if action.args.keys() & {"rolls", "starter"}:
            raise InvalidAction("gendarm.box_rolls")
        rolls = _chance(action).get("rolls")
    elif "starter" in action.args:
        if "rolls" in action.args:
            raise InvalidAction("gendarm.start_roll_invalid")
        return ()
    else:
        rolls = [action.args.get("rolls")]
    if not isinstance(rolls, list) or not rolls or not all(
            isinstance(pair, list) and len(pair) == SEATS and all(map(_is_face, pair))
            for pair in rolls):
        raise InvalidAction("gendarm.start_roll_invalid")
    if rolls[-1][0] == rolls[-1][1]:
        raise IllegalAction("gendarm.start_roll_tie")
    if any(a != b for a, b in rolls[:-1]):
        raise InvalidAction("gendarm.start_roll_invalid")
    return tuple(tuple(pair) for pair in rolls)


def _deal(state: GendarmState, action: Action) -> GendarmState:
    """The box draws the secret catchers of the sides without a real chip on the table (a
    shared pool may give both the same number)."""
    for seat, number in enumerate(_dealt(state, action)):
        if number is not None:
            state = with_player(state, seat, replace(state.players[seat], catcher=number))
    return _begin(state)


def _dealt(state: GendarmState, action: Action) -> list[int | None]:
    """The numbers the box drew: a chip of the level for each side, none for a chip kept on
    the table."""
    numbers, pool = _chance(action).get("catchers"), chip_pool(state.settings)
    if not isinstance(numbers, list) or len(numbers) != SEATS or not all(
            number is None if player.on_table else whole(number) and number in pool
            for player, number in zip(state.players, numbers, strict=True)):
        raise InvalidAction("gendarm.deal_invalid")
    return numbers


def _catcher(state: GendarmState, action: Action) -> GendarmState:
    """A player types the number of the chip drawn from the box; again to correct it."""
    seat = action.seat
    assert seat is not None
    number = action.args.get("number")
    if not whole(number) or not 1 <= number <= top(state.settings):
        raise InvalidAction("gendarm.catcher_range", top=top(state.settings))
    player = replace(state.players[seat], catcher=number, on_table=False)
    return _begin_when_settled(with_player(state, seat, player))


def _keep_chip(state: GendarmState, action: Action) -> GendarmState:
    """A player without a phone keeps a real chip face down: the box never learns it (and
    forgets a catcher it dealt that no phone showed), and from now on its buttons claim that
    player's captures and give up its gendarmes."""
    seat = action.args.get("seat")
    if not whole(seat) or seat not in range(SEATS):
        raise InvalidAction("gendarm.seat_unknown")
    if state.phase == "play" and not kept_secret(state.players[seat]):
        raise IllegalAction("gendarm.no_secret_catcher")
    state = with_player(state, seat, replace(state.players[seat], catcher=None, on_table=True))
    return state if state.phase == "play" else _begin_when_settled(state)


def _begin_when_settled(state: GendarmState) -> GendarmState:
    return _begin(state) if all(map(has_catcher, state.players)) else state


def _begin(state: GendarmState) -> GendarmState:
    return replace(state, phase="play", step=Step())


# -- a turn ------------------------------------------------------------------------------------

def _roll(state: GendarmState, action: Action) -> GendarmState:
    """The duty roll of a safe robber's owner, or at level 3 the turn's one roll: any number
    but 1 and 6 ends the turn; after those the player hides a robber (where the limits allow)
    or ends the turn."""
    seat, value = on_turn(state), _die(state, action)
    if state.step.duty:
        state = replace(state, last_roll=Roll(seat, value, "duty"),
                        step=replace(state.step, duty=False))
        return _odd(state, seat) if value % 2 else state
    state = replace(state, last_roll=Roll(seat, value, "turn"),
                    step=replace(state.step, rolled=True))
    return state if value in HIDING_NUMBERS else _hand_on(state)


def _odd(state: GendarmState, seat: int) -> GendarmState:
    """An odd duty roll costs a gendarme of the owner's choice, never the catcher: left with
    two, the box makes the choice where it knows the catcher, and the player loses."""
    player = state.players[seat]
    if len(player.gendarmes) > 2 or player.catcher is None:
        return replace(state, step=replace(state.step, removal=True))
    return _remove_gendarme(state, seat, next(n for n in player.gendarmes if n != player.catcher))


def _remove(state: GendarmState, action: Action) -> GendarmState:
    seat = on_turn(state)
    number = _gendarme_arg(state, seat, action)
    if number == state.players[seat].catcher:
        raise IllegalAction("gendarm.keep_catcher")
    return _remove_gendarme(replace(state, step=replace(state.step, removal=False)), seat,
                            number)


def _remove_gendarme(state: GendarmState, seat: int, number: int) -> GendarmState:
    """The gendarme leaves the game; the one left alone is the catcher ("bis auf einen (den
    Fänger)"), a chip kept on the table too, and its owner loses."""
    player = state.players[seat]
    player = replace(player, gendarmes=tuple(n for n in player.gendarmes if n != number))
    if len(player.gendarmes) == 1:
        player = replace(player, catcher=player.gendarmes[0])
        return _over(with_player(state, seat, player), other(seat), "depletion")
    return with_player(state, seat, player)


def _safe(state: GendarmState, action: Action) -> GendarmState:
    """The robber on the opponent's start row can no longer be caught (the turn's move)."""
    return _moved(_fate(state, on_turn(state), FREE, SAFE))


def _unsafe(state: GendarmState, action: Action) -> GendarmState:
    """The safe robber stepped off the row again and can be caught (the turn's move)."""
    return _moved(_fate(state, on_turn(state), SAFE, FREE))


def _hide(state: GendarmState, action: Action) -> GendarmState:
    """A robber goes into a free hideout; filling the second drives the first out."""
    seat, hideout = on_turn(state), action.args.get("hideout")
    if not whole(hideout) or not 1 <= hideout <= len(state.hideouts):
        raise InvalidAction("gendarm.hideout_unknown")
    if state.hideouts[hideout - 1] is not None:
        raise IllegalAction("gendarm.hideout_taken", hideout=hideout)
    hideouts = tuple(seat if n == hideout - 1 else held
                     for n, held in enumerate(state.hideouts))
    state = replace(_fate(state, seat, FREE, HIDDEN), hideouts=hideouts)
    if other(seat) in hideouts:
        state = replace(state, must_leave=other(seat))
    return _hand_on(state)


def _leave(state: GendarmState, action: Action) -> GendarmState:
    """The hidden robber left its hideout (the turn's move)."""
    seat = on_turn(state)
    hideouts = tuple(None if held == seat else held for held in state.hideouts)
    state = replace(_fate(state, seat, HIDDEN, FREE), hideouts=hideouts,
                    must_leave=None if state.must_leave == seat else state.must_leave)
    return _moved(state)


def _stuck(state: GendarmState, action: Action) -> GendarmState:
    """The robber that must leave has no way out: the turn passes, the duty stays."""
    return _hand_on(state)


def _capture(state: GendarmState, action: Action) -> GendarmState:
    """The claimant's gendarme reached a catchable robber: only the catcher catches it.

    Checked last and only here: a wrong number is refused to the claimant's phone alone. A
    chip kept on the table is shown to the opponent instead, and the box takes its word.
    """
    seat = on_turn(state)
    number = _gendarme_arg(state, seat, action)
    player = state.players[seat]
    if player.catcher is None:
        player = replace(player, catcher=number)
    elif number != player.catcher:
        raise IllegalAction("gendarm.wrong_catcher", gendarme=number)
    state = with_player(state, seat, replace(player, shown=True))
    state = _fate(state, other(seat), FREE, CAUGHT)
    if all(fate == CAUGHT for fate in state.players[other(seat)].robbers):
        return _over(state, seat, "capture")
    return _moved(state)


def _claim(state: GendarmState, action: Action) -> GendarmState:
    """The box's menu opens (or closes) the list of gendarmes to claim a capture with."""
    opened = action.args.get("open", True)
    if not isinstance(opened, bool):
        raise InvalidAction("error.argument_type", name="open")
    return replace(state, step=replace(state.step, claim=opened))


def _end_turn(state: GendarmState, action: Action) -> GendarmState:
    return _hand_on(state)


def _hand_on(state: GendarmState) -> GendarmState:
    """The other player's turn; a safe robber's owner must roll first (level 2 and 3)."""
    seat = other(on_turn(state))
    duty = state.settings.level >= 2 and has(state.players[seat], SAFE)
    return replace(state, turn=seat, turns=state.turns + 1, step=Step(duty=duty))


def _moved(state: GendarmState) -> GendarmState:
    return replace(state, step=replace(state.step, moved=True, claim=False))


def _fate(state: GendarmState, seat: int, before: str, after: str) -> GendarmState:
    player = state.players[seat]
    return with_player(state, seat, replace(player, robbers=turned(player.robbers, before,
                                                                     after)))


def _over(state: GendarmState, winner: int, reason: str) -> GendarmState:
    return replace(state, phase="over", winner=winner, reason=reason, step=Step())


# -- arguments ---------------------------------------------------------------------------------

def _chance(action: Action) -> Mapping[str, JSON]:
    chance = action.args.get("chance")
    if not isinstance(chance, Mapping):
        raise InvalidAction("gendarm.chance_missing")
    return chance


def _die(state: GendarmState, action: Action) -> int:
    """The number rolled: by the box (chance), or typed in from the table's die."""
    if state.settings.dice == "box":
        if "value" in action.args:
            raise InvalidAction("gendarm.box_rolls")
        value = _chance(action).get("value")
    else:
        value = action.args.get("value")
    if not _is_face(value):
        raise InvalidAction("gendarm.die_invalid")
    assert isinstance(value, int)
    return value


def _is_face(value: JSON) -> bool:
    return whole(value) and 1 <= value <= FACES


def _seat_arg(value: JSON) -> int:
    if not whole(value) or value not in range(SEATS):
        raise InvalidAction("gendarm.start_roll_invalid")
    return value


def _gendarme_arg(state: GendarmState, seat: int, action: Action) -> int:
    """A gendarme of ``seat`` still in play (what everyone can see on the board)."""
    number = action.args.get("gendarme")
    if not whole(number) or not 1 <= number <= top(state.settings):
        raise InvalidAction("gendarm.gendarme_unknown", top=top(state.settings))
    if number not in state.players[seat].gendarmes:
        raise IllegalAction("gendarm.gendarme_out", gendarme=number)
    return number


# -- who may do what when ----------------------------------------------------------------------

_MOVE = every(checks.nothing_pending, checks.not_moved)
_SAFE = checks.level(2, "gendarm.level_safe")
_HIDE = checks.level(3, "gendarm.level_hide")


def _chip_seat(state: GendarmState, action: Action) -> int | None:
    """The seat a chip kept on the table belongs to."""
    seat = action.args.get("seat")
    return seat if whole(seat) and seat in range(SEATS) else None


def _turn_on_table(state: GendarmState, action: Action) -> int | None:
    """The seat on turn while its chip is kept on the table."""
    playing = state.phase == "play" and state.players[on_turn(state)].on_table
    return state.turn if playing else None


SEAT, BOX = Sender.SEAT, Sender.BOX
ON_TURN, CLAIMANT = checks.ON_TURN, checks.CLAIMANT

RULES: Rules[GendarmState] = Rules("gendarm", {
    "start_roll": base.Step(does=_start_roll, phases=("start",), undo=Undo.DRAWN,
                            arguments={"rolls": list, "starter": int}),
    "deal": base.Step(does=_deal, phases=("deal",), check=checks.dealt_by_the_box,
                      undo=Undo.FINAL),
    "catcher": base.Step(does=_catcher, phases=("deal",), by=Sender.PHONE,
                         refused="gendarm.phone_only", check=checks.typed_in,
                         arguments={"number": int}),
    "keep_chip": base.Step(does=_keep_chip, phases=("deal", "play"), by=BOX,
                           refused="gendarm.keep_chip_phone", check=checks.chip_to_keep,
                           arguments={"seat": int}, secret=_chip_seat),
    "roll": base.Step(does=_roll, phases=("play",), by=SEAT, role=ON_TURN, check=checks.roll,
                      undo=Undo.DRAWN, arguments={"value": int}),
    "remove": base.Step(does=_remove, phases=("play",), by=Sender.SEAT_PHONE, role=CLAIMANT,
                        check=checks.removal, arguments={"gendarme": int},
                        secret=_turn_on_table),
    "safe": base.Step(does=_safe, phases=("play",), by=SEAT, role=ON_TURN,
                      check=every(_SAFE, _MOVE, checks.safe)),
    "unsafe": base.Step(does=_unsafe, phases=("play",), by=SEAT, role=ON_TURN,
                        check=every(_SAFE, _MOVE, checks.off_the_row)),
    "hide": base.Step(does=_hide, phases=("play",), by=SEAT, role=ON_TURN,
                      check=every(_HIDE, checks.nothing_pending, checks.hide),
                      arguments={"hideout": int}),
    "leave": base.Step(does=_leave, phases=("play",), by=SEAT, role=ON_TURN,
                       check=every(_HIDE, checks.leave, checks.not_moved)),
    "stuck": base.Step(does=_stuck, phases=("play",), by=SEAT, role=ON_TURN, check=checks.stuck),
    "capture": base.Step(does=_capture, phases=("play",), by=Sender.SEAT_PHONE, role=CLAIMANT,
                         check=every(checks.nothing_pending, checks.not_moved, checks.capture),
                         undo=Undo.FINAL, arguments={"gendarme": int}, secret=_turn_on_table,
                         confirm="box.again.may_end"),
    "claim": base.Step(does=_claim, phases=("play",), by=BOX, refused="gendarm.claim_phone",
                       check=every(checks.kept_chip, checks.nothing_pending, checks.not_moved,
                                   checks.capture),
                       arguments={"open": bool}, secret=_turn_on_table),
    "end_turn": base.Step(does=_end_turn, phases=("play",), by=SEAT, role=ON_TURN,
                          check=checks.end_turn),
})
"""Each step: what it does and takes from a phone or the box (what the box rolls or deals is
drawn by the Table), the phases it is legal in and who may send it then. Undo never takes
back the catchers' deal nor a capture, which is checked against a secret catcher; a roll of
the box's dice never, one typed in from the table's own die always (a typo). What the box or
the table page does for a chip kept on the table is refused while a phone holds its seat."""


def outcome(state: GendarmState) -> dict[str, JSON] | None:
    """Who won and how, with both catchers shown (the history keeps them; a chip kept face
    down to the end is null: only the table saw it)."""
    if state.phase != "over" or state.winner is None:
        return None
    winner, loser = state.winner, other(state.winner)
    return {"winner": winner, "reason": state.reason, "level": state.settings.level,
            "catchers": [p.catcher for p in state.players],
            "summary": [{"key": f"gendarm.summary.{state.reason}.{colour(state, winner)}",
                         "params": {}}, *_catchers_summary(state)],
            "results": [{"seat": winner, "place": 1, "score": None},
                        {"seat": loser, "place": 2, "score": None}]}


def _catchers_summary(state: GendarmState) -> list[dict[str, JSON]]:
    """Both catchers in one line; where a chip stayed face down, the one the box knows."""
    known = {colour(state, seat): p.catcher for seat, p in enumerate(state.players)
             if p.catcher is not None}
    if len(known) == SEATS:
        return [{"key": "gendarm.summary.catchers", "params": known}]
    return [{"key": f"gendarm.summary.catcher.{side}", "params": {"number": number}}
            for side, number in known.items()]
