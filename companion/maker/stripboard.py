"""The stripboard layout of the box's board, made from the circuit, and drawn as SVG.

Copper strips run left to right (rows, 0 at the top); holes are 2.54 mm apart (columns, 0 at
the left). A cut (a hole drilled out with a 3-4 mm bit) splits a strip. Parts sit on the
component side; wires are insulated, so a wire or a part may lie over a hole, but never over
a hole something is soldered in. Off-board wires leave from pads: 48 to the LEDs of the front
panel (an anode and a cathode each), two to the buzzer, a jumper from each pin of J1 to the Pi.
Four corner holes, drilled out, take the screws of the case's posts; their rows carry nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from companion.device.pins import PinMap
from companion.device.station import COLUMNS, ROWS
from companion.maker.circuit import (
    CHIP_PINS,
    CHIPS,
    FIVE_VOLT,
    GND,
    READBACK,
    THREE_VOLT,
    Circuit,
    board_nets,
    circuit,
    led_name,
)

Hole = tuple[int, int]
"""(column, row) of a hole."""

WIDTH, HEIGHT = 39, 38
"""The board in holes: 39 x 38 (99 x 97 mm), cut from a 100 x 100 mm stripboard."""
PITCH = 2.54
MOUNTS: tuple[Hole, ...] = ((1, 1), (WIDTH - 2, 1), (1, HEIGHT - 2), (WIDTH - 2, HEIGHT - 2))
"""The holes drilled out to 2.7 mm for the M2.5 screws of the case's posts, one hole in from
each corner; rows 0-1 and 36-37 carry nothing."""
MOUNT_HOLE = 2.7
CHIP_STEP = 13
"""Columns per chip: 3 pads, the left pins, a cut, the right pins, 5 pads, a cut."""
CHIP_TOP = 5
RAIL = {"+5V top": 2, "GND top": 3, "LATCH": 14, "CLOCK": 15, "OE": 16, "GND": 17,
        "+5V": 19, "CHAIN3": 25, "GND resistors": 30}
J1_TOP = 14
"""Row of J1's pin 1; J1 stands in column 0, one pin on each strip."""
CATHODES = (26, 34)
"""The strips of the 24 cathode pads, 12 LEDs each; their resistors go to the GND strip 30."""
BUZZER_ROWS = (RAIL["+5V"] + 3, RAIL["+5V"] + 4, RAIL["+5V"] + 5)
"""The transistor's collector, base and emitter strips; left of the collector's cut, the
collector strip carries READBACK to J1."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A part's pins in the holes of the board."""

    ref: str
    holes: dict[str, Hole]


@dataclass(frozen=True, slots=True)
class Wire:
    """A wire on the component side between two holes (both soldered)."""

    start: Hole
    end: Hole


@dataclass(frozen=True, slots=True)
class Pad:
    """A hole an off-board wire is soldered in, and where its other end goes."""

    hole: Hole
    ref: str
    pin: str
    label: str


@dataclass
class Layout:
    """Everything on the board: cuts, parts, wires and off-board pads."""

    cuts: set[Hole] = field(default_factory=set)
    parts: list[Placed] = field(default_factory=list)
    wires: list[Wire] = field(default_factory=list)
    pads: list[Pad] = field(default_factory=list)
    mounts: tuple[Hole, ...] = MOUNTS

    def cut(self, row: int, *columns: int) -> None:
        self.cuts |= {(column, row) for column in columns}

    def place(self, ref: str, **holes: Hole) -> None:
        self.parts.append(Placed(ref, holes))

    def wire(self, start: Hole, end: Hole) -> None:
        self.wires.append(Wire(start, end))

    def soldered(self) -> Iterator[Hole]:
        """Every hole with a lead or wire end in it."""
        for part in self.parts:
            yield from part.holes.values()
        for wire in self.wires:
            yield from (wire.start, wire.end)
        yield from (pad.hole for pad in self.pads)


