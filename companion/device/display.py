"""The display loop: pygame on the main thread, asleep until something it shows changes.

Table changes wake it by setting an Event from the Table's thread (the box's changes too).
While a turn timer runs it sleeps until the countdown shows its next figure or the box's
LEDs or buzzer change next (looked ahead every 1/fps s), to tick the box and draw; while a
moment lasts, the asks screen is open or a note is shown, it wakes every 1/fps s. Otherwise
it sleeps a second at a time, only to ping the watchdog. Frames are at least ``FRAME_S``
apart: a burst of versions is drawn together. SDL turns SIGTERM into QUIT: an orderly
shutdown.

In the simulator the window is wider: the police station's LEDs and the keys for the
buttons are drawn beside the screen, and the keys press the buttons through the mock pins.
Headless runs set ``SDL_VIDEODRIVER=dummy`` (and ``SDL_AUDIODRIVER=dummy``) before calling,
and so does a box with a small SPI panel: each new frame is then copied to its framebuffer.
A notice (a damaged database moved aside, a full disk) is drawn as a band over the screen, and
so, for a few seconds, is why the box's last press was refused.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import pygame

from companion.device.box import (
    BRIEFING_PAGE_S,
    Asking,
    Briefing,
    Heard,
    Moment,
    Refused,
)
from companion.device.framebuffer import Framebuffer
from companion.device.painters import Fonts
from companion.device.painters.guide import briefing_pages, draw_briefing
from companion.device.painters.palette import BACKGROUND, DANGER, INK, TEXT
from companion.device.painters.parts import wrap, write_lines
from companion.device.painters.station import draw_station, panel_width
from companion.device.screen import Screen
from companion.games.base import Button, Games, LedFrame, Sound
from companion.i18n import DEFAULT_LANGUAGE, Told, text
from companion.table.published import Published, clock_runs

IDLE_WAIT_MS = 1000
KEYS_WAIT_MS = 50
"""How often the simulator's window looks for key presses."""
HEARD_S = 1.5
"""How long the simulator's panel shows what the buzzer played."""
REFUSED_S = 4.0
"""How long the screen says why the box's last press was refused."""
BAND_LINES = 2
"""The most lines a notice's band takes at the top of the screen (a longer one is cut)."""
FRAME_S = 0.04
"""The least time between two frames: versions that come faster (a burst of actions) are
drawn together, as no eye and no SPI panel (about 13 frames a second) would see the frames
between, and each would take the phones' time."""

log = logging.getLogger(__name__)

KEYS: dict[int, Button] = {
    pygame.K_LEFT: Button.LEFT, pygame.K_RIGHT: Button.RIGHT,
    pygame.K_RETURN: Button.OK, pygame.K_KP_ENTER: Button.OK,
    pygame.K_BACKSPACE: Button.BACK, pygame.K_ESCAPE: Button.BACK,
    pygame.K_SPACE: Button.TURN,
}
"""The simulator's keyboard: which key stands for which button of the box."""

Keys = Callable[[Button, bool], None]
"""Called with a button and True when its key goes down, False when it comes up."""

Notice = Callable[[], Told | None]
"""What the screen must tell besides the game now, or None."""

Link = Callable[[], str | None]
"""The join link now: it follows the network, and is None while the box has no address."""


class Feed(Protocol):
    """What the display needs of the Table (or of the phone server's streams, which pass each
    version on once the phones have it)."""

    @property
    def published(self) -> Published: ...

    @property
    def games(self) -> Games: ...

    def subscribe(self, subscriber: Callable[[Published], None]) -> None: ...


class Panel(Protocol):
    """What the display needs of the Box."""

    @property
    def cursor(self) -> int: ...

    @property
    def page(self) -> int: ...

    @property
    def leds(self) -> LedFrame: ...

    @property
    def moment(self) -> Moment | None: ...

    @property
    def heard(self) -> Heard | None: ...

    @property
    def asking(self) -> Asking | None: ...

    @property
    def refused(self) -> Refused | None: ...

    @property
    def briefing(self) -> Briefing | None: ...

    def paged(self, explain: str, pages: int) -> None: ...

    def tick(self, now: float) -> None: ...

    def changes_in(self, now: float, step: float, within: float) -> float | None: ...

    def watch(self, moved: Callable[[], None]) -> None: ...


