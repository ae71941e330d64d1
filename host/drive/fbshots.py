"""The firmware on the framebuf surface under MicroPython, driven by a button tape; writes the frames.

    micropython host/drive/fbshots.py WIDTH HEIGHT BITS OUTDIR TAPE...   (BITS: 1, 4, 8, 4w, 8w)
    (cwd: the repository, or a folder with engine/, firmware/, boards/, host/drive/screenwalk.py)

TAPE tokens, in order: a logical button name (LEFT RIGHT UP DOWN A B START SELECT: pressed and
released, then one 20 ms step, as host/drive/simdrive.py's press does), wN (one step of N ms),
@NAME (write what the panel shows to OUTDIR/NAME.raw: big-endian RGB565, or one byte a
pixel on a monochrome panel), play (take turns until the round ends, the person playing the
first playable card or drawing/passing), start (from the title: New match, Start).
The panel here is a recording one (the bytes send and write_rows give, in place); tests compare the
frames with the displayio simulator's for the same tape (host_tests/test_gfx_framebuf.py).
"""

import gc
import sys
import time

import framebuf

sys.path.insert(0, "")

from screenwalk import Pilot, button_bit, can_place  # noqa: E402

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, Board  # noqa: E402
from boards.gfx_framebuf import surface  # noqa: E402

KEYMAP = (LEFT, RIGHT, UP, DOWN, A, B, START, SELECT)
LABELS = ((LEFT, "←"), (RIGHT, "→"), (UP, "↑"), (DOWN, "↓"), (A, "X"), (B, "Z"), (START, "Enter"), (SELECT, "Space"))


class _Spi:
    write = len  # a C function of one argument, as machine.SPI.write is: its call, no bus


def st7789_driver(width, height):
    """boards/st7789.py's driver over no bus: its Python for each window (the pins and the SPI
    writes are C calls that return at once), so a redraw's time counts the windows it opens."""
    from boards.st7789 import ST7789

    class Driver(ST7789):
        def __init__(self):  # (no panel to set up: ST7789's reset waits are not the redraw's)
            self.spi = _Spi()
            self.cs = self.dc = abs
            self.width = width
            self.height = height
            self.xstart = self.ystart = 0
            self.one = bytearray(1)
            self.four = bytearray(4)

    return Driver()


