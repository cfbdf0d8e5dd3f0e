"""Räuber-Rommé taught at the table: what the group does now with the real tiles in every
situation of the game, each step explained once with its place in the rule text, and the
checklist before the first turn."""

from __future__ import annotations

from companion.games.base import JSON, Texts
from companion.games.romme.state import RommeState, is_first_turn_out

SITUATIONS = ("ready", "turn_opening", "turn", "paused", "settle", "settle_draw", "settle_left",
              "scoring", "scoring_stuck", "scoring_fixed", "over")
"""Every situation the game can be in, in the order a game meets them."""
STEPS = {"ready": "deal", "turn_opening": "opening", "turn": "turn", "paused": "clock",
         "settle": "overrun", "settle_draw": "overrun", "settle_left": "overrun",
         "scoring": "scoring", "scoring_stuck": "scoring", "scoring_fixed": "first_turn_out",
         "over": "over"}
"""The step each situation belongs to: explained the first time it comes."""
SETUP = ("tiles", "deal", "stack", "first", "clock")
"""The checklist before the first turn, in the order the group works through it."""
REFUSALS = {
    "romme.tiles_invalid": "romme.guide.rule.tiles",
    "romme.hand_value": "romme.guide.rule.tiles",
    "romme.hand_jokers": "romme.guide.rule.tiles",
    "romme.round_value": "romme.guide.rule.tiles",
    "romme.round_jokers": "romme.guide.rule.tiles",
    "romme.score_winner": "romme.guide.rule.winner",
    "romme.timeout_early": "romme.guide.rule.time",
}
"""Refusals of what the rules make impossible, each with the rule that says so: the
refusal's sentence ends with it."""


def situation(state: RommeState) -> str:
    """The situation ``state`` is in (one of ``SITUATIONS``)."""
    if state.phase == "turn":
        return "turn" if state.players[state.turn].melded else "turn_opening"
    if state.phase == "settle":
        return _settle(state)
    if state.phase == "scoring":
        return _scoring(state)
    return state.phase


def _settle(state: RommeState) -> str:
    if state.last is not None and state.last.kind == "left":
        return "settle_left"
    return "settle_draw" if state.settings.overrun_penalty == "one_plus_draw" else "settle"


def _scoring(state: RommeState) -> str:
    if is_first_turn_out(state):
        return "scoring_fixed"
    return "scoring" if state.scoring and state.scoring.winner is not None else "scoring_stuck"


def concerns(state: RommeState) -> int | None:
    """The seat the situation's step concerns: the player on turn; None: everyone."""
    return state.turn if state.phase in ("turn", "paused", "settle") else None


def setup(state: RommeState) -> tuple[str, ...]:
    """The checklist's items: the same for every game."""
    return SETUP


def setup_params(state: RommeState) -> dict[str, JSON]:
    """The numbers the checklist names: the turn's seconds."""
    return {"seconds": state.settings.turn_seconds}


