"""Every sentence of Safehouse in German and English: errors, the box's menu, the names of
the dice; the screen's (``screen_texts``) and the phones' (``phone_texts``) join them."""

from __future__ import annotations

from companion.games.base import Texts
from companion.games.safehouse.phone_texts import PHONE
from companion.games.safehouse.screen_texts import SCREEN
from companion.games.safehouse.state import DICE

COLOUR_NAMES = {
    "de": {"yellow": "Gelb", "green": "Grün", "red": "Rot", "blue": "Blau", "white": "Weiß"},
    "en": {"yellow": "Yellow", "green": "Green", "red": "Red", "blue": "Blue", "white": "White"},
}

_PER_DIE = {
    "de": {
        "safehouse.colour.{c}": "{n}",
        "safehouse.menu.die.{c}": "{n}: {{count}} von {{free}}",
        "safehouse.menu.face.{c}": "{n} {{die}}: {{face}}",
        "safehouse.menu.mark.{c}": "Nochmal: {n} {{die}} ({{face}})",
        "safehouse.menu.unmark.{c}": "Behalten: {n} {{die}} ({{face}})",
    },
    "en": {
        "safehouse.colour.{c}": "{n}",
        "safehouse.menu.die.{c}": "{n}: {{count}} of {{free}}",
        "safehouse.menu.face.{c}": "{n} {{die}}: {{face}}",
        "safehouse.menu.mark.{c}": "Again: {n} {{die}} ({{face}})",
        "safehouse.menu.unmark.{c}": "Keep: {n} {{die}} ({{face}})",
    },
}

