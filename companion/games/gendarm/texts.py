"""Räuber und Gendarm's sentences in German and English: for its rules and the box's menu, for
the screen (``screen_texts``) and for the phones (``phone_texts``)."""

from __future__ import annotations

from companion.games.base import Texts
from companion.games.gendarm.phone_texts import PHONE
from companion.games.gendarm.screen_texts import SCREEN

RULES: Texts = {
    "de": {
        "gendarm.phase.start": "Erst kommt der Startwurf.",
        "gendarm.phase.deal": "Erst bekommt jeder seinen Fänger.",
        "gendarm.phase.play": "Das Spiel läuft schon.",
        "gendarm.phase.over": "Das Spiel ist vorbei.",
        "gendarm.phone_only": "Das geht nur auf dem eigenen Telefon des Spielers.",
        "gendarm.not_your_turn": "Du bist gerade nicht am Zug.",
        "gendarm.deal_chips": "In dieser Partie zieht jeder einen echten Chip und tippt die "
                              "Zahl auf dem eigenen Telefon ein.",
        "gendarm.deal_box": "In dieser Partie verteilt die Box die Fänger.",
        "gendarm.remove_first": "Erst einen Gendarmen aus dem Spiel nehmen (auf dem Telefon "
                                "des Spielers am Zug).",
        "gendarm.roll_first": "Erst würfeln: Wer einen Räuber außer Gefahr hat, würfelt vor "
                              "jedem Zug.",
        "gendarm.leave_first": "Erst muss der Räuber das Versteck verlassen.",
        "gendarm.turn_used": "In diesem Zug wurde schon gezogen oder gewürfelt: Zug beenden.",
        "gendarm.no_roll": "Jetzt gibt es nichts zu würfeln.",
        "gendarm.level_safe": "„Außer Gefahr“ gibt es erst ab Stufe 2.",
        "gendarm.level_hide": "Verstecke gibt es nur in Stufe 3.",
        "gendarm.no_free_robber": "Kein Räuber steht frei auf dem Brett.",
        "gendarm.safe_hidden": "Solange ein Räuber im Versteck ist, darf der zweite die "
                               "gegnerische Startreihe nicht betreten.",
        "gendarm.safe_taken": "Es ist schon ein Räuber außer Gefahr: Der andere muss im Spiel "
                              "bleiben.",
        "gendarm.safe_for_good": "In dieser Partie bleibt ein Räuber außer Gefahr.",
        "gendarm.no_safe_robber": "Kein Räuber ist außer Gefahr.",
        "gendarm.hide_roll": "Ins Versteck geht es nur nach einer 1 oder 6.",
        "gendarm.one_hidden": "Jeder darf nur einen Räuber im Versteck haben.",
        "gendarm.hide_safe": "Wer einen Räuber außer Gefahr hat, bringt keinen mehr ins "
                             "Versteck.",
        "gendarm.no_hideout": "Beide Verstecke sind besetzt.",
        "gendarm.hideout_unknown": "Es gibt Versteck 1 und Versteck 2.",
        "gendarm.hideout_taken": "Versteck {hideout} ist besetzt.",
        "gendarm.no_hidden": "Kein Räuber ist im Versteck.",
        "gendarm.not_stuck": "Passen darf nur, wer seinen Räuber aus dem Versteck ziehen muss "
                             "und es nicht kann.",
        "gendarm.nothing_to_catch": "Kein gegnerischer Räuber kann gerade gefangen werden.",
        "gendarm.no_removal": "Jetzt wird kein Gendarm abgegeben.",
        "gendarm.start_roll_invalid": "Der Startwurf braucht zwei Zahlen von 1 bis 6, oder "
                                      "wer anfängt.",
        "gendarm.start_roll_tie": "Gleichstand: Noch einmal würfeln.",
        "gendarm.box_rolls": "In dieser Partie würfelt die Box.",
        "gendarm.die_invalid": "Ein Würfel zeigt 1 bis 6.",
        "gendarm.chance_missing": "Hier fehlt, was die Box gewürfelt oder verteilt hat.",
        "gendarm.deal_invalid": "Diese Fänger gibt es in diesem Spiel nicht.",
        "gendarm.catcher_range": "Die Chips tragen die Zahlen 1 bis {top}.",
        "gendarm.gendarme_unknown": "Die Gendarmen tragen die Zahlen 1 bis {top}.",
        "gendarm.gendarme_out": "Gendarm {gendarme} ist nicht mehr im Spiel.",
        "gendarm.wrong_catcher": "Gendarm {gendarme} darf nicht fangen \u2013 Zug zurücknehmen.",
        "gendarm.keep_catcher": "Das ist dein Fänger: Er bleibt im Spiel. Nimm einen anderen.",
        "gendarm.menu.start_roll": "Startwurf",
        "gendarm.menu.starter.black": "Schwarz fängt an",
        "gendarm.menu.starter.white": "Weiß fängt an",
        "gendarm.menu.deal": "Fänger verteilen",
        "gendarm.menu.roll": "Würfeln",
        "gendarm.menu.rolled": "Gewürfelt: {value}",
        "gendarm.menu.hide": "Ins Versteck {hideout}",
        "gendarm.menu.leave": "Versteck verlassen",
        "gendarm.menu.safe": "Räuber außer Gefahr",
        "gendarm.menu.unsafe": "Startreihe verlassen",
        "gendarm.menu.stuck": "Sitzt fest: passen",
        "gendarm.menu.end_turn": "Zug beendet",
        "gendarm.menu.end_game": "Zur Spielauswahl",
        "gendarm.summary.capture.black": "Schwarz gewinnt: Räuber gefangen.",
        "gendarm.summary.capture.white": "Weiß gewinnt: Räuber gefangen.",
        "gendarm.summary.depletion.black": "Schwarz gewinnt: Weiß blieb nur der Fänger.",
        "gendarm.summary.depletion.white": "Weiß gewinnt: Schwarz blieb nur der Fänger.",
        "gendarm.summary.catchers": "Fänger: Schwarz Gendarm {black}, Weiß Gendarm {white}.",
    },
    "en": {
        "gendarm.phase.start": "The start roll comes first.",
        "gendarm.phase.deal": "First each player gets a catcher.",
        "gendarm.phase.play": "The game is already running.",
        "gendarm.phase.over": "The game is over.",
        "gendarm.phone_only": "Only the player's own phone can do that.",
        "gendarm.not_your_turn": "It is not your turn.",
        "gendarm.deal_chips": "In this game each player draws a real chip and types its number "
                              "into their own phone.",
        "gendarm.deal_box": "In this game the box deals the catchers.",
        "gendarm.remove_first": "First a gendarme leaves the game (on the phone of the player "
                                "on turn).",
        "gendarm.roll_first": "Roll first: whoever has a robber out of danger rolls before "
                              "every move.",
        "gendarm.leave_first": "First the robber must leave the hideout.",
        "gendarm.turn_used": "This turn has had its move or its roll: end the turn.",
        "gendarm.no_roll": "There is nothing to roll now.",
        "gendarm.level_safe": "“Out of danger” comes in at level 2.",
        "gendarm.level_hide": "Hideouts are only played at level 3.",
        "gendarm.no_free_robber": "No robber stands free on the board.",
        "gendarm.safe_hidden": "While one robber is in a hideout, the other may not enter the "
                               "opponent's start row.",
        "gendarm.safe_taken": "A robber is out of danger already: the other one must stay in "
                              "the game.",
        "gendarm.safe_for_good": "In this game a robber stays out of danger.",
        "gendarm.no_safe_robber": "No robber is out of danger.",
        "gendarm.hide_roll": "A robber goes into a hideout only after a 1 or a 6.",
        "gendarm.one_hidden": "Each player may have only one robber in a hideout.",
        "gendarm.hide_safe": "With a robber out of danger, no robber goes into a hideout.",
        "gendarm.no_hideout": "Both hideouts are taken.",
        "gendarm.hideout_unknown": "There are hideout 1 and hideout 2.",
        "gendarm.hideout_taken": "Hideout {hideout} is taken.",
        "gendarm.no_hidden": "No robber is in a hideout.",
        "gendarm.not_stuck": "Only a robber that must leave its hideout and cannot may pass.",
        "gendarm.nothing_to_catch": "No robber of the opponent can be caught now.",
        "gendarm.no_removal": "No gendarme leaves the game now.",
        "gendarm.start_roll_invalid": "The start roll takes two numbers from 1 to 6, or who "
                                      "begins.",
        "gendarm.start_roll_tie": "A tie: roll again.",
        "gendarm.box_rolls": "In this game the box rolls.",
        "gendarm.die_invalid": "A die shows 1 to 6.",
        "gendarm.chance_missing": "What the box rolled or dealt is missing here.",
        "gendarm.deal_invalid": "There are no such catchers in this game.",
        "gendarm.catcher_range": "The chips carry the numbers 1 to {top}.",
        "gendarm.gendarme_unknown": "The gendarmes carry the numbers 1 to {top}.",
        "gendarm.gendarme_out": "Gendarme {gendarme} is out of the game.",
        "gendarm.wrong_catcher": "Gendarme {gendarme} may not catch \u2013 take the move back.",
        "gendarm.keep_catcher": "That is your catcher: it stays in the game. Take another.",
        "gendarm.menu.start_roll": "Start roll",
        "gendarm.menu.starter.black": "Black begins",
        "gendarm.menu.starter.white": "White begins",
        "gendarm.menu.deal": "Deal the catchers",
        "gendarm.menu.roll": "Roll",
        "gendarm.menu.rolled": "Rolled: {value}",
        "gendarm.menu.hide": "Into hideout {hideout}",
        "gendarm.menu.leave": "Leave the hideout",
        "gendarm.menu.safe": "Out of danger",
        "gendarm.menu.unsafe": "Leave the start row",
        "gendarm.menu.stuck": "Robber stuck: pass",
        "gendarm.menu.end_turn": "Turn ended",
        "gendarm.menu.end_game": "Back to the games",
        "gendarm.summary.capture.black": "Black wins: robber caught.",
        "gendarm.summary.capture.white": "White wins: robber caught.",
        "gendarm.summary.depletion.black": "Black wins: White was left with the catcher "
                                           "alone.",
        "gendarm.summary.depletion.white": "White wins: Black was left with the catcher "
                                           "alone.",
        "gendarm.summary.catchers": "Catchers: Black gendarme {black}, White gendarme {white}.",
    },
}

TEXTS: Texts = {lang: {**RULES[lang], **SCREEN[lang], **PHONE[lang]} for lang in RULES}
