"""Stand-in displayio for memory probes: each object weighs on the heap what CircuitPython's does.

CircuitPython's displayio objects are C structs on the VM heap (shared-bindings/displayio/*.c
`mp_obj_malloc`) with their buffers beside them (shared-module/displayio/*.c
`m_malloc_without_collect`); the heap hands out 16-byte blocks on 32-bit boards. Sizes read at
CircuitPython 10.3.0-alpha (cd3da4a), 32-bit ARM (4-byte pointers; a displayio_area_t is 12
bytes; NATIVE below is the block-rounded total). MicroPython objects of our own cost 16 bytes,
plus a 16-byte block for each two attributes, and a bytearray 16 bytes plus its bytes in blocks
(measured in the 32-bit VM). So each stand-in holds exactly enough attributes and bytes to weigh
what the native object weighs: host_tests/test_firmware_memory.py checks every shape against
NATIVE. Where it cannot match it is heavier, never lighter (a TileGrid of four tiles or fewer
keeps them in its pointer natively: the stand-in is 16 bytes over; a one-colour Palette 32).

Behaviour is the real one's where the firmware could trip on it: index and value ranges raise
as CircuitPython's do (shared-bindings/displayio/Bitmap.c bitmap_subscr, TileGrid.c
tilegrid_subscr). Nothing is drawn: the probes measure memory.
"""


def _r16(n):
    return (n + 15) // 16 * 16


