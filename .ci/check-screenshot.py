#!/usr/bin/env python3
"""Checks a screenshot of the graphical kiosk (a binary PPM from grim)
against the text tmux held at that moment (`tmux capture-pane -e -p`: every
cell's character and colours):

- not blank, the theme's blue as the background;
- the avatar two cells left of the anchor text drawn in colour (an emoji,
  not a box or a glyph in the text's colour);
- every text colour on the screen reads clearly: the colour its letters are
  drawn in, measured on the pixels, against the background measured on the
  same cells, has a WCAG contrast ratio of at least 4.5:1 (AA for normal
  text), and both are the colours foot.ini gives the cells' SGR colours
  (else the cells were not where the check thinks);
- with --child-colours (the leaderboard): the names (in each column of
  tiles, a rank "3." left of them) show all eight of the
  children's colours (Theme.childStyle), each measured like the rest;
- with --child-colours-seen FILE: the children's colours found here are
  added to those FILE lists (a leaderboard longer than the screen is shot
  a page at a time); --child-colours then asks for all eight among them;
- with --glyphs TEXT: each character of TEXT (wide ones: a name's CJK)
  is drawn with a real glyph of its own, not the same box as the others;
- with --pictures TEXT: the screen holds at least one of TEXT's characters
  (the board's picture marks, ✅ ⬜ 🟩), and every cell that holds one is
  drawn in colour, as the avatar is: a picture, not a glyph in the text's
  colour.

check-screenshot.py FILE.ppm CELLS COLUMNS ROWS NAME ANCHOR [--child-colours] [--child-colours-seen FILE] [--glyphs TEXT] [--pictures TEXT]
"""
import argparse
import colorsys
import os
import re
import sys
import unicodedata
from collections import Counter

PAD = 6  # foot.ini: pad=6x6 center
THEME_BLUE = (0x1A, 0x3F, 0x8F)  # foot.ini: regular4, the theme's "blue"
HINT_CYAN = (0x6F, 0xD3, 0xE6)  # foot.ini: regular6, the hint bar
FOOT_INI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "kiosk", "foot.ini")
MIN_CONTRAST = 4.5  # WCAG AA for normal text (3.0 is only for large text)

NAMES = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
COLOUR_NAMES = NAMES + ["bright" + n.capitalize() for n in NAMES]
# Theme.swift, Theme.palette: childStyle(id) is palette[id % 8], bold on blue.
CHILD_PALETTE = ["brightYellow", "brightGreen", "brightCyan", "brightMagenta", "brightRed", "brightWhite", "yellow", "green"]


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


def read_foot_palette(path):
    """foot.ini's [colors]: regular0..7, bright0..7, foreground, background."""
    palette, section = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "colors" and "=" in line:
                key, value = (part.strip() for part in line.split("=", 1))
                if re.fullmatch(r"[0-9a-fA-F]{6}", value):
                    palette[key] = tuple(bytes.fromhex(value))
    return palette


def foot_key(colour):
    """"brightGreen" -> "bright2", "blue" -> "regular4": its line in foot.ini."""
    if colour in ("default-fg", "default-bg"):
        return "foreground" if colour == "default-fg" else "background"
    index = COLOUR_NAMES.index(colour)
    return ("bright" if index >= 8 else "regular") + str(index % 8)


