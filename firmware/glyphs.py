"""The glyphs beyond terminalio's ASCII: accented letters, arrows and the table's symbols.

The source of the tiles firmware/ui.py holds packed (host/ship/glyphpack.py writes
them there; a test checks they match): the device never compiles this module,
which would intern every name in it for good. A tile is 6x12
pixels like terminalio's: rows 2..9 hold capitals and digits, rows 4..9
lowercase bodies, rows 10..11 descenders; column 5 stays blank (the gap to
the next character).

COMPOSED builds a letter from its base (ASCII or drawn) and an accent mark: over a
lowercase letter the mark takes rows 1..2 (anything of the base above row 4,
such as the dot of i, is cleared first); over a capital it takes rows 0..1 and
the capital is squeezed into rows 3..9 (its row 3 dropped); a cedilla goes
under the base in rows 10..11. "turn" rotates the base half a turn (¿ ¡),
"mirror" flips a tile left to right (columns 0..4, or 0..5 when the drawing uses 5).

DRAWN are hand-drawn tiles, a line each: the character, the first row drawn,
then rows of 6 pixels ("#" ink) from there down; blank rows are left out.
"""

from firmware.ui import CHAR_H, CHAR_W, FIRST, GLYPHS

# The table's symbols, named for the host (tests, tools); the device's code writes them out.
# The suits, coins, cups, swords and clubs, have private-use code points: no font has them.
SUITS = "\ue000\ue001\ue002\ue003"
BLOCK = "\u2588"  # a full block: the row label of an Elfer Raus color
STOCK = "\u25a4"  # a card back: the stock
DONE = "\u2713"  # the end-turn box
NONE = "\u2205"  # the pass box
CW = "\u21bb"  # direction of play, clockwise
CCW = "\u21ba"
# On a screen without color (gfx.mono) the Elfer Raus rows, red, yellow, blue and green, are told
# apart by these shapes: at each row's start and before each card's rank (rows 4..7 of the tile:
# a 5-pixel row shows one whole with its gap).
ROW_MARKS = "\u25cf\u25b2\u25a1\u25bc"

# Each table is one string, a line per entry.
# Accent marks, two rows each: name, rows.
ACCENTS = (
    "acute ...#.. ..#...\n"
    "grave .#.... ..#...\n"
    "circ ..#... .#.#..\n"
    "tilde .##.#. #.##..\n"
    "diaer ...... .#.#..\n"
    "cedil ..#... .##..."
)

# Composed: character, base, accent or transformation.
COMPOSED = (
    "á a acute\né e acute\ní i acute\nó o acute\nú u acute\n"
    "Á A acute\nÉ E acute\nÍ I acute\nÓ O acute\nÚ U acute\n"
    "à a grave\n"
    "â a circ\nê e circ\nô o circ\nÂ A circ\nÊ E circ\nÔ O circ\n"
    "ã a tilde\nõ o tilde\nñ n tilde\nÃ A tilde\nÕ O tilde\nÑ N tilde\n"
    "ä a diaer\në e diaer\nï i diaer\nö o diaer\nü u diaer\nÄ A diaer\nÖ O diaer\nÜ U diaer\n"
    "ç c cedil\nÇ C cedil\n"
    "¿ ? turn\n¡ ! turn\n"
    "\u2190 \u2192 mirror\n"  # ← from →
    "\u21ba \u21bb mirror\n"  # ↺ from ↻
    "« » mirror"
)

# Hand-drawn: character, first row, rows.
DRAWN = (
    "ß 2 .##... #..#.. #..#.. #.#... #..#.. #...#. #...#. #.##..\n"
    "» 4 #.#... .#.#.. ..#.#. .#.#.. #.#...\n"
    "· 5 ..#... ..#...\n"
    "… 8 #.#.#. #.#.#.\n"
    "\u2192 4 ..#... ...#.. #####. ...#.. ..#...\n"  # →
    "\u2191 2 ..#... .###.. #.#.#. ..#... ..#... ..#... ..#... ..#...\n"  # ↑
    "\u2193 2 ..#... ..#... ..#... ..#... ..#... #.#.#. .###.. ..#...\n"  # ↓
    "\u21bb 2 .###.. #...#. #..### #...#. #..... #...#. .###..\n"  # ↻ CW
    "\ue000 3 .###.. #####. ##.##. #####. .###..\n"  # COINS
    "\ue001 2 #...#. #####. #####. .###.. ..#... ..#... .###..\n"  # CUPS
    "\ue002 1 ..#... ..#... ..#... ..#... ..#... #####. ..#... ..#... .###..\n"  # SWORDS
    "\ue003 1 .#.#.. #####. .###.. #####. .###.. ..#... ..#... ..#... ..#...\n"  # CLUBS
    "\u2588 2 #####. #####. #####. #####. #####. #####. #####. #####.\n"  # BLOCK
    "\u25a4 2 #####. #.#.#. ##.##. #.#.#. ##.##. #.#.#. ##.##. #####.\n"  # STOCK
    "\u2713 3 ....#. ....#. ...#.. #..#.. .##... .#....\n"  # DONE
    "\u2205 3 .###.. #..##. #.#.#. ##..#. .###..\n"  # NONE
    "\u25cf 4 .###.. #####. #####. .###..\n"  # ROW_MARKS: the rows' shapes where there is no color
    "\u25b2 4 ..#... .###.. .###.. #####.\n"
    "\u25a1 4 #####. #...#. #...#. #####.\n"
    "\u25bc 4 #####. .###.. .###.. ..#..."
)

