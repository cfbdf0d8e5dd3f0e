"""The live views: Server-Sent Events served on the event loop, so an open stream costs a
coroutine and a socket, never a thread that actions need.

Only the newest view is ever sent (a phone that slept through ten versions gets the present),
after a stream's first full view as a patch against the view it had last (``view_patch``);
each reader's view and patch are made once per version however many streams share it, a closed
stream is let go as soon as its socket says so, and one phone (one seat or host cookie) holds
at most ``PER_READER`` streams: a reload ends the oldest, which is told it was replaced. The
phone that sent an action hears its answer before any stream is written for the version the
action made. Every view says whose phone is here (``presence``), and is sent again when that
changes. A stream waiting for news gets it written to its socket at once by the one wake-up of
all streams, as a chunk (``connections.Chunks``); one whose socket is full waits, in its own
task, for the phone to read.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from companion.games.base import JSON, Games
from companion.server.app import SECURITY_HEADERS
from companion.server.connections import Chunks
from companion.server.context import Reader, Viewer
from companion.server.presence import GRACE_S, Presence, marked
from companion.server.request import Receive, Send
from companion.server.view_json import ViewJson
from companion.server.view_patch import Diffs
from companion.table.owner import Table
from companion.table.published import Published, clock_runs
from companion.table.unchanged import Unchanged

log = logging.getLogger(__name__)

PATH = "/api/events"
HEARTBEAT_S = 15.0
"""A comment line after this much quiet keeps the connection open through sleepy Wi-Fi."""
RETRY_MS = 3000
PER_READER = 2
FRESH_S = 0.1
"""How long the views of one edition serve while a clock runs: a stream written later (a new
phone, a socket that was full) gets them counted to its own moment, as its page counts on
from the time left it reads."""
REPLACED = b"event: replaced\ndata: {}\n\n"
"""Told to a phone's oldest stream that a newer one replaced: its page stops reconnecting
(which would end another of its tabs in turn) until it is looked at again."""
HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"),
           (b"cache-control", b"no-cache"), (b"x-accel-buffering", b"no"),
           *((name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items())]


class _Open:
    """One open stream: who reads it, the flag its task sleeps on until there is news, and
    its socket's chunks, written straight while the task sleeps (``parked``)."""

    def __init__(self, viewer: Viewer, chunks: Chunks | None = None) -> None:
        self.viewer, self.chunks = viewer, chunks
        self.nudged = asyncio.Event()
        self.ended = self.beat = self.parked = self.replaced = False
        self.seen: Published | None = None
        """The newest Published this stream has sent (or is sending)."""
        self.had: tuple[Reader, int] | None = None
        """The reader and edition of the view this stream sent last."""

    def end(self) -> None:
        self.ended = True
        self.nudged.set()


