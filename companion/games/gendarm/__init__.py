"""Räuber und Gendarm: the secret catcher on each phone, the duty roll and the hideouts.

Two players chase each other's robber across the real board with their real pieces; Getaway
keeps what the board does not show: the start roll, each player's secret catcher (dealt by
the box or typed from a real chip, and shown only on the own phone), the capture claims it
checks against the secret, the gendarmes still in play, each robber's fate, the hideouts and
the rolls. Readings where the rule book is silent (the setting that switches one is named in
brackets):

- The pieces are set up first, then the start roll (ties are rolled again), then the catchers.
- The catchers come from each player's own set of chips (``chips``: one shared pool of two of
  each, so both may hold the same number); level 3 leaves number 6 out of play.
- A capture is claimed on the claimant's phone; a wrong gendarme is no capture: the move is
  taken back, and only that phone hears why.
- Dealt catchers (``catchers: box``) are shown on the players' own phones and nowhere else. A
  player without a phone keeps a real chip face down instead, as in the box of the game (with
  ``chips`` the one drawn): the box's buttons then claim that player's captures and give up
  its gendarmes, offer every gendarme in play (the box does not know the chip) and take the
  table's word. The box offers that chip before it deals and, for a catcher that waits in the
  box for a phone (none yet, or it left), all game long until a capture shows it; a player
  who saw the number takes that chip. So a group without phones always plays to the end.
- Level 2: "außer Gefahr" is for good (``safe``: only while the robber stands on the row; the
  owner says when it steps off). Only one robber is safe at a time; the other must stay in
  play. The duty roll starts with the owner's next turn after the robber arrived; an odd one
  costs a gendarme of the owner's choice, never the catcher; left with the catcher alone, the
  owner loses (with two left the choice is made for them).
- Level 3: a robber enters a hideout only after a 1 or a 6 (``hide_by_move``: also by a move);
  filling a hideout ends the turn. One safe robber in the whole game at a time
  (``safe_robbers``: one per player). A roll is allowed when nothing could be hidden; after a
  1 or 6 that can place nothing the player ends the turn (the roll was the turn). A safe
  robber's owner rolls the duty roll first and may then move or roll. A robber that must
  leave its hideout and cannot passes (``stuck``); it must leave next time. A caught robber
  leaves the board; the catcher is shown at the first capture.
- Nobody able to move passes (TURN); an endless game is ended from the box or the table page.
- At the end both catchers are shown, and the history keeps them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.games.base import JSON, Action, Chance, Game, Option, Saved
from companion.games.gendarm import controls, records, rules, views
from companion.games.gendarm.rules import RULES
from companion.games.gendarm.state import (
    FACES,
    FREE,
    SEATS,
    GendarmState,
    Player,
    Settings,
    chip_pool,
    robbers_at,
    top,
)
from companion.games.gendarm.texts import TEXTS
from companion.games.record import dump, load


def setup(options: Mapping[str, JSON], seats: int, drawn: Mapping[str, JSON],
          saved: Saved) -> GendarmState:
    """Both sides with every gendarme and robber in play; the start roll comes first."""
    settings = load(Settings, dict(options))
    player = Player(gendarmes=tuple(range(1, top(settings) + 1)),
                    robbers=(FREE,) * robbers_at(settings.level))
    return GendarmState(settings=settings, players=(player,) * SEATS)


def draw(state: GendarmState | None, action: Action, chance: Chance) -> Action:
    """What the box rolls and deals: start rolls until they differ, a die, the catchers of the
    sides without a real chip; nothing for an action the rules refuse anyway."""
    if state is None or action.type not in RULES.allowed_actions(state, action.seat):
        return action
    box_dice, box_deal = state.settings.dice == "box", state.settings.catchers == "box"
    if action.type == "start_roll" and box_dice:
        drawn: dict[str, JSON] = {"rolls": _start_rolls(chance)}
    elif action.type == "roll" and box_dice:
        drawn = {"value": _die(chance)}
    elif action.type == "deal" and box_deal:
        drawn = {"catchers": _catchers(state, chance)}
    else:
        return action
    return replace(action, args={**action.args, "chance": drawn})


def _catchers(state: GendarmState, chance: Chance) -> list[int | None]:
    """Each player's catcher from an own set, or both from the one shared pool: a chip drawn
    from it is gone for the other player. None for a real chip kept on the table (the box
    cannot take it out of its pool)."""
    settings, shared = state.settings, chip_pool(state.settings)
    pools = [shared if settings.chips == "shared" else chip_pool(settings) for _ in range(SEATS)]
    return [None if player.on_table else pool.pop(chance.randrange(len(pool)))
            for player, pool in zip(state.players, pools, strict=True)]


def _start_rolls(chance: Chance) -> list[list[int]]:
    rolls = [[_die(chance), _die(chance)]]
    while rolls[-1][0] == rolls[-1][1]:
        rolls.append([_die(chance), _die(chance)])
    return rolls


def _die(chance: Chance) -> int:
    return 1 + chance.randrange(FACES)


GAME: Game[GendarmState] = Game(
    id="gendarm",
    package=__name__,
    title={"de": "Räuber und Gendarm", "en": "Räuber und Gendarm"},
    min_seats=SEATS,
    max_seats=SEATS,
    options=(
        Option("level", 1, choices=(1, 2, 3)),
        Option("catchers", "box", choices=("box", "chips")),
        Option("chips", "own", choices=("own", "shared")),
        Option("dice", "box", choices=("box", "table")),
        Option("safe", "for_good", choices=("for_good", "on_row")),
        Option("safe_robbers", "first", choices=("first", "each")),
        Option("hide_by_move", "off", choices=("off", "on")),
        Option("black", 0, choices=(0, 1)),
    ),
    texts={lang: {**TEXTS[lang], **records.TEXTS[lang]} for lang in TEXTS},
    rules=RULES,
    setup=setup,
    draw=draw,
    public_view=views.public_view,
    private_view=views.private_view,
    outcome=rules.outcome,
    tally=records.TALLY,
    controls=controls.controls,
    leds=controls.leds,
    sounds=controls.sounds,
    to_json=dump,
    from_json=lambda data: load(GendarmState, data),
)

__all__ = ["GAME", "GendarmState"]
