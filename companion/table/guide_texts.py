"""The guide's own sentences, beside every game's: its refusals, the box's menu items and
screen, and the phone and table pages' words for it."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "error.no_guide": "Dieses Spiel bringt keine Anleitung für die Box mit.",
        "error.setup_item_unknown": "Diesen Punkt gibt es auf der Aufbau-Liste nicht.",
        "box.guide": "Was jetzt?",
        "box.guide_close": "Zurück zum Spiel",
        "box.first_game_on": "Erklärungen an",
        "box.first_game_off": "Erklärungen aus",
        "box.guide_tick": "Abhaken ({done}/{total})",
        "screen.guide.title": "Was jetzt?",
        "screen.guide.setup": "Aufbau vor dem ersten Zug: {done} von {total} abgehakt",
        "screen.guide.first_step": "Zum ersten Mal erklärt ({shown}/{total})",
        "screen.guide.keys": "OK: weiter · ZURÜCK: schließen",
        "web.guide.title": "Was jetzt?",
        "web.guide.rule": "Regel dazu",
        "web.guide.first_step": "Zum ersten Mal:",
        "web.guide.setup_title": "Vor dem ersten Zug aufbauen",
        "web.guide.first_game_on": "Erstes Spiel: jeden Schritt erklären",
        "web.guide.first_game_off": "Erklärungen ausschalten",
    },
    "en": {
        "error.no_guide": "This game brings no guide for the box.",
        "error.setup_item_unknown": "There is no such item on the setup list.",
        "box.guide": "What now?",
        "box.guide_close": "Back to the game",
        "box.first_game_on": "First game: explain",
        "box.first_game_off": "Stop explaining",
        "box.guide_tick": "Tick setup ({done}/{total})",
        "screen.guide.title": "What now?",
        "screen.guide.setup": "Setup before the first turn: {done} of {total} ticked",
        "screen.guide.first_step": "Explained the first time ({shown}/{total})",
        "screen.guide.keys": "OK: next · BACK: close",
        "web.guide.title": "What now?",
        "web.guide.rule": "The rule",
        "web.guide.first_step": "First time:",
        "web.guide.setup_title": "Set up before the first turn",
        "web.guide.first_game_on": "First game: explain every step",
        "web.guide.first_game_off": "Stop explaining",
    },
}
