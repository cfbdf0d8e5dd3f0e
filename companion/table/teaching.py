"""First-game mode: a game this box has never seen to its end is taught as it is played. Each
step is explained the first time it comes, the setup checklist is ticked before the first
turn, and the box can show what to do now on its screen. The box, the table page and every
phone may switch it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypedDict

from companion.games.base import JSON, Action, Game, Games, IllegalAction, InvalidAction
from companion.table.guide import GuideView, concerned, guide_module, guide_view, setup_items

if TYPE_CHECKING:
    from companion.table.state import TableState


class TeachingView(TypedDict):
    """First-game mode as every reader shows it."""

    first_game: bool
    shown: bool
    explain: bool
    ticked: list[str]
    setup: bool


@dataclass(frozen=True, slots=True)
class Teaching:
    """How the game under way is taught: in first-game mode or not, the steps explained so
    far, the setup items ticked, whether the box's screen shows the guide, and whether the
    game has begun (its first step taken: the setup checklist is behind the group)."""

    first_game: bool = False
    explained: tuple[str, ...] = ()
    ticked: tuple[str, ...] = ()
    shown: bool = False
    begun: bool = False

    def to_json(self) -> dict[str, JSON]:
        return {"first_game": self.first_game, "explained": list(self.explained),
                "ticked": list(self.ticked), "shown": self.shown, "begun": self.begun}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Teaching:
        if not data:
            return cls()
        return cls(bool(data.get("first_game")), tuple(data.get("explained", ())),
                   tuple(data.get("ticked", ())), bool(data.get("shown")),
                   bool(data.get("begun")))


def started(state: TableState, game_id: str) -> TableState:
    """A new game: in first-game mode if this box never played it to its end."""
    return replace(state, teaching=Teaching(first_game=game_id not in state.played))


def played_to_the_end(history: Iterable[Mapping[str, JSON]]) -> tuple[str, ...]:
    """The games a box's history (newest first) holds played to their end, oldest first:
    what a box saved before it kept ``played`` has played."""
    return tuple(dict.fromkeys(str(past["game"]) for past in reversed(list(history))
                               if past.get("finished") and past.get("game")))


def taught(before: TableState, after: TableState, games: Games) -> TableState:
    """After a step of the game: the game has begun, in first-game mode the step the group
    was shown before counts as explained, and a game that reached its end is one this box
    has played."""
    game = games[str(after.game_id)]
    if game.outcome(after.game) is not None and game.id not in after.played:
        after = replace(after, played=(*after.played, game.id))
    teaching = replace(after.teaching, begun=True)
    shown = guide_view(game, before.game)
    if teaching.first_game and shown is not None and shown["step"] not in teaching.explained:
        teaching = replace(teaching, explained=(*teaching.explained, str(shown["step"])))
    return replace(after, teaching=teaching)


def untaught(now: Teaching, then: Teaching | None) -> Teaching:
    """First-game mode after an undo: the step taken back is taught again as it was then;
    the mode, the ticks and the box's page stay as the group set them."""
    if then is None:
        return now
    return replace(now, explained=then.explained, begun=then.begun)


def guide(state: TableState, action: Action, games: Games) -> TableState:
    """Switch first-game mode (``first_game``), tick or untick a setup item (``tick``), show
    or hide the guide on the box's screen (``show``); anyone at the table may."""
    if state.game_id is None:
        raise IllegalAction("error.no_game")
    game, teaching = games[state.game_id], state.teaching
    if guide_module(game.package) is None:
        raise IllegalAction("error.no_guide")
    first, show = action.args.get("first_game"), action.args.get("show")
    if first is not None:
        teaching = replace(teaching, first_game=bool(first))
    if show is not None:
        teaching = replace(teaching, shown=bool(show))
    if "tick" in action.args:
        teaching = replace(teaching, ticked=_ticked(game, teaching, action.args["tick"]))
    return replace(state, teaching=teaching)


def _ticked(game: Game[Any], teaching: Teaching, item: JSON) -> tuple[str, ...]:
    """The ticked items with ``item`` ticked, or unticked if it was."""
    if item not in setup_items(game):
        raise InvalidAction("error.setup_item_unknown")
    if item in teaching.ticked:
        return tuple(ticked for ticked in teaching.ticked if ticked != item)
    return (*teaching.ticked, str(item))


def teaching_views(state: TableState, game: Game[Any], shown: GuideView | None,
                   seats: Iterable[int]) -> dict[int | None, TeachingView | None]:
    """What each reader (each of ``seats``; None: the table page and the box) shows of
    first-game mode while the guide shows ``shown``: whether it is on, whether the step shown
    now is explained for the first time there (on the phone of the seat it concerns, or every
    phone where it concerns everyone), the setup items ticked and whether the checklist still
    stands before the first turn; None without a guide. Readers alike share one view."""
    readers = (None, *seats)
    if shown is None:
        return dict.fromkeys(readers)
    teaching, concerns = state.teaching, concerned(game, state.game)
    new = teaching.first_game and shown["step"] not in teaching.explained
    told = _teaching(teaching, explain=new)
    untold = _teaching(teaching, explain=False) if new else told
    return {reader: told if concerns is None or reader in (None, concerns) else untold
            for reader in readers}


def _teaching(teaching: Teaching, explain: bool) -> TeachingView:
    return {"first_game": teaching.first_game, "shown": teaching.shown, "explain": explain,
            "ticked": list(teaching.ticked), "setup": teaching.first_game and not teaching.begun}
