"""The rules of Safehouse as the steps of ``RULES``: one roll, step by step.

Between rolls (``ready``) the roller ``select``s dice and ``roll``s them (the pursuer steps
first), or anyone takes the dice back (``retrieve``). The faces come from the table
(``faces``; ``face_back`` takes the last one back) or from the box's chance; then the group
may spend the shared ``help``s before it goes on (``go``: the pursuer faces move the
pursuer). Every player enters (``order``, ``chameleon``; in sheet mode a player who took a
``sheet`` will ``write`` and ``erase`` numbers on it) and says ``done``; the last one ends
the roll. A drift correction (``pursuer``) may move the pursuer forward at any time. The
capture check follows every move of the pursuer and every entry, since an order taken back
moves its player back; the win check every entry, so the last one home wins at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TypeVar

from companion.games.base import (
    CHANCE,
    JSON,
    Action,
    Chance,
    IllegalAction,
    InvalidAction,
    Rules,
    Sender,
    Step,
    Undo,
    whole,
)
from companion.games.safehouse import checks, sheet
from companion.games.safehouse.profile import LETTERS
from companion.games.safehouse.state import (
    ARROWS,
    COLOURS,
    DICE,
    FACES,
    HELPS,
    PLAYING,
    PURSUER,
    Face,
    Move,
    Order,
    Player,
    Roll,
    ShState,
    caught,
    chameleons,
    free,
    hand,
    in_safehouse,
    kept,
    layout,
    needed,
    numbers_given,
    orders,
    position,
    pursuer_faces,
    retrieval_cost,
    rolling,
    smallest,
    waiting_faces,
)

T = TypeVar("T")
STATUSES = ("empty", "open", "closed")


# -- between rolls -----------------------------------------------------------------------------

def _select(state: ShState, action: Action) -> ShState:
    """The box's choice in progress: the dice to roll (ready) or to roll again (helps)."""
    if state.phase == "ready":
        return replace(state, selection=_counts(state, action.args.get("dice")))
    roll = _current(state)
    return replace(state, roll=replace(roll, reroll=_chosen(roll, action.args.get("reroll"),
                                                            empty=True)))


def _roll(state: ShState, action: Action) -> ShState:
    """The pursuer steps once ("vor jedem Würfelwurf"); unless that catches someone (then
    the dice are never rolled), the chosen dice leave the middle and the faces come: from
    the box's chance, with the roll, or next from the table."""
    dice = _counts(state, action.args.get("dice"))
    if not any(dice[c] for c in COLOURS):
        key = "safehouse.retrieve_first" if not any(free(state)[c] for c in COLOURS) else (
            "safehouse.colour_die")
        raise IllegalAction(key)
    faces = _given_faces(state, action)
    state = _advance(replace(state, selection=_nothing(), rolls=state.rolls + 1), 1, "step")
    if state.phase == "lost":
        return state
    roll = Roll({colour: (None,) * n for colour, n in dice.items() if n})
    state = replace(state, roll=roll, phase="faces")
    return _with_faces(state, faces) if faces else state


def _retrieve(state: ShState, action: Action) -> ShState:
    """Every die back from the lid; the pursuer moves by the most open orders of a player."""
    if not any(state.lid.values()):
        raise IllegalAction("safehouse.lid_empty")
    state = replace(state, lid=_nothing(), selection=_nothing())
    return _advance(state, retrieval_cost(state), "retrieve")


# -- the faces and the shared helps -------------------------------------------------------------

def _faces(state: ShState, action: Action) -> ShState:
    """The faces typed in from the table's dice; or, when the group lets the box roll the
    dice still waiting (``box``), theirs from the box's chance."""
    if action.args.get("box") is not True:
        return _with_faces(state, _parse_faces(action.args.get("faces")))
    drawn = action.args.get(CHANCE)
    if "faces" in action.args or not isinstance(drawn, Mapping):
        raise InvalidAction("safehouse.chance_missing")
    return _with_faces(state, _parse_faces(drawn.get("faces")))


