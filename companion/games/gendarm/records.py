"""What Räuber und Gendarm counts for the group's records: wins by capture and by
depletion, per level."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import Texts
from companion.games.tally import Counts, Line, Tally


def count(outcome: Mapping[str, object], seat: int) -> Counts:
    """The winner's win, named by how (``capture``, ``depletion``) and the level played."""
    reason, level = outcome.get("reason"), outcome.get("level")
    if outcome.get("winner") != seat or not isinstance(reason, str):
        return {}
    return {f"{reason}.{level}": 1}


LEVELS = (1, 2, 3)


def lines(counts: Counts) -> list[Line]:
    """For each level won at: the wins by capture and by depletion."""
    return [("gendarm.records.level", {"level": level,
                                       "capture": counts.get(f"capture.{level}", 0),
                                       "depletion": counts.get(f"depletion.{level}", 0)})
            for level in LEVELS
            if f"capture.{level}" in counts or f"depletion.{level}" in counts]


TEXTS: Texts = {
    "de": {"gendarm.records.level": "Stufe {level}: gewonnen durch Fang: {capture}; "
                                    "gewonnen, weil dem anderen nur der Fänger blieb: "
                                    "{depletion}"},
    "en": {"gendarm.records.level": "Level {level}: won by a capture: {capture}; won when the "
                                    "other had only the catcher left: {depletion}"},
}

TALLY = Tally(count, lines=lines)
