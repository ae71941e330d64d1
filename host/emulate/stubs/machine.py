"""MicroPython's machine module (Pin, SPI, I2C, PWM) as the rp2 port behaves, with panel models.

Runs on the MicroPython unix port (whose own machine has no Pin) and in the 32-bit VM. The
classes keep the signatures of the MicroPython docs (docs/library/machine.Pin.rst, machine.SPI.rst,
machine.I2C.rst, machine.PWM.rst) and the rp2 port's constants (ports/rp2/machine_pin.c: IN 0,
OUT 1, OPEN_DRAIN 2, PULL_UP 1, PULL_DOWN 2); only what our drivers use is here.

What the hardware would show is read from panel models fed by the bus traffic:
- ST7789Model decodes the SPI stream (DC low = a command byte) into the controller's 240x320
  frame memory, honouring CASET/RASET/RAMWR/MADCTL, and keeps the part the glass shows;
- SSD1306Model decodes I2C writes (control byte: Co bit 7, D/C# bit 6) into 128x64 bits.

    import machine
    machine.use_board("pico_lcd_114")   # attach the board's panel (before its profile runs)
    panel = machine.panels()[0]
    panel.pixel(x, y)                   # RGB565 as the maker's demo shows the picture upright
    machine.press(15); machine.release(15)   # a button pulls its pin low / lets go

A model built with keep=False decodes every command but stores no pixels (for heap figures:
the glass of a 240x135 panel is 64,800 bytes that no device spends).
"""

_level = {}  # pin id -> level driven by the program (outputs)
_drive = {}  # pin id -> level forced from outside (a pressed button), for inputs
_mode = {}
_pull = {}
_pwm = {}  # pin id -> PWM
_spi_pins = {}  # pin id -> SPI id: pads the SPI block took over (GPIO_FUNC_SPI)
# rp2's SPI() sets GPIO_FUNC_SPI on SCK, MOSI and MISO, the default MISO when none is given
# (ports/rp2/machine_spi.c; a Pico build's defaults: SPI0 GP18/GP19/GP16, SPI1 GP10/GP11/GP8).
# A Pin(n, mode) afterwards gives the pad back to the GPIO (machine_pin.c: GPIO_FUNC_SIO).
SPI_DEFAULTS = {0: (18, 19, 16), 1: (10, 11, 8)}
_panels = []
_made = []  # every SPI and I2C object built, newest last (tests read their settings)
_player = None  # the button script being played (play()), or None
# The virtual board's Ctrl-C (host/emulate/vboard/board.py sets it): called at every pin read, True when
# Ctrl-C came over the line while the program runs. On a real board the USB receive interrupt
# raises KeyboardInterrupt wherever the program is; the VM has no such hook (the pyscript variant
# is built without MICROPY_VARIANT_ENABLE_JS_HOOK), and the game's loop reads its buttons all the time.
_poll = None


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not isinstance(id, int) or id < 0:
            raise ValueError("invalid pin")
        self.id = id
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            _mode[self.id] = mode
            _spi_pins.pop(self.id, None)
        if pull != -1:
            _pull[self.id] = pull
        if value is not None:
            _level[self.id] = 1 if value else 0

    def value(self, v=None):
        if v is None:
            if _poll is not None and _poll():
                raise KeyboardInterrupt
            got = level(self.id)
            if _player is not None:
                _player.read(self.id)  # after the level: the read that ends a press still sees it
            return got
        _level[self.id] = 1 if v else 0

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        _level[self.id] = 1

    def off(self):
        _level[self.id] = 0

    def __repr__(self):
        return "Pin(GPIO%d)" % self.id


def level(pin):
    """The level pin reads: an output its value, an input what drives it, else its pull."""
    if pin in _spi_pins:
        raise OSError("GP%d belongs to SPI(%d) (its default MISO?): make the Pin after the SPI" % (pin, _spi_pins[pin]))
    if _mode.get(pin, 0) == Pin.OUT:
        return _level.get(pin, 0)
    if pin in _drive:
        return _drive[pin]
    return 1 if _pull.get(pin) == Pin.PULL_UP else 0


def press(pin, to=0):
    """Drive an input from outside (a button shorting it to ground: to=0)."""
    _drive[pin] = to