def cell_width(char):
    if unicodedata.combining(char) or char in "\u200d\ufe0e\ufe0f" or unicodedata.category(char) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def parse_cells(text):
    """`tmux capture-pane -e -p` output -> per row, a list of cells
    (column, width, character, (foreground, background, bold)). tmux writes
    only the SGR changes, and the state carries on from one line to the next."""
    fg, bg, bold = "default-fg", "default-bg", False
    rows = []
    for line in text.split("\n"):
        cells, column, i = [], 0, 0
        while i < len(line):
            if line[i] == "\x1b":
                match = re.match(r"\x1b\[([0-9;:]*)([A-Za-z])", line[i:])
                if not match:
                    i += 1
                    continue
                i += match.end()
                if match.group(2) != "m":
                    continue
                params = [int(p) if p else 0 for p in re.split("[;:]", match.group(1))] or [0]
                j = 0
                while j < len(params):
                    p = params[j]
                    if p == 0:
                        fg, bg, bold = "default-fg", "default-bg", False
                    elif p == 1:
                        bold = True
                    elif p == 22:
                        bold = False
                    elif 30 <= p <= 37:
                        fg = COLOUR_NAMES[p - 30]
                    elif 90 <= p <= 97:
                        fg = COLOUR_NAMES[p - 90 + 8]
                    elif 40 <= p <= 47:
                        bg = COLOUR_NAMES[p - 40]
                    elif 100 <= p <= 107:
                        bg = COLOUR_NAMES[p - 100 + 8]
                    elif p == 39:
                        fg = "default-fg"
                    elif p == 49:
                        bg = "default-bg"
                    elif p in (38, 48) and j + 1 < len(params):
                        if params[j + 1] == 5 and j + 2 < len(params):
                            n = params[j + 2]
                            value = COLOUR_NAMES[n] if n < 16 else f"colour{n}"
                            j += 2
                        elif params[j + 1] == 2 and j + 4 < len(params):
                            value = "#%02x%02x%02x" % tuple(params[j + 2:j + 5])
                            j += 4
                        else:
                            value = "?"
                        if p == 38:
                            fg = value
                        else:
                            bg = value
                    j += 1
                continue
            char = line[i]
            i += 1
            width = cell_width(char)
            if width == 0:
                continue
            cells.append((column, width, char, (fg, bg, bold)))
            column += width
        rows.append(cells)
    return rows


def luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hexrgb(rgb):
    return "#" + bytes(rgb).hex()


def fail(name, why):
    print(f"screenshots: {name}: {why}", file=sys.stderr)
    sys.exit(1)


