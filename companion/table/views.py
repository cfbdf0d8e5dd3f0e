"""Views of the table: the public one (screen, LEDs, table page), one per seat's phone and the
box's own parts, each typed, and ``strip`` that every view passes on its way out.

Who may read a part is declared once on its type (``companion.games.visibility``): the box's
Wi-Fi QR code and a game's ``box`` part for the box alone, the join code for hosts, a game's
own secrets for their seat. Three rules stay where they are, as they depend on more than the
part: a game's public view shows what the rules have made open (a catcher once captured); the
undo note names a step to its sender alone when the public view did not show it; the cover
is offered where a seat's view holds more than its actions. The Wi-Fi password never enters
a view but in the box's QR code."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from functools import cache
from typing import (
    Annotated,
    Any,
    Generic,
    NamedTuple,
    NotRequired,
    TypedDict,
    TypeVar,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from companion.games.base import JSON, Game, Games
from companion.games.visibility import BOX, HOST, Visible
from companion.i18n import CORE
from companion.table.colours import place_colours
from companion.table.documents import documents
from companion.table.guide import GuideView, guide_view
from companion.table.rules import next_games
from companion.table.state import Seat, TableState
from companion.table.teaching import TeachingView, teaching_views
from companion.table.unchanged import Unchanged

G = TypeVar("G")


class SeatView(TypedDict):
    """A place at the table: its number (0-based), name, whether a phone holds it, its colour;
    ``here`` whether that phone is connected (the phone server adds it, ``presence``)."""

    seat: int
    name: str
    taken: bool
    colour: str
    here: NotRequired[bool]


class PlayerView(TypedDict):
    """A player of the records: their id and the name the pages show."""

    id: str
    name: str


class ReturningView(TypedDict):
    """A seat whose name earlier players went by, and those players: the table page asks
    whether it is one of them (``table.player``)."""

    seat: int
    name: str
    players: list[PlayerView]


class ClaimView(TypedDict):
    seat: int
    name: str


class WifiView(TypedDict):
    """The box's Wi-Fi as the table page may show it: never the password."""

    ssid: str
    security: str
    hidden: bool
    shown: bool


class TimerView(TypedDict):
    remaining_ms: int
    running: bool
    limit_ms: int
    turn: bool


class UndoNote(TypedDict):
    """What undo takes back: the step's name (a text key) and the seat that sent it."""

    key: str
    seat: int | None


class OptionView(TypedDict):
    name: str
    default: JSON
    choices: list[JSON]
    minimum: int | float | None
    maximum: int | float | None


class GameSummary(TypedDict):
    id: str
    title: dict[str, str]
    min_seats: int
    max_seats: int
    options: list[OptionView]


class NextGame(TypedDict):
    """A game a phone may choose after a result, and its seats for the evening's players."""

    id: str
    title: dict[str, str]
    seats: int


class TableView(TypedDict, Generic[G]):
    """A view of the table for one reader; ``G`` is its game's view (``state``).

    In the lobby it lists the games and what each keeps; in a game it has the game's title,
    outcome and ``state``. The parts declared ``BOX`` or ``HOST`` reach only those readers.
    """

    version: int
    language: str
    game: str | None
    seats: list[SeatView]
    benched: list[SeatView]
    """The evening's players who sit this game out (it has fewer seats): they watch."""
    claims: list[ClaimView]
    wifi: WifiView | None
    timer: TimerView | None
    games: NotRequired[list[GameSummary]]
    saved: NotRequired[dict[str, dict[str, dict[str, JSON]]]]
    last_setup: NotRequired[dict[str, JSON] | None]
    kept_options: NotRequired[dict[str, dict[str, JSON]]]
    """Each game's options as last used, which the table page starts a game from."""
    box_setup: NotRequired[list[str] | None]
    title: NotRequired[dict[str, str]]
    outcome: NotRequired[dict[str, JSON] | None]
    next_games: NotRequired[list[NextGame]]
    """Once the game is over: what ``table.next_game`` may start next."""
    guide: NotRequired[GuideView | None]
    teaching: NotRequired[TeachingView | None]
    me: int | None
    undo: bool
    undoes: UndoNote | None
    cover: bool
    state: NotRequired[G]
    host: NotRequired[bool]
    join_code: NotRequired[Annotated[str, HOST]]
    wifi_qr: NotRequired[Annotated[str | None, BOX]]
    """The Wi-Fi QR payload, password and all, while the group chose to show it."""
    hotspot_qr: NotRequired[Annotated[str | None, BOX]]
    """The same whenever one is saved (the screen shows it while the box has no network)."""
    box: NotRequired[Annotated[dict[str, JSON], BOX]]
    """What the game shows on the box's screen alone (``Game.box_view``)."""
    returning: NotRequired[list[ReturningView]]
    """The seats the table page asks about (the Table adds them from the records)."""
    evening: NotRequired[Annotated[dict[str, JSON], BOX]]
    """The lobby's standings of the evening and each game's record line (counted by the
    Table from the history when a game is recorded)."""


