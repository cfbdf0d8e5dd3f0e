"""The physical box: buttons become Table actions; each Published shows on LEDs and buzzer.

The box follows the Table on a thread of its own: the Table's owner only hands each Published
over, and the box shifts out its LEDs and starts its sounds for every one of them, in order.

The box keeps only the menu cursor, the page it shows of a screen read page by page (BACK
turns it where it does nothing else), which timer warnings are still to come, the moment it
shows, what it last sounded and whether the asks screen is open; everything else it shows
comes from the Table's latest Published. The current game decides the LEDs and its sounds;
the turn-timer warnings (10 s and 5 s left, a tick each second below 5 s) are the same for
every game, and so is the moment of a turn the clock ended (the game sounds OVERRUN): every
LED flashes for a few seconds while the screen shows it full-size. Every press is confirmed
at once with Sound.PRESS, a refused action with ERROR and, for a few seconds, why.

Asks (a browser to be the table page, a phone for a taken seat) are never in the game's menu
and never move its cursor: RIGHT held opens a screen of their own, where OK takes the item
shown only once it has shown READ_S seconds on the box's clock (an OK before that sounds
ERROR and starts the moment again), and BACK goes back to the game.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import Any

from companion.device.buttons import Buttons
from companion.device.buzzer import Beeper
from companion.device.pins import PinMap
from companion.device.station import PoliceStation
from companion.games.base import (
    JSON,
    TIME_UP_MS,
    Action,
    Button,
    Controls,
    GetawayError,
    LedFrame,
    MenuItem,
    Sound,
)
from companion.i18n import text
from companion.table.follower import Follower
from companion.table.owner import Table
from companion.table.published import Published, clock_runs

LOBBY = LedFrame.bars((1, 1, 1, 1))
"""Without a game the bottom row glows: the box is on and every colour works."""

ALARMS: tuple[tuple[int, Sound], ...] = (
    (10_000, Sound.WARN), (5_000, Sound.WARN),
    (4_000, Sound.TICK), (3_000, Sound.TICK), (2_000, Sound.TICK), (1_000, Sound.TICK),
)
"""Time left (ms) at which the buzzer speaks, once each as the timer runs down past it."""

REARM_MS = 1_000
"""An alarm sounds again only after the time left went back above it by this much (a new
turn, an undo); a pause, a resume and the jitter between ticks never repeat one."""

MOMENTS = frozenset({Sound.OVERRUN})
"""The sounds that are a moment of their own on the screen and the LEDs as well: the clock
ended a turn (an overrun, or a player leaving for it)."""
MOMENT_S = TIME_UP_MS / 1000
"""How long a moment fills the screen and flashes the LEDs: seen even by whoever looked away."""
FLASH_S = 0.25
"""Every LED on, then off, this long each while a moment lasts."""
ALL_LIT = LedFrame.bars((6, 6, 6, 6))

THREAD_NAME = "box"
"""The thread the box follows the Table on: its LEDs are shifted out and its sounds started
there, never on the Table's."""

READ_S = 1.5
"""How long an ask shows on the asks screen before OK takes it: read, never pressed through."""
ASKS_IDLE_S = 30.0
"""The asks screen goes back to the game by itself after this long without a press."""

Likeness = Callable[[MenuItem], bool]
"""Whether a menu item is one the cursor stood on, found again in a new menu."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment the box shows: what the game sounded, and since when."""

    sound: Sound
    since: float

    def lasts(self, now: float) -> bool:
        return now < self.since + MOMENT_S

    def frame(self, now: float) -> LedFrame:
        """The LEDs at ``now``: all of them flashing."""
        return ALL_LIT if int((now - self.since) / FLASH_S) % 2 == 0 else LedFrame()


