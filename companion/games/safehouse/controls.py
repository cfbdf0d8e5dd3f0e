"""What the box's buttons, LEDs and buzzer do in Safehouse.

The whole game runs from the buttons: between rolls OK cycles how many dice of a colour are
chosen and TURN rolls them; with the table's dice the menu enters each face; after the roll it
offers the helps and TURN goes on; while the players enter, the menu writes on the sheet in
focus (a player without a phone) and TURN ends the roll for everyone. In sheet mode a phone
writes the numbers on its own digital sheet; the box keeps the paper entries for the others
(it cannot draw a sheet).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import JSON, Action, Button, Controls, LedFrame, MenuItem, Sound
from companion.games.safehouse.state import (
    ARROWS,
    COLOURS,
    DICE,
    FACES,
    PURSUER,
    ShState,
    chameleons,
    free,
    must_retrieve,
    pursuer_faces,
    retrieval_cost,
    waiting_faces,
)

ROWS = 6
LEAD_LEDS = 5
"""LEDs 1-5 of a column: the lead over the pursuer; LED 6: in the Safehouse."""
PURSUER_FACE: JSON = {"key": "safehouse.face.pursuer"}
"""The pursuer face to type in, as a word (the box's font has no ✱)."""
PURSUER_DOT = "\u2022"
"""The pursuer face of a die rolled, as the dice on the screen show it: a dot (the word would
not fit the menu beside the die's name)."""


def controls(state: ShState) -> Controls:
    if state.phase in ("won", "lost"):
        return Controls([MenuItem("safehouse.menu.end_game", Action("table.end_game"))])
    return _MENUS[state.phase](state)


def _ready(state: ShState) -> Controls:
    """OK on a colour chooses one more of its dice (back to none), the next items every die in
    the middle at once (and every colour die, where jokers lie there too); TURN rolls the
    choice once it holds a colour die. Without a colour die in the middle the dice must come back
    first."""
    middle, chosen = free(state), state.selection
    menu = [*(MenuItem(f"safehouse.menu.die.{colour}", Action("select", None, {"dice": {
        **chosen, colour: (chosen[colour] + 1) % (middle[colour] + 1)}}),
        {"chosen": chosen[colour], "free": middle[colour]})
        for colour in DICE if middle[colour]), *_all_dice(middle, chosen)]
    roll = Action("roll", None, {"dice": dict(chosen)})
    retrieve = MenuItem("safehouse.menu.retrieve", Action("retrieve"),
                        {"steps": retrieval_cost(state)})
    if must_retrieve(state):
        return Controls([retrieve], {Button.TURN: retrieve.action})
    keys = {}
    if any(chosen[c] for c in COLOURS):
        menu.append(MenuItem("safehouse.menu.roll", roll, {"count": sum(chosen.values())}))
        keys[Button.TURN] = roll
    if any(state.lid.values()):
        menu.append(retrieve)
    menu.append(_correction(state))
    return Controls(menu, keys)


def _all_dice(middle: Mapping[str, int], chosen: Mapping[str, int]) -> list[MenuItem]:
    """Every die in the middle chosen at once, and every colour die alone where jokers lie
    there too; offered while the choice is not that already."""
    colours = {colour: middle[colour] if colour in COLOURS else 0 for colour in DICE}
    choices = [("safehouse.menu.all_dice", dict(middle))]
    if colours != middle:
        choices.append(("safehouse.menu.colour_dice", colours))
    return [MenuItem(key, Action("select", None, {"dice": dice}), {"count": sum(dice.values())})
            for key, dice in choices if dice != dict(chosen) and any(dice.values())]


def _correction(state: ShState) -> MenuItem:
    """Drift: a sheet shows the pursuer further on; the furthest counts."""
    field = state.pursuer + 1
    return MenuItem("safehouse.menu.pursuer", Action("pursuer", None, {"field": field}),
                    {"field": field})


def _faces(state: ShState) -> Controls:
    """One die at a time: the six faces of the first die still waiting, and last the box
    rolling every die still waiting, if the group lets it; BACK goes back one die ("BACK goes
    back one die")."""
    assert state.roll is not None
    waiting = waiting_faces(state)
    colour = next(iter(waiting))
    die = state.roll.faces[colour].index(None) + 1
    back = {Button.BACK: Action("face_back")} if state.roll.entered else {}
    box = MenuItem("safehouse.menu.box_rolls", Action("faces", None, {"box": True}),
                   {"dice": sum(waiting.values())})
    return Controls([*(MenuItem(f"safehouse.menu.face.{colour}",
                                Action("faces", None, {"faces": {colour: [face]}}),
                                {"die": die, "face": _face(face, PURSUER_FACE)})
                       for face in FACES), box], back)


def _helps(state: ShState) -> Controls:
    """TURN goes on; the menu spends a shared help (ignoring the pursuer only when one was
    rolled), or marks dice to roll again."""
    roll = state.roll
    assert roll is not None
    go = Action("go")
    menu = [MenuItem("safehouse.menu.go_stays", go, {"field": state.pursuer}) if roll.ignored
            else MenuItem("safehouse.menu.go", go, {"steps": pursuer_faces(state)})]
    if "ignore" not in state.helps and pursuer_faces(state):
        menu.append(MenuItem("safehouse.menu.ignore", Action("help", None, {"kind": "ignore"})))
    if "reroll" not in state.helps:
        marked = sum(len(p) for p in roll.reroll.values())
        if marked:
            menu.append(MenuItem("safehouse.menu.reroll", Action("help", None,
                                                                 {"kind": "reroll"}),
                                 {"count": marked}))
        menu += [_mark(state, colour, index) for colour, faces in roll.faces.items()
                 for index in range(len(faces))]
    return Controls(menu, {Button.TURN: go})


def _mark(state: ShState, colour: str, index: int) -> MenuItem:
    roll = state.roll
    assert roll is not None
    places = set(roll.reroll.get(colour, ()))
    marked = index in places
    places = places - {index} if marked else places | {index}
    reroll = {**{c: list(p) for c, p in roll.reroll.items()}, colour: sorted(places)}
    kind = "unmark" if marked else "mark"
    return MenuItem(f"safehouse.menu.{kind}.{colour}", Action("select", None, {"reroll": reroll}),
                    {"die": index + 1, "face": _face(roll.faces[colour][index], PURSUER_DOT)})


def _entering(state: ShState) -> Controls:
    """The sheet in focus: open, close with an arrow, empty, a chameleon, done; then on to
    the next order or player. A sheet on a phone is that phone's to write: the box only says
    the player is done. TURN: everyone is done."""
    seat = state.focus[0]
    menu = [MenuItem("safehouse.menu.all_done", Action("done"))]
    if not state.players[seat].letter:
        menu += _light(state)
    if not state.players[seat].done:
        menu.append(MenuItem("safehouse.menu.player_done", Action("done", None, {"seat": seat}),
                             {"seat": seat + 1}))
    if state.seats > 1:
        after = (seat + 1) % state.seats
        menu.append(MenuItem("safehouse.menu.next_player",
                             Action("focus", None, {"seat": after, "row": 0}),
                             {"seat": after + 1}))
    return Controls(menu, {Button.TURN: Action("done")})


def _light(state: ShState) -> list[MenuItem]:
    """The paper sheet in focus: the order opened, closed with its arrow or emptied, the next
    order, a chameleon."""
    seat, row = state.focus
    shown = {"seat": seat + 1, "row": row + 1}
    after = (row + 1) % state.profile.orders
    menu = [_write(state, "safehouse.menu.order_open", {"status": "open"}, shown),
            *(_write(state, "safehouse.menu.order_closed", {"status": "closed", "arrow": arrow},
                     {**shown, "arrow": arrow}) for arrow in range(ARROWS[0], ARROWS[1] + 1)),
            _write(state, "safehouse.menu.order_empty", {"status": "empty"}, shown),
            MenuItem("safehouse.menu.next_row", Action("focus", None, {"seat": seat, "row": after}),
                     {"seat": seat + 1, "row": after + 1})]
    left = chameleons(state) - state.players[seat].chameleons
    if left:
        menu.append(MenuItem("safehouse.menu.chameleon", Action("chameleon", None,
                                                               {"seat": seat}),
                             {"seat": seat + 1, "count": left}))
    return menu


def _write(state: ShState, key: str, order: Mapping[str, JSON],
           shown: Mapping[str, JSON]) -> MenuItem:
    """An entry on the order in focus."""
    seat, row = state.focus
    return MenuItem(key, Action("order", None, {"seat": seat, "row": row, **order}), shown)


def _face(face: object, pursuer: JSON) -> JSON:
    return pursuer if face == PURSUER else str(face)


_MENUS = {"ready": _ready, "faces": _faces, "helps": _helps, "entering": _entering}


def leds(view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
    """A column a player: the bottom five LEDs their lead over the pursuer, the top one the
    Safehouse. Won: every player's column full; a caught player's column goes dark."""
    state = _game_view(view)
    players = state.get("players")
    if not isinstance(players, list):
        return LedFrame()
    columns = [_column(player, state["phase"]) for player in players]
    columns += [(False,) * ROWS] * (4 - len(columns))
    return LedFrame(tuple(columns))


def _column(player: Mapping[str, JSON], phase: JSON) -> tuple[bool, ...]:
    if phase == "won":
        return (True,) * ROWS
    if player["caught"]:
        return (False,) * ROWS
    if player["safehouse"]:
        return (False,) * LEAD_LEDS + (True,)
    shown = max(0, min(LEAD_LEDS, int(player["lead"])))
    return tuple(row < shown for row in range(ROWS))


def sounds(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Sound]:
    """A tick for every step of the pursuer; a warning when a lead fell to 2 or less; the
    siren when someone is caught, DONE when everyone is in the Safehouse. Undo says nothing."""
    old, new = _game_view(before), _game_view(after)
    steps = int(new.get("pursuer") or 0) - int(old.get("pursuer") or 0)
    said = [Sound.TICK] * max(0, steps)
    if new.get("phase") == "lost" and old.get("phase") != "lost":
        return [*said, Sound.SIREN]
    if new.get("phase") == "won" and old.get("phase") != "won":
        return [*said, Sound.DONE]
    if steps > 0 and new.get("warn"):
        said.append(Sound.WARN)
    return said


def _game_view(view: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The game's part of a table view (a game view is taken as it is)."""
    state = view.get("state")
    return state if isinstance(state, Mapping) else view
