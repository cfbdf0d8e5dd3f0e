"""Every sentence of Rob 'n Run in German and English: errors, the box's menu, names, the
screen; with the phone's (``phone_texts``) in ``TEXTS``."""

from __future__ import annotations

from companion.games.base import Texts, with_rules
from companion.games.robnrun.guide import GUIDE, REFUSALS
from companion.games.robnrun.phone_texts import PHONE
from companion.games.robnrun.pieces import COLOURS
from companion.games.robnrun.screen_texts import SCREEN

_COLOUR = {"de": {"yellow": "gelb", "green": "grün", "white": "weiß", "red": "rot"},
           "en": {"yellow": "yellow", "green": "green", "white": "white", "red": "red"}}
_TRACK = {"de": {"yellow": "gelbe", "green": "grüne", "white": "weiße", "red": "rote"},
          "en": _COLOUR["en"]}

_PER_COLOUR = {
    "de": {
        "robnrun.profile.track_empty.{c}": "Wache für {{side}} Spieler: Die {t} Leiste braucht "
                                          "ihre Zahlen.",
        "robnrun.profile.track_numbers.{c}": "Wache für {{side}} Spieler: Die {t} Leiste hat "
                                            "nur ganze Zahlen von 0 bis 20.",
        "robnrun.profile.track_length.{c}": "Wache für {{side}} Spieler: Die {t} Leiste hat "
                                           "{{minimum}} bis {{maximum}} Zahlen.",
        "robnrun.scenario.supply.{c}": "Die Schachtel hat nur {{total}} {t} Würfel.",
        "robnrun.scenario.station_full.{c}": "Auf die {t} Leiste der Wache für {{seats}} "
                                            "Spieler passen nicht so viele Würfel.",
    },
    "en": {
        "robnrun.profile.track_empty.{c}": "Station for {{side}} players: the {t} track needs "
                                          "its numbers.",
        "robnrun.profile.track_numbers.{c}": "Station for {{side}} players: the {t} track only "
                                            "has whole numbers from 0 to 20.",
        "robnrun.profile.track_length.{c}": "Station for {{side}} players: the {t} track has "
                                           "{{minimum}} to {{maximum}} numbers.",
        "robnrun.scenario.supply.{c}": "The box has only {{total}} {t} cubes.",
        "robnrun.scenario.station_full.{c}": "That many cubes do not fit on the {t} track of "
                                            "the station for {{seats}} players.",
    },
}