@dataclass(frozen=True, slots=True)
class Asking:
    """The asks screen: the item highlighted (its place in ``controls.asks``), since when it
    shows as it is, and when a button was last pressed there."""

    cursor: int
    item: MenuItem
    since: float
    pressed: float

    def read(self, now: float) -> float:
        """How much of the moment before OK takes the item has passed: 0 to 1 (ready)."""
        return min(1.0, max(0.0, (now - self.since) / READ_S))


@dataclass(frozen=True, slots=True)
class Refused:
    """Why the Table refused the box's last press (a sentence's key and values), and when."""

    key: str
    params: Mapping[str, JSON]
    at: float

    def says(self, lang: str) -> str:
        return text(self.key, lang, **self.params)


BRIEFING_PAGE_S = 5.0
"""How long each page of a step explained for the first time shows on the box."""
BRIEFING_KEYS = frozenset({Button.OK, Button.RIGHT, Button.LEFT, Button.BACK})
"""The buttons that turn or close an explanation covering the screen, never the menu beneath
it; TURN and the long presses keep their jobs (the clock, undo, the asks)."""


@dataclass(frozen=True, slots=True)
class Briefing:
    """A step of a first game explained for the first time: the box shows its explanation and
    rule-book reference (text keys) for a moment from ``since`` on, then its normal screen.
    While a clock runs (a turn, a settle) the clock is the law: the briefing waits (``since``
    None) and shows once the clock stops (a pause) while the group is still at its step."""

    explain: str
    ref: str
    since: float | None


def briefed(briefing: Briefing | None, view: Mapping[str, JSON], now: float) -> Briefing | None:
    """The briefing after ``view``: a new one where it explains a step for the first time that
    the briefing before did not, from ``now`` or, while a clock runs, once it stops; a waiting
    one is dropped when the group moved on to another step."""
    guide = view.get("guide")
    step = guide["explain"] if view.get("game") and isinstance(guide, Mapping) else None
    if briefing is not None and briefing.since is None:
        if step != briefing.explain:
            briefing = None
        elif not clock_runs(view):
            return replace(briefing, since=now)
    teaching = view.get("teaching")
    if not (step and isinstance(teaching, Mapping) and teaching["explain"]):
        return briefing
    if briefing is not None and briefing.explain == step:
        return briefing
    assert isinstance(guide, Mapping)  # a step is explained only where a guide is
    return Briefing(str(step), str(guide["ref"]), None if clock_runs(view) else now)


@dataclass(frozen=True, slots=True)
class Heard:
    """What the buzzer last played, and when (the simulator shows it as a note)."""

    sounds: tuple[Sound, ...]
    at: float


