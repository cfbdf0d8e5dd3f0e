"""What the table keeps: its seats, the game and the steps undo can go back over, the box's
language and Wi-Fi, saved documents and who is the table page; and its JSON form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import JSON, Action, Games, IllegalAction
from companion.table.teaching import Teaching
from companion.table.wifi import Wifi

UNDO_DEPTH = 200


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: the player's name and, once a phone holds it, its token's hash;
    ``player`` is the id of the player in the records the table page linked it to (None:
    the name alone says who it is, see ``linking``), ``colour`` the colour that player had
    at their last game, theirs again where it was free (None: the place's own)."""

    name: str = ""
    token_hash: str | None = None
    player: str | None = None
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """A phone asking for a taken seat; it gets the seat when the box's OK (or the seat's own
    phone) grants it."""

    seat: int
    name: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class HostAsk:
    """A browser asking to be the table page: OK on the box makes it one. ``label`` is shown
    on the browser and on the box's screen, so whoever presses OK sees it is the right one."""

    token_hash: str
    label: str


@dataclass(frozen=True, slots=True)
class Step:
    """A game state undo can return to, and the action that left it: its type, who sent it
    (None: the box or the table page), why undo stops before it (the refusal's text key;
    None: undo may take it back), how long the game's clocks had run when the state was
    entered, and whether a clock ran from it (the next turn's, say)."""

    game: Any
    action: str
    seat: int | None
    final: str | None
    clock_ms: int = 0
    clock_runs: bool = False
    taught: Teaching | None = None
    """How far first-game mode had taught the game when the state was entered."""
    shared: bool = False
    """Whether the action settled something for everyone: no phone takes it back."""


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything the Table owns. ``undo`` holds the steps undo can go back over, newest
    last. ``saved`` holds what games keep on the box between games (a box profile,
    scenarios): game id, then kind, then name. ``hosts`` holds the token hashes of the
    browsers the box made the table page, ``host_ask`` the one asking to become one.
    ``last_setup`` is the last game's id, seat count and options (a rematch repeats them).
    ``ending`` is set while the box asks whether to end the game under way. ``box_options``
    holds each game's options as last used (set on the box or started with), which the box
    and the table page start it with; ``box_setup`` the game
    (and the option, "" for the list) whose settings the box shows now. ``teaching`` is how
    the game under way is taught (first-game mode), ``played`` the games this box has seen
    to their end. ``benched`` holds the evening's places beyond the game's seats, in their
    order (place ``len(seats) + i``): players who sit out a smaller game, their names and
    phones kept for the next bigger one. ``again`` is the step that may end the game the box
    asks about once more before it sends it."""

    game_id: str | None = None
    seats: tuple[Seat, ...] = ()
    game: Any = None
    undo: tuple[Step, ...] = ()
    language: str = "de"
    claims: tuple[Claim, ...] = ()
    wifi: Wifi | None = None
    show_wifi: bool = False
    saved: dict[str, dict[str, dict[str, JSON]]] = field(default_factory=dict)
    hosts: tuple[str, ...] = ()
    host_ask: HostAsk | None = None
    last_setup: dict[str, JSON] | None = None
    ending: bool = False
    box_options: dict[str, dict[str, JSON]] = field(default_factory=dict)
    box_setup: tuple[str, str] | None = None
    clock_ms: int = 0
    teaching: Teaching = field(default_factory=Teaching)
    played: tuple[str, ...] = ()
    benched: tuple[Seat, ...] = ()
    again: Action | None = None

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether ``seat``'s phone (None: the box or the table page) may undo now."""
        return _undo_refused(self, seat) is None

    def to_json(self, games: Games, within: bool = False) -> dict[str, JSON]:
        """The state; ``within`` a game with the steps undo can still reach and the time the
        game's clocks ran (a snapshot at a new game needs neither)."""
        game = games[self.game_id].to_json(self.game) if self.game_id else None
        kept: dict[str, JSON] = {}
        if within and self.game_id:
            steps = reachable(self.undo)
            kept = {"undo": [[games[self.game_id].to_json(s.game), s.action, s.seat, s.final,
                              s.clock_ms, s.clock_runs,
                              s.taught.to_json() if s.taught else None] for s in steps],
                    "clock_ms": self.clock_ms}
        return {**kept, "game_id": self.game_id, "game": game, "language": self.language,
                "seats": [_seat_json(s) for s in self.seats],
                "benched": [_seat_json(s) for s in self.benched],
                "claims": [[c.seat, c.name, c.token_hash] for c in self.claims],
                "wifi": self.wifi.to_json() if self.wifi else None, "show_wifi": self.show_wifi,
                "saved": self.saved, "hosts": list(self.hosts),
                "host_ask": [self.host_ask.token_hash, self.host_ask.label]
                if self.host_ask else None, "last_setup": self.last_setup,
                "ending": self.ending, "box_options": self.box_options,
                "box_setup": list(self.box_setup) if self.box_setup else None,
                "teaching": self.teaching.to_json(), "played": list(self.played),
                "again": self.again.to_json() if self.again else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], games: Games) -> TableState:
        game_id = data["game_id"]
        game = games[game_id].from_json(data["game"]) if game_id else None
        seats = tuple(Seat(*seat) for seat in data["seats"])
        claims = tuple(Claim(seat, name, token) for seat, name, token in data.get("claims", ()))
        wifi = Wifi.from_json(data["wifi"]) if data.get("wifi") else None
        ask = HostAsk(*data["host_ask"]) if data.get("host_ask") else None
        undo = tuple(_step(games[game_id].from_json(state), *rest)
                     for state, *rest in data.get("undo", ()))
        return cls(game_id, seats, game, undo, data["language"], claims, wifi,
                   bool(data.get("show_wifi")), data.get("saved", {}),
                   tuple(data.get("hosts", ())), ask, data.get("last_setup"),
                   bool(data.get("ending")), data.get("box_options", {}),
                   tuple(data["box_setup"]) if data.get("box_setup") else None,
                   int(data.get("clock_ms", 0)),
                   teaching=Teaching.from_json(data.get("teaching")),
                   played=tuple(data.get("played", ())),
                   benched=tuple(Seat(*seat) for seat in data.get("benched", ())),
                   again=Action.from_json(data["again"]) if data.get("again") else None)


