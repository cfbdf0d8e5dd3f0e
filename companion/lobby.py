"""The table's own rules: seats, choosing and ending a game, undo, the box's language and Wi-Fi.

Pure like the game modules: ``apply_table(state, action, games)`` returns a new TableState.
Game actions are passed on to the current game's ``apply``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.base import (
    JSON,
    TIMEOUT,
    Action,
    Arguments,
    Button,
    Controls,
    Game,
    Games,
    IllegalAction,
    InvalidAction,
    MenuItem,
    check_arguments,
    check_options,
    whole,
)
from companion.i18n import LANGUAGES
from companion.wifi import Wifi, checked

ACTION_BYTES = 16 * 1024
"""The most an action may weigh as JSON: a saved scenario fits, junk for the log does not."""
UNDO_DEPTH = 200
HOSTS = 4
"""How many browsers may be the table page at once; a fifth pushes out the oldest."""
NAME_LENGTH = 20
DOCUMENT_NAME_LENGTH = 40


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: the player's name and, once a phone holds it, its token's hash."""

    name: str = ""
    token_hash: str | None = None


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
    (None: the box or the table page) and whether it revealed something."""

    game: Any
    action: str
    seat: int | None
    reveal: bool

    @property
    def final(self) -> bool:
        """A reveal or the clock's verdict (a timeout): undo stops before it."""
        return self.reveal or self.action == TIMEOUT


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything the Table owns. ``undo`` holds the steps undo can go back over, newest
    last. ``saved`` holds what games keep on the box between games (a box profile,
    scenarios): game id, then kind, then name. ``hosts`` holds the token hashes of the
    browsers the box made the table page, ``host_ask`` the one asking to become one."""

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

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether ``seat``'s phone (None: the box or the table page) may undo now."""
        try:
            _undoable(self, seat)
        except IllegalAction:
            return False
        return True

    def to_json(self, games: Games) -> dict[str, JSON]:
        """The state without its undo history (snapshots are taken where undo cannot reach)."""
        game = games[self.game_id].to_json(self.game) if self.game_id else None
        return {"game_id": self.game_id, "game": game, "language": self.language,
                "seats": [[s.name, s.token_hash] for s in self.seats],
                "claims": [[c.seat, c.name, c.token_hash] for c in self.claims],
                "wifi": self.wifi.to_json() if self.wifi else None, "show_wifi": self.show_wifi,
                "saved": self.saved, "hosts": list(self.hosts),
                "host_ask": [self.host_ask.token_hash, self.host_ask.label]
                if self.host_ask else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], games: Games) -> TableState:
        game_id = data["game_id"]
        game = games[game_id].from_json(data["game"]) if game_id else None
        seats = tuple(Seat(name, token) for name, token in data["seats"])
        claims = tuple(Claim(seat, name, token) for seat, name, token in data.get("claims", ()))
        wifi = Wifi.from_json(data["wifi"]) if data.get("wifi") else None
        ask = HostAsk(*data["host_ask"]) if data.get("host_ask") else None
        return cls(game_id, seats, game, (), data["language"], claims, wifi,
                   bool(data.get("show_wifi")), data.get("saved", {}),
                   tuple(data.get("hosts", ())), ask)


def apply_table(state: TableState, action: Action, games: Games) -> TableState:
    """The state after ``action``; table actions start with ``table.``, the rest go to the game."""
    handler = _HANDLERS.get(action.type)
    if action.type in HOST_ACTIONS and action.seat is not None:
        raise IllegalAction("error.host_only")
    if handler is not None:
        return handler(state, action, games)
    if action.type.startswith("table."):
        raise InvalidAction("error.action_unknown", type=action.type)
    game = _current(state, games)
    after = game.apply(state.game, action)
    step = Step(state.game, action.type, action.seat, action.type in game.reveals)
    return replace(state, game=after, undo=((*state.undo, step))[-UNDO_DEPTH:])


