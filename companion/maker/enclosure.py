"""The case, from the panel data (hardware/panel.toml), the parts list and the pin map: the hole
map of the front panel, the mounts for the Pi, the stripboard and the screen, the room every
part takes inside, the OpenSCAD model's data, the drill template, and the printable parts.

The holes are one list (``holes``); panel.scad hands it to hardware/enclosure/enclosure.scad,
and the template draws it at 1:1, so what is printed and what is drilled agree. The parts
inside (``inside``) are boxes that must fit between the walls without touching each other.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from companion.device.pins import PinMap
from companion.device.station import COLUMNS, ROWS
from companion.maker.circuit import COLOURS
from companion.maker.parts import BUTTONS, PartsList, load_parts
from companion.maker.stripboard import HEIGHT, MOUNTS, PITCH, WIDTH

POST = 8.0
"""The shell's corner posts (enclosure.scad's ``post``)."""
PI_POSTS = ((0.0, 0.0), (58.0, 0.0), (0.0, 23.0), (58.0, 23.0), (0.0, 49.0), (58.0, 49.0))
"""The Pi's mounting holes from the first: 58 x 49 mm (Pi 3 B+, 4 B, 5), 58 x 23 (Zero 2 W)."""
SCREEN_ASPECT_SLACK = 0.05
"""How far the window's shape may stray from the screen's pixels (width / height)."""
PI_POST = 5.0
"""How high the Pi's posts stand on the base plate."""
PI_HOLE_INSET = 3.5
"""The Pi's first mounting hole from its board's corner."""
LED_DEPTH = 12.0
"""How far an LED in its holder, with its wires, reaches below the panel."""
BOARD_BELOW, BOARD_ABOVE = 2.0, 13.5
"""The stripboard's leads below it, and its tallest part (C4) with the board above its post."""


@dataclass(frozen=True, slots=True)
class Block:
    """The room a part takes inside the case: its corners (mm), whether it is round (then its
    box is the cylinder's), and the colour the assembled picture draws it in."""

    label: str
    low: tuple[float, float, float]
    high: tuple[float, float, float]
    colour: str
    round: bool = False

    def overlaps(self, other: Block) -> bool:
        return all(self.low[n] < other.high[n] and other.low[n] < self.high[n]
                   for n in range(3))


class PanelError(ValueError):
    """The panel data does not fit the pin map or itself."""


@dataclass(frozen=True, slots=True)
class Hole:
    """A round hole in the front panel: what it is for, its centre and diameter (mm)."""

    label: str
    x: float
    y: float
    diameter: float


@dataclass(frozen=True, slots=True)
class Panel:
    """Everything the model and the template need, in millimetres."""

    case: Mapping[str, float]
    holes: tuple[Hole, ...]
    window: tuple[float, float, float, float]
    """Centre x, centre y, width, height of the screen's window."""
    module: tuple[float, float]
    power: tuple[float, float, float, float]
    """The slot in the back wall: centre x, centre height, width, height."""
    pi: tuple[tuple[float, float], ...]
    board_posts: tuple[tuple[float, float], ...]
    """Where the stripboard's posts stand: under its mounting holes."""
    board_post: float
    screen: str
    """The screen model the window and the guides are made for."""
    inside: tuple[Block, ...] = ()


def load_panel(path: Path, pins: PinMap, bought: PartsList | None = None) -> Panel:
    """Read panel.toml and check it against the pin map: a hole for every button, as big as
    the button the parts list buys (default: the packaged parts.toml), the LED grid of the
    police station, a window of the screen's shape, everything inside the panel."""
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    buttons = data["buttons"]
    if set(buttons) != {button.value for button in BUTTONS} or set(pins.buttons) != set(BUTTONS):
        raise PanelError(f"{path}: [buttons] must have a place for each of "
                         f"{', '.join(b.value for b in BUTTONS)}")
    if any("hole" in place for place in buttons.values()):
        raise PanelError(f"{path}: a button's hole is its size in parts.toml, not set here")
    sizes = (bought or load_parts()).buttons
    holes = [_hole_at(f"{button.value.upper()} button",
                      {**buttons[button.value], "hole": sizes[button].size})
             for button in BUTTONS]
    leds = data["leds"]
    for column in range(COLUMNS):
        for row in range(ROWS):
            x = leds["first"][0] + column * leds["pitch"][0]
            y = leds["first"][1] + row * leds["pitch"][1]
            holes.append(Hole(f"LED {COLOURS[column]} {row + 1}", x, y, leds["hole"]))
    holes.append(_hole_at("buzzer", data["buzzer"]))
    screen, bought = data["screen"], bought or load_parts()
    margin = screen["margin"]
    model = bought.screen
    window = (*screen["centre"], model.active[0] + 2 * margin, model.active[1] + 2 * margin)
    power, board = data["power"], data["stripboard"]
    panel = Panel(case=data["case"], holes=tuple(holes), window=window,
                  module=model.board[:2], power=(power["x"], power["z"], *power["slot"]),
                  pi=tuple((data["pi"]["at"][0] + dx, data["pi"]["at"][1] + dy)
                           for dx, dy in PI_POSTS),
                  board_posts=tuple(board_hole(board["corner"], hole) for hole in MOUNTS),
                  board_post=board["post"], screen=model.model)
    panel = replace(panel, inside=_inside(panel, data, bought))
    _check(path, panel, pins)
    return panel


