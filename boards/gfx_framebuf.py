"""The drawing surface on framebuf (MicroPython): the same four things as boards/gfx_displayio.py
(layer, sheet, tiles, and the board's show/refresh), painted with framebuf and pushed to a panel.

A change to a tile or a colour only marks its cells. At flush() on a colour panel each changed
rectangle (the cells a grid marked, or the place a grid left; merged where they meet) is drawn
again on its own: every grid of the layer that meets it painted, in the order the grids were
made (a transparent label over a card face comes out as displayio draws it), into a scratch of
4-bit colour indices, turned into big-endian RGB565 by a palette blit (framebuf's C loops:
nothing per pixel in Python) and sent to that rectangle's window of the panel. Only the scratch
is in RAM (indices for 8 screen rows, 24 where text is twice the size, and RGB565 for 8: 960
+ 3,840 bytes for 240 columns). Colour indices are given out again each time a layer is shown.
A monochrome panel keeps its whole MONO_VLSB page buffer and is sent the pages that changed
(boards/gfx_whole.py, which also keeps a colour screen whole when asked: docs/memory.md has the
measurements); surface() picks.

The panel (boards/st7789.py, boards/ssd1306.py) gives width, height, FORMAT ("RGB565" or
"MONO_VLSB"), open_rect(x0, y0, x1, y1), send(data) (whole rows of RGB565) and close(), or
write_rows(y0, y1, data) (pages), and brightness(level).
"""

import framebuf
from micropython import const

# Sheet formats by the colours a sheet needs: (most colours, framebuf format, pixels per byte;
# 0: a byte holds 8 pixels of a column). Two colours go by columns: a glyph 6 or 12 pixels wide
# fills whole bytes that way, where rows of it leave 2 or 4 bits of each byte unused (the
# glyph sheet at twice the size: 5,904 bytes, not 7,872).
SHEET_FORMATS = ((2, framebuf.MONO_VLSB, 0), (4, framebuf.GS2_HMSB, 4), (16, framebuf.GS4_HMSB, 2))
# The screen's index formats by bits a pixel: (format, colours).
SCREEN_FORMATS = {4: (framebuf.GS4_HMSB, 16), 8: (framebuf.GS8, 255)}
# framebuf's blit compares its key with the colour after the palette: a transparent colour
# index maps to this value, which no colour is given (the palettes are GS8).
_CLEAR = const(255)
# Pixels a window's own cost is worth (its commands and a pass of Python): two rectangles that
# touch are drawn as their box when it adds no more than this.
_MERGE_SLACK = const(256)
_MONO_THRESHOLD = const(64)  # a colour at least this light (0..255, luma) is lit on a monochrome panel


def rgb565_be(rgb):
    """0xRRGGBB as the RGB565 value whose bytes in a framebuf are big-endian (the wire order)."""
    v = (rgb >> 8 & 0xF800) | (rgb >> 5 & 0x07E0) | (rgb >> 3 & 0x001F)
    return (v & 0xFF) << 8 | v >> 8


def luma(rgb):
    return ((rgb >> 16 & 255) * 77 + (rgb >> 8 & 255) * 150 + (rgb & 255) * 29) >> 8


