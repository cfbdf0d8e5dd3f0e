"""What the box's screen says in a game of Safehouse, in German and English."""

from __future__ import annotations

from companion.games.base import Texts

SCREEN: Texts = {
    "de": {
        "screen.safehouse.waits.select": "{name} würfelt: Würfel wählen",
        "screen.safehouse.waits.retrieve": "Würfel zurückholen!",
        "screen.safehouse.waits.faces": "{name}: Augen eintippen",
        "screen.safehouse.waits.helps": "Hilfen? Verfolger +{count}",
        "screen.safehouse.waits.entering": "Eintragen: {done} von {seats} fertig",
        "screen.safehouse.waits.won": "Geschafft: alle im Safehouse!",
        "screen.safehouse.waits.lost": "Erwischt!",
        "screen.safehouse.who": "Wurf {rolls} · Verfolger auf Feld {field} · Safehouse {safehouse}",
        "screen.safehouse.player.one": "Feld {field} · Vorsprung {lead} · 1 offener Auftrag",
        "screen.safehouse.player.other": "Feld {field} · Vorsprung {lead} · {count} offene "
                                         "Aufträge",
        "screen.safehouse.home.one": "im Safehouse · 1 offener Auftrag",
        "screen.safehouse.home.other": "im Safehouse · {count} offene Aufträge",
        "screen.safehouse.caught": "ERWISCHT auf Feld {field}",
        "screen.safehouse.done": "fertig",
        "screen.safehouse.retrieve": "Zurückholen: Verfolger +{count}",
        "screen.safehouse.helps": "Hilfen: {helps}",
        "screen.safehouse.help.ignore": "läuft nicht",
        "screen.safehouse.help.reroll": "nochmal",
        "screen.safehouse.example": "Beispielwerte!",
    },
    "en": {
        "screen.safehouse.waits.select": "{name} rolls: choose dice",
        "screen.safehouse.waits.retrieve": "Take the dice back!",
        "screen.safehouse.waits.faces": "{name}: type in the faces",
        "screen.safehouse.waits.helps": "Helps? Pursuer +{count}",
        "screen.safehouse.waits.entering": "Entering: {done} of {seats} done",
        "screen.safehouse.waits.won": "Made it: everyone is safe!",
        "screen.safehouse.waits.lost": "Caught!",
        "screen.safehouse.who": "Roll {rolls} · pursuer on field {field} · Safehouse {safehouse}",
        "screen.safehouse.player.one": "Field {field} · lead {lead} · 1 open order",
        "screen.safehouse.player.other": "Field {field} · lead {lead} · {count} open orders",
        "screen.safehouse.home.one": "in the Safehouse · 1 open order",
        "screen.safehouse.home.other": "in the Safehouse · {count} open orders",
        "screen.safehouse.caught": "CAUGHT on field {field}",
        "screen.safehouse.done": "done",
        "screen.safehouse.retrieve": "Take back: pursuer +{count}",
        "screen.safehouse.helps": "Helps: {helps}",
        "screen.safehouse.help.ignore": "stays",
        "screen.safehouse.help.reroll": "roll again",
        "screen.safehouse.example": "Example values!",
    },
}
