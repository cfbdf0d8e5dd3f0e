"""Räuber-Rommé: the strict turn clock, its penalties and the scoring; the tiles stay on the table.

Readings the rule text leaves open (see rules/FACTS.md for the rest):
- Turns go clockwise, in seat order. The next round starts at the seat after the last starter.
- Overruns "in a row" count the player's own turns, across rounds. Ending a turn any other way
  (end_turn, draw, failed_manipulation, romme, stuck) starts the count again.
- The second overrun in a row makes the player leave: no penalty tile then. The tiles they hold
  are scored at the end of that round, later rounds score 0 for them, and they rank last.
- When only one player is left, the round ends at once as if nobody could move (everybody in it
  counts their tiles), and after those scores the game is over: one player cannot play a round.
- Once the time is up, nothing but the overrun can end or pause the turn: the clock is the judge.
- Out on the own first turn counts against every other player of the round, a player who left
  in that round included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import (
    JSON,
    Action,
    Arguments,
    Button,
    Chance,
    Controls,
    IllegalAction,
    InvalidAction,
    LedFrame,
    MenuItem,
    Option,
    Sound,
    Timer,
    whole,
)
from companion.games.base import allowed_actions as allowed

JOKER = 50
TILE_SET = {**dict.fromkeys(range(1, 11), 8), JOKER: 4}
"""How many tiles of each value the set has: 1-10 in four colours, each twice, and 4 jokers."""
LEDS = 24
FIRST_MELD_POINTS = 20
"""What a player's first meld of a round needs from their own hand; Getaway only reminds of it,
it cannot see the tiles."""
NOT_MELDED, MELDED = -200, -100
"""What going out on the own first turn costs each opponent."""
RUNNING_PHASES = ("ready", "turn", "paused")


@dataclass(frozen=True, slots=True)
class Settings:
    """The options chosen at setup."""

    turn_seconds: int
    overrun_penalty: str
    first_turn_bonus: str
    rounds: int


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's scores and what it did this round; ``left_round`` is when it left the game."""

    rounds: tuple[int, ...] = ()
    overruns: int = 0
    left_round: int | None = None
    melded: bool = False
    had_turn: bool = False


@dataclass(frozen=True, slots=True)
class Last:
    """What the turn just handed on ended with, and the penalty tiles it cost."""

    kind: str
    seat: int
    tiles: int


@dataclass(frozen=True, slots=True)
class Scoring:
    """A round being scored: who went out (None: stuck), each seat's tiles, the box's focus."""

    winner: int | None
    tiles: tuple[tuple[int, ...], ...]
    focus: int | None = None


@dataclass(frozen=True, slots=True)
class RommeState:
    """The whole game; ``remaining_ms`` is the turn's time left when this state was entered."""

    settings: Settings
    players: tuple[Player, ...]
    phase: str = "ready"
    round: int = 1
    starter: int = 0
    turn: int = 0
    remaining_ms: int = 0
    last: Last | None = None
    scoring: Scoring | None = None


# -- derived facts -----------------------------------------------------------------------------

def limit_ms(state: RommeState) -> int:
    """The full time of a turn."""
    return state.settings.turn_seconds * 1000


def is_left(player: Player) -> bool:
    return player.left_round is not None


def active_seats(state: RommeState) -> list[int]:
    """The seats still in the game, in seat order."""
    return [seat for seat, player in enumerate(state.players) if not is_left(player)]


def next_seat(state: RommeState, seat: int) -> int:
    """The first seat after ``seat``, clockwise, that has not left."""
    count = len(state.players)
    return next(s % count for s in range(seat + 1, seat + count + 1)
                if not is_left(state.players[s % count]))


def play_order(state: RommeState, first: int) -> list[int]:
    """The seats still in the game, clockwise from ``first`` on."""
    return sorted(active_seats(state), key=lambda seat: (seat - first) % len(state.players))


def total(player: Player) -> int:
    return sum(player.rounds)


