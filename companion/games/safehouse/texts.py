"""Every sentence of Safehouse in German and English: errors, the box's menu, the names of
the dice; the screen's (``screen_texts``) and the phones' (``phone_texts``) join them."""

from __future__ import annotations

from companion.games.base import Texts, with_rules
from companion.games.safehouse.guide import GUIDE, REFUSALS
from companion.games.safehouse.phone_texts import PHONE
from companion.games.safehouse.screen_texts import SCREEN
from companion.games.safehouse.state import COLOURS, DICE

COLOUR_NAMES = {
    "de": {"yellow": "Gelb", "green": "Grün", "red": "Rot", "blue": "Blau", "white": "Weiß"},
    "en": {"yellow": "Yellow", "green": "Green", "red": "Red", "blue": "Blue", "white": "White"},
}

_PER_DIE = {
    "de": {
        "safehouse.colour.{c}": "{n}",
        "safehouse.menu.die.{c}": "{n}: {{chosen}} von {{free}}",
        "safehouse.menu.face.{c}": "{n} {{die}}: {{face}}",
        "safehouse.menu.mark.{c}": "Nochmal: {n} {{die}} ({{face}})",
        "safehouse.menu.unmark.{c}": "Behalten: {n} {{die}} ({{face}})",
    },
    "en": {
        "safehouse.colour.{c}": "{n}",
        "safehouse.menu.die.{c}": "{n}: {{chosen}} of {{free}}",
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
    "safehouse.profile.whole.safehouse": "Das Feld des Safehouse ist eine ganze Zahl.",
    "safehouse.profile.whole.start": "Der letzte vorgedruckte Strich ist eine ganze Zahl.",
    "safehouse.profile.whole.pursuer": "Der Start des Verfolgers ist eine ganze Zahl.",
    "safehouse.profile.whole.orders": "Die Aufträge je Blatt sind eine ganze Zahl.",
    "safehouse.first_player.one": "Es gibt nur einen Platz: Platz 1 beginnt.",
    "safehouse.first_player.other": "Wer beginnt, muss einer der {count} Plätze sein.",
    "safehouse.roller_only": "Das entscheidet die Gruppe; würfeln und eintippen darf Platz "
                             "{seat} (wer gerade würfelt) oder die Box.",
    "safehouse.box_only": "Das braucht nur das Menü der Box.",
    "safehouse.own_sheet": "Mit deinem Telefon trägst du nur auf deinem eigenen Blatt ein.",
    "safehouse.seat_needed": "Für welches Blatt? Nenne einen der {seats} Plätze.",
    "safehouse.colour_die": "Ihr müsst mindestens einen Farbwürfel werfen.",
    "safehouse.retrieve_first": "Kein Farbwürfel liegt mehr in der Mitte: Holt zuerst die "
                                "Würfel aus dem Schachteldeckel zurück.",
    "safehouse.lid_empty": "Im Schachteldeckel liegt kein Würfel.",
    "safehouse.dice_invalid": "Gebt die Würfel als ganze Anzahl je Farbe an (Gelb, Grün, "
                              "Rot, Blau, Weiß).",
    "safehouse.dice_not_free.one": "Von dieser Farbe liegt nur 1 Würfel in der Mitte.",
    "safehouse.dice_not_free.other": "Von dieser Farbe liegen nur {count} Würfel in der Mitte.",
    "safehouse.dice_in_lid": "Kein Würfel dieser Farbe liegt in der Mitte: Sie liegen im "
                             "Schachteldeckel.",
    "safehouse.faces_invalid": "Jeder Würfel zeigt eine ganze Zahl von 1 bis 5 oder den "
                               "Verfolger (P).",
    "safehouse.faces_count": "So viele Würfel dieser Farbe warten nicht auf ihre Augen.",
    "safehouse.no_face_entered": "Seit dem Wurf ist noch keine Augenzahl eingetippt.",
    "safehouse.chance_missing": "Die Box hat diese Würfel nicht geworfen.",
    "safehouse.box_rolls": "In diesem Spiel würfelt die Box: Ihre Augen gelten.",
    "safehouse.help_unknown": "Diese Hilfe gibt es nicht.",
    "safehouse.help_used.ignore": "„Der Verfolger läuft nicht“ habt ihr schon benutzt.",
    "safehouse.help_used.reroll": "„Nochmal würfeln“ habt ihr schon benutzt.",
    "safehouse.help_no_pursuer": "In diesem Wurf liegt kein Verfolger: Die Hilfe „Der "
                                 "Verfolger läuft nicht“ hebt ihr euch auf.",
    "safehouse.reroll_invalid": "Nochmal würfeln dürft ihr nur Würfel dieses Wurfs.",
    "safehouse.reroll_places": "Nennt die Würfel zum Nochmal-Würfeln je Farbe mit ihrem "
                               "Platz als ganzer Zahl: 0 für den ersten, 1 für den zweiten.",
    "safehouse.reroll_none": "Wählt mindestens einen Würfel zum Nochmal-Würfeln.",
    "safehouse.status_unknown": "Ein Auftrag ist leer, offen oder erfüllt.",
    "safehouse.arrow": "Der Pfeil eines Auftrags zeigt {minimum} bis {maximum} Felder.",
    "safehouse.arrow_closed": "Einen Pfeil hat nur ein erfüllter Auftrag.",
    "safehouse.numbers_used.one": "Dieser Wurf gibt dir nur 1 Zahl, und das reicht nicht: "
                                  "Einen Auftrag eröffnen oder einen offenen erfüllen kostet "
                                  "eine Zahl, einen leeren erfüllen mindestens {fields} (in "
                                  "den drei untersten, neben der grauen 6: {grey}).",
    "safehouse.numbers_used.other": "Dieser Wurf gibt dir {count} Zahlen (eine je Farbe), und "
                                    "das reicht nicht: Einen Auftrag eröffnen oder einen "
                                    "offenen erfüllen kostet eine Zahl, einen leeren erfüllen "
                                    "mindestens {fields} (in den drei untersten, neben der "
                                    "grauen 6: {grey}).",
    "safehouse.order_kept": "Auftrag {row} ist seit einem früheren Wurf erfüllt und bleibt es: "
                            "Ein Versehen korrigiert ihr auf der Tischseite oder an der Box.",
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
    # the sentence of a lost game recorded before the caught field was told:
    "safehouse.summary.lost": "Erwischt: Der Verfolger kam bis Feld {field}.",
    "safehouse.summary.caught": "Erwischt auf Feld {field}: Der Verfolger hat euch eingeholt.",
    "safehouse.option.dice": "Würfel",
    "safehouse.option.dice.table": "Vom Tisch (eintippen)",
    "safehouse.option.dice.box": "Die Box würfelt",
    "safehouse.option.first_player": "Wer beginnt (der jüngste Spieler)",
    "safehouse.menu.end_game": "Spiel beenden",
    "safehouse.face.pursuer": "Verfolger",
    "safehouse.menu.roll.one": "Würfeln: 1 Würfel",
    "safehouse.menu.all_dice.one": "Alle: 1 Würfel",
    "safehouse.menu.all_dice.other": "Alle: {count} Würfel",
    "safehouse.menu.colour_dice.one": "Alle Farbwürfel: 1",
    "safehouse.menu.colour_dice.other": "Alle Farbwürfel: {count}",
    "safehouse.menu.box_rolls": "Box würfelt: {dice}",
    "safehouse.menu.roll.other": "Würfeln: {count} Würfel",
    "safehouse.menu.retrieve": "Zurückholen: +{steps}",
    "safehouse.menu.pursuer": "Korrektur: Feld {field}",
    "safehouse.menu.go": "Weiter: Verfolger +{steps}",
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
    "safehouse.profile.whole.safehouse": "The Safehouse's field is a whole number.",
    "safehouse.profile.whole.start": "The last pre-printed slash is a whole number.",
    "safehouse.profile.whole.pursuer": "The pursuer's start is a whole number.",
    "safehouse.profile.whole.orders": "The orders per sheet are a whole number.",
    "safehouse.first_player.one": "There is only one seat: seat 1 starts.",
    "safehouse.first_player.other": "Who starts must be one of the {count} seats.",
    "safehouse.roller_only": "The group decides; seat {seat} (whoever rolls now) or the box "
                             "rolls and types it in.",
    "safehouse.box_only": "Only the box's menu needs this.",
    "safehouse.own_sheet": "Your phone enters only on your own sheet.",
    "safehouse.seat_needed": "On which sheet? Name one of the {seats} seats.",
    "safehouse.colour_die": "You must roll at least one colour die.",
    "safehouse.retrieve_first": "No colour die is left in the middle: take the dice back from "
                                "the lid first.",
    "safehouse.lid_empty": "There is no die in the lid.",
    "safehouse.dice_invalid": "Give the dice as a whole count per colour (yellow, green, red, "
                              "blue, white).",
    "safehouse.dice_not_free.one": "Only 1 die of this colour lies in the middle.",
    "safehouse.dice_not_free.other": "Only {count} dice of this colour lie in the middle.",
    "safehouse.dice_in_lid": "No die of this colour lies in the middle: they are in the lid.",
    "safehouse.faces_invalid": "Every die shows a whole number from 1 to 5 or the pursuer "
                               "(P).",
    "safehouse.faces_count": "Not that many dice of this colour wait for their faces.",
    "safehouse.no_face_entered": "No face has been typed in since the roll.",
    "safehouse.chance_missing": "The box did not roll these dice.",
    "safehouse.box_rolls": "In this game the box rolls: its faces count.",
    "safehouse.help_unknown": "There is no such help.",
    "safehouse.help_used.ignore": "You have already used “The pursuer does not move”.",
    "safehouse.help_used.reroll": "You have already used “Roll again”.",
    "safehouse.help_no_pursuer": "No pursuer was rolled this time: keep “The pursuer does not "
                                 "move” for later.",
    "safehouse.reroll_invalid": "You may only roll again dice of this roll.",
    "safehouse.reroll_places": "Name the dice to roll again by colour, each by its place as a "
                               "whole number: 0 for the first, 1 for the second.",
    "safehouse.reroll_none": "Choose at least one die to roll again.",
    "safehouse.status_unknown": "An order is empty, open or closed.",
    "safehouse.arrow": "An order's arrow shows {minimum} to {maximum} fields.",
    "safehouse.arrow_closed": "Only a closed order has an arrow.",
    "safehouse.numbers_used.one": "This roll gives you only 1 number, and that is not "
                                  "enough: opening an order or closing an open one takes a "
                                  "number, closing an empty one at least {fields} ({grey} in "
                                  "the bottom three, beside the grey 6).",
    "safehouse.numbers_used.other": "This roll gives you {count} numbers (one a colour), and "
                                    "that is not enough: opening an order or closing an open "
                                    "one takes a number, closing an empty one at least "
                                    "{fields} ({grey} in the bottom three, beside the grey 6).",
    "safehouse.order_kept": "Order {row} was closed in an earlier roll and stays closed: a "
                            "mistake is corrected on the table page or the box.",
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
    # the sentence of a lost game recorded before the caught field was told:
    "safehouse.summary.lost": "Caught: the pursuer reached field {field}.",
    "safehouse.summary.caught": "Caught on field {field}: the pursuer caught up with you.",
    "safehouse.option.dice": "Dice",
    "safehouse.option.dice.table": "From the table (typed in)",
    "safehouse.option.dice.box": "The box rolls",
    "safehouse.option.first_player": "Who starts (the youngest player)",
    "safehouse.menu.end_game": "End the game",
    "safehouse.face.pursuer": "pursuer",
    "safehouse.menu.roll.one": "Roll: 1 die",
    "safehouse.menu.all_dice.one": "All: 1 die",
    "safehouse.menu.all_dice.other": "All: {count} dice",
    "safehouse.menu.colour_dice.one": "All colour dice: 1",
    "safehouse.menu.colour_dice.other": "All colour dice: {count}",
    "safehouse.menu.box_rolls": "Box rolls: {dice}",
    "safehouse.menu.roll.other": "Roll: {count} dice",
    "safehouse.menu.retrieve": "Take back: +{steps}",
    "safehouse.menu.pursuer": "Correction: field {field}",
    "safehouse.menu.go": "Go on: pursuer +{steps}",
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


_PER_COLOUR = {
    "de": {
        "safehouse.sheet.used.{c}": "{n} hast du in diesem Wurf schon eingetragen: Jede Farbe "
                                    "gibt dir eine Zahl pro Wurf.",
        "safehouse.sheet.no_value.{c}": "{n} gibt in diesem Wurf keine Zahl (nicht gewürfelt "
                                        "oder Verfolger), und ein Joker allein zählt nicht.",
        "safehouse.sheet.number.{c}": "{n} gibt in diesem Wurf {{numbers}} (mit den Jokern, "
                                      "die du noch hast).",
    },
    "en": {
        "safehouse.sheet.used.{c}": "You have already entered {n} this roll: each colour gives "
                                    "you one number a roll.",
        "safehouse.sheet.no_value.{c}": "{n} gives no number this roll (not rolled, or the "
                                        "pursuer), and a joker alone does not count.",
        "safehouse.sheet.number.{c}": "{n} gives {{numbers}} this roll (with the jokers you "
                                      "have left).",
    },
}
"""What a digital sheet says about a colour's number."""

_SHEETS = {
    "de": {
        "safehouse.profile.letters": "Die Blätter eines Blocks heißen {letters}: Gebt die, "
                                     "die ihr nutzt, mit ihren Aufträgen an.",
        "safehouse.profile.sheet_orders": "Blatt {letter} braucht genau {orders} Aufträge, "
                                          "wie das Profil sagt.",
        "safehouse.profile.field": "Blatt {letter}, Auftrag {row}: Jedes Feld ist Ge, Gr, R, "
                                   "B (Gelb, Grün, Rot, Blau) oder 6 (die graue 6).",
        "safehouse.profile.arrow_missing": "Blatt {letter}, Auftrag {row}: Am Ende der Zeile "
                                           "fehlt die Zahl auf dem Pfeil.",
        "safehouse.profile.fields": "Blatt {letter}, Auftrag {row}: {minimum} bis {maximum} "
                                    "Farbfelder.",
        "safehouse.profile.grey": "Blatt {letter}, Auftrag {row}: Eine graue 6 haben nur die "
                                  "{bottom} untersten Aufträge, jeder höchstens eine.",
        "safehouse.profile.rule": "Blatt {letter}, Auftrag {row}: Die Regel ist equal (alle "
                                  "gleich), strict (aufsteigend) oder nondecreasing (gleich "
                                  "hoch oder aufsteigend).",
        "safehouse.profile.arrow": "Blatt {letter}, Auftrag {row}: Der Pfeil zeigt {minimum} "
                                   "bis {maximum} Felder.",
        "safehouse.profile.arrow_whole": "Blatt {letter}, Auftrag {row}: Die Zahl auf dem "
                                         "Pfeil ist eine ganze Zahl.",
        "safehouse.sheet.letter": "Die Blätter heißen {letters}.",
        "safehouse.sheet.taken": "Blatt {letter} hat schon Platz {seat}: Jeder braucht ein "
                                 "anderes Blatt.",
        "safehouse.sheet.started": "Auf diesem Blatt steht schon etwas: Das Blatt wechselt "
                                   "man nur, solange es leer ist.",
        "safehouse.sheet.light_mode": "In diesem Spiel bleiben die Zahlen auf dem Papier: Es "
                                      "gibt keine Blätter im Telefon.",
        "safehouse.sheet.none": "Dieser Platz hat kein Blatt im Telefon: Wähle zuerst den "
                                "Buchstaben deines Blatts.",
        "safehouse.sheet.untyped": "Blatt {letter} ist nicht abgetippt: Nehmt {letters}, oder "
                                   "tippt es vor dem nächsten Spiel auf der Tischseite ab.",
        "safehouse.sheet.held": "Platz {seat} führt Blatt {letter} im Telefon: Seine Zahlen "
                                "sagen, was offen und was erfüllt ist.",
        "safehouse.sheet.field": "Auftrag {row} hat die Felder 1 bis {fields}.",
        "safehouse.sheet.number_invalid": "Die Zahl muss eine ganze Zahl sein.",
        "safehouse.sheet.colour_invalid": "Die Farbe ist Gelb, Grün, Rot oder Blau.",
        "safehouse.sheet.printed": "Auf diesem grauen Feld ist die 6 schon aufgedruckt.",
        "safehouse.sheet.written": "In diesem Feld steht schon eine {number}.",
        "safehouse.sheet.no_chameleon": "Du hast kein Chamäleon mehr: Die Farbe des Würfels "
                                        "muss zur Farbe des Feldes passen.",
        "safehouse.sheet.rule.equal": "In diesem Auftrag müssen alle Zahlen gleich sein.",
        "safehouse.sheet.rule.strict": "In diesem Auftrag steigen die Zahlen von links nach "
                                       "rechts: Jede ist größer als die links von ihr.",
        "safehouse.sheet.rule.nondecreasing": "In diesem Auftrag sind die Zahlen von links "
                                              "nach rechts gleich hoch oder steigen (die "
                                              "graue 6 zählt mit).",
        "safehouse.sheet.not_this_roll": "Wegnehmen kannst du nur eine Zahl aus diesem Wurf.",
        "safehouse.option.mode": "Blätter",
        "safehouse.option.mode.light": "Auf Papier (offen/erfüllt tippen)",
        "safehouse.option.mode.sheet": "Im Telefon (jede Zahl geprüft)",
    },
    "en": {
        "safehouse.profile.letters": "The sheets of a pad are called {letters}: give those "
                                     "you use with their orders.",
        "safehouse.profile.sheet_orders": "Sheet {letter} needs exactly {orders} orders, as the "
                                          "profile says.",
        "safehouse.profile.field": "Sheet {letter}, order {row}: each field is Y, G, R, B "
                                   "(yellow, green, red, blue) or 6 (the grey 6).",
        "safehouse.profile.arrow_missing": "Sheet {letter}, order {row}: the number on the "
                                           "arrow is missing at the end of the line.",
        "safehouse.profile.fields": "Sheet {letter}, order {row}: {minimum} to {maximum} colour "
                                    "fields.",
        "safehouse.profile.grey": "Sheet {letter}, order {row}: only the bottom {bottom} orders "
                                  "have a grey 6, at most one each.",
        "safehouse.profile.rule": "Sheet {letter}, order {row}: the rule is equal (all the "
                                  "same), strict (ascending) or nondecreasing (the same or "
                                  "ascending).",
        "safehouse.profile.arrow": "Sheet {letter}, order {row}: the arrow shows {minimum} to "
                                   "{maximum} fields.",
        "safehouse.profile.arrow_whole": "Sheet {letter}, order {row}: the number on the arrow "
                                         "is a whole number.",
        "safehouse.sheet.letter": "The sheets are called {letters}.",
        "safehouse.sheet.taken": "Seat {seat} already has sheet {letter}: everyone needs a "
                                 "different sheet.",
        "safehouse.sheet.started": "Something is written on this sheet already: you change "
                                   "sheets only while it is empty.",
        "safehouse.sheet.light_mode": "In this game the numbers stay on paper: there are no "
                                      "sheets on the phones.",
        "safehouse.sheet.none": "This seat has no sheet on its phone: choose your sheet's "
                                "letter first.",
        "safehouse.sheet.untyped": "Sheet {letter} has not been typed in: take {letters}, or "
                                   "type it in on the table page before the next game.",
        "safehouse.sheet.held": "Seat {seat} keeps sheet {letter} on its phone: its numbers "
                                "say what is open and what is closed.",
        "safehouse.sheet.field": "Order {row} has the fields 1 to {fields}.",
        "safehouse.sheet.number_invalid": "The number must be a whole number.",
        "safehouse.sheet.colour_invalid": "The colour is yellow, green, red or blue.",
        "safehouse.sheet.printed": "This grey field has its 6 printed on it.",
        "safehouse.sheet.written": "This field already holds a {number}.",
        "safehouse.sheet.no_chameleon": "You have no chameleon left: the die's colour must "
                                        "match the field's.",
        "safehouse.sheet.rule.equal": "In this order all numbers must be the same.",
        "safehouse.sheet.rule.strict": "In this order the numbers rise from left to right: "
                                       "each is bigger than those left of it.",
        "safehouse.sheet.rule.nondecreasing": "In this order the numbers stay the same or rise "
                                              "from left to right (the grey 6 counts too).",
        "safehouse.sheet.not_this_roll": "You can only take back a number of this roll.",
        "safehouse.option.mode": "Sheets",
        "safehouse.option.mode.light": "On paper (tap open/closed)",
        "safehouse.option.mode.sheet": "On the phones (every number checked)",
    },
}


def _each(sentences: dict[str, str], lang: str, colours: tuple[str, ...]) -> dict[str, str]:
    """The sentences once per colour, the colour's name filled in."""
    return {key.format(c=colour): sentence.format(n=COLOUR_NAMES[lang][colour])
            for key, sentence in sentences.items() for colour in colours}


_UNDONE = {
    "de": {"select": "Würfel ausgesucht", "retrieve": "Würfel zurückgeholt",
           "faces": "Augen eingetippt", "face_back": "Augen zurückgenommen",
           "help": "Hilfe genutzt", "go": "weiter (der Verfolger zog)",
           "order": "Auftrag eingetragen", "chameleon": "Chamäleon eingesetzt",
           "sheet": "Blatt gewählt", "write": "Zahl eingetragen", "erase": "Zahl weggenommen",
           "done": "fertig eingetragen", "focus": "anderes Blatt an der Box",
           "pursuer": "Verfolger korrigiert"},
    "en": {"select": "dice chosen", "retrieve": "dice taken back", "faces": "faces typed in",
           "face_back": "faces taken back", "help": "help used",
           "go": "go on (the pursuer moved)", "order": "order entered",
           "chameleon": "chameleon used", "sheet": "sheet chosen", "write": "number written",
           "erase": "number taken back", "done": "done entering",
           "focus": "another sheet on the box", "pursuer": "pursuer corrected"},
}
"""What the table page says undo took back, by action."""


def _texts(lang: str) -> dict[str, str]:
    return {**(_GERMAN if lang == "de" else _ENGLISH), **_SHEETS[lang],
            **_each(_PER_DIE[lang], lang, DICE), **_each(_PER_COLOUR[lang], lang, COLOURS),
            **{f"safehouse.undo.{action}": name for action, name in _UNDONE[lang].items()},
            **SCREEN[lang], **PHONE[lang], **GUIDE[lang]}


TEXTS: Texts = with_rules({"de": _texts("de"), "en": _texts("en")}, REFUSALS)
