// Written by companion/maker/enclosure.py from hardware/panel.toml and pins.toml;
// do not edit (python -m companion.maker writes it again).
width = 220;
depth = 120;
height = 60;
wall = 2.5;
panel = 3;
base = 3;
window = [56, 82, 75, 50];  // centre x, y; width, height
screen_module = [86, 57];  // width, height
power = [30, 14, 13, 7];  // centre x, height; width, height
pi_holes = [[22, 52], [80, 52], [22, 75], [80, 75], [22, 101], [80, 101]];
holes = [  // x, y, diameter
    [20, 24, 24],  // LEFT button
    [50, 24, 24],  // RIGHT button
    [80, 24, 24],  // OK button
    [110, 24, 24],  // BACK button
    [192, 40, 30],  // TURN button
    [132, 38, 6.3],  // LED yellow 1
    [132, 47, 6.3],  // LED yellow 2
    [132, 56, 6.3],  // LED yellow 3
    [132, 65, 6.3],  // LED yellow 4
    [132, 74, 6.3],  // LED yellow 5
    [132, 83, 6.3],  // LED yellow 6
    [143, 38, 6.3],  // LED green 1
    [143, 47, 6.3],  // LED green 2
    [143, 56, 6.3],  // LED green 3
    [143, 65, 6.3],  // LED green 4
    [143, 74, 6.3],  // LED green 5
    [143, 83, 6.3],  // LED green 6
    [154, 38, 6.3],  // LED white 1
    [154, 47, 6.3],  // LED white 2
    [154, 56, 6.3],  // LED white 3
    [154, 65, 6.3],  // LED white 4
    [154, 74, 6.3],  // LED white 5
    [154, 83, 6.3],  // LED white 6
    [165, 38, 6.3],  // LED red 1
    [165, 47, 6.3],  // LED red 2
    [165, 56, 6.3],  // LED red 3
    [165, 65, 6.3],  // LED red 4
    [165, 74, 6.3],  // LED red 5
    [165, 83, 6.3],  // LED red 6
    [192, 100, 4],  // buzzer
];