def release(pin):
    _drive.pop(pin, None)


def _pin_id(p):
    return p if p is None or isinstance(p, int) else p.id


class SPI:
    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0, sck=None, mosi=None, miso=None):
        self.id = id
        self.sent = 0  # bytes written, for transfer-time figures
        self.init(baudrate, polarity, phase, bits, firstbit, sck, mosi, miso)
        _made.append(self)

    def init(self, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0, sck=None, mosi=None, miso=None):
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        pads = SPI_DEFAULTS.get(self.id, (None, None, None))
        self.sck = pads[0] if sck is None else _pin_id(sck)
        self.mosi = pads[1] if mosi is None else _pin_id(mosi)
        self.miso = pads[2] if miso is None else _pin_id(miso)
        for p in (self.sck, self.mosi, self.miso):
            if p is not None:
                _spi_pins[p] = self.id

    def deinit(self):
        pass

    def write(self, buf):
        self.sent += len(buf)
        for p in _panels:
            if p.bus == "spi" and p.bus_id == self.id and level(p.cs) == 0:
                p.spi_write(buf)


class I2C:
    def __init__(self, id, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.scl = _pin_id(scl)
        self.sda = _pin_id(sda)
        self.freq = freq
        self.sent = 0
        _made.append(self)

    def _device(self, addr):
        for p in _panels:
            if p.bus == "i2c" and p.addr == addr:
                return p
        raise OSError(5)  # EIO: no device acknowledged (rp2)

    def scan(self):
        return [p.addr for p in _panels if p.bus == "i2c"]

    def writeto(self, addr, buf, stop=True):
        self._device(addr).i2c_write((buf,))
        self.sent += len(buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self._device(addr).i2c_write(vector)
        n = 0
        for b in vector:
            n += len(b)
        self.sent += n
        return n


class PWM:
    def __init__(self, dest, freq=None, duty_u16=None):
        self.pin = _pin_id(dest)
        self._freq = 0
        self._duty = 0
        _pwm[self.pin] = self
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, value=None):
        if value is None:
            return self._freq
        self._freq = value

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        if not 0 <= value <= 65535:
            raise ValueError("duty_u16 must be 0-65535")
        self._duty = value

    def deinit(self):
        _pwm.pop(self.pin, None)


def pwm_of(pin):
    return _pwm.get(pin)


def made():
    return _made


def panels():
    return _panels


def attach(model):
    _panels.append(model)
    return model


def reset():
    """Forget pins, devices, models and the button script (between the cases of a test)."""
    global _player
    _player = None
    for d in (_level, _drive, _mode, _pull, _pwm, _spi_pins):
        d.clear()
    del _panels[:]
    del _made[:]


# MADCTL bits (ST7789VW datasheet, 9.1.28): MY row order, MX column order, MV exchange.
MY = 0x80
MX = 0x40
MV = 0x20


def _gram(madctl, c, r):
    """(frame memory column 0..239, row 0..319) that the window address (column c, row r) lands on."""
    if madctl & MV:
        c, r = r, c
    if madctl & MX:
        c = 239 - c
    if madctl & MY:
        r = 319 - r
    return c, r


def _inside(v, d, lo, hi, k):
    """The steps a..b-1 of 0..k-1 for which v + d * step lies in lo..hi-1 (d: -1, 0 or 1)."""
    if d == 0:
        return (0, k) if lo <= v < hi else (0, 0)
    a, b = (lo - v, hi - v) if d > 0 else (v - hi + 1, v - lo + 1)
    return max(0, a), max(0, min(k, b))


NEVER = 0x1234  # what a pixel of the glass reads before anything was written to it


class ST7789Model:
    """An ST7789 on an SPI bus, its glass a window of the 240x320 frame memory.

    glass: (first column, columns, first row, rows) of the frame memory the glass shows;
    view: (madctl, x offset, y offset, width, height) with which the maker's own demo draws
    the picture upright: view pixel (x, y) is what that demo's pixel (x, y) lights."""

    bus = "spi"

    def __init__(self, bus_id, cs, dc, glass, view, keep=True):
        self.bus_id = bus_id
        self.cs = cs
        self.dc = dc
        self.glass = glass
        self.view = view
        self.width = view[3]
        self.height = view[4]
        self.keep = keep
        self.pixels = bytearray(glass[1] * glass[3] * 2) if keep else None
        self.commands = []  # every command byte, in order
        self.power_on()

    def power_on(self):
        if self.pixels is not None:
            for i in range(0, len(self.pixels), 2):
                self.pixels[i] = NEVER >> 8
                self.pixels[i + 1] = NEVER & 255
        self.reset_state()

    def reset_state(self):
        self.madctl = 0
        self.colmod = 0x66  # 18 bits per pixel after reset
        self.asleep = True
        self.on = False
        self.inverted = False
        self.normal = True
        self.cols = [0, 239]
        self.rows = [0, 319]
        self.cmd = -1
        self.args = bytearray()
        self.pending = -1  # first byte of a pixel
        self.written = 0  # pixels written through RAMWR

    def spi_write(self, buf):
        if level(self.dc) == 0:
            for b in buf:
                self._command(b)
            return
        if self.cmd == 0x2C:
            self._pixels(buf)
            return
        self.args.extend(buf)
        self._params()

    def _command(self, b):
        if self.keep:  # keep=False: heap figures, where a growing log would count as the firmware's
            self.commands.append(b)
        self.cmd = b
        self.args = bytearray()
        self.pending = -1
        if b == 0x01:  # SWRESET
            self.reset_state()
        elif b == 0x11:  # SLPOUT
            self.asleep = False
        elif b == 0x10:
            self.asleep = True
        elif b == 0x29:  # DISPON
            self.on = True
        elif b == 0x28:
            self.on = False
        elif b == 0x21:  # INVON
            self.inverted = True
        elif b == 0x20:
            self.inverted = False
        elif b == 0x13:  # NORON
            self.normal = True
        elif b == 0x2C:  # RAMWR: the pointer goes to the window's start
            if self.colmod & 7 != 5:
                raise ValueError("the model decodes only 16-bit pixels (COLMOD 0x55), not 0x%02x" % self.colmod)
            self.c = self.cols[0]
            self.r = self.rows[0]

    def _params(self):
        a = self.args
        if self.cmd == 0x36 and len(a) >= 1:
            self.madctl = a[0]
        elif self.cmd == 0x3A and len(a) >= 1:
            self.colmod = a[0]
        elif self.cmd in (0x2A, 0x2B) and len(a) >= 4:
            lo, hi = (a[0] << 8) | a[1], (a[2] << 8) | a[3]
            if lo > hi:
                raise ValueError("CASET/RASET start %d after end %d" % (lo, hi))
            if self.cmd == 0x2A:
                self.cols = [lo, hi]
            else:
                self.rows = [lo, hi]

    def _pixels(self, buf):
        """Pixel data for RAMWR: a row of the window at a time, each pixel where _gram puts it
        (affine in the column: one step per pixel), pixels past the window's end dropped."""
        n = len(buf)
        j = 0
        if self.pending >= 0 and n:  # the second byte of a pixel split between writes
            self._row(bytes((self.pending, buf[0])), 0, 1)
            self.pending = -1
            j = 1
        while n - j >= 2:
            k = min((n - j) // 2, self.cols[1] - self.c + 1)
            self._row(buf, j, k)
            j += 2 * k
        if j < n:
            self.pending = buf[j]

    def _row(self, buf, j, k):
        """k pixels from buf[j:] at the pointer (they fit in the pointer's window row)."""
        c, r = self.c, self.r
        if r <= self.rows[1]:
            self.written += k
            px = self.pixels
            if px is not None:
                g0, gw, r0, rh = self.glass
                gc, gr = _gram(self.madctl, c, r)
                gc1, gr1 = _gram(self.madctl, c + 1, r)
                a, b = _inside(gc, gc1 - gc, g0, g0 + gw, k)
                a2, b2 = _inside(gr, gr1 - gr, r0, r0 + rh, k)
                a, b = max(a, a2), min(b, b2)
                di = ((gr1 - gr) * gw + gc1 - gc) * 2
                i = ((gr - r0) * gw + gc - g0) * 2 + a * di
                j += 2 * a
                for _ in range(b - a):
                    px[i] = buf[j]
                    px[i + 1] = buf[j + 1]
                    i += di
                    j += 2
        c += k
        if c > self.cols[1]:
            c = self.cols[0]
            r += 1
        self.c, self.r = c, r

    def pixel(self, x, y):
        """RGB565 of view pixel (x, y); NEVER where nothing was written."""
        m, xo, yo, w, h = self.view
        if not (0 <= x < w and 0 <= y < h):
            raise IndexError("pixel (%d, %d) outside %dx%d" % (x, y, w, h))
        gc, gr = _gram(m, x + xo, y + yo)
        g0, gw, r0, rh = self.glass
        if not (g0 <= gc < g0 + gw and r0 <= gr < r0 + rh):
            raise ValueError("view pixel (%d, %d) is off the glass" % (x, y))
        i = ((gr - r0) * gw + gc - g0) * 2
        return (self.pixels[i] << 8) | self.pixels[i + 1]

    def frame(self):
        """The picture, row by row, big-endian RGB565 (what a screenshot converts to PNG)."""
        out = bytearray(self.width * self.height * 2)
        i = 0
        for y in range(self.height):
            for x in range(self.width):
                v = self.pixel(x, y)
                out[i] = v >> 8
                out[i + 1] = v & 255
                i += 2
        return out


class SSD1306Model:
    """An SSD1306 128x64 on I2C. The view is upright with the segment remap and COM scan
    direction that micropython-lib's ssd1306 driver sets (0xA1, 0xC8)."""

    bus = "i2c"
    width = 128
    height = 64

    def __init__(self, addr=0x3C, keep=True):
        self.addr = addr
        self.keep = keep
        self.ram = bytearray(128 * 8)
        self.reset_state()

    def reset_state(self):
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.remap = 0
        self.comdir = 0
        self.pump = False
        self.mode = 2  # page addressing after reset
        self.cols = [0, 127]
        self.pages = [0, 7]
        self.c = 0
        self.p = 0
        self.commands = []
        self.need = 0  # parameter bytes the current command still takes
        self.cmd = -1
        self.args = []

    def i2c_write(self, vector):
        data = bytearray()
        for b in vector:
            data.extend(b)
        i = 0
        while i < len(data):
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                raise ValueError("control byte 0x%02x: only Co (0x80) and D/C# (0x40) may be set" % ctrl)
            if ctrl & 0x80:  # Co = 1: one byte, then another control byte
                if i < len(data):
                    self._byte(data[i], ctrl & 0x40)
                i += 1
                continue
            while i < len(data):  # Co = 0: the rest of the message is all commands or all data
                self._byte(data[i], ctrl & 0x40)
                i += 1

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        elif self.need:
            self.args.append(b)
            self.need -= 1
            if not self.need:
                self._apply()
        else:
            self._command(b)

    # command -> parameter bytes that follow it
    PARAMS = {
        0x20: 1,
        0x21: 2,
        0x22: 2,
        0x81: 1,
        0xA8: 1,
        0xD3: 1,
        0xD5: 1,
        0xD9: 1,
        0xDA: 1,
        0xDB: 1,
        0x8D: 1,
        0xAD: 1,
    }

    def _command(self, b):
        if self.keep:
            self.commands.append(b)
        self.cmd = b
        self.args = []
        self.need = self.PARAMS.get(b, 0)
        if not self.need:
            self._apply()

    def _apply(self):
        b, a = self.cmd, self.args
        if b in (0xAE, 0xAF):
            self.on = b == 0xAF
        elif b in (0xA6, 0xA7):
            self.inverted = b == 0xA7
        elif b in (0xA0, 0xA1):
            self.remap = b & 1
        elif b in (0xC0, 0xC8):
            self.comdir = b & 8
        elif b == 0x81:
            self.contrast = a[0]
        elif b == 0x8D:
            self.pump = bool(a[0] & 4)
        elif b == 0x20:
            self.mode = a[0] & 3
        elif b == 0x21:
            self.cols = [a[0] & 127, a[1] & 127]
            self.c = self.cols[0]
        elif b == 0x22:
            self.pages = [a[0] & 7, a[1] & 7]
            self.p = self.pages[0]

    def _data(self, b):
        if self.mode != 0:
            raise ValueError("the model decodes horizontal addressing (0x20 0x00) only")
        self.ram[self.p * 128 + self.c] = b
        self.c += 1
        if self.c > self.cols[1]:
            self.c = self.cols[0]
            self.p += 1
            if self.p > self.pages[1]:
                self.p = self.pages[0]

    def bit(self, x, y):
        """The RAM bit view pixel (x, y) shows (1: set), before inversion and power."""
        col = x if self.remap else 127 - x
        row = y if self.comdir else 63 - y
        return (self.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1

    def lit(self, x, y):
        """Whether view pixel (x, y) glows: display on, charge pump on, inversion applied."""
        if not (self.on and self.pump):
            return 0
        return self.bit(x, y) ^ (1 if self.inverted else 0)


# The boards' panels as the makers build them; the views are their demos' upright pictures:
# Waveshare Pico-LCD-1.14 and Pimoroni Pico Display (pimoroni-pico drivers/st7789/st7789.cpp):
# MADCTL 0x70, columns 40..279, rows 53..187; the 135x240 glass sits at frame-memory columns
# 52..186, rows 40..279 (the same file's portrait window). Waveshare Pico-LCD-1.3: MADCTL 0x70,
# columns and rows 0..239; its 240x240 glass is the memory's columns 0..239, rows 0..239.
GLASS_135 = (52, 135, 40, 240)
BOARDS = {
    "pico_lcd_114": ("st7789", 1, 9, 8, GLASS_135, (0x70, 40, 53, 240, 135)),
    "pico_display": ("st7789", 0, 17, 16, GLASS_135, (0x70, 40, 53, 240, 135)),
    "pico_lcd_13": ("st7789", 1, 9, 8, (0, 240, 0, 240), (0x70, 0, 0, 240, 240)),
    "oled128x64": ("ssd1306", 0x3C),
}


def use_board(name, keep=True):
    """Attach the panel board `name` carries; returns the model."""
    spec = BOARDS[name]
    if spec[0] == "ssd1306":
        return attach(SSD1306Model(spec[1], keep))
    return attach(ST7789Model(spec[1], spec[2], spec[3], spec[4], spec[5], keep))


# --- a button script played against the program's own reads (the virtual board) ----------
# host/emulate/vboard arms play("vb_buttons.txt") before main.py runs, as a person's fingers would be:
#
#   hold 40 40                  a press: the pin low for 40 ms, then released for 40 ms
#   wait 1500                   nothing pressed for 1500 ms
#   wait until New match        nothing pressed until a text on the screen has "New match"
#                               (a slow boot's screen is waited for, not guessed)
#   press 18 3                  GP18, then GP3: each pressed and released
#   repeat 500 3 until Round 1 over
#                               press GP3 until a text on the screen has "Round 1 over" (at most 500 times)
#   wait until Round over | Round 1 over
#                               ... until a text has either (" | " between texts, in until alone;
#                               a line's runs of spaces count as one)
#
# Times are the board's own clock (time.ticks_ms). A level lasts from the first read of its
# pin until a read at least `hold` (or `gap`) ms later, so the program's debouncing (20 ms in
# boards/pinkeys.py) sees every press however slowly its loop turns. When the script is over
# the player writes what the panel shows (vb_frame.raw: big-endian RGB565 row by row, or a byte
# a pixel on a monochrome panel) and the firmware's own texts (vb_texts.txt, one a line), then
# raises KeyboardInterrupt from the pin read: the person pressed Ctrl-C, and main.py ends.


def screen_texts():
    """The firmware's texts on the screen now (firmware/screendump.py), read through
    Runner.running: the newest Runner."""
    import sys

    mod = sys.modules.get("firmware.runner")
    runner = getattr(getattr(mod, "Runner", None), "running", None)
    if runner is None:
        return []
    from firmware.screendump import texts

    return texts(runner)


def parse_script(text):
    """The steps of a button script: ("hold", ms, ms), ("wait", ms), ("until", text), ("press",
    pins), ("repeat", most, pins, text); a clear error naming the line otherwise."""
    steps = []
    n = 0
    for line in text.split("\n"):
        n += 1
        words = line.split("#")[0].split()
        if not words:
            continue
        try:
            if words[0] == "hold" and len(words) == 3:
                steps.append(("hold", int(words[1]), int(words[2])))
            elif words[0] == "wait" and len(words) > 2 and words[1] == "until":
                steps.append(("until", " ".join(words[2:])))
            elif words[0] == "wait" and len(words) == 2:
                steps.append(("wait", int(words[1])))
            elif words[0] == "press" and len(words) > 1:
                steps.append(("press", [int(w) for w in words[1:]]))
            elif words[0] == "repeat" and "until" in words[3:]:
                u = words.index("until")
                steps.append(("repeat", int(words[1]), [int(w) for w in words[2:u]], " ".join(words[u + 1 :])))
            else:
                raise ValueError()
        except ValueError:
            raise ValueError("button script line %d: %r is not hold/wait/press/repeat" % (n, line)) from None
    return steps


class Player:
    """Plays parsed steps against the pins as the program reads them (see above)."""

    def __init__(self, steps, out=""):
        import time

        self.ticks = time.ticks_ms
        self.diff = time.ticks_diff
        self.out = out  # folder for vb_frame.raw and vb_texts.txt
        self.hold = 40
        self.gap = 40
        self.phases = self._phases(steps)
        self.pin = -1  # the pin the phase is about, -1: any read
        self.ms = 0
        self.first = None  # when the phase's pin was first read
        self.pressed = 0  # presses made, for the report
        self._next()

    def _phases(self, steps):
        """(pin or -1, pressed, ms) one after the other; repeat checks the screen before each round."""
        for st in steps:
            if st[0] == "hold":
                self.hold, self.gap = st[1], st[2]
            elif st[0] == "wait":
                yield (-1, False, st[1])
            elif st[0] == "until":
                for _ in range(6000):  # at most 5 minutes of the board's clock
                    if self._shows(st[1]):
                        break
                    yield (-1, False, 50)
            else:
                rounds = st[1] if st[0] == "repeat" else 1
                pins = st[2] if st[0] == "repeat" else st[1]
                for _ in range(rounds):
                    if st[0] == "repeat" and self._shows(st[3]):
                        break
                    for p in pins:
                        yield (p, True, self.hold)
                        yield (p, False, self.gap)
        yield (-1, False, 300)  # the screen settles before it is read

    def _shows(self, text):
        """A line on the screen has the text (or one of " | " alternatives), its runs of spaces
        taken as one (a menu line aligns its value: "> P2 bot      <expert>")."""
        texts = text.split(" | ")
        for line in screen_texts():
            line = " ".join(line.split())
            for t in texts:
                if t in line:
                    return True
        return False

    def _next(self):
        if self.pin >= 0:
            release(self.pin)
        self.pin, down, self.ms = next(self.phases)
        if down:
            press(self.pin)
            self.pressed += 1
        self.first = None

    def read(self, pin):
        if self.pin >= 0 and pin != self.pin:
            return
        now = self.ticks()
        if self.first is None:
            self.first = now
        elif self.diff(now, self.first) >= self.ms:
            try:
                self._next()
            except StopIteration:
                self.finish()

    def finish(self):
        global _player
        _player = None
        dump(self.out)
        raise KeyboardInterrupt("button script over after %d presses" % self.pressed)


def dump(out=""):
    """Write what the first panel shows (vb_frame.raw) and the screen's texts (vb_texts.txt)."""
    p = _panels[0]
    if p.bus == "spi":
        frame = p.frame()
    else:
        frame = bytearray(p.width * p.height)
        for y in range(p.height):
            for x in range(p.width):
                frame[y * p.width + x] = p.lit(x, y)
    with open(out + "vb_frame.raw", "wb") as f:
        f.write(frame)
    with open(out + "vb_texts.txt", "w") as f:
        for line in screen_texts():
            f.write(line + "\n")


def play(path, out=""):
    """Arm the button script in file `path` (no file: nobody touches the buttons). True if armed."""
    global _player
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        _player = None
        return False
    _player = Player(parse_script(text), out)
    return True
