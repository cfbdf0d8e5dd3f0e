"""Rob 'n Run taught at the table: what the crew does now with the real board, cards, cubes
and gold in every situation of the game, each step explained once with its place in the rule
book, and the checklist before the first robbery."""

from __future__ import annotations

from companion.games.base import JSON, Texts
from companion.games.robnrun.state import RobState, forced

SITUATIONS = ("prepare_building", "prepare_deal", "prepare_safes", "prepare_start", "clues",
              "crew", "crew_forced", "alarm", "evaluation_1", "evaluation_2", "evaluation_3",
              "evaluation_4", "evaluation_5", "evaluation_6", "won", "lost")
"""Every situation the game can be in, in the order a game meets them."""
STEPS = {"prepare_building": "prepare", "prepare_deal": "prepare", "prepare_safes": "safes",
         "prepare_start": "safes", "clues": "clues", "crew": "crew", "crew_forced": "crew",
         "alarm": "alarm", "evaluation_1": "loot", "evaluation_2": "cubes",
         "evaluation_3": "new_safes", "evaluation_4": "police", "evaluation_5": "dealer",
         "evaluation_6": "new_safes", "won": "end", "lost": "end"}
"""The step each situation belongs to: explained the first time it comes."""
SETUP = ("board", "station", "route", "car", "quarters", "dealers", "tool_stack",
         "tool_stack_two", "clues", "gold", "screen")
"""The checklist before the first robbery, in the order the group works through it."""
REFUSALS = {
    "robnrun.safes_copies": "robnrun.guide.rule.tools",
    "robnrun.cards_too_many": "robnrun.guide.rule.tools",
    "robnrun.clue_gold": "robnrun.guide.rule.clue_gold",
    "robnrun.clue_false.need": "robnrun.guide.rule.clue_text",
    "robnrun.clue_false.spare": "robnrun.guide.rule.clue_text",
    "robnrun.clue_false.kinds": "robnrun.guide.rule.clue_text",
    "robnrun.no_bags": "robnrun.guide.rule.two_players",
    "robnrun.building_full": "robnrun.guide.rule.new_safes",
    "robnrun.buy_cubes": "robnrun.guide.rule.dealer",
    "robnrun.exchanged": "robnrun.guide.rule.exchange",
    "robnrun.must_play": "robnrun.guide.rule.passed",
    "robnrun.building_first": "robnrun.guide.rule.prepare",
    "robnrun.deal_first": "robnrun.guide.rule.prepare",
    "robnrun.cards_count": "robnrun.guide.rule.sort",
}
"""Refusals of what the rules make impossible, each with the rule that says so: the
refusal's sentence ends with it."""


def situation(state: RobState) -> str:
    """The situation ``state`` is in (one of ``SITUATIONS``)."""
    if state.phase == "prepare":
        return _prepare(state)
    if state.phase == "crew":
        return "crew_forced" if forced(state) else "crew"
    if state.phase == "evaluation" and state.evaluation is not None:
        return f"evaluation_{state.evaluation.step}"
    return state.phase


def _prepare(state: RobState) -> str:
    robbery = state.robbery
    if robbery.building is None:
        return "prepare_building"
    if not robbery.dealt:
        return "prepare_deal"
    return "prepare_start" if robbery.safes else "prepare_safes"


def concerns(state: RobState) -> int | None:
    """The seat the situation's step concerns: the boss as they prepare, give clues and sort
    the alarm, the crew member on turn; None: the whole gang (the evaluation, the end)."""
    if state.phase in ("prepare", "clues", "alarm"):
        return state.robbery.boss
    return state.robbery.turn if state.phase == "crew" else None


def setup(state: RobState) -> tuple[str, ...]:
    """The checklist's items: without bags for two players."""
    stack = "tool_stack_two" if state.seats == 2 else "tool_stack"
    return tuple(item for item in SETUP
                 if item not in ("tool_stack", "tool_stack_two") or item == stack)