def first_meld(state: RommeState) -> int | None:
    """The points the player on turn must lay from their own hand, until their first
    ``end_turn`` (laid tiles) of the round; None when nobody has a turn or they melded."""
    if state.phase not in RUNNING_PHASES or state.players[state.turn].melded:
        return None
    return FIRST_MELD_POINTS


def is_first_turn_out(state: RommeState) -> bool:
    winner = state.scoring.winner if state.scoring else None
    return winner is not None and not state.players[winner].had_turn


def scoring_seats(state: RommeState) -> list[int]:
    """The losers of the round being scored: everyone in it except the winner."""
    winner = state.scoring.winner if state.scoring else None
    return [seat for seat, player in enumerate(state.players)
            if seat != winner and player.left_round in (None, state.round)]


def tile_seats(state: RommeState) -> list[int]:
    """The seats whose tiles must be counted (none when a first-turn bonus replaces them)."""
    if is_first_turn_out(state) and state.settings.first_turn_bonus == "instead":
        return []
    return scoring_seats(state)


def missing_seats(state: RommeState) -> list[int]:
    assert state.scoring is not None
    return [seat for seat in tile_seats(state) if not state.scoring.tiles[seat]]


def round_points(state: RommeState, seat: int) -> int:
    """What ``seat`` scores for the round being scored, with the tiles entered so far."""
    assert state.scoring is not None
    if seat not in scoring_seats(state):
        return 0
    tiles = -sum(state.scoring.tiles[seat])
    if not is_first_turn_out(state):
        return tiles
    bonus = MELDED if state.players[seat].melded else NOT_MELDED
    return bonus + (tiles if state.settings.first_turn_bonus == "additional" else 0)


def ranking(state: RommeState) -> list[dict[str, JSON]]:
    """Fewest minus points first, ties share a place, players who left come last."""
    def key(seat: int) -> tuple[bool, int]:
        return is_left(state.players[seat]), -total(state.players[seat])

    seats = sorted(range(len(state.players)), key=key)
    return [{"seat": seat, "total": total(state.players[seat]),
             "place": 1 + sum(key(other) < key(seat) for other in seats)} for seat in seats]


# -- the turn ----------------------------------------------------------------------------------

def _with_player(state: RommeState, seat: int, player: Player) -> RommeState:
    players = (*state.players[:seat], player, *state.players[seat + 1:])
    return replace(state, players=players)


def _resume(state: RommeState, action: Action) -> RommeState:
    return replace(state, phase="turn")


def _pause(state: RommeState, action: Action) -> RommeState:
    return replace(state, phase="paused", remaining_ms=state.remaining_ms - action.elapsed_ms)


def _hand_on(state: RommeState, player: Player, last: Last) -> RommeState:
    """The turn ends with ``last``; the next seat gets a full, running clock."""
    state = replace(_with_player(state, state.turn, player), last=last)
    if len(active_seats(state)) < 2:
        return _end_round(state, None)
    return replace(state, phase="turn", turn=next_seat(state, state.turn),
                   remaining_ms=limit_ms(state))


def _in_time(state: RommeState) -> Player:
    """The current player, having ended the turn before the clock ran out."""
    return replace(state.players[state.turn], overruns=0, had_turn=True)


def _end_turn(state: RommeState, action: Action) -> RommeState:
    return _hand_on(state, replace(_in_time(state), melded=True), Last("end_turn", state.turn, 0))


def _draw(state: RommeState, action: Action) -> RommeState:
    return _hand_on(state, _in_time(state), Last("draw", state.turn, 1))


def _failed_manipulation(state: RommeState, action: Action) -> RommeState:
    return _hand_on(state, _in_time(state), Last("failed_manipulation", state.turn, 1))


def _timeout(state: RommeState, action: Action) -> RommeState:
    player = state.players[state.turn]
    player = replace(player, overruns=player.overruns + 1, had_turn=True)
    if player.overruns >= 2:
        return _hand_on(state, replace(player, left_round=state.round),
                        Last("left", state.turn, 0))
    tiles = 2 if state.settings.overrun_penalty == "one_plus_draw" else 1
    return _hand_on(state, player, Last("overrun", state.turn, tiles))