def board_hole(corner: list[float], hole: tuple[int, int]) -> tuple[float, float]:
    """Where a hole (column, row) of the stripboard is on the base plate, the board's front
    left corner at ``corner``, its row 0 at the back."""
    return (corner[0] + PITCH / 2 + hole[0] * PITCH,
            corner[1] + HEIGHT * PITCH - PITCH / 2 - hole[1] * PITCH)


def _inside(panel: Panel, data: Mapping[str, Any], bought: PartsList) -> tuple[Block, ...]:
    """The room each part takes: the Pi and the stripboard on the base plate, the screen,
    the buttons, the LEDs and the buzzer under the panel, and the shell's corner posts."""
    case, below = panel.case, panel.case["height"] - panel.case["panel"]
    floor = case["base"]
    px, py = data["pi"]["at"]
    pw, ph, pz = bought.pi
    x, y = px - PI_HOLE_INSET, py - PI_HOLE_INSET
    blocks = [Block("Raspberry Pi", (x, y, floor + PI_POST),
                    (x + pw, y + ph, floor + PI_POST + pz), "green")]
    bx, by = data["stripboard"]["corner"]
    on = floor + panel.board_post
    blocks.append(Block("stripboard", (bx, by, on - BOARD_BELOW),
                        (bx + WIDTH * PITCH, by + HEIGHT * PITCH, on + BOARD_ABOVE), "peru"))
    cx, cy, _, _ = panel.window
    mw, mh, mz = bought.screen.board
    blocks.append(Block(f"screen ({bought.screen.model})", (cx - mw / 2, cy - mh / 2, below - mz),
                        (cx + mw / 2, cy + mh / 2, below), "midnightblue"))
    for button, hole in zip(BUTTONS, panel.holes, strict=False):
        depth = bought.buttons[button].depth
        blocks.append(_round(f"{button.value.upper()} button", hole, depth, below, "red"))
    leds = [hole for hole in panel.holes if hole.label.startswith("LED")]
    r = leds[0].diameter / 2
    blocks.append(Block("LEDs", (min(h.x for h in leds) - r, min(h.y for h in leds) - r,
                                 below - LED_DEPTH),
                        (max(h.x for h in leds) + r, max(h.y for h in leds) + r, below),
                        "gold"))
    buzzer = next(hole for hole in panel.holes if hole.label == "buzzer")
    diameter, height = bought.buzzer
    blocks.append(_round("buzzer", Hole("buzzer", buzzer.x, buzzer.y, diameter), height,
                         below, "black"))
    post, wall = POST, case["wall"]
    for px in (wall, case["width"] - wall - post):
        for py in (wall, case["depth"] - wall - post):
            blocks.append(Block("corner post", (px, py, floor), (px + post, py + post, below),
                                "lightgrey"))
    return tuple(blocks)


def _round(label: str, hole: Hole, depth: float, below: float, colour: str) -> Block:
    r = hole.diameter / 2
    return Block(label, (hole.x - r, hole.y - r, below - depth), (hole.x + r, hole.y + r, below),
                 colour, round=True)


def _hole_at(label: str, data: Mapping[str, Any]) -> Hole:
    """A hole from its ``at = [x, y]`` and ``hole`` (the diameter)."""
    x, y = data["at"]
    return Hole(label, x, y, data["hole"])


