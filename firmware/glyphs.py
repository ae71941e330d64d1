"""The glyphs beyond terminalio's ASCII: accented letters, arrows and the table's symbols.

Data, read once by ui.glyph_sheet() at boot (then unloaded). A tile is 6x12
pixels like terminalio's: rows 2..9 hold capitals and digits, rows 4..9
lowercase bodies, rows 10..11 descenders; column 5 stays blank (the gap to
the next character).

COMPOSED builds a letter from its ASCII base and an accent mark: over a
lowercase letter the mark takes rows 1..2 (anything of the base above row 4,
such as the dot of i, is cleared first); over a capital it takes rows 0..1 and
the capital is squeezed into rows 3..9 (its row 3 dropped); a cedilla goes
under the base in rows 10..11. "turn" rotates the base half a turn (¿ ¡),
"mirror" flips a tile left to right (columns 0..4, or 0..5 when the drawing uses 5).

DRAWN are hand-drawn tiles: 12 rows of 6 pixels, "#" ink, rows separated by
spaces, blank rows at the top and bottom left out (TOP says where the drawing
starts).
"""

# The table's own symbols (private-use code points: no font has them).
COINS = "\ue000"
CUPS = "\ue001"
SWORDS = "\ue002"
CLUBS = "\ue003"
SUITS = COINS + CUPS + SWORDS + CLUBS
BLOCK = "\u2588"  # a full block: the row label of an Elfer Raus color
STOCK = "\u25a4"  # a card back: the stock
DONE = "\u2713"  # the end-turn box
NONE = "\u2205"  # the pass box
CW = "\u21bb"  # direction of play, clockwise
CCW = "\u21ba"

ACCENTS = {
    "acute": ("...#..", "..#..."),
    "grave": (".#....", "..#..."),
    "circ": ("..#...", ".#.#.."),
    "tilde": (".##.#.", "#.##.."),
    "diaer": ("......", ".#.#.."),
    "cedil": ("..#...", ".##..."),
}

# (character, base, accent or transformation)
COMPOSED = (
    ("á", "a", "acute"),
    ("é", "e", "acute"),
    ("í", "i", "acute"),
    ("ó", "o", "acute"),
    ("ú", "u", "acute"),
    ("Á", "A", "acute"),
    ("É", "E", "acute"),
    ("Í", "I", "acute"),
    ("Ó", "O", "acute"),
    ("Ú", "U", "acute"),
    ("à", "a", "grave"),
    ("â", "a", "circ"),
    ("ê", "e", "circ"),
    ("ô", "o", "circ"),
    ("Â", "A", "circ"),
    ("Ê", "E", "circ"),
    ("Ô", "O", "circ"),
    ("ã", "a", "tilde"),
    ("õ", "o", "tilde"),
    ("ñ", "n", "tilde"),
    ("Ã", "A", "tilde"),
    ("Õ", "O", "tilde"),
    ("Ñ", "N", "tilde"),
    ("ä", "a", "diaer"),
    ("ë", "e", "diaer"),
    ("ï", "i", "diaer"),
    ("ö", "o", "diaer"),
    ("ü", "u", "diaer"),
    ("Ä", "A", "diaer"),
    ("Ö", "O", "diaer"),
    ("Ü", "U", "diaer"),
    ("ç", "c", "cedil"),
    ("Ç", "C", "cedil"),
    ("¿", "?", "turn"),
    ("¡", "!", "turn"),
    ("\u2190", "\u2192", "mirror"),  # ←
    ("\u21ba", "\u21bb", "mirror"),  # ↺
    ("«", "»", "mirror"),
)

# (character, first row, rows)
DRAWN = (
    ("ß", 2, ".##... #..#.. #..#.. #.#... #..#.. #...#. #...#. #.##.."),
    ("»", 4, "#.#... .#.#.. ..#.#. .#.#.. #.#..."),
    ("·", 5, "..#... ..#..."),
    ("…", 8, "#.#.#. #.#.#."),
    ("\u2192", 4, "..#... ...#.. #####. ...#.. ..#..."),  # →
    ("\u2191", 2, "..#... .###.. #.#.#. ..#... ..#... ..#... ..#... ..#..."),  # ↑
    ("\u2193", 2, "..#... ..#... ..#... ..#... ..#... #.#.#. .###.. ..#..."),  # ↓
    (CW, 2, "..##.# .#..## #..### #..... #..... .#..#. ..##.."),
    (COINS, 3, ".###.. #####. ##.##. #####. .###.."),
    (CUPS, 2, "#...#. #####. #####. .###.. ..#... ..#... .###.."),
    (SWORDS, 1, "..#... ..#... ..#... ..#... ..#... #####. ..#... ..#... .###.."),
    (CLUBS, 1, ".#.#.. #####. .###.. #####. .###.. ..#... ..#... ..#... ..#..."),
    (BLOCK, 2, "#####. #####. #####. #####. #####. #####. #####. #####."),
    (STOCK, 2, "#####. #.#.#. ##.##. #.#.#. ##.##. #.#.#. ##.##. #####."),
    (DONE, 3, "....#. ....#. ...#.. #..#.. .##... .#...."),
    (NONE, 3, ".###.. #..##. #.#.#. ##..#. .###.."),
)

# Shown for a character that has no tile: taller than any letter, so it is never mistaken for one.
MISSING = (1, "#####. #...#. #...#. #...#. #...#. #...#. #...#. #...#. #...#. #####.")
