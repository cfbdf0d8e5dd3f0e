"""The box's fixtures: a recording mock pin factory, the pin map, a real Table on a fake clock."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from gpiozero import Device

from companion.device.box import Box
from companion.device.pins import BuzzerPin, PinMap, load_pins
from companion.games import GAMES
from companion.table.owner import Table
from companion.table.store import Store
from tests.clock import FakeClock
from tests.device.recording import RecordingFactory


@pytest.fixture
def offscreen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """pygame with SDL's dummy drivers: screens are drawn and read back, never shown."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture
def pins() -> Iterator[RecordingFactory]:
    factory = RecordingFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = None


@pytest.fixture
def pin_map() -> PinMap:
    """The packaged map (OE on GPIO 22), with a tonal buzzer: its notes tell the sounds apart."""
    packaged = load_pins()
    return replace(packaged, buzzer=BuzzerPin(packaged.buzzer.pin, "tonal"))


@pytest.fixture
def table(tmp_path: Path, clock: FakeClock) -> Iterator[Table]:
    store = Store(tmp_path / "getaway.sqlite")
    table = Table(store, GAMES, clock=clock, chance=random.Random(1))
    table.start()
    yield table
    table.stop()
    store.close()


@pytest.fixture
def box(table: Table, pin_map: PinMap, pins: RecordingFactory, clock: FakeClock) -> Iterator[Box]:
    box = Box(table, pin_map, clock=clock, pin_factory=pins)
    yield box
    box.close()
