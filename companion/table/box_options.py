"""Each game's options as last used: set in the box's lobby one at a time, from the game's
Option declarations, or the ones a game was last started with (from the box or the table
page); kept across other games in between, and both the box and the table page start from
them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import (
    JSON,
    Action,
    Button,
    Controls,
    Game,
    Games,
    IllegalAction,
    InvalidAction,
    MenuItem,
    Option,
)
from companion.i18n import has_text
from companion.table.state import TableState

WIDE_RANGE = 60
"""A number with a range this wide or wider is offered in round steps, wider as it grows."""
ROUND = (10, 12, 15, 20, 30, 40, 50, 60, 75, 90)
"""The round numbers of each power of ten a wide range offers: ... 15, 20, 30 ... 120, 150 ..."""

SEATS = frozenset({"first_player", "boss"})
"""Options that name a seat of the game started: never kept from one game for the next, whose
table may have fewer seats."""

CLOSE = Action("table.setup", None, {"game": ""})


def settable(game: Game[Any]) -> list[Option]:
    """The options five buttons can set: a choice, or a whole number between two bounds
    (a name to type, such as a scenario's, is the table page's)."""
    return [o for o in game.options
            if o.choices or (o.minimum is not None and o.maximum is not None)]


def values(option: Option, now: JSON = None) -> list[JSON]:
    """Every value the box offers for ``option``, in order, with the one set ``now``; a wide
    range in round steps (15, 20, 30 ... 180), few presses apart."""
    if option.choices:
        return list(option.choices)
    low, high = option.minimum, option.maximum
    assert low is not None and high is not None
    offered = {option.default, low, high, *([now] if isinstance(now, int) else [])}
    if high - low < WIDE_RANGE:
        return list(range(low, high + 1))
    steps = {first * 10 ** power // 10 for power in range(len(str(high)) + 1) for first in ROUND}
    return sorted(n for n in steps | offered if low <= n <= high)


def used(state: TableState, game: Game[Any], options: Mapping[str, JSON]) -> TableState:
    """``game`` started with ``options``: what the box can set of them is kept as last used
    but a seat (one table's, perhaps not the next's) and a choice an older Getaway offered
    (replayed from the log, not offered again)."""
    kept = {o.name: options[o.name] for o in settable(game)
            if o.name in options and o.name not in SEATS and _offered(o, options[o.name])}
    return replace(state, box_options={**state.box_options,
                                       game.id: {**state.box_options.get(game.id, {}), **kept}})


def chosen(state: TableState, game: Game[Any]) -> dict[str, JSON]:
    """The options the box starts ``game`` with: as last used, else defaults."""
    kept = state.box_options.get(game.id, {})
    return {o.name: kept.get(o.name, o.default) for o in settable(game)}


def setup(state: TableState, action: Action, games: Games) -> TableState:
    """Open a game's settings on the box (``option``: "" for the list, else that option's
    values), or close them with ``game`` "" ."""
    game_id, name = action.args.get("game"), action.args.get("option", "")
    if game_id == "":
        return replace(state, box_setup=None)
    game = _game(state, games, game_id)
    if name:
        _option(game, name)
    return replace(state, box_setup=(game.id, str(name)))


def choose(state: TableState, action: Action, games: Games) -> TableState:
    """Keep a value for one of a game's options; the box shows the list of options again."""
    game = _game(state, games, action.args.get("game"))
    option = _option(game, action.args.get("option"))
    value = option.check(action.args.get("value"))
    kept = {**state.box_options.get(game.id, {}), option.name: value}
    return replace(state, box_options={**state.box_options, game.id: kept},
                   box_setup=(game.id, ""))


def settings_controls(state: TableState, games: Games) -> Controls:
    """The box's menu while a game's settings are open: each option with its value and
    "Done", or one option's values in order (the box's cursor starts on the one it has now,
    and back in the list stays on the option); BACK goes back a level."""
    assert state.box_setup is not None
    game_id, name = state.box_setup
    game = games[game_id]
    now = chosen(state, game)
    if not name:
        menu = [MenuItem("box.option", Action("table.setup", None,
                                             {"game": game_id, "option": o.name}),
                         _labels(game, o, now[o.name])) for o in settable(game)]
        return Controls([*menu, MenuItem("box.settings_done", CLOSE)], {Button.BACK: CLOSE})
    option = _option(game, name)
    menu = [MenuItem("box.option_value", Action("table.option", None,
                                               {"game": game_id, "option": name,
                                                "value": value}),
                     _labels(game, option, value))
            for value in values(option, now[name])]
    back = Action("table.setup", None, {"game": game_id, "option": ""})
    return Controls(menu, {Button.BACK: back})


def settings_item(game: Game[Any]) -> list[MenuItem]:
    """The lobby's way into a game's settings, if the box can set any of them."""
    if not settable(game):
        return []
    return [MenuItem("box.settings", Action("table.setup", None, {"game": game.id, "option": ""}),
                     {"game": game.id})]


def _labels(game: Game[Any], option: Option, value: JSON) -> dict[str, JSON]:
    """The option's name and the value as sentences, as the table page names them."""
    shown = sentence([f"{game.id}.option.{option.name}.{value}",
                      f"web.{game.id}.option.{option.name}.{value}"], str(value))
    return {"name": option_name(game.id, option.name), "value": shown}


def option_name(game_id: str, name: str) -> JSON:
    """An option's name as the table page says it (in the screen's language)."""
    return sentence([f"{game_id}.option.{name}", f"web.{game_id}.option.{name}"], name)


def sentence(keys: list[str], fallback: str) -> JSON:
    """The first of ``keys`` that is a sentence, to be said in the screen's language."""
    return next(({"key": key} for key in keys if has_text(key)), fallback)


def _offered(option: Option, value: JSON) -> bool:
    """Whether a new game may choose ``value`` for ``option``."""
    try:
        option.check(value)
    except InvalidAction:
        return False
    return True


def _game(state: TableState, games: Games, game_id: object) -> Game[Any]:
    if state.game_id is not None:
        raise IllegalAction("error.game_running")
    if not isinstance(game_id, str) or game_id not in games:
        raise InvalidAction("error.game_unknown", game=str(game_id))
    return games[game_id]


def _option(game: Game[Any], name: object) -> Option:
    found: Mapping[str, Option] = {o.name: o for o in settable(game)}
    if not isinstance(name, str) or name not in found:
        raise InvalidAction("error.option_unknown", option=str(name)[:40])
    return found[name]
