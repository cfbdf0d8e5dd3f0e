"""The case: built by OpenSCAD from the panel data, with the holes the template shows."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from companion.device.pins import load_pins
from companion.maker.__main__ import CASE, HARDWARE, PRINTS
from companion.maker.enclosure import Panel, PanelError, board_hole, clashes, load_panel, openscad
from companion.maker.parts import load_parts
from companion.maker.stripboard import layout

PANEL = HARDWARE / "panel.toml"
MODEL = CASE / "enclosure.scad"


@pytest.fixture(scope="module")
def panel() -> Panel:
    return load_panel(PANEL, load_pins())


Point = tuple[float, float, float]
Face = tuple[Point, Point, Point]


def triangles(stl: Path) -> list[Face]:
    """The triangles of an ASCII STL, each as its three corners."""
    corners = [(float(x), float(y), float(z)) for x, y, z in
               re.findall(r"vertex\s+(\S+)\s+(\S+)\s+(\S+)", stl.read_text(encoding="utf-8"))]
    return [(corners[n], corners[n + 1], corners[n + 2]) for n in range(0, len(corners), 3)]


def volume(faces: list[Face]) -> float:
    """The enclosed volume (mm³), by the divergence theorem."""
    total = 0.0
    for (ax, ay, az), (bx, by, bz), (cx, cy, cz) in faces:
        total += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)
    return total / 6


def bounds(faces: list[Face]) -> list[tuple[float, ...]]:
    return [(min(c[axis] for f in faces for c in f), max(c[axis] for f in faces for c in f))
            for axis in range(3)]


def close(found: list[tuple[float, ...]], expected: list[tuple[float, ...]],
          slack: float) -> bool:
    return len(found) == len(expected) and all(
        len(a) == len(b) and all(abs(x - y) <= slack for x, y in zip(a, b, strict=True))
        for a, b in zip(found, expected, strict=True))


BED = 220.0
"""The bed of a common printer (Prusa MK4, Ender 3, Bambu A1 and P1: 220 x 220 mm or more)."""


@pytest.mark.parametrize(("name", "part"), list(PRINTS.items()))
def test_openscad_builds_each_committed_part_from_the_data(tmp_path: Path, panel: Panel,
                                                           name: str, part: str) -> None:
    """One file a part, lying flat from the origin, within a 220 x 220 mm bed."""
    built = tmp_path / name
    openscad(MODEL, built, "-D", f'part="{part}"')
    made, committed = triangles(built), triangles(CASE / name)
    case = panel.case
    posts = max(5.0, panel.board_post)  # the Pi's posts, the stripboard's
    top = case["height"] - case["base"] if part == "shell-print" else case["base"] + posts
    expected: list[tuple[float, ...]] = [(0, case["width"]), (0, case["depth"]), (0, top)]
    assert close(bounds(made), expected, 0.01)
    assert case["width"] <= BED and case["depth"] <= BED
    assert volume(made) == pytest.approx(volume(committed), rel=0.001), (
        f"hardware/enclosure/{name} is stale: .venv/bin/python -m companion.maker")
    assert len(made) == pytest.approx(len(committed), rel=0.02)


def test_the_panel_of_the_model_has_the_holes_of_the_template(tmp_path: Path,
                                                              panel: Panel) -> None:
    """OpenSCAD's own outline of the front panel: one hole per hole of the list, where the
    template draws it, and the screen's window."""
    outline = tmp_path / "panel.svg"
    openscad(MODEL, outline, "-D", 'part="panel"')
    path = re.search(r'<path d="([^"]+)"', outline.read_text(encoding="utf-8"))
    assert path is not None
    shapes: list[tuple[float, ...]] = []
    for contour in path.group(1).split("M")[1:]:
        points = [(float(x), -float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", contour)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        shapes.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2,
                       max(xs) - min(xs), max(ys) - min(ys)))
    expected: list[tuple[float, ...]] = [(h.x, h.y, h.diameter, h.diameter)
                                         for h in panel.holes]
    expected.append(panel.window)
    assert close(sorted(shapes), sorted(expected), 0.05)


def test_openscad_renders_a_picture_without_a_screen(tmp_path: Path) -> None:
    picture = tmp_path / "case.png"
    openscad(MODEL, picture, "-D", 'part="assembled"', "--imgsize=240,160")
    assert pygame.image.load(str(picture)).get_size() == (240, 160)