def run_display(table: Feed, box: Panel, join_url: Link, *, window: bool,
                size: tuple[int, int] = (480, 320), fullscreen: bool = False,
                rotation: int = 0, fps: int = 10, stop: threading.Event,
                clock: Callable[[], float] = time.monotonic,
                on_frame: Callable[[pygame.Surface], None] | None = None,
                watchdog: Callable[[], object] | None = None, keys: Keys | None = None,
                framebuffer: Path | None = None, notice: Notice | None = None) -> None:
    """Show the table until QUIT (then ``stop`` is set) or until ``stop`` is set elsewhere.

    ``join_url``: asked on every pass for the join link (None while the box has no network).

    ``window``: a window with the simulator's LEDs and key legend beside the screen.
    ``fullscreen``: the Pi's screen at its own size (no LEDs beside it, even with
    ``window``). ``rotation``: degrees clockwise the picture is turned for a screen mounted
    that way. ``on_frame`` sees every new frame (unrotated); ``watchdog``
    is called on every pass of the loop; ``keys`` gets the simulator's button keys (typed
    in its window: without one there is nothing to look for).
    ``framebuffer``: a small SPI panel's /dev/fbN that every new frame is copied to (SDL's
    dummy driver draws). ``notice``: asked on every pass what to tell in a band.
    """
    station = window and not fullscreen and framebuffer is None
    pygame.display.init()
    try:
        display = _open(size, station=station, fullscreen=fullscreen and framebuffer is None,
                        rotation=rotation)
        panel = None if framebuffer is None else Framebuffer(framebuffer, display.get_size())
        loop = _Loop(table, box, join_url, display, station=station, rotation=rotation,
                     clock=clock, on_frame=on_frame, keys=keys if window else None,
                     busy_wait_ms=1000 // fps,
                     framebuffer=panel, notice=notice or _no_notice)
        table.subscribe(lambda published: loop.woken.set())
        box.watch(loop.woken.set)
        loop.run(stop, watchdog)
    finally:
        pygame.quit()


def pin_keys(factory: Any, buttons: Mapping[Button, int]) -> Keys:
    """Keys that press the box's buttons on gpiozero mock pins, so the real button path runs.

    A key down drives the button's pin low (pressed: the buttons pull up), a key up high.
    """
    def press(button: Button, down: bool) -> None:
        pin = factory.pin(buttons[button])
        if down:
            pin.drive_low()
        else:
            pin.drive_high()
    return press


def _no_notice() -> None:
    return None


SOFTWARE_WINDOWS = ("x11", "wayland")
"""Drivers that can show a window SDL draws in memory. Left to itself SDL presents even a
plain window through OpenGL, and Mesa's software GL brings LLVM: 109 MB PSS instead of 42.
KMS/DRM (the Pi's console) has no such window and needs its GL path."""


def _open(size: tuple[int, int], *, station: bool, fullscreen: bool,
          rotation: int) -> pygame.Surface:
    if pygame.display.get_driver() in SOFTWARE_WINDOWS:
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.set_caption("Getaway")
    pygame.event.set_blocked(None)
    pygame.event.set_allowed([pygame.QUIT, pygame.KEYDOWN, pygame.KEYUP, pygame.WINDOWEXPOSED])
    if fullscreen:
        display = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
        return display
    width = size[0] + (panel_width(size[1]) if station else 0)
    turned = rotation in (90, 270)
    return pygame.display.set_mode((size[1], width) if turned else (width, size[1]))


class Briefed(NamedTuple):
    """The page of a step explained for the first time that the box shows: its place, how
    many there are, and its words."""

    briefing: Briefing
    shown: int
    pages: int
    page: str