def main():
    # Its report and its failures in the order they happen, in CI's log too.
    sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser()
    parser.add_argument("ppm")
    parser.add_argument("cells")
    parser.add_argument("columns", type=int)
    parser.add_argument("rows", type=int)
    parser.add_argument("name")
    parser.add_argument("anchor")
    parser.add_argument("--child-colours", action="store_true")
    parser.add_argument("--child-colours-seen", default=None)
    parser.add_argument("--glyphs", default="")
    parser.add_argument("--pictures", default="")
    args = parser.parse_args()
    name, columns, rows = args.name, args.columns, args.rows
    width, height, pixels = read_ppm(args.ppm)
    with open(args.cells, encoding="utf-8", errors="replace") as f:
        grid = parse_cells(f.read())
    foot = read_foot_palette(FOOT_INI)

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
        fail(name, f"the background is {hexrgb(commonest)}, not the theme's blue {hexrgb(THEME_BLUE)}")

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
    if cell_w * columns != bar_x[-1] + 1 - bar_x[0] or top < win_y:
        fail(name, f"the hint bar ({bar_x[-1] + 1 - bar_x[0]}x{cell_h} pixels at {bar_x[0]},{bar[0]}) is not the last of {rows} rows of {columns} cells")

    def box(row, column, span=1):
        """A cell's pixels: x0, x1, y0, y1."""
        x0 = left + column * cell_w
        y0 = top + row * cell_h
        return x0, x0 + span * cell_w, y0, y0 + cell_h

    def colours_in(boxes):
        found = Counter()
        for x0, x1, y0, y1 in boxes:
            for y in range(y0, y1):
                line = pixels[(y * width + x0) * 3:(y * width + x1) * 3]
                found.update(zip(line[0::3], line[1::3], line[2::3]))
        return found

    # The anchor: the first cell of its first appearance on screen.
    anchor_row = anchor_column = None
    for r, cells in enumerate(grid):
        text = "".join(c[2] for c in cells)
        if args.anchor in text:
            anchor_row, anchor_column = r, cells[text.index(args.anchor)][0]
            break
    if anchor_row is None:
        fail(name, f"{args.anchor} is not on the screen")

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
    print(f"screenshots: {name}: {len(counts)} colours, background {hexrgb(commonest)}, avatar {colourful} of {area} pixels in colour")

    def colourful_pixels(x0, x1, y0, y1):
        count = 0
        for y in range(y0, y1):
            for x in range(x0, x1):
                h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in pixel(x, y)))
                if s > 0.4 and v > 0.3 and min(abs(h - blue_hue), 1 - abs(h - blue_hue)) > 0.07:
                    count += 1
        return count

    if args.pictures:
        marks = [(r, column, span, char) for r, cells in enumerate(grid) for column, span, char, _ in cells
                 if char and char[0] in args.pictures]
        if not marks:
            fail(name, f"none of the picture marks {args.pictures} is on the screen")
        for r, column, span, char in marks:
            x0, x1, y0, y1 = box(r, column, span)
            found = colourful_pixels(x0, x1, y0, y1)
            # ⬜ is white by design: drawn, not empty, is what it can show.
            if char[0] == "\u2b1c":
                found = sum(1 for y in range(y0, y1) for x in range(x0, x1) if min(pixel(x, y)) > 200)
            if found < cell_w * cell_h // 10:
                fail(name, f"the picture mark {char} on row {r}, column {column} is not drawn as a picture ({found} pixels of {(x1 - x0) * (y1 - y0)})")
        print(f"screenshots: {name}: {len(marks)} picture marks, each drawn as a picture")

    # The text, by colours: the letters and digits (emoji and symbols draw
    # in their own colours or as thin lines) of each style on the screen.
    # The children's names on the leaderboard: on a row with a rank, from the
    # anchor's column, in one of the children's colours, up to the bar or
    # the next style.
    def is_letter(char):
        return unicodedata.category(char)[0] in "LN"

    groups = {}  # key -> (label, boxes, texts)
    named = set()
    if args.child_colours or args.child_colours_seen:
        # Every ranked name on the screen, in each column of tiles: a run of
        # a child's colour that starts a few cells right of a rank ("3.").
        starts = []
        for r, row in enumerate(grid):
            for i, (column, _, char, style) in enumerate(row):
                if not is_letter(char) or style[0] not in CHILD_PALETTE or style[1] != "blue" or not style[2]:
                    continue
                if i > 0 and row[i - 1][3] == style:
                    continue
                if re.search(r"\d\.", "".join(c[2] for c in row[max(0, i - 8):i])):
                    starts.append((r, row[i:]))
        for r, run in starts:
            style = run[0][3]
            cells = []
            for cell in run:
                if cell[3] != style or cell[2] == "\u2588":
                    break
                cells.append(cell)
            child = "".join(c[2] for c in cells).strip()
            key = ("child", style[0])
            label, boxes, texts = groups.setdefault(key, (f"child colour {CHILD_PALETTE.index(style[0])} {style[0]}", [], []))
            texts.append(child)
            for column, span, char, _ in cells:
                named.add((r, column))
                if is_letter(char):
                    boxes.append(box(r, column, span))
        seen = {c for c in CHILD_PALETTE if ("child", c) in groups}
        if args.child_colours_seen:
            if os.path.exists(args.child_colours_seen):
                with open(args.child_colours_seen, encoding="utf-8") as f:
                    seen |= {line.strip() for line in f if line.strip()}
            with open(args.child_colours_seen, "w", encoding="utf-8") as f:
                f.write("".join(c + "\n" for c in sorted(seen)))
        missing = [c for c in CHILD_PALETTE if c not in seen]
        if args.child_colours and missing:
            fail(name, f"the ranked names show {len(CHILD_PALETTE) - len(missing)} of the {len(CHILD_PALETTE)} children's colours: "
                       f"none in {', '.join(missing)}")
    for r, cells in enumerate(grid):
        for column, span, char, style in cells:
            if (r, column) in named or not is_letter(char):
                continue
            fg, bg, bold = style
            key = ("text", style)
            label, boxes, texts = groups.setdefault(key, (f"{'bold ' if bold else ''}{fg} on {bg}", [], []))
            boxes.append(box(r, column, span))
            if not texts or texts[-1][0] != r or texts[-1][2] != column:
                texts.append([r, "", column])
            texts[-1][1] += char
            texts[-1][2] = column + span

    failures = []
    for key in sorted(groups, key=lambda k: (k[0] != "child", CHILD_PALETTE.index(k[1]) if k[0] == "child" else 0, str(k[1]))):
        label, boxes, texts = groups[key]
        if key[0] == "text":
            texts = [t[1] for t in texts]
        fg, bg = (key[1], "blue") if key[0] == "child" else key[1][:2]
        found = colours_in(boxes)
        background = found.most_common(1)[0][0]
        # The letters' colour: the commonest clearly different from the
        # background (antialiased edges are many colours, each rare).
        ink = [(c, n) for c, n in found.most_common() if max(abs(a - b) for a, b in zip(c, background)) > 24]
        total = sum(found.values())
        if not ink or ink[0][1] < total // 200:
            failures.append(f"{label}: no letters drawn, or drawn in the background's colour, in {', '.join(texts[:3])}")
            continue
        colour = ink[0][0]
        ratio = contrast(colour, background)
        want = [foot.get(foot_key(fg)) if fg in COLOUR_NAMES or fg.startswith("default") else None,
                foot.get(foot_key(bg)) if bg in COLOUR_NAMES or bg.startswith("default") else None]
        configured = " (foot.ini: " + ", ".join(f"{foot_key(c)} {hexrgb(v)}" for c, v in zip((fg, bg), want) if v) + ")" if any(want) else ""
        shown = ", ".join(dict.fromkeys(texts))
        if len(shown) > 40:
            shown = shown[:39] + "…"
        line = f"{label}: {hexrgb(colour)} on {hexrgb(background)}, {ratio:.2f}:1{configured} [{shown}]"
        print(f"screenshots: {name}:   {line}")
        if ratio < MIN_CONTRAST:
            failures.append(f"{line}: below {MIN_CONTRAST}:1")
        for what, measured, expected in (("text", colour, want[0]), ("background", background, want[1])):
            if expected and max(abs(a - b) for a, b in zip(measured, expected)) > 8:
                failures.append(f"{label}: the {what} measures {hexrgb(measured)}, not foot.ini's {hexrgb(expected)} [{shown}]")

    # Characters that need a font of their own (CJK in a name): each drawn
    # with a glyph across its cells, no two the same (a missing glyph is
    # drawn as the same box for each, in one cell of the two).
    glyphs = [c for c in args.glyphs if not c.isspace()]
    if glyphs:
        where = None
        for r, cells in enumerate(grid):
            text = "".join(c[2] for c in cells)
            if args.glyphs in text:
                start = text.index(args.glyphs)
                where = [(r, c[0], c[1], c[2]) for c in cells[start:start + len(args.glyphs)] if not c[2].isspace()]
                break
        if where is None:
            fail(name, f"{args.glyphs} is not on the screen")
        masks = []
        for r, column, span, char in where:
            x0, x1, y0, y1 = box(r, column, span)
            found = colours_in([(x0, x1, y0, y1)])
            background = found.most_common(1)[0][0]
            mask = []
            for y in range(y0, y1):
                for x in range(x0, x1):
                    mask.append(max(abs(a - b) for a, b in zip(pixel(x, y), background)) > 64)
            w = x1 - x0
            halves = [sum(mask[y * w + x] for y in range(y1 - y0) for x in range(i * w // 2, (i + 1) * w // 2)) for i in (0, 1)]
            masks.append((char, mask, halves, sum(mask) / len(mask)))
        problems = []
        for char, mask, halves, share in masks:
            half = len(mask) // 2
            if share < 0.08 or min(halves) < half * 0.03:
                problems.append(f"{char} is drawn as a box or not at all (ink {share:.0%} of its cells, {halves[0]} and {halves[1]} pixels in its halves)")
        for i in range(len(masks)):
            for j in range(i + 1, len(masks)):
                a, b = masks[i][1], masks[j][1]
                if len(a) == len(b):
                    differ = sum(p != q for p, q in zip(a, b)) / max(1, sum(p or q for p, q in zip(a, b)))
                    if differ < 0.25:
                        problems.append(f"{masks[i][0]} and {masks[j][0]} are drawn alike ({differ:.0%} of their ink differs): the same missing-glyph box")
        if problems:
            failures.append(f"{args.glyphs} has no glyphs (is a CJK font installed and named in foot.ini?): " + "; ".join(problems))
        else:
            print(f"screenshots: {name}:   {args.glyphs} drawn with glyphs of their own: "
                  + ", ".join(f"{c} ink {s:.0%}" for c, _, _, s in masks))

    if failures:
        for failure in failures:
            print(f"screenshots: {name}: {failure}", file=sys.stderr)
        sys.exit(1)


main()