class Box:
    """Buttons, police station and buzzer, attached to a Table."""

    def __init__(self, table: Table, pins: PinMap, *, clock: Callable[[], float] = time.monotonic,
                 pin_factory: Any = None) -> None:
        self._table, self._clock = table, clock
        self._lock = threading.RLock()
        self._closed = False
        self._cursor = 0
        self._page = 0
        self._armed: set[int] = set()
        self._moment: Moment | None = None
        self._asking: Asking | None = None
        self._stepped: tuple[int, int] | None = None
        self._heard: Heard | None = None
        self._refusal: Refused | None = None
        self._briefing: Briefing | None = None
        self._pages: tuple[str, int] | None = None
        """The explanation the screen shows in pages, and how many."""
        self._moved: Callable[[], None] = _nobody
        self._published = table.published
        with ExitStack() as devices:
            self._station = PoliceStation.wired(pins.station, pin_factory=pin_factory)
            devices.callback(self._station.close)
            self._beeper = Beeper(pins.buzzer.pin, pins.buzzer.kind, pin_factory=pin_factory)
            devices.callback(self._beeper.close)
            self._buttons = Buttons(pins.buttons, self._on_button, self._on_feedback,
                                    clock=clock, pin_factory=pin_factory)
            devices.callback(self._buttons.close)
            self._follower = Follower(THREAD_NAME)
            devices.callback(self._follower.close)
            self._devices = devices.pop_all()
        with self._lock:
            table.subscribe(self._hand_over)
            self._published = table.published
            self._update(clock())

    @property
    def cursor(self) -> int:
        """The highlighted item of ``published.controls.menu`` (0 when there is no menu)."""
        with self._lock:
            return self._cursor

    @property
    def page(self) -> int:
        """The page the screen shows of what it shows page by page (0 when it shows one)."""
        with self._lock:
            return self._page

    @property
    def leds(self) -> LedFrame:
        """What the police station shows now."""
        with self._lock:
            return self._station.frame

    @property
    def moment(self) -> Moment | None:
        """The moment the screen and the LEDs show now, if any."""
        with self._lock:
            return self._moment

    @property
    def asking(self) -> Asking | None:
        """The asks screen, while it is open."""
        with self._lock:
            return self._asking

    @property
    def heard(self) -> Heard | None:
        """What the buzzer played last."""
        with self._lock:
            return self._heard

    @property
    def refused(self) -> Refused | None:
        """Why the Table refused the box's last refused press."""
        with self._lock:
            return self._refusal

    @property
    def briefing(self) -> Briefing | None:
        """The step of a first game the box explains on its screen for a moment, if any."""
        with self._lock:
            return self._briefing

    def paged(self, explain: str, pages: int) -> None:
        """The screen shows the explanation ``explain`` in ``pages`` pages: while it covers
        the screen, the buttons turn or close it and do nothing beneath."""
        with self._lock:
            self._pages = explain, pages

    def watch(self, moved: Callable[[], None]) -> None:
        """Call ``moved`` (on a button's thread) whenever a button moves the cursor or opens,
        moves on or closes the asks screen, and (on the box's) when following a Published
        changed what the box shows."""
        self._moved = moved

    def settled(self, timeout: float = 10.0) -> None:
        """Wait until the box has followed every Published so far and sounded every refusal."""
        self._follower.settled(timeout)

    def alive(self) -> bool:
        """Whether the box still follows the Table (the watchdog asks)."""
        return not self._closed and self._follower.alive()

    def tick(self, now: float) -> None:
        """Redraw the draining timer and sound its warnings, flash a moment and end it, close
        an idle asks screen; call it ~10x/s while a moment lasts or asks show, and while a
        timer runs when ``changes_in`` says."""
        with self._lock:
            if not self._closed:
                self._update(now)

    def changes_in(self, now: float, step: float, within: float) -> float | None:
        """The seconds from ``now`` until, as the timer runs, the LEDs show another frame
        (looked at every ``step`` seconds, as ticks that often would find it) or an alarm
        falls due; None if neither comes within ``within`` seconds."""
        with self._lock:
            if self._closed:
                return None
            left = self._turn_left(now)
            due = [] if left is None else [(left - at) / 1000 for at, _ in ALARMS
                                            if at in self._armed and 0 < left - at
                                            <= within * 1000]
            shown = self._frame(now)
            steps = (n * step for n in range(1, int(within / step) + 1))
            lit = next((ahead for ahead in steps if self._frame(now + ahead) != shown), None)
        return min([*due, *([] if lit is None else [lit])], default=None)

    def close(self) -> None:
        """Stop following the Table and let go of every pin; later Published are ignored."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._devices.close()

    # -- buttons (gpiozero threads) -----------------------------------------------------------

    def _on_feedback(self, button: Button) -> None:
        self._play([Sound.PRESS])

    def _on_button(self, button: Button) -> None:
        with self._lock:
            published = self._published
            shown = self._cursor, self._page, self._asking, self._briefing
            action = self._press(button, published, self._clock())
            moved = (self._cursor, self._page, self._asking, self._briefing) != shown
        if moved:
            self._moved()
        if action is not None:
            future = self._table.post(action, expect_version=published.version)
            future.add_done_callback(self._on_result)

    def _press(self, button: Button, published: Published, now: float) -> Action | None:
        """Move the cursor, turn the page, open the asks, or the action the button asks for
        (None: nothing to send)."""
        controls = published.controls
        if self._asking is not None:
            return self._answer(button, controls, now)
        if button is Button.RIGHT_LONG:
            self._open_asks(published, now)
            return None
        if button in BRIEFING_KEYS and self._covered(published, now):
            self._turn_briefing(button, now)
            return None
        menu = controls.menu
        if menu and button in (Button.LEFT, Button.RIGHT):
            if button is Button.RIGHT:
                self._stepped = (published.version, self._cursor)
            step = 1 if button is Button.RIGHT else -1
            self._cursor = (self._cursor + step) % len(menu)
            return None
        if menu and button is Button.OK:
            return menu[self._cursor].action
        if button is Button.BACK and turns_pages(controls):
            self._page = (self._page + 1) % controls.pages
            return None
        return controls.keys.get(button)

    def _covered(self, published: Published, now: float) -> bool:
        """Whether a step explained for the first time covers the screen at ``now``."""
        briefing, pages = self._briefing, self._pages
        return (briefing is not None and briefing.since is not None and pages is not None
                and pages[0] == briefing.explain and not clock_runs(published.public)
                and (self._moment is None or not self._moment.lasts(now))
                and now < briefing.since + pages[1] * BRIEFING_PAGE_S)

    def _turn_briefing(self, button: Button, now: float) -> None:
        """OK or RIGHT the explanation's next page (after its last, the screen beneath),
        LEFT the page before, BACK closes it."""
        briefing, pages = self._briefing, self._pages
        assert briefing is not None and briefing.since is not None and pages is not None
        shown = int((now - briefing.since) // BRIEFING_PAGE_S)
        page = {Button.OK: shown + 1, Button.RIGHT: shown + 1,
                Button.LEFT: max(0, shown - 1)}.get(button, pages[1])
        self._briefing = replace(briefing, since=now - page * BRIEFING_PAGE_S)

    def _open_asks(self, published: Published, now: float) -> None:
        """RIGHT held: the asks screen, its first item; the game's cursor back where it stood
        before that RIGHT, unless the menu changed meanwhile."""
        asks = published.controls.asks
        if not asks:
            return
        if self._stepped is not None and self._stepped[0] == published.version:
            self._cursor = self._stepped[1]
        self._stepped = None
        self._asking = Asking(0, asks[0], now, now)

    def _answer(self, button: Button, controls: Controls, now: float) -> Action | None:
        """A button on the asks screen: LEFT/RIGHT choose, OK takes the item once it has
        shown READ_S, BACK goes back to the game; TURN and the long presses do the game's."""
        asking, asks = self._asking, controls.asks
        assert asking is not None
        if button in (Button.LEFT, Button.RIGHT):
            cursor = (asking.cursor + (1 if button is Button.RIGHT else -1)) % len(asks)
            self._asking = Asking(cursor, asks[cursor], now, now)
            return None
        if button is Button.OK:
            if asking.read(now) < 1.0:
                self._asking = replace(asking, since=now, pressed=now)
                self._play([Sound.ERROR])
                return None
            self._asking = replace(asking, pressed=now)
            return asking.item.action
        if button is Button.RIGHT_LONG:
            return None
        self._asking = None
        return None if button is Button.BACK else controls.keys.get(button)

    def _on_result(self, future: Future[int]) -> None:
        """A refused action (stale, illegal) sounds ERROR, on the box's thread."""
        error = future.exception()
        if error is not None:
            self._follower.hand(lambda: self._refused(error))

    def _refused(self, error: BaseException) -> None:
        """What the box says to a refused action: ERROR, and why on the screen."""
        self._play([Sound.ERROR])
        key, params = ((error.key, error.params) if isinstance(error, GetawayError)
                       else ("error.internal", {}))
        with self._lock:
            self._refusal = Refused(key, params, self._clock())
        self._moved()

    # -- the Table (its owner thread hands over, the box's thread follows) ---------------------

    def _hand_over(self, published: Published) -> None:
        """Hand ``published`` to the box's thread, stamped now: the box follows it as of the
        moment it was published, however late its thread comes to it."""
        now = self._clock()
        self._follower.hand(lambda: self._on_published(published, now))

    def _on_published(self, published: Published, now: float) -> None:
        with self._lock:
            if self._closed:
                return
            shown = self._shown()
            self._follow(published, now)
            moved = self._shown() != shown
        if moved:
            self._moved()

    def _shown(self) -> tuple[object, ...]:
        """What the screen shows of the box: the cursor, the page, the asks, the moment, the
        LEDs, what the buzzer played and a step explained for the first time."""
        return (self._cursor, self._page, self._asking, self._moment, self._station.frame,
                self._heard, self._briefing)

    def _follow(self, published: Published, now: float) -> None:
        """Show ``published`` as of ``now``: the cursor, the asks, a moment, LEDs, sounds."""
        before, self._published = self._published, published
        self._cursor = follow(self._cursor, before.controls, published.controls)
        if published.controls.pages != before.controls.pages:
            self._page = 0
        sounds = self._game_sounds(before.public, published.public)
        self._asking = _follow_asks(self._asking, published.controls.asks, now)
        moments = [sound for sound in sounds if sound in MOMENTS]
        if moments:
            self._moment = Moment(moments[0], now)
        self._briefing = briefed(self._briefing, published.public, now)
        self._update(now, sounds)

    def _game_sounds(self, before: Mapping[str, JSON],
                     after: Mapping[str, JSON]) -> Sequence[Sound]:
        game = after["game"]
        if game is None or game != before["game"] or before["version"] == after["version"]:
            return ()
        return self._table.games[game].sounds(before, after)

    # -- output --------------------------------------------------------------------------------

    def _update(self, now: float, sounds: Sequence[Sound] = ()) -> None:
        if self._moment is not None and not self._moment.lasts(now):
            self._moment = None
        if self._asking is not None and now - self._asking.pressed >= ASKS_IDLE_S:
            self._asking = None
        self._station.show(self._frame(now))
        self._play([*sounds, *self._alarm(self._turn_left(now))])

    def _turn_left(self, now: float) -> int | None:
        """The time left on a player's turn; a wait between turns warns nobody."""
        timer = self._published.public.get("timer")
        return self._published.remaining_ms(now) if timer and timer.get("turn", True) else None

    def _frame(self, now: float) -> LedFrame:
        published = self._published
        game = published.public["game"]
        if self._moment is not None:
            return self._moment.frame(now)
        if game is None:
            return LOBBY
        return self._table.games[game].leds(published.view(None, now), published.remaining_ms(now))

    def _alarm(self, remaining_ms: int | None) -> list[Sound]:
        """The most urgent alarm the timer just ran past, if any; each sounds once per pass."""
        if remaining_ms is None:
            return []
        self._armed.update(at for at, _ in ALARMS if remaining_ms > at + REARM_MS)
        due = [(at, sound) for at, sound in ALARMS if at in self._armed and remaining_ms <= at]
        self._armed.difference_update(at for at, _ in due)
        return [due[-1][1]] if due else []

    def _play(self, sounds: Sequence[Sound]) -> None:
        with self._lock:
            if sounds and not self._closed:
                self._beeper.play(sounds)
                self._heard = Heard(tuple(sounds), self._clock())


