"""Stand-in displayio for memory probes: same objects, packed bitmaps, no drawing."""


def _bits(value_count):
    b = 1
    while (1 << b) < value_count:
        b *= 2
    return b


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self.bits = _bits(value_count)
        self.stride = (width * self.bits + 31) // 32 * 4
        self.data = bytearray(self.stride * height)

    def __getitem__(self, xy):
        if isinstance(xy, tuple):
            x, y = xy
        else:
            x, y = xy % self.width, xy // self.width
        pos = y * self.stride * 8 + x * self.bits
        return (self.data[pos >> 3] >> (pos & 7)) & ((1 << self.bits) - 1) if self.bits < 8 else self.data[pos >> 3]

    def __setitem__(self, xy, v):
        if isinstance(xy, tuple):
            x, y = xy
        else:
            x, y = xy % self.width, xy // self.width
        pos = y * self.stride * 8 + x * self.bits
        if self.bits >= 8:
            self.data[pos >> 3] = v & 255
            return
        mask = ((1 << self.bits) - 1) << (pos & 7)
        i = pos >> 3
        self.data[i] = (self.data[i] & ~mask) | ((v << (pos & 7)) & mask)

    def fill(self, v):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = v


class Palette:
    def __init__(self, n):
        self.colors = [0] * n
        self.clear = bytearray(n)

    def __len__(self):
        return len(self.colors)

    def __getitem__(self, i):
        return self.colors[i]

    def __setitem__(self, i, v):
        self.colors[i] = v

    def make_transparent(self, i):
        self.clear[i] = 1

    def make_opaque(self, i):
        self.clear[i] = 0

    def is_transparent(self, i):
        return bool(self.clear[i])


class _Layer:
    def __init__(self, x=0, y=0, scale=1):
        self.x = x
        self.y = y
        self._gscale = scale  # not through .scale: subclasses (labels) redefine it as a property
        self.hidden = False

    @property
    def scale(self):
        return self._gscale

    @scale.setter
    def scale(self, v):
        self._gscale = v


class Group(_Layer):
    def __init__(self, x=0, y=0, scale=1):
        _Layer.__init__(self, x, y, scale)
        self._items = []

    def append(self, item):
        self._items.append(item)

    def insert(self, i, item):
        self._items.insert(i, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __iter__(self):
        return iter(self._items)


class TileGrid(_Layer):
    def __init__(
        self,
        bitmap,
        pixel_shader=None,
        width=1,
        height=1,
        tile_width=None,
        tile_height=None,
        default_tile=0,
        x=0,
        y=0,
    ):
        _Layer.__init__(self, x, y)
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.tiles = bytearray(width * height)
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False

    def __getitem__(self, xy):
        x, y = xy if isinstance(xy, tuple) else (xy % self.width, xy // self.width)
        return self.tiles[y * self.width + x]

    def __setitem__(self, xy, v):
        x, y = xy if isinstance(xy, tuple) else (xy % self.width, xy // self.width)
        self.tiles[y * self.width + x] = v


class Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = False
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, **kw):
        self.refreshes += 1
        return True


def release_displays():
    pass
