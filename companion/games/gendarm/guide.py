"""Räuber und Gendarm taught at the table: what the two players do now with the real board,
pieces, chips and die in every situation of the game, each step explained once with its place
in the rule book, and the checklist before the first move."""

from __future__ import annotations

from companion.games.base import JSON, Texts
from companion.games.gendarm.state import GendarmState, top

SITUATIONS = ("start", "start_table", "deal", "deal_chips", "move", "move_safe", "choose",
              "hide", "must_leave", "duty", "removal", "moved", "over_capture",
              "over_depletion")
"""Every situation the game can be in, in the order a game meets them."""
STEPS = {"start": "start", "start_table": "start", "deal": "catcher", "deal_chips": "catcher",
         "move": "move", "move_safe": "out_of_danger", "choose": "decision",
         "hide": "hideout", "must_leave": "hideout", "duty": "duty_roll",
         "removal": "duty_roll", "moved": "move", "over_capture": "end",
         "over_depletion": "end"}
"""The step each situation belongs to: explained the first time it comes."""
SETUP = ("board", "pieces", "pieces_level3", "chips", "die")
"""The checklist before the first move, in the order the players work through it."""
REFUSALS = {
    "gendarm.catcher_range": "gendarm.guide.rule.chips",
    "gendarm.gendarme_unknown": "gendarm.guide.rule.gendarmes",
    "gendarm.die_invalid": "gendarm.guide.rule.die",
    "gendarm.start_roll_invalid": "gendarm.guide.rule.die",
    "gendarm.start_roll_tie": "gendarm.guide.rule.start",
    "gendarm.wrong_catcher": "gendarm.guide.rule.catch",
    "gendarm.keep_catcher": "gendarm.guide.rule.duty",
    "gendarm.gendarme_out": "gendarm.guide.rule.duty",
    "gendarm.roll_first": "gendarm.guide.rule.roll_first",
    "gendarm.remove_first": "gendarm.guide.rule.duty",
    "gendarm.turn_used": "gendarm.guide.rule.one_move",
    "gendarm.hide_roll": "gendarm.guide.rule.hide_roll",
    "gendarm.one_hidden": "gendarm.guide.rule.one_hidden",
    "gendarm.hide_safe": "gendarm.guide.rule.hide_safe",
    "gendarm.leave_first": "gendarm.guide.rule.leave",
    "gendarm.hideout_unknown": "gendarm.guide.rule.hideouts",
    "gendarm.hideout_taken": "gendarm.guide.rule.hideouts",
    "gendarm.no_hideout": "gendarm.guide.rule.hideouts",
}
"""Refusals of what the rules make impossible, each with the rule that says so: the
refusal's sentence ends with it."""


def situation(state: GendarmState) -> str:
    """The situation ``state`` is in (one of ``SITUATIONS``)."""
    settings = state.settings
    if state.phase == "start":
        return "start_table" if settings.dice == "table" else "start"
    if state.phase == "deal":
        return "deal_chips" if settings.catchers == "chips" else "deal"
    if state.phase == "over":
        return "over_depletion" if state.reason == "depletion" else "over_capture"
    return _turn(state)


def _turn(state: GendarmState) -> str:
    step = state.step
    if step.duty or step.removal:
        return "duty" if step.duty else "removal"
    if step.moved:
        return "moved"
    if state.must_leave == state.turn:
        return "must_leave"
    if step.rolled:
        return "hide"
    if state.settings.level == 3:
        return "choose"
    return "move_safe" if state.settings.level == 2 else "move"


def concerns(state: GendarmState) -> int | None:
    """The seat the situation's step concerns: the player on turn; None: both players (the
    start, the catchers, the end)."""
    return None if state.phase in ("start", "deal", "over") else state.turn


def setup(state: GendarmState) -> tuple[str, ...]:
    """The checklist's items for this game's level."""
    pieces = "pieces_level3" if state.settings.level == 3 else "pieces"
    return ("board", pieces, "chips", "die")


def setup_params(state: GendarmState) -> dict[str, JSON]:
    """The numbers the checklist names: the highest gendarme and chip."""
    return {"top": top(state.settings)}


