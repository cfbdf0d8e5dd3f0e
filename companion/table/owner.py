"""The one owner of state: a thread that applies actions from a queue, one at a time.

Each action is stamped with the time it was submitted, filled in by chance where the game
asks, applied by the pure rules, written to the event log, and only then published as views.
The Table also watches the running turn timer and submits the timeout itself.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import queue
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Container
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path

from companion import i18n
from companion.games.base import (
    JSON,
    TIMEOUT,
    Action,
    Chance,
    Games,
    GetawayError,
    IllegalAction,
    Timer,
)
from companion.table import linking, seats
from companion.table.finished import finished_game
from companion.table.menu import table_controls
from companion.table.published import Published, token_hash
from companion.table.records import evening, known_players, player_colours, told_apart
from companion.table.rules import (
    NEW_GAME,
    NEXT_GAME,
    apply_table,
    check_action,
    next_setup,
    rematch_setup,
    with_every_option,
)
from companion.table.state import TableState, reachable
from companion.table.store import Snapshot, Store
from companion.table.teaching import played_to_the_end
from companion.table.unchanged import Unchanged
from companion.table.views import table_views

log = logging.getLogger(__name__)

CHECKPOINT_S = 2.0
"""How often the time a running turn has used is saved (about 120 KB a minute on the SD card)."""
LATE_S = 0.5
"""How much later than due a save may come when the box is busy."""
RETRY_S = 1.0
"""How soon a timeout that could not be saved (a full disk) is tried again."""
SNAPSHOT_EVERY = 1000
"""After how many events within one game the table is snapshotted again, once undo reaches
back no more than SHORT_UNDO steps (a snapshot keeps those), at the latest after twice as many:
a start replays no more than that (about 0.1 s here, a Pi several times that) whatever the
game's length."""
SHORT_UNDO = 10
"""Steps undo may reach back over that make a snapshot within a game small enough to take."""

Clock = Callable[[], float]
Subscriber = Callable[[Published], None]


@dataclass(slots=True)
class _Item:
    action: Action | None
    at: float
    expect_version: int | None = None
    future: Future[int] = field(default_factory=Future)


_STOP = Action("table.stop")
_RECOUNT = Action("table.recount")


@dataclass(frozen=True, slots=True)
class Replayed:
    """What the start could not read back: the steps of the log it skipped (damaged, of the
    wrong shape, refused now), the damaged snapshots it went back past, and where a copy of
    the database as found was kept (None: nothing was wrong, or no copy could be made); and
    how many steps it went over after the snapshot it started from."""

    skipped: int = 0
    snapshots: int = 0
    kept: Path | None = None
    steps: int = 0

    @property
    def damaged(self) -> bool:
        return bool(self.skipped or self.snapshots)


