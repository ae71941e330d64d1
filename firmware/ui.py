"""Drawing primitives: fixed-width text lines and the text panel every menu and page uses.

Text is drawn the way CircuitPython's own terminal draws it: a grid of
6x12 tiles, one per character, each line with its own two colours. The
tiles are packed below (the printable ASCII characters of terminalio's font,
then the accented letters and symbols of firmware/glyphs.py), and every
screen draws through the board's surface (board.gfx: boards/gfx_displayio.py
or boards/gfx_framebuf.py), so this module imports no display library.
Changing a text rewrites tile indices in place: a line costs a few hundred
bytes where a bitmap_label costs kilobytes (docs/memory.md has the figures).
"""

CHAR_W = 6
CHAR_H = 12
FIRST = 32  # tile i < GLYPHS is character 32 + i (the printable ASCII characters)
GLYPHS = 95

BLACK = 0x000000
WHITE = 0xFFFFFF
GRAY = 0x808080
DARK = 0x303030
DIM = 0xA0A0A0
HIGHLIGHT = 0x1A4070  # (WARN on it, an away seat's turn, reads at 4.6:1: host/drive/layoutcheck.py)
WARN = 0xFF9050
GOOD = 0x40E040
TITLE = 0xFFD040
PAGE_MS = 1800  # a message or note longer than its area turns a page after this long a line

_SHEETS = []  # (gfx, scale, sheet) for each glyph sheet made
_LINE = bytearray(64)  # a line's tile indices while Line.set writes them (one buffer for all)

# The tiles' pixels are firmware/glyphbits.py: read while a sheet is drawn, then dropped.
# --- the tiles, from firmware/glyphs.py (host/ship/glyphpack.py writes these) ---
GLYPH_CHARS = (
    "\xdf\xbb\xb7\u2026\u2192\u2191\u2193\u21bb\ue000\ue001\ue002\ue003"
    "\u2588\u25a4\u2713\u2205\u25cf\u25b2\u25a1\u25bc\xe1\xe9\xed\xf3"
    "\xfa\xc1\xc9\xcd\xd3\xda\xe0\xe2\xea\xf4\xc2\xca"
    "\xd4\xe3\xf5\xf1\xc3\xd5\xd1\xe4\xeb\xef\xf6\xfc"
    "\xc4\xd6\xdc\xe7\xc7\xbf\xa1\u2190\u21ba\xab"
)
# --- end of the packed tiles ---


def tiles_count():
    """Tiles in the sheet: ASCII, GLYPH_CHARS, and the box for a character without one."""
    return GLYPHS + len(GLYPH_CHARS) + 1


def _bits():
    from firmware.glyphbits import GLYPH_BITS

    return GLYPH_BITS


def drop_bits():
    """The tiles' pixels are not needed again until a sheet is drawn (1.8 KB)."""
    from engine import unload

    unload("firmware.glyphbits")


def glyph_sheet(gfx, scale=1):
    """The glyphs as one 2-colour sheet of the surface gfx, drawn at scale (made once)."""
    for g, s, sheet in _SHEETS:
        if g is gfx and s == scale:
            return sheet
    for g, _s, sheet in _SHEETS:
        if g is gfx:
            sheet = sheet.scaled(scale)
            break
    else:
        sheet = gfx.sheet(CHAR_W, CHAR_H, tiles_count(), 2, scale)
        bits = _bits()
        for i in range(len(bits)):
            row = bits[i]
            if row:
                k = i // CHAR_H
                y = i % CHAR_H
                for x in range(CHAR_W):
                    if row >> (5 - x) & 1:
                        sheet.set(k, x, y, 1)
        bits = None
        drop_bits()
    _SHEETS.append((gfx, scale, sheet))
    return sheet


def glyph_tiles(gfx, chars):
    """A small sheet of these characters' glyphs at single size: tile 0 blank, tile i + 1 the
    character chars[i] (the table's scroll arrows: on a screen whose text is twice the size, the
    whole single-size sheet would cost 2 KB of a framebuf board's heap for two glyphs). The
    caller drops the glyphs' pixels (drop_bits) when done."""
    sheet = gfx.sheet(CHAR_W, CHAR_H, len(chars) + 1, 2)
    for i in range(len(chars)):
        k = tile_of(chars[i : i + 1])  # (a slice: chars[i] would intern the character)
        for y in range(CHAR_H):
            row = glyph_row(k, y)
            for x in range(CHAR_W):
                if row >> (5 - x) & 1:
                    sheet.set(i + 1, x, y, 1)
    return sheet


def glyph_row(tile, y):
    """Row y of a tile's pixels, 6 bits, bit 5 the leftmost column."""
    return _bits()[tile * CHAR_H + y]


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
    """One fixed-width line of text at (x, y) (top-left) on a layer of the board's surface."""

    def __init__(self, layer, x, y, chars, scale=1, color=WHITE, background=None):
        self.chars = chars
        self.color = color
        self.background = background
        gfx = layer.gfx
        self.grid = gfx.tiles(layer, glyph_sheet(gfx, scale), x, y, chars, 1, (background, color))
        self.shown = " " * chars
        self.cut = False  # the last text set was longer than the line (host/drive/layoutcheck.py)

    def _colors(self, color, background):
        if color is not None and color != self.color:
            self.color = color
            self.grid.color(1, color)
        if background != -1 and background != self.background:
            self.background = background
            self.grid.color(0, background)

    def set(self, text, color=None, background=-1):
        """Show text (cut or padded to the line's width); colors stay unless given."""
        self._colors(color, background)
        n = self.chars
        self.cut = len(text) > n
        if text == self.shown:
            return
        tiles = _LINE if n <= len(_LINE) else bytearray(n)
        b = text.encode()  # (a str's characters, iterated, are each interned as a name for good)
        m = len(b)
        i = 0
        j = 0
        while j < m and i < n:
            c = b[j]
            if c < 0x80:  # ASCII; a control character has the box
                k = c - FIRST
                tiles[i] = k if 0 <= k < GLYPHS else GLYPHS + len(GLYPH_CHARS)
                j += 1
            else:  # one UTF-8 sequence (its lead byte says how long), looked up by a copy
                w = 2 if c < 0xE0 else 3 if c < 0xF0 else 4
                tiles[i] = tile_of(b[j : j + w].decode())
                j += w
            i += 1
        while i < n:
            tiles[i] = 0  # a space
            i += 1
        self.grid.put(tiles, n)  # the cells that changed, marked once
        self.shown = text if len(text) <= n else text[:n]

    def move(self, x, y):
        self.grid.move(x, y)

    @property
    def x(self):
        return self.grid.x

    @property
    def y(self):
        return self.grid.y

    @property
    def scale(self):
        return self.grid.scale

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

    def __init__(self, gfx, width, height):
        s = text_scale(width, height)
        self.scale = s
        self.cols = width // (CHAR_W * s)
        lh = CHAR_H * s
        self.rows = height // lh - 2  # minus title and footer
        self.layer = gfx.layer()
        self.title = Line(self.layer, 0, 0, self.cols, s, TITLE)
        self.lines = []
        for i in range(self.rows):
            self.lines.append(Line(self.layer, 0, lh * (i + 1), self.cols, s))
        self.footer = Line(self.layer, 0, height - lh, self.cols, s, DIM)

    def texts(self):
        """What the panel shows, top to bottom (for tests and the serial log)."""
        return [self.title.text] + [ln.text for ln in self.lines] + [self.footer.text]