class Views(NamedTuple):
    """What the Table publishes after each change: the public view, each seat's, and the
    parts only the box's own screen shows."""

    public: dict[str, JSON]
    private: dict[int, dict[str, JSON]]
    device: dict[str, JSON]


@dataclass(frozen=True, slots=True)
class Reader:
    """Who a view goes to: a seat's phone (``seat`` None: the table page or the box's screen),
    whether it is a host's, whether it is the box's own screen."""

    seat: int | None = None
    host: bool = False
    box: bool = False

    def may_see(self, visible: Visible) -> bool:
        """Whether this reader may see a part declared ``visible``."""
        if visible is BOX:
            return self.box
        if visible is HOST:
            return self.host
        return self.seat is not None


TABLE_PAGE = Reader()
THE_BOX = Reader(box=True)


@dataclass(frozen=True, slots=True, eq=False)
class Declared:
    """Who may read which part of one kind of view: its own parts (``own``) and those inside
    its parts (``inner``, a view or a list of views)."""

    own: Mapping[str, Visible]
    inner: Mapping[str, Declared]


NOTHING = Declared({}, {})


def strip(view: Mapping[str, JSON], reader: Reader, games: Games) -> dict[str, JSON]:
    """``view`` without what ``reader`` may not see: the parts its type declares for other
    readers, and those its game's view types declare in ``state``."""
    game = games.get(str(view.get("game")))
    declared = _table_declared(None if game is None else game.public_view,
                               None if game is None else game.private_view)
    return _kept(view, declared, reader)


def _kept(view: Mapping[str, Any], declared: Declared, reader: Reader) -> dict[str, Any]:
    hidden, inner = _hidden(declared, reader), declared.inner
    return {key: part if key not in inner else _within(part, inner[key], reader)
            for key, part in view.items() if key not in hidden}


@cache
def _hidden(declared: Declared, reader: Reader) -> frozenset[str]:
    """The parts of a view ``declared`` so that ``reader`` may not see them."""
    return frozenset(key for key, visible in declared.own.items() if not reader.may_see(visible))


def _within(part: JSON, declared: Declared, reader: Reader) -> JSON:
    """``part`` as ``reader`` may see it: the same object where that is all of it."""
    if isinstance(part, dict):
        kept = _kept(part, declared, reader)
        return part if len(kept) == len(part) and all(map(operator.is_, kept.values(),
                                                          part.values())) else kept
    if isinstance(part, list):
        items = [_within(item, declared, reader) for item in part]
        return part if all(map(operator.is_, items, part)) else items
    return part


@cache
def _table_declared(public: Callable[..., Any] | None,
                    private: Callable[..., Any] | None) -> Declared:
    """What a table view declares, with its game's views (by the view functions' return
    types) declared in ``state``."""
    table = declared(TableView)
    game = _merged(*(declared(get_type_hints(view, include_extras=True).get("return"))
                     for view in (public, private) if view is not None))
    return table if game is NOTHING else Declared(table.own, {**table.inner, "state": game})