def write_panel(tmp_path: Path, old: str, new: str) -> Path:
    text = PANEL.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "panel.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "message"), [
    ("ok = { at = [80.0, 24.0] }\n", "", "must have a place for each of left"),
    ("ok = { at", "ok = { hole = 12.0, at", "a button's hole is its size in parts.toml"),
    ("at = [192.0, 100.0]", "at = [218.0, 100.0]", "the buzzer does not fit inside the walls"),
    ("first = [132.0, 38.0]", "first = [110.0, 38.0]", "the BACK button and the LED yellow 1 "
                                                        "overlap"),
    ("corner = [110.0, 14.0]", "corner = [100.0, 14.0]", "the Raspberry Pi and the stripboard "
                                                          "take the same room"),
    ("post = 6.0", "post = 12.0", "the stripboard and the BACK button take the same room"),
])
def test_panel_data_that_cannot_be_built_is_refused(tmp_path: Path, old: str, new: str,
                                                    message: str) -> None:
    with pytest.raises(PanelError, match=re.escape(message)):
        load_panel(write_panel(tmp_path, old, new), load_pins())



def test_the_shell_holds_the_screen_module_square_behind_its_window(panel: Panel) -> None:
    """An L-shaped guide at each corner of the module's outline (0.3 mm clear of it), 6 mm
    down from the panel: in the printed shell, which lies on its panel, they stand up."""
    case, (cx, cy, _, _), (mw, mh) = panel.case, panel.window, panel.module
    corners = {(round(x, 2), round(y, 2), round(z, 2))
               for face in triangles(CASE / "shell.stl") for x, y, z in face}
    for sx in (-1, 1):
        for sy in (-1, 1):
            x = cx + sx * (mw / 2 + 0.3 + 1.6)
            y = case["depth"] - (cy + sy * (mh / 2 + 0.3 + 1.6))
            assert (round(x, 2), round(y, 2), case["panel"] + 6) in corners, (sx, sy)


def test_the_window_and_the_guides_are_made_for_the_screen_the_parts_list_names() -> None:
    """The window is the named panel's active area with a margin, the guides hold its board."""
    pins, screen = load_pins(), load_parts().screen
    panel = load_panel(PANEL, pins)
    assert screen.model == "Waveshare 3.5inch HDMI LCD" and panel.screen == screen.model
    assert panel.window[2:] == pytest.approx((screen.active[0] + 1.6, screen.active[1] + 1.6))
    assert panel.module == screen.board[:2]
    assert screen.active[0] / screen.active[1] == pytest.approx(
        pins.screen.width / pins.screen.height, rel=0.01)
    assert f"for the {screen.model}" in (CASE / "panel.scad").read_text(encoding="utf-8")


def test_every_part_has_room_inside_the_case(panel: Panel) -> None:
    """The Pi, the stripboard, the screen, each button's body, the LEDs and the buzzer (and
    the shell's corner posts) each fit between the walls, the base and the panel, none in
    another's place."""
    labels = [block.label for block in panel.inside]
    assert {"Raspberry Pi", "stripboard", "LEDs", "buzzer", "TURN button"} <= set(labels)
    assert any(label.startswith("screen (") for label in labels)
    assert clashes(panel) == []
    board = next(block for block in panel.inside if block.label == "stripboard")
    posts = [(x, y) for x, y in panel.board_posts]
    assert all(board.low[0] < x < board.high[0] and board.low[1] < y < board.high[1]
               for x, y in posts)


def test_the_base_has_a_post_under_each_mounting_hole_of_the_stripboard(panel: Panel) -> None:
    """Each post of base.stl stands where the stripboard's drilled hole is, its top at the
    board's height, with a pilot hole for the screw in its centre."""
    corner = [panel.inside[1].low[0], panel.inside[1].low[1]]
    holes = [board_hole(corner, hole) for hole in layout(load_pins()).mounts]
    assert [v for hole in holes for v in hole] == pytest.approx(
        [v for post in panel.board_posts for v in post])
    top = panel.case["base"] + panel.board_post
    corners = {(x, y) for face in triangles(CASE / "base.stl") for x, y, z in face
               if abs(z - top) < 0.01}
    for x, y in holes:
        distances = sorted(round(((cx - x) ** 2 + (cy - y) ** 2) ** 0.5, 1) for cx, cy in corners
                           if abs(cx - x) < 4 and abs(cy - y) < 4)
        assert distances and distances[0] == pytest.approx(1.1, abs=0.05), (x, y)
        assert distances[-1] == pytest.approx(3.0, abs=0.05), (x, y)