class Table:
    """Owns the TableState; every change goes through ``submit``/``post`` onto one thread."""

    def __init__(self, store: Store, games: Games, *, clock: Clock = time.monotonic,
                 chance: Chance | None = None, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self._store, self._games, self._clock = store, games, clock
        self._snapshot_every = snapshot_every
        self._unsnapshotted = 0
        for game in games.values():  # the registry's games are in the catalog already,
            i18n.default_catalog().add(game.id, game.texts)  # one from outside joins it
        self._chance: Chance = random.SystemRandom() if chance is None else chance
        self._queue: queue.Queue[_Item] = queue.Queue()
        self._subscribers: list[Subscriber] = []
        self._state = TableState()
        self._version = 0
        self._game_seq = 0
        self._entered = clock()
        self._entered_seq = 0
        self._saved_at = self._entered
        self._retry_at = float("-inf")
        self._thread: threading.Thread | None = None
        self._replayed = Replayed()
        self._evening: dict[str, JSON] = {}
        self._since = ""
        self._players: dict[str, str] = {}
        """The records' players by id, with their newest names (for ``table.player``)."""
        self._known: linking.Known = {}
        self._colours: dict[str, str] = {}
        self._unchanged = Unchanged()
        """The parts of the views published last (see ``unchanged``)."""
        self._published = self._publish_views()

    # -- the outside -------------------------------------------------------------------------

    def start(self) -> None:
        """Replay the log, start the owner, pause a turn that was running at the power cut.
        Nothing in the log or on a full or read-only card stops the start."""
        self._replay()
        self._count_evening()
        self._published = self._publish_views()
        self._thread = threading.Thread(target=self._run, name="table", daemon=True)
        self._thread.start()
        try:
            self._resume_after_restart()
        except Exception:  # the box starts all the same; the turn's clock runs on
            log.exception("could not pause the turn that ran at the restart")

    def stop(self) -> None:
        """Finish the queued actions and stop the owner thread."""
        if self._thread is not None:
            self._queue.put(_Item(_STOP, self._clock()))
            self._thread.join(timeout=10)
            self._thread = None

    def submit(self, action: Action, *, expect_version: int | None = None,
               timeout: float = 10.0) -> int:
        """Apply ``action`` and wait until it is durable; return the new version or raise."""
        return self.post(action, expect_version=expect_version).result(timeout)

    def post(self, action: Action, *, expect_version: int | None = None) -> Future[int]:
        """Queue ``action`` without waiting (for button callbacks); the future tells the outcome.
        Cancelling the future before the Table takes the action withdraws it."""
        item = _Item(action, self._clock(), expect_version)
        self._queue.put(item)
        return item.future

    def relink(self, player: str, into: str, name: str) -> list[str]:
        """After the records' player ``player`` was merged into ``into``: the evening's places
        linked to ``player`` play on as ``into``, under their ``name`` (none while ``into``
        has a place of their own); the names those places had."""
        places = self._state.seats + self._state.benched
        if any(place.player == into for place in places):
            return []
        moved = []
        for index, place in enumerate(places):
            if place.player == player:
                with contextlib.suppress(GetawayError):
                    self.submit(Action(linking.LINK, None,
                                       {"seat": index, "player": into, "name": name}))
                    moved.append(place.name)
        return moved

    def recount(self) -> None:
        """Count the lobby's standings and records again after the players' changes rewrote
        the history, and wait until the owner has."""
        item = _Item(_RECOUNT, self._clock())
        self._queue.put(item)
        item.future.result(10)

    def poke(self) -> None:
        """Make the owner look at the clock now and wait until it has (tests with a fake clock)."""
        item = _Item(None, self._clock())
        self._queue.put(item)
        item.future.result(10)

    def subscribe(self, subscriber: Subscriber, *, first: bool = False) -> None:
        """Call ``subscriber`` with every new Published, on the owner thread; it must be quick:
        one that shifts out LEDs or starts a sound hands that to a Follower (``follower.py``).

        ``first`` puts it before those already there: the phones' streams, whose way is the
        longest, are woken before the box is handed the Published.
        """
        if first:
            self._subscribers.insert(0, subscriber)
        else:
            self._subscribers.append(subscriber)

    def alive(self) -> bool:
        """Whether the owner thread is running (the watchdog asks)."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def published(self) -> Published:
        return self._published

    @property
    def games(self) -> Games:
        return self._games

    @property
    def replayed(self) -> Replayed:
        """What the start could not read back from the log."""
        return self._replayed

    @property
    def clock(self) -> Clock:
        """The clock ``Published.as_of`` is measured on: count views down with this one."""
        return self._clock

    def history(self) -> list[dict[str, JSON]]:
        """The games recorded so far, newest first (safe from any thread)."""
        return self._store.history()

    @property
    def database(self) -> Path:
        """The SQLite file the table logs to, whose history the players' changes rewrite."""
        return self._store.path

    def past_game(self, game_id: int) -> dict[str, JSON] | None:
        """One recorded game by its id, or None."""
        return self._store.past_game(game_id)

    def seat_for_token(self, token: str) -> int | None:
        """The seat whose phone holds ``token``, compared in constant time; None if none does."""
        wanted, found = token_hash(token), None
        for index, seat in enumerate(self._state.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                found = index
        return found

    def place_for_token(self, token: str) -> int | None:
        """The evening's place whose phone holds ``token``: its seat, or the place it keeps
        while its player sits this game out (constant time); None if none does."""
        wanted, found = token_hash(token), None
        for index, place in enumerate(self._state.seats + self._state.benched):
            if place.token_hash is not None and hmac.compare_digest(place.token_hash, wanted):
                found = index
        return found

    def places_of(self, token_hashes: Container[str]) -> frozenset[int]:
        """The evening's places (seats, then those sitting out) whose phone holds one of
        ``token_hashes`` (safe from any thread)."""
        return seats.places_of(self._state, token_hashes)

    def is_host(self, token: str) -> bool:
        """Whether ``token`` is a browser the box made the table page (constant time)."""
        wanted = token_hash(token)
        found = False
        for host in self._state.hosts:
            found |= hmac.compare_digest(host, wanted)
        return found

    # -- the owner thread --------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            item = self._next_item()
            self._expire(self._clock() if item is None else item.at)
            if item is None or not item.future.set_running_or_notify_cancel():
                continue  # time to look at the timer; or its sender took it back in time
            if item.action is _STOP:
                item.future.set_result(self._version)
                return
            if item.action is _RECOUNT:
                self._count_evening()
                self._announce()
            if item.action is None or item.action is _RECOUNT:
                self._save_time_left()  # a poke is answered once the clock was looked at
                item.future.set_result(self._version)
                continue
            self._handle(item)
            self._save_time_left()  # after the answer: an action does not wait for it

    def _next_item(self) -> _Item | None:
        """The next queued item, or None when it is time to look at the timer."""
        wake = self._wake_at()
        wait = None if wake is None else max(0.0, wake - self._clock())
        try:
            return self._queue.get(timeout=wait)
        except queue.Empty:
            self._save_time_left()
            return None

    def _wake_at(self) -> float | None:
        deadline = self._deadline()
        if deadline is None:
            return None
        return min(max(deadline, self._retry_at), self._saved_at + CHECKPOINT_S)

    def _deadline(self) -> float | None:
        timer = self._timer()
        if timer is None or not timer.running:
            return None
        return self._entered + float(timer.remaining_ms) / 1000

    def _expire(self, until: float) -> None:
        """Submit the game's timeout for every deadline that passed before ``until``."""
        deadline = self._deadline()
        while deadline is not None and deadline <= until and self._retry_at <= until:
            version = self._version
            self._handle(_Item(Action(TIMEOUT), deadline))
            if self._version == version:
                # Not saved (the disk is full): the game stays as it is, and the timeout is
                # tried again a little later instead of at once, over and over.
                self._retry_at = self._clock() + RETRY_S
                return
            deadline = self._deadline()

    def _handle(self, item: _Item) -> None:
        assert item.action is not None
        try:
            if item.expect_version is not None and item.expect_version != self._version:
                raise IllegalAction("error.stale")
            check_action(self._state, item.action, self._games)
            action = self._draw(replace(item.action, elapsed_ms=self._elapsed_ms(item.at)))
            action = linking.filled(action, self._state, self._players, self._colours)
            state = apply_table(self._state, action, self._games)
            self._commit(action, state, item.at)
        except GetawayError as error:
            item.future.set_exception(error)
            return
        except sqlite3.OperationalError as error:
            log.error("could not save %s: %s", item.action.type, error)
            item.future.set_exception(GetawayError("error.disk_full"))
            return
        except Exception:
            log.exception("action %s failed", item.action.type)
            item.future.set_exception(GetawayError("error.internal"))
            return
        item.future.set_result(self._version)

    def _commit(self, action: Action, state: TableState, at: float) -> None:
        """Log first, then change and publish: nothing is visible that is not durable."""
        new_game = action.type in NEW_GAME
        within = None if new_game else (self._game_seq, self._entered_seq)
        snapshot = None
        if new_game or self._snapshot_due():
            snapshot = self._state.to_json(self._games, within=not new_game)
        finished = finished_game(self._state, state, action, self._games)
        self._version = self._store.append(
            action.to_json(), snapshot, None if finished is None else (self._game_seq, finished),
            within)
        self._unsnapshotted = 1 if snapshot is not None else self._unsnapshotted + 1
        if new_game:
            self._game_seq = self._version
        if state.game is not self._state.game:
            # The game's timer counts from the moment its state was entered; a seat joining
            # or a rename leaves the game, and so the running clock, untouched. A clock that
            # runs from here is saved at once, so a restart knows when it started.
            self._entered, self._saved_at = at, at - CHECKPOINT_S
            self._entered_seq = self._version
        self._state = state
        if finished is not None:
            self._count_evening()
        self._announce()

    def _announce(self) -> None:
        """Publish the views of the table as it is now to every subscriber."""
        self._published = self._publish_views()
        for subscriber in self._subscribers:
            try:
                subscriber(self._published)
            except Exception:
                log.exception("a subscriber failed")

    def _snapshot_due(self) -> bool:
        """Whether the table is snapshotted before the next event within the game."""
        due = self._unsnapshotted >= self._snapshot_every
        return due and (len(reachable(self._state.undo)) <= SHORT_UNDO
                        or self._unsnapshotted >= 2 * self._snapshot_every)

    def _draw(self, action: Action) -> Action:
        """Let the game fill in what chance decides, then the outcome is part of the action."""
        if action.type == "table.new_game":
            action = with_every_option(action, self._games)
            game = self._games.get(str(action.args.get("game")))
            return game.draw(None, action, self._chance) if game else action
        if action.type == "table.rematch":
            again = rematch_setup(self._state, self._games)
            drawn = self._games[str(again.args["game"])].draw(None, again, self._chance)
            return replace(action, args={"chance": drawn.args.get("chance", {})})
        if action.type == NEXT_GAME:
            chosen = next_setup(self._state, self._games, action.args.get("game"))
            drawn = self._games[str(chosen.args["game"])].draw(None, chosen, self._chance)
            setup = {"seats": chosen.args["seats"], "options": chosen.args["options"]}
            return replace(action, args={"game": chosen.args["game"], "setup": setup,
                                         "chance": drawn.args.get("chance", {})})
        if action.type.startswith("table.") or self._state.game_id is None:
            return action
        return self._games[self._state.game_id].draw(self._state.game, action, self._chance)

    def _elapsed_ms(self, at: float) -> int:
        timer = self._timer()
        if timer is None or not timer.running:
            return 0
        return max(0, min(int(timer.remaining_ms), round((at - self._entered) * 1000)))

    def _timer(self) -> Timer | None:
        if self._state.game_id is None:
            return None
        return self._games[self._state.game_id].timer(self._state.game)

    def _save_time_left(self) -> None:
        """When a running turn starts and every CHECKPOINT_S after, save the time it has used
        and when (not part of the event log), keyed to the event that entered the game's
        state: any later table action leaves it valid.

        The save as the turn starts is written, not synced: the restarted program of the same
        boot reads it from the kernel, and after a power cut (a new boot, whose clock cannot
        compare) it would say what a missing save says, no time used. So the action that
        starts a turn syncs once, its log; each later save syncs, as the time it has is lost
        with it."""
        now = self._clock()
        if self._deadline() is None or now - self._saved_at < CHECKPOINT_S:
            return
        starting = self._saved_at < self._entered
        self._saved_at = now
        try:
            self._store.save_checkpoint(self._entered_seq, self._elapsed_ms(now),
                                        round(now * 1000), sync=not starting)
        except OSError as error:
            log.warning("could not save the time left: %s", error)

    # -- start-up ----------------------------------------------------------------------------

    def _replay(self) -> None:
        """Rebuild the state from the newest readable snapshot and the events after it, and
        find the event that entered the current game state, as ``_commit`` did. Nothing in
        the log stops the start: what cannot be replayed is skipped, counted and kept."""
        state, first, passed = self._last_good_point()
        skipped = 0
        for seq, event in self._store.logged(first):
            self._unsnapshotted += 1
            after = self._replayed_step(state, seq, event)
            if after is None:
                skipped += 1
                continue
            if after.game is not state.game:
                self._entered_seq = seq
            state = after
        self._state, self._version = state, self._store.last_seq()
        self._replayed = Replayed(skipped, passed, steps=self._unsnapshotted)
        if self._replayed.damaged:
            self._replayed = replace(self._replayed, kept=self._store.keep())
            log.error("replayed the log without %d damaged snapshots and %d steps; a copy "
                      "of the database is in %s", passed, skipped, self._replayed.kept)

    def _last_good_point(self) -> tuple[TableState, int, int]:
        """The newest snapshot that can be read, the event it is followed by, and how many
        newer ones were damaged; an empty table from the first event if none can be read."""
        passed = 0
        for snapshot in self._store.snapshots():
            if passed == 0:
                self._game_seq = snapshot.game_seq  # the game went on so, damaged or not
            state = self._snapshot_state(snapshot)
            if state is not None:
                self._entered_seq = snapshot.entered_seq
                return state, snapshot.seq, passed
            passed += 1
        return TableState(), 0, passed

    def _snapshot_state(self, snapshot: Snapshot) -> TableState | None:
        """The table the snapshot holds, or None if it is damaged."""
        seq = snapshot.seq
        try:
            if snapshot.body is not None:
                state = TableState.from_json(snapshot.body, self._games)
                if "played" not in snapshot.body:  # saved before the box kept what it played
                    state = replace(state, played=played_to_the_end(self._store.history()))
                table_views(state, self._games, seq)  # a state the views cannot show is no good
                return state
        except Exception:
            log.exception("the snapshot before event %d cannot be read", seq)
            return None
        log.error("the snapshot before event %d cannot be read", seq)
        return None

    def _replayed_step(self, state: TableState, seq: int,
                       event: dict[str, JSON] | None) -> TableState | None:
        """``state`` after event ``seq``, or None if the event cannot be replayed."""
        if event is None:
            log.error("skipped event %d on replay: it cannot be read", seq)
            return None
        try:
            return apply_table(state, Action.from_json(event), self._games)
        except GetawayError as error:
            log.error("skipped event %d on replay: %s", seq, error.key)
        except Exception:
            log.exception("skipped event %d on replay", seq)
        return None

    def _resume_after_restart(self) -> None:
        """A turn that was running at the power cut comes back paused, with no more time than
        it had: the time up to the last save, and since then as long as the box may have run
        on without saving (on this boot, no longer than the save is old)."""
        game_id, timer = self._state.game_id, self._timer()
        if game_id is None or timer is None or not timer.running:
            return
        action = self._games[game_id].on_restart(self._state.game)
        if action is None:
            return
        now = self._clock()
        saved = self._store.checkpoint()
        ran, since = 0, None
        if saved is not None and saved.seq == self._entered_seq:
            ran, since = saved.elapsed_ms, saved.saved_at_ms
        unsaved = CHECKPOINT_S + LATE_S
        if since is not None and 0 <= now - since / 1000 < unsaved:
            unsaved = now - since / 1000
        # Never less than a second where it had more: a restart is no overrun.
        used = max(ran, min(ran + round(unsaved * 1000), timer.remaining_ms - 1000))
        self._entered = now - used / 1000
        self.submit(action)

    def _count_evening(self) -> None:
        """The lobby's standings and records and the records' players, counted again only
        when a game is recorded (a history that cannot be read leaves the lobby without
        them)."""
        try:
            self._since = self._since or self._store.wall_clock()
            history = self._store.history()
            self._evening = evening(history, self._games, self._since)
            self._players = known_players(history)
            self._known = linking.known(self._players, told_apart(self._players))
            self._colours = player_colours(history)
        except sqlite3.Error:
            log.exception("the history could not be read for the lobby")

    def _publish_views(self) -> Published:
        state = self._state
        public, private, device = table_views(state, self._games, self._version,
                                              self._unchanged)
        device["evening"] = self._evening
        public = {**public, "returning": self._unchanged.part(
            "returning", linking.returning(state, self._known))}
        return Published(self._version, self._entered, public, private,
                         table_controls(state, self._games), device)
