"""The display loop, headless: frames, the simulator's LEDs and keys, waking, QUIT."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.device.box import Asking, Box, Briefing, Heard, Moment, Refused
from companion.device.display import FRAME_S, pin_keys, run_display
from companion.device.painters.asks import layout
from companion.device.painters.palette import ACCENT, DANGER, PANEL
from companion.device.painters.parts import countdown_changes_in, countdown_text
from companion.device.painters.station import COLUMNS, led_centres, panel_width
from companion.device.pins import PinMap
from companion.games import GAMES
from companion.games.base import Action, Button, Controls, LedFrame, MenuItem, Sound
from companion.table.owner import Table
from companion.table.published import Published
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory
from tests.device.test_screen import assert_qr, colours, find_qr

SIZE = (480, 320)
URL = "http://192.168.178.23:8000/"


def link() -> str:
    """The join link, as the box's network gives it."""
    return URL


ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.quit()


def lobby(version: int = 1) -> Published:
    view = {"version": version, "language": "de", "game": None, "me": None, "undo": False,
            "seats": [], "timer": None, "games": []}
    return Published(version, 0.0, view, {}, Controls())


def running_turn() -> Published:
    view = {"version": 5, "language": "de", "game": "tiny", "me": None, "undo": False,
            "seats": [{"seat": 0, "name": "Anna", "taken": True}],
            "timer": {"remaining_ms": 30_000, "running": True, "limit_ms": 50_000},
            "title": {"de": "Klein", "en": "Tiny"}, "state": {}}
    return Published(5, 1000.0, view, {}, Controls())


class Feed:
    """A Table as the display sees it: the latest Published and its subscribers."""

    def __init__(self, published: Published) -> None:
        self.published = published
        self.games = GAMES
        self.subscribers: list[Callable[[Published], None]] = []

    def subscribe(self, subscriber: Callable[[Published], None]) -> None:
        self.subscribers.append(subscriber)

    def publish(self, published: Published) -> None:
        self.published = published
        for subscriber in self.subscribers:
            subscriber(published)


class Panel:
    """A Box as the display sees it."""

    def __init__(self, leds: LedFrame | None = None) -> None:
        self.cursor = 0
        self.page = 0
        self.leds = leds or LedFrame()
        self.moment: Moment | None = None
        self.heard: Heard | None = None
        self.asking: Asking | None = None
        self.refused: Refused | None = None
        self.briefing: Briefing | None = None
        self.pages: dict[str, int] = {}
        """How many pages the screen wrapped each explanation into, as it told the box."""
        self.ticks: list[float] = []
        self.moved: Callable[[], None] | None = None

    def paged(self, explain: str, pages: int) -> None:
        self.pages[explain] = pages

    def tick(self, now: float) -> None:
        self.ticks.append(now)

    def changes_in(self, now: float, step: float, within: float) -> float | None:
        return None

    def watch(self, moved: Callable[[], None]) -> None:
        self.moved = moved

    def move(self, cursor: int) -> None:
        """A button moved the cursor, on a thread of its own as gpiozero's are."""
        self.cursor = cursor
        assert self.moved is not None
        threading.Thread(target=self.moved).start()


class Frames:
    """Keeps a copy of each frame and runs the next step of a test on it.

    It is also the loop's watchdog: a test whose frame never comes stops after a few dozen
    passes of the loop instead of hanging, and then fails on what it did not see.
    """

    def __init__(self, *steps: Callable[[pygame.Surface], None]) -> None:
        self.frames: list[pygame.Surface] = []
        self.steps = list(steps)
        self.stop = threading.Event()
        self.passes = 0

    def watchdog(self) -> None:
        self.passes += 1
        if self.passes > 30:
            self.stop.set()

    def __call__(self, frame: pygame.Surface) -> None:
        self.frames.append(frame.copy())
        if self.steps:
            self.steps.pop(0)(frame)
        if not self.steps:
            self.stop.set()