def _check(path: Path, panel: Panel, pins: PinMap) -> None:
    width, height = pins.screen.width, pins.screen.height
    if pins.screen.rotation in (90, 270):
        width, height = height, width
    shape = panel.window[2] / panel.window[3]
    if abs(shape / (width / height) - 1) > SCREEN_ASPECT_SLACK:
        raise PanelError(f"{path}: the screen window ({panel.window[2]} x {panel.window[3]} mm) "
                         f"is not the shape of a {width} x {height} screen")
    inner = panel.case["wall"]
    shapes = [(h.label, h.x, h.y, h.diameter / 2, h.diameter / 2) for h in panel.holes]
    shapes.append(("screen window", panel.window[0], panel.window[1], panel.window[2] / 2,
                   panel.window[3] / 2))
    for label, x, y, rx, ry in shapes:
        if not (inner + rx <= x <= panel.case["width"] - inner - rx
                and inner + ry <= y <= panel.case["depth"] - inner - ry):
            raise PanelError(f"{path}: the {label} does not fit inside the walls")
    for n, first in enumerate(shapes):
        for second in shapes[n + 1:]:
            if _overlap(first, second):
                raise PanelError(f"{path}: the {first[0]} and the {second[0]} overlap")
    for problem in clashes(panel):
        raise PanelError(f"{path}: {problem}")


def clashes(panel: Panel) -> list[str]:
    """What does not fit inside: a part through a wall, the base or the panel, or two parts
    in one place."""
    case = panel.case
    low = (case["wall"], case["wall"], case["base"])
    high = (case["width"] - case["wall"], case["depth"] - case["wall"],
            case["height"] - case["panel"])
    found = [f"the {block.label} does not fit inside the case" for block in panel.inside
             if any(block.low[n] < low[n] - 1e-6 or block.high[n] > high[n] + 1e-6
                    for n in range(3))]
    for n, first in enumerate(panel.inside):
        found += [f"the {first.label} and the {second.label} take the same room"
                  for second in panel.inside[n + 1:] if first.overlaps(second)]
    return found


def _overlap(a: tuple[str, float, float, float, float],
             b: tuple[str, float, float, float, float]) -> bool:
    """Whether two holes' boxes, with 1 mm of panel between them, overlap."""
    return abs(a[1] - b[1]) < a[3] + b[3] + 1 and abs(a[2] - b[2]) < a[4] + b[4] + 1


def scad(panel: Panel) -> str:
    """panel.scad: the data enclosure.scad is built from."""
    def number(value: float) -> str:
        return f"{value:g}"

    case = "\n".join(f"{key} = {number(value)};" for key, value in panel.case.items())
    holes = "\n".join(f"    [{number(h.x)}, {number(h.y)}, {number(h.diameter)}],  // {h.label}"
                       for h in panel.holes)
    inside = "\n".join(
        f"    [[{', '.join(number(round(v, 2)) for v in b.low)}], "
        f"[{', '.join(number(round(v, 2)) for v in b.high)}], {str(b.round).lower()}, "
        f'"{b.colour}"],  // {b.label}' for b in panel.inside)
    return (
        "// Written by companion/maker/enclosure.py from hardware/panel.toml, parts.toml and\n"
        f"// pins.toml, for the {panel.screen}; do not edit (python -m companion.maker).\n"
        f"{case}\n"
        f"window = [{', '.join(number(v) for v in panel.window)}];  // centre x, y; width, "
        "height\n"
        f"screen_module = [{', '.join(number(v) for v in panel.module)}];  // width, height\n"
        f"power = [{', '.join(number(v) for v in panel.power)}];  // centre x, height; width, "
        "height\n"
        f"pi_holes = [{', '.join(f'[{number(x)}, {number(y)}]' for x, y in panel.pi)}];\n"
        f"board_posts = [{', '.join(f'[{number(x)}, {number(y)}]' for x, y in panel.board_posts)}"
        f"];\nboard_post = {number(panel.board_post)};\n"
        f"// what takes room inside, for the assembled picture: low corner, high corner, round\n"
        f"inside = [\n{inside}\n];\n"
        f"holes = [  // x, y, diameter\n{holes}\n];\n")


