"""Every screen of the firmware on a MicroPython board profile, as its panel shows it (make screenshots).

    micropython host/drive/mpshots.py BOARD OUTDIR [eager]
    (MICROPYPATH: host/emulate/stubs and the repository; cwd: an empty folder, which gets the saves)

The board is the real profile (boards/BOARD.py's make(): its ST7789 or SSD1306 driver, the
framebuf renderer, its buttons on pins) on host/emulate/stubs/machine.py, whose panel model decodes
the bus traffic into the glass's pixels. The walk is host/drive/screenwalk.py's, as host/drive/screenshots.py's
for the CircuitPython boards, screen for screen and name for name; this Walker (screenwalk's Pilot)
presses the board's own buttons: a pin pulled
low, held through PinKeys' 20 ms debounce (a long press where the board has one key for two
meanings). The clock is made up: PinKeys and the app read the walk's time, nothing waits.

By default the screen is pushed to the panel only for a picture (as host/drive/simdrive.py's lazy
drawing: the renderer then sends everything marked since the last picture), which takes a
third of the time; with `eager` every step the app asks for a refresh pushes what changed, as
on the device (host_tests/test_screenshots.py checks that both end on the same pictures).

Each screen goes to OUTDIR/NAME.raw: big-endian RGB565 per pixel, or one byte per pixel (1 lit)
on the monochrome OLED; host/drive/screenshots.py turns them into PNGs. The last line says
'mpshots: N screens'; anything wrong ends it with an error.
"""

import os
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

import machine  # noqa: E402  (the stand-in: host/emulate/stubs)
import screenwalk  # noqa: E402

STEP_MS = 20
LONG_MS = 700  # firmware/buttons.py: long from 600 ms, very long from 1600 ms (simdrive's holds)
LONGER_MS = 1700


def nothing():
    pass


class Walker(screenwalk.Pilot):
    """The board and the app, driven by pins and a made-up clock (screenwalk.Pilot's moves, as
    host/drive/simdrive.py's Driver's, under MicroPython and on the real profile)."""

    holds = (0, LONG_MS, LONGER_MS)

    def __init__(self, board_name, lang="en", runner=False, eager=False):
        machine.reset()
        self.model = machine.use_board(board_name)
        self.board = __import__("boards." + board_name, None, None, ("make",)).make()
        self.refresh = self.board.refresh
        if not eager:
            self.board.refresh = nothing  # the app's refreshes wait for the picture
        self.board.keys.ticks = self.ticks  # PinKeys' clock: the walk's, not time.ticks_ms
        self.pins = [p.id for p in self.board.keys.pins]
        self.start(self.board, lang=lang, runner=runner)

    def ticks(self):
        return self.now

    # --- buttons -----------------------------------------------------------------
    def press_key(self, k, ms):
        """Key k's pin pulled low for ms (it counts once PinKeys' debounce has seen it), then let go."""
        machine.press(self.pins[k])
        self.step()  # PinKeys sees the level change ...
        for _ in range(max(1, ms // STEP_MS)):
            self.step()  # ... and reports it once it has held 20 ms
        machine.release(self.pins[k])
        self.step(n=2)


class Shots:
    def __init__(self, out, board_name):
        self.out = out
        self.board_name = board_name
        self.names = []

    def __call__(self, name, w):
        """What the glass shows now, to OUT/name.raw."""
        w.refresh()  # the renderer pushes what changed since the last refresh (none if eager)
        model = w.model
        if hasattr(model, "glass"):
            data = st7789_frame(model, name)
        else:
            data = bytearray(model.width * model.height)
            i = 0
            for y in range(model.height):
                for x in range(model.width):
                    data[i] = model.lit(x, y)
                    i += 1
        with open("%s/%s.raw" % (self.out, name), "wb") as f:
            f.write(data)
        self.names.append(name)


def st7789_frame(model, name):
    """The ST7789 model's picture as its frame() gives it (big-endian RGB565, row by row),
    read straight from the glass: a view pixel's place there is base + x * dx + y * dy, as
    the model's own mapping (machine._gram: swaps and flips) says; frame() calls pixel()
    for each and takes most of the walk's time. A pixel never written is an error."""
    mad, xo, yo, w, h = model.view
    g0, gw, r0, rh = model.glass

    def index(x, y):
        gc, gr = machine._gram(mad, x + xo, y + yo)
        if not (g0 <= gc < g0 + gw and r0 <= gr < r0 + rh):
            raise ValueError("view pixel (%d, %d) is off the glass" % (x, y))
        return (gr - r0) * gw + gc - g0

    base = index(0, 0)
    dx = index(1, 0) - base
    dy = index(0, 1) - base
    for x, y in ((w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 3)):
        if index(x, y) != base + x * dx + y * dy:
            return model.frame()  # not a flip or swap: the model's own, slow way
    px = model.pixels
    out = bytearray(w * h * 2)
    hi, lo = machine.NEVER >> 8, machine.NEVER & 255
    j = 0
    for y in range(h):
        i = (base + y * dy) * 2
        for _ in range(w):
            a = px[i]
            b = px[i + 1]
            if a == hi and b == lo:
                raise AssertionError("%s: pixel %d of the glass was never written" % (name, j // 2))
            out[j] = a
            out[j + 1] = b
            j += 2
            i += dx * 2
    return out


def error_screen(board_name, shot, eager):
    """screenwalk.error_screen() on a fresh board (its traceback goes to the console)."""
    for p in ("elfer-saves/0", "elfer-saves/1", "elfer-saves/2", "elfer-saves/3", "elfer-saves"):
        try:  # a fresh board, as the CircuitPython walk's fresh storage
            (os.rmdir if p == "elfer-saves" else os.remove)(p)
        except OSError:
            pass
    screenwalk.error_screen(Walker(board_name, runner=True, eager=eager), shot)


def main(argv):
    if len(argv) not in (3, 4) or len(argv) == 4 and argv[3] != "eager":
        raise SystemExit("usage: micropython host/drive/mpshots.py BOARD OUTDIR [eager]")
    board_name, out = argv[1], argv[2]
    eager = len(argv) == 4
    shot = Shots(out, board_name)
    screenwalk.walk(Walker(board_name, eager=eager), shot)
    error_screen(board_name, shot, eager)
    print("mpshots: %d screens: %s" % (len(shot.names), " ".join(shot.names)))


if __name__ == "__main__":
    main(sys.argv)
