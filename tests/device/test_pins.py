"""The pin map: the packaged one loads; a wrong one is refused with its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.device.pins import BuzzerPin, PinMapError, ScreenSettings, StationPins, load_pins
from companion.games.base import Button

MAP = """\
[buttons]
left = 5
right = 6
ok = 13
back = 19
turn = 26

[station]
data = 16
clock = 20
latch = 21

[buzzer]
pin = 12
kind = "tonal"

[screen]
width = 480
height = 320
rotation = 0
fullscreen = true
fps = 10
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pins.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_pins_packaged_map_avoids_spi0_i2c_and_uart() -> None:
    pins = load_pins()
    used = {*pins.buttons.values(), pins.station.data, pins.station.clock, pins.station.latch,
            pins.station.oe, pins.buzzer.pin}
    assert set(pins.buttons) == {Button.LEFT, Button.RIGHT, Button.OK, Button.BACK, Button.TURN}
    assert pins.station.oe == 22  # by default: the LEDs stay dark through the boot
    assert pins.station.brightness == 1.0
    assert len(used) == 10
    assert not used & {2, 3, 7, 8, 9, 10, 11, 14, 15}
    assert pins.screen == ScreenSettings(480, 320, 0, True, 10)


def test_pins_load_every_section(tmp_path: Path) -> None:
    pins = load_pins(write(tmp_path, MAP.replace("latch = 21", "latch = 21\noe = 22")))
    assert pins.buttons == {Button.LEFT: 5, Button.RIGHT: 6, Button.OK: 13, Button.BACK: 19,
                            Button.TURN: 26}
    assert pins.station == StationPins(16, 20, 21, 22)
    assert pins.buzzer == BuzzerPin(12, "tonal")


def test_pins_oe_is_optional(tmp_path: Path) -> None:
    assert load_pins(write(tmp_path, MAP)).station.oe is None


def test_pins_brightness_dims_through_oe(tmp_path: Path) -> None:
    assert load_pins(write(tmp_path, MAP)).station.brightness == 1.0
    dimmed = MAP.replace("latch = 21", "latch = 21\noe = 22\nbrightness = 0.3")
    assert load_pins(write(tmp_path, dimmed)).station == StationPins(16, 20, 21, 22, 0.3)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("ok = 13", "ok = 16", "line 9: GPIO 16 is used twice (buttons.ok and station.data)"),
    ("pin = 12", "pin = 5", "line 14: GPIO 5 is used twice (buttons.left and buzzer.pin)"),
    ("turn = 26", "turn = 26\nmenu = 4", "line 7: unknown key buttons.menu "
                                         "(known: left, right, ok, back, turn)"),
    ("latch = 21\n", "", "line 8: station.latch is missing"),
    ("turn = 26", "turn = 28", "line 6: buttons.turn is GPIO 28, which is not on the header "
                               "(use 2 to 27)"),
    ("left = 5", "left = 1", "line 2: buttons.left is GPIO 1"),
    ('ok = 13', 'ok = "13"', "line 4: buttons.ok must be a GPIO number (BCM), like 17"),
    ("ok = 13", "ok = true", "line 4: buttons.ok must be a GPIO number"),
    ('kind = "tonal"', 'kind = "loud"', "line 15: buzzer.kind must be one of 'active', 'tonal'"),
    ("rotation = 0", "rotation = 45", "line 20: screen.rotation must be one of 0, 90, 180, 270"),
    ("fullscreen = true", "fullscreen = 1", "line 21: screen.fullscreen must be true or false"),
    ("fps = 10", "fps = 0", "line 22: screen.fps must be a whole number from 1 to 60"),
    ("latch = 21", "latch = 21\nbrightness = 0.5",
     "line 12: station.brightness below 1 needs station.oe: the OE pin is what dims the LEDs"),
    ("latch = 21", "latch = 21\noe = 22\nbrightness = 0.01",
     "line 13: station.brightness must be a number from 0.05 to 1.0 (full brightness)"),
    ("latch = 21", "latch = 21\noe = 22\nbrightness = true",
     "line 13: station.brightness must be a number"),
    ("latch = 21", "latch = 21\noe = 13", "line 12: GPIO 13 is used twice (buttons.ok and "
                                          "station.oe)"),
    ("[buzzer]", "[leds]\ncount = 24\n\n[buzzer]",
     "line 13: unknown section [leds] (known: buttons, station, buzzer, screen)"),
])
def test_pins_refuse_a_wrong_map_naming_the_line(tmp_path: Path, old: str, new: str,
                                                  message: str) -> None:
    assert old in MAP
    path = write(tmp_path, MAP.replace(old, new))
    with pytest.raises(PinMapError) as refused:
        load_pins(path)
    assert str(refused.value).startswith(f"{path} {message}")


def test_pins_refuse_a_missing_section(tmp_path: Path) -> None:
    path = write(tmp_path, MAP.split("[screen]")[0])
    with pytest.raises(PinMapError, match=r"pins\.toml: the section \[screen\] is missing$"):
        load_pins(path)


def test_pins_refuse_broken_toml_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, MAP.replace("back = 19", "back 19"))
    with pytest.raises(PinMapError, match=r"pins\.toml: .*line 5"):
        load_pins(path)


def test_pins_refuse_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PinMapError, match="cannot be read"):
        load_pins(tmp_path / "nowhere.toml")