def check_action(state: TableState, action: Action, games: Games) -> None:
    """Refuse what no rule should see: an unknown action, arguments it does not declare or of
    the wrong type, or an action too big. The Table asks this of every new action (not of the
    log's, which were checked when they came)."""
    declared = TABLE_ARGUMENTS if action.type.startswith("table.") else (
        _current(state, games).arguments)
    if action.type not in declared:
        raise InvalidAction("error.action_unknown", type=action.type[:40])
    check_arguments(declared[action.type], action.args)
    if len(json.dumps(action.to_json(), separators=(",", ":"))) > ACTION_BYTES:
        raise InvalidAction("error.action_too_large", maximum=ACTION_BYTES // 1024)


def seat_name(state: TableState, seat: int) -> str:
    """The seat's name, or an empty string when nobody named it (views then say "Seat n")."""
    return state.seats[seat].name if 0 <= seat < len(state.seats) else ""


def lobby_controls(games: Games) -> Controls:
    """The box's start screen: one menu item per game and seat count."""
    menu = [MenuItem("box.new_game", Action("table.new_game", None, {"game": gid, "seats": n}),
                     {"game": gid, "count": n})
            for gid, game in games.items() for n in range(game.min_seats, game.max_seats + 1)]
    return Controls(menu=menu)


def table_controls(state: TableState, games: Games) -> Controls:
    """The box's buttons now: the lobby menu, or the game's own plus BACK-long for undo.

    A phone asking for a taken seat comes first in the menu (OK gives it the seat); the
    lobby also switches its QR code between joining the table and joining the box's Wi-Fi.
    """
    grants = [*_host_items(state), *(_grant_item(claim) for claim in state.claims)]
    if state.game_id is None:
        return Controls([*grants, *lobby_controls(games).menu, _language_item(state),
                         *_wifi_items(state), *_forget_hosts_item(state)])
    controls = games[state.game_id].controls(state.game)
    keys = {Button.BACK_LONG: Action("table.undo"), **controls.keys}
    return Controls([*grants, *controls.menu], keys)


def _grant_item(claim: Claim) -> MenuItem:
    action = Action("table.grant", None, {"seat": claim.seat})
    if claim.name:
        return MenuItem("box.grant", action, {"seat": claim.seat + 1, "name": claim.name})
    return MenuItem("box.grant_phone", action, {"seat": claim.seat + 1})


def _host_items(state: TableState) -> list[MenuItem]:
    """OK makes the asking browser the table page; the next item refuses it."""
    if state.host_ask is None:
        return []
    label = {"label": state.host_ask.label}
    return [MenuItem("box.host_grant", Action("table.host_grant"), label),
            MenuItem("box.host_refuse", Action("table.host_refuse"), label)]


def _forget_hosts_item(state: TableState) -> list[MenuItem]:
    if not state.hosts:
        return []
    return [MenuItem("box.hosts_forget", Action("table.hosts_forget"))]


def _language_item(state: TableState) -> MenuItem:
    """Switch the box between German and English (its texts and the phones' defaults)."""
    other = "en" if state.language == "de" else "de"
    return MenuItem("box.language_switch", Action("table.language", None, {"language": other}))


def _wifi_items(state: TableState) -> list[MenuItem]:
    if state.wifi is None:
        return []
    key = "box.show_join" if state.show_wifi else "box.show_wifi"
    return [MenuItem(key, Action("table.show_wifi", None, {"show": not state.show_wifi}))]


def _current(state: TableState, games: Games) -> Game[Any]:
    if state.game_id is None:
        raise IllegalAction("error.no_game")
    return games[state.game_id]


def _new_game(state: TableState, action: Action, games: Games) -> TableState:
    game_id, count = action.args.get("game"), action.args.get("seats")
    if state.game_id is not None:
        raise IllegalAction("error.game_running")
    if not isinstance(game_id, str) or game_id not in games:
        raise InvalidAction("error.game_unknown", game=str(game_id))
    game = games[game_id]
    if not whole(count) or not game.min_seats <= count <= game.max_seats:
        raise InvalidAction("error.seat_count", minimum=game.min_seats, maximum=game.max_seats)
    raw_options = action.args.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise InvalidAction("error.action_malformed")
    options = check_options(game.options, raw_options)
    seats = (state.seats + (Seat(),) * count)[:count]
    claims = tuple(c for c in state.claims if c.seat < count)
    drawn = action.args.get("chance", {})
    return replace(state, game_id=game_id, seats=seats, undo=(), claims=claims,
                   game=game.setup(options, count, drawn, documents(state, game)))


def _end_game(state: TableState, action: Action, games: Games) -> TableState:
    _current(state, games)
    return replace(state, game_id=None, game=None, undo=())


def _undo(state: TableState, action: Action, games: Games) -> TableState:
    step = _undoable(state, action.seat)
    return replace(state, game=step.game, undo=state.undo[:-1])


def _undoable(state: TableState, seat: int | None) -> Step:
    """The step ``seat`` may undo now; a phone undoes only its own seat's last action."""
    if not state.undo:
        raise IllegalAction("error.nothing_to_undo")
    step = state.undo[-1]
    if step.final:
        raise IllegalAction("error.undo_clock" if step.action == TIMEOUT else "error.undo_reveal")
    if seat is not None and step.seat != seat:
        raise IllegalAction("error.undo_not_yours")
    return step


def _claim(state: TableState, action: Action, games: Games) -> TableState:
    """A phone takes a seat; ``token_hash`` is made by the server, never by the phone."""
    seat, token_hash = _seat_arg(state, action), action.args.get("token_hash")
    if not isinstance(token_hash, str):
        raise InvalidAction("error.action_malformed")
    holder, replaces = state.seats[seat].token_hash, action.args.get("replaces")
    if replaces is not None and holder != replaces:
        raise IllegalAction("error.code_unknown")
    if holder not in (None, token_hash, replaces) and not action.args.get("force"):
        raise IllegalAction("error.seat_taken")
    name = _name_arg(action, fallback=state.seats[seat].name)
    state = replace(state, claims=tuple(c for c in state.claims if c.token_hash != token_hash))
    return _with_seat(state, seat, Seat(name, token_hash))


def _request(state: TableState, action: Action, games: Games) -> TableState:
    """A phone asks for a taken seat (made by the server, like a claim); newest ask wins."""
    seat, token_hash = _seat_arg(state, action), action.args.get("token_hash")
    if not isinstance(token_hash, str):
        raise InvalidAction("error.action_malformed")
    if state.seats[seat].token_hash in (None, token_hash):
        raise IllegalAction("error.seat_free")
    claim = Claim(seat, _name_arg(action), token_hash)
    kept = tuple(c for c in state.claims if c.seat != seat and c.token_hash != token_hash)
    return replace(state, claims=(*kept, claim))


def _grant(state: TableState, action: Action, games: Games) -> TableState:
    """The seat goes to the phone that asked for it; the phone that held it loses it."""
    seat = _seat_arg(state, action)
    claim = _claim_for(state, seat)
    state = _with_seat(state, seat, Seat(claim.name or state.seats[seat].name, claim.token_hash))
    return replace(state, claims=tuple(c for c in state.claims if c.seat != seat))


def _deny(state: TableState, action: Action, games: Games) -> TableState:
    seat = _seat_arg(state, action)
    _claim_for(state, seat)
    return replace(state, claims=tuple(c for c in state.claims if c.seat != seat))


def _claim_for(state: TableState, seat: int) -> Claim:
    for claim in state.claims:
        if claim.seat == seat:
            return claim
    raise IllegalAction("error.no_claim")


def _rename(state: TableState, action: Action, games: Games) -> TableState:
    seat = _seat_arg(state, action)
    return _with_seat(state, seat, replace(state.seats[seat], name=_name_arg(action)))


def _release(state: TableState, action: Action, games: Games) -> TableState:
    seat = _seat_arg(state, action)
    return _with_seat(state, seat, replace(state.seats[seat], token_hash=None))


def _language(state: TableState, action: Action, games: Games) -> TableState:
    language = action.args.get("language")
    if language not in LANGUAGES:
        raise InvalidAction("error.option_choice", option="language", value=str(language))
    return replace(state, language=str(language))


def _wifi(state: TableState, action: Action, games: Games) -> TableState:
    """Save the box's hotspot (an empty ``ssid`` forgets it and hides its QR code)."""
    if action.args.get("ssid") == "":
        return replace(state, wifi=None, show_wifi=False)
    return replace(state, wifi=checked(action.args, state.wifi))


def _show_wifi(state: TableState, action: Action, games: Games) -> TableState:
    """Whether the box's screen shows the Wi-Fi QR code instead of the table's join code."""
    show = action.args.get("show")
    if not isinstance(show, bool):
        raise InvalidAction("error.action_malformed")
    if show and state.wifi is None:
        raise IllegalAction("error.wifi_missing")
    return replace(state, show_wifi=show)


def _host_ask(state: TableState, action: Action, games: Games) -> TableState:
    """A browser asks to be the table page (made by the server, like a seat's claim); the
    newest ask replaces an older one."""
    token_hash, label = action.args.get("token_hash"), action.args.get("label")
    if not isinstance(token_hash, str) or not isinstance(label, str):
        raise InvalidAction("error.action_malformed")
    if token_hash in state.hosts:
        raise IllegalAction("error.host_already")
    return replace(state, host_ask=HostAsk(token_hash, label))


def _host_grant(state: TableState, action: Action, games: Games) -> TableState:
    ask = _asking(state)
    return replace(state, hosts=(*state.hosts, ask.token_hash)[-HOSTS:], host_ask=None)


def _host_add(state: TableState, action: Action, games: Games) -> TableState:
    """A browser that opened the host link becomes the table page (made by the server)."""
    token_hash = action.args.get("token_hash")
    if not isinstance(token_hash, str):
        raise InvalidAction("error.action_malformed")
    return replace(state, hosts=(*state.hosts, token_hash)[-HOSTS:])


def _host_refuse(state: TableState, action: Action, games: Games) -> TableState:
    _asking(state)
    return replace(state, host_ask=None)


def _asking(state: TableState) -> HostAsk:
    if state.host_ask is None:
        raise IllegalAction("error.no_host_ask")
    return state.host_ask


def _hosts_forget(state: TableState, action: Action, games: Games) -> TableState:
    """No browser is the table page any more; each must ask the box again."""
    return replace(state, hosts=())


def _save(state: TableState, action: Action, games: Games) -> TableState:
    """Keep a game's document (a box profile, a scenario) on the box, checked by the game."""
    game_id, kind, name = _document_key(action, games)
    data = games[game_id].documents.check(kind, action.args.get("data"))
    kept = state.saved.get(game_id, {})
    kinds = {**kept, kind: {**kept.get(kind, {}), name: data}}
    return replace(state, saved={**state.saved, game_id: kinds})


def _forget(state: TableState, action: Action, games: Games) -> TableState:
    game_id, kind, name = _document_key(action, games)
    kept = state.saved.get(game_id, {})
    if name not in kept.get(kind, {}):
        raise IllegalAction("error.document_unknown")
    documents = {n: d for n, d in kept[kind].items() if n != name}
    return replace(state, saved={**state.saved, game_id: {**kept, kind: documents}})


def _document_key(action: Action, games: Games) -> tuple[str, str, str]:
    game_id, kind, name = (action.args.get(key) for key in ("game", "kind", "name"))
    if not isinstance(game_id, str) or game_id not in games:
        raise InvalidAction("error.game_unknown", game=str(game_id))
    if not isinstance(kind, str):
        raise InvalidAction("error.document_kind")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= DOCUMENT_NAME_LENGTH:
        raise InvalidAction("error.document_name", maximum=DOCUMENT_NAME_LENGTH)
    return game_id, kind, name.strip()


def documents(state: TableState, game: Game[Any]) -> dict[str, dict[str, JSON]]:
    """A game's documents: its built-in ones, with what the group saved over or beside them."""
    builtin = game.documents.builtin
    saved = state.saved.get(game.id, {})
    return {kind: {**builtin.get(kind, {}), **saved.get(kind, {})}
            for kind in {*builtin, *saved}}


def _seat_arg(state: TableState, action: Action) -> int:
    seat = action.args.get("seat")
    if not whole(seat) or not 0 <= seat < len(state.seats):
        raise InvalidAction("error.seat_unknown")
    if action.seat is not None and action.seat != seat:
        raise IllegalAction("error.not_your_seat")
    return seat


def _name_arg(action: Action, fallback: str = "") -> str:
    name = action.args.get("name", fallback)
    if not isinstance(name, str) or len(name.strip()) > NAME_LENGTH:
        raise InvalidAction("error.name_invalid")
    name = " ".join(name.split())
    if not name and "name" in action.args:
        raise InvalidAction("error.name_invalid")
    return name


def _with_seat(state: TableState, index: int, seat: Seat) -> TableState:
    seats = (*state.seats[:index], seat, *state.seats[index + 1:])
    return replace(state, seats=seats)


TABLE_ARGUMENTS: Arguments = {
    "table.new_game": {"game": str, "seats": int, "options": dict},
    "table.end_game": {},
    "table.undo": {},
    "table.claim": {"seat": int, "name": str, "token_hash": str, "replaces": str, "force": bool},
    "table.rename": {"seat": int, "name": str},
    "table.release": {"seat": int},
    "table.language": {"language": str},
    "table.request": {"seat": int, "name": str, "token_hash": str},
    "table.grant": {"seat": int},
    "table.deny": {"seat": int},
    "table.wifi": {"ssid": str, "security": str, "hidden": bool, "password": str},
    "table.show_wifi": {"show": bool},
    "table.save": {"game": str, "kind": str, "name": str, "data": object},
    "table.forget": {"game": str, "kind": str, "name": str},
    "table.host_ask": {"token_hash": str, "label": str},
    "table.host_grant": {},
    "table.host_add": {"token_hash": str},
    "table.host_refuse": {},
    "table.hosts_forget": {},
}
"""The table's own actions and their arguments (``token_hash``, ``replaces``, ``force``,
``label``: the phone server's, never a phone's)."""

HOST_ACTIONS = frozenset({
    "table.new_game", "table.end_game", "table.language", "table.wifi", "table.show_wifi",
    "table.save", "table.forget", "table.host_grant", "table.host_refuse", "table.hosts_forget",
})
"""What only the box and the table page (the host) may do, never a seat's phone: running the
table, the box's own settings and its saved documents, and who else is the host."""

_HANDLERS = {
    "table.new_game": _new_game,
    "table.end_game": _end_game,
    "table.undo": _undo,
    "table.claim": _claim,
    "table.rename": _rename,
    "table.release": _release,
    "table.language": _language,
    "table.request": _request,
    "table.grant": _grant,
    "table.deny": _deny,
    "table.wifi": _wifi,
    "table.show_wifi": _show_wifi,
    "table.save": _save,
    "table.forget": _forget,
    "table.host_ask": _host_ask,
    "table.host_grant": _host_grant,
    "table.host_add": _host_add,
    "table.host_refuse": _host_refuse,
    "table.hosts_forget": _hosts_forget,
}