def post(*events: pygame.event.Event) -> Callable[[pygame.Surface], None]:
    def step(frame: pygame.Surface) -> None:
        for event in events:
            pygame.event.post(event)
    return step


def key(kind: int, code: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=code)


def test_display_sim_window_shows_exactly_the_lit_leds() -> None:
    pattern = ((True, False, True, False, False, True), (False,) * 6, (True,) * 6,
               (False, False, False, False, False, True))
    frames = Frames(lambda frame: None)
    run_display(Feed(lobby()), Panel(LedFrame(pattern)), link, window=True, size=SIZE,
                stop=frames.stop, on_frame=frames, watchdog=frames.watchdog)
    frame = frames.frames[0]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(frame, str(ARTIFACTS / "simulator.png"))
    assert frame.get_size() == (SIZE[0] + panel_width(SIZE[1]), SIZE[1])
    centres = led_centres((panel_width(SIZE[1]), SIZE[1]))
    shown = tuple(tuple(tuple(frame.get_at((SIZE[0] + x, y)))[:3] == COLUMNS[c]
                        for x, y in column) for c, column in enumerate(centres))
    assert shown == pattern


def test_display_redraws_the_leds_when_the_box_changes_them() -> None:
    panel = Panel(LedFrame.bars((6, 6, 6, 6)))

    def change(frame: pygame.Surface) -> None:
        panel.leds = LedFrame.bars((0, 0, 0, 1))
        panel.move(0)  # a button's wake-up

    frames = Frames(change, lambda frame: None)
    run_display(Feed(lobby()), panel, link, window=True, size=SIZE, stop=frames.stop,
                on_frame=frames, watchdog=frames.watchdog)
    red = led_centres((panel_width(SIZE[1]), SIZE[1]))[3][0]
    assert [tuple(f.get_at((SIZE[0] + red[0], red[1])))[:3] == COLUMNS[3]
            for f in frames.frames] == [True, True]
    yellow = led_centres((panel_width(SIZE[1]), SIZE[1]))[0][0]
    assert [tuple(f.get_at((SIZE[0] + yellow[0], yellow[1])))[:3] == COLUMNS[0]
            for f in frames.frames] == [True, False]


def test_display_keys_press_the_buttons_through_the_mock_pins(
        table: Table, box: Box, pins: RecordingFactory, pin_map: PinMap) -> None:
    seen: list[int] = []
    frames = Frames(post(key(pygame.KEYDOWN, pygame.K_RIGHT), key(pygame.KEYUP, pygame.K_RIGHT)),
                    lambda frame: seen.append(box.cursor))
    run_display(table, box, link, window=True, size=SIZE, stop=frames.stop, on_frame=frames,
                watchdog=frames.watchdog, keys=pin_keys(pins, pin_map.buttons))
    assert seen == [1]
    assert pins.pin(pin_map.buttons[Button.RIGHT]).state == 1, "released again"


def test_display_keys_go_down_and_up() -> None:
    heard: list[tuple[Button, bool]] = []
    frames = Frames(post(key(pygame.KEYDOWN, pygame.K_SPACE), key(pygame.KEYUP, pygame.K_SPACE),
                         key(pygame.KEYDOWN, pygame.K_a), key(pygame.KEYDOWN, pygame.K_ESCAPE),
                         pygame.event.Event(pygame.QUIT)), lambda frame: None)
    run_display(Feed(lobby()), Panel(), link, window=True, stop=frames.stop, on_frame=frames,
                watchdog=frames.watchdog, keys=lambda button, down: heard.append((button, down)))
    assert heard == [(Button.TURN, True), (Button.TURN, False), (Button.BACK, True)]


def test_display_quit_is_an_orderly_stop() -> None:
    frames = Frames(post(pygame.event.Event(pygame.QUIT)), lambda frame: None)
    run_display(Feed(lobby()), Panel(), link, window=False, stop=frames.stop, on_frame=frames,
                watchdog=frames.watchdog)
    assert frames.stop.is_set() and len(frames.frames) == 1
    assert not pygame.display.get_init()