# Shown for a character that has no tile: taller than any letter, so it is never mistaken for one.
MISSING = "1 #####. #...#. #...#. #...#. #...#. #...#. #...#. #...#. #...#. #####."


def build(sheet):
    """Draw DRAWN, COMPOSED and MISSING into sheet from tile GLYPHS on (tiles 0..GLYPHS-1
    must hold terminalio's ASCII); return the characters of the tiles after ASCII."""
    drawn = DRAWN.split("\n")
    composed = COMPOSED.split("\n")
    chars = ""
    for line in drawn + composed:
        chars += line[:1]
    tile = GLYPHS
    for line in drawn:
        _draw(sheet, tile, line[2:])
        tile += 1
    accents = {}
    for line in ACCENTS.split("\n"):
        name, rows = line.split(" ", 1)
        accents[name] = rows
    for line in composed:
        base = line[2:3]
        k = ord(base) - FIRST
        _compose(sheet, tile, k if 0 <= k < GLYPHS else GLYPHS + chars.find(base), line[4:], accents)
        tile += 1
    _draw(sheet, tile, MISSING)
    return chars


class _Grid:
    """A 1-bit sheet on the host: grid[x, y] like a displayio Bitmap."""

    def __init__(self, width, height):
        self.width = width
        self.bits = bytearray(width * height)

    def __getitem__(self, xy):
        return self.bits[xy[1] * self.width + xy[0]]

    def __setitem__(self, xy, v):
        self.bits[xy[1] * self.width + xy[0]] = v


def ascii_tiles(sheet):
    """Draw the printable ASCII characters into tiles 0..GLYPHS-1 from terminalio's font,
    Terminus 6x12 (ter-u12n.bdf: Blinka's terminalio reads that file, and CircuitPython's
    built-in terminalio.FONT is made from it)."""
    import terminalio

    font = terminalio.FONT
    for i in range(GLYPHS):
        g = font.get_glyph(FIRST + i)
        if g is None:
            continue
        src = g.bitmap
        per_row = src.width // g.width
        sx = (g.tile_index % per_row) * g.width
        sy = (g.tile_index // per_row) * g.height
        # CircuitPython's glyphs are whole cells (dy 0); a BDF glyph sits on a baseline 2 px up.
        top = 0 if g.height >= CHAR_H else CHAR_H - 2 - g.height - g.dy
        for y in range(g.height):
            ty = top + y
            if 0 <= ty < CHAR_H:
                for x in range(min(g.width, CHAR_W)):
                    if src[sx + x, sy + y]:
                        sheet[i * CHAR_W + g.dx + x, ty] = 1


def pack():
    """(characters, bytes) for ui.py: 12 bytes a tile (bit 5 = column 0), ASCII first, then
    the characters returned, then MISSING."""
    sheet = _Grid(CHAR_W * (GLYPHS + len(DRAWN.split("\n")) + len(COMPOSED.split("\n")) + 1), CHAR_H)
    ascii_tiles(sheet)
    chars = build(sheet)
    out = bytearray()
    for tile in range(GLYPHS + len(chars) + 1):
        for y in range(CHAR_H):
            out.append(sum(sheet[tile * CHAR_W + x, y] << (5 - x) for x in range(CHAR_W)))
    return chars, bytes(out)


def _draw(sheet, tile, spec):
    """spec: "TOP ROW ROW ...", the first row's number then the rows from there."""
    x0 = tile * CHAR_W
    rows = spec.split(" ")
    y = int(rows[0])
    for row in rows[1:]:
        for x in range(CHAR_W):
            if row[x] == "#":
                sheet[x0 + x, y] = 1
        y += 1


def _compose(sheet, tile, base, how, accents):
    x0 = tile * CHAR_W
    b0 = base * CHAR_W
    capital = 0
    last = 4  # the last column a mirror keeps in place: 4, or 5 for a drawing that uses it
    for x in range(CHAR_W):
        capital |= sheet[b0 + x, 3]  # lowercase bodies start at row 4 (the dot of i ends at 2)
    for y in range(CHAR_H):
        if sheet[b0 + 5, y]:
            last = 5
    for y in range(CHAR_H):
        for x in range(CHAR_W):
            if how == "turn":  # half a turn within the capitals' rows 2..9 and columns 0..4
                v = sheet[b0 + 4 - x, 11 - y] if 2 <= y <= 9 and x < 5 else 0
            elif how == "mirror":
                v = sheet[b0 + last - x, y] if x <= last else 0
            elif how == "cedil" or not capital:
                v = sheet[b0 + x, y] if how == "cedil" or y >= 4 else 0
            else:  # a capital under an accent: rows 2, 4..9 of the base go to rows 3..9
                v = sheet[b0 + x, 2 if y == 3 else y] if y >= 3 else 0
            sheet[x0 + x, y] = v
    if how in accents:
        top = 10 if how == "cedil" else (0 if capital else 1)
        y = top
        for row in accents[how].split(" "):
            for x in range(CHAR_W):
                if row[x] == "#":
                    sheet[x0 + x, y] = 1
            y += 1
