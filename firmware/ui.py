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

_SHEET = []  # the sheet, once made

# --- the tiles after ASCII, from firmware/glyphs.py (tools/glyphpack.py writes these two) ---
GLYPH_CHARS = (
    "\xdf\xbb\xb7\u2026\u2192\u2191\u2193\u21bb\ue000\ue001\ue002\ue003"
    "\u2588\u25a4\u2713\u2205\xe1\xe9\xed\xf3\xfa\xc1\xc9\xcd"
    "\xd3\xda\xe0\xe2\xea\xf4\xc2\xca\xd4\xe3\xf5\xf1"
    "\xc3\xd5\xd1\xe4\xeb\xef\xf6\xfc\xc4\xd6\xdc\xe7"
    "\xc7\xbf\xa1\u2190\u21ba\xab"
)
GLYPH_BITS = (
    b"\x00\x00\x18\x24\x24\x28\x24\x22\x22\x2c\x00\x00\x00\x00\x00\x00\x28\x14\x0a\x14"
    b"\x28\x00\x00\x00\x00\x00\x00\x00\x00\x08\x08\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x2a\x2a\x00\x00\x00\x00\x00\x00\x08\x04\x3e\x04\x08\x00\x00\x00"
    b"\x00\x00\x08\x1c\x2a\x08\x08\x08\x08\x08\x00\x00\x00\x00\x08\x08\x08\x08\x08\x2a"
    b"\x1c\x08\x00\x00\x00\x00\x1c\x22\x27\x22\x20\x22\x1c\x00\x00\x00\x00\x00\x00\x1c"
    b"\x3e\x36\x3e\x1c\x00\x00\x00\x00\x00\x00\x22\x3e\x3e\x1c\x08\x08\x1c\x00\x00\x00"
    b"\x00\x08\x08\x08\x08\x08\x3e\x08\x08\x1c\x00\x00\x00\x14\x3e\x1c\x3e\x1c\x08\x08"
    b"\x08\x08\x00\x00\x00\x00\x3e\x3e\x3e\x3e\x3e\x3e\x3e\x3e\x00\x00\x00\x00\x3e\x2a"
    b"\x36\x2a\x36\x2a\x36\x3e\x00\x00\x00\x00\x00\x02\x02\x04\x24\x18\x10\x00\x00\x00"
    b"\x00\x00\x00\x1c\x26\x2a\x32\x1c\x00\x00\x00\x00\x00\x04\x08\x00\x1c\x02\x1e\x22"
    b"\x22\x1e\x00\x00\x00\x04\x08\x00\x1c\x22\x3e\x20\x20\x1e\x00\x00\x00\x04\x08\x00"
    b"\x18\x08\x08\x08\x08\x1c\x00\x00\x00\x04\x08\x00\x1c\x22\x22\x22\x22\x1c\x00\x00"
    b"\x00\x04\x08\x00\x22\x22\x22\x22\x22\x1e\x00\x00\x04\x08\x00\x1c\x22\x22\x3e\x22"
    b"\x22\x22\x00\x00\x04\x08\x00\x3e\x20\x3c\x20\x20\x20\x3e\x00\x00\x04\x08\x00\x1c"
    b"\x08\x08\x08\x08\x08\x1c\x00\x00\x04\x08\x00\x1c\x22\x22\x22\x22\x22\x1c\x00\x00"
    b"\x04\x08\x00\x22\x22\x22\x22\x22\x22\x1c\x00\x00\x00\x10\x08\x00\x1c\x02\x1e\x22"
    b"\x22\x1e\x00\x00\x00\x08\x14\x00\x1c\x02\x1e\x22\x22\x1e\x00\x00\x00\x08\x14\x00"
    b"\x1c\x22\x3e\x20\x20\x1e\x00\x00\x00\x08\x14\x00\x1c\x22\x22\x22\x22\x1c\x00\x00"
    b"\x08\x14\x00\x1c\x22\x22\x3e\x22\x22\x22\x00\x00\x08\x14\x00\x3e\x20\x3c\x20\x20"
    b"\x20\x3e\x00\x00\x08\x14\x00\x1c\x22\x22\x22\x22\x22\x1c\x00\x00\x00\x1a\x2c\x00"
    b"\x1c\x02\x1e\x22\x22\x1e\x00\x00\x00\x1a\x2c\x00\x1c\x22\x22\x22\x22\x1c\x00\x00"
    b"\x00\x1a\x2c\x00\x3c\x22\x22\x22\x22\x22\x00\x00\x1a\x2c\x00\x1c\x22\x22\x3e\x22"
    b"\x22\x22\x00\x00\x1a\x2c\x00\x1c\x22\x22\x22\x22\x22\x1c\x00\x00\x1a\x2c\x00\x22"
    b"\x32\x2a\x26\x22\x22\x22\x00\x00\x00\x00\x14\x00\x1c\x02\x1e\x22\x22\x1e\x00\x00"
    b"\x00\x00\x14\x00\x1c\x22\x3e\x20\x20\x1e\x00\x00\x00\x00\x14\x00\x18\x08\x08\x08"
    b"\x08\x1c\x00\x00\x00\x00\x14\x00\x1c\x22\x22\x22\x22\x1c\x00\x00\x00\x00\x14\x00"
    b"\x22\x22\x22\x22\x22\x1e\x00\x00\x00\x14\x00\x1c\x22\x22\x3e\x22\x22\x22\x00\x00"
    b"\x00\x14\x00\x1c\x22\x22\x22\x22\x22\x1c\x00\x00\x00\x14\x00\x22\x22\x22\x22\x22"
    b"\x22\x1c\x00\x00\x00\x00\x00\x00\x1c\x22\x20\x20\x22\x1c\x08\x18\x00\x00\x1c\x22"
    b"\x20\x20\x20\x20\x22\x1c\x08\x18\x00\x00\x08\x08\x00\x08\x10\x22\x22\x1c\x00\x00"
    b"\x00\x00\x08\x08\x00\x08\x08\x08\x08\x08\x00\x00\x00\x00\x00\x00\x08\x10\x3e\x10"
    b"\x08\x00\x00\x00\x00\x00\x0e\x11\x39\x11\x01\x11\x0e\x00\x00\x00\x00\x00\x00\x00"
    b"\x0a\x14\x28\x14\x0a\x00\x00\x00\x00\x3e\x22\x22\x22\x22\x22\x22\x22\x22\x3e\x00"
)
# --- end of the packed tiles ---


def glyph_sheet():
    """All glyphs in one 1-bit bitmap: tile i < GLYPHS is character 32 + i (terminalio's),
    then the characters of GLYPH_CHARS, then a box shown for a character without a tile.

    (On CircuitPython the font is already a sheet of its ASCII glyphs, but Blinka's
    is not, and ours adds letters: the same code builds one sheet everywhere;
    docs/memory.md has its size.)
    """
    if _SHEET:
        return _SHEET[0]
    sheet = displayio.Bitmap(CHAR_W * (GLYPHS + len(GLYPH_BITS) // CHAR_H), CHAR_H, 2)
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
    for i in range(len(GLYPH_BITS)):
        for x in range(CHAR_W):
            if GLYPH_BITS[i] >> (5 - x) & 1:
                sheet[(GLYPHS + i // CHAR_H) * CHAR_W + x, i % CHAR_H] = 1
    _SHEET.append(sheet)
    return sheet


def tile_of(ch):
    """The sheet's tile for character ch (the missing-glyph box when it has none)."""
    k = ord(ch) - FIRST
    if 0 <= k < GLYPHS:
        return k
    k = GLYPH_CHARS.find(ch)
    return GLYPHS + (k if k >= 0 else len(GLYPH_CHARS))


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
