"""The drawing surface on displayio (CircuitPython, and Blinka in the desktop simulator).

The firmware draws through four things only, the same on every renderer
(boards/gfx_framebuf.py is the other one):

    layer = gfx.layer()                                  # one screen's worth of drawing
    sheet = gfx.sheet(tile_w, tile_h, count, ncolors, scale)
    sheet.set(k, x, y, v)                                # pixel (x, y) of tile k: colour index v
    sheet.scaled(scale)                                  # the same tiles at another scale
    tiles = gfx.tiles(layer, sheet, x, y, cols, rows, colors)
    tiles[i] = k                                         # cell i (row-major) shows tile k
    tiles.color(i, rgb)                                  # colour index i; None: transparent (i == 0 only)
    tiles.move(x, y)
    board.show(layer); board.refresh()                   # the board's: the screen, and a flush
    gfx.mono                                             # True: one bit a pixel (colours show as lit
                                                         # or dark), so the screens add colour-free cues

A sheet's tiles are drawn at its scale (each pixel scale x scale on screen);
layers stack their tiles in the order they were made. Here a layer is a Group,
a sheet a Bitmap (tiles side by side, left to right) and tiles a TileGrid with its
own Palette, so a change rewrites a tile index or a palette entry and
displayio refreshes only the area it touched.
"""

import displayio


class Layer:
    def __init__(self, gfx):
        self.gfx = gfx
        self.group = displayio.Group()


class Sheet:
    def __init__(self, tile_w, tile_h, count, ncolors, scale=1, bitmap=None):
        self.tile_w = tile_w
        self.tile_h = tile_h
        self.count = count
        self.ncolors = ncolors
        self.scale = scale
        # The tiles side by side in one row of pixels: a Bitmap pads every row to whole 32-bit
        # words, so a narrow column of tiles would pay it once per pixel row (the glyph sheet:
        # 7,200 bytes stacked, 1,392 in a row).
        self.bitmap = displayio.Bitmap(tile_w * count, tile_h, ncolors) if bitmap is None else bitmap

    def set(self, k, x, y, v):
        # An int index: bitmap[x, y] would make a 2-tuple on the heap for every pixel drawn.
        self.bitmap[(y * self.count + k) * self.tile_w + x] = v

    def scaled(self, scale):
        """The same tiles drawn at another scale (the bitmap is shared: a Group scales it)."""
        return Sheet(self.tile_w, self.tile_h, self.count, self.ncolors, scale, self.bitmap)


class Tiles:
    def __init__(self, layer, sheet, x, y, cols, rows, colors):
        n = len(colors)
        self.palette = displayio.Palette(n)
        for i in range(n):
            self.color(i, colors[i])
        self.grid = displayio.TileGrid(
            sheet.bitmap,
            pixel_shader=self.palette,
            width=cols,
            height=rows,
            tile_width=sheet.tile_w,
            tile_height=sheet.tile_h,
        )
        self.x = x
        self.y = y
        self.scale = sheet.scale
        if sheet.scale > 1:
            self.node = displayio.Group(scale=sheet.scale, x=x, y=y)
            self.node.append(self.grid)
        else:
            self.node = self.grid
            self.grid.x = x
            self.grid.y = y
        layer.group.append(self.node)

    def __setitem__(self, i, k):
        self.grid[i] = k

    def put(self, tiles, n):
        """The first n cells of row 0 from the bytearray tiles (firmware/ui.py Line.set)."""
        grid = self.grid
        for i in range(n):
            if grid[i] != tiles[i]:
                grid[i] = tiles[i]

    def __getitem__(self, i):
        return self.grid[i]

    def color(self, i, rgb):
        if rgb is None:
            self.palette.make_transparent(i)
        else:
            self.palette[i] = rgb
            self.palette.make_opaque(i)

    def move(self, x, y):
        if x != self.x or y != self.y:
            self.x = x
            self.y = y
            self.node.x = x
            self.node.y = y


class Gfx:
    """The surface: what a board hands the firmware as board.gfx. mono: pose as a monochrome
    panel (the simulator posing as one): the colours still show, the screens draw as for one."""

    def __init__(self, mono=False):
        self.mono = mono

    def layer(self):
        return Layer(self)

    def sheet(self, tile_w, tile_h, count, ncolors, scale=1):
        return Sheet(tile_w, tile_h, count, ncolors, scale)

    def tiles(self, layer, sheet, x, y, cols, rows, colors):
        return Tiles(layer, sheet, x, y, cols, rows, colors)


GFX = Gfx()


def show(display, layer):
    """Make layer the screen (a displayio board's show(layer))."""
    if display.root_group is not layer.group:
        display.root_group = layer.group