def _face_back(state: ShState, action: Action) -> ShState:
    """The last face entered (``all``: every face entered since the roll) is taken back: that
    die waits for its face again. Until the group goes on a typo is no reveal: the helps wait."""
    roll = _current(state)
    if not roll.entered:
        raise IllegalAction("safehouse.no_face_entered")
    back = roll.entered if action.args.get("all") is True else roll.entered[-1:]
    faces = {colour: tuple(None if (colour, place) in back else face
                           for place, face in enumerate(fs)) for colour, fs in roll.faces.items()}
    return replace(state, phase="faces", roll=replace(
        roll, faces=faces, entered=roll.entered[:len(roll.entered) - len(back)]))


def _help(state: ShState, action: Action) -> ShState:
    """A shared help, once per game for everyone, decided after the roll. Ignoring the
    pursuer faces ("alle gewürfelten Verfolger ignorieren") needs one rolled, and leaves the
    group free to roll again (reading A-R5: they wait for "Weiter"); with "Nochmal würfeln"
    spent too nothing is left to decide, and the roll goes on."""
    kind, roll = action.args.get("kind"), _current(state)
    if kind not in HELPS:
        raise InvalidAction("safehouse.help_unknown")
    if kind in state.helps:
        raise IllegalAction(f"safehouse.help_used.{kind}")
    if kind == "ignore" and not pursuer_faces(state):
        raise IllegalAction("safehouse.help_no_pursuer")
    state = replace(state, helps=(*state.helps, str(kind)))
    if kind == "ignore":
        state = replace(state, roll=replace(roll, ignored=True))
        return _go(state, action) if set(HELPS) <= set(state.helps) else state
    dice = _chosen(roll, action.args.get("dice", roll.reroll), empty=False)
    faces = {c: tuple(None if i in dice.get(c, ()) else f for i, f in enumerate(fs))
             for c, fs in roll.faces.items()}
    state = replace(state, roll=replace(roll, faces=faces, rerolled=True, reroll={},
                                        entered=()))
    drawn = _given_faces(state, action)
    return _with_faces(state, drawn) if drawn else replace(state, phase="faces")


def _go(state: ShState, action: Action) -> ShState:
    """The pursuer faces move the pursuer (unless ignored); then everyone enters."""
    state = _advance(state, pursuer_faces(state), "faces")
    if state.phase == "lost":
        return state
    return replace(state, phase="entering", players=_fresh(state), focus=(state.roller, 0))


# -- entering ----------------------------------------------------------------------------------

def _order(state: ShState, action: Action) -> ShState:
    """An order on a paper sheet opened, closed with its arrow or emptied, within the numbers
    the roll gives (SH-18); one closed in an earlier roll only the table page or box corrects."""
    seat, row = checks.sheet(state, action), _row(state, action.args.get("row"))
    order = _entered(action)
    if action.seat is not None and row in kept(state, seat):
        raise IllegalAction("safehouse.order_kept", row=row + 1)
    entered = _set(state.players[seat].orders, row, order)
    given = numbers_given(state)
    if needed(state, seat, entered) > given:
        raise IllegalAction("safehouse.numbers_used", count=given, fields=smallest(state, 0),
                            grey=smallest(state, state.profile.orders - 1))
    player = replace(state.players[seat], orders=entered)
    return _update(replace(state, focus=(seat, row)), seat, player)


def _entered(action: Action) -> Order:
    """The order as the action gives it: its status, and its arrow if closed."""
    status, arrow = action.args.get("status"), action.args.get("arrow")
    if status not in STATUSES:
        raise InvalidAction("safehouse.status_unknown")
    if status == "closed" and not (whole(arrow) and ARROWS[0] <= arrow <= ARROWS[1]):
        raise InvalidAction("safehouse.arrow", minimum=ARROWS[0], maximum=ARROWS[1])
    if status != "closed" and arrow is not None:
        raise InvalidAction("safehouse.arrow_closed")
    return Order(str(status), arrow if whole(arrow) else 0)


