// Getaway's case: a shell (four walls and the front panel with every hole, guides that hold
// the screen) and a base plate with posts for the Pi and the stripboard. Every size and hole
// comes from panel.scad, which companion/maker/enclosure.py writes from hardware/panel.toml,
// hardware/parts.toml and hardware/pins.toml.
//
//   openscad -D 'part="shell-print"' -o shell.stl enclosure.scad   the shell, ready to print
//   openscad -D 'part="base"' -o base.stl enclosure.scad           the base plate, likewise
//   part = "assembled" | "shell" | "shell-print" | "base" | "panel" (the panel's holes, 2D)
//          | "print" (both parts as they lie on the bed, side by side: the guide's picture)
//          | "inside" (the box with every part in its place and the shell see-through)
include <panel.scad>

part = "print";
post = 8;          // the corner posts the base plate is screwed to (M3, 2.5 mm pilot hole)
pi_post = 6;       // the Pi's posts: 5 mm high, 2.2 mm pilot hole for M2.5 screws
guide = [1.6, 8, 6];  // the screen module's corner guides: wall, leg, height
$fn = 48;

module panel_holes() {
    for (h = holes) translate([h[0], h[1]]) circle(d = h[2]);
    translate([window[0] - window[2] / 2, window[1] - window[3] / 2])
        square([window[2], window[3]]);
}

// Four L-shaped corners under the panel, just outside the screen module's outline: they hold
// the module square behind its window (a dab of hot glue in each corner keeps it there).
module screen_guides() {
    for (sx = [0, 1], sy = [0, 1])
        translate([window[0] + (sx - 0.5) * (screen_module[0] + 0.6),
                   window[1] + (sy - 0.5) * (screen_module[1] + 0.6),
                   height - base - panel - guide[2]])
            mirror([1 - sx, 0, 0]) mirror([0, 1 - sy, 0]) {
                translate([-guide[1], 0, 0]) cube([guide[1] + guide[0], guide[0], guide[2]]);
                translate([0, -guide[1], 0]) cube([guide[0], guide[1] + guide[0], guide[2]]);
            }
}

module shell() {
    difference() {
        cube([width, depth, height - base]);
        translate([wall, wall, -1]) cube([width - 2 * wall, depth - 2 * wall, height - base - panel + 1]);
        translate([0, 0, height - base - panel - 1]) linear_extrude(panel + 2) panel_holes();
        translate([power[0] - power[2] / 2, depth - wall - 1, power[1] - base - power[3] / 2])
            cube([power[2], wall + 2, power[3]]);
    }
    for (x = [wall, width - wall - post], y = [wall, depth - wall - post])
        translate([x, y, 0]) difference() {
            cube([post, post, height - base - panel]);
            translate([post / 2, post / 2, -1]) cylinder(d = 2.5, h = 12, $fn = 16);
        }
    screen_guides();
}

module base() {
    difference() {
        cube([width, depth, base]);
        for (x = [wall + post / 2, width - wall - post / 2], y = [wall + post / 2, depth - wall - post / 2])
            translate([x, y, -1]) cylinder(d = 3.4, h = base + 2, $fn = 16);
    }
    for (p = pi_holes) translate([p[0], p[1], base]) difference() {
        cylinder(d = pi_post, h = 5, $fn = 24);
        cylinder(d = 2.2, h = 6, $fn = 12);
    }
    // the stripboard's posts, under its four drilled corner holes (M2.5 screws)
    for (p = board_posts) translate([p[0], p[1], base]) difference() {
        cylinder(d = pi_post, h = board_post, $fn = 24);
        cylinder(d = 2.2, h = board_post + 1, $fn = 12);
    }
}

// Every part as the room it takes (panel.scad's inside): the Pi, the stripboard, the screen,
// the buttons, the LEDs, the buzzer.
module parts_inside() {
    for (b = inside) if (b[3] != "lightgrey") color(b[3]) translate(b[0])
        if (b[2]) translate([(b[1][0] - b[0][0]) / 2, (b[1][1] - b[0][1]) / 2, 0])
            cylinder(d = b[1][0] - b[0][0], h = b[1][2] - b[0][2]);
        else cube(b[1] - b[0]);
}

if (part == "shell") shell();
if (part == "base") base();
if (part == "panel") panel_holes();
if (part == "assembled") { base(); translate([0, 0, base]) shell(); }
if (part == "inside") {
    color("silver") base();
    parts_inside();
    %translate([0, 0, base]) shell();
}
// the shell upside down, its panel on the bed
module shell_print() { translate([0, depth, height - base]) rotate([180, 0, 0]) shell(); }

if (part == "shell-print") shell_print();
if (part == "print") { shell_print(); translate([width + 10, 0, 0]) base(); }
