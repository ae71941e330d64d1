"""SSD1306 128x64 OLED driver on machine.I2C, the panel interface of boards/gfx_framebuf.py.

The init sequence and the control bytes follow MicroPython's own driver
(micropython/micropython-lib, micropython/drivers/display/ssd1306/ssd1306.py) and the
SSD1306 datasheet (Solomon Systech, 8.1.5.2: a control byte with Co = 0 and D/C# = 0
is followed by command bytes only, with D/C# = 1 by display data only). Horizontal
addressing: after the column and page window is set, data fills page by page.

Nothing is allocated per write: the command buffer and the data vector are kept.
"""

from micropython import const

_ADDR = const(0x3C)
# micropython-lib's init_display(), sent as one command stream (control byte 0x00).
_INIT = (
    b"\x00"
    b"\xae"  # display off
    b"\x20\x00"  # horizontal addressing
    b"\x40"  # start line 0
    b"\xa1"  # column 127 to SEG0
    b"\xa8\x3f"  # multiplex ratio: 64 rows
    b"\xc8"  # scan COM[N-1] to COM0
    b"\xd3\x00"  # display offset 0
    b"\xda\x12"  # COM pins: alternative, for 128x64
    b"\xd5\x80"  # clock divide
    b"\xd9\xf1"  # pre-charge (internal VCC)
    b"\xdb\x30"  # VCOMH 0.83 Vcc
    b"\x81\xff"  # contrast
    b"\xa4"  # output follows RAM
    b"\xa6"  # not inverted
    b"\xad\x30"  # internal IREF while on (as micropython-lib sends it)
    b"\x8d\x14"  # charge pump on (internal VCC)
    b"\xaf"  # display on
)
CONTRAST = (0x00, 0x10, 0x40, 0x90, 0xFF)  # brightness 0..4


class SSD1306:
    FORMAT = "MONO_VLSB"
    width = 128
    height = 64

    def __init__(self, i2c, addr=_ADDR):
        self.i2c = i2c
        self.addr = addr
        self.cmd = bytearray(7)  # control byte 0x00 and up to six command bytes
        self.vec = [b"\x40", None]  # data: control byte 0x40, then the pages
        i2c.writeto(addr, _INIT)

    def _command(self, n):
        self.i2c.writeto(self.addr, memoryview(self.cmd)[: n + 1])

    def write_rows(self, y0, y1, data):
        """Rows y0..y1-1 (multiples of 8): (y1 - y0) // 8 pages of 128 bytes, bit 0 the top pixel."""
        if y0 % 8 or y1 % 8 or not 0 <= y0 < y1 <= self.height:
            raise ValueError("rows %d..%d are not whole pages of 0..%d" % (y0, y1, self.height))
        if len(data) != (y1 - y0) // 8 * self.width:
            raise ValueError("%d bytes for pages %d..%d" % (len(data), y0 // 8, y1 // 8 - 1))
        c = self.cmd
        c[0] = 0x00
        c[1] = 0x21  # column window 0..127
        c[2] = 0
        c[3] = self.width - 1
        c[4] = 0x22  # page window
        c[5] = y0 >> 3
        c[6] = (y1 >> 3) - 1
        self.i2c.writeto(self.addr, c)
        self.vec[1] = data
        self.i2c.writevto(self.addr, self.vec)
        self.vec[1] = None  # the caller's buffer is not kept

    def brightness(self, level):
        """level 0..4 as contrast; 0 turns the display off."""
        if not 0 <= level <= 4:
            raise ValueError("brightness %r is not 0..4" % (level,))
        c = self.cmd
        c[0] = 0x00
        c[1] = 0xAF if level else 0xAE
        c[2] = 0x81
        c[3] = CONTRAST[level]
        self._command(3)
