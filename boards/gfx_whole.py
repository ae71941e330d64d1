"""The framebuf surface that keeps the whole screen (boards/gfx_framebuf.py has the rest): a
monochrome panel's MONO_VLSB pages (1,024 bytes for 128x64), or a colour screen's indices when
asked (whole=True: 16,200 bytes for 240x135 at 4 bits). What changed is painted into it, the
box around it grown to whole cells, and the bands of 8 rows that changed are sent (a page of the
monochrome panel). Loaded only for such a screen: the colour boards draw rectangle by rectangle.
"""

import framebuf

from boards.gfx_framebuf import FbGfx


class WholeGfx(FbGfx):
    def __init__(self, panel, bits=4):
        self.setup(panel)
        w = self.width
        h = self.height
        if self.mono:
            self.buf = bytearray(w * ((h + 7) // 8))
            self.screen = framebuf.FrameBuffer(self.buf, w, h, framebuf.MONO_VLSB)
            self.wire = None
        else:
            self.indices(bits, h)
            self.screen = framebuf.FrameBuffer(self.buf, w, h, self.fmt)
            self.scratches = {}
        self.clipped = False  # the whole screen is painted, not only the box (Tiles.paint)
        self.box = [0, 0, 0, 0]  # the box a repaint grows (grow), reused
        self.band = 8  # rows pushed together: a page, or a strip of the screen
        self.bands = bytearray((h + self.band - 1) // self.band)  # 1: changed since the last push
        self.background = self.value(0)

    def flush(self):
        """Paint what changed into the screen and send the bands of rows that changed."""
        layer = self.shown
        if layer is None:
            return
        # One box around everything marked: one pass over the layer costs less in Python than
        # a pass per change (measured with host/drive/fb_redraw.py), and the bands pushed are the same.
        x0 = y0 = 1 << 20
        x1 = y1 = -1
        for t in layer.items:
            if t.dirty:
                t.dirty = False
                x0 = min(x0, t.x + t.c0 * t.w)
                y0 = min(y0, t.y + t.r0 * t.h)
                x1 = max(x1, t.x + t.c1 * t.w)
                y1 = max(y1, t.y + t.r1 * t.h)
        pending = self.pending
        while pending:
            b = pending.pop()
            x0, y0, x1, y1 = min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3])
        if x1 >= 0:
            self.repaint(x0, y0, x1, y1)
        bands = self.bands
        for i in range(len(bands)):
            if bands[i]:
                bands[i] = 0
                y0 = i * self.band
                self.push(y0, min(self.height, y0 + self.band))

    def repaint(self, x0, y0, x1, y1):
        """Paint the box (grown to the whole cells it meets) into the whole screen, and mark its
        bands to be pushed."""
        x0 = max(0, x0)
        y0 = max(0, y0)
        x1 = min(self.width, x1)
        y1 = min(self.height, y1)
        if x0 >= x1 or y0 >= y1:
            return
        items = self.shown.items
        box = self.box
        box[0] = x0
        box[1] = y0
        box[2] = x1
        box[3] = y1
        grown = True
        while grown:  # a grid drawn over the box draws whole cells: take them in, and what they meet
            grown = False
            for t in items:
                if grow(t, box):
                    grown = True
        x0 = box[0]
        y0 = box[1]
        x1 = box[2]
        y1 = box[3]
        self.screen.fill_rect(x0, y0, x1 - x0, y1 - y0, self.background)
        for t in items:
            t.paint(x0, y0, x1, y1)
        y0 = max(0, y0)  # cells may reach past the screen's edges
        y1 = min(self.height, y1)
        for i in range(y0 // self.band, (y1 - 1) // self.band + 1):
            self.bands[i] = 1

    def push(self, y0, y1):
        """Rows y0..y1-1 of the whole screen, one band (a page of the monochrome panel, or a
        strip), to the panel."""
        w = self.width
        if self.mono:
            self.panel.write_rows(y0, y1, memoryview(self.buf)[y0 // 8 * w : (y0 // 8 + 1) * w])
            return
        panel = self.panel
        panel.open_rect(0, y0, w, y1)
        out = self.rgb_cap // w
        while y0 < y1:
            y = min(y1, y0 + out)
            rgb, data = self.scratch(self.strip_buf, framebuf.RGB565, w, y - y0)
            rgb.blit(self.screen, 0, -y0, -1, self.wire)
            panel.send(data)
            y0 = y
        panel.close()


def grow(t, box):
    """Widen box, [x0, y0, x1, y1], in place to take in whole the cells of grid t it meets
    (a grid draws whole cells); True if it grew. No tuple made: a repaint asks every grid
    again until none grows (tuples there were 20-70 KB of garbage a move on a Pico)."""
    w = t.w
    h = t.h
    x = t.x
    y = t.y
    c0 = (box[0] - x) // w
    r0 = (box[1] - y) // h
    c1 = (box[2] - x + w - 1) // w
    r1 = (box[3] - y + h - 1) // h
    if c0 < 0:
        c0 = 0
    if r0 < 0:
        r0 = 0
    if c1 > t.cols:
        c1 = t.cols
    if r1 > t.rows:
        r1 = t.rows
    if c0 >= c1 or r0 >= r1:
        return False
    grown = False
    if x + c0 * w < box[0]:
        box[0] = x + c0 * w
        grown = True
    if y + r0 * h < box[1]:
        box[1] = y + r0 * h
        grown = True
    if x + c1 * w > box[2]:
        box[2] = x + c1 * w
        grown = True
    if y + r1 * h > box[3]:
        box[3] = y + r1 * h
        grown = True
    return grown
