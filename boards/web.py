"""The browser's board (make web): the firmware on MicroPython's WebAssembly port in a web page.

The page (host/ship/web/elfer.js) makes a Host and calls host.step(now) about every 10 ms with its
own clock; keyboard and touch become key events through host.key(k, down), in the skin's key
numbers, as a keypad would queue them. The screen is the framebuf renderer's
(boards/gfx_framebuf.py) on a FramePanel, which keeps the picture in a file of the VM's file
system (big-endian RGB565 rows, or the SSD1306's MONO_VLSB pages on the monochrome skin): the
page reads that file and blits it to a canvas. Saves, settings and statistics go to a
FileRegion (firmware/fileregion.py) that the page copies to localStorage after each step that
wrote to it, and back into the file before the next boot.

A skin is one of the real boards' button schemes (boards/schemes.py, boards/mpschemes.py): its
screen size, its buttons and what they are called, so the screens name the buttons drawn beside
the canvas. The same module runs on the MicroPython unix port (host/drive/webreplay.py), where a
test replays the page's key log and compares the frame with the canvas.
"""

from boards.base import Board
from boards.mpschemes import Oled128x64Scheme, PicoLcd13Scheme, PicoLcd114Scheme
from boards.schemes import PyBadgeScheme
from firmware.fileregion import FileRegion

# The joystick and D-pad keys in each scheme's key order, as printed ("●": a joystick's centre
# press) and the computer key that presses it (a KeyboardEvent's key, lower case).
_STICK = (("↑", "arrowup"), ("↓", "arrowdown"), ("←", "arrowleft"), ("→", "arrowright"))
# (skin name, the board whose screen and buttons it has, what the page calls it, its keys)
SKINS = (
    (
        "badge",
        PyBadgeScheme,
        "PyBadge 160x128",
        (("B", "z"), ("A", "x"), ("START", "enter"), ("SELECT", " "))
        + (("→", "arrowright"), ("↓", "arrowdown"), ("↑", "arrowup"), ("←", "arrowleft")),
    ),
    ("wide", PicoLcd114Scheme, "Pico-LCD-1.14 240x135", _STICK + (("●", "enter"), ("A", "x"), ("B", "z"))),
    (
        "square",
        PicoLcd13Scheme,
        "Pico-LCD-1.3 240x240",
        _STICK + (("●", "enter"), ("A", "x"), ("B", "z"), ("X", "c"), ("Y", "v")),
    ),
    ("mono", Oled128x64Scheme, "OLED 128x64, one colour", _STICK + (("A", "x"), ("B", "z"))),
)
FRAME = "elfer-frame.raw"  # the picture, in the page's working folder
SAVES = "elfer-saves.bin"  # the storage region (the page keeps it in localStorage)
QUEUE = 32  # key events held between steps (a keypad's queue; more are lost and flagged)

# Bits of Host.step()'s answer: what the page has to do after the step.
FRAME_CHANGED = 1
SAVED = 2
TONE = 4
LED = 8


def skin_list():
    """The skins for the page's menu: 'name<TAB>title' lines."""
    return "\n".join(row[0] + "\t" + row[2] for row in SKINS)


def skin_of(skin):
    """(name, scheme, title, keys) of a skin; a clear error for an unknown one."""
    for row in SKINS:
        if row[0] == skin:
            return row
    raise ValueError("no skin %r; skins: %s" % (skin, ", ".join(s[0] for s in SKINS)))