def _chameleon(state: ShState, action: Action) -> ShState:
    seat = checks.sheet(state, action)
    player = state.players[seat]
    if player.chameleons >= chameleons(state):
        raise IllegalAction("safehouse.chameleons_used", count=chameleons(state))
    player = replace(player, chameleons=player.chameleons + 1)
    return replace(state, players=_set(state.players, seat, player))


def _done(state: ShState, action: Action) -> ShState:
    """A player has entered this roll; the last one (or the box for everyone) ends it."""
    if action.seat is None and "seat" not in action.args:
        return _end_roll(state)
    seat = checks.sheet(state, action)
    state = replace(state, players=_set(state.players, seat,
                                        replace(state.players[seat], done=True)))
    return _end_roll(state) if all(p.done for p in state.players) else state


def _end_roll(state: ShState) -> ShState:
    """Every die of the roll goes to the lid, the next player rolls."""
    out = rolling(state)
    lid = {colour: state.lid[colour] + out[colour] for colour in DICE}
    return replace(state, lid=lid, roll=None, players=_fresh(state), phase="ready",
                   roller=(state.roller + 1) % state.seats)


def _fresh(state: ShState) -> tuple[Player, ...]:
    """Every player before entering a roll: nothing entered, nothing of it used."""
    return tuple(replace(p, done=False, written=(), before=p.orders) for p in state.players)


# -- the digital sheets (sheet mode) ------------------------------------------------------------

def _sheet(state: ShState, action: Action) -> ShState:
    """A player takes a sheet: each a different letter ("ein unterschiedliches Blatt"), while
    nothing is written on theirs yet."""
    seat, letter = checks.sheet(state, action), action.args.get("letter")
    if letter not in LETTERS:
        raise InvalidAction("safehouse.sheet.letter", letters=", ".join(LETTERS))
    if letter not in sheet.letters(state.profile):
        raise IllegalAction("safehouse.sheet.untyped", letter=letter,
                            letters=", ".join(sheet.letters(state.profile)))
    holder = next((s for s, p in enumerate(state.players) if p.letter == letter), seat)
    if holder != seat:
        raise IllegalAction("safehouse.sheet.taken", letter=letter, seat=holder + 1)
    if any(order.status != "empty" for order in orders(state, seat)):
        raise IllegalAction("safehouse.sheet.started")
    player = replace(state.players[seat], letter=str(letter))
    player = replace(player, numbers=sheet.blank(sheet.sheets(state.profile)[player.letter]))
    return _update(state, seat, player)


def _write(state: ShState, action: Action) -> ShState:
    """A number into a field of the player's digital sheet, checked against the roll and the
    order; the order closes when its last colour field is filled, and its arrow moves them."""
    seat, (row, field) = checks.sheet(state, action), _field(state, action)
    number, colour = action.args.get("number"), action.args.get("colour")
    if not whole(number):
        raise InvalidAction("safehouse.sheet.number_invalid")
    if colour is not None and colour not in COLOURS:
        raise InvalidAction("safehouse.sheet.colour_invalid")
    player = state.players[seat]
    entry = sheet.write(layout(state, seat)[row], player.numbers[row], (row, field), number,
                        colour, hand(state, seat))
    return _update(state, seat, replace(
        player, numbers=_cell(player.numbers, row, field, number),
        written=(*player.written, entry), chameleons=player.chameleons + entry.chameleon))


def _erase(state: ShState, action: Action) -> ShState:
    """A number written this roll comes off again, and what it used is free again."""
    seat, (row, field) = checks.sheet(state, action), _field(state, action)
    player = state.players[seat]
    entry = next((e for e in player.written if (e.row, e.field) == (row, field)), None)
    if entry is None:
        raise IllegalAction("safehouse.sheet.not_this_roll")
    return _update(state, seat, replace(
        player, numbers=_cell(player.numbers, row, field, None),
        written=tuple(e for e in player.written if e is not entry),
        chameleons=player.chameleons - entry.chameleon))


def _update(state: ShState, seat: int, player: Player) -> ShState:
    """The player's sheet as an entry leaves it."""
    return _after_entry(replace(state, players=_set(state.players, seat, player)))