_GERMAN = {
    "safehouse.profile.malformed": "Diese Datei ist kein Safehouse-Profil von Getaway.",
    "safehouse.profile.name": "Der Name hat 1 bis {maximum} Zeichen.",
    "safehouse.profile.track": "Der Verfolger startet vor euch, ihr vor dem Safehouse, und das "
                               "Safehouse liegt höchstens auf Feld {last}.",
    "safehouse.profile.orders": "Ein Blatt hat {minimum} bis {maximum} Aufträge.",
    "safehouse.example": "Beispielwerte: Prüft das Safehouse-Feld und die Startfelder auf "
                         "euren Blättern.",
    "safehouse.first_player": "Wer beginnt, muss einer der {seats} Plätze sein.",
    "safehouse.roller_only": "Das entscheidet die Gruppe; würfeln und eintippen darf Platz "
                             "{seat} (wer gerade würfelt) oder die Box.",
    "safehouse.box_only": "Das braucht nur das Menü der Box.",
    "safehouse.own_sheet": "Mit deinem Telefon trägst du nur auf deinem eigenen Blatt ein.",
    "safehouse.seat_needed": "Für welches Blatt? Nenne einen der {seats} Plätze.",
    "safehouse.colour_die": "Ihr müsst mindestens einen Farbwürfel werfen.",
    "safehouse.retrieve_first": "Kein Farbwürfel liegt mehr in der Mitte: Holt zuerst die "
                                "Würfel aus dem Schachteldeckel zurück.",
    "safehouse.lid_empty": "Im Schachteldeckel liegt kein Würfel.",
    "safehouse.dice_invalid": "Gebt die Würfel als Anzahl je Farbe an (Gelb, Grün, Rot, "
                              "Blau, Weiß).",
    "safehouse.dice_not_free.one": "Von dieser Farbe liegt nur 1 Würfel in der Mitte.",
    "safehouse.dice_not_free.other": "Von dieser Farbe liegen nur {count} Würfel in der Mitte.",
    "safehouse.dice_in_lid": "Kein Würfel dieser Farbe liegt in der Mitte: Sie liegen im "
                             "Schachteldeckel.",
    "safehouse.faces_invalid": "Jeder Würfel zeigt 1 bis 5 oder den Verfolger.",
    "safehouse.faces_count": "So viele Würfel dieser Farbe warten nicht auf ihre Augen.",
    "safehouse.no_face_entered": "Seit dem Wurf ist noch keine Augenzahl eingetippt.",
    "safehouse.chance_missing": "Die Box hat diese Würfel nicht geworfen.",
    "safehouse.box_rolls": "In diesem Spiel würfelt die Box: Ihre Augen gelten.",
    "safehouse.help_unknown": "Diese Hilfe gibt es nicht.",
    "safehouse.help_used.ignore": "„Der Verfolger läuft nicht“ habt ihr schon benutzt.",
    "safehouse.help_used.reroll": "„Nochmal würfeln“ habt ihr schon benutzt.",
    "safehouse.reroll_invalid": "Nochmal würfeln dürft ihr nur Würfel dieses Wurfs.",
    "safehouse.reroll_none": "Wählt mindestens einen Würfel zum Nochmal-Würfeln.",
    "safehouse.status_unknown": "Ein Auftrag ist leer, offen oder erfüllt.",
    "safehouse.arrow": "Der Pfeil eines Auftrags zeigt {minimum} bis {maximum} Felder.",
    "safehouse.arrow_closed": "Einen Pfeil hat nur ein erfüllter Auftrag.",
    "safehouse.row": "Ein Blatt hat die Aufträge 1 bis {orders}.",
    "safehouse.chameleons_used.one": "Du hast dein Chamäleon schon benutzt.",
    "safehouse.chameleons_used.other": "Du hast alle {count} Chamäleons schon benutzt.",
    "safehouse.field_invalid": "Das Feld ist eine ganze Zahl.",
    "safehouse.pursuer_forward": "Der Verfolger läuft nur vorwärts: ein Feld nach {field}, "
                                 "höchstens {safehouse}.",
    "safehouse.phase.ready": "Jetzt werden Würfel gewählt und geworfen.",
    "safehouse.phase.faces": "Zuerst die Augen der geworfenen Würfel eintippen.",
    "safehouse.phase.helps": "Zuerst entscheidet ihr über die Hilfen und geht weiter.",
    "safehouse.phase.entering": "Jetzt trägt jeder den Wurf ein.",
    "safehouse.phase.won": "Das Spiel ist vorbei: Ihr seid alle im Safehouse.",
    "safehouse.phase.lost": "Das Spiel ist vorbei: Der Verfolger hat euch erwischt.",
    "safehouse.summary.won.one": "Geschafft: alle im Safehouse nach 1 Wurf.",
    "safehouse.summary.won.other": "Geschafft: alle im Safehouse nach {count} Würfen.",
    "safehouse.summary.lost": "Erwischt: Der Verfolger kam bis Feld {field}.",
    "safehouse.option.dice": "Würfel",
    "safehouse.option.dice.table": "Vom Tisch (eintippen)",
    "safehouse.option.dice.box": "Die Box würfelt",
    "safehouse.option.first_player": "Wer beginnt (der jüngste Spieler)",
    "safehouse.menu.end_game": "Spiel beenden",
    "safehouse.menu.roll.one": "Würfeln: 1 Würfel",
    "safehouse.menu.roll.other": "Würfeln: {count} Würfel",
    "safehouse.menu.retrieve": "Zurückholen: +{count}",
    "safehouse.menu.pursuer": "Korrektur: Feld {field}",
    "safehouse.menu.go": "Weiter: Verfolger +{count}",
    "safehouse.menu.go_stays": "Weiter: bleibt auf {field}",
    "safehouse.menu.ignore": "Verfolger läuft nicht",
    "safehouse.menu.reroll.one": "1 nochmal würfeln",
    "safehouse.menu.reroll.other": "{count} nochmal würfeln",
    "safehouse.menu.all_done": "Alle eingetragen",
    "safehouse.menu.order_open": "Auftrag {row}: offen",
    "safehouse.menu.order_closed": "Auftrag {row}: erfüllt, {arrow}",
    "safehouse.menu.order_empty": "Auftrag {row}: leer",
    "safehouse.menu.next_row": "Zu Auftrag {row}",
    "safehouse.menu.chameleon.one": "Chamäleon (noch 1)",
    "safehouse.menu.chameleon.other": "Chamäleon (noch {count})",
    "safehouse.menu.player_done": "Platz {seat} fertig",
    "safehouse.menu.next_player": "Zu Platz {seat}",
}

