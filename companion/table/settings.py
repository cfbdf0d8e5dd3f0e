"""The box's own settings: its language (and the phones' default), and the Wi-Fi of a box
that runs a hotspot, whose password stays bound to the network it was typed for."""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import Action, Games, IllegalAction, InvalidAction
from companion.i18n import LANGUAGES
from companion.table.state import TableState
from companion.table.wifi import checked


def language(state: TableState, action: Action, games: Games) -> TableState:
    language = action.args.get("language")
    if language not in LANGUAGES:
        raise InvalidAction("error.option_choice", option="language", value=str(language))
    return replace(state, language=str(language))


def save_wifi(state: TableState, action: Action, games: Games) -> TableState:
    """Save the box's hotspot (an empty ``ssid`` forgets it and hides its QR code)."""
    if action.args.get("ssid") == "":
        return replace(state, wifi=None, show_wifi=False)
    return replace(state, wifi=checked(action.args, state.wifi))


def show_wifi(state: TableState, action: Action, games: Games) -> TableState:
    """Whether the box's screen shows the Wi-Fi QR code instead of the table's join code."""
    show = action.args.get("show")
    if not isinstance(show, bool):
        raise InvalidAction("error.action_malformed")
    if show and state.wifi is None:
        raise IllegalAction("error.wifi_missing")
    return replace(state, show_wifi=show)
