"""Drawing primitives: fixed-width text lines and the text panel every menu and page uses.

Text is drawn the way CircuitPython's own terminal draws it: a TileGrid whose
tiles are the glyphs of terminalio's 6x12 font (plus the accented letters and
symbols of firmware/glyphs.py), one tile per character, with its own
two-color palette. Changing a text rewrites tile indices in place:
nothing is allocated, and a line costs a few hundred bytes where a
bitmap_label costs kilobytes (docs/memory.md has the figures).
"""

import displayio
import terminalio

CHAR_W = 6
CHAR_H = 12
FIRST = 32  # the sheet holds the printable ASCII characters 32..126
GLYPHS = 95

BLACK = 0x000000
WHITE = 0xFFFFFF
GRAY = 0x808080
DARK = 0x303030
DIM = 0xA0A0A0
HIGHLIGHT = 0x205080
WARN = 0xFF6040
GOOD = 0x40E040
TITLE = 0xFFD040

_SHEET = []  # [the sheet, the characters of its tiles after ASCII]


def glyph_sheet():
    """All glyphs in one 1-bit bitmap: tile i < GLYPHS is character 32 + i (terminalio's),
    then the tiles of firmware/glyphs.py, then the box shown for a character without a tile.

    (On CircuitPython the font is already a sheet of its ASCII glyphs, but Blinka's
    is not, and ours adds letters: the same code builds one sheet everywhere;
    docs/memory.md has its size.)
    """
    if _SHEET:
        return _SHEET[0]
    from engine.compat import unload
    from firmware import glyphs

    chars = ""
    for ch, _, _ in glyphs.DRAWN:
        chars += ch
    for ch, _, _ in glyphs.COMPOSED:
        chars += ch
    sheet = displayio.Bitmap(CHAR_W * (GLYPHS + len(chars) + 1), CHAR_H, 2)
    _copy_font(sheet)
    tile = GLYPHS
    for _, top, rows in glyphs.DRAWN:
        _draw(sheet, tile, top, rows)
        tile += 1
    _SHEET.append(sheet)
    _SHEET.append(chars)
    for _, base, how in glyphs.COMPOSED:
        _compose(sheet, tile, tile_of(base), how, glyphs.ACCENTS)
        tile += 1
    _draw(sheet, tile, glyphs.MISSING[0], glyphs.MISSING[1])
    unload("firmware.glyphs")
    return sheet


def tile_of(ch):
    """The sheet's tile for character ch (the missing-glyph box when it has none)."""
    k = ord(ch) - FIRST
    if 0 <= k < GLYPHS:
        return k
    chars = _SHEET[1]
    k = chars.find(ch)
    return GLYPHS + (k if k >= 0 else len(chars))


def _copy_font(sheet):
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


def _draw(sheet, tile, top, rows):
    x0 = tile * CHAR_W
    y = top
    for row in rows.split(" "):
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
        for row in accents[how]:
            for x in range(CHAR_W):
                if row[x] == "#":
                    sheet[x0 + x, y] = 1
            y += 1


def text_scale(width, height):
    """Text at double size on the big 240x240 screens, single elsewhere."""
    return 2 if width >= 240 and height >= 200 else 1


class Line:
    """One fixed-width line of text at (x, y) (top-left)."""

    def __init__(self, group, x, y, chars, scale=1, color=WHITE, background=None):
        self.chars = chars
        self.palette = displayio.Palette(2)
        self.color = -1
        self.background = -1
        self._colors(color, background)
        self.grid = displayio.TileGrid(
            glyph_sheet(), pixel_shader=self.palette, width=chars, height=1, tile_width=CHAR_W, tile_height=CHAR_H
        )
        self.group = displayio.Group(scale=scale, x=x, y=y)
        self.group.append(self.grid)
        self.shown = " " * chars
        self.cut = False  # the last text set was longer than the line (tools/layoutcheck.py)
        group.append(self.group)

    def _colors(self, color, background):
        pal = self.palette
        if color is not None and color != self.color:
            self.color = color
            pal[1] = color
        if background != -1 and background != self.background:
            self.background = background
            if background is None:
                pal.make_transparent(0)
            else:
                pal[0] = background
                pal.make_opaque(0)

    def set(self, text, color=None, background=-1):
        """Show text (cut or padded to the line's width); colors stay unless given."""
        self._colors(color, background)
        n = self.chars
        self.cut = len(text) > n
        if text == self.shown:
            return
        grid = self.grid
        shown = self.shown
        for i in range(n):
            ch = text[i] if i < len(text) else " "
            if i >= len(shown) or shown[i] != ch:
                grid[i] = tile_of(ch)
        self.shown = text if len(text) <= n else text[:n]

    @property
    def text(self):
        return self.shown.rstrip()


def wrap(text, width):
    """Split text into lines of at most width characters, at spaces where possible."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class Panel:
    """A title, a column of lines and a footer: menus, settings, rules and results."""

    def __init__(self, width, height):
        s = text_scale(width, height)
        self.scale = s
        self.cols = width // (CHAR_W * s)
        lh = CHAR_H * s
        self.rows = height // lh - 2  # minus title and footer
        self.group = displayio.Group()
        self.title = Line(self.group, 0, 0, self.cols, s, TITLE)
        self.lines = []
        for i in range(self.rows):
            self.lines.append(Line(self.group, 0, lh * (i + 1), self.cols, s))
        self.footer = Line(self.group, 0, height - lh, self.cols, s, DIM)

    def texts(self):
        """What the panel shows, top to bottom (for tests and the serial log)."""
        return [self.title.text] + [ln.text for ln in self.lines] + [self.footer.text]
