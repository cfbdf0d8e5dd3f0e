"""Who is the table page (the host): a browser asks and OK on the box grants it, or it opened
the host link printed where the box was started; the box can sign them all out."""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import Action, Games, IllegalAction, InvalidAction
from companion.table.state import HostAsk, TableState

HOSTS = 4
"""How many browsers may be the table page at once; a fifth pushes out the oldest."""


def host_ask(state: TableState, action: Action, games: Games) -> TableState:
    """A browser asks to be the table page (made by the server, like a seat's claim); the
    newest ask replaces an older one."""
    token_hash, label = action.args.get("token_hash"), action.args.get("label")
    if not isinstance(token_hash, str) or not isinstance(label, str):
        raise InvalidAction("error.action_malformed")
    if token_hash in state.hosts:
        raise IllegalAction("error.host_already")
    return replace(state, host_ask=HostAsk(token_hash, label))


def host_grant(state: TableState, action: Action, games: Games) -> TableState:
    ask = _asking(state)
    return replace(state, hosts=(*state.hosts, ask.token_hash)[-HOSTS:], host_ask=None)


def host_add(state: TableState, action: Action, games: Games) -> TableState:
    """A browser that opened the host link becomes the table page (made by the server)."""
    token_hash = action.args.get("token_hash")
    if not isinstance(token_hash, str):
        raise InvalidAction("error.action_malformed")
    return replace(state, hosts=(*state.hosts, token_hash)[-HOSTS:])


def host_refuse(state: TableState, action: Action, games: Games) -> TableState:
    _asking(state)
    return replace(state, host_ask=None)


def hosts_forget(state: TableState, action: Action, games: Games) -> TableState:
    """No browser is the table page any more; each must ask the box again."""
    return replace(state, hosts=())


def _asking(state: TableState) -> HostAsk:
    if state.host_ask is None:
        raise IllegalAction("error.no_host_ask")
    return state.host_ask