def _bytes(w, h, per_byte):
    """Bytes of a w x h framebuf with per_byte pixels to a byte of a row (0: of a column)."""
    if per_byte:
        return (w + per_byte - 1) // per_byte * h
    return w * ((h + 7) // 8)


def sheet_format(ncolors):
    """(framebuf format, pixels per byte) of a sheet with ncolors colours."""
    for most, fmt, per_byte in SHEET_FORMATS:
        if ncolors <= most:
            return fmt, per_byte
    return framebuf.GS8, 1


class Layer:
    def __init__(self, gfx):
        self.gfx = gfx
        self.items = []  # Tiles, bottom first


class Sheet:
    def __init__(self, tile_w, tile_h, count, ncolors, scale=1):
        self.tile_w = tile_w
        self.tile_h = tile_h
        self.count = count
        self.ncolors = ncolors
        self.scale = scale
        fmt, per_byte = sheet_format(ncolors)
        w = tile_w * scale
        h = tile_h * scale
        self.h = h  # a tile's height on screen
        self.blank0 = True  # tile 0 has no pixel set: on a clear background it draws nothing
        self.fb = framebuf.FrameBuffer(bytearray(_bytes(w, h * count, per_byte)), w, h * count, fmt)
        self.one = framebuf.FrameBuffer(bytearray(_bytes(w, h, per_byte)), w, h, fmt)  # a tile, copied out to draw

    def set(self, k, x, y, v):
        if not k:
            self.blank0 = False
        s = self.scale
        if s == 1:
            self.fb.pixel(x, k * self.tile_h + y, v)
        else:
            self.fb.fill_rect(x * s, (k * self.tile_h + y) * s, s, s, v)

    def scaled(self, scale):
        out = Sheet(self.tile_w, self.tile_h, self.count, self.ncolors, scale)
        s = self.scale
        for k in range(self.count):
            for y in range(self.tile_h):
                for x in range(self.tile_w):
                    v = self.fb.pixel(x * s, (k * self.tile_h + y) * s)
                    if v:
                        out.set(k, x, y, v)
        return out


class Tiles:
    def __init__(self, layer, sheet, x, y, cols, rows, colors):
        gfx = layer.gfx
        self.gfx = gfx
        self.layer = layer
        self.sheet = sheet
        self.x = x
        self.y = y
        self.scale = sheet.scale
        self.w = sheet.tile_w * sheet.scale
        self.h = sheet.h
        self.cols = cols
        self.rows = rows
        self.x1 = x + cols * self.w  # the grid's right and bottom edges (flush's quick test)
        self.y1 = y + rows * self.h
        self.cells = bytearray(cols * rows)
        n = len(colors)
        self.colors = list(colors)
        self.pal = framebuf.FrameBuffer(bytearray(n), n, 1, framebuf.GS8)
        self.key = -1
        self._palette()
        self.dirty = False
        self.c0 = self.r0 = self.c1 = self.r1 = 0  # marked cells: columns c0..c1-1, rows r0..r1-1
        layer.items.append(self)

    def _palette(self):
        gfx = self.gfx
        colors = self.colors
        bg = colors[0]
        self.key = _CLEAR if bg is None else -1
        back = -1 if bg is None else gfx.value(bg)
        for i in range(len(colors)):
            c = colors[i]
            v = _CLEAR if c is None else gfx.value(c)
            if gfx.mono and i and c is not None and v == back:
                v = 1 - v  # one bit: ink on its own background shows inverted
            self.pal.pixel(i, 0, v)

    def _mark(self, c0, r0, c1, r1):
        if self.layer is not self.gfx.shown:
            return  # drawn whole when its layer is shown
        if self.dirty:
            c0 = min(c0, self.c0)
            r0 = min(r0, self.r0)
            c1 = max(c1, self.c1)
            r1 = max(r1, self.r1)
        self.c0, self.r0, self.c1, self.r1 = c0, r0, c1, r1
        self.dirty = True

    def __setitem__(self, i, k):
        if type(i) is tuple:
            c, r = i
        else:
            c, r = i % self.cols, i // self.cols
        j = r * self.cols + c
        if self.cells[j] != k:
            self.cells[j] = k
            self._mark(c, r, c + 1, r + 1)

    def put(self, tiles, n):
        """The first n cells of row 0 from the bytearray tiles; the span that changed is marked
        once (a line of text: firmware/ui.py Line.set)."""
        cells = self.cells
        lo = hi = -1
        for i in range(n):
            if cells[i] != tiles[i]:
                cells[i] = tiles[i]
                if lo < 0:
                    lo = i
                hi = i
        if lo >= 0:
            self._mark(lo, 0, hi + 1, 1)

    def __getitem__(self, i):
        if type(i) is tuple:
            return self.cells[i[1] * self.cols + i[0]]
        return self.cells[i]

    def color(self, i, rgb):
        if self.colors[i] != rgb:
            self.colors[i] = rgb
            self._palette()
            self._mark(0, 0, self.cols, self.rows)

    def move(self, x, y):
        if x != self.x or y != self.y:
            if self.layer is self.gfx.shown:
                self.gfx.damage(self.x, self.y, self.x + self.cols * self.w, self.y + self.rows * self.h)
            self.x = x
            self.y = y
            self.x1 = x + self.cols * self.w
            self.y1 = y + self.rows * self.h
            self._mark(0, 0, self.cols, self.rows)

    def paint(self, x0, y0, x1, y1):
        """Draw the cells that meet the box into gfx.screen, whose first pixel is the screen's
        (gfx.left, gfx.top) (grids the box misses are let go first, on two comparisons)."""
        y = self.y
        h = self.h
        if y1 <= y or y0 >= self.y1:
            return
        x = self.x
        w = self.w
        c0 = (x0 - x) // w
        r0 = (y0 - y) // h
        c1 = (x1 - x + w - 1) // w
        r1 = (y1 - y + h - 1) // h
        if c0 < 0:
            c0 = 0
        if r0 < 0:
            r0 = 0
        if c1 > self.cols:
            c1 = self.cols
        if r1 > self.rows:
            r1 = self.rows
        gfx = self.gfx
        screen = gfx.screen
        sheet = self.sheet
        one = sheet.one
        tiles = sheet.fb
        th = sheet.h
        cells = self.cells
        key = self.key
        pal = self.pal
        skip = key >= 0 and sheet.blank0  # tile 0 draws nothing here (a space of clear text)
        x = x - gfx.left
        for r in range(r0, r1):
            j = r * self.cols
            yy = y + r * h - gfx.top
            if gfx.clipped and y + r * h <= y0 and y + (r + 1) * h >= y1:
                # The screen is the box, and the box lies within this row of cells: blitted
                # whole, the sheet's other tiles fall outside it (a sheet is a tile wide), so
                # the tile is not copied out first (a third of a move's pixel work).
                for c in range(c0, c1):
                    k = cells[j + c]
                    if k or not skip:
                        screen.blit(tiles, x + c * w, yy - k * th, key, pal)
                continue
            for c in range(c0, c1):
                k = cells[j + c]
                if k or not skip:
                    one.blit(tiles, 0, -k * th)  # the tile, copied out of its sheet
                    screen.blit(one, x + c * w, yy, key, pal)


class FbGfx:
    """The surface a MicroPython board hands the firmware as board.gfx (boards/mpboard.py)."""

    def __init__(self, panel, bits=4, strip=0):
        """bits: 4 or 8 bits of colour index a pixel; strip: the rows of screen the colour
        indices' scratch holds (0: a line of text's height, 24 on the screens whose text is
        twice the size, else 8; docs/memory.md)."""
        self.setup(panel)
        w = self.width
        if not strip:
            strip = 24 if self.height >= 200 else 8  # firmware/ui.py text_scale
        self.indices(bits, strip)
        self.strip = strip
        self.cap = w * strip  # pixels the colour indices' scratch holds
        self.screen = None  # the scratch being painted (draw_rect)
        self.clipped = True  # the screen painted is the box asked for (Tiles.paint)
        self.scratches = {}  # the scratches' FrameBuffers by shape (scratch())
        self.rects = []  # the changed rectangles of a flush, [x0, y0, x1, y1] each
        self.background = self.value(0)

    def setup(self, panel):
        self.panel = panel
        self.width = panel.width
        self.height = panel.height
        self.mono = panel.FORMAT == "MONO_VLSB"
        self.left = 0  # the screen column and row of the buffer's first pixel
        self.top = 0
        self.shown = None
        self.pending = []  # boxes to repaint that no grid marks (a grid moved away)

    def indices(self, bits, rows):
        """Colour indices of `bits` a pixel, `rows` screen rows of them, and the RGB565 they are
        taken to, 8 rows at a time."""
        w = self.width
        self.fmt, n = SCREEN_FORMATS[bits]
        self.buf = bytearray(w * rows * bits // 8)
        self.wire = framebuf.FrameBuffer(bytearray(2 * n), n, 1, framebuf.RGB565)  # index -> colour
        self.room = n
        self.rgbs = []  # the colour of each index given out
        # RGB565 for 8 screen rows, sent as they are made; 2 on the 240x240 screens, whose heap
        # has no room for more (docs/memory.md: a window's rows streamed in more pieces).
        self.rgb_cap = w * (2 if self.height >= 200 else 8)
        self.strip_buf = bytearray(self.rgb_cap * 2)

    # --- the surface -------------------------------------------------------------
    def layer(self):
        return Layer(self)

    def sheet(self, tile_w, tile_h, count, ncolors, scale=1):
        return Sheet(tile_w, tile_h, count, ncolors, scale)

    def tiles(self, layer, sheet, x, y, cols, rows, colors):
        return Tiles(layer, sheet, x, y, cols, rows, colors)

    def value(self, rgb):
        """What a pixel of colour rgb holds on this screen: a lit bit, or a colour index (a new
        index while there is room, then the nearest colour already given one)."""
        if self.mono:
            return 1 if luma(rgb) >= _MONO_THRESHOLD else 0
        rgbs = self.rgbs
        for i in range(len(rgbs)):
            if rgbs[i] == rgb:
                return i
        if len(rgbs) < self.room:
            self.wire.pixel(len(rgbs), 0, rgb565_be(rgb))
            rgbs.append(rgb)
            return len(rgbs) - 1
        best = 0
        far = 1 << 20  # above any distance (3 x 255^2), and a small int on a 32-bit board
        for i in range(len(rgbs)):
            o = rgbs[i]
            d = (o >> 16) - (rgb >> 16)
            d = d * d + ((o >> 8 & 255) - (rgb >> 8 & 255)) ** 2 + ((o & 255) - (rgb & 255)) ** 2
            if d < far:
                best, far = i, d
        return best

    # --- the board's show and refresh ------------------------------------------------
    def show(self, layer):
        if layer is not self.shown:
            self.shown = layer
            if not self.mono:  # the colour indices start again from the colours this layer uses
                del self.rgbs[:]
                self.value(0)
            for t in layer.items:
                t.dirty = False
                if not self.mono:
                    t._palette()
            del self.pending[:]
            self.damage(0, 0, self.width, self.height)

    def damage(self, x0, y0, x1, y1):
        self.pending.append((x0, y0, x1, y1))

    def flush(self):
        """Draw what changed again and send it to the panel: the rectangles the grids marked
        (and the places grids left), merged where they meet, each drawn whole in the scratch
        and sent to its own window of the panel."""
        layer = self.shown
        if layer is None:
            return
        rects = self.rects
        for t in layer.items:
            if t.dirty:
                t.dirty = False
                self.add_rect(t.x + t.c0 * t.w, t.y + t.r0 * t.h, t.x + t.c1 * t.w, t.y + t.r1 * t.h)
        pending = self.pending
        while pending:
            b = pending.pop()
            self.add_rect(b[0], b[1], b[2], b[3])
        while rects:
            r = rects.pop()
            self.draw_rect(layer.items, r[0], r[1], r[2], r[3])

    def add_rect(self, x0, y0, x1, y1):
        """Take in a changed rectangle (clipped to the screen), merged with every one it overlaps
        (a pixel is drawn once a flush), and with one it touches where their box adds few pixels
        (two message lines of different lengths stay two windows: their box was a third larger)."""
        x0 = max(0, x0)
        y0 = max(0, y0)
        x1 = min(self.width, x1)
        y1 = min(self.height, y1)
        if x0 >= x1 or y0 >= y1:
            return
        rects = self.rects
        i = 0
        while i < len(rects):
            r = rects[i]
            if r[0] <= x1 and x0 <= r[2] and r[1] <= y1 and y0 <= r[3]:  # they meet or touch
                # (one name a line: four at once make a tuple on MicroPython's heap)
                bx0 = min(x0, r[0])
                by0 = min(y0, r[1])
                bx1 = max(x1, r[2])
                by1 = max(y1, r[3])
                overlap = r[0] < x1 and x0 < r[2] and r[1] < y1 and y0 < r[3]
                area = (x1 - x0) * (y1 - y0) + (r[2] - r[0]) * (r[3] - r[1])
                if overlap or (bx1 - bx0) * (by1 - by0) <= area + _MERGE_SLACK:
                    x0 = bx0
                    y0 = by0
                    x1 = bx1
                    y1 = by1
                    rects.pop(i)
                    i = 0  # the bigger one may meet one passed already
                    continue
            i += 1
        rects.append([x0, y0, x1, y1])

    def draw_rect(self, items, x0, y0, x1, y1):
        """Draw the rectangle in one window of the panel: as many rows at a time as the scratch
        holds, every grid that meets them painted in order into the colour indices, then taken
        to RGB565 by the palette blit (C loops both) a few rows at a time and sent."""
        w = x1 - x0
        rows = self.cap // (w + (w & 1))  # (at 4 bits framebuf gives an odd row a whole byte)
        # Bands of whole strips: a band of a narrower rectangle that began mid-line of the text
        # the strip's height is made for would reach into the next line, and the glyphs of both
        # would be copied out of their sheet, not blitted from it (Tiles.paint).
        if rows > self.strip:
            rows -= rows % self.strip
        out = self.rgb_cap // w
        rgb_out = data_out = None  # a whole chunk's, where the rectangle has more rows than one
        if out < y1 - y0:
            rgb_out, data_out = self.scratch(self.strip_buf, framebuf.RGB565, w, out)
        panel = self.panel
        panel.open_rect(x0, y0, x1, y1)
        self.left = x0
        while y0 < y1:
            yb = min(y1, y0 + rows)
            self.top = y0
            screen = self.screen = self.scratch(self.buf, self.fmt, w, yb - y0)
            screen.fill(self.background)
            for t in items:
                if t.x < x1 and t.x1 > x0 and t.y < yb and t.y1 > y0:
                    t.paint(x0, y0, x1, yb)
            y = y0
            while y < yb:
                ye = y + out
                rgb = rgb_out
                data = data_out
                if ye > yb or rgb is None:  # the band's last rows, or a rectangle of one chunk
                    ye = min(ye, yb)
                    rgb, data = self.scratch(self.strip_buf, framebuf.RGB565, w, ye - y)
                rgb.blit(screen, 0, y0 - y, -1, self.wire)
                panel.send(data)
                y = ye
            y0 = yb
        panel.close()
        self.left = self.top = 0

    def scratch(self, buf, fmt, w, h):
        """A FrameBuffer of w x h over buf (the colour indices' scratch), or for the RGB565 one
        (strip_buf) the FrameBuffer and the memoryview of its bytes: kept for the next rectangle
        of that shape (a table's changes come in a few shapes; nothing new a chunk sent)."""
        key = (w << 10 | h) << 1 | (buf is self.buf)
        got = self.scratches.get(key)
        if got is None:
            if len(self.scratches) >= 8:
                self.scratches.clear()
            got = framebuf.FrameBuffer(buf, w, h, fmt)
            if buf is self.strip_buf:
                got = got, memoryview(buf)[: w * h * 2]
            self.scratches[key] = got
        return got


def surface(panel, bits=4, whole=False):
    """The framebuf surface for a panel: a monochrome one, or whole=True, keeps the whole screen
    (boards/gfx_whole.py, loaded then only); a colour one draws rectangle by rectangle."""
    if whole or panel.FORMAT == "MONO_VLSB":
        from boards.gfx_whole import WholeGfx

        return WholeGfx(panel, bits)
    return FbGfx(panel, bits)