def chip_left(chip: int) -> int:
    """The column of pins 1-8 of chip ``chip`` (0-2); pins 16-9 are three columns on."""
    return chip * CHIP_STEP + 3


def layout(pins: PinMap) -> Layout:
    """The board for the box that ``pins`` describes."""
    board, parts = Layout(), circuit(pins)
    _chips(board, parts)
    _connector(board, pins)
    _buzzer(board, parts)
    _readback(board, pins)
    _resistors(board)
    board.wire((2, RAIL["+5V top"]), (2, RAIL["+5V"]))
    board.wire((WIDTH - 1, RAIL["GND top"]), (WIDTH - 1, RAIL["GND"]))
    board.wire((WIDTH - 3, RAIL["GND"]), (WIDTH - 3, RAIL["GND resistors"]))
    return board


def _chips(board: Layout, parts: Circuit) -> None:
    for chip in range(CHIPS):
        left = chip_left(chip)
        right, pad = left + 3, left + 4  # pads P0-P4 are pad .. pad + 4
        rows = {name: CHIP_TOP + (number - 1 if number <= 8 else 16 - number)
                for name, number in CHIP_PINS.items()}
        board.place(f"U{chip + 1}", **{name: (left if number <= 8 else right, rows[name])
                                       for name, number in CHIP_PINS.items()})
        for row in range(CHIP_TOP, CHIP_TOP + 8):
            board.cut(row, left + 1, left + 9)
        for q in range(1, 8):
            _anode_pad(board, (left - 2, rows[f"Q{q}"]), chip, q)
        _anode_pad(board, (pad, rows["Q0"]), chip, 0)
        board.wire((pad, rows["VCC"]), (pad, RAIL["+5V top"]))
        board.place(f"C{chip + 1}", **{"1": (pad + 4, rows["VCC"]),
                                       "2": (pad + 4, RAIL["GND top"])})
        board.wire((pad + 1, rows["MR"]), (pad + 1, rows["VCC"]))
        board.wire((pad, rows["OE"]), (pad, RAIL["OE"]))
        board.wire((pad + 2, rows["RCLK"]), (pad + 2, RAIL["LATCH"]))
        board.wire((pad + 3, rows["SRCLK"]), (pad + 3, RAIL["CLOCK"]))
        board.wire((left - 3, rows["GND"]), (left - 3, RAIL["GND top"]))
        chain = (CHIP_TOP + 8, RAIL["+5V"] - 1)[chip % 2]  # strips 11 and 16 take turns
        if chip < CHIPS - 1:
            board.wire((pad + 1, rows["QH'"]), (pad + 1, chain))
            board.cut(chain, pad, pad + CHIP_STEP + 5)
        serial_from = (CHIP_TOP + 8, RAIL["+5V"] - 1)[(chip - 1) % 2] if chip else RAIL["+5V"] - 1
        board.wire((pad + 4, serial_from), (pad + 4, rows["SER"]))


def _anode_pad(board: Layout, hole: Hole, chip: int, q: int) -> None:
    bit = chip * 8 + q
    if bit < COLUMNS * ROWS:
        board.pads.append(Pad(hole, f"LED{bit + 1}", "A", f"LED {led_name(bit)}, long leg"))


def _connector(board: Layout, pins: PinMap) -> None:
    nets = board_nets(pins)
    rows = {"LATCH": RAIL["LATCH"], "CLOCK": RAIL["CLOCK"], "OE": RAIL["OE"], GND: RAIL["GND"],
            "DATA": RAIL["GND"] + 1, FIVE_VOLT: RAIL["+5V"], THREE_VOLT: RAIL["+5V"] + 1,
            "BUZZER": RAIL["+5V"] + 2, READBACK: BUZZER_ROWS[0]}
    board.place("J1", **{str(n + 1): (0, rows[net]) for n, net in enumerate(nets)})
    board.place("C4", **{"-": (3, RAIL["GND"]), "+": (3, RAIL["+5V"])})
    board.cut(RAIL["GND"] + 1, chip_left(0) + 9)  # DATA, on the left of strip 16
    if pins.station.oe is None:
        board.wire((4, RAIL["OE"]), (4, RAIL["GND"]))
    else:
        board.place("R25", **{"1": (4, RAIL["OE"]), "2": (4, RAIL["+5V"] + 1)})
    board.cut(RAIL["+5V"] + 1, 6)


