"""The pin map: which GPIO each part of the box uses, read from ``hardware/pins.toml``.

A wrong map is refused before any pin is touched, with the file and line to fix.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal, NoReturn

from companion.games.base import Button

FIRST_GPIO, LAST_GPIO = 2, 27
"""The GPIOs on the 40-pin header (0 and 1 are reserved for HAT EEPROMs)."""
MIN_BRIGHTNESS = 0.05
"""The dimmest the police station may be set: darker, and a lit LED looks like an unlit one."""


class PinMapError(ValueError):
    """The pin map is malformed or conflicting; the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class StationPins:
    """The 74HC595 chain: serial data, shift clock, latch clock, the optional OE, how bright
    the LEDs are (below 1.0 only with OE, whose PWM dims them), and the optional GPIO that
    reads the last chip's serial output back (the self-test's check of the chain)."""

    data: int
    clock: int
    latch: int
    oe: int | None = None
    brightness: float = 1.0
    readback: int | None = None


@dataclass(frozen=True, slots=True)
class BuzzerPin:
    """The buzzer's GPIO and whether it beeps by itself ("active") or plays notes ("tonal")."""

    pin: int
    kind: Literal["active", "tonal"]


@dataclass(frozen=True, slots=True)
class ScreenSettings:
    """The size, rotation, fullscreen flag and frame-rate cap of the screen."""

    width: int
    height: int
    rotation: int
    fullscreen: bool
    fps: int
    framebuffer: str | None = None
    """A small SPI panel's framebuffer (like "/dev/fb1"): frames are drawn offscreen and
    copied there; None for a screen SDL drives itself (HDMI, DSI)."""


@dataclass(frozen=True, slots=True)
class PinMap:
    """Everything ``hardware/pins.toml`` says; ``buttons`` maps the five physical buttons."""

    buttons: Mapping[Button, int]
    station: StationPins
    buzzer: BuzzerPin
    screen: ScreenSettings