@dataclass
class _Loop:
    """The loop's state: what was drawn last, and where the screen and the station go."""

    table: Feed
    box: Panel
    join_url: Link
    display: pygame.Surface
    station: bool
    rotation: int
    clock: Callable[[], float]
    on_frame: Callable[[pygame.Surface], None] | None
    keys: Keys | None
    busy_wait_ms: int
    framebuffer: Framebuffer | None
    notice: Notice
    frame: pygame.Surface = field(init=False)
    screen: Screen = field(init=False)
    fonts: Fonts = field(init=False)
    leds: LedFrame | None = None
    note: Heard | None = None
    told: Told | None = None
    refusal: Refused | None = None
    briefed: Briefed | None = None
    paged: tuple[str, list[str]] | None = None
    """The briefing's explanation last looked at, and its pages."""
    link: str | None = None
    drawn_at: float = float("-inf")
    """When the last frame was drawn (``time.monotonic``: pacing is about the CPU's time)."""
    dirty: bool = True
    broken: bool = False
    due_ms: int | None = None
    woken: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        width, height = self.display.get_size()
        if self.rotation in (90, 270):
            width, height = height, width
        self.frame = self.display if self.rotation == 0 else pygame.Surface((width, height))
        beside = panel_width(height) if self.station else 0
        self.screen = Screen((width - beside, height), self.table.games, language=DEFAULT_LANGUAGE)
        self.fonts = Fonts.for_height(height)

    def run(self, stop: threading.Event, watchdog: Callable[[], object] | None) -> None:
        while True:
            busy = self.show()
            if watchdog is not None:
                watchdog()
            if stop.is_set():
                return
            if self.woken.wait(self.wait_ms(busy) / 1000):
                stop.wait(self.drawn_at + FRAME_S - time.monotonic())
            self.woken.clear()
            if not all(self.handle(e) for e in pygame.event.get()):
                stop.set()
                return

    def wait_ms(self, busy: bool) -> int:
        """How long to sleep unless woken: SDL's own wait polls every millisecond on some
        drivers (dummy, KMS/DRM), so the loop sleeps on an Event and looks at SDL's queue
        after; keys in the simulator's window are looked for more often."""
        wait = self.busy_wait_ms if busy else IDLE_WAIT_MS
        if self.due_ms is not None:
            wait = self.due_ms
        return min(wait, KEYS_WAIT_MS) if self.keys else wait

    def next_change_ms(self, published: Published, now: float) -> int:
        """The ms until the countdown shows its next figure or the box's LEDs or buzzer
        change, whichever comes first (a ms after, so that it has), looked for as far as
        the next figure, or IDLE_WAIT_MS ahead."""
        figure = self.screen.changes_in(published, now)
        within = IDLE_WAIT_MS / 1000 if figure is None else min(figure, IDLE_WAIT_MS / 1000)
        lit = self.box.changes_in(now, self.busy_wait_ms / 1000, within)
        return math.ceil((within if lit is None else min(lit, within)) * 1000) + 1

    def show(self) -> bool:
        """Tick the box, draw a new frame if anything shown changed; True while busy (a
        timer runs, a moment lasts, the asks screen is open, the simulator shows what the
        buzzer played)."""
        now = self.clock()
        published = self.table.published
        timer = published.public.get("timer")
        ticking = bool(timer and timer["running"]) or self.box.asking is not None
        if ticking or self.box.moment is not None:
            self.box.tick(now)
        cursor, page, leds, moment, asking = (self.box.cursor, self.box.page, self.box.leds,
                                              self.box.moment, self.box.asking)
        note = self.box.heard if self.station else None
        note = note if note is not None and now - note.at < HEARD_S else None
        refusal = self.box.refused
        refusal = refusal if refusal is not None and now - refusal.at < REFUSED_S else None
        if self.notice() != self.told or self.join_url() != self.link or refusal != self.refusal:
            self.dirty, self.refusal = True, refusal
        briefed = self.briefed_now(published, now)
        if briefed != self.briefed:
            self.dirty, self.briefed = True, briefed
        sound = None if moment is None else moment.sound
        if self.dirty or self.changed(published, cursor, now, sound, asking, page) or (
                self.station and (leds != self.leds or note != self.note)):
            self.draw(published, cursor, leds, now, sound, note, asking, page)
        polled = asking is not None or moment is not None or note is not None or (
            refusal is not None or briefed is not None)
        timed = ticking and not polled and not self.keys  # keys are looked for more often
        self.due_ms = self.next_change_ms(published, self.clock()) if timed else None
        return ticking or polled

    def briefed_now(self, published: Published, now: float) -> Briefed | None:
        """The page of a step explained for the first time that the box shows at ``now``: none
        while a turn's or a settle's countdown runs, which the screen never covers."""
        briefing = self.box.briefing
        if briefing is None or briefing.since is None or clock_runs(published.public):
            return None
        lang = str(published.public.get("language") or DEFAULT_LANGUAGE)
        explanation = text(briefing.explain, lang)
        if self.paged is None or self.paged[0] != explanation:  # wrapped once, not every pass
            self.paged = explanation, briefing_pages(self.screen.size, self.fonts, explanation)
            self.box.paged(briefing.explain, len(self.paged[1]))
        pages = self.paged[1]
        shown = int((now - briefing.since) // BRIEFING_PAGE_S)
        return Briefed(briefing, shown, len(pages), pages[shown]) if shown < len(pages) else None

    def changed(self, published: Published, cursor: int, now: float, moment: Sound | None,
                asking: Asking | None, page: int) -> bool:
        """Whether the screen shows something new; when that cannot be told, it is drawn
        again (and a painter that fails is caught there)."""
        try:
            return self.screen.needs_redraw(published, cursor, now, moment, asking, page)
        except Exception:  # a fault in comparing views must never stop the box
            if not self.broken:
                log.exception("the screen could not tell what changed; it is drawn again")
            return True

    def draw(self, published: Published, cursor: int, leds: LedFrame, now: float,
             moment: Sound | None = None, note: Heard | None = None,
             asking: Asking | None = None, page: int = 0) -> None:
        width, height = self.screen.size
        screen = self.frame.subsurface((0, 0, width, height))
        self.link = self.join_url()
        lang = str(published.public.get("language") or DEFAULT_LANGUAGE)
        briefed = self.briefed if moment is None and asking is None else None
        if briefed is None:
            self.paint(screen, published, cursor, now, moment, asking, lang, page)
        else:  # the briefing covers the whole screen: the game's is not drawn beneath it
            self.screen.covered(published, cursor, now, page)
            heading = text("screen.guide.first_step", lang, shown=briefed.shown + 1,
                           total=briefed.pages)
            draw_briefing(screen, self.fonts, heading, briefed.page,
                          text(briefed.briefing.ref, lang), text("screen.guide.keys", lang))
        self.told = self.notice()
        if self.told is not None:
            _band(screen, self.told.say(lang, short=True), self.fonts)
        if self.refusal is not None:  # why the last press was refused, over the notice
            _band(screen, self.refusal.says(lang), self.fonts)
        if self.station:
            panel = self.frame.subsurface((width, 0, self.frame.get_width() - width, height))
            draw_station(panel, leds, lang, self.fonts, note.sounds if note else ())
        if self.frame is not self.display:
            self.display.blit(pygame.transform.rotate(self.frame, -self.rotation), (0, 0))
        pygame.display.flip()
        if self.framebuffer is not None:
            self.framebuffer.write(self.display)
        self.leds, self.note, self.dirty = leds, note, False
        self.drawn_at = time.monotonic()
        if self.on_frame is not None:
            self.on_frame(self.frame)

    def paint(self, screen: pygame.Surface, published: Published, cursor: int, now: float,
              moment: Sound | None, asking: Asking | None, lang: str, page: int) -> None:
        """The game's screen; if its painter fails, a plain one that says so, and the box
        plays on (the failure is logged once, until a screen is drawn again)."""
        try:
            self.screen.render(screen, published, cursor, self.link, now, moment, asking, page)
        except Exception:  # a painter's fault must never stop the box
            if not self.broken:
                log.exception("the screen could not be drawn; a plain one stands in")
            self.broken = True
            _unshowable(screen, lang, self.fonts)
        else:
            self.broken = False

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; False on QUIT."""
        if event.type == pygame.QUIT:
            return False
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.keys and event.key in KEYS:
            self.keys(KEYS[event.key], event.type == pygame.KEYDOWN)
        elif event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
        return True


def _unshowable(surface: pygame.Surface, lang: str, fonts: Fonts) -> None:
    """The plain screen that stands in for one its painter could not draw."""
    surface.fill(BACKGROUND)
    margin = surface.get_height() // 10
    write_lines(surface, fonts.body, text("screen.unshowable", lang), TEXT,
                surface.get_rect().inflate(-2 * margin, -2 * margin))


def _band(surface: pygame.Surface, sentence: str, fonts: Fonts) -> None:
    """A red band across the top of the screen with one short sentence on it, in one line
    or two."""
    line = fonts.body.get_linesize()
    width = surface.get_width() - line
    lines = min(BAND_LINES, len(wrap(fonts.body, sentence, width)))
    band = pygame.Rect(0, 0, surface.get_width(), line * lines + line // 2)
    surface.fill(DANGER, band)
    write_lines(surface, fonts.body, sentence, INK, band.inflate(-line, -(line // 2)))
