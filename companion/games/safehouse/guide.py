"""Safehouse taught at the table: what the group does now with the real dice, sheets and pens
in every situation of the game, each step explained once with its place in the rule book, and
the checklist before the first roll."""

from __future__ import annotations

from companion.games.base import JSON, Texts
from companion.games.safehouse.state import ShState, must_retrieve

SITUATIONS = ("ready_first", "ready", "ready_retrieve", "faces", "helps", "entering", "won",
              "lost")
"""Every situation the game can be in, in the order a game meets them."""
STEPS = {"ready_first": "roll", "ready": "roll", "ready_retrieve": "retrieve", "faces": "faces",
         "helps": "helps", "entering": "entering", "won": "end", "lost": "end"}
"""The step each situation belongs to: explained the first time it comes."""
SETUP = ("sheets", "dice", "lid", "track", "chameleons", "first")
"""The checklist before the first roll, in the order the group works through it."""
REFUSALS = {
    "safehouse.faces_invalid": "safehouse.guide.rule.faces",
    "safehouse.faces_count": "safehouse.guide.rule.dice",
    "safehouse.dice_not_free": "safehouse.guide.rule.lid",
    "safehouse.numbers_used": "safehouse.guide.rule.numbers",
    "safehouse.order_kept": "safehouse.guide.rule.closed",
    "safehouse.arrow": "safehouse.guide.rule.arrow",
    "safehouse.arrow_closed": "safehouse.guide.rule.arrow",
    "safehouse.pursuer_forward": "safehouse.guide.rule.pursuer",
    "safehouse.chameleons_used": "safehouse.guide.rule.helps",
    "safehouse.sheet.field": "safehouse.guide.rule.orders",
    "safehouse.sheet.colour_invalid": "safehouse.guide.rule.colours",
}
"""Refusals of what the rules make impossible, each with the rule that says so: the
refusal's sentence ends with it."""


def situation(state: ShState) -> str:
    """The situation ``state`` is in (one of ``SITUATIONS``)."""
    if state.phase != "ready":
        return state.phase
    if must_retrieve(state):
        return "ready_retrieve"
    return "ready_first" if state.rolls == 0 else "ready"


def concerns(state: ShState) -> int | None:
    """The seat the situation's step concerns: the roller as they roll and type the faces;
    None: everyone (each enters their own sheet, the end)."""
    return state.roller if state.phase in ("ready", "faces") else None


def setup(state: ShState) -> tuple[str, ...]:
    """The checklist's items: the same for every game."""
    return SETUP


def setup_params(state: ShState) -> dict[str, JSON]:
    """The numbers the checklist names: the track's fields from the box profile."""
    profile = state.profile
    return {"pursuer": profile.pursuer + 1, "start": profile.start,
            "safehouse": profile.safehouse}