# -- the round's end and its scores ------------------------------------------------------------

def _romme(state: RommeState, action: Action) -> RommeState:
    player = replace(state.players[state.turn], overruns=0)
    return _end_round(replace(_with_player(state, state.turn, player), last=None), state.turn)


def _stuck(state: RommeState, action: Action) -> RommeState:
    player = replace(state.players[state.turn], overruns=0)
    return _end_round(replace(_with_player(state, state.turn, player), last=None), None)


def _end_round(state: RommeState, winner: int | None) -> RommeState:
    scoring = Scoring(winner, ((),) * len(state.players))
    state = replace(state, phase="scoring", scoring=scoring)
    focus = next(iter(tile_seats(state)), None)
    return replace(state, scoring=replace(scoring, focus=focus))


def _score(state: RommeState, action: Action) -> RommeState:
    assert state.scoring is not None
    seat, tiles = _seat_arg(state, action), _tiles_arg(action)
    if action.seat is not None and action.seat != seat:
        raise IllegalAction("romme.score_own_seat", seat=action.seat + 1)
    _check_tile_seat(state, seat)
    rows = state.scoring.tiles
    rows = (*rows[:seat], tiles, *rows[seat + 1:])
    _check_set(rows, IllegalAction, ("romme.round_value", "romme.round_jokers"))
    return replace(state, scoring=replace(state.scoring, tiles=rows, focus=seat))


def _confirm_scores(state: RommeState, action: Action) -> RommeState:
    players = tuple(replace(player, rounds=(*player.rounds, round_points(state, seat)),
                            melded=False, had_turn=False)
                    for seat, player in enumerate(state.players))
    state = replace(state, players=players, scoring=None, last=None)
    rounds = state.settings.rounds
    if (rounds and state.round >= rounds) or len(active_seats(state)) < 2:
        return replace(state, phase="over")
    starter = next_seat(state, state.starter)
    return replace(state, phase="ready", round=state.round + 1, starter=starter, turn=starter,
                   remaining_ms=limit_ms(state))


def _finish(state: RommeState, action: Action) -> RommeState:
    return replace(state, phase="over", round=state.round - 1)


# -- who may do what when ----------------------------------------------------------------------

def _check_anyone(state: RommeState, action: Action) -> None:
    """Pause, resume and finish are the group's, so every phone may send them."""


def _check_turn(state: RommeState, action: Action) -> None:
    if action.seat is not None and action.seat != state.turn:
        raise IllegalAction("romme.not_your_turn", seat=state.turn + 1)


