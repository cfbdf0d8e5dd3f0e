"""The colours of the evening's places, the same on the box's screen and every phone: each
place's own by its number, or a linked returning player's (``Seat.colour``)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.table.state import Seat

SEAT_COLOURS = ("#4ea8de", "#f28c28", "#e85d9f", "#2ec4b6", "#9d7bea", "#a3d65c")
"""One colour a seat, the same on the box's screen and every phone; none of them is an alarm
colour of the police station (yellow, green, white, red)."""


def seat_colour(seat: int) -> str:
    """The colour of place ``seat`` by its number."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def place_colours(places: Sequence[Seat]) -> list[str]:
    """The colour of each of the evening's places (seats, then those sitting out): a linked
    player's own where no place before took it, else the place's by its number where no
    player has that as their own, else the first colour nobody shows."""
    own: dict[str, int] = {}
    for index, place in enumerate(places):
        if place.colour in SEAT_COLOURS:
            own.setdefault(place.colour, index)
    shown = {index: colour for colour, index in own.items()}
    shown |= {index: seat_colour(index) for index in range(len(places))
              if index not in shown and seat_colour(index) not in own}
    for index in range(len(places)):
        if index not in shown:
            taken = set(shown.values())
            shown[index] = next((c for c in SEAT_COLOURS if c not in taken), seat_colour(index))
    return [shown[index] for index in range(len(places))]