def test_display_table_changes_wake_the_loop() -> None:
    feed = Feed(lobby(1))
    english = replace(lobby(2), public={**lobby(2).public, "language": "en"})
    versions: list[int] = []
    frames = Frames(lambda frame: threading.Thread(target=feed.publish, args=(english,)).start(),
                    lambda frame: versions.append(feed.published.version))
    run_display(feed, Panel(), link, window=False, stop=frames.stop, on_frame=frames,
                watchdog=frames.watchdog)
    assert len(feed.subscribers) == 1 and versions == [2]


def test_display_draws_the_join_code_anew_when_the_network_comes() -> None:
    links: list[str | None] = [None]
    frames = Frames(lambda frame: links.append(URL), lambda frame: None)
    run_display(Feed(lobby()), Panel(), lambda: links[-1], window=False, size=SIZE,
                stop=frames.stop, on_frame=frames, watchdog=frames.watchdog)
    waiting, joined = frames.frames
    with pytest.raises(AssertionError, match="no QR code"):
        find_qr(waiting)
    assert_qr(joined, URL)


def test_display_a_cursor_moved_by_a_button_wakes_the_loop() -> None:
    panel = Panel()
    cursors: list[int] = []
    frames = Frames(lambda frame: panel.move(1), lambda frame: cursors.append(panel.cursor))
    run_display(Feed(lobby(1)), panel, link, window=False, stop=frames.stop, on_frame=frames,
                watchdog=frames.watchdog)
    assert cursors == [1] and frames.passes <= 3


def test_display_ticks_the_box_while_a_timer_runs() -> None:
    clock, panel = FakeClock(), Panel()
    frames = Frames(lambda frame: clock.advance(1.0), lambda frame: None)
    run_display(Feed(running_turn()), panel, link, window=False, stop=frames.stop,
                on_frame=frames, clock=clock, watchdog=frames.watchdog)
    assert panel.ticks == [1000.0, 1001.0]
    assert frames.passes == 2, "the watchdog is called on every pass"


def test_the_countdown_changes_its_figure_exactly_when_it_says() -> None:
    for left in range(1, 70_000, 7):
        due = countdown_changes_in(left)
        assert countdown_text(left - due + 1) == countdown_text(left), left
        assert countdown_text(left - due) != countdown_text(left), left


class Sleeps:
    """The loop's sleeps on a fake clock: each passes its whole time at once; after
    ``seconds`` the loop stops. Counts the passes and the frames drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, clock: FakeClock,
                 seconds: float) -> None:
        self.clock, self.until = clock, clock() + seconds
        self.stop = threading.Event()
        self.passes = self.frames = 0
        monkeypatch.setattr(threading.Event, "wait",
                            lambda event, timeout=None: self.sleep(timeout))

    def sleep(self, timeout: float | None) -> bool:
        assert timeout is not None
        self.clock.advance(timeout)
        return False

    def watchdog(self) -> None:
        self.passes += 1
        if self.clock() >= self.until:
            self.stop.set()

    def frame(self, frame: pygame.Surface) -> None:
        self.frames += 1


@pytest.mark.parametrize(("remaining_ms", "seconds", "figures"),
                         [(30_000, 3.0, 4), (9_950, 1.0, 12)])
def test_display_sleeps_until_the_countdown_shows_its_next_figure(
        monkeypatch: pytest.MonkeyPatch, remaining_ms: int, seconds: float,
        figures: int) -> None:
    """Each second (under 10 s each tenth) the clock shows is drawn, and the loop wakes for
    nothing else: no pass without a frame."""
    clock = FakeClock()
    sleeps = Sleeps(monkeypatch, clock, seconds)
    turn = running_turn()
    turn.public["timer"] = {**turn.public["timer"], "remaining_ms": remaining_ms}
    run_display(Feed(turn), Panel(), link, window=False, stop=sleeps.stop,
                on_frame=sleeps.frame, clock=clock, watchdog=sleeps.watchdog)
    assert (sleeps.frames, sleeps.passes) == (figures, figures)


def test_display_without_a_window_looks_for_no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A headless simulator has no window to type in: the idle loop sleeps a second at a
    time, as on the box, not every 50 ms for keys."""
    clock = FakeClock()
    sleeps = Sleeps(monkeypatch, clock, 3.0)
    run_display(Feed(lobby()), Panel(), link, window=False, stop=sleeps.stop,
                on_frame=sleeps.frame, clock=clock, watchdog=sleeps.watchdog,
                keys=lambda button, down: None)
    assert (sleeps.frames, sleeps.passes) == (1, 4)


