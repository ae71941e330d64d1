"""Time the table's redraw on the framebuf surface (MicroPython unix port); make bench scales it.

    micropython host/drive/fb_redraw.py WIDTH HEIGHT BITS [MOVES]   (BITS as host/drive/fbshots.py's)
    (cwd: the repository, or a folder with engine/, firmware/, boards/, host/drive/fbshots.py and screenwalk.py)

Starts a classic match against medium bots on a board of that size (host/drive/fbshots.py's,
whose panel records what write_rows sends) and, for MOVES of the person's turns, times the
app step that plays a card: the engine move, the screen's update and the flush of what
changed to the panel. Also times a whole table drawn from scratch. Prints key: value lines:
move_us_median (the step, from the press read to the screen up to date: a save comes after),
redraw_us_median and redraw_us_max (the renderer's part: repaint and push),
redraw_bytes_median (bytes sent to the panel for a move),
redraw_alloc_bytes_max (the most any refresh allocated: garbage a Pico's heap must
hold), full_us, full_bytes, calibration_ms (bench_mp.py's loop, to scale the times to a board).
Each move and full redraw is timed next to a slice of that loop (1/20 of it) and taken in
slices of its own moment: a shared machine's slow spells outlast both, and the figures come
out as microseconds at the median slice's speed.
The recording panel's own copying is counted out of every time and allocation (a real panel
hands the bytes to the SPI's C code).
"""

import gc
import sys
import time

sys.path.insert(0, "")
sys.path.insert(0, "host/drive")

from fbshots import FbBoard, Pacer  # noqa: E402
from screenwalk import can_place  # noqa: E402

SLICE = 50000  # iterations of the calibration loop timed beside each measurement (1/20 of it)


def calibrate(n=1000000):
    """bench_mp.py's loop of n iterations, in microseconds."""
    t = time.ticks_us()
    for _ in range(n):
        C = 12345678 + 56781234  # noqa: F841
    return time.ticks_diff(time.ticks_us(), t)


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def main(argv):
    width, height, bits = int(argv[1]), int(argv[2]), argv[3]
    moves = int(argv[4]) if len(argv) > 4 else 12
    board = FbBoard(width, height, bits)
    from firmware.app import App

    app = App(board)  # at the settings' speed: the bots wait before they move, so a timed step is the person's
    pacer = Pacer(app, board)
    step = pacer.step
    queue = pacer.queue
    press = pacer.press

    flushes = []  # the renderer's part: repaint and push, per refresh
    made = []  # the bytes each refresh allocated

    harness = [0]  # microseconds the measuring took inside a timed step (gc.mem_alloc walks
    # the heap's whole table: 0.6 ms on 4 MiB), and the panel stand-in's copying
    shown = [0, 0]  # when the last refresh had the screen up to date, and harness[0] then

    def refresh():
        h = time.ticks_us()
        own = board.panel.own
        own_us = board.panel.own_us
        a = gc.mem_alloc()  # (the heap was collected before the timed step: 4 MiB, no collection in it)
        t = time.ticks_us()
        harness[0] += time.ticks_diff(t, h)
        board.gfx.flush()
        done = time.ticks_us()
        panel_us = board.panel.own_us - own_us
        flushes.append(time.ticks_diff(done, t) - panel_us)
        harness[0] += panel_us
        shown[0] = done
        shown[1] = harness[0]
        h = time.ticks_us()
        made.append(gc.mem_alloc() - a - (board.panel.own - own))
        harness[0] += time.ticks_diff(time.ticks_us(), h)

    board.refresh = refresh
    step()
    pacer.start_match()
    m = app.match
    times = []  # each move's time in slices of the calibration loop
    flush = []
    slices = []
    sent = []
    while len(times) < moves:
        if pacer.between_turns(m):
            continue
        if not can_place(m):
            press("B")
            continue
        press("DOWN")  # the cursor on a playable card (drawn), then the timed play
        queue("A")
        b0 = board.panel.sent
        del flushes[:]
        gc.collect()
        # A slice of the calibration loop next to each move: a shared machine's slow spells
        # last longer than both, so each move is taken in loop slices of its own moment.
        loop = calibrate(SLICE)
        harness[0] = 0
        t = time.ticks_us()
        step()
        times.append((time.ticks_diff(shown[0], t) - shown[1]) / loop)  # to the screen up to date
        flush.append(sum(flushes) / loop)
        slices.append(loop)
        sent.append(board.panel.sent - b0)
    gfx = board.gfx
    layer = gfx.shown
    fulls = []
    for _ in range(3):
        gfx.shown = None
        b0 = board.panel.sent
        own_us = board.panel.own_us
        loop = calibrate(SLICE)
        t = time.ticks_us()
        gfx.show(layer)
        gfx.flush()
        fulls.append((time.ticks_diff(time.ticks_us(), t) - (board.panel.own_us - own_us)) / loop)
        slices.append(loop)
    # Times as microseconds of a run at the median slice's speed; calibration_ms the whole loop's.
    loop = median(slices)
    print("move_us_median: %d" % (median(times) * loop))
    print("redraw_us_median: %d" % (median(flush) * loop))
    print("redraw_us_max: %d" % (max(flush) * loop))
    print("redraw_bytes_median: %d" % median(sent))
    print("redraw_alloc_bytes_max: %d" % max(made))
    print("full_us: %d" % (median(fulls) * loop))
    print("full_bytes: %d" % (board.panel.sent - b0))
    print("calibration_ms: %d" % (loop * (1000000 // SLICE) // 1000))


main(sys.argv)