_GERMAN = {
    "robnrun.safe_invalid": "Ein Tresor ist eine Liste von Werkzeugen mit ihrer Anzahl.",
    "robnrun.safe_gold": "Ein Tresor bringt 1 bis 3 Gold.",
    "robnrun.safe_size": "Ein Tresor braucht 3 bis 5 Werkzeuge.",
    "robnrun.safe_kinds": "Ein Tresor braucht höchstens 4 Arten, jede höchstens 4-mal.",
    "robnrun.safe_count.one": "Hinter dem Sichtschirm liegt 1 Tresor: Trage ihn ein.",
    "robnrun.safe_count.other": "Hinter dem Sichtschirm liegen {count} Tresore: Trage alle ein.",
    "robnrun.safes_copies": "Von jedem Werkzeug gibt es nur {copies} Karten: Prüfe die "
                            "Tresore noch einmal.",
    "robnrun.profile.malformed": "Diese Datei ist kein Box-Profil von Getaway.",
    "robnrun.profile.name": "Der Name hat 1 bis {maximum} Zeichen.",
    "robnrun.profile.jackhammer": "Der englische Name des Presslufthammers hat 1 bis "
                                  "{maximum} Zeichen.",
    "robnrun.profile.stations": "Wachen gibt es für 2, 3, 4 und 5 Spieler, jede mit einer "
                                "gelben, grünen, weißen und roten Leiste.",
    "robnrun.profile.route_whole": "Länge, Starts, markierte Felder und Terminals des "
                                   "Fluchtwegs sind ganze Zahlen.",
    "robnrun.profile.route_length": "Der Fluchtweg hat {minimum} bis {maximum} Felder.",
    "robnrun.profile.route_outside": "Alle Felder liegen zwischen 0 und {last}.",
    "robnrun.profile.starts": "Der Polizist startet hinter dem Fluchtauto.",
    "robnrun.profile.marked": "Der Fluchtweg hat genau {total} markierte Felder, "
                              "jedes einmal, in Reihenfolge.",
    "robnrun.profile.terminals": "Es gibt genau 3 Terminals, in Reihenfolge.",
    "robnrun.profile.terminals_start": "Die Terminals liegen vor dem Start des Fluchtautos.",
    "robnrun.profile.marked_between": "Die markierten Felder liegen zwischen dem Start des "
                                      "Fluchtautos und Terminal 1.",
    "robnrun.profile.quarters": "Es gibt {total} Stadtviertel mit je {minimum} bis {maximum} "
                                "Gebäuden.",
    "robnrun.profile.building_safes": "Auf einem Gebäude liegen 1 bis {maximum} Tresore, als "
                                      "ganze Zahl.",
    "robnrun.scenario.malformed": "Diese Datei ist kein Szenario von Getaway.",
    "robnrun.scenario.name": "Der Name hat 1 bis {maximum} Zeichen.",
    "robnrun.scenario.clues": "Ein Szenario hat genau {total} verschiedene Hinweise (1-16).",
    "robnrun.scenario.clues_whole": "Hinweise sind ganze Zahlen von 1 bis {last}.",
    "robnrun.scenario.forbidden_whole": "Verbotene Hinweise sind ganze Zahlen von 1 bis {last}.",
    "robnrun.scenario.dealers_whole": "Das Stadtviertel eines Informanten ist eine ganze Zahl "
                                      "von 0 bis {last} (A, B, C, D).",
    "robnrun.scenario.cubes": "Auf den markierten Feldern liegen nur gelbe, grüne, weiße und "
                              "rote Würfel.",
    "robnrun.scenario.forbidden": "Ein Expertenszenario verbietet genau {total} Hinweise.",
    "robnrun.scenario.forbidden_used": "Verbotene Hinweise dürfen nicht dabei sein: {clues}.",
    "robnrun.scenario.dealers": "Die 4 Informanten stehen auf den 4 Stadtvierteln, je einer.",
    "robnrun.scenario.station": "Für jede Farbe eine ganze Zahl Würfel auf der Wache (0 oder "
                                "mehr).",
    "robnrun.scenario.squares": "Auf jedem der {total} markierten Felder liegt mindestens "
                                "1 Würfel.",
    "robnrun.scenario.squares_order": "Zum Flughafen hin liegen nie mehr Würfel als davor.",
    "robnrun.scenario.two_players": "Zu zweit sind die Hinweise {clues} aus dem Spiel: "
                                    "Wählt ein anderes Szenario.",
    "robnrun.scenario.unknown": "Dieses Szenario ist auf der Box nicht gespeichert.",
    "robnrun.boss_seat": "Der erste Boss sitzt auf einem der {seats} Plätze.",
    "robnrun.building_chosen": "Das Gebäude für diesen Raub ist schon gewählt.",
    "robnrun.building_unknown": "Dieses Gebäude gibt es nicht.",
    "robnrun.building_empty": "Auf diesem Gebäude liegt kein Tresor.",
    "robnrun.building_first": "Zuerst wählt der Boss das Gebäude.",
    "robnrun.building_full": "Dahin darf kein neuer Tresor: Das Gebäude ist leer oder voll.",
    "robnrun.dealt": "Die Hinweise sind schon ausgeteilt.",
    "robnrun.chance_missing": "Die Hinweise wurden nicht gemischt.",
    "robnrun.safes_fixed": "Die Tresore stehen fest: Die ersten Karten sind schon sortiert.",
    "robnrun.deal_first": "Zuerst die Hinweise austeilen.",
    "robnrun.clue_unknown": "Diesen Hinweis hat der Boss nicht.",
    "robnrun.tool_unknown": "Dieses Werkzeug gibt es nicht.",
    "robnrun.clue_count": "Die Zahl auf dem Hinweis liegt zwischen 1 und {maximum}.",
    "robnrun.clue_false.need": "Deine Tresore brauchen dieses Werkzeug nicht: So wäre der "
                               "Hinweis falsch. Nur dein Telefon sieht das.",
    "robnrun.clue_false.spare": "Deine Tresore brauchen dieses Werkzeug: So wäre der Hinweis "
                                "falsch. Nur dein Telefon sieht das.",
    "robnrun.clue_false.kinds.one": "Deine Tresore brauchen 1 Werkzeugart: So wäre der "
                                    "Hinweis falsch. Nur dein Telefon sieht das.",
    "robnrun.clue_false.kinds.other": "Deine Tresore brauchen {count} verschiedene "
                                      "Werkzeugarten: So wäre der Hinweis falsch. Nur dein "
                                      "Telefon sieht das.",
    "robnrun.clue_gold": "Ein verdeckter Hinweis kostet {price} Gold, ihr habt {gold}.",
    "robnrun.exchanged": "Tauschen geht nur einmal pro Komplizenphase.",
    "robnrun.must_play": "Alle haben gepasst: Jetzt muss ausgespielt oder getauscht werden.",
    "robnrun.safes_missing": "Der Boss muss zuerst die Tresore auf dem Telefon eintragen.",
    "robnrun.safes_on_box": "Zuerst die Tresore an der Box eintragen: Jeder braucht 3 bis 5 "
                            "Werkzeuge und 1 bis 3 Gold, dann „Tresore fertig“.",
    "robnrun.cards_invalid": "Karten sind Werkzeuge oder Sporttaschen.",
    "robnrun.cards_count.one": "Es wurde 1 Karte ausgespielt: Sortiere genau diese eine.",
    "robnrun.cards_count.other": "Es wurden {count} Karten ausgespielt: Sortiere genau so viele.",
    "robnrun.no_bags": "Zu zweit gibt es keine Sporttaschen.",
    "robnrun.cards_too_many": "So viele Karten dieser Art gibt es nicht.",
    "robnrun.place_first.one": "Zuerst 1 neuen Tresor auf ein Gebäude legen.",
    "robnrun.place_first.other": "Zuerst {count} neue Tresore auf Gebäude legen.",
    "robnrun.dealer_first": "Zuerst sagen, wie viele Würfel ihr dem Informanten abkauft.",
    "robnrun.not_now": "Das geht in diesem Schritt der Auswertung nicht.",
    "robnrun.placed_all": "Alle neuen Tresore liegen schon.",
    "robnrun.no_dealer": "Gerade macht kein Informant ein Angebot.",
    "robnrun.buy_invalid": "Ein Informant nimmt 0, 1 oder 2 Würfel.",
    "robnrun.buy_cubes.one": "Auf der Leiste liegt nur 1 Würfel.",
    "robnrun.buy_cubes.other": "Auf der Leiste liegen nur {count} Würfel.",
    "robnrun.buy_gold": "Das kostet {price} Gold, ihr habt {gold}.",
    "robnrun.note_invalid": "Notizen haben höchstens {maximum} Zeichen.",
    "robnrun.boss_only": "Das macht der Boss (Platz {seat}) oder die Box.",
    "robnrun.boss_phone": "Das geht nur auf dem Telefon des Bosses (Platz {seat}).",
    "robnrun.not_your_turn": "Platz {seat} ist dran, nicht du.",
    "robnrun.notes_phone": "Notizen gibt es nur auf dem eigenen Telefon.",
    "robnrun.phase.prepare": "Der Raub wird gerade vorbereitet.",
    "robnrun.phase.clues": "Gerade ist die Hinweisphase.",
    "robnrun.phase.crew": "Gerade ist die Komplizenphase.",
    "robnrun.phase.alarm": "Gerade sortiert der Boss die Karten.",
    "robnrun.phase.evaluation": "Der Raub wird gerade ausgewertet.",
    "robnrun.phase.won": "Das Spiel ist gewonnen und vorbei.",
    "robnrun.phase.lost": "Das Spiel ist verloren und vorbei.",
    "robnrun.menu.end_game": "Zur Spielauswahl",
    "robnrun.menu.rob.one": "Raub: {building}, 1 Tresor",
    "robnrun.menu.rob.other": "Raub: {building}, {count} Tresore",
    "robnrun.menu.deal": "Hinweise austeilen",
    "robnrun.menu.start": "Raub beginnen",
    "robnrun.action.start": "Raub beginnen: Hinweisphase",
    "robnrun.menu.crew": "Zu den Komplizen",
    "robnrun.action.crew": "Weiter zur Komplizenphase",
    "robnrun.menu.use_clue": "Hinweis {clue} nutzen",
    "robnrun.menu.buy_clue": "Hinweis {clue} kaufen",
    "robnrun.action.buy_clue": "Hinweis {clue} kaufen ({price} Gold)",
    "robnrun.menu.play": "Karte gespielt",
    "robnrun.action.play": "Karte ausgespielt",
    "robnrun.menu.exchange": "Karten getauscht",
    "robnrun.action.exchange": "Alle Karten getauscht",
    "robnrun.menu.pass": "Passen",
    "robnrun.menu.place": "Tresor auf {building}",
    "robnrun.menu.buy_0": "Keinen Würfel",
    "robnrun.menu.buy_1": "1 Würfel: {price} Gold",
    "robnrun.menu.buy_2": "2 Würfel: {price} Gold",
    "robnrun.action.buy_0": "Keinen Würfel kaufen",
    "robnrun.action.buy_1": "1 Würfel kaufen ({price} Gold)",
    "robnrun.action.buy_2": "2 Würfel kaufen ({price} Gold)",
    "robnrun.menu.next": "Nächster Schritt",
    "robnrun.menu.openly": "Ohne Boss-Telefon",
    "robnrun.menu.openly_yes": "OK: offen spielen",
    "robnrun.menu.openly_no": "Doch mit Telefon",
    "robnrun.menu.add_tool": "+ {tool}",
    "robnrun.menu.safe_gold": "{gold} Gold",
    "robnrun.menu.clear_safe": "Tresor {safe} löschen",
    "robnrun.menu.next_safe": "Zu Tresor {safe}",
    "robnrun.menu.enter_safes": "Tresore fertig",
    "robnrun.key.draft_safes": "noch eins davon",
    "robnrun.key.page": "nächster Tresor",
    "robnrun.menu.add_card": "{index}. {card}",
    "robnrun.menu.clear_cards": "Karten löschen",
    "robnrun.menu.sort": "Karten sortieren",
    "robnrun.box_only": "Das tut die Box für einen Boss ohne Telefon.",
    "robnrun.openly_already": "Der Boss spielt schon offen an der Box.",
    "robnrun.openly_unasked": "Erst „Ohne Boss-Telefon“ wählen: Die Box sagt dann, was offen "
                              "spielen heißt.",
    "robnrun.not_openly": "Erst an der Box „Offen spielen“ wählen: Der Boss (Platz {seat}) hat "
                          "dann kein Telefon, die Tresore stehen auf dem Schirm der Box.",
    "robnrun.now.safes_openly": "Jetzt: {boss} spielt offen an der Box. Für jeden Tresor die "
                                "abgebildeten Werkzeuge (3 bis 5) und das Gold (1 bis 3) im "
                                "Menü der Box eintragen; sie stehen auf ihrem Schirm. Sind alle "
                                "vollständig, „Tresore fertig“ wählen: Erst dann geht der Raub "
                                "weiter.",
    "robnrun.now.alarm_openly": "Jetzt: {boss} spielt offen an der Box. Jede ausgespielte Karte "
                                "im Menü der Box eintragen, dann sortieren: Der Schirm sagt, "
                                "welche offen liegen und welche auf den Alarmstapel kommen.",
    "robnrun.tool.card": "Ausweis",
    "robnrun.tool.flashlight": "Taschenlampe",
    "robnrun.tool.stethoscope": "Stethoskop",
    "robnrun.tool.acid": "Säure",
    "robnrun.tool.dynamite": "Dynamit",
    "robnrun.tool.ram": "Rammbock",
    "robnrun.tool.jackhammer": "Presslufthammer",
    "robnrun.tool.bag": "Sporttasche",
    "robnrun.rating.free": "Wenigstens seid ihr frei!",
    "robnrun.rating.start": "Nicht schlecht für den Anfang!",
    "robnrun.rating.living": "Respekt, davon lässt sich leben!",
    "robnrun.rating.perfect": "Perfekt! Wir haben eine neue Herausforderung für euch!",
    "robnrun.example": "Beispielwerte: Bitte mit eurer Schachtel prüfen",
    "robnrun.now.rob": "Jetzt: {boss} wählt als Boss ein Gebäude und legt dessen Tresore "
                       "verdeckt hinter den Sichtschirm. Antippen am Telefon des Bosses oder "
                       "an der Box wählen.",
    "robnrun.now.safes": "Jetzt: {boss} trägt am eigenen Telefon für jeden Tresor die "
                         "abgebildeten Werkzeuge (3 bis 5) und das Gold (1 bis 3) ein. Nur der "
                         "Boss sieht sie.",
    "robnrun.now.deal": "Jetzt: Hinweise austeilen (TURN an der Box). Legt die Hinweise offen "
                        "aus, die die Box nennt; jeder Komplize zieht so viele Werkzeuge vom "
                        "gemischten Stapel, wie Grün zeigt ({green}).",
    "robnrun.now.start": "Jetzt: Alles liegt bereit. Raub beginnen (TURN an der Box), es "
                         "folgt die Hinweisphase.",
    "robnrun.now.clues": "Jetzt: {boss} nutzt offene Hinweise oder kauft verdeckte für 3 Gold "
                         "und liest sie vor. Danach weiter zur Komplizenphase.",
    "robnrun.now.crew": "Jetzt: {turn} spielt 1 Karte verdeckt in die Mitte, tauscht alle "
                        "Handkarten (einmal pro Phase) oder passt. Sagt es am Telefon oder an "
                        "der Box an.",
    "robnrun.now.crew_forced": "Jetzt: Alle haben nacheinander gepasst. {turn} muss 1 Karte "
                               "spielen oder alle Handkarten tauschen.",
    "robnrun.now.alarm": "Jetzt: {boss} nimmt die ausgespielten Karten, tippt jede am Telefon "
                         "an und legt die gebrauchten offen aus, die anderen verdeckt auf den "
                         "Alarmstapel.",
    "robnrun.now.step1": "Jetzt: Zieht das Fluchtauto vor und nehmt das Gold, wie hier "
                         "steht. Dann: Nächster Schritt.",
    "robnrun.now.step2": "Jetzt: Die Würfel der Felder, die das Fluchtauto erreicht hat, "
                         "kommen von unten auf ihre Alarmanlagen. Dann: Nächster Schritt.",
    "robnrun.now.step3": "Jetzt: Kein neuer Tresor ist zu legen. Weiter mit: Nächster "
                         "Schritt.",
    "robnrun.now.step3_choose": "Jetzt: Für jeden nicht geknackten Tresor kommt ein neuer auf "
                                "ein Gebäude mit 1 oder 2 Tresoren. Wählt das Gebäude.",
    "robnrun.now.step4": "Jetzt: Zieht den Polizisten so viele Felder vor, wie hier steht. "
                         "Dann: Nächster Schritt.",
    "robnrun.now.step5": "Jetzt: Kein Informant steht auf dem Fluchtweg. Weiter mit: "
                         "Nächster Schritt.",
    "robnrun.now.step5_choose": "Jetzt: Der Informant auf dem Fluchtweg kauft euch bis zu 2 "
                                "Würfel seiner Farbe ab. Entscheidet, wie viele.",
    "robnrun.now.step6": "Jetzt: Die Tresore dieses Raubes kommen aus dem Spiel. Dann: "
                         "Nächster Schritt, zum nächsten Raub.",
    "robnrun.now.won": "Das Spiel ist vorbei. An der Box geht es zurück zur Spielauswahl.",
    "robnrun.now.lost": "Das Spiel ist vorbei. An der Box geht es zurück zur Spielauswahl, "
                        "für die Revanche.",
}

