"""Stand-in terminalio: a 6x12 font whose glyphs are all one small packed bitmap."""

import displayio


class Glyph:
    def __init__(self, bitmap, index):
        self.bitmap = bitmap
        self.tile_index = index
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = -2
        self.shift_x = 6
        self.shift_y = 0


class BuiltinFont:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)  # the real font sheet: 95 glyphs, 1 bit

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, code):
        return Glyph(self.bitmap, max(0, code - 32))  # a new object per call, as on CircuitPython


FONT = BuiltinFont()
