"""The buzzer, heard through its mock pin: notes for a tonal one, on/off for an active one."""

from __future__ import annotations

import threading
from collections.abc import Callable

from gpiozero.tones import Tone

from companion.device.buzzer import MID_TONE, OCTAVES, PATTERNS, THREAD_NAME, Beeper
from companion.games.base import Sound
from companion.maker.parts import load_parts
from tests.device.recording import Edge, RecordingFactory, heard

PIN = 12


def hz(note: str) -> float:
    return float(Tone(note).frequency)


def tones(edges: list[Edge]) -> list[float | None]:
    return [e.value for e in edges if e.pin == PIN and e.what == "frequency"]


def silences(count: int) -> Callable[[list[Edge]], bool]:
    """Until the buzzer's own thread has fallen silent ``count`` times."""
    def done(edges: list[Edge]) -> bool:
        quiet = [e for e in edges if e.pin == PIN and e.what == "frequency"
                 and e.value is None and e.thread == THREAD_NAME]
        return len(quiet) >= count
    return done


def test_buzzer_every_sound_starts_on_a_note_of_its_own() -> None:
    firsts = [steps[0][0] for steps in PATTERNS.values()]
    assert set(PATTERNS) == set(Sound)
    assert len(set(firsts)) == len(firsts)


def test_buzzer_every_note_lies_where_the_parts_lists_piezo_is_loud() -> None:
    """The passive piezo of the parts list (TDK PS1240P02BT) is loud from about 2 to 4 kHz;
    C5 (523 Hz) and D4 (294 Hz), the overrun's and the error's notes, were far below it."""
    low, high = load_parts().tones
    notes = {note for steps in PATTERNS.values() for note, _ in steps if note is not None}
    assert {note: hz(note) for note in notes if not low <= hz(note) <= high} == {}
    assert MID_TONE.frequency / 2 ** OCTAVES <= low and high <= MID_TONE.frequency * 2 ** OCTAVES


def test_buzzer_starts_a_sound_in_the_callers_thread(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "tonal", pin_factory=pins)
    mark = pins.log.mark()
    beeper.play([Sound.PRESS])
    first = next(e for e in pins.log.edges(mark) if e.what == "frequency")
    assert (first.what, first.value) == ("frequency", hz("A7"))
    assert first.thread == threading.current_thread().name
    edges = pins.log.wait_for(silences(1))
    assert tones(edges[mark:]) == [hz("A7"), None]
    assert pins.pin(PIN).frequency is None
    beeper.close()


def test_buzzer_plays_a_pattern_without_blocking(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "tonal", pin_factory=pins)
    mark = pins.log.mark()
    beeper.play([Sound.WARN])
    assert tones(pins.log.edges(mark)).count(None) < 2  # returned before the pattern ended
    edges = pins.log.wait_for(silences(2))
    assert tones(edges[mark:]) == [hz("F7"), None, hz("F7"), None]
    beeper.close()


def test_buzzer_plays_several_sounds_in_a_row(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "tonal", pin_factory=pins)
    mark = pins.log.mark()
    beeper.play([Sound.TICK, Sound.TICK, Sound.DONE])
    edges = pins.log.wait_for(silences(3))[mark:]
    # each tick ends in a rest: two ticks in a row are two beeps, not one long one
    assert tones(edges) == [hz("G7"), None, hz("G7"), None, hz("E7"), hz("G#7"), hz("B7"), None]
    assert heard(edges, PIN) == [Sound.TICK]  # one call: one start
    beeper.close()


def test_buzzer_a_new_sound_cuts_the_old_one_short(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "tonal", pin_factory=pins)
    mark = pins.log.mark()
    beeper.play([Sound.OVERRUN])
    beeper.play([Sound.ERROR])
    beeper.play([Sound.PRESS])
    edges = pins.log.wait_for(silences(1))[mark:]
    assert tones(edges) == [hz("D7"), hz("C7"), hz("A7"), None]
    assert heard(edges, PIN) == [Sound.OVERRUN, Sound.ERROR, Sound.PRESS]
    beeper.close()


def test_buzzer_nothing_to_play_leaves_the_sound_playing(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "tonal", pin_factory=pins)
    mark = pins.log.mark()
    beeper.play([Sound.WARN])
    beeper.play([])
    edges = pins.log.wait_for(silences(2))
    assert tones(edges[mark:]) == [hz("F7"), None, hz("F7"), None]
    beeper.close()


def test_buzzer_active_beeps_the_pattern(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "active", pin_factory=pins)
    mark = pins.log.mark()
    beeper.play([Sound.WARN])
    assert pins.pin(PIN).frequency is None  # no PWM: the buzzer makes its own tone
    states = [e for e in pins.log.edges(mark) if e.pin == PIN]
    assert (states[0].value, states[0].thread) == (1.0, threading.current_thread().name)
    edges = pins.log.wait_for(
        lambda edges: [e.value for e in edges[mark:] if e.pin == PIN].count(0.0) == 2)
    assert [e.value for e in edges[mark:] if e.pin == PIN] == [1.0, 0.0, 1.0, 0.0]
    beeper.close()


def test_buzzer_close_silences_it_and_frees_the_pin(pins: RecordingFactory) -> None:
    beeper = Beeper(PIN, "tonal", pin_factory=pins)
    beeper.play([Sound.SIREN])
    beeper.close()
    assert pins.pin(PIN).frequency is None
    again = Beeper(PIN, "active", pin_factory=pins)
    again.close()