_ENGLISH = {
    "robnrun.safe_invalid": "A safe is a list of tools with their numbers.",
    "robnrun.safe_gold": "A safe holds 1 to 3 gold.",
    "robnrun.safe_size": "A safe needs 3 to 5 tools.",
    "robnrun.safe_kinds": "A safe needs at most 4 kinds of tools, each at most 4 times.",
    "robnrun.safe_count.one": "1 safe lies behind the screen: enter it.",
    "robnrun.safe_count.other": "{count} safes lie behind the screen: enter them all.",
    "robnrun.safes_copies": "There are only {copies} cards of each tool: check the safes "
                            "again.",
    "robnrun.profile.malformed": "This file is not a Getaway box profile.",
    "robnrun.profile.name": "The name has 1 to {maximum} characters.",
    "robnrun.profile.jackhammer": "The jackhammer's English name has 1 to {maximum} "
                                  "characters.",
    "robnrun.profile.stations": "There are stations for 2, 3, 4 and 5 players, each with a "
                                "yellow, a green, a white and a red track.",
    "robnrun.profile.route_whole": "The escape route's length, starts, marked squares and "
                                   "terminals are whole numbers.",
    "robnrun.profile.route_length": "The escape route has {minimum} to {maximum} squares.",
    "robnrun.profile.route_outside": "Every square lies between 0 and {last}.",
    "robnrun.profile.starts": "The police start behind the getaway car.",
    "robnrun.profile.marked": "The escape route has exactly {total} marked squares, each once, "
                              "in order.",
    "robnrun.profile.terminals": "There are exactly 3 terminals, in order.",
    "robnrun.profile.terminals_start": "The terminals lie ahead of the car's start.",
    "robnrun.profile.marked_between": "The marked squares lie between the car's start and "
                                      "terminal 1.",
    "robnrun.profile.quarters": "There are {total} quarters with {minimum} to {maximum} "
                                "buildings each.",
    "robnrun.profile.building_safes": "A building holds 1 to {maximum} safes, a whole "
                                      "number.",
    "robnrun.scenario.malformed": "This file is not a Getaway scenario.",
    "robnrun.scenario.name": "The name has 1 to {maximum} characters.",
    "robnrun.scenario.clues": "A scenario has exactly {total} different clues (1-16).",
    "robnrun.scenario.clues_whole": "Clues are whole numbers from 1 to {last}.",
    "robnrun.scenario.forbidden_whole": "Forbidden clues are whole numbers from 1 to {last}.",
    "robnrun.scenario.dealers_whole": "A dealer's quarter is a whole number from 0 to {last} "
                                      "(A, B, C, D).",
    "robnrun.scenario.cubes": "The marked squares hold only yellow, green, white and red "
                              "cubes.",
    "robnrun.scenario.forbidden": "An expert scenario forbids exactly {total} clues.",
    "robnrun.scenario.forbidden_used": "Forbidden clues must not be chosen: {clues}.",
    "robnrun.scenario.dealers": "The 4 dealers stand on the 4 quarters, one each.",
    "robnrun.scenario.station": "A whole number of cubes on the station for every colour (0 or "
                                "more).",
    "robnrun.scenario.squares": "Each of the {total} marked squares holds at least 1 cube.",
    "robnrun.scenario.squares_order": "Toward the airport a square never holds more cubes than "
                                      "the one before.",
    "robnrun.scenario.two_players": "With 2 players the clues {clues} are out of the game: "
                                    "choose another scenario.",
    "robnrun.scenario.unknown": "This scenario is not saved on the box.",
    "robnrun.boss_seat": "The first boss sits on one of the {seats} seats.",
    "robnrun.building_chosen": "The building for this robbery has been chosen.",
    "robnrun.building_unknown": "There is no such building.",
    "robnrun.building_empty": "There is no safe on this building.",
    "robnrun.building_first": "First the boss chooses the building.",
    "robnrun.building_full": "No new safe may go there: the building is empty or full.",
    "robnrun.dealt": "The clues have been dealt.",
    "robnrun.chance_missing": "The clues were not shuffled.",
    "robnrun.safes_fixed": "The safes are fixed: the first cards have been sorted.",
    "robnrun.deal_first": "Deal the clues first.",
    "robnrun.clue_unknown": "The boss does not have this clue.",
    "robnrun.tool_unknown": "There is no such tool.",
    "robnrun.clue_count": "The number on a clue is between 1 and {maximum}.",
    "robnrun.clue_false.need": "Your safes don't need this tool, so the clue would be false. "
                               "Only your phone sees this.",
    "robnrun.clue_false.spare": "Your safes need this tool, so the clue would be false. Only "
                                "your phone sees this.",
    "robnrun.clue_false.kinds.one": "Your safes need 1 type of tool, so the clue would be "
                                    "false. Only your phone sees this.",
    "robnrun.clue_false.kinds.other": "Your safes need {count} different types of tools, so "
                                      "the clue would be false. Only your phone sees this.",
    "robnrun.clue_gold": "A face-down clue costs {price} gold; you have {gold}.",
    "robnrun.exchanged": "Exchanging is allowed once per crew phase.",
    "robnrun.must_play": "Everybody passed: now play a card or exchange.",
    "robnrun.safes_missing": "The boss must enter the safes on their phone first.",
    "robnrun.safes_on_box": "First enter the safes on the box: each needs 3 to 5 tools and 1 to "
                            "3 gold, then “These are the safes”.",
    "robnrun.cards_invalid": "Cards are tools or bags.",
    "robnrun.cards_count.one": "1 card was played: sort exactly that one.",
    "robnrun.cards_count.other": "{count} cards were played: sort exactly that many.",
    "robnrun.no_bags": "There are no bags in a 2-player game.",
    "robnrun.cards_too_many": "There are not that many cards of this kind.",
    "robnrun.place_first.one": "First place 1 new safe on a building.",
    "robnrun.place_first.other": "First place {count} new safes on buildings.",
    "robnrun.dealer_first": "First say how many cubes you buy from the dealer.",
    "robnrun.not_now": "That is not part of this step of the evaluation.",
    "robnrun.placed_all": "Every new safe has been placed.",
    "robnrun.no_dealer": "No dealer is making an offer now.",
    "robnrun.buy_invalid": "A dealer takes 0, 1 or 2 cubes.",
    "robnrun.buy_cubes.one": "Only 1 cube lies on that track.",
    "robnrun.buy_cubes.other": "Only {count} cubes lie on that track.",
    "robnrun.buy_gold": "That costs {price} gold; you have {gold}.",
    "robnrun.note_invalid": "Notes have at most {maximum} characters.",
    "robnrun.boss_only": "The boss (seat {seat}) or the box does that.",
    "robnrun.boss_phone": "Only the boss's phone (seat {seat}) can do that.",
    "robnrun.not_your_turn": "It is seat {seat}'s turn, not yours.",
    "robnrun.notes_phone": "Notes live on your own phone only.",
    "robnrun.phase.prepare": "The robbery is being prepared.",
    "robnrun.phase.clues": "This is the clue phase.",
    "robnrun.phase.crew": "This is the crew phase.",
    "robnrun.phase.alarm": "The boss is sorting the cards.",
    "robnrun.phase.evaluation": "The robbery is being evaluated.",
    "robnrun.phase.won": "The game is won and over.",
    "robnrun.phase.lost": "The game is lost and over.",
    "robnrun.menu.end_game": "Back to the games",
    "robnrun.menu.rob.one": "Rob {building}: 1 safe",
    "robnrun.menu.rob.other": "Rob {building}: {count} safes",
    "robnrun.menu.deal": "Deal the clues",
    "robnrun.menu.start": "Start the robbery",
    "robnrun.action.start": "Start the robbery: clue phase",
    "robnrun.menu.crew": "On to the crew",
    "robnrun.action.crew": "On to the crew phase",
    "robnrun.menu.use_clue": "Use clue {clue}",
    "robnrun.menu.buy_clue": "Buy clue {clue}",
    "robnrun.action.buy_clue": "Buy clue {clue} ({price} gold)",
    "robnrun.menu.play": "Played a card",
    "robnrun.action.play": "Played a card",
    "robnrun.menu.exchange": "Exchanged all",
    "robnrun.action.exchange": "Exchanged all cards",
    "robnrun.menu.pass": "Pass",
    "robnrun.menu.place": "Safe on {building}",
    "robnrun.menu.buy_0": "No cube",
    "robnrun.menu.buy_1": "1 cube: {price} gold",
    "robnrun.menu.buy_2": "2 cubes: {price} gold",
    "robnrun.action.buy_0": "Buy no cube",
    "robnrun.action.buy_1": "Buy 1 cube ({price} gold)",
    "robnrun.action.buy_2": "Buy 2 cubes ({price} gold)",
    "robnrun.menu.next": "Next step",
    "robnrun.menu.openly": "No boss phone…",
    "robnrun.menu.openly_yes": "OK: play openly",
    "robnrun.menu.openly_no": "With a phone",
    "robnrun.menu.add_tool": "+ {tool}",
    "robnrun.menu.safe_gold": "{gold} gold",
    "robnrun.menu.clear_safe": "Clear safe {safe}",
    "robnrun.menu.next_safe": "To safe {safe}",
    "robnrun.menu.enter_safes": "These are the safes",
    "robnrun.key.draft_safes": "one more of it",
    "robnrun.key.page": "next safe",
    "robnrun.menu.add_card": "{index}. {card}",
    "robnrun.menu.clear_cards": "Clear the cards",
    "robnrun.menu.sort": "Sort the cards",
    "robnrun.box_only": "The box does that for a boss without a phone.",
    "robnrun.openly_already": "The boss already plays openly on the box.",
    "robnrun.openly_unasked": "First choose “No boss phone…”: the box then says what "
                              "playing openly means.",
    "robnrun.not_openly": "First choose “Play openly” on the box: the boss (seat {seat}) then "
                          "has no phone, and the safes stand on the box's screen.",
    "robnrun.now.safes_openly": "Now: {boss} plays openly on the box. Enter the tools (3 to 5) "
                                "and the gold (1 to 3) pictured on each safe in the box's menu; "
                                "they stand on its screen. Once every safe is complete, choose "
                                "“These are the safes”: only then does the robbery go on.",
    "robnrun.now.alarm_openly": "Now: {boss} plays openly on the box. Enter each card played "
                                "in the box's menu, then sort: the screen says which lie face "
                                "up and which go onto the alarm stack.",
    "robnrun.tool.card": "security card",
    "robnrun.tool.flashlight": "flashlight",
    "robnrun.tool.stethoscope": "stethoscope",
    "robnrun.tool.acid": "acid",
    "robnrun.tool.dynamite": "dynamite",
    "robnrun.tool.ram": "ram",
    "robnrun.tool.jackhammer": "jackhammer",
    "robnrun.tool.bag": "bag",
    "robnrun.rating.free": "At least you are free!",
    "robnrun.rating.start": "Not bad for a start!",
    "robnrun.rating.living": "Respect, you can make a living!",
    "robnrun.rating.perfect": "Perfect! We have a new challenge for you!",
    "robnrun.example": "Example values: please check them against your box",
    "robnrun.now.rob": "Now: {boss}, the boss, picks a building and puts its safes behind "
                       "the screen, face down. Tap it on the boss's phone or choose it on the "
                       "box.",
    "robnrun.now.safes": "Now: {boss} enters on their own phone the tools (3 to 5) and the gold "
                         "(1 to 3) pictured on each safe. Only the boss sees them.",
    "robnrun.now.deal": "Now: deal the clues (TURN on the box). Lay face up the clues the box "
                        "names; each crew member draws as many tools from the shuffled stack "
                        "as green shows ({green}).",
    "robnrun.now.start": "Now: everything is ready. Start the robbery (TURN on the box); the "
                         "clue phase follows.",
    "robnrun.now.clues": "Now: {boss} uses face-up clues, or buys face-down ones for 3 gold, "
                         "and reads them out. Then on to the crew phase.",
    "robnrun.now.crew": "Now: {turn} plays 1 card face down into the middle, exchanges all "
                        "cards in hand (once per phase) or passes. Say so on the phone or on "
                        "the box.",
    "robnrun.now.crew_forced": "Now: everybody passed in a row. {turn} must play 1 card or "
                               "exchange all cards in hand.",
    "robnrun.now.alarm": "Now: {boss} takes the cards played, taps each one into their phone, "
                         "lays the needed ones face up and the others face down on the alarm "
                         "stack.",
    "robnrun.now.step1": "Now: move the getaway car and take the gold as shown here. Then: "
                         "next step.",
    "robnrun.now.step2": "Now: the cubes of the squares the car reached go onto their alarm "
                         "systems, from the bottom. Then: next step.",
    "robnrun.now.step3": "Now: no new safe to place. Go on with: next step.",
    "robnrun.now.step3_choose": "Now: for each uncracked safe a new one goes onto a building "
                                "holding 1 or 2 safes. Choose the building.",
    "robnrun.now.step4": "Now: move the police as many squares as shown here. Then: next "
                         "step.",
    "robnrun.now.step5": "Now: no dealer stands on the escape route. Go on with: next step.",
    "robnrun.now.step5_choose": "Now: the dealer on the escape route buys up to 2 cubes of its "
                                "colour off you. Decide how many.",
    "robnrun.now.step6": "Now: this robbery's safes leave the game. Then: next step, on to "
                         "the next robbery.",
    "robnrun.now.won": "The game is over. The box takes you back to the games.",
    "robnrun.now.lost": "The game is over. The box takes you back to the games, for a "
                        "rematch.",
}


