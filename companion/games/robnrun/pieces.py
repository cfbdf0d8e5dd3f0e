"""The pieces of Rob 'n Run that rules and views share: tools, alarm colours, safes, cracking.

Tool counts are tuples in ``TOOLS`` order; a safe is the tools pictured on it and its gold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypedDict

from companion.games.base import JSON, InvalidAction, whole

TOOLS = ("card", "flashlight", "stethoscope", "acid", "dynamite", "ram", "jackhammer")
"""Ausweis, Taschenlampe, Stethoskop, Säure, Dynamit, Rammbock, Presslufthammer."""
BAG = "bag"
COLOURS = ("yellow", "green", "white", "red")
"""The alarm systems, in the order of the police station's LED columns."""
SUPPLY = {"yellow": 3, "green": 3, "white": 2, "red": 4}
"""The 12 alarm cubes in the box."""
DEALER_PRICES = {"yellow": (3, 4), "green": (2, 3), "white": (2, 3), "red": (3, 4)}
"""Gold for the first and the second cube a dealer buys off."""
COPIES = 8
BAGS = 5
CLUES = tuple(range(1, 17))
CREW_CLUES = frozenset({6, 9, 13, 14, 16})
"""The clues with the 3-5 player mark: out of a 2-player game."""
CLUE_PRICE = 3
SAFE_TOOLS = (3, 5)
SAFE_KINDS = 4
SAFE_SAME = 4
SAFE_GOLD = (1, 3)
BUILDING_SAFES = 3

Tools = tuple[int, ...]
NO_TOOLS: Tools = (0,) * len(TOOLS)


@dataclass(frozen=True, slots=True)
class Safe:
    """A safe behind the boss's screen: the tools pictured on it and its gold."""

    tools: Tools
    gold: int


def tool_counts(data: JSON, error: str) -> Tools:
    """A ``{tool: count}`` object as a Tools tuple; raise ``error`` if it is not one."""
    if not isinstance(data, Mapping) or not set(data) <= set(TOOLS) or not all(
            _is_count(n) for n in data.values()):
        raise InvalidAction(error)
    return tuple(int(data.get(tool, 0)) for tool in TOOLS)


def tool_object(tools: Sequence[int]) -> dict[str, int]:
    """Tools as ``{tool: count}`` with the tools that are there only."""
    return {tool: n for tool, n in zip(TOOLS, tools, strict=True) if n}


def safe_from_json(data: JSON, *, partial: bool = False) -> Safe:
    """A safe the boss entered, checked against what a safe can need; ``partial``: one
    being entered on the box, which may still lack tools and gold (0)."""
    if not isinstance(data, Mapping):
        raise InvalidAction("robnrun.safe_invalid")
    tools = tool_counts(data.get("tools"), "robnrun.safe_invalid")
    gold, least = data.get("gold"), 0 if partial else 1
    if not whole(gold) or not least * SAFE_GOLD[0] <= gold <= SAFE_GOLD[1]:
        raise InvalidAction("robnrun.safe_gold")
    if not least * SAFE_TOOLS[0] <= sum(tools) <= SAFE_TOOLS[1]:
        raise InvalidAction("robnrun.safe_size")
    if sum(1 for n in tools if n) > SAFE_KINDS or max(tools) > SAFE_SAME:
        raise InvalidAction("robnrun.safe_kinds")
    return Safe(tools, gold)


class SafeView(TypedDict):
    """A safe as JSON: the tools it needs (the tools there only) and its gold."""

    tools: dict[str, int]
    gold: int


def safe_json(safe: Safe) -> SafeView:
    """A safe as the ``safes`` action and the views spell it."""
    return {"tools": tool_object(safe.tools), "gold": safe.gold}


def complete(safe: Safe) -> bool:
    """Whether a safe entered on the box has its tools and gold."""
    try:
        safe_from_json(safe_json(safe))
    except InvalidAction:
        return False
    return True


def most_kinds(safes: int) -> int:
    """The most kinds of tools ``safes`` safes can need together (clue 3's number): each needs
    at most 4 kinds, and there are 7."""
    return min(len(TOOLS), SAFE_KINDS * safes)


def needed(safes: Sequence[Safe]) -> Tools:
    """Every safe's tools added up: what the boss needs in the face-up rows."""
    return tuple(sum(column) for column in zip(NO_TOOLS, *(s.tools for s in safes), strict=True))


def cracked(safes: Sequence[Safe], rows: Tools) -> tuple[int, ...]:
    """The safes the face-up tools crack: the most safes, then the most gold (a reading: the
    rule book does not say how the tools are shared out)."""
    best: tuple[int, ...] = ()
    for size in range(len(safes), 0, -1):
        fits = [combo for combo in combinations(range(len(safes)), size)
                if all(n <= have for n, have in zip(needed([safes[i] for i in combo]), rows,
                                                    strict=True))]
        if fits:
            best = max(fits, key=lambda combo: sum(safes[i].gold for i in combo))
            break
    return best


def _is_count(value: JSON) -> bool:
    return whole(value) and value >= 0