def _check_clock(state: RommeState, action: Action) -> None:
    if action.seat is not None:
        raise IllegalAction("romme.timeout_clock")
    left = state.remaining_ms - action.elapsed_ms
    if left > 0:
        raise IllegalAction("romme.timeout_early", seconds=-(-left // 1000))


def _check_scorer(state: RommeState, action: Action) -> None:
    if not tile_seats(state):
        raise IllegalAction("romme.scores_fixed")
    if action.seat is not None:
        _check_tile_seat(state, action.seat)


def _check_tile_seat(state: RommeState, seat: int) -> None:
    if seat in tile_seats(state):
        return
    if state.scoring is not None and seat == state.scoring.winner:
        raise IllegalAction("romme.score_winner", seat=seat + 1)
    raise IllegalAction("romme.score_left", seat=seat + 1)


def _check_complete(state: RommeState, action: Action) -> None:
    missing = missing_seats(state)
    if missing:
        raise IllegalAction("romme.scores_missing", seats=", ".join(str(s + 1) for s in missing))


def _check_finish(state: RommeState, action: Action) -> None:
    if state.settings.rounds:
        raise IllegalAction("romme.finish_fixed", rounds=state.settings.rounds)
    if state.round < 2:
        raise IllegalAction("romme.finish_unplayed")


Rule = tuple[tuple[str, ...], Callable[[RommeState, Action], None],
             Callable[[RommeState, Action], RommeState]]

RULES: dict[str, Rule] = {
    "resume": (("ready", "paused"), _check_anyone, _resume),
    "pause": (("turn",), _check_anyone, _pause),
    "end_turn": (("turn",), _check_turn, _end_turn),
    "draw": (("turn",), _check_turn, _draw),
    "failed_manipulation": (("turn",), _check_turn, _failed_manipulation),
    "timeout": (("turn",), _check_clock, _timeout),
    "romme": (("turn",), _check_turn, _romme),
    "stuck": (("turn",), _check_turn, _stuck),
    "score": (("scoring",), _check_scorer, _score),
    "confirm_scores": (("scoring",), _check_complete, _confirm_scores),
    "finish": (("ready",), _check_finish, _finish),
}
"""Each action: the phases it is legal in, who may send it then, and what it does."""

ARGUMENTS: Arguments = {kind: {} for kind in RULES} | {"score": {"seat": int, "tiles": list}}
"""What each action takes: only a score names the seat and its tiles (1-10, a joker 50)."""


def check(state: RommeState, action: Action) -> None:
    """Raise unless ``action`` (its args aside) may be done now by whoever sent it."""
    if action.type not in RULES:
        raise InvalidAction("error.action_unknown", type=action.type)
    phases, who, _ = RULES[action.type]
    if state.phase not in phases:
        raise IllegalAction(f"romme.phase.{state.phase}")
    if state.phase == "turn" and action.type != "timeout" and (
            action.elapsed_ms >= state.remaining_ms):
        raise IllegalAction("romme.time_up")
    who(state, action)


def allowed_actions(state: RommeState, seat: int | None) -> list[str]:
    """The action types ``seat`` (None: the box) may send now."""
    return allowed(check, RULES, state, seat)


def _seat_arg(state: RommeState, action: Action) -> int:
    seat = action.args.get("seat")
    if not whole(seat) or not 0 <= seat < len(state.players):
        raise InvalidAction("romme.seat_invalid")
    return seat


def _tiles_arg(action: Action) -> tuple[int, ...]:
    tiles = action.args.get("tiles")
    if not isinstance(tiles, list | tuple) or not all(
            whole(t) and t in TILE_SET for t in tiles):
        raise InvalidAction("romme.tiles_invalid")
    _check_set([tiles], InvalidAction, ("romme.hand_value", "romme.hand_jokers"))
    return tuple(tiles)


def _check_set(hands: Iterable[Sequence[int]], error: type[InvalidAction | IllegalAction],
               keys: tuple[str, str]) -> None:
    """Refuse ``hands`` that together hold more of a value than the set has (84 jokers...);
    ``keys`` name the sentence for a value and for the jokers."""
    held = Counter(tile for hand in hands for tile in hand)
    for tile, count in sorted(held.items()):
        if count > TILE_SET[tile]:
            raise error(keys[tile == JOKER], value=tile, count=count, maximum=TILE_SET[tile])


# -- views -------------------------------------------------------------------------------------

def public_view(state: RommeState) -> dict[str, JSON]:
    playing = state.phase in RUNNING_PHASES
    return {
        "phase": state.phase,
        "round": state.round,
        "rounds": state.settings.rounds,
        "turn": state.turn if playing else None,
        "first_meld": first_meld(state),
        "starter": state.starter,
        "players": [{"seat": seat, "total": total(p), "rounds": list(p.rounds),
                     "overruns": p.overruns, "left": is_left(p), "melded": p.melded}
                    for seat, p in enumerate(state.players)],
        "order": play_order(state, state.turn if playing else state.starter),
        "last": None if state.last is None else {"kind": state.last.kind, "seat": state.last.seat,
                                                 "tiles": state.last.tiles},
        "scoring": _scoring_view(state),
        "ranking": ranking(state),
    }


def outcome(state: RommeState) -> dict[str, JSON] | None:
    """The result once the game is over: places by fewest minus points, totals, every round."""
    if state.phase != "over":
        return None
    places = {int(entry["seat"]): entry["place"] for entry in ranking(state)}
    results = [{"seat": seat, "place": place, "score": total(state.players[seat]),
                "rounds": list(state.players[seat].rounds), "left": is_left(state.players[seat])}
               for seat, place in places.items()]
    return {"results": results, "rounds": max(len(p.rounds) for p in state.players)}


def _scoring_view(state: RommeState) -> dict[str, JSON] | None:
    if state.scoring is None:
        return None
    return {"winner": state.scoring.winner, "first_turn_out": is_first_turn_out(state),
            "tiles": {str(seat): list(tiles) for seat, tiles in enumerate(state.scoring.tiles)
                      if tiles},
            "missing": missing_seats(state), "focus": state.scoring.focus,
            "points": {str(seat): round_points(state, seat) for seat in scoring_seats(state)}}


# -- the box -----------------------------------------------------------------------------------

def controls(state: RommeState) -> Controls:
    if state.phase == "turn":
        menu = [MenuItem(f"romme.menu.{kind}", Action(kind))
                for kind in ("draw", "failed_manipulation", "romme", "stuck")]
        return Controls(menu, {Button.TURN: Action("end_turn"), Button.TURN_LONG: Action("pause")})
    if state.phase in ("ready", "paused"):
        menu = ([MenuItem("romme.menu.finish", Action("finish"))]
                if "finish" in allowed_actions(state, None) else [])
        return Controls(menu, {Button.TURN: Action("resume"), Button.TURN_LONG: Action("resume")})
    if state.phase == "scoring":
        return _scoring_controls(state)
    return Controls([MenuItem("romme.menu.end_game", Action("table.end_game"))])


def _scoring_controls(state: RommeState) -> Controls:
    """Enter each loser's tiles on the box alone: add values to the seat in focus, move on."""
    assert state.scoring is not None
    menu, keys = [], {}
    seats, focus = tile_seats(state), state.scoring.focus
    if focus is not None:
        tiles = list(state.scoring.tiles[focus])
        menu = [MenuItem("romme.menu.add_joker" if value == JOKER else "romme.menu.add_tile",
                         Action("score", None, {"seat": focus, "tiles": [*tiles, value]}),
                         {"seat": focus + 1, "value": value})
                for value in (*range(1, 11), JOKER)]
        menu.append(MenuItem("romme.menu.clear", Action("score", None, {"seat": focus,
                                                                          "tiles": []}),
                             {"seat": focus + 1}))
    if len(seats) > 1 and focus is not None:
        after = seats[(seats.index(focus) + 1) % len(seats)]
        move = Action("score", None, {"seat": after,
                                      "tiles": list(state.scoring.tiles[after])})
        menu.append(MenuItem("romme.menu.next_seat", move, {"seat": after + 1}))
        keys[Button.TURN] = move
    if not missing_seats(state):
        menu.append(MenuItem("romme.menu.confirm", Action("confirm_scores")))
    return Controls(menu, keys)


def leds(view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
    """The time left as 24 LEDs: yellow drains first, red holds the last quarter."""
    timer = view.get("timer")
    if remaining_ms is None or not timer:
        return LedFrame()
    limit = int(timer["limit_ms"])
    lit = -(-LEDS * max(0, min(remaining_ms, limit)) // limit)
    return LedFrame.bars([max(0, min(6, lit - 6 * (3 - column))) for column in range(4)])


def sounds(before: Mapping[str, JSON], after: Mapping[str, JSON]) -> list[Sound]:
    """OVERRUN when the clock ends a turn, DONE when a round ends; never when undo steps back."""
    old, new = _game_view(before), _game_view(after)
    said = []
    if _is_new_overrun(old, new):
        said.append(Sound.OVERRUN)
    if old.get("phase") == "turn" and new.get("phase") == "scoring":
        said.append(Sound.DONE)
    return said


def _is_new_overrun(old: Mapping[str, JSON], new: Mapping[str, JSON]) -> bool:
    """The last turn was an overrun and its player's count in a row just went up."""
    last, before = new.get("last"), old.get("players") or []
    if not last or last["kind"] not in ("overrun", "left") or last["seat"] >= len(before):
        return False
    seat = last["seat"]
    return bool(new["players"][seat]["overruns"] > before[seat]["overruns"])


def _game_view(view: Mapping[str, JSON]) -> Mapping[str, JSON]:
    """The game's part of a table view (a game view is taken as it is)."""
    state = view.get("state")
    return state if isinstance(state, Mapping) else view


# -- JSON --------------------------------------------------------------------------------------

def to_json(state: RommeState) -> dict[str, JSON]:
    s, sc = state.settings, state.scoring
    return {
        "settings": [s.turn_seconds, s.overrun_penalty, s.first_turn_bonus, s.rounds],
        "players": [[list(p.rounds), p.overruns, p.left_round, p.melded, p.had_turn]
                    for p in state.players],
        "phase": state.phase, "round": state.round, "starter": state.starter,
        "turn": state.turn, "remaining_ms": state.remaining_ms,
        "last": None if state.last is None else [state.last.kind, state.last.seat,
                                                 state.last.tiles],
        "scoring": None if sc is None else [sc.winner, [list(t) for t in sc.tiles], sc.focus],
    }


def from_json(data: Mapping[str, Any]) -> RommeState:
    sc = data["scoring"]
    return RommeState(
        settings=Settings(*data["settings"]),
        players=tuple(Player(tuple(r), o, left, m, had) for r, o, left, m, had in data["players"]),
        phase=data["phase"], round=data["round"], starter=data["starter"], turn=data["turn"],
        remaining_ms=data["remaining_ms"],
        last=None if data["last"] is None else Last(*data["last"]),
        scoring=None if sc is None else Scoring(sc[0], tuple(tuple(t) for t in sc[1]), sc[2]),
    )


# -- setup -------------------------------------------------------------------------------------

def setup(options: Mapping[str, JSON], seats: int, args: Mapping[str, JSON]) -> RommeState:
    settings = Settings(options["turn_seconds"], options["overrun_penalty"],
                        options["first_turn_bonus"], options["rounds"])
    chosen = options["first_player"]
    first = args.get("first_player") if chosen == "random" else chosen
    if not whole(first):
        raise InvalidAction("romme.first_player_missing")
    if not 0 <= first < seats:
        raise InvalidAction("romme.first_player_seat", seat=first + 1, seats=seats)
    return RommeState(settings, (Player(),) * seats, starter=first, turn=first,
                      remaining_ms=settings.turn_seconds * 1000)


def draw_first_player(action: Action, chance: Chance) -> Action:
    """For a new game with a random first player, draw the seat into ``args["chance"]``."""
    options, seats = action.args.get("options", {}), action.args.get("seats")
    choice = options.get("first_player", "random") if isinstance(options, Mapping) else None
    if choice != "random" or not whole(seats) or seats < 1:
        return action
    return replace(action, args={**action.args, "chance": {"first_player":
                                                          chance.randrange(seats)}})


TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "romme.phase.ready": "Die Runde hat noch nicht begonnen: Erst die Uhr starten.",
        "romme.phase.turn": "Das geht nicht, während ein Zug läuft.",
        "romme.phase.paused": "Das Spiel ist pausiert: Erst weiterspielen.",
        "romme.phase.scoring": "Die Runde wird gerade gewertet.",
        "romme.phase.over": "Das Spiel ist vorbei.",
        "romme.not_your_turn": "Platz {seat} ist am Zug, nicht du.",
        "romme.time_up": "Die Zeit ist abgelaufen: Zuerst zählt die Überschreitung.",
        "romme.timeout_clock": "Die Zeit abpfeifen kann nur die Uhr der Box.",
        "romme.timeout_early": "Die Zeit ist noch nicht um: {seconds} s sind übrig.",
        "romme.seat_invalid": "Für die Wertung fehlt ein gültiger Platz.",
        "romme.tiles_invalid": "Steine sind Werte von 1 bis 10, ein Joker zählt 50.",
        "romme.hand_value": "Das Spiel hat nur {maximum} Steine mit der {value}, nicht {count}.",
        "romme.hand_jokers": "Das Spiel hat nur {maximum} Joker, nicht {count}.",
        "romme.round_value": "Das Spiel hat nur {maximum} Steine mit der {value}: Zusammen "
                             "hielten die Hände dieser Runde {count}.",
        "romme.round_jokers": "Das Spiel hat nur {maximum} Joker: Zusammen hielten die Hände "
                              "dieser Runde {count}.",
        "romme.score_own_seat": "Dein Telefon darf nur die eigenen Steine eintragen "
                                "(Platz {seat}).",
        "romme.score_winner": "Platz {seat} ist ausgegangen und bekommt 0 Punkte.",
        "romme.score_left": "Platz {seat} spielt in dieser Runde nicht mit.",
        "romme.scores_fixed": "Im ersten Zug ausgegangen: Die Wertung steht fest, "
                              "es gibt nichts zu zählen.",
        "romme.scores_missing": "Es fehlen noch die Steine von Platz {seats}.",
        "romme.finish_fixed": "Dieses Spiel hat {rounds} Runden und endet von selbst.",
        "romme.finish_unplayed": "Es ist noch keine Runde gewertet: Erst eine Runde spielen.",
        "romme.first_player_missing": "Wer anfängt, wurde nicht ausgelost.",
        "romme.first_player_seat": "Platz {seat} gibt es an einem Tisch mit {seats} Plätzen "
                                   "nicht.",
        "romme.menu.draw": "Stein gezogen",
        "romme.menu.failed_manipulation": "Manipulation misslungen (+1 Stein)",
        "romme.menu.romme": "Rommé! Ausgegangen",
        "romme.menu.stuck": "Kein Zug mehr möglich",
        "romme.menu.add_tile": "Platz {seat}: +{value}",
        "romme.menu.add_joker": "Platz {seat}: +Joker",
        "romme.menu.clear": "Platz {seat}: löschen",
        "romme.menu.next_seat": "Weiter zu Platz {seat}",
        "romme.menu.confirm": "Wertung bestätigen",
        "romme.menu.finish": "Spiel beenden",
        "romme.menu.end_game": "Zurück zur Spielauswahl",
        "romme.last.end_turn": "Platz {seat} hat ausgelegt.",
        "romme.last.draw": "Platz {seat} hat einen Stein gezogen.",
        "romme.last.failed_manipulation": "Platz {seat}: Manipulation misslungen, "
                                          "{tiles} Strafstein.",
        "romme.last.overrun": "Platz {seat}: Zeit überschritten, {tiles} Strafstein(e).",
        "romme.last.left": "Platz {seat}: zweimal in Folge zu lange, verlässt das Spiel.",
    },
    "en": {
        "romme.phase.ready": "The round has not started yet: start the clock first.",
        "romme.phase.turn": "That is not possible while a turn is running.",
        "romme.phase.paused": "The game is paused: resume it first.",
        "romme.phase.scoring": "The round is being scored.",
        "romme.phase.over": "The game is over.",
        "romme.not_your_turn": "It is seat {seat}'s turn, not yours.",
        "romme.time_up": "Time is up: the overrun counts first.",
        "romme.timeout_clock": "Only the box's clock can call time.",
        "romme.timeout_early": "Time is not up yet: {seconds} s left.",
        "romme.seat_invalid": "The score needs a valid seat.",
        "romme.tiles_invalid": "Tiles are values from 1 to 10; a joker counts 50.",
        "romme.hand_value": "The set has only {maximum} tiles of value {value}, not {count}.",
        "romme.hand_jokers": "The set has only {maximum} jokers, not {count}.",
        "romme.round_value": "The set has only {maximum} tiles of value {value}: the hands of "
                             "this round would hold {count} together.",
        "romme.round_jokers": "The set has only {maximum} jokers: the hands of this round would "
                              "hold {count} together.",
        "romme.score_own_seat": "Your phone may only enter your own tiles (seat {seat}).",
        "romme.score_winner": "Seat {seat} went out and scores 0.",
        "romme.score_left": "Seat {seat} is not playing in this round.",
        "romme.scores_fixed": "Out on the first turn: the scores are fixed, there is nothing "
                              "to count.",
        "romme.scores_missing": "The tiles of seat {seats} are still missing.",
        "romme.finish_fixed": "This game has {rounds} rounds and ends by itself.",
        "romme.finish_unplayed": "No round has been scored yet: play a round first.",
        "romme.first_player_missing": "Nobody was drawn to start.",
        "romme.first_player_seat": "There is no seat {seat} at a table of {seats}.",
        "romme.menu.draw": "Drew a tile",
        "romme.menu.failed_manipulation": "Failed manipulation (+1 tile)",
        "romme.menu.romme": "Rommé! Went out",
        "romme.menu.stuck": "Nobody can move",
        "romme.menu.add_tile": "Seat {seat}: +{value}",
        "romme.menu.add_joker": "Seat {seat}: +Joker",
        "romme.menu.clear": "Seat {seat}: clear",
        "romme.menu.next_seat": "On to seat {seat}",
        "romme.menu.confirm": "Confirm the scores",
        "romme.menu.finish": "End the game",
        "romme.menu.end_game": "Back to the games",
        "romme.last.end_turn": "Seat {seat} laid tiles.",
        "romme.last.draw": "Seat {seat} drew a tile.",
        "romme.last.failed_manipulation": "Seat {seat}: failed manipulation, {tiles} penalty "
                                          "tile.",
        "romme.last.overrun": "Seat {seat}: out of time, {tiles} penalty tile(s).",
        "romme.last.left": "Seat {seat}: out of time twice in a row, leaves the game.",
    },
}


class RommeGame:
    """Räuber-Rommé as a ``Game``: the module's functions behind the common surface."""

    id = "romme"
    title: Mapping[str, str] = {"de": "Räuber-Rommé", "en": "Räuber-Rommé"}
    min_seats, max_seats = 2, 6
    options: Sequence[Option] = (
        Option("turn_seconds", 50, minimum=15, maximum=180),
        Option("overrun_penalty", "one", choices=("one", "one_plus_draw")),
        Option("first_turn_bonus", "instead", choices=("instead", "additional")),
        Option("rounds", 0, minimum=0, maximum=20),
        Option("first_player", "random", choices=("random", 0, 1, 2, 3, 4, 5)),
    )
    texts: Mapping[str, Mapping[str, str]] = TEXTS
    arguments: Arguments = ARGUMENTS

    def setup(self, options: Mapping[str, JSON], seats: int,
              args: Mapping[str, JSON]) -> RommeState:
        return setup(options, seats, args)

    def draw(self, state: Any, action: Action, chance: Chance) -> Action:
        return draw_first_player(action, chance) if action.type == "table.new_game" else action

    def is_reveal(self, action: Action) -> bool:
        return False

    def apply(self, state: RommeState, action: Action) -> RommeState:
        check(state, action)
        return RULES[action.type][2](state, action)

    def timer(self, state: RommeState) -> Timer | None:
        if state.phase not in RUNNING_PHASES:
            return None
        return Timer(state.remaining_ms, state.phase == "turn", limit_ms(state))

    def on_restart(self, state: RommeState) -> Action | None:
        return Action("pause") if state.phase == "turn" else None

    def public_view(self, state: RommeState) -> dict[str, JSON]:
        return public_view(state)

    def private_view(self, state: RommeState, seat: int) -> dict[str, JSON]:
        return {**public_view(state), "actions": allowed_actions(state, seat)}

    def controls(self, state: RommeState) -> Controls:
        return controls(state)

    def outcome(self, state: RommeState) -> dict[str, JSON] | None:
        return outcome(state)

    def leds(self, view: Mapping[str, JSON], remaining_ms: int | None) -> LedFrame:
        return leds(view, remaining_ms)

    def sounds(self, before: Mapping[str, JSON], after: Mapping[str, JSON]) -> Sequence[Sound]:
        return sounds(before, after)

    def to_json(self, state: RommeState) -> JSON:
        return to_json(state)

    def from_json(self, data: JSON) -> RommeState:
        return from_json(data)


GAME = RommeGame()
