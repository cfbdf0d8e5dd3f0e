"""The buzzer: each Sound is a short pattern of notes and rests, played without blocking.

A "tonal" buzzer (passive piezo, gpiozero ``TonalBuzzer``) plays the notes; an "active" one
(gpiozero ``Buzzer``) beeps wherever a note stands. The first note starts in the caller's
thread, so a press is confirmed at once; the rest plays on a thread of its own, and a new
sound cuts the one playing short.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Literal

import gpiozero
from gpiozero.tones import Tone

from companion.games.base import Sound

Step = tuple[str | None, float]
"""A note (None: a rest) and how long it lasts, in seconds."""

PATTERNS: dict[Sound, tuple[Step, ...]] = {
    Sound.PRESS: (("A7", 0.03),),
    Sound.TICK: (("G7", 0.06), (None, 0.06)),
    Sound.WARN: (("F7", 0.15), (None, 0.1), ("F7", 0.15)),
    Sound.OVERRUN: (("D7", 0.4), (None, 0.15), ("D7", 0.4), (None, 0.15), ("D7", 0.8)),
    Sound.SIREN: (("B7", 0.25), ("E7", 0.25)) * 4,
    Sound.ERROR: (("C7", 0.12), (None, 0.06), ("C7", 0.12), (None, 0.06), ("C7", 0.12)),
    Sound.DONE: (("E7", 0.12), ("G#7", 0.12), ("B7", 0.3)),
}
"""Each sound starts on a note of its own, so it can be told apart by its first tone; a tick
ends in a rest, so ticks in a row are heard one by one. Every note lies in the octave from C7
(2093 Hz) to B7 (3951 Hz), where a 12 mm piezo like the parts list's is loud: the lowest, the
error and the overrun, are the lowest of that octave (`tones` of BZ1 in hardware/parts.toml)."""

MID_TONE, OCTAVES = Tone("E7"), 1
"""The tonal buzzer's range, E6 to E8 (1319-5274 Hz), around the octave the sounds use."""

THREAD_NAME = "beeper"


class Beeper:
    """Plays Sounds on the buzzer; safe to call from any thread."""

    def __init__(self, pin: int, kind: Literal["active", "tonal"], *,
                 pin_factory: Any = None) -> None:
        self._tonal = kind == "tonal"
        self._device = (
            gpiozero.TonalBuzzer(pin, mid_tone=MID_TONE, octaves=OCTAVES, pin_factory=pin_factory)
            if self._tonal else gpiozero.Buzzer(pin, pin_factory=pin_factory))
        self._lock = threading.Lock()
        self._playing: tuple[threading.Thread, threading.Event] | None = None

    def play(self, sounds: Sequence[Sound]) -> None:
        """Stop what is playing and play ``sounds`` one after another; nothing for none."""
        steps = [step for sound in sounds for step in PATTERNS[sound]]
        if not steps:
            return
        with self._lock:
            self._stop()
            self._output(steps[0][0])
            stop = threading.Event()
            thread = threading.Thread(target=self._run, args=(steps, stop), name=THREAD_NAME,
                                      daemon=True)
            self._playing = (thread, stop)
            thread.start()

    def close(self) -> None:
        with self._lock:
            self._stop()
            self._device.close()

    def _stop(self) -> None:
        if self._playing is not None:
            thread, stop = self._playing
            stop.set()
            thread.join()
            self._playing = None

    def _run(self, steps: Sequence[Step], stop: threading.Event) -> None:
        for index, (note, seconds) in enumerate(steps):
            if index:
                self._output(note)
            if stop.wait(seconds):
                return
        self._output(None)

    def _output(self, note: str | None) -> None:
        if self._tonal:
            self._device.play(note)
        elif note is None:
            self._device.off()
        else:
            self._device.on()