def test_display_wakes_when_the_box_says_its_leds_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A change of the LEDs between two figures of the clock gets a pass of its own."""
    clock, panel = FakeClock(), Panel()
    sleeps = Sleeps(monkeypatch, clock, 1.0)
    monkeypatch.setattr(panel, "changes_in", lambda now, step, within: 0.3)
    run_display(Feed(running_turn()), panel, link, window=False, stop=sleeps.stop,
                on_frame=sleeps.frame, clock=clock, watchdog=sleeps.watchdog)
    assert [round(tick - 1000.0, 3) for tick in panel.ticks] == [0.0, 0.301, 0.602, 0.903,
                                                                  1.001]


def test_display_sim_window_notes_each_sound_of_the_buzzer_for_a_moment() -> None:
    clock, panel = FakeClock(), Panel()
    panel.heard = Heard((Sound.OVERRUN,), clock())
    frames = Frames(lambda frame: clock.advance(1.6), lambda frame: None)
    run_display(Feed(lobby()), panel, link, window=True, size=SIZE, stop=frames.stop,
                on_frame=frames, clock=clock, watchdog=frames.watchdog)
    title = pygame.Rect(SIZE[0], 0, panel_width(SIZE[1]), 24)
    noted = [colours(frame, title)[ACCENT] for frame in frames.frames]
    assert noted[0] > 200 and noted[1] == 0, "a note, gone after a second and a half"


def test_display_ticks_the_box_while_a_moment_lasts() -> None:
    clock, panel = FakeClock(), Panel()
    panel.moment = Moment(Sound.OVERRUN, clock())
    frames = Frames(lambda frame: clock.advance(0.5), lambda frame: None)
    view = lobby().public
    feed = Feed(Published(1, 0.0, {**view, "game": "tiny", "title": {"de": "Klein"},
                                   "state": {}}, {}, Controls()))
    run_display(feed, panel, link, window=False, stop=frames.stop, on_frame=frames,
                clock=clock, watchdog=frames.watchdog)
    assert panel.ticks[:2] == [1000.0, 1000.5]


def test_display_ticks_the_box_and_fills_the_bar_while_the_asks_screen_is_open() -> None:
    clock, panel = FakeClock(), Panel()
    ask = MenuItem("box.host_grant", Action("table.host_grant"), {"label": "K7M"})
    panel.asking = Asking(0, ask, clock(), clock())
    feed = Feed(replace(lobby(), controls=Controls(asks=[ask])))
    frames = Frames(lambda frame: clock.advance(0.75), lambda frame: clock.advance(0.75),
                    lambda frame: None)
    run_display(feed, panel, link, window=False, stop=frames.stop, on_frame=frames,
                clock=clock, watchdog=frames.watchdog)
    assert panel.ticks[:3] == [1000.0, 1000.75, 1001.5]
    grey, half, ready = (colours(frame, layout(SIZE).item) for frame in frames.frames)
    assert ACCENT not in grey and ACCENT not in half and ready[ACCENT] > 10_000


def test_display_turns_the_picture_clockwise_for_a_rotated_screen() -> None:
    seen: list[Any] = []

    def check(frame: pygame.Surface) -> None:
        screen = pygame.display.get_surface()
        assert screen is not None
        x, y = next((x, y) for y in range(SIZE[1]) for x in range(SIZE[0])
                    if frame.get_at((x, y))[:3] == (0, 0, 0))
        seen.append(screen.get_size())
        seen.append(tuple(screen.get_at((SIZE[1] - 1 - y, x)))[:3])
        seen.append(tuple(screen.get_at((SIZE[1] - 1 - y, x - 1)))[:3])

    frames = Frames(check)
    run_display(Feed(lobby()), Panel(), link, window=False, size=SIZE, rotation=90,
                stop=frames.stop, on_frame=frames, watchdog=frames.watchdog)
    assert frames.frames[0].get_size() == SIZE
    assert seen == [(320, 480), (0, 0, 0), (255, 255, 255)]


def test_display_fullscreen_is_the_screen_alone_at_the_displays_size() -> None:
    sizes: list[tuple[int, int]] = []

    def check(frame: pygame.Surface) -> None:
        screen = pygame.display.get_surface()
        assert screen is not None
        sizes.extend((screen.get_size(), frame.get_size()))

    frames = Frames(check)
    run_display(Feed(lobby()), Panel(LedFrame.bars((6, 6, 6, 6))), link, window=True,
                fullscreen=True, stop=frames.stop, on_frame=frames, watchdog=frames.watchdog)
    frame = frames.frames[0]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(frame, str(ARTIFACTS / "fullscreen.png"))
    assert sizes[0] == sizes[1]
    right_edge = {tuple(frame.get_at((frame.get_width() - 3, y)))[:3]
                  for y in range(frame.get_height())}
    assert COLUMNS[0] not in right_edge and PANEL not in right_edge, "no LEDs beside it"



def test_display_says_why_a_press_was_refused_for_a_few_seconds() -> None:
    clock, panel = FakeClock(), Panel()
    panel.refused = Refused("error.stale", {}, clock())
    frames = Frames(lambda frame: clock.advance(4.5), lambda frame: None)
    run_display(Feed(lobby()), panel, link, window=False, size=SIZE, stop=frames.stop,
                on_frame=frames, clock=clock, watchdog=frames.watchdog)
    band = pygame.Rect(0, 0, SIZE[0], 12)
    said = [colours(frame, band)[DANGER] for frame in frames.frames]
    assert said[0] > SIZE[0] * 6 and said[1] == 0, "a red band, gone after four seconds"


def test_a_burst_of_versions_is_drawn_together_and_its_last_is_drawn() -> None:
    """Versions coming faster than frames are worth drawing share frames: no two frames are
    closer than FRAME_S, however fast the versions come, and the burst's last is drawn."""
    def named(version: int) -> Published:
        published = lobby(version)
        published.public["seats"] = [{"seat": 0, "name": f"P{version}", "taken": True}]
        return published
    feed, last = Feed(named(1)), 60
    drawn: list[float] = []
    finished: list[float] = []

    def burst() -> None:
        for version in range(2, last + 1):
            time.sleep(FRAME_S / 20)
            feed.publish(named(version))
        finished.append(time.monotonic())
    publisher = threading.Thread(target=burst)

    def frame(_: pygame.Surface) -> None:
        drawn.append(time.monotonic())
        if publisher.ident is None:
            publisher.start()
        elif finished and drawn[-1] > finished[0]:
            stop.set()
    stop, passes = threading.Event(), iter(range(1000))

    def watchdog() -> None:  # ends a loop whose last frame never comes
        if next(passes, None) is None:
            stop.set()
    run_display(feed, Panel(), link, window=False, stop=stop, on_frame=frame,
                watchdog=watchdog)
    publisher.join()
    assert finished and drawn[-1] > finished[0]  # the last version has its frame
    gaps = [later - earlier for earlier, later in pairwise(drawn)]
    assert len(drawn) < last / 2 and min(gaps) >= FRAME_S * 0.95, gaps
