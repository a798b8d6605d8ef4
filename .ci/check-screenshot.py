#!/usr/bin/env python3
"""Checks a screenshot of the graphical kiosk (a binary PPM from grim):
not blank, the theme's blue as the background, and the avatar two cells
left of the anchor text drawn in colour (an emoji, not a box or a glyph in
the text's colour).

check-screenshot.py FILE.ppm COLUMNS ROWS ANCHOR_ROW ANCHOR_COLUMN NAME
"""
import colorsys
import sys

PAD = 6  # foot.ini: pad=6x6 center
THEME_BLUE = (0x1A, 0x3F, 0x8F)  # foot.ini: regular4, the theme's "blue"
HINT_CYAN = (0x6F, 0xD3, 0xE6)  # foot.ini: regular6, the hint bar


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, index = [], 0
    while len(fields) < 4:
        while data[index:index + 1].isspace():
            index += 1
        if data[index:index + 1] == b"#":
            index = data.index(b"\n", index) + 1
            continue
        start = index
        while not data[index:index + 1].isspace():
            index += 1
        fields.append(data[start:index])
    assert fields[0] == b"P6", "not a binary PPM"
    width, height, maxval = int(fields[1]), int(fields[2]), int(fields[3])
    assert maxval == 255
    return width, height, data[index + 1:]


def fail(name, why):
    print(f"screenshots: {name}: {why}", file=sys.stderr)
    sys.exit(1)


def main():
    path, columns, rows, anchor_row, anchor_column, name = sys.argv[1:7]
    columns, rows, anchor_row, anchor_column = int(columns), int(rows), int(anchor_row), int(anchor_column)
    width, height, pixels = read_ppm(path)

    def pixel(x, y):
        i = (y * width + x) * 3
        return pixels[i], pixels[i + 1], pixels[i + 2]

    counts = {}
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            p = pixel(x, y)
            counts[p] = counts.get(p, 0) + 1
    if len(counts) < 16:
        fail(name, f"blank or nearly so ({len(counts)} colours)")
    commonest = max(counts, key=counts.get)
    if max(abs(a - b) for a, b in zip(commonest, THEME_BLUE)) > 10:
        fail(name, f"the background is #{bytes(commonest).hex()}, not the theme's blue #{bytes(THEME_BLUE).hex()}")

    # foot's window may not fill the output: the part that is not black.
    lit_rows = [y for y in range(height) if any(pixel(x, y) != (0, 0, 0) for x in range(0, width, 8))]
    lit_columns = [x for x in range(width) if any(pixel(x, y) != (0, 0, 0) for y in range(0, height, 8))]
    win_x, win_y = lit_columns[0], lit_rows[0]
    win_w, win_h = lit_columns[-1] + 1 - win_x, lit_rows[-1] + 1 - win_y
    # The cells, measured on the hint bar (the last row, all of it in the
    # theme's cyan): foot centres a grid whose cell size only it knows.
    bar = [y for y in range(height) if pixel(win_x + win_w // 2, y) == HINT_CYAN]
    if not bar:
        fail(name, "no hint bar in the theme's cyan")
    bar_x = [x for x in range(width) if pixel(x, bar[-1]) == HINT_CYAN]
    cell_h = bar[-1] + 1 - bar[0]
    cell_w = (bar_x[-1] + 1 - bar_x[0]) // columns
    left, top = bar_x[0], bar[0] - (rows - 1) * cell_h
    # Everything left of the anchor (a name) on its row: the rank or mark in
    # the text's colours, and the avatar, the only thing there in colour.
    x0, x1 = left + 1, left + (anchor_column - 1) * cell_w - cell_w // 2
    y0, y1 = top + anchor_row * cell_h + 1, top + (anchor_row + 1) * cell_h - 1
    blue_hue = colorsys.rgb_to_hsv(*(c / 255 for c in THEME_BLUE))[0]
    colourful = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in pixel(x, y)))
            hue_gap = min(abs(h - blue_hue), 1 - abs(h - blue_hue))
            if s > 0.4 and v > 0.3 and hue_gap > 0.07:
                colourful += 1
    area = (x1 - x0) * (y1 - y0)
    if colourful < cell_w * cell_h // 10:
        fail(name, f"the avatar on row {anchor_row}, left of column {anchor_column} (x {x0}-{x1}, y {y0}-{y1}, cells {cell_w}x{cell_h}), is not in colour "
                   f"({colourful} of {area} pixels)")
    print(f"screenshots: {name}: {len(counts)} colours, background #{bytes(commonest).hex()}, avatar {colourful} of {area} pixels in colour")


main()