def _after_entry(state: ShState) -> ShState:
    """An entry ends the game at once: a player it moved back onto or behind the pursuer is
    caught, as by any capture (the pursuer stood still: ``entry``); the last one home wins
    ("Ihr habt alle in das Feld mit dem Safehouse einen Schrägstrich gesetzt?", SH-15)."""
    if caught(state):
        return _capture(state, Move(state.pursuer, state.pursuer, "entry"))
    home = all(in_safehouse(state, seat) for seat in range(state.seats))
    return replace(state, phase="won") if home else state


def _field(state: ShState, action: Action) -> tuple[int, int]:
    """The order and field an entry names on the seat's sheet."""
    seat = checks.sheet(state, action)
    row, field = _row(state, action.args.get("row")), action.args.get("field")
    size = len(layout(state, seat)[row].fields)
    if not whole(field) or not 0 <= field < size:
        raise InvalidAction("safehouse.sheet.field", row=row + 1, fields=size)
    return row, field


def _cell(numbers: tuple[tuple[int | None, ...], ...], row: int, field: int,
          number: int | None) -> tuple[tuple[int | None, ...], ...]:
    return _set(numbers, row, _set(numbers[row], field, number))


def _focus(state: ShState, action: Action) -> ShState:
    """Which sheet and order the box's menu enters for (a player without a phone)."""
    return replace(state, focus=(checks.sheet(state, action), _row(state, action.args.get("row"))))


# -- any time ----------------------------------------------------------------------------------

def _pursuer(state: ShState, action: Action) -> ShState:
    """A drift correction: the pursuer forward to the field the furthest sheet shows."""
    target = action.args.get("field")
    if not whole(target):
        raise InvalidAction("safehouse.field_invalid")
    if not state.pursuer < target <= state.profile.safehouse:
        raise IllegalAction("safehouse.pursuer_forward", field=state.pursuer,
                            safehouse=state.profile.safehouse)
    return _advance(state, target - state.pursuer, "correction")


# -- helpers -----------------------------------------------------------------------------------

def _advance(state: ShState, steps: int, reason: str) -> ShState:
    """The pursuer moves; the capture check follows at once."""
    return _capture(replace(state, pursuer=state.pursuer + steps),
                    Move(state.pursuer, state.pursuer + steps, reason))


def _capture(state: ShState, last: Move) -> ShState:
    """The capture check after ``last``: whoever the pursuer stands on or past is caught."""
    state = replace(state, last=last)
    reached = caught(state)
    return replace(state, phase="lost", caught=reached) if reached else state


def _with_faces(state: ShState, faces: Mapping[str, list[Face]]) -> ShState:
    """Fill the dice waiting for a face, colour by colour in order; all known: the helps."""
    roll, waiting = _current(state), waiting_faces(state)
    for colour, given in faces.items():
        if len(given) > waiting.get(colour, 0):
            raise InvalidAction("safehouse.faces_count")
    filled, entered = {}, list(roll.entered)
    for colour, old in roll.faces.items():
        typed = iter(faces.get(colour, ()))
        filled[colour] = tuple(next(typed, None) if f is None else f for f in old)
        entered += [(colour, i) for i, (f, now) in enumerate(zip(old, filled[colour],
                                                                 strict=True))
                    if f is None and now is not None]
    state = replace(state, roll=replace(roll, faces=filled, entered=tuple(entered)))
    return replace(state, phase="helps") if not waiting_faces(state) else state


def _given_faces(state: ShState, action: Action) -> dict[str, list[Face]]:
    """The faces that come with a roll or a re-roll: the box's chance, or typed in."""
    drawn, typed = action.args.get(CHANCE), action.args.get("faces")
    if state.box_dice:
        if typed is not None:
            raise InvalidAction("safehouse.box_rolls")
        if not isinstance(drawn, Mapping):
            raise InvalidAction("safehouse.chance_missing")
        return _parse_faces(drawn.get("faces"))
    return {} if typed is None else _parse_faces(typed)