class Streams:
    """Every open stream of the phone server; the Table's ``publish`` wakes them all.

    Whoever ``subscribe``s (the box's screen) hears of a new version once every stream has
    written it: on one shared interpreter, the phones' longer way goes first. Before them
    all, the phone whose action made the version has its answer (``answer``).
    """

    def __init__(self, table: Table, join_code: str, heartbeat_s: float = HEARTBEAT_S,
                 grace_s: float = GRACE_S) -> None:
        self._table, self._join_code, self._heartbeat_s = table, join_code, heartbeat_s
        self._presence = Presence(table.clock, grace_s)
        self._places: frozenset[int] = frozenset()
        """The places whose phone the views say is here."""
        self._looking: asyncio.TimerHandle | None = None
        self._marking = threading.Lock()
        self._marks = Unchanged()
        self._from_table = self._latest = table.published
        self._mark(table.published)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._open: set[_Open] = set()
        self._held: dict[str, list[_Open]] = {}
        self._readers: dict[Reader, _Rendered] = {}
        self._edition = 0
        self._edition_of: Published | None = None
        self._edition_at = float("-inf")
        """When the views of the edition were counted to (the Table's clock)."""
        self._json = ViewJson()
        self._diffs = Diffs()
        self._followers: list[Callable[[Published], None]] = []
        self._senders: set[Future[int]] = set()
        self._waking: set[Future[int]] = set()
        """Senders whose version is published: their answer wakes the streams after it."""
        self._senders_lock = threading.Lock()
        table.subscribe(self.publish, first=True)

    @property
    def open(self) -> int:
        """How many streams are open."""
        return len(self._open)

    @property
    def published(self) -> Published:
        """The newest views, each saying whose phone is here."""
        return self._latest

    @property
    def games(self) -> Games:
        return self._table.games

    def subscribe(self, follower: Callable[[Published], None]) -> None:
        """Call ``follower`` with every new Published after the streams had it; it must be quick."""
        self._followers.append(follower)

    def publish(self, published: Published) -> None:
        """Keep ``published`` and wake every stream (a Table subscriber: from its thread);
        the version of an action sent from the loop wakes them once its sender is answered,
        in the same hand-over to the loop."""
        self._mark(published)
        with self._senders_lock:
            # an action from the loop the Table takes now: the version is that action's
            sender = next((posted for posted in self._senders if posted.running()), None)
            if sender is not None:
                self._waking.add(sender)
        if sender is None:
            self._wake()

    def answer(self, posted: Future[int]) -> asyncio.Future[int]:
        """The Table's answer to an action ``posted`` from the loop, as a future of the loop
        that has it before any stream is woken for the version the action made."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[int] = loop.create_future()

        def answered(done: Future[int]) -> None:  # on the Table's thread
            with self._senders_lock:
                self._senders.discard(done)
                waking = done in self._waking
                self._waking.discard(done)
            try:
                loop.call_soon_threadsafe(self._answered, answer, done, waking)
            except RuntimeError:  # a loop that has stopped waits for no answer
                if waking:
                    self._wake()
        with self._senders_lock:
            self._senders.add(posted)
        posted.add_done_callback(answered)
        return answer

    def close(self) -> None:
        """End every stream now and every one that starts later (from any thread)."""
        self._closed = True
        self._call(self._nudge)

    async def __call__(self, viewer: Viewer, receive: Receive, send: Send) -> None:
        """One reader's stream: ``retry`` first, then a full view per version, until the
        reader goes, a newer stream of the same reader replaces it, or the server stops."""
        self._attach()
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await _chunk(send, f"retry: {RETRY_MS}\n\n".encode())
        opened = _Open(viewer, Chunks.of(send))
        gone = asyncio.ensure_future(_disconnect(receive))
        gone.add_done_callback(lambda _: opened.end())
        self._hold(opened)
        try:
            await self._follow(opened, send)
        finally:
            gone.cancel()
            self._let_go(opened)
        if not gone.done():
            if opened.replaced:  # the page rests until it is looked at again
                await _chunk(send, REPLACED)
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    def look(self) -> None:
        """Look again now whose phones are here (from any thread; the loop looks by itself
        when a phone's grace ends)."""
        self._call(self._present)

    async def _follow(self, opened: _Open, send: Send) -> None:
        while not (self._closed or opened.ended):
            latest = self._latest
            if latest is not opened.seen:
                opened.seen = latest
                await _chunk(send, self._event(opened, latest))
            elif opened.beat:
                opened.beat = False
                await _chunk(send, b": keepalive\n\n")
            else:
                opened.parked = True
                await opened.nudged.wait()
                opened.parked = False
                opened.nudged.clear()

    def _write(self, opened: _Open) -> bool:
        """Write the newest edition to a parked stream's socket at once; False where its task
        must wake instead (it is sending, its socket is full or closing, it ends)."""
        chunks = opened.chunks
        if (chunks is None or not opened.parked or opened.ended or self._closed
                or not chunks.writable()):
            return False
        published = self._latest  # the Table's thread may publish a newer one meanwhile
        if published is not opened.seen:
            try:
                event = self._event(opened, published)
            except Exception:  # its task meets the failure again, in its own stream
                return False
            opened.seen = published
            chunks.write(event)
        return True

    def _event(self, opened: _Open, published: Published) -> bytes:
        """The edition ``published`` (a version, or a version with new news of who is here)
        for ``opened``: a patch against the view it had, else the full view; each made once
        per reader kind and edition."""
        now = self._table.clock()
        if published is not self._edition_of or (  # a new version, or news of who is here,
                now - self._edition_at > FRESH_S and clock_runs(published.public)):  # or time ran
            self._edition, self._edition_of, self._edition_at = (self._edition + 1, published,
                                                                 now)
            self._json.next_version()
            self._diffs = Diffs()
        reader = opened.viewer.reader(self._table)
        rendered = self._readers.get(reader)
        if rendered is None or rendered.edition != self._edition:
            view = opened.viewer.render(self._table, published, reader, self._join_code)
            rendered = _Rendered.after(rendered, self._edition, published.version, view,
                                       self._diffs)
            self._readers[reader] = rendered
        had, opened.had = opened.had, (reader, rendered.edition)
        if had == (reader, rendered.base) and rendered.patch is not None:
            return rendered.patch
        return rendered.full(self._json)

    def _attach(self) -> None:
        """Wake streams on the loop that serves them (one for the box's whole run)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            loop.call_later(self._heartbeat_s, self._beat)

    def _answered(self, answer: asyncio.Future[int], done: Future[int], waking: bool) -> None:
        """Settle a sender's ``answer`` (on the loop); then, if its version was published
        (``waking``), wake the streams once the sender's task has written its answer (its
        wake-up is queued on the loop before theirs)."""
        _settle(answer, done)
        if waking:
            if asyncio.get_running_loop() is self._loop:
                self._loop.call_soon(self._nudge)
            else:
                self._wake()

    def _wake(self) -> None:
        if not self._call(self._nudge):
            self._follow_on()

    def _call(self, callback: Callable[[], None]) -> bool:
        """Run ``callback`` on the streams' loop; False if no loop serves them (any more)."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return False
        loop.call_soon_threadsafe(callback)
        return True

    def _nudge(self) -> None:
        """Bring every stream the news: written at once where it can be, else its task woken;
        the followers hear after each stream has had its turn."""
        for opened in self._open:
            if not self._write(opened):
                opened.nudged.set()
        assert self._loop is not None
        self._loop.call_soon(self._follow_on)

    def _follow_on(self) -> None:
        for follower in self._followers:
            try:
                follower(self._latest)
            except Exception:
                log.exception("a follower of the streams failed")

    def _beat(self) -> None:
        """A keepalive for every stream, then the next in ``heartbeat_s``."""
        for opened in self._open:
            opened.beat = True
            opened.nudged.set()
        assert self._loop is not None
        self._loop.call_later(self._heartbeat_s, self._beat)

    def _mark(self, published: Published | None = None) -> bool:
        """Keep ``published`` (None: the one kept) with whose phones are here; whether that
        changed what the views say (from any thread)."""
        with self._marking:
            self._from_table = self._from_table if published is None else published
            places = self._table.places_of(self._presence)
            if published is None and places == self._places:
                return False
            self._places = places
            self._latest = marked(self._from_table, places, self._marks)
            return True

    def _present(self) -> None:
        """Look again whose phones are here, and again when the next one's grace ends; the
        streams and the box hear of it when that changed what the views say."""
        if self._looking is not None:
            self._looking.cancel()
        due = self._presence.look()
        self._looking = None if due is None else asyncio.get_running_loop().call_later(
            due, self._present)
        if self._mark():
            self._nudge()

    def _hold(self, opened: _Open) -> None:
        """Count ``opened`` in; the same reader's oldest stream beyond ``PER_READER`` ends."""
        self._open.add(opened)
        if opened.viewer.seat_token is not None and not opened.viewer.table_page:
            self._presence.opened(opened.viewer.seat_token)
            self._present()
        key = opened.viewer.seat_token or opened.viewer.host_token
        if key is not None:
            held = self._held.setdefault(key, [])
            held.append(opened)
            for oldest in held[:-PER_READER]:
                oldest.replaced = True
                oldest.end()

    def _let_go(self, opened: _Open) -> None:
        self._open.discard(opened)
        if opened.viewer.seat_token is not None and not opened.viewer.table_page:
            self._presence.closed(opened.viewer.seat_token)
            self._present()
        key = opened.viewer.seat_token or opened.viewer.host_token
        if key is not None:
            self._held[key].remove(opened)
            if not self._held[key]:
                del self._held[key]