class RecordingPanel:
    def __init__(self, width, height, mono):
        self.width = width
        self.height = height
        self.FORMAT = "MONO_VLSB" if mono else "RGB565"
        self.mono = mono
        self.pages = bytearray(width * ((height + 7) // 8)) if mono else None
        self.px = bytearray(width * height * 2) if not mono else None
        self.writes = 0
        self.sent = 0
        self.own = 0  # bytes this stand-in allocated, and the time it took: counted out
        self.own_us = 0
        self.driver = None if mono else st7789_driver(width, height)
        self.glass = None if mono else framebuf.FrameBuffer(self.px, width, height, framebuf.RGB565)
        self.sources = {}  # id(data) -> (width, a FrameBuffer over it): send()

    def write_rows(self, y0, y1, data):
        w = self.width
        assert self.mono, "a colour panel is sent rectangles (open_rect, send, close)"
        assert y0 % 8 == 0 and (y1 % 8 == 0 or y1 == self.height) and len(data) == (y1 - y0 + 7) // 8 * w
        self.pages[y0 // 8 * w : y0 // 8 * w + len(data)] = data
        self.writes += 1
        self.sent += len(data)

    def open_rect(self, x0, y0, x1, y1):
        self.driver.open_rect(x0, y0, x1, y1)  # the driver's own Python, timed as the firmware's
        assert 0 <= x0 < x1 <= self.width and 0 <= y0 < y1 <= self.height, (x0, y0, x1, y1)
        self.window = [x0, y0, x1, y1]
        self.writes += 1

    def send(self, data):
        self.driver.send(data)
        t = time.ticks_us()
        x0, y, x1, y1 = self.window
        n = (x1 - x0) * 2
        rows = len(data) // n
        assert len(data) % n == 0 and y + rows <= y1, (self.window, len(data))
        # Copied by a blit from a FrameBuffer over the data, kept for the next send of that
        # buffer (the renderer reuses its few); what this stand-in takes is counted out.
        got = self.sources.get(id(data))
        if got is None or got[0] != x1 - x0:
            a = gc.mem_alloc()
            if len(self.sources) > 32:
                self.sources.clear()
            got = self.sources[id(data)] = (x1 - x0, framebuf.FrameBuffer(data, x1 - x0, rows, framebuf.RGB565))
            self.own += gc.mem_alloc() - a
        self.glass.blit(got[1], x0, y)
        self.window[1] = y + rows
        self.sent += len(data)
        self.own_us += time.ticks_diff(time.ticks_us(), t)

    def close(self):
        self.driver.close()
        assert self.window[1] == self.window[3], self.window  # every row of the window sent

    def brightness(self, level):
        pass

    def frame(self):
        if not self.mono:
            return self.px
        w = self.width
        out = bytearray(w * self.height)
        for y in range(self.height):
            for x in range(w):
                out[y * w + x] = self.pages[y // 8 * w + x] >> (y & 7) & 1
        return out


class FbBoard(Board):
    name = "fbshots"
    keymap = KEYMAP
    labels = LABELS

    def __init__(self, width, height, bits):
        """bits: "1" a monochrome panel, "4" or "8" bits of colour index in strips, "4w" or
        "8w" the whole screen kept (boards/gfx_framebuf.py)."""
        Board.__init__(self)
        self.width = width
        self.height = height
        mono = bits == "1"
        self.panel = RecordingPanel(width, height, mono)
        self.gfx = surface(self.panel, 4 if mono else int(bits.rstrip("w")), whole=bits.endswith("w"))
        self.script = []

    def show(self, layer):
        self.gfx.show(layer)

    def refresh(self):
        self.gfx.flush()

    def read_key(self):
        return self.script.pop(0) if self.script else -1

    def overflowed(self):
        return False

    def storage(self):
        return None


class Pacer(Pilot):
    """Runs an App on a scripted board as a board's loop does: steps at made-up times, each
    followed by the passes a long task still has (App.later), and presses of the board's
    buttons (host/drive/screenwalk.py's Pilot; host/drive/fb_redraw.py and lfs_saves.py drive the app
    with it too)."""

    holds = (0, 0, 0)  # (a key of one meaning each: no holds)

    def __init__(self, app, board):
        self.app = app
        self.board = board
        self.runner = None

    def queue(self, name):
        """A press of logical button `name` and its release, read at the next step."""
        self.queue_key(KEYMAP.index(button_bit(name)))

    def queue_key(self, k):
        self.board.script.append(k * 2 + 1)
        self.board.script.append(k * 2)

    def press_key(self, k, ms):
        self.queue_key(k)
        self.step()

    def start_match(self):
        """From the title menu: New match, then Start match with the set-up's defaults."""
        self.menu_to("new")
        self.press("A")
        self.menu_to("start")
        self.press("A")


def main(argv):
    width, height, bits, out = int(argv[1]), int(argv[2]), argv[3], argv[4]
    board = FbBoard(width, height, bits)
    from firmware.app import App

    app = App(board)
    app.settings.speed = 0
    pacer = Pacer(app, board)
    step = pacer.step
    press = pacer.press
    step()
    for tok in argv[5:]:
        if tok.startswith("@"):
            with open("%s/%s.raw" % (out, tok[1:]), "wb") as f:
                f.write(board.panel.frame())
        elif tok.startswith("w"):
            step(int(tok[1:]))
        elif tok == "start":
            pacer.start_match()
        elif tok == "play":
            m = app.match
            while not m.state.is_round_over():
                if m.my_turn():
                    if can_place(m):
                        press("DOWN")
                        press("A")
                    else:
                        press("B")
                else:
                    step(1000)
        else:
            press(tok)
    colors = 2 if board.gfx.mono else len(board.gfx.rgbs)
    print("fbshots: writes=%d bytes=%d colors=%d" % (board.panel.writes, board.panel.sent, colors))


if __name__ == "__main__":
    main(sys.argv)