def _parse_faces(raw: JSON) -> dict[str, list[Face]]:
    if not isinstance(raw, Mapping) or not all(
            colour in DICE and isinstance(faces, list) and all(_is_face(f) for f in faces)
            for colour, faces in raw.items()):
        raise InvalidAction("safehouse.faces_invalid")
    return {str(colour): list(faces) for colour, faces in raw.items()}


def _is_face(face: JSON) -> bool:
    """1 to 5 as a whole number (never 2.0 or true, which equal 2 and 1), or the pursuer."""
    return face == PURSUER or (whole(face) and face in FACES)


def _counts(state: ShState, raw: JSON) -> dict[str, int]:
    """How many dice of each colour are chosen, each no more than lie in the middle."""
    if not isinstance(raw, Mapping) or not all(
            colour in DICE and whole(n) and n >= 0 for colour, n in raw.items()):
        raise InvalidAction("safehouse.dice_invalid")
    available = free(state)
    for colour, n in raw.items():
        if n > available[colour]:
            raise IllegalAction("safehouse.dice_not_free" if available[colour] else
                                "safehouse.dice_in_lid", count=available[colour])
    return {colour: int(raw.get(colour, 0)) for colour in DICE}


def _chosen(roll: Roll, raw: JSON, *, empty: bool) -> dict[str, tuple[int, ...]]:
    """Dice of the roll by colour and place ("nur die Würfel, die ihr vorher ausgewählt habt")."""
    if not isinstance(raw, Mapping) or not all(
            isinstance(places, list | tuple) and all(whole(i) for i in places)
            for places in raw.values()):
        raise InvalidAction("safehouse.reroll_places")
    if not all(colour in roll.faces and all(0 <= i < len(roll.faces[colour]) for i in places)
               and len(set(places)) == len(places) for colour, places in raw.items()):
        raise InvalidAction("safehouse.reroll_invalid")
    chosen = {str(c): tuple(sorted(places)) for c, places in raw.items() if places}
    if not chosen and not empty:
        raise InvalidAction("safehouse.reroll_none")
    return chosen


def _current(state: ShState) -> Roll:
    assert state.roll is not None
    return state.roll


def _row(state: ShState, row: JSON) -> int:
    if not whole(row) or not 0 <= row < state.profile.orders:
        raise InvalidAction("safehouse.row", orders=state.profile.orders)
    return row


def _nothing() -> dict[str, int]:
    return dict.fromkeys(DICE, 0)