def _per_colour(lang: str) -> dict[str, str]:
    return {key.format(c=c): template.format(t=_TRACK[lang][c])
            for key, template in _PER_COLOUR[lang].items() for c in COLOURS}


def _colours(lang: str) -> dict[str, str]:
    return {f"robnrun.colour.{c}": _COLOUR[lang][c] for c in COLOURS}


_UNDONE = {
    "de": {"rob": "Gebäude gewählt", "safes": "Tresore eingegeben", "openly": "ohne Boss-Telefon",
           "draft_safes": "Tresor an der Box eingegeben", "draft_cards": "Karte an der Box "
           "eingegeben", "start": "Hinweisphase begonnen", "clue": "Hinweis genutzt",
           "crew": "Komplizenphase begonnen", "pass": "gepasst", "sort": "Karten sortiert",
           "next": "nächster Schritt", "place": "Tresor gelegt", "buy": "Würfel gekauft",
           "mark": "Werkzeug markiert", "note": "Notiz", "deal": "Hinweise ausgeteilt",
           "play": "Karte ausgespielt", "exchange": "alle Karten getauscht"},
    "en": {"rob": "building chosen", "safes": "safes entered", "openly": "no boss phone",
           "draft_safes": "safe entered on the box", "draft_cards": "card entered on the box",
           "start": "clue phase begun", "clue": "clue used", "crew": "crew phase begun",
           "pass": "passed", "sort": "cards sorted", "next": "next step", "place": "safe placed",
           "buy": "cubes bought", "mark": "tool marked", "note": "note",
           "deal": "clues dealt", "play": "card played", "exchange": "all cards exchanged"},
}
"""What the table page says undo took back, by action."""

RULES: Texts = {
    lang: {**sentences, **_per_colour(lang), **_colours(lang),
           **{f"robnrun.undo.{action}": name for action, name in _UNDONE[lang].items()}}
    for lang, sentences in (("de", _GERMAN), ("en", _ENGLISH))
}

TEXTS: Texts = with_rules({lang: {**RULES[lang], **SCREEN[lang], **PHONE[lang],
                                  **GUIDE[lang]} for lang in ("de", "en")}, REFUSALS)