def _merged(*parts: Declared) -> Declared:
    own = {key: visible for part in parts for key, visible in part.own.items()}
    inner = {key: declared for part in parts for key, declared in part.inner.items()}
    return Declared(own, inner) if own or inner else NOTHING


@cache
def declared(kind: Any) -> Declared:
    """What a view type declares (a TypedDict's ``Annotated`` markers, and those of the
    views inside it); NOTHING for any other type."""
    if not is_typeddict(kind):
        return NOTHING
    own, inner = {}, {}
    for key, hint in get_type_hints(kind, include_extras=True).items():
        marks, types = _unwrapped(hint)
        for mark in marks:
            if isinstance(mark, Visible):
                own[key] = mark
        found = _merged(*map(declared, types))
        if found is not NOTHING:
            inner[key] = found
    return Declared(own, inner) if own or inner else NOTHING


def _unwrapped(hint: Any) -> tuple[list[object], list[Any]]:
    """The markers on a field's type and the types its value may hold (a list's items)."""
    marks: list[object] = []
    while get_origin(hint) in (Annotated, NotRequired):
        if get_origin(hint) is Annotated:
            marks.extend(hint.__metadata__)
        hint = get_args(hint)[0]
    if get_args(hint) and get_origin(hint) is not dict:
        return marks, [t for arg in get_args(hint) for t in _unwrapped(arg)[1]]
    return marks, [hint]


def table_view(state: TableState, games: Games, seat: int | None,
               version: int) -> dict[str, JSON]:
    """The view for ``seat`` (None: public). Only ``game.private_view`` may add secrets."""
    views = table_views(state, games, version)
    return views.public if seat is None else views.private[seat]


def table_views(state: TableState, games: Games, version: int,
                unchanged: Unchanged | None = None) -> Views:
    """The public view, every seat's and the box's own parts, what they share computed once:
    each is what ``strip`` leaves its reader of all the table shows. With the ``unchanged``
    parts of the views before, a part equal to its namesake there is that object again."""
    keep = Unchanged() if unchanged is None else unchanged
    keep.next()
    colours = place_colours(state.seats + state.benched)
    shared: dict[str, JSON] = {
        "version": version,
        "language": state.language,
        "game": state.game_id,
        "seats": [seat_view(i, s, colours[i]) for i, s in enumerate(state.seats)],
        "benched": [seat_view(i, s, colours[i])
                    for i, s in enumerate(state.benched, len(state.seats))],
        "claims": [{"seat": c.seat, "name": c.name} for c in state.claims],
        "wifi": None if state.wifi is None else {**state.wifi.public(),
                                                 "shown": state.show_wifi},
        "timer": None,
    }
    box = keep.parts("box", device_view(state, games))
    seats = range(len(state.seats))
    if state.game_id is None:
        shared["games"] = [game_summary(game) for game in games.values()]
        shared["saved"] = {game.id: documents(state, game) for game in games.values()}
        shared["last_setup"] = state.last_setup
        shared["kept_options"] = {gid: dict(kept) for gid, kept in state.box_options.items()}
        shared["box_setup"] = list(state.box_setup) if state.box_setup else None
        shared = keep.parts("shared", shared)
        return _stripped(games, _reader(shared, state, None, None, False, None, box), {
            seat: _reader(shared, state, seat, None, False, None, box) for seat in seats})
    game = games[state.game_id]
    timer = game.timer(state.game)
    public = keep.parts("public", game.public_view(state.game))
    outcome = game.outcome(state.game)
    guide = guide_view(game, state.game)
    teaching = keep.parts("teaching", teaching_views(state, game, guide, seats))
    shared.update(timer=asdict(timer) if timer else None, title=dict(game.title),
                  outcome=outcome, guide=guide, teaching=teaching[None])
    if outcome is not None:
        shared["next_games"] = list(next_games(state, games))
    shared = keep.parts("shared", shared)
    private = {seat: keep.parts(seat, game.private_view(state.game, seat)) for seat in seats}
    everyone = _reader(shared, state, None, public, False,
                       keep.part("undoes", undo_note(state, game, None, public)), box)
    return _stripped(games, everyone, {
        seat: _reader({**shared, "teaching": teaching[seat]}, state, seat, {**public, **mine},
                      game.secrets and has_secrets(mine),
                      keep.part((seat, "undoes"), undo_note(state, game, seat, public)), box)
        for seat, mine in private.items()})


