"""The police station, read back from the 74HC595 bitstream on the mock pins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.device.pins import StationPins
from companion.device.station import PoliceStation
from companion.games.base import LedFrame
from tests.device.recording import RecordingFactory, latches, lit

PINS = StationPins(data=16, clock=20, latch=21, oe=22)


@pytest.fixture
def station(pins: RecordingFactory) -> Iterator[PoliceStation]:
    station = PoliceStation(PINS.data, PINS.clock, PINS.latch, PINS.oe, pin_factory=pins)
    yield station
    station.close()


def shown(pins: RecordingFactory) -> tuple[bool, ...]:
    """The outputs of the chain after the last latch."""
    return latches(pins.log.edges(), PINS)[-1]


def single(column: int, row: int) -> LedFrame:
    return LedFrame(tuple(tuple(c == column and r == row for r in range(6)) for c in range(4)))


@pytest.mark.parametrize(("column", "row", "chip", "q"), [
    (0, 0, 0, 0),   # yellow bottom: Q0 of the chip wired to the Pi
    (0, 5, 0, 5),
    (1, 0, 0, 6),
    (1, 2, 1, 0),   # green crosses into the second chip
    (2, 3, 1, 7),
    (2, 4, 2, 0),
    (3, 0, 2, 2),
    (3, 5, 2, 7),   # red top: the last output of the chain
])
def test_station_lights_the_documented_output(pins: RecordingFactory, station: PoliceStation,
                                              column: int, row: int, chip: int, q: int) -> None:
    station.show(single(column, row))
    outputs = shown(pins)
    assert [i for i, on in enumerate(outputs) if on] == [8 * chip + q]


@pytest.mark.parametrize("heights", [(6, 0, 0, 0), (6, 3, 0, 1), (0, 0, 6, 6), (6, 6, 6, 6),
                                     (1, 2, 3, 4)])
def test_station_shows_bars(pins: RecordingFactory, station: PoliceStation,
                            heights: tuple[int, ...]) -> None:
    station.show(LedFrame.bars(heights))
    assert lit(shown(pins)) == {(c, r) for c, h in enumerate(heights) for r in range(h)}
    assert station.frame == LedFrame.bars(heights)


def test_station_starts_dark(pins: RecordingFactory, station: PoliceStation) -> None:
    assert lit(shown(pins)) == set()
    assert station.frame == LedFrame()


def test_station_latches_once_per_frame(pins: RecordingFactory, station: PoliceStation) -> None:
    mark = pins.log.mark()
    station.show(LedFrame.bars((2, 4, 6, 1)))
    rising = [e.pin for e in pins.log.edges(mark) if e.what == "state" and e.value == 1.0]
    assert rising.count(PINS.latch) == 1
    assert rising.count(PINS.clock) == 24
    assert rising[-1] == PINS.latch


def test_station_shifts_nothing_for_an_unchanged_frame(pins: RecordingFactory,
                                                       station: PoliceStation) -> None:
    station.show(LedFrame.bars((3, 3, 3, 3)))
    mark = pins.log.mark()
    station.show(LedFrame.bars((3, 3, 3, 3)))
    assert pins.log.edges(mark) == []


def test_station_enables_the_leds_only_after_the_first_latch(pins: RecordingFactory,
                                                             station: PoliceStation) -> None:
    edges = [e for e in pins.log.edges() if e.what == "state"]
    first_latch = next(i for i, e in enumerate(edges) if e.pin == PINS.latch and e.value)
    oe = [(i, e.value) for i, e in enumerate(edges) if e.pin == PINS.oe]
    assert oe[0][1] == 1.0 and oe[0][0] < first_latch    # OE high: outputs off
    assert oe[-1][1] == 0.0 and oe[-1][0] > first_latch  # OE low: outputs on
    assert pins.pin(PINS.oe).frequency == 500


def test_station_dims_through_oe(pins: RecordingFactory, station: PoliceStation) -> None:
    station.brightness = 0.25
    assert pins.pin(PINS.oe).state == pytest.approx(0.75)  # active low: 75 % of the time off
    assert station.brightness == 0.25


def test_station_lights_at_the_brightness_of_the_pin_map(pins: RecordingFactory) -> None:
    """Dark (OE high) until the first latch, then on at ``brightness`` from pins.toml."""
    station = PoliceStation.wired(StationPins(16, 20, 21, 22, brightness=0.4), pin_factory=pins)
    oe = [e.value for e in pins.log.edges() if e.pin == PINS.oe and e.what == "state"]
    assert oe[0] == 1.0
    assert oe[-1] == pytest.approx(0.6)  # active low: off 60 % of the time
    assert station.brightness == pytest.approx(0.4)
    station.close()


def test_station_without_oe_cannot_dim(pins: RecordingFactory) -> None:
    station = PoliceStation(PINS.data, PINS.clock, PINS.latch, pin_factory=pins)
    assert station.brightness == 1.0
    with pytest.raises(ValueError, match="no OE pin"):
        station.brightness = 0.5
    station.close()


def test_station_releases_its_pins(pins: RecordingFactory, station: PoliceStation) -> None:
    station.close()
    again = PoliceStation(PINS.data, PINS.clock, PINS.latch, PINS.oe, pin_factory=pins)
    again.show(LedFrame.bars((1, 0, 0, 0)))
    assert lit(shown(pins)) == {(0, 0)}
    again.close()
