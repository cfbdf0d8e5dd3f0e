"""The pin map: which GPIO each part of the box uses, read from ``hardware/pins.toml``.

A wrong map is refused before any pin is touched, with the file and line to fix.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal, NoReturn

from companion.games.base import Button
from companion.i18n import text

FIRST_GPIO, LAST_GPIO = 2, 27
"""The GPIOs on the 40-pin header (0 and 1 are reserved for HAT EEPROMs)."""
MIN_BRIGHTNESS = 0.05
"""The dimmest the police station may be set: darker, and a lit LED looks like an unlit one."""


class PinMapError(ValueError):
    """The pin map is malformed or conflicting: a sentence's key and values, said after the
    file and the line to fix (``says``: in a language; ``str``: in English, for the log)."""

    def __init__(self, file: str, line: int | None, problem: Problem) -> None:
        self.file, self.line, (self.key, self.params) = file, line, problem
        super().__init__(self.says("en"))

    def says(self, lang: str) -> str:
        """The whole reason in ``lang``: where, and what is wrong there."""
        where = self.file if self.line is None else text("pins.line", lang, file=self.file,
                                                         line=self.line)
        return f"{where}: {text(self.key, lang, **self.params)}"


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


Problem = tuple[str, dict[str, str | int | float]]
"""What is wrong: a sentence's key and its values."""
Check = Callable[[Any], "Problem | None"]
"""Returns what is wrong with a value (its values without ``field``), or None if it is fine."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _gpio(value: Any) -> Problem | None:
    if not _is_int(value):
        return "pins.not_gpio", {}
    if not FIRST_GPIO <= value <= LAST_GPIO:
        return "pins.off_header", {"gpio": value, "first": FIRST_GPIO, "last": LAST_GPIO}
    return None


def _whole(low: int, high: int) -> Check:
    def check(value: Any) -> Problem | None:
        ok = _is_int(value) and low <= value <= high
        return None if ok else ("pins.not_whole", {"low": low, "high": high})
    return check


def _choice(*choices: Any) -> Check:
    def check(value: Any) -> Problem | None:
        ok = any(type(value) is type(c) and value == c for c in choices)
        return None if ok else ("pins.not_choice", {"choices": _listed(map(repr, choices))})
    return check


def _boolean(value: Any) -> Problem | None:
    return None if isinstance(value, bool) else ("pins.not_boolean", {})


def _brightness(value: Any) -> Problem | None:
    ok = (_is_int(value) or isinstance(value, float)) and MIN_BRIGHTNESS <= value <= 1
    return None if ok else ("pins.not_brightness", {"low": MIN_BRIGHTNESS})


def _device(value: Any) -> Problem | None:
    ok = isinstance(value, str) and value.startswith("/")
    return None if ok else ("pins.not_device", {})


def _listed(names: Iterable[str]) -> str:
    """Names (of keys, sections, choices) as the pin map's sentences list them."""
    return ", ".join(names)


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
        content = source.read_text(encoding="utf-8")
    except OSError as error:
        raise PinMapError(str(source), None, ("pins.unreadable", {"why": str(error.strerror)})
                          ) from error
    try:
        data = tomllib.loads(content)
    except tomllib.TOMLDecodeError as error:
        raise PinMapError(str(source), None, ("pins.not_toml", {"why": str(error)})) from error
    _MapText(str(source), content).check(data)
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
                self.refuse(section, None, ("pins.unknown_section",
                                            {"section": section, "known": _listed(SCHEMA)}))
        for section, checks in SCHEMA.items():
            self.check_section(section, data.get(section), checks)
        self.check_unique(data)
        station = data["station"]
        if station.get("brightness", 1) < 1 and "oe" not in station:
            self.refuse("station", "brightness", ("pins.dim_without_oe", {}))

    def check_section(self, section: str, table: Any, checks: Mapping[str, Check]) -> None:
        if not isinstance(table, dict):
            what = "pins.no_section" if table is None else "pins.not_section"
            self.refuse(section, None, (what, {"section": section}))
        for key in table:
            if key not in checks:
                self.refuse(section, key, ("pins.unknown_key", {
                    "field": f"{section}.{key}", "known": _listed(checks)}))
        for key, check in checks.items():
            if key not in table:
                if (section, key) not in OPTIONAL:
                    self.refuse(section, None, ("pins.no_key", {"field": f"{section}.{key}"}))
                continue
            problem = check(table[key])
            if problem:
                self.refuse(section, key, (problem[0], {**problem[1], "field": f"{section}.{key}"}))

    def check_unique(self, data: Mapping[str, Any]) -> None:
        users: dict[int, str] = {}
        for label, gpio in _gpio_uses(data):
            if gpio in users:
                section, key = label.split(".")
                self.refuse(section, key, ("pins.used_twice",
                                           {"gpio": gpio, "first": users[gpio], "second": label}))
            users[gpio] = label

    def refuse(self, section: str, key: str | None, problem: Problem) -> NoReturn:
        raise PinMapError(self.name, self.line(section, key), problem)

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
