// Written by companion/maker/enclosure.py from hardware/panel.toml, parts.toml and
// pins.toml, for the Waveshare 3.5inch HDMI LCD; do not edit (python -m companion.maker).
width = 220;
depth = 120;
height = 60;
wall = 2.5;
panel = 3;
base = 3;
window = [56, 82, 75.04, 50.56];  // centre x, y; width, height
screen_module = [85, 56];  // width, height
power = [30, 14, 13, 7];  // centre x, height; width, height
pi_holes = [[22, 52], [80, 52], [22, 75], [80, 75], [22, 101], [80, 101]];
board_posts = [[113.81, 106.71], [205.25, 106.71], [113.81, 17.81], [205.25, 17.81]];
board_post = 6;
// what takes room inside, for the assembled picture: low corner, high corner, round
inside = [
    [[18.5, 48.5, 8], [103.5, 104.5, 25], false, "green"],  // Raspberry Pi
    [[110, 14, 7], [209.06, 110.52, 22.5], false, "peru"],  // stripboard
    [[13.5, 54, 43], [98.5, 110, 57], false, "midnightblue"],  // screen (Waveshare 3.5inch HDMI LCD)
    [[8, 12, 27], [32, 36, 57], true, "red"],  // LEFT button
    [[38, 12, 27], [62, 36, 57], true, "red"],  // RIGHT button
    [[68, 12, 27], [92, 36, 57], true, "red"],  // OK button
    [[98, 12, 27], [122, 36, 57], true, "red"],  // BACK button
    [[177, 25, 25], [207, 55, 57], true, "red"],  // TURN button
    [[128.85, 34.85, 45], [168.15, 86.15, 57], false, "gold"],  // LEDs
    [[185.9, 93.9, 47.5], [198.1, 106.1, 57], true, "black"],  // buzzer
    [[2.5, 2.5, 3], [10.5, 10.5, 57], false, "lightgrey"],  // corner post
    [[2.5, 109.5, 3], [10.5, 117.5, 57], false, "lightgrey"],  // corner post
    [[209.5, 2.5, 3], [217.5, 10.5, 57], false, "lightgrey"],  // corner post
    [[209.5, 109.5, 3], [217.5, 117.5, 57], false, "lightgrey"],  // corner post
];
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
