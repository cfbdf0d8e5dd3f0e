"""The table's own rules: choosing and ending a game, undo, the box's language; seats, hosts,
Wi-Fi and saved documents in modules of their own. Every table step is declared here once:
what it does and takes, and who may send it.

Pure like the game modules: ``apply_table(state, action, games)`` returns a new TableState.
Game actions are passed on to the current game's ``apply``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games import base
from companion.games.base import (
    CHANCE,
    JSON,
    TIMEOUT,
    Action,
    Game,
    Games,
    GetawayError,
    IllegalAction,
    InvalidAction,
    Sender,
    Undo,
    check_arguments,
    check_options,
    check_sender,
    logged_options,
    whole,
)
from companion.table import box_options, hosts, linking, seats, settings, teaching
from companion.table.documents import documents, forget, save
from companion.table.state import UNDO_DEPTH, Handler, Step, TableState, undoable

NEXT_GAME = "table.next_game"
NEW_GAME = frozenset({"table.new_game", "table.rematch", NEXT_GAME})
"""The actions that start a game (the Table snapshots the table before each)."""
ACTION_BYTES = 16 * 1024
"""The most an action may weigh as JSON: a saved scenario fits, junk for the log does not."""


ASK_AGAIN = "table.ask_again"


def apply_table(state: TableState, action: Action, games: Games) -> TableState:
    """The state after ``action``; table actions start with ``table.``, the rest go to the game.
    Whatever happens meanwhile, the box stops asking again about a step."""
    if state.again is not None and action.type != ASK_AGAIN:
        state = replace(state, again=None)
    table_step = TABLE_STEPS.get(action.type)
    if table_step is not None:
        check_sender(table_step, state, action)
        return table_step.does(state, action, games)
    if action.type.startswith("table."):
        raise InvalidAction("error.action_unknown", type=action.type)
    game = _current(state, games)
    _no_phone_at(state, game.acts_for(state.game, action))
    after = game.apply(state.game, action)
    timer = game.timer(after)
    step = Step(state.game, action.type, action.seat, final(game, state.game, action, after),
                state.clock_ms, clock_runs=timer is not None and timer.running,
                taught=state.teaching, shared=game.steps[action.type].undo is Undo.SHARED)
    return linking.settled(state, teaching.taught(
        state, replace(state, game=after, clock_ms=state.clock_ms + action.elapsed_ms,
                       undo=((*state.undo, step))[-UNDO_DEPTH:]), games), games)


def final(game: Game[Any], before: Any, action: Action, after: Any) -> str | None:
    """Why undo may never take ``action`` back (the refusal's text key), or None: the clock's
    verdict, a step the game declares final (or drawn by the box), and the end of the game."""
    if action.type == TIMEOUT:
        return "error.undo_clock"
    kind = game.steps[action.type].undo
    if kind is Undo.FINAL or (kind is Undo.DRAWN and CHANCE in action.args):
        return "error.undo_reveal"
    if game.outcome(before) is None and game.outcome(after) is not None:
        return "error.undo_over"
    return None


def _no_phone_at(state: TableState, seat: int | None) -> None:
    """A seat's secret part is played for it only while no phone holds the seat."""
    if seat is not None and 0 <= seat < len(state.seats) and state.seats[seat].token_hash:
        raise IllegalAction("error.seat_has_phone", seat=seat + 1)


def may_send(state: TableState, action: Action, games: Games) -> bool:
    """Whether ``action``'s sender may send it now, its arguments aside: who may send it, as
    its step declares, in the state at hand, and no phone holding the seat whose secret part
    it plays. The box's menus offer only what it may send."""
    try:
        table_step = TABLE_STEPS.get(action.type)
        if table_step is not None:
            check_sender(table_step, state, action)
            return True
        game = _current(state, games)
        _no_phone_at(state, game.acts_for(state.game, action))
        game.rules.check(state.game, action)
    except GetawayError:
        return False
    return True


def check_action(state: TableState, action: Action, games: Games) -> None:
    """Refuse what no rule should see: an unknown action, arguments it does not declare or of
    the wrong type, or an action too big. The Table asks this of every new action (not of the
    log's, which were checked when they came)."""
    declared = {kind: step.arguments for kind, step in TABLE_STEPS.items()} if (
        action.type.startswith("table.")) else _current(state, games).arguments
    if action.type not in declared:
        raise InvalidAction("error.action_unknown", type=action.type[:40])
    check_arguments(declared[action.type], action.args)
    if len(json.dumps(action.to_json(), separators=(",", ":"))) > ACTION_BYTES:
        raise InvalidAction("error.action_too_large", maximum=ACTION_BYTES // 1024)


def _current(state: TableState, games: Games) -> Game[Any]:
    if state.game_id is None:
        raise IllegalAction("error.no_game")
    return games[state.game_id]


def _new_game(state: TableState, action: Action, games: Games) -> TableState:
    game_id, count = action.args.get("game"), action.args.get("seats")
    if state.game_id is not None:
        raise IllegalAction("error.game_running")
    if not isinstance(game_id, str) or game_id not in games:
        raise InvalidAction("error.game_unknown", game=str(game_id))
    game = games[game_id]
    if not whole(count) or not game.min_seats <= count <= game.max_seats:
        raise InvalidAction("error.seat_count", minimum=game.min_seats, maximum=game.max_seats)
    raw_options = action.args.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise InvalidAction("error.action_malformed")
    options = logged_options(game.options, raw_options)
    seated = seats.seated(box_options.used(state, game, options), count)
    places = len(seated.seats) + len(seated.benched)
    claims = tuple(c for c in state.claims if c.seat < places)
    drawn = action.args.get("chance", {})
    setup: dict[str, JSON] = {"game": game_id, "seats": count, "options": dict(options)}
    return teaching.started(
        replace(seated, game_id=game_id, undo=(), clock_ms=0, claims=claims,
                last_setup=setup, box_setup=None,
                game=game.setup(options, count, drawn, documents(state, game))), game_id)


def with_every_option(action: Action, games: Games) -> Action:
    """A new game as the Table logs it: every option spelled out, so that a later default
    (or an option added later) never changes how it replays."""
    game, options = games.get(str(action.args.get("game"))), action.args.get("options", {})
    if game is None or not isinstance(options, Mapping):
        return action
    return replace(action, args={**action.args, "options": check_options(game.options, options)})


def rematch_setup(state: TableState, games: Games) -> Action:
    """The ``table.new_game`` a rematch stands for: the game over, same game, seats, options."""
    game = _current(state, games)
    if game.outcome(state.game) is None or state.last_setup is None:
        raise IllegalAction("error.rematch_not_over")
    return Action("table.new_game", None, dict(state.last_setup))


def _rematch(state: TableState, action: Action, games: Games) -> TableState:
    """One tap after a game over: the same players play again with the same options."""
    again = rematch_setup(state, games)
    drawn = replace(again, args={**again.args, "chance": action.args.get("chance", {})})
    return _new_game(replace(state, game_id=None, game=None), drawn, games)


def next_setup(state: TableState, games: Games, game_id: object) -> Action:
    """The ``table.new_game`` a phone's "another game" stands for, once the game is over:
    ``game_id`` for the evening's players (as many seats as the game has room for; the others
    sit it out) with the options the box starts it with, every one spelled out."""
    game = _current(state, games)
    if game.outcome(state.game) is None:
        raise IllegalAction("error.next_not_over")
    if not isinstance(game_id, str) or game_id not in games:
        raise InvalidAction("error.game_unknown", game=str(game_id))
    chosen = games[game_id]
    count = min(max(seats.players(state), chosen.min_seats), chosen.max_seats)
    options = check_options(chosen.options, state.box_options.get(game_id, {}))
    return Action("table.new_game", None, {"game": game_id, "seats": count, "options": options})


def next_games(state: TableState, games: Games) -> list[dict[str, JSON]]:
    """What a phone may choose after the game's result: each game and its seats for the
    evening's players (``next_setup``)."""
    return [{"id": gid, "title": dict(game.title),
             "seats": next_setup(state, games, gid).args["seats"]} for gid, game in games.items()]


def _next_game(state: TableState, action: Action, games: Games) -> TableState:
    """Another game after a game over, chosen by anyone at the table: the evening's players
    play it (``next_setup``, as the Table spelled it out in ``setup``)."""
    chosen = next_setup(state, games, action.args.get("game"))
    setup = action.args.get("setup", {key: chosen.args[key] for key in ("seats", "options")})
    drawn = {"chance": action.args.get("chance", {})}
    started = replace(chosen, args={**chosen.args, **setup, **drawn})
    return _new_game(seats.all_seated(replace(state, game_id=None, game=None)), started, games)


def _end_game(state: TableState, action: Action, games: Games) -> TableState:
    """Back to the lobby; a game ended before its end is recorded under its seats' players,
    who they stay (the table page asks no more whether they played before)."""
    _current(state, games)
    return replace(seats.all_seated(linking.by_name(state)), game_id=None, game=None, undo=(),
                   clock_ms=0, ending=False)


def _end_ask(state: TableState, action: Action, games: Games) -> TableState:
    """The box asks whether to end the game under way (``ask``), or stops asking."""
    _current(state, games)
    return replace(state, ending=action.args.get("ask") is True)


def _ask_again(state: TableState, action: Action, games: Games) -> TableState:
    """The box asks once more before it sends a game's step that may end the game (``step``
    with its ``args``), or stops asking (without ``step``)."""
    game = _current(state, games)
    kind = action.args.get("step")
    if kind is None:
        return replace(state, again=None)
    step = game.steps.get(str(kind))
    if step is None or not step.confirm:
        raise InvalidAction("error.action_unknown", type=str(kind)[:40])
    return replace(state, again=Action(str(kind), None, dict(action.args.get("args", {}))))


def _undo(state: TableState, action: Action, games: Games) -> TableState:
    """Go back to the state before the last step, less all the time the clocks ran since it
    was entered: undo takes back what was done, never the seconds that passed."""
    step, game = undoable(state, action.seat), _current(state, games)
    clock_ms = state.clock_ms + action.elapsed_ms
    restored = game.spend(step.game, clock_ms - step.clock_ms)
    restored = _no_more_time(game, state.game, action.elapsed_ms, restored)
    return replace(state, game=restored, undo=state.undo[:-1], clock_ms=clock_ms,
                   teaching=teaching.untaught(state.teaching, step.taught))


def _no_more_time(game: Game[Any], now: Any, elapsed_ms: int, restored: Any) -> Any:
    """``restored`` with no more time on its turn's clock than the turn undone had left: a
    settle time taken back may have ended meanwhile, but the next turn gains nothing by it."""
    before, after = game.timer(now), game.timer(restored)
    if before is None or after is None or not (before.turn and after.turn):
        return restored
    left = before.remaining_ms - (elapsed_ms if before.running else 0)
    return game.spend(restored, after.remaining_ms - left) if after.remaining_ms > left else (
        restored)


HOST, OWN_SEAT, SERVER = Sender.HOST, Sender.OWN_SEAT, Sender.SERVER

TOKEN = frozenset({"token_hash"})
"""What the phone server fills in for a phone: the hash of the token it drew for it."""

TableStep = base.Step[TableState, Handler]
"""One of the table's own steps: its ``does`` also reads the box's games."""

TABLE_STEPS: Mapping[str, TableStep] = {
    "table.new_game": base.Step(does=_new_game, by=HOST,
                                arguments={"game": str, "seats": int, "options": dict}),
    "table.end_game": base.Step(does=_end_game, by=HOST),
    "table.end_ask": base.Step(does=_end_ask, by=HOST, arguments={"ask": bool}),
    ASK_AGAIN: base.Step(does=_ask_again, by=HOST, arguments={"step": str, "args": dict}),
    "table.setup": base.Step(does=box_options.setup, by=HOST,
                             arguments={"game": str, "option": str}),
    "table.option": base.Step(does=box_options.choose, by=HOST,
                              arguments={"game": str, "option": str, "value": object}),
    "table.rematch": base.Step(does=_rematch, arguments={"chance": dict},
                               filled_in=frozenset({CHANCE})),
    NEXT_GAME: base.Step(does=_next_game, arguments={"game": str, "setup": dict, "chance": dict},
                         filled_in=frozenset({"setup", CHANCE})),
    "table.undo": base.Step(does=_undo),
    "table.claim": base.Step(does=seats.claim, by=SERVER,
                             arguments={"seat": int, "name": str, "token_hash": str,
                                        "replaces": str, "force": bool},
                             filled_in=frozenset({"token_hash", "replaces", "force"})),
    "table.rename": base.Step(does=seats.rename, by=OWN_SEAT,
                              arguments={"seat": int, "name": str}),
    "table.release": base.Step(does=seats.release, by=OWN_SEAT, arguments={"seat": int}),
    linking.LINK: base.Step(does=linking.link, by=HOST,
                            arguments={"seat": int, "player": str, "new": bool,
                                       "name": str, "player_colour": str},
                            filled_in=frozenset({"player_colour"})),
    "table.language": base.Step(does=settings.language, by=HOST, arguments={"language": str}),
    "table.request": base.Step(does=seats.request, by=SERVER,
                               arguments={"seat": int, "name": str, "token_hash": str},
                               filled_in=TOKEN),
    "table.grant": base.Step(does=seats.grant, by=OWN_SEAT, arguments={"seat": int}),
    "table.deny": base.Step(does=seats.deny, by=OWN_SEAT, arguments={"seat": int}),
    "table.withdraw": base.Step(does=seats.withdraw, by=SERVER, arguments={"token_hash": str},
                                filled_in=TOKEN),
    "table.wifi": base.Step(does=settings.save_wifi, by=HOST,
                            arguments={"ssid": str, "security": str, "hidden": bool,
                                       "password": str}),
    "table.show_wifi": base.Step(does=settings.show_wifi, by=HOST, arguments={"show": bool}),
    "table.save": base.Step(does=save, by=HOST,
                            arguments={"game": str, "kind": str, "name": str, "data": object}),
    "table.forget": base.Step(does=forget, by=HOST,
                              arguments={"game": str, "kind": str, "name": str}),
    "table.host_ask": base.Step(does=hosts.host_ask, by=SERVER,
                                arguments={"token_hash": str, "label": str},
                                filled_in=frozenset({"token_hash", "label"})),
    "table.host_grant": base.Step(does=hosts.host_grant, by=HOST),
    "table.host_add": base.Step(does=hosts.host_add, by=SERVER, arguments={"token_hash": str},
                                filled_in=TOKEN),
    "table.host_refuse": base.Step(does=hosts.host_refuse, by=HOST),
    "table.hosts_forget": base.Step(does=hosts.hosts_forget, by=HOST),
    "table.guide": base.Step(does=teaching.guide,
                             arguments={"first_game": bool, "tick": str, "show": bool}),
}
"""The table's own steps: what each does and takes, and who may send it. Only the box and the
table page (the host) run the table, the box's own settings, its saved documents and who else
is the host; what each step's ``filled_in`` names is the phone server's or the Table's to
fill in, never a phone's."""

FILLED_IN = frozenset().union(*(step.filled_in for step in TABLE_STEPS.values()))
"""The arguments only the box fills in (what chance decided, which every game's ``draw`` puts
under the rematch's ``chance`` too; the phone server's tokens): an action from a phone or the
table page that passes one is refused."""


def sent_by(kind: str) -> Sender:
    """Who may send an action of type ``kind``: the table's own steps as declared; the clock's
    verdict only the Table (every game declares it so); any game step anyone, as far as the
    game's checks let them."""
    if kind == TIMEOUT:
        return SERVER
    table_step = TABLE_STEPS.get(kind)
    return Sender.ANYONE if table_step is None else table_step.by