def setup_params(state: RobState) -> dict[str, JSON]:
    """The numbers the checklist names: the station's side, its cubes, gold, the scenario's
    clues and how far the police start behind the car."""
    return {"seats": state.seats, **{colour: count for colour, count in state.station.items()},
            "gold": state.gold, "scenario": state.scenario.name,
            "clues": ", ".join(map(str, state.scenario.clues)), "spare": state.spare,
            "count": state.car - state.police}


GUIDE: Texts = {
    "de": {
        "robnrun.guide.now.prepare_building": "Der Boss wählt ein Gebäude und legt alle "
                                              "seine Tresore geheim hinter den Sichtschirm.",
        "robnrun.guide.now.prepare_deal": "Werkzeugstapel mischen; der Boss mischt seine 6 "
                                          "Hinweiskarten. Dann an der Box austeilen.",
        "robnrun.guide.now.prepare_safes": "Hinweise offen auslegen und Werkzeuge austeilen, "
                                           "wie die Box zeigt. Der Boss gibt die Tresore "
                                           "geheim ein.",
        "robnrun.guide.now.prepare_start": "Alles liegt bereit: Der Boss startet den Raub.",
        "robnrun.guide.now.clues": "Der Boss spielt offene Hinweise (oder kauft verdeckte für "
                                   "3 Gold) und gibt dann die Komplizen frei.",
        "robnrun.guide.now.crew": "Wer dran ist: 1 Karte verdeckt in die Mitte spielen, alle "
                                  "Karten tauschen oder passen.",
        "robnrun.guide.now.crew_forced": "Alle haben gepasst: Wer jetzt dran ist, muss eine "
                                         "Karte spielen oder tauschen.",
        "robnrun.guide.now.alarm": "Der Boss sortiert: Passendes offen, Falsches verdeckt "
                                   "auf den Alarmstapel, Taschen offen.",
        "robnrun.guide.now.evaluation_1": "Gold für jeden geknackten Tresor in die Beute, das "
                                          "Fluchtauto 1 Feld je Tresor vor.",
        "robnrun.guide.now.evaluation_2": "Die Alarmwürfel der erreichten Felder auf die "
                                          "gleichfarbige Alarmanlage der Wache, von unten.",
        "robnrun.guide.now.evaluation_3": "Für jeden nicht geknackten Tresor einen neuen vom "
                                          "Stapel auf ein Gebäude legen.",
        "robnrun.guide.now.evaluation_4": "Den Polizisten so viele Felder vorziehen, wie die "
                                          "Box zeigt.",
        "robnrun.guide.now.evaluation_5": "Der Informant auf dem Fluchtweg: 1 oder 2 Würfel "
                                          "seiner Farbe abkaufen, oder nicht. Dann geht er.",
        "robnrun.guide.now.evaluation_6": "Die alten Tresore aus dem Spiel nehmen; der nächste "
                                          "Boss ist links.",
        "robnrun.guide.now.won": "Entkommen! Das Fluchtauto hat den Flughafen erreicht.",
        "robnrun.guide.now.lost": "Geschnappt: Die Polizei hat das Fluchtauto eingeholt.",
        "robnrun.guide.step.prepare": "Jeder Raub beginnt mit einem neuen Boss, reihum. Er "
                                      "wählt ein Gebäude und nimmt alle Tresore darauf nur für "
                                      "sich hinter den Sichtschirm; war es der letzte Tresor "
                                      "des Viertels, kommt dessen Informant auf den Fluchtweg. "
                                      "Die Komplizen sehen die Tresore nie.",
        "robnrun.guide.step.safes": "Die gelbe Alarmanlage sagt, wie viele der 6 Hinweise "
                                    "offen liegen, die grüne, wie viele Werkzeuge jeder "
                                    "Komplize bekommt; die Box liest beide ab. Der Boss gibt "
                                    "die Werkzeuge auf seinen Tresoren geheim am Telefon ein, "
                                    "damit die Box später rechnen kann.",
        "robnrun.guide.step.clues": "Nur über Hinweise darf der Boss den Komplizen etwas "
                                    "sagen: Er spielt offene Hinweiskarten genau nach ihrem "
                                    "Text und dreht sie danach um. Verdeckte kosten 3 Gold aus "
                                    "der Beute. Er darf auch ganz darauf verzichten.",
        "robnrun.guide.step.crew": "Links vom Boss beginnend spielen die Komplizen reihum "
                                   "verdeckt Karten, bis so viele liegen, wie die weiße "
                                   "Alarmanlage verlangt. Wer dran ist, spielt eine Karte, "
                                   "tauscht einmal alle oder passt; passen alle nacheinander, "
                                   "muss der Nächste spielen oder tauschen. Über Karten wird "
                                   "nicht geredet.",
        "robnrun.guide.step.alarm": "Der Boss legt benötigte Werkzeuge offen aus und alle "
                                    "anderen verdeckt auf den Alarmstapel; für jede Sporttasche "
                                    "ziehen die Komplizen nach. Sind alle Werkzeuge da oder "
                                    "liegen mehr Karten im Alarmstapel, als die rote "
                                    "Alarmanlage erlaubt, endet der Raub; sonst folgt eine neue "
                                    "Runde.",
        "robnrun.guide.step.loot": "Nach dem Raub wird in sechs Schritten ausgewertet, die Box "
                                   "geht sie mit euch durch. Zuerst bringt jeder geknackte "
                                   "Tresor sein Gold und 1 Feld Vorsprung für das Fluchtauto.",
        "robnrun.guide.step.cubes": "Alarmwürfel auf den Feldern, die das Fluchtauto erreicht, "
                                    "kommen auf die Alarmanlage ihrer Farbe, von unten an. Sie "
                                    "verdecken Zahlen: Der nächste Raub wird schwerer.",
        "robnrun.guide.step.new_safes": "Für jeden nicht geknackten Tresor kommt ein neuer vom "
                                        "Stapel auf ein Gebäude, das nicht leer ist und weniger "
                                        "als 3 hat. Am Ende gehen die Tresore des Raubs aus dem "
                                        "Spiel.",
        "robnrun.guide.step.police": "Die Polizei zieht immer 1 Feld, dazu 1 je nicht "
                                     "geknacktem Tresor und 1, wenn der rote Alarm losging. "
                                     "Die Box zählt die Felder und zeigt, wo der Polizist "
                                     "jetzt steht.",
        "robnrun.guide.step.dealer": "Steht ein Informant auf dem Fluchtweg, kann man ihm 1 "
                                     "oder 2 Würfel seiner Farbe von der Wache abkaufen (Grün "
                                     "und Weiß 2 und 3 Gold, Rot und Gelb 3 und 4). Danach "
                                     "verlässt er das Spiel.",
        "robnrun.guide.step.end": "Holt die Polizei das Fluchtauto am Ende einer Auswertung "
                                  "ein, habt ihr verloren, auch auf einem Terminal. Erreicht "
                                  "das Auto ein Terminal, ohne eingeholt zu werden, habt ihr "
                                  "gewonnen; das Gold ergibt die Bewertung.",
        "robnrun.guide.ref.prepare": "Spielregel, Abschnitt „Vorbereitung eines Raubes“",
        "robnrun.guide.ref.safes": "Spielregel, Abschnitte „Vorbereitung eines Raubes“ und "
                                   "„Die Alarmanlagen“",
        "robnrun.guide.ref.clues": "Spielregel, Abschnitt „1. Hinweisphase“",
        "robnrun.guide.ref.crew": "Spielregel, Abschnitt „2. Komplizenphase“",
        "robnrun.guide.ref.alarm": "Spielregel, Abschnitt „3. Alarmphase“",
        "robnrun.guide.ref.loot": "Spielregel, Abschnitt „Auswertung eines Raubes“, Schritt 1",
        "robnrun.guide.ref.cubes": "Spielregel, Abschnitt „Auswertung eines Raubes“, Schritt 2",
        "robnrun.guide.ref.new_safes": "Spielregel, Abschnitt „Auswertung eines Raubes“, "
                                       "Schritte 3 und 6",
        "robnrun.guide.ref.police": "Spielregel, Abschnitt „Auswertung eines Raubes“, "
                                    "Schritt 4",
        "robnrun.guide.ref.dealer": "Spielregel, Abschnitte „Auswertung eines Raubes“, "
                                    "Schritt 5, und „Spielelemente“",
        "robnrun.guide.ref.end": "Spielregel, Abschnitt „Spielende“",
        "robnrun.guide.setup.board": "Den Fluchtweg in die Mitte legen, die 4 Stadtviertel "
                                     "darum herum.",
        "robnrun.guide.setup.station": "Polizeiwache, Seite für {seats} Spieler. Würfel von "
                                       "unten: Gelb {yellow}, Grün {green}, Weiß {white}, Rot "
                                       "{red}.",
        "robnrun.guide.setup.route": "Die Würfel des Szenarios „{scenario}“ auf die 5 "
                                     "markierten Felder des Fluchtwegs legen.",
        "robnrun.guide.setup.car.one": "Das Fluchtauto auf sein Startfeld, den Polizisten 1 "
                                       "Feld dahinter.",
        "robnrun.guide.setup.car.other": "Das Fluchtauto auf sein Startfeld, den Polizisten "
                                         "{count} Felder dahinter.",
        "robnrun.guide.setup.quarters": "Die 70 Tresore mischen und auf die Gebäude legen, wie "
                                        "die Tischseite zeigt; {spare} daneben als Stapel.",
        "robnrun.guide.setup.dealers": "Die 4 Informanten (hinter den Hydranten) in ihre "
                                       "Viertel stellen, wie das Szenario sagt.",
        "robnrun.guide.setup.tool_stack": "Die 61 Werkzeugkarten (56 Werkzeuge und 5 "
                                          "Sporttaschen) mischen, die Mülltonne daneben.",
        "robnrun.guide.setup.tool_stack_two": "Die 56 Werkzeuge ohne die Sporttaschen mischen, "
                                              "die Mülltonne daneben. Zu zweit zieht der "
                                              "Komplize am Ende jeder Komplizenphase so viele "
                                              "Werkzeuge nach, wie er gespielt hat.",
        "robnrun.guide.setup.clues": "Die 6 Hinweiskarten des Szenarios bereitlegen: {clues}.",
        "robnrun.guide.setup.gold": "{gold} Goldbarren als Beute in die Mitte, die übrigen "
                                    "daneben.",
        "robnrun.guide.setup.screen": "Den Sichtschirm für den Boss aufstellen, die 7 "
                                      "Werkzeuge mit Namen an den Rand.",
        "robnrun.guide.rule.tools": "Die Regel: Es gibt 7 verschiedene Werkzeuge, jedes 8-mal "
                                    "im Werkzeugstapel (Spielregel, Abschnitt "
                                    "„Spielelemente“).",
        "robnrun.guide.rule.clue_text": "Die Regel: Beim Ausspielen der Hinweise hält der "
                                        "Boss sich an den Text der Karte (Spielregel, "
                                        "Abschnitt „1. Hinweisphase“).",
        "robnrun.guide.rule.clue_gold": "Die Regel: Ein verdeckter Hinweis kostet 3 Gold aus "
                                        "der Beute (Spielregel, Abschnitt „1. Hinweisphase“).",
        "robnrun.guide.rule.two_players": "Die Regel: Zu zweit wird ohne Sporttaschen "
                                          "gespielt; der Komplize zieht dafür am Ende der "
                                          "Komplizenphase nach (Spielregel, Abschnitt "
                                          "„Sonderregeln für 2 Spieler“).",
        "robnrun.guide.rule.new_safes": "Die Regel: Neue Tresore kommen nie auf ein leeres "
                                        "Gebäude, und auf keinem liegen mehr als 3 "
                                        "(Spielregel, Abschnitt „Auswertung eines Raubes“, "
                                        "Schritt 3).",
        "robnrun.guide.rule.dealer": "Die Regel: Mit dem Informanten kaufen die Räuber 1 oder "
                                     "2 Würfel seiner Farbe von der Polizeiwache weg, nur "
                                     "solche, die dort liegen (Spielregel, Abschnitt "
                                     "„Auswertung eines Raubes“, Schritt 5).",
        "robnrun.guide.rule.exchange": "Die Regel: Jeder Komplize darf seine Handkarten nur "
                                       "einmal je Komplizenphase tauschen (Spielregel, "
                                       "Abschnitt „2. Komplizenphase“).",
        "robnrun.guide.rule.passed": "Die Regel: Haben alle Komplizen nacheinander gepasst, "
                                     "muss der nächste eine Karte spielen oder tauschen "
                                     "(Spielregel, Abschnitt „2. Komplizenphase“).",
        "robnrun.guide.rule.prepare": "Die Regel: Zuerst wählt der Boss das Gebäude und nimmt "
                                      "dessen Tresore, dann werden Hinweise und Werkzeuge "
                                      "verteilt (Spielregel, Abschnitt „Vorbereitung eines "
                                      "Raubes“).",
        "robnrun.guide.rule.sort": "Die Regel: In der Alarmphase sortiert der Boss genau die "
                                   "Karten, die die Komplizen eben gespielt haben "
                                   "(Spielregel, Abschnitt „3. Alarmphase“).",
    },
    "en": {
        "robnrun.guide.now.prepare_building": "The boss picks a building and puts all its "
                                              "safes behind the screen in secret.",
        "robnrun.guide.now.prepare_deal": "Shuffle the tool stack; the boss shuffles their 6 "
                                          "clue cards. Then deal on the box.",
        "robnrun.guide.now.prepare_safes": "Lay clues face up and deal tools as the box shows. "
                                           "The boss enters the safes in secret.",
        "robnrun.guide.now.prepare_start": "Everything is ready: the boss starts the robbery.",
        "robnrun.guide.now.clues": "The boss plays face-up clues (or buys hidden ones for 3 "
                                   "gold), then lets the crew go.",
        "robnrun.guide.now.crew": "On your turn: play 1 card face down into the middle, "
                                  "exchange all your cards, or pass.",
        "robnrun.guide.now.crew_forced": "Everyone passed: whoever is on turn now must play a "
                                         "card or exchange.",
        "robnrun.guide.now.alarm": "The boss sorts: needed tools face up in rows, wrong ones "
                                   "face down on the alarm stack, bags open.",
        "robnrun.guide.now.evaluation_1": "Gold for every cracked safe into the loot, the "
                                          "getaway car 1 square ahead per safe.",
        "robnrun.guide.now.evaluation_2": "The alarm cubes of the squares reached go onto the "
                                          "station's track of their colour, from the bottom.",
        "robnrun.guide.now.evaluation_3": "For every uncracked safe, put a new one from the "
                                          "stack onto a building.",
        "robnrun.guide.now.evaluation_4": "Move the police officer as many squares as the box "
                                          "shows.",
        "robnrun.guide.now.evaluation_5": "The dealer on the escape route: buy 1 or 2 cubes of "
                                          "its colour, or not. Then it leaves.",
        "robnrun.guide.now.evaluation_6": "Take the old safes out of the game; the next boss "
                                          "sits on the left.",
        "robnrun.guide.now.won": "Got away! The getaway car reached the airport.",
        "robnrun.guide.now.lost": "Busted: the police caught up with the getaway car.",
        "robnrun.guide.step.prepare": "Every robbery starts with a new boss, clockwise. The boss "
                                      "picks a building and takes all its safes behind the "
                                      "screen, for their eyes only; if it was the quarter's "
                                      "last safe, its dealer goes onto the escape route. The "
                                      "crew never sees the safes.",
        "robnrun.guide.step.safes": "The yellow alarm says how many of the 6 clues lie face "
                                    "up, the green one how many tools each crew member gets; "
                                    "the box reads both. The boss enters the tools on their "
                                    "safes on their phone in secret, so the box can do the "
                                    "sums later.",
        "robnrun.guide.step.clues": "Clues are the only way the boss may tell the crew "
                                    "anything: they play face-up clue cards exactly as printed "
                                    "and turn them over afterwards. Hidden ones cost 3 gold "
                                    "from the loot. The boss may also skip them.",
        "robnrun.guide.step.crew": "From the boss's left, the crew take turns playing cards "
                                   "face down until the white alarm's number lies there. On "
                                   "your turn: play a card, swap your hand once, or pass; after "
                                   "all pass in a row, the next must play or swap. Nobody talks "
                                   "about cards.",
        "robnrun.guide.step.alarm": "The boss lays needed tools face up and all others face "
                                    "down on the alarm stack; for every bag the crew members "
                                    "draw. When every tool is there, or the alarm stack holds "
                                    "more cards than the red alarm allows, the robbery ends; "
                                    "otherwise a new round follows.",
        "robnrun.guide.step.loot": "After a robbery comes a six-step evaluation; the box walks "
                                   "you through it. First every cracked safe brings its gold "
                                   "and 1 square of lead for the getaway car.",
        "robnrun.guide.step.cubes": "Alarm cubes on the squares the getaway car reaches go onto "
                                    "the track of their colour, from the bottom. They cover "
                                    "numbers: the next robbery gets harder.",
        "robnrun.guide.step.new_safes": "For every uncracked safe a new one from the stack goes "
                                        "onto a building that is not empty and holds fewer "
                                        "than 3. At the end the robbery's safes leave the game.",
        "robnrun.guide.step.police": "The police always move 1 square, plus 1 per uncracked "
                                     "safe and 1 if the red alarm went off. The box counts the "
                                     "squares and shows where the officer stands now.",
        "robnrun.guide.step.dealer": "If a dealer stands on the escape route, you may buy 1 or "
                                     "2 cubes of its colour off the station (green and white "
                                     "2 and 3 gold, red and yellow 3 and 4). Then it leaves the "
                                     "game.",
        "robnrun.guide.step.end": "If the police catch the getaway car at the end of an "
                                  "evaluation, you lose, even on a terminal. If the car reaches "
                                  "a terminal without being caught, you win; your gold gives "
                                  "the rating.",
        "robnrun.guide.ref.prepare": "Rule book, section “Preparation of a robbery”",
        "robnrun.guide.ref.safes": "Rule book, sections “Preparation of a robbery” and “The "
                                   "alarm systems”",
        "robnrun.guide.ref.clues": "Rule book, section “1. Clue phase”",
        "robnrun.guide.ref.crew": "Rule book, section “2. Crew phase”",
        "robnrun.guide.ref.alarm": "Rule book, section “3. Alarm phase”",
        "robnrun.guide.ref.loot": "Rule book, section “Evaluation of the robbery”, step 1",
        "robnrun.guide.ref.cubes": "Rule book, section “Evaluation of the robbery”, step 2",
        "robnrun.guide.ref.new_safes": "Rule book, section “Evaluation of the robbery”, steps 3 "
                                       "and 6",
        "robnrun.guide.ref.police": "Rule book, section “Evaluation of the robbery”, step 4",
        "robnrun.guide.ref.dealer": "Rule book, sections “Evaluation of the robbery”, step 5, "
                                    "and “Dealer (hidden behind the hydrants)”",
        "robnrun.guide.ref.end": "Rule book, section “Game end”",
        "robnrun.guide.setup.board": "Put the escape route in the middle, the 4 quarters around "
                                     "it.",
        "robnrun.guide.setup.station": "Police station, side for {seats} players. Cubes from "
                                       "the bottom: yellow {yellow}, green {green}, white "
                                       "{white}, red {red}.",
        "robnrun.guide.setup.route": "Put the cubes of the scenario “{scenario}” on the 5 "
                                     "marked squares of the escape route.",
        "robnrun.guide.setup.car.one": "The getaway car on its start square, the police officer "
                                       "1 square behind it.",
        "robnrun.guide.setup.car.other": "The getaway car on its start square, the police "
                                         "officer {count} squares behind it.",
        "robnrun.guide.setup.quarters": "Shuffle the 70 safes and put them on the buildings as "
                                        "the table page shows; {spare} beside them as a stack.",
        "robnrun.guide.setup.dealers": "Put the 4 dealers (behind the hydrants) in their "
                                       "quarters, as the scenario says.",
        "robnrun.guide.setup.tool_stack": "Shuffle the 61 tool cards (56 tools and 5 bags), "
                                          "the rubbish bin beside them.",
        "robnrun.guide.setup.tool_stack_two": "Shuffle the 56 tools without the bags, the "
                                              "rubbish bin beside them. With two players the "
                                              "crew member draws as many tools as they played "
                                              "at the end of every crew phase.",
        "robnrun.guide.setup.clues": "Have the scenario's 6 clue cards ready: {clues}.",
        "robnrun.guide.setup.gold": "{gold} gold bars as loot in the middle, the rest beside "
                                    "them.",
        "robnrun.guide.setup.screen": "Set up the boss's screen; the 7 named tools go at the "
                                      "side.",
        "robnrun.guide.rule.tools": "The rule: there are 7 different tools, each 8 times in "
                                    "the tool stack (Rule book, section “Game elements”).",
        "robnrun.guide.rule.clue_text": "The rule: the boss plays each clue exactly as its "
                                        "text says (Rule book, section “1. Clue phase”).",
        "robnrun.guide.rule.clue_gold": "The rule: a face-down clue costs 3 gold from the "
                                        "pickings (Rule book, section “1. Clue phase”).",
        "robnrun.guide.rule.two_players": "The rule: two players play without the bags; "
                                          "instead the crew member draws at the end of the "
                                          "crew phase (Rule book, section “Special rules for "
                                          "2 players”).",
        "robnrun.guide.rule.new_safes": "The rule: new safes never go on an empty building, "
                                        "and no building holds more than 3 (Rule book, "
                                        "section “Evaluation of the robbery”, step 3).",
        "robnrun.guide.rule.dealer": "The rule: with the dealer the robbers buy 1 or 2 cubes "
                                     "of its colour off the police station, only cubes lying "
                                     "there (Rule book, section “Evaluation of the robbery”, "
                                     "step 5).",
        "robnrun.guide.rule.exchange": "The rule: each crew member may exchange their hand "
                                       "only once per crew phase (Rule book, section “2. Crew "
                                       "phase”).",
        "robnrun.guide.rule.passed": "The rule: once all crew members have passed in a row, "
                                     "the next must play a card or exchange (Rule book, "
                                     "section “2. Crew phase”).",
        "robnrun.guide.rule.prepare": "The rule: first the boss chooses the building and "
                                      "takes its safes, then the clues and tools are dealt "
                                      "(Rule book, section “Preparation of a robbery”).",
        "robnrun.guide.rule.sort": "The rule: in the alarm phase the boss sorts exactly the "
                                   "cards the crew has just played (Rule book, section “3. "
                                   "Alarm phase”).",
    },
}
