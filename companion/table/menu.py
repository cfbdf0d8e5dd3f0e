"""The box's menu: one item per game and seat count in the lobby (and each game's settings),
the game's own in a game (what the box may send now, as the steps declare who may send them)
and last a way out of it. Whoever waits for the box's answer (a
browser to be the table page, a phone for a seat) is never in a menu: the asks go beside it,
to a screen of their own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.games.base import JSON, Action, Button, Controls, Game, Games, MenuItem
from companion.table.box_options import settings_controls, settings_item
from companion.table.guide import checklist, guide_module
from companion.table.rules import ASK_AGAIN, may_send
from companion.table.state import Claim, TableState


def lobby_controls(games: Games,
                   kept: Mapping[str, Mapping[str, JSON]] | None = None) -> Controls:
    """The box's start screen: per game the way into its settings (one OK from the start for
    the first game), then one menu item per seat count, started with the options ``kept`` for
    it on the box."""
    menu = []
    for gid, game in games.items():
        options = dict((kept or {}).get(gid, {}))
        menu += settings_item(game)
        menu += [MenuItem("box.new_game", Action("table.new_game", None, {
                     "game": gid, "seats": n, **({"options": options} if options else {})}),
                     {"game": gid, "count": n})
                 for n in range(game.min_seats, game.max_seats + 1)]
    return Controls(menu=menu)


def table_controls(state: TableState, games: Games) -> Controls:
    """The box's buttons now: the lobby menu, or the game's own plus BACK-long for undo; and
    beside every menu, never in it, the asks waiting for the box's answer.

    The lobby also switches its QR code between joining the table and joining the box's
    Wi-Fi. Every game's menu ends with a way back to the games, asked again before it is taken.
    """
    return replace(_controls(state, games), asks=asks(state))


def asks(state: TableState) -> list[MenuItem]:
    """What waits for the box's answer: a browser to be the table page, then each phone
    asking for a taken seat; each ask's grant, then its refusal."""
    items = [*_host_items(state)]
    for claim in state.claims:
        items += _claim_items(claim)
    return items


def waiting(items: Sequence[MenuItem]) -> int:
    """How many asks ``items`` (a Controls' ``asks``) are: one grant each."""
    return sum(item.action.type in GRANTS for item in items)


GRANTS = frozenset({"table.grant", "table.host_grant"})


def _controls(state: TableState, games: Games) -> Controls:
    """The menu and keys of the screen the box shows now, asks aside."""
    if state.game_id is None and state.box_setup is not None:
        return settings_controls(state, games)
    if state.game_id is None:
        return Controls([*lobby_controls(games, state.box_options).menu,
                         _language_item(state), *_wifi_items(state),
                         *_forget_hosts_item(state)])
    if state.ending:
        return Controls(ENDING, {Button.BACK: KEEP_PLAYING.action})
    game = games[state.game_id]
    if state.again is not None:
        return _asking_again(state, game)
    if state.teaching.shown:
        return guide_controls(state, games)
    controls = game.controls(state.game)
    keys = {Button.BACK_LONG: Action("table.undo"), **controls.keys}
    again = [MenuItem("box.rematch", Action("table.rematch"))] if game.outcome(state.game) else []
    offered = [item for item in controls.menu if may_send(state, item.action, games)]
    menu = [*(_asked(game, item) for item in offered), *_guide_item(game), *again]
    if not any(item.action.type == "table.end_game" for item in menu):
        menu.append(END_ASK)
    lead = controls.menu[controls.lead] if controls.lead is not None else None
    return Controls(menu, keys, controls.turn,
                    lead=offered.index(lead) if lead in offered else None, pages=controls.pages)


def _asked(game: Game[Any], item: MenuItem) -> MenuItem:
    """``item``, asked again before it is sent if its step may end the game."""
    step = game.steps.get(item.action.type)
    if step is None or not step.confirm:
        return item
    return replace(item, action=Action(ASK_AGAIN, None, {"step": item.action.type,
                                                           "args": dict(item.action.args)}))


def _asking_again(state: TableState, game: Game[Any]) -> Controls:
    """The question before a step that may end the game: "End the game? No" first, so a second
    OK by habit sends nothing; then the step (as its declaration says it); last, as ever, the
    way out."""
    asked = state.again
    assert asked is not None
    shown = next((item for item in game.controls(state.game).menu if item.action == asked),
                  MenuItem(f"{game.id}.menu.{asked.type}", asked))
    step = {"key": shown.key, "params": dict(shown.params)}
    question = game.steps[asked.type].confirm
    return Controls([ASK_BACK, MenuItem(question, asked, {"step": step}), END_ASK],
                    {Button.BACK: ASK_BACK.action})


def _guide_item(game: Game[Any]) -> list[MenuItem]:
    """The way to the guide's page, for a game that brings a guide."""
    if guide_module(game.package) is None:
        return []
    return [MenuItem("box.guide", Action("table.guide", None, {"show": True}))]


def guide_controls(state: TableState, games: Games) -> Controls:
    """The box showing what to do now: back to the game (also BACK), before the first turn
    in first-game mode the setup's next item ticked, first-game mode on or off, and the way
    out of the game."""
    back = MenuItem("box.guide_close", Action("table.guide", None, {"show": False}))
    teaching = state.teaching
    switch = MenuItem("box.first_game_off" if teaching.first_game else "box.first_game_on",
                      Action("table.guide", None, {"first_game": not teaching.first_game}))
    menu = [back, switch]
    items = checklist(games[str(state.game_id)], state.game)
    left = [item for item in items if item not in teaching.ticked]
    if teaching.first_game and not teaching.begun and left:
        done = len(items) - len(left)
        menu.insert(1, MenuItem("box.guide_tick", Action("table.guide", None, {"tick": left[0]}),
                                {"done": done, "total": len(items)}))
    return Controls([*menu, END_ASK], {Button.BACK: back.action})


END_ASK = MenuItem("box.end_game", Action("table.end_ask", None, {"ask": True}))
"""The way out of a game under way, asked again before it is taken."""
KEEP_PLAYING = MenuItem("box.keep_playing", Action("table.end_ask", None, {"ask": False}))
ENDING = (KEEP_PLAYING, MenuItem("box.end_confirm", Action("table.end_game")))
"""The question before a game under way ends: playing on comes first, so a second OK by
mistake ends nothing."""
ASK_BACK = MenuItem("box.again_back", Action(ASK_AGAIN))
"""Back from the question before a step that may end the game, sending nothing."""


def _claim_items(claim: Claim) -> list[MenuItem]:
    """OK gives the asking phone the seat; the next item refuses it."""
    seat = {"seat": claim.seat}
    grant, deny = Action("table.grant", None, seat), Action("table.deny", None, seat)
    if claim.name:
        params = {"seat": claim.seat + 1, "name": claim.name}
        return [MenuItem("box.grant", grant, params), MenuItem("box.deny", deny, params)]
    params = {"seat": claim.seat + 1}
    return [MenuItem("box.grant_phone", grant, params),
            MenuItem("box.deny_phone", deny, params)]


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