GUIDE: Texts = {
    "de": {
        "romme.guide.now.ready": "Steine mischen, jeder nimmt 14 verdeckt, der Rest ist der "
                                 "Stapel. Dann mit TURN die Uhr starten.",
        "romme.guide.now.turn_opening": "Erstes Auslegen: Serien mit zusammen mindestens 20 "
                                        "Punkten aus der eigenen Hand, sonst 1 Stein ziehen.",
        "romme.guide.now.turn": "Serien auslegen, anlegen oder umbauen, oder 1 Stein ziehen. "
                                "Fertig? TURN drücken.",
        "romme.guide.now.paused": "Die Uhr steht: Alle Steine bleiben liegen. Mit TURN geht der "
                                  "Zug weiter.",
        "romme.guide.now.settle": "Zeit um: Wer am Zug war, nimmt die Steine dieses Zugs zurück "
                                  "und zieht 1 Strafstein.",
        "romme.guide.now.settle_draw": "Zeit um: Wer am Zug war, nimmt die Steine dieses Zugs "
                                       "zurück und zieht 1 Strafstein und 1 weiteren Stein.",
        "romme.guide.now.settle_left": "Zweimal in Folge zu lange: Wer am Zug war, legt die "
                                       "Steine beiseite und spielt nicht mehr mit.",
        "romme.guide.now.scoring": "Rommé! Alle anderen zählen die Steine auf ihrer Hand (Joker "
                                   "50) und tragen sie ein.",
        "romme.guide.now.scoring_stuck": "Keiner kann mehr: Jeder zählt die Steine auf seiner "
                                         "Hand (Joker 50) und trägt sie ein.",
        "romme.guide.now.scoring_fixed": "Im ersten Zug ausgegangen: Die Punkte stehen fest. "
                                         "Wertung bestätigen.",
        "romme.guide.now.over": "Das Spiel ist aus: Wer die wenigsten Minuspunkte hat, gewinnt. "
                                "Steine zurück in die Schachtel.",
        "romme.guide.step.deal": "Jeder bekommt 14 Steine, die nur er sieht; die übrigen liegen "
                                 "verdeckt als Stapel bereit. Die Box zeigt, wer beginnt. "
                                 "Sobald TURN gedrückt ist, läuft die Zeit für den "
                                 "ersten Zug.",
        "romme.guide.step.opening": "Wer noch nichts ausgelegt hat, muss Serien (Gruppen: 3 "
                                    "oder 4 Steine gleicher Zahl in verschiedenen Farben; "
                                    "Reihen: mindestens 3 aufeinanderfolgende Zahlen einer "
                                    "Farbe, die 1 darf an die 10) mit zusammen mindestens 20 "
                                    "Punkten legen, nur aus der eigenen Hand. Wer das nicht "
                                    "kann, zieht einen Stein und beendet so den Zug. Die Box "
                                    "sieht die Steine nicht: Sie erinnert nur.",
        "romme.guide.step.turn": "Im Zug legt man neue Serien, legt an vorhandene an oder baut "
                                 "sie um (auch einen Joker gegen den passenden eigenen Stein "
                                 "tauschen); was auf dem Tisch liegt, auch der Joker, bleibt "
                                 "dort. Wer nichts legt, "
                                 "zieht einen Stein. Ein misslungener Umbau wird zurückgebaut und "
                                 "kostet 1 Strafstein: das meldet man an der Box.",
        "romme.guide.step.clock": "Jeder Zug hat eine feste Zeit, die Box zählt sie herunter und "
                                  "warnt kurz vor Schluss. Die Uhr hält nur an, wenn die Gruppe "
                                  "sie anhält; mit TURN läuft sie weiter.",
        "romme.guide.step.overrun": "Ist die Zeit um, nimmt der Spieler alle in diesem Zug "
                                    "gelegten Steine zurück und zieht zur Strafe. Wer zweimal "
                                    "hintereinander zu lange braucht, verlässt das Spiel. Die "
                                    "Box gibt der Gruppe einen Moment, dann startet der nächste "
                                    "Zug.",
        "romme.guide.step.scoring": "Die Runde endet, wenn jemand alle Steine los ist oder "
                                    "keiner mehr kann. Dann zählt jeder die Steine auf seiner "
                                    "Hand nach ihrem Wert, ein Joker zählt 50; das sind "
                                    "Minuspunkte. Wer ausgegangen ist, bekommt 0.",
        "romme.guide.step.first_turn_out": "Wer schon im ersten eigenen Zug alle Steine "
                                           "ablegt, kostet jeden anderen 200 Punkte, oder 100, "
                                           "wenn dieser schon ausgelegt hatte. Die Box rechnet "
                                           "das selbst aus.",
        "romme.guide.step.over": "Nach der letzten Runde werden die Minuspunkte aller Runden "
                                 "zusammengezählt; die wenigsten gewinnen. Die Box zeigt die "
                                 "Rangliste.",
        "romme.guide.ref.deal": "Spielregel, Abschnitt „2. Spielverlauf“",
        "romme.guide.ref.opening": "Spielregel, Abschnitt „2. Spielverlauf“, „Was ist eine "
                                   "Serie?“",
        "romme.guide.ref.turn": "Spielregel, Abschnitt „2. Spielverlauf“, „Was bedeutet "
                                "manipulieren?“",
        "romme.guide.ref.clock": "Spielregel, Abschnitt „Wann endet das Spiel?“ (Zeitlimit)",
        "romme.guide.ref.overrun": "Spielregel, Abschnitt „Wann endet das Spiel?“ (Zeitlimit)",
        "romme.guide.ref.scoring": "Spielregel, Abschnitt „3. Spielwertung“",
        "romme.guide.ref.first_turn_out": "Spielregel, Abschnitt „3. Spielwertung“",
        "romme.guide.ref.over": "Spielregel, Abschnitt „3. Spielwertung“",
        "romme.guide.setup.tiles": "Alle Steine verdeckt mischen: 80 Zahlensteine (1 bis 10 in 4 "
                                   "Farben, je zweimal) und 4 Joker.",
        "romme.guide.setup.deal": "Jeder nimmt 14 Steine und stellt sie so auf, dass nur er sie "
                                  "sieht.",
        "romme.guide.setup.stack": "Die übrigen Steine bleiben verdeckt als Stapel in der Mitte.",
        "romme.guide.setup.first": "Wer beginnt, zeigt die Box; dann geht es im "
                                   "Uhrzeigersinn.",
        "romme.guide.setup.clock": "Jeder Zug hat {seconds} Sekunden: Die Box steht so, dass "
                                   "alle ihre Uhr sehen.",
        "romme.guide.rule.tiles": "Die Regel: Jede Zahl von 1 bis 10 gibt es in jeder der 4 "
                                  "Farben zweimal, dazu 4 Joker zu 50 Punkten (Spielregel, "
                                  "Abschnitt „1. Allgemeines“).",
        "romme.guide.rule.winner": "Die Regel: Wer alle Steine abgelegt hat, bekommt für die "
                                   "Runde 0 Punkte (Spielregel, Abschnitt „3. Spielwertung“).",
        "romme.guide.rule.time": "Die Regel: Ein Zug gilt erst als zu lang, wenn seine Zeit "
                                 "ganz abgelaufen ist (Spielregel, Abschnitt „Wann endet das "
                                 "Spiel?“).",
    },
    "en": {
        "romme.guide.now.ready": "Shuffle the tiles, everyone takes 14 face down, the rest is the "
                                 "stack. Then press TURN to start the clock.",
        "romme.guide.now.turn_opening": "First meld: sets worth at least 20 points together, "
                                        "from your own hand only; otherwise draw 1 tile.",
        "romme.guide.now.turn": "Lay sets, add to them or rearrange them, or draw 1 tile. Done? "
                                "Press TURN.",
        "romme.guide.now.paused": "The clock stands still: leave every tile where it is. TURN "
                                  "goes on with the turn.",
        "romme.guide.now.settle": "Time is up: the player takes back this turn's tiles and draws "
                                  "1 penalty tile.",
        "romme.guide.now.settle_draw": "Time is up: the player takes back this turn's tiles and "
                                       "draws 1 penalty tile and 1 more tile.",
        "romme.guide.now.settle_left": "Too slow twice in a row: the player puts their tiles "
                                       "aside and is out of the game.",
        "romme.guide.now.scoring": "Rommé! Everyone else adds up the tiles in their hand (joker "
                                   "50) and enters them.",
        "romme.guide.now.scoring_stuck": "Nobody can move: everyone adds up the tiles in their "
                                         "hand (joker 50) and enters them.",
        "romme.guide.now.scoring_fixed": "Out on the first turn: the points are fixed. Confirm "
                                         "the scores.",
        "romme.guide.now.over": "The game is over: the fewest minus points win. Tiles back into "
                                "the box.",
        "romme.guide.step.deal": "Everyone gets 14 tiles that only they can see; the others lie "
                                 "face down as the stack. The box shows who begins. "
                                 "Once TURN is pressed, the first turn's time runs.",
        "romme.guide.step.opening": "Whoever has not laid anything yet must lay sets (groups: 3 "
                                    "or 4 tiles of one number in different colours; runs: at "
                                    "least 3 numbers in a row of one colour, 1 may follow 10) "
                                    "worth at least 20 points together, from their own hand "
                                    "only. Who cannot draws a tile, which ends the turn. The box "
                                    "cannot see the tiles: it only reminds.",
        "romme.guide.step.turn": "On a turn you lay new sets, add to sets on the table or "
                                 "rearrange them (a joker too, swapped for your own fitting "
                                 "tile); what is on the table stays there, the joker too. Who "
                                 "lays "
                                 "nothing draws a tile. A failed rearrangement is put back and "
                                 "costs 1 penalty tile: tell the box.",
        "romme.guide.step.clock": "Every turn has a fixed time; the box counts it down and warns "
                                  "shortly before the end. The clock stops only when the group "
                                  "pauses it; TURN starts it again.",
        "romme.guide.step.overrun": "When time is up, the player takes back every tile laid this "
                                    "turn and draws a penalty. Who is too slow twice in a row "
                                    "leaves the game. The box gives the group a moment, then the "
                                    "next turn starts.",
        "romme.guide.step.scoring": "A round ends when someone has no tiles left or nobody can "
                                    "move. Then everyone adds up the tiles in their hand at face "
                                    "value, a joker counts 50: those are minus points. Whoever "
                                    "went out scores 0.",
        "romme.guide.step.first_turn_out": "Going out on your very first turn costs every other "
                                           "player 200 points, or 100 if they had already laid "
                                           "tiles. The box works it out itself.",
        "romme.guide.step.over": "After the last round the minus points of all rounds are added "
                                 "up; the fewest win. The box shows the ranking.",
        "romme.guide.ref.deal": "Rule book, section “2. Spielverlauf” (course of play)",
        "romme.guide.ref.opening": "Rule book, section “2. Spielverlauf”, “Was ist eine Serie?” "
                                   "(what is a set)",
        "romme.guide.ref.turn": "Rule book, section “2. Spielverlauf”, “Was bedeutet "
                                "manipulieren?” (rearranging)",
        "romme.guide.ref.clock": "Rule book, section “Wann endet das Spiel?” (time limit)",
        "romme.guide.ref.overrun": "Rule book, section “Wann endet das Spiel?” (time limit)",
        "romme.guide.ref.scoring": "Rule book, section “3. Spielwertung” (scoring)",
        "romme.guide.ref.first_turn_out": "Rule book, section “3. Spielwertung” (scoring)",
        "romme.guide.ref.over": "Rule book, section “3. Spielwertung” (scoring)",
        "romme.guide.setup.tiles": "Shuffle all tiles face down: 80 number tiles (1 to 10 in 4 "
                                   "colours, twice each) and 4 jokers.",
        "romme.guide.setup.deal": "Everyone takes 14 tiles and stands them up so that only they "
                                  "can see them.",
        "romme.guide.setup.stack": "The other tiles stay face down as the stack in the middle.",
        "romme.guide.setup.first": "The box shows who begins; then play goes "
                                   "clockwise.",
        "romme.guide.setup.clock": "Every turn has {seconds} seconds: put the box where everyone "
                                   "can see its clock.",
        "romme.guide.rule.tiles": "The rule: each number from 1 to 10 comes twice in each of "
                                  "the 4 colours, plus 4 jokers worth 50 points (Rule book, "
                                  "section “1. Allgemeines” (general)).",
        "romme.guide.rule.winner": "The rule: whoever laid down all their tiles scores 0 for "
                                   "the round (Rule book, section “3. Spielwertung” "
                                   "(scoring)).",
        "romme.guide.rule.time": "The rule: a turn is too long only once its time has fully "
                                 "run out (Rule book, section “Wann endet das Spiel?” (time "
                                 "limit)).",
    },
}
