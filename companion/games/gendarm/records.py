"""What Räuber und Gendarm counts for the group's records: wins by capture and by
depletion, per level."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.tally import Counts, Tally


def count(outcome: Mapping[str, object], seat: int) -> Counts:
    """The winner's win, named by how (``capture``, ``depletion``) and the level played."""
    reason, level = outcome.get("reason"), outcome.get("level")
    if outcome.get("winner") != seat or not isinstance(reason, str):
        return {}
    return {f"{reason}.{level}": 1}


TALLY = Tally(count)