GUIDE: Texts = {
    "de": {
        "safehouse.guide.now.ready_first": "Alle machen aus dem Schrägstrich auf Feld 1 ein "
                                           "Kreuz. Dann Würfel wählen (mindestens ein "
                                           "Farbwürfel) und würfeln.",
        "safehouse.guide.now.ready": "Alle kreuzen 1 Feld für den Verfolger an. Dann Würfel "
                                     "aus der Mitte wählen (mindestens ein Farbwürfel) und "
                                     "würfeln.",
        "safehouse.guide.now.ready_retrieve": "Kein Farbwürfel mehr in der Mitte: Würfel aus "
                                              "dem Deckel zurückholen, der Verfolger rückt vor.",
        "safehouse.guide.now.faces": "Wer gewürfelt hat, gibt die Augen ein, Würfel für "
                                     "Würfel.",
        "safehouse.guide.now.helps": "Verfolger gewürfelt? Gemeinsam: Hilfe-Feld nutzen oder "
                                     "weiter. Verfolger-Würfel in den Deckel.",
        "safehouse.guide.now.entering": "Jeder trägt Zahlen in seine Aufträge ein, Farbe "
                                        "passend. Dann die Würfel in den Deckel.",
        "safehouse.guide.now.won": "Geschafft: Alle sind im Safehouse!",
        "safehouse.guide.now.lost": "Erwischt: Der Verfolger hat jemanden eingeholt.",
        "safehouse.guide.step.roll": "Vor jedem Wurf rückt der Verfolger 1 Feld vor: Jeder "
                                     "macht auf seiner Laufstrecke aus dem nächsten "
                                     "Schrägstrich ein Kreuz, die Box zählt mit. Ihr wählt "
                                     "gemeinsam, welche Würfel aus der Mitte geworfen werden, "
                                     "mindestens ein Farbwürfel; bei Streit entscheidet, wer "
                                     "würfelt.",
        "safehouse.guide.step.retrieve": "Sind die Würfel verbraucht, holt ihr alle aus dem "
                                         "Deckel zurück. Das kostet: Der Verfolger rückt so "
                                         "viele Felder vor, wie der Spieler mit den meisten "
                                         "offenen Aufträgen hat. Offen ist ein Auftrag mit "
                                         "einer Zahl, der noch nicht erfüllt ist.",
        "safehouse.guide.step.faces": "Zwei Würfel einer Farbe werden zusammengezählt. Jeder "
                                      "Verfolger auf einem Würfel lässt den Verfolger 1 Feld "
                                      "weiter laufen; dieser Würfel zählt nicht. Die Box "
                                      "rechnet das aus den eingegebenen Augen.",
        "safehouse.guide.step.helps": "Einmal im ganzen Spiel dürft ihr die gewürfelten "
                                      "Verfolger ignorieren, und einmal beliebige gewählte "
                                      "Würfel noch einmal werfen. Was ihr nutzt, streicht "
                                      "jeder auf seinem Blatt durch.",
        "safehouse.guide.step.entering": "Jeder trägt bis zu vier Zahlen ein, je Farbe eine, "
                                         "nur in Felder dieser Farbe; ein weißer Joker darf "
                                         "dazu, ein Chamäleon erlaubt eine fremde Farbe. In "
                                         "einem Auftrag steigen die Zahlen nach rechts oder "
                                         "bleiben gleich; im ersten sind alle gleich, im "
                                         "zweiten steigen sie echt, links einer grauen 6 steht "
                                         "nichts Größeres, rechts nichts Kleineres. Ist ein "
                                         "Auftrag voll, läuft man so viele Felder, wie sein "
                                         "Pfeil zeigt.",
        "safehouse.guide.step.end": "Ihr gewinnt, wenn alle das Safehouse erreichen; wer dort "
                                    "ist, würfelt weiter mit. Holt der Verfolger auch nur "
                                    "einen ein, verliert ihr alle.",
        "safehouse.guide.ref.roll": "Spielregel, Abschnitte „Vor dem Würfeln“ und „Los geht\u2019s "
                                    "mit Würfeln!“",
        "safehouse.guide.ref.retrieve": "Spielregel, Abschnitt „Wie bekommt ihr die Würfel aus "
                                        "dem Schachteldeckel zurück?“",
        "safehouse.guide.ref.faces": "Spielregel, Abschnitte „Los geht\u2019s mit Würfeln!“ und "
                                     "„Verfolger gewürfelt?“",
        "safehouse.guide.ref.helps": "Spielregel, Abschnitt „Was bedeuten die Hilfe-Felder "
                                     "auf dem Blatt?“",
        "safehouse.guide.ref.entering": "Spielregel, Abschnitte „Tragt die Würfel ein!“ und "
                                        "„Wann dürft ihr auf der Laufstrecke vorrücken?“",
        "safehouse.guide.ref.end": "Spielregel, Abschnitt „Das Spiel ist aus“",
        "safehouse.guide.setup.sheets": "Jeder nimmt einen Stift und ein Blatt vom Block, jeder "
                                        "mit einem anderen Buchstaben (S, A, F, E).",
        "safehouse.guide.setup.dice": "Die 10 Würfel in die Tischmitte: je 2 Gelb, Grün, Rot, "
                                      "Blau und 2 weiße Joker.",
        "safehouse.guide.setup.lid": "Die Schachtel offen in die Mitte stellen: Der Deckel "
                                     "nimmt die geworfenen Würfel auf.",
        "safehouse.guide.setup.track": "Laufstrecke: Verfolger vor Feld {pursuer}, ihr ab "
                                       "Feld {start}, Safehouse auf Feld {safehouse}.",
        "safehouse.guide.setup.chameleons": "Chamäleons: Das erste gilt immer, das zweite ab 3 "
                                            "Spielern, das dritte nur zu viert.",
        "safehouse.guide.setup.first": "Der jüngste Spieler würfelt zuerst, dann geht es im "
                                       "Uhrzeigersinn.",
        "safehouse.guide.rule.faces": "Die Regel: Jeder Würfel zeigt 1 bis 5 oder den "
                                      "Verfolger; ein Verfolger rückt sofort ein Feld vor "
                                      "(Spielregel, Abschnitte „Los geht\u2019s mit Würfeln!“ und "
                                      "„Verfolger gewürfelt?“).",
        "safehouse.guide.rule.dice": "Die Regel: Es gibt 10 Würfel, je 2 in Gelb, Grün, Rot, "
                                     "Blau und Weiß, und nur die eben geworfenen bekommen "
                                     "Augen (Spielregel, Abschnitte „Das ist drin“ und „Los "
                                     "geht\u2019s mit Würfeln!“).",
        "safehouse.guide.rule.lid": "Die Regel: Geworfen werden nur Würfel, die nicht im "
                                    "Schachteldeckel liegen; aus dem Deckel kommen sie erst "
                                    "zurück, wenn ihr sie herausholt (Spielregel, Abschnitt "
                                    "„Wie bekommt ihr die Würfel aus dem Schachteldeckel "
                                    "zurück?“).",
        "safehouse.guide.rule.numbers": "Die Regel: Pro Wurf trägt jeder höchstens 4 Zahlen "
                                        "ein, eine je gewürfelter Farbe (Spielregel, "
                                        "Abschnitt „Tragt die Würfel ein!“).",
        "safehouse.guide.rule.closed": "Die Regel: Ein erfüllter Auftrag wird durchgestrichen "
                                       "und bleibt geschlossen (Spielregel, Abschnitt „Wann "
                                       "dürft ihr auf der Laufstrecke vorrücken?“).",
        "safehouse.guide.rule.arrow": "Die Regel: Der weiße Pfeil eines erfüllten Auftrags "
                                      "sagt, wie weit ihr vorrückt, 2 bis 6 Lauffelder "
                                      "(Spielregel, Abschnitt „Wann dürft ihr auf der "
                                      "Laufstrecke vorrücken?“).",
        "safehouse.guide.rule.pursuer": "Die Regel: Der Verfolger rückt nur vor, nie zurück: "
                                        "vor jedem Wurf ein Feld und für jeden gewürfelten "
                                        "Verfolger eins mehr (Spielregel, Abschnitte „Vor dem "
                                        "Würfeln“ und „Verfolger gewürfelt?“).",
        "safehouse.guide.rule.helps": "Die Regel: Jedes Hilfe-Feld darf man nur einmal im "
                                      "Spiel verwenden (Spielregel, Abschnitt „Was bedeuten "
                                      "die Hilfe-Felder auf dem Blatt?“).",
        "safehouse.guide.rule.orders": "Die Regel: Jeder Auftrag ist eine Zeile aus drei bis "
                                       "sechs Farbfeldern (Spielregel, Abschnitt „Tragt die "
                                       "Würfel ein!“).",
        "safehouse.guide.rule.colours": "Die Regel: Farbfelder sind gelb, grün, rot oder "
                                        "blau; die weißen Würfel sind Joker für eine "
                                        "gewürfelte Farbe (Spielregel, Abschnitt „Los geht\u2019s "
                                        "mit Würfeln!“).",
    },
    "en": {
        "safehouse.guide.now.ready_first": "Everyone turns the slash on field 1 into a cross. "
                                           "Then choose dice (at least one colour die) and "
                                           "roll.",
        "safehouse.guide.now.ready": "Everyone crosses 1 field for the pursuer. Then choose "
                                     "dice from the middle (at least one colour die) and roll.",
        "safehouse.guide.now.ready_retrieve": "No colour die left in the middle: take the dice "
                                              "back from the lid, the pursuer moves on.",
        "safehouse.guide.now.faces": "The roller enters the rolled faces, die by die.",
        "safehouse.guide.now.helps": "Pursuer rolled? Decide together: use a help field or go "
                                     "on. Pursuer dice go into the lid.",
        "safehouse.guide.now.entering": "Everyone writes numbers into their orders (matching "
                                        "colour, a pair added up). Then the dice go into the "
                                        "lid.",
        "safehouse.guide.now.won": "Made it: everyone is in the Safehouse!",
        "safehouse.guide.now.lost": "Caught: the pursuer has reached someone.",
        "safehouse.guide.step.roll": "Before every roll the pursuer moves 1 field: everyone "
                                     "turns the next slash on their track into a cross, the box "
                                     "keeps count. Together you choose which dice from the "
                                     "middle to roll, at least one colour die; if you disagree, "
                                     "the roller decides.",
        "safehouse.guide.step.retrieve": "When the dice are used up, you take them all back "
                                         "from the lid. That costs: the pursuer moves as many "
                                         "fields as the player with the most open orders has. "
                                         "An order is open when it holds a number and is not "
                                         "yet done.",
        "safehouse.guide.step.faces": "Two dice of one colour are added up. Every pursuer face "
                                      "moves the pursuer 1 more field, and that die does not "
                                      "count. The box works it out from the faces you enter.",
        "safehouse.guide.step.helps": "Once in the whole game you may ignore the rolled "
                                      "pursuers, and once roll any of the chosen dice again. "
                                      "What you use, everyone crosses out on their sheet.",
        "safehouse.guide.step.entering": "Everyone writes up to four numbers, one per colour, "
                                         "only into fields of that colour; a white joker may be "
                                         "added, a chameleon allows another colour. Within an "
                                         "order the numbers rise to the right or stay equal; in "
                                         "the first all are equal, in the second they strictly "
                                         "rise, left of a grey 6 nothing is higher, right of it "
                                         "nothing lower. A full order moves you as many fields "
                                         "as its arrow shows.",
        "safehouse.guide.step.end": "You win when everyone reaches the Safehouse; who is there "
                                    "keeps rolling with the others. If the pursuer reaches "
                                    "just one of you, you all lose.",
        "safehouse.guide.ref.roll": "Rule book, sections “Vor dem Würfeln” and “Los "
                                    "geht\u2019s mit Würfeln!” (before rolling, rolling)",
        "safehouse.guide.ref.retrieve": "Rule book, section “Wie bekommt ihr die Würfel aus dem "
                                        "Schachteldeckel zurück?” (getting the dice back)",
        "safehouse.guide.ref.faces": "Rule book, sections “Los geht\u2019s mit Würfeln!” and "
                                     "“Verfolger gewürfelt?” (pursuer rolled)",
        "safehouse.guide.ref.helps": "Rule book, section “Was bedeuten die Hilfe-Felder auf dem "
                                     "Blatt?” (help fields)",
        "safehouse.guide.ref.entering": "Rule book, sections “Tragt die Würfel ein!” and “Wann "
                                        "dürft ihr auf der Laufstrecke vorrücken?” (entering, "
                                        "moving on)",
        "safehouse.guide.ref.end": "Rule book, section “Das Spiel ist aus” (end of the game)",
        "safehouse.guide.setup.sheets": "Everyone takes a pen and a sheet from the pad, each "
                                        "with a different letter (S, A, F, E).",
        "safehouse.guide.setup.dice": "The 10 dice go in the middle: 2 each of yellow, green, "
                                      "red, blue and 2 white jokers.",
        "safehouse.guide.setup.lid": "Put the open game box in the middle: its lid takes the "
                                     "rolled dice.",
        "safehouse.guide.setup.track": "Track: the pursuer before field {pursuer}, you from "
                                       "field {start}, the Safehouse on field {safehouse}.",
        "safehouse.guide.setup.chameleons": "Chameleons: the first always counts, the second "
                                            "from 3 players, the third only with 4.",
        "safehouse.guide.setup.first": "The youngest player rolls first, then play goes "
                                       "clockwise.",
        "safehouse.guide.rule.faces": "The rule: each die shows 1 to 5 or the pursuer; a "
                                      "pursuer moves one field on at once (Rule book, "
                                      "sections “Los geht\u2019s mit Würfeln!” and “Verfolger "
                                      "gewürfelt?”).",
        "safehouse.guide.rule.dice": "The rule: there are 10 dice, 2 each of yellow, green, "
                                     "red, blue and white, and only those just rolled get "
                                     "faces (Rule book, sections “Das ist drin” (contents) "
                                     "and “Los geht\u2019s mit Würfeln!”).",
        "safehouse.guide.rule.lid": "The rule: you roll only dice that are not in the lid; "
                                    "they come back only when you retrieve them (Rule book, "
                                    "section “Wie bekommt ihr die Würfel aus dem "
                                    "Schachteldeckel zurück?”).",
        "safehouse.guide.rule.numbers": "The rule: each roll, everyone enters at most 4 "
                                        "numbers, one per colour rolled (Rule book, section "
                                        "“Tragt die Würfel ein!” (entering the dice)).",
        "safehouse.guide.rule.closed": "The rule: a fulfilled order is crossed out and stays "
                                       "closed (Rule book, section “Wann dürft ihr auf der "
                                       "Laufstrecke vorrücken?” (moving on)).",
        "safehouse.guide.rule.arrow": "The rule: the white arrow of a fulfilled order says "
                                      "how far you move, 2 to 6 fields (Rule book, section "
                                      "“Wann dürft ihr auf der Laufstrecke vorrücken?” "
                                      "(moving on)).",
        "safehouse.guide.rule.pursuer": "The rule: the pursuer only moves forward: one field "
                                        "before each roll and one more for each pursuer "
                                        "rolled (Rule book, sections “Vor dem Würfeln” and "
                                        "“Verfolger gewürfelt?”).",
        "safehouse.guide.rule.helps": "The rule: each help field may be used only once in the "
                                      "game (Rule book, section “Was bedeuten die "
                                      "Hilfe-Felder auf dem Blatt?” (help fields)).",
        "safehouse.guide.rule.orders": "The rule: each order is a row of three to six colour "
                                       "fields (Rule book, section “Tragt die Würfel ein!” "
                                       "(entering the dice)).",
        "safehouse.guide.rule.colours": "The rule: colour fields are yellow, green, red or "
                                        "blue; the white dice are jokers for a colour rolled "
                                        "(Rule book, section “Los geht\u2019s mit Würfeln!”).",
    },
}