def _stripped(games: Games, everyone: Mapping[str, JSON],
              seats: Mapping[int, Mapping[str, JSON]]) -> Views:
    """What each reader may see of the view made for it; the box's own parts are what it may
    see beyond the public view."""
    public = strip(everyone, TABLE_PAGE, games)
    device = {key: part for key, part in strip(everyone, THE_BOX, games).items()
              if key not in public}
    return Views(public, {seat: strip(view, Reader(seat), games) for seat, view in seats.items()},
                 device)


def _reader(shared: dict[str, JSON], state: TableState, seat: int | None, game_state: JSON,
            cover: bool, undoes: JSON, box: Mapping[str, JSON]) -> dict[str, JSON]:
    """One reader's view: the shared part, who it is, whether it may undo and what that
    takes back, its game state, and the box's own parts (``strip`` keeps them for the box)."""
    view = {**shared, "me": seat, "undo": state.can_undo(seat), "undoes": undoes,
            "cover": cover}
    if state.game_id is not None:
        view["state"] = game_state
    return {**view, **box}


def undo_note(state: TableState, game: Game[Any], seat: int | None,
              public: Mapping[str, JSON]) -> dict[str, JSON] | None:
    """What undo takes back for ``seat`` (None: the box or the table page) now, or None: the
    step's name (a text key) and the seat that sent it (None: the box or the table page).
    In a game with secrets, a step the public view did not show (a phone's own note) is
    named to its phone alone: the others hear of "the last step", so an undo tells nobody
    what they did not see."""
    if not state.can_undo(seat):
        return None
    step = state.undo[-1]
    if seat is None and game.secrets and game.public_view(step.game) == public:
        return {"key": "undo.last_step", "seat": None}
    return {"key": step_name(game, step.action), "seat": step.seat}


def step_name(game: Game[Any], action: str) -> str:
    """The text key that names an action in the undo note: the game's name for the step, the
    table's for a common one (a turn ended, a pause), else its label in the box's menu or on
    the phones where that needs no detail (the note carries no argument), else "the last
    step"."""
    for key in (f"{game.id}.undo.{action}", f"undo.{action}", f"{game.id}.action.{action}",
                f"{game.id}.menu.{action}"):
        sentence = game.texts["en"].get(key) or CORE["en"].get(key)
        if sentence and "{" not in sentence:
            return key
    return "undo.last_step"


def seat_view(index: int, seat: Seat, colour: str) -> dict[str, JSON]:
    """What everyone sees of place ``index``: never its token, only whether a phone holds it."""
    return {"seat": index, "name": seat.name, "taken": seat.token_hash is not None,
            "colour": colour}


def has_secrets(private: Mapping[str, JSON]) -> bool:
    """Whether a seat's view shows more than the public one, the actions it may send and the
    big moment its phone plays: then its phone offers the tap-to-hide cover."""
    return bool(private.keys() - {"actions", "moment"})


def device_view(state: TableState, games: Games) -> dict[str, JSON]:
    """What only the box's own screen may show: the Wi-Fi QR payload, password and all, and
    what the game shows there alone (``box``).

    ``wifi_qr`` is set while the group chose to show it; ``hotspot_qr`` whenever one is saved
    (the screen shows it while the box has no network of its own yet).
    """
    hotspot = state.wifi.payload() if state.wifi else None
    box = games[state.game_id].box_view(state.game) if state.game_id else {}
    return {"wifi_qr": hotspot if state.show_wifi else None, "hotspot_qr": hotspot, "box": box}


def game_summary(game: Game[Any]) -> dict[str, JSON]:
    """What the lobby shows of a game: its name, seat range and options with defaults."""
    return {
        "id": game.id,
        "title": dict(game.title),
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                     "minimum": o.minimum, "maximum": o.maximum} for o in game.options],
    }