def _buzzer(board: Layout, parts: Circuit) -> None:
    gpio, (collector, base, emitter) = RAIL["+5V"] + 2, BUZZER_ROWS
    board.cut(gpio, 14)
    for row in (collector, base, emitter):
        board.cut(row, 9, 14)
    board.place("R26", **{"1": (11, gpio), "2": (11, base)})
    board.place("Q1", C=(10, collector), B=(10, base), E=(10, emitter))
    across = "D25" if any(part.ref == "D25" for part in parts.parts) else "R27"
    leads = ("A", "K") if across == "D25" else ("1", "2")
    board.place(across, **{leads[0]: (13, collector), leads[1]: (13, RAIL["+5V"])})
    board.pads.append(Pad((12, collector), "BZ1", "-", "buzzer -"))
    board.pads.append(Pad((15, RAIL["+5V"]), "BZ1", "+", "buzzer +"))
    board.wire((11, emitter), (11, RAIL["GND resistors"]))


def _readback(board: Layout, pins: PinMap) -> None:
    """U3's QH' strip wired down to the CHAIN3 strip, R33 up from it to J1's READBACK strip
    (the collector's, left of its cut), R34 from there up to the GND strip."""
    if pins.station.readback is None:
        return
    qh = (chip_left(CHIPS - 1) + 3, CHIP_TOP + 16 - CHIP_PINS["QH'"])
    board.wire((qh[0] + 2, qh[1]), (qh[0] + 2, RAIL["CHAIN3"]))
    board.place("R33", **{"1": (5, RAIL["CHAIN3"]), "2": (5, BUZZER_ROWS[0])})
    board.place("R34", **{"1": (7, BUZZER_ROWS[0]), "2": (7, RAIL["GND"])})


def _resistors(board: Layout) -> None:
    """Each LED's cathode pad and its resistor down (or up) to the GND strip."""
    ground = RAIL["GND resistors"]
    for bit in range(COLUMNS * ROWS):
        half, i = divmod(bit, 12)
        row = CATHODES[half]
        lead = 3 * i + half
        board.cut(row, lead + 2)
        board.place(f"R{bit + 1}", **{"1": (lead, row), "2": (lead, ground)})
        board.pads.append(Pad((lead + 1, row), f"LED{bit + 1}", "K",
                              f"LED {led_name(bit)}, short leg"))


def _strip_of(hole: Hole, cuts: set[Hole]) -> tuple[int, int]:
    """The piece of copper a hole is on: its row and the first column after the last cut."""
    column, row = hole
    start = max((c + 1 for c, r in cuts if r == row and c < column), default=0)
    return row, start


def connections(board: Layout) -> dict[tuple[str, str], int]:
    """Which (ref, pin) is joined to which: each gets the number of its piece of copper,
    strips joined through wires counted as one."""
    groups: dict[tuple[int, int], tuple[int, int]] = {}

    def find(strip: tuple[int, int]) -> tuple[int, int]:
        while groups.get(strip, strip) != strip:
            strip = groups[strip]
        return strip

    cuts = board.cuts | set(board.mounts)
    for wire in board.wires:
        a, b = find(_strip_of(wire.start, cuts)), find(_strip_of(wire.end, cuts))
        groups[a] = b
    pieces: dict[tuple[int, int], int] = {}
    joined = {}
    leads = [(part.ref, pin, hole) for part in board.parts for pin, hole in part.holes.items()]
    leads += [(pad.ref, pad.pin, pad.hole) for pad in board.pads]
    for ref, pin, hole in leads:
        root = find(_strip_of(hole, cuts))
        joined[(ref, pin)] = pieces.setdefault(root, len(pieces))
    return joined


