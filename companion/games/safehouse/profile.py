"""The box profile: the track's numbers the rule book does not print, typed in once per box.

"Schaut euch die Laufstrecke (1 bis Safehouse) an": the Safehouse's field, where the players'
pre-printed slashes end and where the pursuer starts, and how many orders a sheet holds. The
built-in profile holds the values we read (rules/FACTS.md) and is labelled as example values
until the group confirms them from their own sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.base import JSON, InvalidAction
from companion.games.record import dump, parse

NAME_LENGTH = 40
LAST_FIELD = 60
ORDERS = (5, 12)
"""The text names the top two orders and the bottom three: a sheet has at least 5."""


@dataclass(frozen=True, slots=True)
class Profile:
    """The track of this box's sheets; ``example`` marks the built-in values."""

    name: str
    safehouse: int = 40
    """The Safehouse's field, the end of the track."""
    start: int = 16
    """The players' last pre-printed slash: "Euer Vorsprung geht bis Feld 16"."""
    pursuer: int = 0
    """The pursuer's last cross at the start: the first step before a roll crosses field 1."""
    orders: int = 8
    example: bool = False


EXAMPLE = Profile(name="Beispielwerte / example values", example=True)


def to_json(profile: Profile) -> JSON:
    return dump(profile)


def from_json(data: JSON) -> Profile:
    """A profile from a phone or a file, refused with a sentence saying what to fix."""
    profile = replace(parse(Profile, data, "safehouse.profile.malformed"), example=False)
    check(profile)
    return profile


def check(profile: Profile) -> None:
    """Refuse a profile no game can be played on."""
    if not isinstance(profile.name, str) or not 0 < len(profile.name.strip()) <= NAME_LENGTH:
        raise InvalidAction("safehouse.profile.name", maximum=NAME_LENGTH)
    numbers = (profile.safehouse, profile.start, profile.pursuer, profile.orders)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise InvalidAction("safehouse.profile.malformed")
    if not 0 <= profile.pursuer < profile.start < profile.safehouse <= LAST_FIELD:
        raise InvalidAction("safehouse.profile.track", last=LAST_FIELD)
    if not ORDERS[0] <= profile.orders <= ORDERS[1]:
        raise InvalidAction("safehouse.profile.orders", minimum=ORDERS[0], maximum=ORDERS[1])