def _seat_json(seat: Seat) -> list[JSON]:
    """A place as a snapshot keeps it: name and token hash, then its player and colour where
    linked (snapshots from before players were linked have the first two only)."""
    kept: list[JSON] = [seat.name, seat.token_hash, seat.player, seat.colour]
    while len(kept) > 2 and kept[-1] is None:
        kept.pop()
    return kept


def _step(game: Any, action: str, seat: int | None, final: str | None, clock_ms: int,
          runs: bool, taught: Mapping[str, Any] | None = None) -> Step:
    """A step undo can reach, as a snapshot within a game keeps it (older ones without how
    far the game was taught)."""
    return Step(game, action, seat, final, int(clock_ms), bool(runs),
                Teaching.from_json(taught) if taught is not None else None)


Handler = Callable[[TableState, Action, Games], TableState]
"""What a table action does: the state after it, or InvalidAction or IllegalAction."""


def reachable(undo: tuple[Step, ...]) -> tuple[Step, ...]:
    """The steps undo can still take back and the newest final one that stops it: what lies
    below that one is never reached again."""
    for place in range(len(undo) - 1, -1, -1):
        if undo[place].final is not None:
            return undo[place:]
    return undo


def undoable(state: TableState, seat: int | None) -> Step:
    """The step ``seat`` may undo now; a phone undoes only its own seat's last action, and only
    while no clock runs from it: undo would give back the time that ran (a finished turn's
    player would win the next player's seconds). The box and the table page may still."""
    refused = _undo_refused(state, seat)
    if refused is not None:
        raise IllegalAction(refused)
    return state.undo[-1]


def _undo_refused(state: TableState, seat: int | None) -> str | None:
    """Why ``seat`` may not undo now (a text key), None where it may (see ``undoable``)."""
    if not state.undo:
        return "error.nothing_to_undo"
    step = state.undo[-1]
    if step.final is not None:
        return step.final
    if seat is not None and step.shared:
        return "error.undo_shared"
    if seat is not None and step.seat != seat:
        return "error.undo_not_yours"
    if seat is not None and step.clock_runs:
        return "error.undo_clock_runs"
    return None


def seat_name(state: TableState, seat: int) -> str:
    """The seat's name, or an empty string when nobody named it (views then say "Seat n")."""
    return state.seats[seat].name if 0 <= seat < len(state.seats) else ""