def problems(board: Layout) -> list[str]:
    """What a maker could not build: two things in one hole, a lead in a cut or off the
    board, a wire or part lying over a soldered hole, or a wire that is not straight."""
    found = []
    soldered = list(board.soldered())
    seen: set[Hole] = set()
    for hole in soldered:
        if hole in seen:
            found.append(f"two leads in hole {hole}")
        if hole in board.cuts:
            found.append(f"a lead in the cut at {hole}")
        if not (0 <= hole[0] < WIDTH and 0 <= hole[1] < HEIGHT):
            found.append(f"hole {hole} is off the board")
        seen.add(hole)
    for hole in board.mounts:
        near = [other for other in seen if abs(other[0] - hole[0]) + abs(other[1] - hole[1]) <= 1]
        if near:
            found.append(f"the mounting hole {hole} has soldered holes next to it: {sorted(near)}")
    spans = [(w.start, w.end) for w in board.wires]
    spans += [(a, b) for part in board.parts if len(part.holes) == 2
              for a, b in [tuple(part.holes.values())]]
    for start, end in spans:
        if start[0] != end[0] and start[1] != end[1]:
            found.append(f"a wire from {start} to {end} is not straight")
            continue
        for hole in _between(start, end):
            if hole in seen or hole in board.mounts:
                found.append(f"something lies over the soldered or mounting hole {hole}")
    return found


def _between(start: Hole, end: Hole) -> list[Hole]:
    (c1, r1), (c2, r2) = start, end
    if c1 == c2:
        return [(c1, r) for r in range(min(r1, r2) + 1, max(r1, r2))]
    return [(c, r1) for c in range(min(c1, c2) + 1, max(c1, c2))]


SCALE = 14
MARGIN = 40
COLOURS = {"copper": "#d9a066", "cut": "#fff", "wire": "#1f6fd1", "part": "#333",
           "pad": "#c2410c", "chip": "#222"}