class FramePanel:
    """A panel whose glass is a file: write_rows writes the rows at their place in it."""

    def __init__(self, width, height, mono, path=FRAME):
        self.width = width
        self.height = height
        self.mono = mono
        self.FORMAT = "MONO_VLSB" if mono else "RGB565"
        self.size = width * ((height + 7) // 8) if mono else width * height * 2
        self.level = 4
        self.writes = 0
        with open(path, "wb") as f:
            f.write(bytes(self.size))
        self.file = open(path, "r+b")  # noqa: SIM115 - open for the page's whole life

    def write_rows(self, y0, y1, data):
        w = self.width
        at = y0 // 8 * w if self.mono else y0 * w * 2
        if y0 < 0 or y1 > self.height or at + len(data) > self.size:
            raise ValueError("rows %d..%d (%d bytes) do not fit the %dx%d panel" % (y0, y1, len(data), w, self.height))
        self.file.seek(at)
        self.file.write(data)
        self.file.flush()
        self.writes += 1

    def open_rect(self, x0, y0, x1, y1):
        """A window of columns x0..x1-1 and rows y0..y1-1 (RGB565): send() gives its rows."""
        if not (0 <= x0 < x1 <= self.width and 0 <= y0 < y1 <= self.height):
            raise ValueError("rectangle %d..%d x %d..%d does not fit the panel" % (x0, x1, y0, y1))
        self.window = [x0, y0, x1, y1]

    def send(self, data):
        x0, y, x1, y1 = self.window
        n = (x1 - x0) * 2
        rows = len(data) // n
        if len(data) % n or y + rows > y1:
            raise ValueError("%d bytes are not whole rows of the window %r" % (len(data), self.window))
        if x1 - x0 == self.width:
            self.file.seek(y * n)
            self.file.write(data)
        else:
            for i in range(rows):
                self.file.seek(((y + i) * self.width + x0) * 2)
                self.file.write(data[i * n : (i + 1) * n])
        self.window[1] = y + rows

    def close(self):
        self.file.flush()
        self.writes += 1

    def brightness(self, level):
        self.level = level


class SaveRegion(FileRegion):
    """The FileRegion of the saves, counting writes so the page knows when to copy it."""

    def __init__(self, path=SAVES, size=4096):
        FileRegion.__init__(self, path, size)
        self.writes = 0

    def __setitem__(self, i, value):
        FileRegion.__setitem__(self, i, value)
        self.writes += 1


class WebBoard(Board):
    has_backlight = True
    fast = True  # the browser's VM (~5.7x the unix port's time) on a desktop's CPU, whatever the skin

    def __init__(self, skin="badge"):
        _, scheme, self.title, self.keys_printed = skin_of(skin)
        Board.__init__(self)
        self.skin = skin
        self.name = "web " + scheme.name
        self.width = scheme.width
        self.height = scheme.height
        self.keymap = scheme.keymap
        self.holdmap = scheme.holdmap
        self.labels = scheme.labels
        mono = getattr(scheme, "mono", False)
        self.panel = FramePanel(self.width, self.height, mono)
        from boards.gfx_framebuf import surface

        self.gfx = surface(self.panel)
        self.queue = bytearray(QUEUE)
        self.head = 0
        self.size = 0
        self.lost = False
        self.region = None
        self.tone_freq = 0  # the last tone asked for, until the page plays it
        self.tone_ms = 0
        self.led = -1  # the seat whose colour the LED shows, -1: off
        self.led_changed = False

    def key(self, k, pressed):
        """A key event from the page: key number k (the skin's keymap) pressed or released."""
        if not 0 <= k < len(self.keymap):
            raise ValueError("key %d: the %s skin has keys 0..%d" % (k, self.skin, len(self.keymap) - 1))
        if self.size == QUEUE:
            self.lost = True  # as keypad's EventQueue: the event is dropped and overflowed is set
            return
        self.queue[(self.head + self.size) % QUEUE] = k * 2 + (1 if pressed else 0)
        self.size += 1

    def read_key(self):
        if not self.size:
            return -1
        code = self.queue[self.head]
        self.head = (self.head + 1) % QUEUE
        self.size -= 1
        return code

    def overflowed(self):
        lost = self.lost
        self.lost = False
        return lost

    def show(self, layer):
        self.gfx.show(layer)

    def refresh(self):
        self.gfx.flush()

    def brightness(self, level):
        self.panel.brightness(level)

    def tone(self, freq, ms):
        if not self.muted:
            self.tone_freq = freq
            self.tone_ms = ms

    def show_turn(self, seat, players):
        if seat != self.led:
            self.led = seat
            self.led_changed = True

    def storage(self):
        if self.region is None:
            self.region = SaveRegion()
        return self.region


class Host:
    """What the page drives: the board and the firmware (with crash handling) on it."""

    def __init__(self, skin="badge"):
        from firmware.runner import Runner
        from firmware.tomlenv import getenv  # the page writes settings.toml (its language, ?speed=)

        self.board = WebBoard(skin)
        self.runner = Runner(self.board, getenv)
        self.frames = -1
        self.saves = 0

    def key(self, k, pressed):
        self.board.key(k, pressed)

    def step(self, now):
        """One pass of the firmware at `now` ms; the FRAME_CHANGED/SAVED/TONE/LED bits."""
        board = self.board
        self.runner.step(now)
        out = 0
        if board.panel.writes != self.frames:
            self.frames = board.panel.writes
            out |= FRAME_CHANGED
        region = board.region
        if region is not None and region.writes != self.saves:
            self.saves = region.writes
            out |= SAVED
        if board.tone_ms:
            out |= TONE
        if board.led_changed:
            board.led_changed = False
            out |= LED
        return out

    def take_tone(self):
        """The tone asked for since the last call, as freq * 10000 + ms, negative when the sound
        is quiet (0: none)."""
        board = self.board
        got = board.tone_freq * 10000 + board.tone_ms
        if not board.loud:
            got = -got
        board.tone_ms = 0
        return got

    def led_rgb(self):
        """The LED's colour as 0xRRGGBB (the seat on turn's, boards/base.py SEAT_RGB, brightened
        for a screen), or -1: off."""
        from boards.base import SEAT_RGB

        seat = self.board.led
        if seat < 0:
            return -1
        rgb = 0
        for c in SEAT_RGB[seat % len(SEAT_RGB)]:
            rgb = rgb << 8 | min(255, c * 10)
        return rgb

    def language(self):
        """The firmware's language now (its Settings), for the page's own words: 'en', 'de', ..."""
        from firmware import lang

        return lang.current()

    def texts(self):
        """The screen's texts, one a line (firmware/screendump.py)."""
        from firmware.screendump import texts

        return "\n".join(texts(self.runner))

    def buttons(self):
        """The skin's keys for the page, in key-number order: 'label<TAB>computer key' lines."""
        return "\n".join("%s\t%s" % k for k in self.board.keys_printed)


def make(skin="badge"):
    return WebBoard(skin)
