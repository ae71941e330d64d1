"""ST7789 panel driver on machine.SPI and machine.Pin, the panel interface of boards/gfx_framebuf.py.

The init sequence is the one the project's CircuitPython boards already run on their ST7789
panels (adafruit/Adafruit_CircuitPython_ST7789, adafruit_st7789.py _INIT_SEQUENCE: SWRESET,
SLPOUT, COLMOD 0x55, MADCTL, INVON, NORON, DISPON; the CLUE and the Feather TFTs are IPS
panels that need INVON). Delays from the ST7789VW datasheet (Sitronix, 9.1.2 and 9.1.12):
120 ms after a reset before SLPOUT, 5 ms after SLPOUT before the next command.

The window (CASET/RASET) is offset by (xstart, ystart): where the glass sits in the
controller's 240x320 memory with this MADCTL; each profile takes both from its maker's code.
Nothing is allocated per write: the command byte and the four address bytes are kept.
"""

import time

from micropython import const

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
# CASET 0x2A, RASET 0x2B, RAMWR 0x2C: written as bytes where they are sent (open_rect)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)


class ST7789:
    FORMAT = "RGB565"

    def __init__(self, spi, cs, dc, rst, bl, width, height, xstart, ystart, madctl, pwm=True):
        """spi: a machine.SPI; cs, dc: output Pins; rst, bl: output Pins or None (no reset line:
        a software reset; no backlight control); pwm: dim bl by PWM (else on/off)."""
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.width = width
        self.height = height
        self.xstart = xstart
        self.ystart = ystart
        self.one = bytearray(1)
        self.four = bytearray(4)
        self.bl = bl
        self.pwm = None
        if bl is not None and pwm:
            try:
                from machine import PWM

                self.pwm = PWM(bl)
                self.pwm.freq(1000)
            except (ImportError, ValueError):
                self.pwm = None  # a pin without PWM: on/off only
        self.brightness(0)  # dark while the panel starts (no flash of noise)
        cs(1)
        if rst is not None:
            rst(1)
            time.sleep_ms(5)
            rst(0)
            time.sleep_ms(5)  # (10 us is enough)
            rst(1)
            time.sleep_ms(120)
        self.command(_SWRESET)
        time.sleep_ms(150)
        self.command(_SLPOUT)
        time.sleep_ms(10)
        self.command(_COLMOD, 0x55)  # 16 bits per pixel
        self.command(_MADCTL, madctl)
        self.command(_INVON)
        self.command(_NORON)
        self.command(_DISPON)
        time.sleep_ms(10)
        self.brightness(4)  # lit once the panel is set up (the firmware sets its level later)

    def command(self, cmd, arg=-1):
        """One command byte, then one parameter byte if arg >= 0."""
        self.one[0] = cmd
        self.cs(0)
        self.dc(0)
        self.spi.write(self.one)
        if arg >= 0:
            self.one[0] = arg
            self.dc(1)
            self.spi.write(self.one)
        self.cs(1)

    def write_rows(self, y0, y1, data):
        """Rows y0..y1-1 of the whole width: (y1 - y0) * width * 2 bytes, big-endian RGB565."""
        self.write_rect(0, y0, self.width, y1, data)

    def write_rect(self, x0, y0, x1, y1, data):
        """The rectangle of columns x0..x1-1 and rows y0..y1-1, row by row: (x1 - x0) * (y1 - y0)
        * 2 bytes, big-endian RGB565."""
        if len(data) != (y1 - y0) * (x1 - x0) * 2:
            raise ValueError("%d bytes for %dx%d pixels" % (len(data), x1 - x0, y1 - y0))
        self.open_rect(x0, y0, x1, y1)
        self.spi.write(data)
        self.cs(1)

    def open_rect(self, x0, y0, x1, y1):
        """Open the panel's window on columns x0..x1-1 and rows y0..y1-1: send() then gives its
        pixels, whole rows in order (the panel's pointer wraps at the window's right edge), and
        close() ends it. One window for a rectangle drawn a few rows at a time."""
        if not (0 <= x0 < x1 <= self.width and 0 <= y0 < y1 <= self.height):
            raise ValueError("rectangle %d..%d x %d..%d outside %dx%d" % (x0, x1, y0, y1, self.width, self.height))
        self.cs(0)
        self._window(b"\x2a", self.xstart + x0, self.xstart + x1 - 1)  # CASET
        self._window(b"\x2b", self.ystart + y0, self.ystart + y1 - 1)  # RASET
        self.dc(0)
        self.spi.write(b"\x2c")  # RAMWR
        self.dc(1)

    def _window(self, cmd, lo, hi):
        b = self.four
        b[0] = lo >> 8
        b[1] = lo & 255
        b[2] = hi >> 8
        b[3] = hi & 255
        self.dc(0)
        self.spi.write(cmd)
        self.dc(1)
        self.spi.write(b)

    def send(self, data):
        self.spi.write(data)

    def close(self):
        self.cs(1)

    def brightness(self, level):
        """level 0 (off) .. 4 (full): quarter steps of PWM duty, or on/off without PWM."""
        if not 0 <= level <= 4:
            raise ValueError("brightness %r is not 0..4" % (level,))
        if self.pwm is not None:
            self.pwm.duty_u16(level * 65535 // 4)
        elif self.bl is not None:
            self.bl(1 if level else 0)