def draw(pins: PinMap) -> str:
    """The layout seen from the component side, as SVG."""
    board = layout(pins)
    width, height = WIDTH * SCALE + 2 * MARGIN + 260, HEIGHT * SCALE + 2 * MARGIN + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<rect width="{width}" height="{height}" fill="#fff"/>',
           f'<text x="{MARGIN}" y="24" font-size="14" font-weight="bold">Stripboard, component '
           f'side: {WIDTH} x {HEIGHT} holes ({WIDTH * PITCH:.0f} x {HEIGHT * PITCH:.0f} mm), '
           'strips left to right</text>']
    for row in range(HEIGHT):
        y = _xy((0, row))[1]
        out.append(f'<rect x="{MARGIN - 4}" y="{y - 5}" width="{WIDTH * SCALE - 6}" height="10" '
                   f'fill="{COLOURS["copper"]}" opacity="0.45"/>')
        out.append(f'<text x="{MARGIN - 10}" y="{y + 4}" font-size="9" text-anchor="end" '
                   f'fill="#888">{row}</text>')
    for column in range(0, WIDTH, 5):
        out.append(f'<text x="{_xy((column, 0))[0]}" y="{MARGIN - 12}" font-size="9" '
                   f'text-anchor="middle" fill="#888">{column}</text>')
    for column, row in sorted(board.cuts):
        x, y = _xy((column, row))
        out.append(f'<g><title>cut</title><line x1="{x - 5}" y1="{y - 5}" x2="{x + 5}" '
                   f'y2="{y + 5}" stroke="#b00" stroke-width="2"/><line x1="{x - 5}" '
                   f'y1="{y + 5}" x2="{x + 5}" y2="{y - 5}" stroke="#b00" stroke-width="2"/></g>')
    for hole in board.mounts:
        x, y = _xy(hole)
        out.append(f'<circle cx="{x}" cy="{y}" r="{MOUNT_HOLE / PITCH * SCALE / 2:.1f}" '
                   'fill="#fff" stroke="#888" stroke-width="2"><title>mounting hole</title>'
                   '</circle>')
    for chip in range(CHIPS):
        x, y = _xy((chip_left(chip), CHIP_TOP))
        out.append(f'<rect x="{x - 5}" y="{y - 8}" width="{3 * SCALE + 10}" '
                   f'height="{7 * SCALE + 16}" rx="3" fill="#444" opacity="0.85"/>')
        out.append(f'<circle cx="{x + 1.5 * SCALE}" cy="{y - 2}" r="4" fill="#888"/>')
        out.append(f'<text x="{x + 1.5 * SCALE}" y="{y + 3.5 * SCALE + 4}" font-size="11" '
                   f'fill="#fff" text-anchor="middle" font-weight="bold">U{chip + 1}</text>')
    for part in board.parts:
        out.extend(_part(part))
    for wire in board.wires:
        (x1, y1), (x2, y2) = _xy(wire.start), _xy(wire.end)
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{COLOURS["wire"]}" '
                   'stroke-width="3" stroke-linecap="round"><title>wire</title></line>')
    for pad in board.pads:
        x, y = _xy(pad.hole)
        out.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{COLOURS["pad"]}"><title>'
                   f'{escape(pad.label)}</title></circle>')
    out.extend(_legend(board, pins))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _xy(hole: Hole) -> tuple[float, float]:
    return MARGIN + hole[0] * SCALE, MARGIN + 10 + hole[1] * SCALE


def _part(part: Placed) -> list[str]:
    holes = list(part.holes.values())
    points = [_xy(hole) for hole in holes]
    out = [f'<circle cx="{x}" cy="{y}" r="3" fill="#000"/>' for x, y in points]
    if part.ref.startswith("U"):
        return out
    if len(points) == 2:
        (x1, y1), (x2, y2) = points
        out.insert(0, f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#666" '
                      f'stroke-width="2"/>')
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out.append(f'<rect x="{mx - 4}" y="{my - 9}" width="8" height="18" rx="3" '
                   f'fill="#e8d8b0" stroke="#666"><title>{escape(part.ref)}</title></rect>')
    else:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        out.insert(0, f'<rect x="{min(xs) - 6}" y="{min(ys) - 6}" width="{max(xs) - min(xs) + 12}"'
                      f' height="{max(ys) - min(ys) + 12}" rx="5" fill="#ddd" stroke="#666"/>')
    x, y = points[0]
    out.append(f'<text x="{x + 6}" y="{y - 5}" font-size="8" fill="{COLOURS["part"]}">'
               f'{escape(part.ref)}</text>')
    return out


def _legend(board: Layout, pins: PinMap) -> list[str]:
    x, y = MARGIN + WIDTH * SCALE + 20, MARGIN + 10
    leads = connections(board)
    rails = sorted(RAIL.items(), key=lambda item: item[1])
    lines = [f"J1 (column 0, rows {J1_TOP}-{J1_TOP + len(board_nets(pins)) - 1}):",
             *[f"  pin {n + 1}: {net}" for n, net in enumerate(board_nets(pins))],
             "",
             f"{len(board.cuts)} cuts (red X)",
             f"{len(board.wires)} wires on the board (blue)",
             f"{len(board.pads)} off-board wires (orange pads):",
             "  24 to LED anodes (long legs),",
             "  24 to LED cathodes (short legs),",
             "  2 to the buzzer",
             f"{len(board_nets(pins))} jumper wires J1 to the Pi",
             "",
             "Long strips (row: net):",
             "  " + ", ".join(f"{row}: {name.split()[0]}" for name, row in rails[:4]),
             "  " + ", ".join(f"{row}: {name.split()[0]}" for name, row in rails[4:]),
             f"Rows {CHIP_TOP}-{CHIP_TOP + 7}: U1-U3, pin 1 at the top",
             f"left. Rows {CATHODES[0]} and {CATHODES[1]}: cathode pads,",
             f"their resistors to row {RAIL['GND resistors']}.",
             f"Grey rings: {len(board.mounts)} holes drilled to {MOUNT_HOLE:g} mm",
             "for the case's M2.5 screws.",
             f"Parts on the board: {len(board.parts)}",
             f"Leads and pads checked: {len(leads)}"]
    return [f'<text x="{x}" y="{y + 15 * n}" font-size="11">{escape(line)}</text>'
            for n, line in enumerate(lines)]