def _set(values: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    return (*values[:index], item, *values[index + 1:])


def new_players(seats: int, orders: int) -> tuple[Player, ...]:
    return tuple(Player((Order(),) * orders) for _ in range(seats))


SEAT, OWN = Sender.SEAT, Sender.NAMED_SEAT
ROLLER, SHEET = checks.ROLLER, "safehouse.own_sheet"

RULES: Rules[ShState] = Rules("safehouse", {
    "select": Step(does=_select, phases=("ready", "helps"), by=SEAT, role=ROLLER,
                   arguments={"dice": dict, "reroll": dict}),
    "roll": Step(does=_roll, phases=("ready",), by=SEAT, role=ROLLER, undo=Undo.DRAWN,
                 arguments={"dice": dict, "faces": dict}),
    "retrieve": Step(does=_retrieve, phases=("ready",)),
    "faces": Step(does=_faces, phases=("faces",), by=SEAT, role=ROLLER, undo=Undo.DRAWN,
                  check=checks.faces_by_hand, arguments={"faces": dict, "box": bool}),
    "face_back": Step(does=_face_back, phases=("faces", "helps"), by=SEAT, role=ROLLER,
                      check=checks.faces_by_hand, arguments={"all": bool}),
    "help": Step(does=_help, phases=("helps",), by=SEAT, role=ROLLER, undo=Undo.DRAWN,
                 arguments={"kind": str, "dice": dict}),
    "go": Step(does=_go, phases=("helps",), by=SEAT, role=ROLLER),
    "order": Step(does=_order, phases=("entering",), by=OWN, refused=SHEET,
                  check=checks.light_entry,
                  arguments={"seat": int, "row": int, "status": str, "arrow": int}),
    "chameleon": Step(does=_chameleon, phases=("entering",), by=OWN, refused=SHEET,
                      check=checks.light_entry, arguments={"seat": int}),
    "sheet": Step(does=_sheet, phases=PLAYING, by=OWN, refused=SHEET, check=checks.sheet_choice,
                  arguments={"seat": int, "letter": str}),
    "write": Step(does=_write, phases=("entering",), by=OWN, refused=SHEET,
                  check=checks.sheet_entry,
                  arguments={"seat": int, "row": int, "field": int, "number": int,
                             "colour": str}),
    "erase": Step(does=_erase, phases=("entering",), by=OWN, refused=SHEET,
                  check=checks.sheet_entry, arguments={"seat": int, "row": int, "field": int}),
    "done": Step(does=_done, phases=("entering",), by=OWN, refused=SHEET,
                 arguments={"seat": int}),
    "focus": Step(does=_focus, phases=("entering",), by=Sender.BOX, refused="safehouse.box_only",
                  arguments={"seat": int, "row": int}),
    "pursuer": Step(does=_pursuer, phases=PLAYING, arguments={"field": int}),
})
"""Each step: what it does and takes from a phone or the box (the box's dice come as
``chance``), the phases it is legal in and who may send it then. Undo never takes back a roll
or a re-roll of the box's dice, nor the faces it rolled for the group; what the group typed in
from its own dice always (a typo)."""


def draw(state: ShState | None, action: Action, chance: Chance) -> Action:
    """The box rolls the dice of a roll or a re-roll when the group chose the box's dice, and
    the dice waiting for their faces when the group lets it."""
    if state is None:
        return action
    if action.type == "faces" and action.args.get("box") is True and state.phase == "faces":
        counts: dict[str, int] | None = waiting_faces(state)
    else:
        counts = _drawn_counts(state, action) if state.box_dice else None
    if counts is None:
        return action
    faces = {colour: [FACES[chance.randrange(len(FACES))] for _ in range(n)]
             for colour, n in counts.items() if n}
    return replace(action, args={**action.args, CHANCE: {"faces": faces}})


def _drawn_counts(state: ShState, action: Action) -> dict[str, int] | None:
    """How many dice of each colour the box rolls for ``action``; None: it rolls nothing
    (a malformed action is left for the rules to refuse)."""
    if action.type == "roll" and state.phase == "ready":
        raw = action.args.get("dice")
    elif (action.type == "help" and action.args.get("kind") == "reroll"
          and state.phase == "helps" and state.roll is not None):
        places = action.args.get("dice", state.roll.reroll)
        raw = ({c: len(p) for c, p in places.items() if isinstance(p, list | tuple)}
               if isinstance(places, Mapping) else None)
    else:
        return None
    if not isinstance(raw, Mapping) or not all(c in DICE and whole(n) and 0 <= n <= 2
                                               for c, n in raw.items()):
        return None
    return {str(c): int(n) for c, n in raw.items()}


def caught_field(state: ShState) -> int:
    """The field the group was caught on: the last slash of the first player the pursuer
    reached (it may have run past it in the same move)."""
    return min((position(state, seat) for seat in state.caught), default=state.pursuer)


def outcome(state: ShState) -> dict[str, JSON] | None:
    """Everyone wins or loses together; each player's final field is their score."""
    if state.phase not in ("won", "lost"):
        return None
    won = state.phase == "won"
    told = ([{"key": "safehouse.summary.won", "params": {"count": state.rolls}}] if won else
            [{"key": "safehouse.summary.caught", "params": {"field": caught_field(state)}}])
    return {"won": won, "pursuer": state.pursuer, "rolls": state.rolls,
            "caught": list(state.caught), "summary": told,
            "results": [{"seat": seat, "place": 1, "score": position(state, seat)}
                        for seat in range(state.seats)]}