_ENGLISH = {
    "safehouse.profile.malformed": "This file is not a Getaway Safehouse profile.",
    "safehouse.profile.name": "The name has 1 to {maximum} characters.",
    "safehouse.profile.track": "The pursuer starts behind you, you start before the "
                               "Safehouse, and the Safehouse is on field {last} at most.",
    "safehouse.profile.orders": "A sheet has {minimum} to {maximum} orders.",
    "safehouse.example": "Example values: check the Safehouse field and the start fields on "
                         "your sheets.",
    "safehouse.first_player": "Who starts must be one of the {seats} seats.",
    "safehouse.roller_only": "The group decides; seat {seat} (whoever rolls now) or the box "
                             "rolls and types it in.",
    "safehouse.box_only": "Only the box's menu needs this.",
    "safehouse.own_sheet": "Your phone enters only on your own sheet.",
    "safehouse.seat_needed": "On which sheet? Name one of the {seats} seats.",
    "safehouse.colour_die": "You must roll at least one colour die.",
    "safehouse.retrieve_first": "No colour die is left in the middle: take the dice back from "
                                "the lid first.",
    "safehouse.lid_empty": "There is no die in the lid.",
    "safehouse.dice_invalid": "Give the dice as a count per colour (yellow, green, red, blue, "
                              "white).",
    "safehouse.dice_not_free.one": "Only 1 die of this colour lies in the middle.",
    "safehouse.dice_not_free.other": "Only {count} dice of this colour lie in the middle.",
    "safehouse.dice_in_lid": "No die of this colour lies in the middle: they are in the lid.",
    "safehouse.faces_invalid": "Every die shows 1 to 5 or the pursuer.",
    "safehouse.faces_count": "Not that many dice of this colour wait for their faces.",
    "safehouse.no_face_entered": "No face has been typed in since the roll.",
    "safehouse.chance_missing": "The box did not roll these dice.",
    "safehouse.box_rolls": "In this game the box rolls: its faces count.",
    "safehouse.help_unknown": "There is no such help.",
    "safehouse.help_used.ignore": "You have already used “The pursuer does not move”.",
    "safehouse.help_used.reroll": "You have already used “Roll again”.",
    "safehouse.reroll_invalid": "You may only roll again dice of this roll.",
    "safehouse.reroll_none": "Choose at least one die to roll again.",
    "safehouse.status_unknown": "An order is empty, open or closed.",
    "safehouse.arrow": "An order's arrow shows {minimum} to {maximum} fields.",
    "safehouse.arrow_closed": "Only a closed order has an arrow.",
    "safehouse.row": "A sheet has the orders 1 to {orders}.",
    "safehouse.chameleons_used.one": "You have already used your chameleon.",
    "safehouse.chameleons_used.other": "You have already used all {count} chameleons.",
    "safehouse.field_invalid": "The field is a whole number.",
    "safehouse.pursuer_forward": "The pursuer only moves forward: a field after {field}, "
                                 "{safehouse} at most.",
    "safehouse.phase.ready": "Now the dice are chosen and rolled.",
    "safehouse.phase.faces": "First type in the faces of the dice rolled.",
    "safehouse.phase.helps": "First decide on the helps and go on.",
    "safehouse.phase.entering": "Now everyone enters the roll.",
    "safehouse.phase.won": "The game is over: you are all in the Safehouse.",
    "safehouse.phase.lost": "The game is over: the pursuer caught you.",
    "safehouse.summary.won.one": "Made it: everyone in the Safehouse after 1 roll.",
    "safehouse.summary.won.other": "Made it: everyone in the Safehouse after {count} rolls.",
    "safehouse.summary.lost": "Caught: the pursuer reached field {field}.",
    "safehouse.option.dice": "Dice",
    "safehouse.option.dice.table": "From the table (typed in)",
    "safehouse.option.dice.box": "The box rolls",
    "safehouse.option.first_player": "Who starts (the youngest player)",
    "safehouse.menu.end_game": "End the game",
    "safehouse.menu.roll.one": "Roll: 1 die",
    "safehouse.menu.roll.other": "Roll: {count} dice",
    "safehouse.menu.retrieve": "Take back: +{count}",
    "safehouse.menu.pursuer": "Correction: field {field}",
    "safehouse.menu.go": "Go on: pursuer +{count}",
    "safehouse.menu.go_stays": "Go on: stays on {field}",
    "safehouse.menu.ignore": "Help: pursuer stays",
    "safehouse.menu.reroll.one": "Roll 1 die again",
    "safehouse.menu.reroll.other": "Roll {count} dice again",
    "safehouse.menu.all_done": "All entered",
    "safehouse.menu.order_open": "Order {row}: open",
    "safehouse.menu.order_closed": "Order {row}: closed, {arrow}",
    "safehouse.menu.order_empty": "Order {row}: empty",
    "safehouse.menu.next_row": "To order {row}",
    "safehouse.menu.chameleon.one": "Chameleon (1 left)",
    "safehouse.menu.chameleon.other": "Chameleon ({count} left)",
    "safehouse.menu.player_done": "Seat {seat} done",
    "safehouse.menu.next_player": "To seat {seat}",
}


def _per_die(lang: str) -> dict[str, str]:
    return {key.format(c=colour): sentence.format(n=COLOUR_NAMES[lang][colour])
            for key, sentence in _PER_DIE[lang].items() for colour in DICE}


TEXTS: Texts = {
    "de": {**_GERMAN, **_per_die("de"), **SCREEN["de"], **PHONE["de"]},
    "en": {**_ENGLISH, **_per_die("en"), **SCREEN["en"], **PHONE["en"]},
}