def template(panel: Panel) -> str:
    """The drill template: the front panel at 1:1 (print at 100 %), each hole with a cross at
    its centre and its diameter, the screen's window and the module behind it."""
    width, depth = panel.case["width"], panel.case["depth"]
    margin = 12.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * margin}mm" '
           f'height="{depth + 2 * margin + 10}mm" viewBox="{-margin} {-margin} '
           f'{width + 2 * margin} {depth + 2 * margin + 10}" '
           'font-family="DejaVu Sans, Arial, sans-serif">',
           f'<rect x="{-margin}" y="{-margin}" width="{width + 2 * margin}" '
           f'height="{depth + 2 * margin + 10}" fill="#fff"/>',
           f'<rect x="0" y="0" width="{width:g}" height="{depth:g}" fill="none" stroke="#000" '
           'stroke-width="0.3"><title>outline of the front panel</title></rect>',
           f'<text x="0" y="{-margin / 2}" font-size="4">Getaway front panel, drill template '
           f'1:1 ({width:g} x {depth:g} mm): print at 100 %, check the 50 mm scale.</text>']
    cx, cy, w, h = panel.window
    mw, mh = panel.module
    out.append(f'<rect x="{cx - mw / 2:g}" y="{_y(panel, cy) - mh / 2:g}" width="{mw:g}" '
               f'height="{mh:g}" fill="none" stroke="#888" stroke-width="0.3" '
               'stroke-dasharray="2 1"><title>screen module behind the panel</title></rect>')
    out.append(f'<rect x="{cx - w / 2:g}" y="{_y(panel, cy) - h / 2:g}" width="{w:g}" '
               f'height="{h:g}" fill="none" stroke="#000" stroke-width="0.3"><title>screen '
               f'window {w:g} x {h:g} mm</title></rect>')
    out.append(f'<text x="{cx:g}" y="{_y(panel, cy):g}" font-size="4" text-anchor="middle">'
               f'screen window {w:g} x {h:g} mm</text>')
    for hole in panel.holes:
        out.extend(_hole(panel, hole))
    out.extend(_notes(panel))
    scale_y = depth + 6
    out.append(f'<line x1="0" y1="{scale_y:g}" x2="50" y2="{scale_y:g}" stroke="#000" '
               'stroke-width="0.5"/>')
    out.append(f'<text x="52" y="{scale_y + 1.5:g}" font-size="3.5">50 mm; front edge '
               '(the players\' side) at the bottom</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _y(panel: Panel, y: float) -> float:
    """The template's y (down the page) of a panel y (from the front edge, which is drawn at
    the bottom)."""
    return panel.case["depth"] - y


def _hole(panel: Panel, hole: Hole) -> list[str]:
    x, y, r = hole.x, _y(panel, hole.y), hole.diameter / 2
    out = [f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="none" stroke="#000" '
           f'stroke-width="0.3"><title>{escape(hole.label)}: {hole.diameter:g} mm</title>'
           '</circle>',
           f'<path d="M {x - 1.5:g} {y:g} H {x + 1.5:g} M {x:g} {y - 1.5:g} V {y + 1.5:g}" '
           'stroke="#000" stroke-width="0.2"/>']
    if not hole.label.startswith("LED"):
        out.append(f'<text x="{x:g}" y="{y + r + 4:g}" font-size="3" text-anchor="middle">'
                   f'{escape(hole.label)} {hole.diameter:g}</text>')
    return out


def _notes(panel: Panel) -> list[str]:
    """Under the LED grid what its columns are; under the panel the slot in the back wall."""
    leds = [hole for hole in panel.holes if hole.label.startswith("LED")]
    x = (min(h.x for h in leds) + max(h.x for h in leds)) / 2
    y = _y(panel, min(h.y for h in leds)) + leds[0].diameter / 2 + 4
    px, pz, pw, ph = panel.power
    return [f'<text x="{x:g}" y="{y:g}" font-size="3" text-anchor="middle">{len(leds)} LEDs '
            f'{leds[0].diameter:g}: {", ".join(COLOURS)}</text>',
            f'<text x="0" y="{panel.case["depth"] + 12:g}" font-size="3.5">Back wall: a '
            f'{pw:g} x {ph:g} mm slot for the power cable, its centre {px:g} mm from the left '
            f'and {pz:g} mm above the bottom.</text>']


def openscad(model: Path, out: Path, *args: str) -> None:
    """Run Debian's openscad on ``model``; pictures need a display, so those run in xvfb-run."""
    command = ["openscad", "-o", str(out), *args, str(model)]
    if out.suffix == ".png" and not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", *command]
    if shutil.which(command[0]) is None:
        raise FileNotFoundError(f"{command[0]} is missing: apt-get install openscad xvfb")
    subprocess.run(command, check=True, capture_output=True, timeout=600)