def _nobody() -> None:
    """Nobody watches the cursor."""


def turns_pages(controls: Controls) -> bool:
    """Whether BACK turns the screen's page: it has more than one and BACK does nothing else."""
    return controls.pages > 1 and Button.BACK not in controls.keys


def follow(cursor: int, old: Controls, new: Controls) -> int:
    """Where the cursor goes when the menu changes: where a menu that leads it says; to the
    first item on a new turn; else it stays on its item, found again by what it is, or goes
    where that item stood. Asks never move it: they are not in the menu."""
    before, after = list(old.menu), list(new.menu)
    if new.lead is not None and 0 <= new.lead < len(after) and before != after:
        return new.lead
    if old.turn != new.turn or cursor >= len(before):
        return 0
    found = _find(before, cursor, after)
    return _where_it_stood(before, cursor, after) if found is None else found


def _follow_asks(asking: Asking | None, asks: Sequence[MenuItem], now: float) -> Asking | None:
    """The asks screen when the asks change: closed when none is left; else on the item it
    showed, or in its place another, which must show READ_S anew."""
    if asking is None or not asks:
        return None
    if asking.item in asks:
        return replace(asking, cursor=list(asks).index(asking.item))
    cursor = min(asking.cursor, len(asks) - 1)
    return Asking(cursor, asks[cursor], now, asking.pressed)