@dataclass
class _Rendered:
    """A reader kind's view of one edition, its full event once encoded, and its patch
    event from the edition it had before (None where that would be no smaller); events carry
    the version."""

    edition: int
    version: int
    view: dict[str, JSON]
    size: int
    base: int | None = None
    patch: bytes | None = None
    event: bytes | None = None

    @staticmethod
    def after(before: _Rendered | None, edition: int, version: int, view: dict[str, JSON],
              diffs: Diffs) -> _Rendered:
        """The view of ``edition``, with its patch from ``before``'s view."""
        if before is None:
            return _Rendered(edition, version, view, 0)
        steps = diffs.diff(before.view, view)
        data = json.dumps({"base": before.version, "steps": steps}, separators=(",", ":"))
        patch = f"id: {version}\nevent: patch\ndata: {data}\n\n".encode()
        return _Rendered(edition, version, view, before.size, before.edition,
                         patch if len(patch) < before.size else None)

    def full(self, parts: ViewJson) -> bytes:
        """The full view as an event, encoded once."""
        if self.event is None:
            data = parts.encode(self.view)
            self.event = f"id: {self.version}\nevent: view\ndata: {data}\n\n".encode()
            self.size = len(self.event)
        return self.event


def _settle(answer: asyncio.Future[int], done: Future[int]) -> None:
    """Give ``answer`` the Table's outcome, unless its sender stopped waiting."""
    if answer.done():
        return
    if done.cancelled():
        answer.cancel()
    elif (error := done.exception()) is not None:
        answer.set_exception(error)
    else:
        answer.set_result(done.result())


async def _chunk(send: Send, body: bytes) -> None:
    await send({"type": "http.response.body", "body": body, "more_body": True})


async def _disconnect(receive: Receive) -> None:
    """Returns when the reader has gone (its socket closed)."""
    while (await receive())["type"] != "http.disconnect":
        pass