GUIDE: Texts = {
    "de": {
        "gendarm.guide.now.start": "Wer beginnt? Die Box würfelt für beide: Die höhere Zahl "
                                   "fängt an.",
        "gendarm.guide.now.start_table": "Wer beginnt? Beide würfeln mit dem Würfel, die "
                                         "höhere Zahl fängt an. Das Ergebnis an der Box "
                                         "eingeben.",
        "gendarm.guide.now.deal": "Die Box lost jedem seinen Fänger aus: Jeder schaut "
                                  "geheim auf sein Telefon.",
        "gendarm.guide.now.deal_chips": "Jeder zieht geheim einen Zahlenchip und gibt ihn am "
                                        "Telefon ein, oder legt ihn verdeckt hin.",
        "gendarm.guide.now.move": "Eine Figur ziehen: 1 Feld in jede Richtung, oder über "
                                  "Figuren springen. Dann den Zug beenden.",
        "gendarm.guide.now.move_safe": "Ziehen oder springen. Räuber auf der gegnerischen "
                                       "Startreihe? „Außer Gefahr“ melden. Dann den Zug beenden.",
        "gendarm.guide.now.choose": "Entweder eine Figur ziehen, oder einmal würfeln: Bei 1 "
                                    "oder 6 darf ein Räuber ins Versteck.",
        "gendarm.guide.now.hide": "1 oder 6 gewürfelt: Einen Räuber in ein freies Versteck "
                                  "stellen und es der Box sagen, oder den Zug beenden.",
        "gendarm.guide.now.must_leave": "Das zweite Versteck ist besetzt: Dein versteckter "
                                        "Räuber muss jetzt heraus ziehen.",
        "gendarm.guide.now.duty": "Dein Räuber ist außer Gefahr: Vor dem Zug würfeln. Bei "
                                  "einer ungeraden Zahl muss ein Gendarm vom Brett.",
        "gendarm.guide.now.removal": "Ungerade gewürfelt: Einen eigenen Gendarm (nicht den "
                                     "Fänger) vom Brett nehmen und der Box sagen, welchen.",
        "gendarm.guide.now.moved": "Der Zug ist gemeldet. Mit TURN ist der andere dran.",
        "gendarm.guide.now.over_capture": "Gefangen! Das Spiel ist aus. Für eine Revanche alle "
                                          "Figuren zurück auf die Startreihen.",
        "gendarm.guide.now.over_depletion": "Nur der Fänger ist noch übrig: Das Spiel ist aus. "
                                            "Figuren zurück auf die Startreihen für eine "
                                            "Revanche.",
        "gendarm.guide.step.start": "Bevor es losgeht, würfeln beide einmal; wer höher "
                                    "würfelt, beginnt, bei Gleichstand wird noch einmal "
                                    "gewürfelt. Danach zieht ihr abwechselnd.",
        "gendarm.guide.step.catcher": "Jeder hat einen geheimen Fänger: Nur der Gendarm mit "
                                      "dieser Nummer darf den gegnerischen Räuber fangen. Ihr "
                                      "verratet die Nummer nicht; die Box hält sie auf eurem "
                                      "Telefon verborgen und zeigt sie erst beim Fang.",
        "gendarm.guide.step.move": "Jede Figur zieht 1 Feld weit in jede Richtung, auch "
                                   "schräg, oder springt über eine oder mehrere Figuren in "
                                   "einer Reihe auf das freie Feld direkt dahinter; bei "
                                   "Kettensprüngen darf man die Richtung wechseln. Fangen: Der "
                                   "Fänger zieht oder springt auf das Feld des Räubers; das "
                                   "meldet man am Telefon oder an der Box.",
        "gendarm.guide.step.out_of_danger": "Erreicht ein Räuber die Startreihe des Gegners, "
                                            "kann er nicht mehr gefangen werden: Das meldet man "
                                            "der Box. Der andere Räuber muss dann im Spiel "
                                            "bleiben und ist auch dort nicht geschützt.",
        "gendarm.guide.step.duty_roll": "Wessen Räuber außer Gefahr ist, muss vor jedem Zug "
                                        "würfeln. Bei einer ungeraden Zahl nimmt er einen "
                                        "eigenen Gendarm vom Brett, nie den Fänger; bleibt "
                                        "nur der Fänger übrig, hat er verloren.",
        "gendarm.guide.step.decision": "In Stufe 3 hat jeder zwei Räuber. Wer dran ist, zieht "
                                       "entweder eine Figur oder würfelt einmal; bei 1 oder 6 "
                                       "darf ein Räuber in ein freies Versteck, sonst verfällt "
                                       "der Zug.",
        "gendarm.guide.step.hideout": "Ein Räuber im Versteck kann nicht gefangen werden; ein "
                                      "leeres Versteck darf kein Gendarm betreten oder "
                                      "überspringen. Jeder hat höchstens einen Räuber "
                                      "versteckt, und keinen, solange sein anderer außer Gefahr "
                                      "ist; solange einer versteckt ist, betritt der andere die "
                                      "gegnerische Startreihe nicht. Besetzt der Gegner das "
                                      "zweite Versteck, muss der erste Räuber beim nächsten Zug "
                                      "heraus.",
        "gendarm.guide.step.end": "Das Spiel endet mit dem Fang (in Stufe 3: beider Räuber), "
                                  "oder wenn jemand nur noch den Fänger hat. Die Box zeigt "
                                  "beide Fängernummern.",
        "gendarm.guide.ref.start": "Spielanleitung, Abschnitt „3. Spielvorbereitung“",
        "gendarm.guide.ref.catcher": "Spielanleitung, Abschnitt „4. Spielverlauf“",
        "gendarm.guide.ref.move": "Spielanleitung, Abschnitt „4. Spielverlauf“, „Ziehen der "
                                  "Spielsteine“ und „Den Räuber fangen“",
        "gendarm.guide.ref.out_of_danger": "Spielanleitung, Abschnitt „6. "
                                           "Schwierigkeitsstufe 2“, „Außer Gefahr“",
        "gendarm.guide.ref.duty_roll": "Spielanleitung, Abschnitt „6. Schwierigkeitsstufe 2“, "
                                       "„Abzug der Gendarme“",
        "gendarm.guide.ref.decision": "Spielanleitung, Abschnitt „7. Schwierigkeitsstufe 3“, "
                                      "„Entscheidung“",
        "gendarm.guide.ref.hideout": "Spielanleitung, Abschnitt „7. Schwierigkeitsstufe 3“, "
                                     "„Das Versteck“",
        "gendarm.guide.ref.end": "Spielanleitung, Abschnitt „5. Spielende“",
        "gendarm.guide.setup.board": "Das Brett zwischen euch legen, die schmale Seite (7 "
                                     "Felder) vor jedem: Das ist seine Startreihe.",
        "gendarm.guide.setup.pieces": "Jeder wählt eine Farbe und stellt 1 Räuber und die "
                                      "Gendarme 1 bis 6 beliebig auf die eigene Startreihe.",
        "gendarm.guide.setup.pieces_level3": "Jeder stellt 2 Räuber und Gendarm 1 bis 5 auf "
                                             "seine Startreihe; Gendarm 6 und Chip 6 ruhen.",
        "gendarm.guide.setup.chips": "Die Zahlenchips 1 bis {top} verdeckt bereitlegen (lost "
                                     "die Box die Fänger aus, bleiben sie in der Schachtel).",
        "gendarm.guide.setup.die": "Den Würfel bereitlegen (würfelt die Box, braucht ihr ihn "
                                   "nicht).",
        "gendarm.guide.rule.chips": "Die Regel: Die Zahlenchips tragen die Nummern der "
                                    "eigenen Gendarme, 1 bis 6, auf Stufe 3 ohne die 6 "
                                    "(Spielanleitung, Abschnitte „4. Spielverlauf“ und „7. "
                                    "Schwierigkeitsstufe 3“).",
        "gendarm.guide.rule.gendarmes": "Die Regel: Jeder hat 6 Gendarme mit den Nummern 1 "
                                        "bis 6, auf Stufe 3 nur 1 bis 5 (Spielanleitung, "
                                        "Abschnitte „Inhalt“ und „7. Schwierigkeitsstufe 3“).",
        "gendarm.guide.rule.die": "Die Regel: Der Würfel zeigt 1 bis 6; beim Startwurf "
                                  "würfeln beide, wer höher würfelt, beginnt (Spielanleitung, "
                                  "Abschnitt „3. Spielvorbereitung“).",
        "gendarm.guide.rule.start": "Die Regel: Wer die höhere Zahl würfelt, beginnt, also "
                                    "entscheidet ein Gleichstand nichts (Spielanleitung, "
                                    "Abschnitt „3. Spielvorbereitung“).",
        "gendarm.guide.rule.catch": "Die Regel: Fangen darf nur der Gendarm mit der Zahl des "
                                    "eigenen Chips, und er zeigt den Chip dabei "
                                    "(Spielanleitung, Abschnitt „4. Spielverlauf“, „Den "
                                    "Räuber fangen“).",
        "gendarm.guide.rule.duty": "Die Regel: Bei einer ungeraden Zahl nimmt der Spieler "
                                   "einen Gendarm nach Wahl aus dem Spiel, nie den Fänger, "
                                   "und zwar vor seinem Zug (Spielanleitung, Abschnitt „6. "
                                   "Schwierigkeitsstufe 2“, „Abzug der Gendarme“).",
        "gendarm.guide.rule.roll_first": "Die Regel: Wessen Räuber außer Gefahr ist, muss vor "
                                         "jedem Zug würfeln (Spielanleitung, Abschnitt „6. "
                                         "Schwierigkeitsstufe 2“, „Abzug der Gendarme“).",
        "gendarm.guide.rule.one_move": "Die Regel: In jedem Zug zieht oder springt eine "
                                       "Figur, auf Stufe 3 darf man stattdessen einmal "
                                       "würfeln (Spielanleitung, Abschnitte „4. Spielverlauf“ "
                                       "und „7. Schwierigkeitsstufe 3“).",
        "gendarm.guide.rule.hide_roll": "Die Regel: Nur wer eine 1 oder 6 würfelt, darf einen "
                                        "Räuber ins Versteck stellen; sonst verfällt der Zug "
                                        "(Spielanleitung, Abschnitt „7. Schwierigkeitsstufe "
                                        "3“, „Entscheidung“).",
        "gendarm.guide.rule.one_hidden": "Die Regel: Jeder darf immer nur einen seiner Räuber "
                                         "in einem Versteck haben (Spielanleitung, Abschnitt "
                                         "„7. Schwierigkeitsstufe 3“, „Entscheidung“).",
        "gendarm.guide.rule.hide_safe": "Die Regel: Wer schon einen Räuber außer Gefahr hat, "
                                        "bringt den zweiten nicht mehr ins Versteck "
                                        "(Spielanleitung, Abschnitt „7. Schwierigkeitsstufe "
                                        "3“, „Entscheidung“).",
        "gendarm.guide.rule.leave": "Die Regel: Stellt der Gegner einen Räuber ins zweite "
                                    "Versteck, muss der erste Räuber sein Versteck mit dem "
                                    "nächsten Zug verlassen (Spielanleitung, Abschnitt „7. "
                                    "Schwierigkeitsstufe 3“, „Entscheidung“).",
        "gendarm.guide.rule.hideouts": "Die Regel: Es gibt zwei Verstecke, die dunkleren "
                                       "Felder, und in jedem steht höchstens ein Räuber "
                                       "(Spielanleitung, Abschnitt „7. Schwierigkeitsstufe "
                                       "3“, „Das Versteck“).",
    },
    "en": {
        "gendarm.guide.now.start": "Who begins? The box rolls for both: the higher number "
                                   "starts.",
        "gendarm.guide.now.start_table": "Who begins? Both roll the die, the higher number "
                                         "starts. Enter the result on the box.",
        "gendarm.guide.now.deal": "The box draws each player's catcher: each looks at their "
                                  "phone in secret.",
        "gendarm.guide.now.deal_chips": "Each draws a number chip in secret and enters it on "
                                        "their phone, or keeps it face down.",
        "gendarm.guide.now.move": "Move one piece: 1 square in any direction, or jump over "
                                  "pieces. Then end the turn.",
        "gendarm.guide.now.move_safe": "Move or jump one piece. Your robber reaches the other "
                                       "start row: report “out of danger”. Then end the turn.",
        "gendarm.guide.now.choose": "Either move a piece, or roll once: on a 1 or 6 a robber "
                                    "may go into a hideout.",
        "gendarm.guide.now.hide": "Rolled 1 or 6: put a robber into a free hideout and tell the "
                                  "box, or end the turn.",
        "gendarm.guide.now.must_leave": "The second hideout is taken: your hidden robber must "
                                        "move out now.",
        "gendarm.guide.now.duty": "Your robber is out of danger: roll before your move. On an "
                                  "odd number a gendarme leaves the board.",
        "gendarm.guide.now.removal": "Odd roll: take one of your gendarmes (not the catcher) off "
                                     "the board and tell the box which.",
        "gendarm.guide.now.moved": "The move is reported. TURN hands over to the other player.",
        "gendarm.guide.now.over_capture": "Caught! The catcher's chip is shown, the game is "
                                          "over. Pieces back onto the start rows for a "
                                          "rematch.",
        "gendarm.guide.now.over_depletion": "Only the catcher is left: the game is over. Pieces "
                                            "back onto the start rows for a rematch.",
        "gendarm.guide.step.start": "Before the game both roll once; the higher roll begins, a "
                                    "tie rolls again. Then you take turns.",
        "gendarm.guide.step.catcher": "Each player has a secret catcher: only the gendarme with "
                                      "that number may catch the other's robber. Keep the number "
                                      "to yourself; the box hides it on your phone and shows it "
                                      "only at the capture.",
        "gendarm.guide.step.move": "Every piece moves 1 square in any direction, diagonals too, "
                                   "or jumps over one or more pieces in a line onto the free "
                                   "square right behind; a chain of jumps may change direction. "
                                   "To catch, the catcher moves or jumps onto the robber's "
                                   "square; report it on the phone or the box.",
        "gendarm.guide.step.out_of_danger": "A robber that reaches the opponent's start row can "
                                            "no longer be caught: tell the box. The other robber "
                                            "must then stay in play and is not protected there.",
        "gendarm.guide.step.duty_roll": "Whose robber is out of danger must roll before every "
                                        "move. On an odd number they take one of their "
                                        "gendarmes off the board, never the catcher; left with "
                                        "the catcher alone, they lose.",
        "gendarm.guide.step.decision": "At level 3 each player has two robbers. On a turn you "
                                       "either move a piece or roll once; on a 1 or 6 a robber "
                                       "may go into a free hideout, otherwise the turn is lost.",
        "gendarm.guide.step.hideout": "A robber in a hideout cannot be caught; no gendarme may "
                                      "enter or jump an empty hideout. Each player hides one "
                                      "robber at most, and none while their other one is out "
                                      "of danger; while one hides, the other may not enter the "
                                      "opponent's start row. When the opponent takes the second "
                                      "hideout, the first robber must leave with its next move.",
        "gendarm.guide.step.end": "The game ends with the capture (at level 3: of both robbers), "
                                  "or when someone has only the catcher left. The box shows "
                                  "both catchers' numbers.",
        "gendarm.guide.ref.start": "Rule book, section “3. Spielvorbereitung” (setup)",
        "gendarm.guide.ref.catcher": "Rule book, section “4. Spielverlauf” (course of play)",
        "gendarm.guide.ref.move": "Rule book, section “4. Spielverlauf”, “Ziehen der "
                                  "Spielsteine” and “Den Räuber fangen” (moving, catching)",
        "gendarm.guide.ref.out_of_danger": "Rule book, section “6. Schwierigkeitsstufe 2”, "
                                           "“Außer Gefahr” (out of danger)",
        "gendarm.guide.ref.duty_roll": "Rule book, section “6. Schwierigkeitsstufe 2”, “Abzug "
                                       "der Gendarme” (losing gendarmes)",
        "gendarm.guide.ref.decision": "Rule book, section “7. Schwierigkeitsstufe 3”, "
                                      "“Entscheidung” (decision)",
        "gendarm.guide.ref.hideout": "Rule book, section “7. Schwierigkeitsstufe 3”, “Das "
                                     "Versteck” (the hideout)",
        "gendarm.guide.ref.end": "Rule book, section “5. Spielende” (end of the game)",
        "gendarm.guide.setup.board": "Put the board between you, a narrow side (7 squares) in "
                                     "front of each: that is your start row.",
        "gendarm.guide.setup.pieces": "Each picks a colour and puts 1 robber and gendarmes 1 to "
                                      "6 on their own start row, in any order.",
        "gendarm.guide.setup.pieces_level3": "Each puts 2 robbers and gendarmes 1 to 5 on their "
                                             "own start row, in any order; gendarme 6 and chip "
                                             "6 stay in the box.",
        "gendarm.guide.setup.chips": "Lay out the number chips 1 to {top} face down (if the box "
                                     "draws the catchers, they stay in the box).",
        "gendarm.guide.setup.die": "Have the die ready (if the box rolls, you do not need it).",
        "gendarm.guide.rule.chips": "The rule: the number chips carry the numbers of your own "
                                    "gendarmes, 1 to 6, without the 6 at level 3 (Rule book, "
                                    "sections “4. Spielverlauf” and “7. Schwierigkeitsstufe "
                                    "3”).",
        "gendarm.guide.rule.gendarmes": "The rule: each player has 6 gendarmes numbered 1 to "
                                        "6, at level 3 only 1 to 5 (Rule book, sections "
                                        "“Inhalt” (contents) and “7. Schwierigkeitsstufe 3”).",
        "gendarm.guide.rule.die": "The rule: the die shows 1 to 6; for the start both roll, "
                                  "and the higher number begins (Rule book, section “3. "
                                  "Spielvorbereitung” (setup)).",
        "gendarm.guide.rule.start": "The rule: the higher number begins, so a tie decides "
                                    "nothing (Rule book, section “3. Spielvorbereitung” "
                                    "(setup)).",
        "gendarm.guide.rule.catch": "The rule: only the gendarme with the number of your own "
                                    "chip may catch, and you show the chip as it does (Rule "
                                    "book, section “4. Spielverlauf”, “Den Räuber fangen” "
                                    "(catching)).",
        "gendarm.guide.rule.duty": "The rule: on an odd number the player takes a gendarme of "
                                   "their choice out of the game, never the catcher, before "
                                   "their move (Rule book, section “6. Schwierigkeitsstufe "
                                   "2”, “Abzug der Gendarme”).",
        "gendarm.guide.rule.roll_first": "The rule: whoever has a robber out of danger must "
                                         "roll before every move (Rule book, section “6. "
                                         "Schwierigkeitsstufe 2”, “Abzug der Gendarme”).",
        "gendarm.guide.rule.one_move": "The rule: each turn one piece moves or jumps; at "
                                       "level 3 you may roll once instead (Rule book, "
                                       "sections “4. Spielverlauf” and “7. "
                                       "Schwierigkeitsstufe 3”).",
        "gendarm.guide.rule.hide_roll": "The rule: only on a 1 or a 6 may a robber go into a "
                                        "hideout; otherwise the turn is lost (Rule book, "
                                        "section “7. Schwierigkeitsstufe 3”, “Entscheidung” "
                                        "(decision)).",
        "gendarm.guide.rule.one_hidden": "The rule: each player may have only one robber in a "
                                         "hideout at a time (Rule book, section “7. "
                                         "Schwierigkeitsstufe 3”, “Entscheidung” (decision)).",
        "gendarm.guide.rule.hide_safe": "The rule: whoever already has a robber out of danger "
                                        "puts no second robber into a hideout (Rule book, "
                                        "section “7. Schwierigkeitsstufe 3”, “Entscheidung” "
                                        "(decision)).",
        "gendarm.guide.rule.leave": "The rule: once the other player puts a robber into the "
                                    "second hideout, the first robber must leave its hideout "
                                    "on the next move (Rule book, section “7. "
                                    "Schwierigkeitsstufe 3”, “Entscheidung”).",
        "gendarm.guide.rule.hideouts": "The rule: there are two hideouts, the darker squares, "
                                       "and each holds at most one robber (Rule book, section "
                                       "“7. Schwierigkeitsstufe 3”, “Das Versteck” (the "
                                       "hideout)).",
    },
}
