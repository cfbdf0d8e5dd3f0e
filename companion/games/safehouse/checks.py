"""When a Safehouse step may be sent, and whose part the roller's is: the roller decides for
the group when it cannot agree ("dann entscheidet der Spieler, der mit Würfeln an der Reihe
ist"), each player enters on their own sheet (as the steps declare), the box and the table
page may do either for anyone. In sheet mode a player holding a digital sheet writes numbers
on it; the others keep the light entries."""

from __future__ import annotations

from companion.games.base import Action, IllegalAction, InvalidAction, Role, whole
from companion.games.safehouse.state import ShState


def light_entry(state: ShState, action: Action) -> None:
    """Open or closed by hand: not for a sheet whose numbers the phone holds."""
    named = _named(state, action)
    if named is not None and state.players[named].letter:
        raise IllegalAction("safehouse.sheet.held", seat=named + 1,
                            letter=state.players[named].letter)


def faces_by_hand(state: ShState, action: Action) -> None:
    """Faces typed in or taken back: not where the box rolls, whose faces count as it rolled
    them (the box may still roll dice that wait for their faces)."""
    if state.box_dice and action.args.get("box") is not True:
        raise IllegalAction("safehouse.box_rolls")


def sheet_choice(state: ShState, action: Action) -> None:
    """Taking a digital sheet: only in sheet mode (each for their own seat, as declared)."""
    if not state.sheet_mode:
        raise IllegalAction("safehouse.sheet.light_mode")


def sheet_entry(state: ShState, action: Action) -> None:
    """A number on a digital sheet: the seat must hold one."""
    sheet_choice(state, action)
    named = _named(state, action)
    if named is not None and not state.players[named].letter:
        raise IllegalAction("safehouse.sheet.none")


def _named(state: ShState, action: Action) -> int | None:
    """The seat an entry names, if it is one at the table (a wrong one is refused later)."""
    named = action.args.get("seat", action.seat)
    return named if whole(named) and 0 <= named < state.seats else None


def sheet(state: ShState, action: Action) -> int:
    """The seat whose sheet an entry is for: the phone's own, or the one the box names."""
    named = action.args.get("seat", action.seat)
    if not whole(named) or not 0 <= named < state.seats:
        raise InvalidAction("safehouse.seat_needed", seats=state.seats)
    return named


ROLLER: Role[ShState] = Role(name="the roller", seat=lambda state: state.roller,
                             refused="safehouse.roller_only")