# Native heap bytes, struct and buffers, on a 32-bit board (see the module's docstring).
def native_bytes(kind, *shape):
    if kind == "Bitmap":  # displayio_bitmap_t, 36 bytes; data: stride words a row
        width, height, bits = shape
        return 48 + _r16((width * bits + 31) // 32 * 4 * height)
    if kind == "Palette":  # displayio_palette_t, 14 bytes; a _displayio_color_t (16) a colour
        return 16 + _r16(16 * shape[0])
    if kind == "TileGrid":  # displayio_tilegrid_t, 84 bytes; tiles in the pointer when they fit
        tiles, wide = shape  # wide: more than 255 tiles in the bitmap (uint16_t indices)
        size = tiles * (2 if wide else 1)
        return 96 + (0 if size <= 4 else _r16(size))
    if kind == "Group":  # displayio_group_t, 44 bytes, and its members list (py/objlist.c)
        alloc = 4
        while alloc < shape[0]:
            alloc *= 2
        return 48 + 16 + 4 * alloc
    raise ValueError(kind)


def _bits(value_count):  # shared-bindings/displayio/Bitmap.c displayio_bitmap_make_new
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits * 2 if bits < 8 else bits + 8
    return bits


class Bitmap:
    # Two attributes (32 bytes with the object) and the data (16 + its blocks): 48 + data.
    def __init__(self, width, height, value_count):
        bits = _bits(value_count)
        if not (0 <= width < 8192 and 0 <= height < 16384 and bits <= 8):
            raise ValueError("stand-in Bitmap: up to 8191 x 16383, 8 bits")
        log = 0
        while 1 << log < bits:
            log += 1
        self._f = width | height << 13 | log << 27
        self._d = bytearray((width * bits + 31) // 32 * 4 * height)

    @property
    def width(self):
        return self._f & 8191

    @property
    def height(self):
        return (self._f >> 13) & 16383

    @property
    def bits(self):
        return 1 << (self._f >> 27)

    def _index(self, xy):
        """The pixel's number, y * width + x; IndexError as CircuitPython's (an int index makes
        no object, as natively; an (x, y) tuple is the caller's)."""
        f = self._f
        w = f & 8191
        if isinstance(xy, int):
            if not 0 <= xy < w * ((f >> 13) & 16383):
                raise IndexError("index must be 0-%d" % (w * ((f >> 13) & 16383) - 1))
            return xy
        x, y = xy
        if not 0 <= x < w:
            raise IndexError("x must be 0-%d" % (w - 1))
        if not 0 <= y < (f >> 13) & 16383:
            raise IndexError("y must be 0-%d" % (((f >> 13) & 16383) - 1))
        return y * w + x

    def __getitem__(self, xy):
        i = self._index(xy)
        f = self._f
        w = f & 8191
        bits = 1 << (f >> 27)
        pos = (w * bits + 31) // 32 * 32 * (i // w) + i % w * bits
        return (self._d[pos >> 3] >> (pos & 7)) & ((1 << bits) - 1)

    def __setitem__(self, xy, v):
        i = self._index(xy)
        f = self._f
        w = f & 8191
        bits = 1 << (f >> 27)
        if not 0 <= v < 1 << bits:
            raise ValueError("value must be 0-%d" % ((1 << bits) - 1))
        pos = (w * bits + 31) // 32 * 32 * (i // w) + i % w * bits
        mask = ((1 << bits) - 1) << (pos & 7)
        b = pos >> 3
        self._d[b] = (self._d[b] & ~mask) | (v << (pos & 7))

    def fill(self, v):
        for i in range(self.width * self.height):
            self[i] = v


class Palette:
    # One colour: one attribute (32 bytes, native 32). Two: three attributes (48, native 48).
    # More: the colours in a bytearray padded to 16 * n - 32 bytes (48 + that = 16 + 16 * n).
    # A colour is kept as rgb | transparent << 24.
    def __init__(self, color_count, *, dither=False):
        if color_count < 1:
            raise ValueError("color_count must be 1-")
        if color_count == 1:
            self._c = 0
        elif color_count == 2:
            self._c = 0
            self._e = 0
            self._n = 2
        else:
            self._c = bytearray(max(4 * color_count, 16 * color_count - 32))
            self._n = color_count

    def __len__(self):
        return getattr(self, "_n", 1)

    def _get(self, i):
        if not 0 <= i < len(self):
            raise IndexError("index must be 0-%d" % (len(self) - 1))
        c = self._c
        if isinstance(c, int):
            return c if i == 0 else self._e
        return c[4 * i] | c[4 * i + 1] << 8 | c[4 * i + 2] << 16 | c[4 * i + 3] << 24

    def _put(self, i, v):
        c = self._c
        if isinstance(c, int):
            if i == 0:
                self._c = v
            else:
                self._e = v
            return
        for k in range(4):
            c[4 * i + k] = (v >> (8 * k)) & 255

    def __getitem__(self, i):
        return self._get(i) & 0xFFFFFF

    def __setitem__(self, i, rgb):
        if not 0 <= rgb <= 0xFFFFFF:
            raise ValueError("color must be 0x000000-0xffffff")
        self._put(i, (self._get(i) & 1 << 24) | rgb)

    def make_transparent(self, i):
        self._put(i, self._get(i) | 1 << 24)

    def make_opaque(self, i):
        self._put(i, self._get(i) & 0xFFFFFF)

    def is_transparent(self, i):
        return bool(self._get(i) >> 24)


class Group:
    # x, y, scale and the members list: 48 + the list, as the native struct and its list.
    def __init__(self, *, scale=1, x=0, y=0):
        self.x = x
        self.y = y
        self.scale = scale
        self._l = []

    def append(self, item):
        self._l.append(item)

    def insert(self, i, item):
        self._l.insert(i, item)

    def remove(self, item):
        self._l.remove(item)

    def pop(self, i=-1):
        return self._l.pop(i)

    def index(self, item):
        return self._l.index(item)

    def __len__(self):
        return len(self._l)

    def __getitem__(self, i):
        return self._l[i]

    def __setitem__(self, i, v):
        self._l[i] = v


class TileGrid:
    # Seven attributes (80 bytes) and the tiles (16 + blocks): 96 + tiles, as native.
    def __init__(
        self,
        bitmap,
        *,
        pixel_shader,
        width=1,
        height=1,
        tile_width=None,
        tile_height=None,
        default_tile=0,
        x=0,
        y=0,
    ):
        tile_width = tile_width or bitmap.width
        tile_height = tile_height or bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        self.x = x
        self.y = y
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self._w = width
        self._n = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        self._t = bytearray([default_tile] * (width * height * (2 if self._n > 255 else 1)))

    def _i(self, xy):
        w = self._w
        x, y = (xy % w, xy // w) if isinstance(xy, int) else xy
        h = len(self._t) // w // (2 if self._n > 255 else 1)
        if not (0 <= x < w and 0 <= y < h):
            raise IndexError("Tile index out of bounds")
        return y * w + x

    def __getitem__(self, xy):
        i = self._i(xy)
        if self._n > 255:
            return self._t[2 * i] | self._t[2 * i + 1] << 8
        return self._t[i]

    def __setitem__(self, xy, v):
        i = self._i(xy)
        if not 0 <= v < self._n:
            raise ValueError("tile must be 0-%d" % (self._n - 1))
        if self._n > 255:
            self._t[2 * i] = v & 255
            self._t[2 * i + 1] = v >> 8
        else:
            self._t[i] = v


class Display:
    """A board's display is built into its firmware (board.DISPLAY, static RAM): not heap."""

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