def instructions(pins: PinMap) -> str:
    """The layout as lists a maker works through: cuts, parts, wires, off-board wires."""
    board, parts = layout(pins), circuit(pins)
    values = {part.ref: part.value for part in parts.parts}
    pi = parts.part("PI").pins
    lines = ["# The stripboard, step by step",
             "",
             "Made from hardware/pins.toml by companion/maker/stripboard.py, like "
             "[stripboard.svg](stripboard.svg) (component side). A hole is (column, row): "
             f"columns 0-{WIDTH - 1} left to right, rows 0-{HEIGHT - 1} from the top, the copper "
             f"strips running along the rows. Cut a {WIDTH} x {HEIGHT} piece ({WIDTH * PITCH:.0f}"
             f" x {HEIGHT * PITCH:.0f} mm) with the strips running the long way.",
             "",
             f"## 1. Cut the strips ({len(board.cuts)} cuts, from the copper side: mirror the "
             "columns)",
             ""]
    for row in sorted({row for _, row in board.cuts}):
        columns = sorted(column for column, r in board.cuts if r == row)
        lines.append(f"- row {row}: columns {', '.join(map(str, columns))}")
    lines += ["", f"Then drill the {len(board.mounts)} mounting holes out to {MOUNT_HOLE:g} mm, "
              "for the M2.5 screws of the case's posts: "
              + ", ".join(f"({c}, {r})" for c, r in board.mounts) + "."]
    lines += ["", f"## 2. Wires on the board ({len(board.wires)}, insulated, on the component "
              "side)", ""]
    lines += [f"- ({w.start[0]}, {w.start[1]}) to ({w.end[0]}, {w.end[1]})"
              for w in board.wires]
    lines += ["", f"## 3. Parts ({len(board.parts)})", "",
              "The chips go in their sockets last, pin 1 (the notch) at the top left.", ""]
    for part in board.parts:
        holes = ", ".join(f"{pin} ({c}, {r})" for pin, (c, r) in part.holes.items())
        if part.ref.startswith("U"):
            holes = f"pin 1 at {part.holes['Q1']}, pin 16 at {part.holes['VCC']}"
        lines.append(f"- {part.ref} {values[part.ref]}: {holes}")
    lines += ["", f"## 4. Wires off the board ({len(board.pads)})", "",
              "Each LED gets two wires, the long leg from its anode pad and the short leg to "
              "its cathode pad (its resistor is on the board, between that pad and ground). "
              "Ribbon cable keeps the 48 LED wires tidy: one 8-way strip per chip's anodes and "
              "one per 8 cathodes.", ""]
    lines += [f"- ({p.hole[0]}, {p.hole[1]}) to {p.label}" for p in board.pads]
    lines += ["", "## 5. Jumper wires to the Pi", "",
              "A female-to-female jumper wire from each pin of J1 to the Pi's header:", ""]
    for number, net in parts.part("J1").pins.items():
        header = next(pin for pin, on in pi.items() if on == net)
        lines.append(f"- J1 pin {number} ({net}) to header pin {header}")
    return "\n".join(lines) + "\n"