Check = Callable[[Any], str | None]
"""Returns what is wrong with a value, or None if it is fine."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _gpio(value: Any) -> str | None:
    if not _is_int(value):
        return "must be a GPIO number (BCM), like 17"
    if not FIRST_GPIO <= value <= LAST_GPIO:
        return f"is GPIO {value}, which is not on the header (use {FIRST_GPIO} to {LAST_GPIO})"
    return None


def _whole(low: int, high: int) -> Check:
    def check(value: Any) -> str | None:
        ok = _is_int(value) and low <= value <= high
        return None if ok else f"must be a whole number from {low} to {high}"
    return check


def _choice(*choices: Any) -> Check:
    def check(value: Any) -> str | None:
        ok = any(type(value) is type(c) and value == c for c in choices)
        return None if ok else "must be one of " + ", ".join(repr(c) for c in choices)
    return check


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _brightness(value: Any) -> str | None:
    ok = (_is_int(value) or isinstance(value, float)) and MIN_BRIGHTNESS <= value <= 1
    return None if ok else f"must be a number from {MIN_BRIGHTNESS} to 1.0 (full brightness)"


def _device(value: Any) -> str | None:
    ok = isinstance(value, str) and value.startswith("/")
    return None if ok else 'must be the path of a framebuffer, like "/dev/fb1"'


SCHEMA: dict[str, dict[str, Check]] = {
    "buttons": {button.value: _gpio for button in
                (Button.LEFT, Button.RIGHT, Button.OK, Button.BACK, Button.TURN)},
    "station": {"data": _gpio, "clock": _gpio, "latch": _gpio, "oe": _gpio,
                "brightness": _brightness, "readback": _gpio},
    "buzzer": {"pin": _gpio, "kind": _choice("active", "tonal")},
    "screen": {"width": _whole(1, 4096), "height": _whole(1, 4096),
               "rotation": _choice(0, 90, 180, 270), "fullscreen": _boolean,
               "fps": _whole(1, 60), "framebuffer": _device},
}
OPTIONAL = {("station", "oe"), ("station", "brightness"), ("station", "readback"),
            ("screen", "framebuffer")}
PINS = ("buttons", "station.data", "station.clock", "station.latch", "station.oe",
        "station.readback", "buzzer.pin")
"""Where GPIOs are named; each GPIO may appear only once among them."""


def load_pins(path: Path | None = None) -> PinMap:
    """Read and check the pin map (default: the packaged ``hardware/pins.toml``)."""
    source: Path | Traversable = path or files("companion.hardware") / "pins.toml"
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise PinMapError(f"{source}: cannot be read ({error.strerror})") from error
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PinMapError(f"{source}: {error}") from error
    _MapText(str(source), text).check(data)
    return PinMap(
        buttons={Button(key): pin for key, pin in data["buttons"].items()},
        station=StationPins(**data["station"]),
        buzzer=BuzzerPin(**data["buzzer"]),
        screen=ScreenSettings(**data["screen"]),
    )


@dataclass(frozen=True, slots=True)
class _MapText:
    """The text of one pin map, to check its data and point at the line of each mistake."""

    name: str
    text: str

    def check(self, data: Mapping[str, Any]) -> None:
        for section in data:
            if section not in SCHEMA:
                self.refuse(section, None, f"unknown section [{section}] "
                                           f"(known: {', '.join(SCHEMA)})")
        for section, checks in SCHEMA.items():
            self.check_section(section, data.get(section), checks)
        self.check_unique(data)
        station = data["station"]
        if station.get("brightness", 1) < 1 and "oe" not in station:
            self.refuse("station", "brightness", "station.brightness below 1 needs station.oe: "
                                                 "the OE pin is what dims the LEDs")

    def check_section(self, section: str, table: Any, checks: Mapping[str, Check]) -> None:
        if not isinstance(table, dict):
            what = "is missing" if table is None else "must be a table"
            self.refuse(section, None, f"the section [{section}] {what}")
        for key in table:
            if key not in checks:
                self.refuse(section, key, f"unknown key {section}.{key} "
                                          f"(known: {', '.join(checks)})")
        for key, check in checks.items():
            if key not in table:
                if (section, key) not in OPTIONAL:
                    self.refuse(section, None, f"{section}.{key} is missing")
                continue
            problem = check(table[key])
            if problem:
                self.refuse(section, key, f"{section}.{key} {problem}")

    def check_unique(self, data: Mapping[str, Any]) -> None:
        users: dict[int, str] = {}
        for label, gpio in _gpio_uses(data):
            if gpio in users:
                section, key = label.split(".")
                self.refuse(section, key, f"GPIO {gpio} is used twice ({users[gpio]} and {label})")
            users[gpio] = label

    def refuse(self, section: str, key: str | None, problem: str) -> NoReturn:
        line = self.line(section, key)
        where = self.name if line is None else f"{self.name} line {line}"
        raise PinMapError(f"{where}: {problem}")

    def line(self, section: str, key: str | None) -> int | None:
        """The line of ``key`` in ``[section]`` (or of the section's header), 1-based."""
        lines = self.text.splitlines()
        header = re.compile(rf"\s*\[\s*{re.escape(section)}\s*\]")
        start = next((i for i, line in enumerate(lines) if header.match(line)), None)
        if start is None or key is None:
            return None if start is None else start + 1
        assignment = re.compile(rf"\s*{re.escape(key)}\s*=")
        for number in range(start + 1, len(lines)):
            if lines[number].lstrip().startswith("["):
                break
            if assignment.match(lines[number]):
                return number + 1
        return start + 1


def _gpio_uses(data: Mapping[str, Any]) -> list[tuple[str, int]]:
    """Every (section.key, GPIO) of the map, in the order of ``PINS``."""
    uses = []
    for where in PINS:
        section, _, only = where.partition(".")
        for key, value in data[section].items():
            if not only or key == only:
                uses.append((f"{section}.{key}", value))
    return uses