def _find(menu: Sequence[MenuItem], index: int, after: Sequence[MenuItem]) -> int | None:
    """Item ``index`` of ``menu`` in ``after``, by the surest likeness that finds it; of
    several, the one nearest to where it stood."""
    for alike in _likenesses(menu, menu[index]):
        found = [n for n, other in enumerate(after) if alike(other)]
        if found:
            return min(found, key=lambda n: abs(n - index))
    return None


def _likenesses(menu: Sequence[MenuItem], item: MenuItem) -> tuple[Likeness, ...]:
    """What makes an item ``item`` again: the same key and params; the same key and the params
    that told it apart from the others of its key in ``menu`` ("To safe 3" after "To safe 2",
    "2. Acid" after "1. Acid", never "Into hideout 4" after "Into hideout 3"); the same key and
    the first param that names each of them alone ("+5 = 10" after "+5 = 5"); the same kind
    of action on the same params ("Keep: 1 blue die (3)" after "Again: 1 blue die (3)"); the
    same params of two or more ("Turn time: 15 s" in the settings after the value 15 s)."""
    telling, naming = _telling(menu, item.key), _naming(menu, item.key)
    return (lambda other: (other.key, other.params) == (item.key, item.params),
            lambda other: other.key == item.key and all(
                other.params.get(name) == item.params.get(name) for name in telling),
            lambda other: other.key == item.key and naming is not None and (
                other.params.get(naming) == item.params.get(naming)),
            lambda other: bool(item.params) and (other.action.type, other.params) == (
                item.action.type, item.params),
            lambda other: len(item.params) > 1 and other.params == item.params)


def _telling(menu: Sequence[MenuItem], key: str) -> set[str]:
    """The params whose values tell the items of ``key`` in ``menu`` apart (none for an item
    alone of its key)."""
    kin = [item.params for item in menu if item.key == key]
    return {name for params in kin for name in params
            if any(other.get(name) != params[name] for other in kin)}


def _naming(menu: Sequence[MenuItem], key: str) -> str | None:
    """The first param whose value names each item of ``key`` in ``menu`` alone (None for an
    item alone of its key, or where none does)."""
    kin = [item.params for item in menu if item.key == key]
    if len(kin) < 2:
        return None
    return next((name for name in kin[0] if all(name in params for params in kin)
                 and len({repr(params[name]) for params in kin}) == len(kin)), None)


def _where_it_stood(menu: Sequence[MenuItem], index: int, after: Sequence[MenuItem]) -> int:
    """The item chosen left the menu: the item now after the one before it (the next clue to
    use; a menu whose second OK must change nothing keeps the item chosen in it, as the gold of
    a safe does), else the first, as a new screen is read from its top."""
    previous = _find(menu, index - 1, after) if index > 0 else None
    return 0 if previous is None else min(previous + 1, len(after) - 1)
