"""One button tape played on the firmware (an emulated Pico, host/drive/picodrive.py) and on the
model (the desktop simulator's displayio, host/drive/simdrive.py), and what each shows after it.

    python -m host.drive.picocheck pico_st7735r [--out DIR]

The tape: the title; New match; Start match; the person's first move (the next playable card
or box, as the hint walks); the bots' moves until the person is on turn again. Both sides use
the probe's seed (screenwalk.SEED) and bot speed 2 (the default). The frames are compared pixel
for pixel in RGB565 (displayio's own conversion: r >> 3, g >> 2, b >> 3).
"""

import argparse
import os
import sys

from host.drive.screenwalk import SEED

# The simulator's profile with the same layout and buttons as a firmware profile.
SIM_PROFILE = {"pico_st7735r": "pybadge", "pico_lcd_114_cp": "pico_lcd_114", "pico_lcd_114": "pico_lcd_114"}


def tape(p, on_turn):
    """The tape's moves on Pilot p; on_turn() says the person is on turn. Returns the screens'
    texts at each stop (title, setup, first turn, next turn)."""
    seen = [p.screen_texts()]
    p.menu_to("New match")
    p.press("A")
    seen.append(p.screen_texts())
    p.menu_to("Start")
    p.press("A")
    p.wait_for(on_turn)
    seen.append(p.screen_texts())
    p.play_turn()
    p.wait_for(lambda: not on_turn())
    p.wait_for(on_turn)
    seen.append(p.screen_texts())
    return seen


def rgb565(rgb):
    """Big-endian RGB565 of an RGB888 byte string."""
    out = bytearray(len(rgb) // 3 * 2)
    j = 0
    for i in range(0, len(rgb), 3):
        v = (rgb[i] >> 3) << 11 | (rgb[i + 1] >> 2) << 5 | rgb[i + 2] >> 3
        out[j] = v >> 8
        out[j + 1] = v & 255
        j += 2
    return bytes(out)


class SimSide:
    """The simulator driven like the firmware: the same moves, its frame read off the surface."""

    def __init__(self, profile):
        from host.drive.simdrive import Driver

        self.d = Driver(SIM_PROFILE[profile], speed=None, keyboard=False)
        self.d.app.fresh_seed = lambda: SEED
        self.d.app.settings.speed = 2

    def on_turn(self):
        m = self.d.app.match
        return m is not None and self.d.app.screen.table and m.my_turn() and not self.d.app.work

    def run(self):
        d = self.d
        d.wait_for = lambda cond: d.run_until(cond)
        d.screen_texts = self.texts
        return tape(d, self.on_turn)

    def texts(self):
        from firmware import screendump

        class R:
            error = None
            app = self.d.app

        return screendump.texts(R)

    def frame(self):
        import pygame

        self.d.draw()
        surf = pygame.display.get_surface()
        w, h = self.d.board.width, self.d.board.height
        return rgb565(pygame.image.tobytes(surf, "RGB")[: w * h * 3]) if surf.get_width() == w else None


def diff(a, b, w):
    """(pixels that differ, their bounding box (x0, y0, x1, y1) or None)."""
    n = 0
    box = None
    for i in range(0, min(len(a), len(b)), 2):
        if a[i] != b[i] or a[i + 1] != b[i + 1]:
            n += 1
            x, y = (i // 2) % w, (i // 2) // w
            box = (x, y, x, y) if box is None else (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    return n, box


def save_png(data, w, h, path):
    from PIL import Image

    im = Image.new("RGB", (w, h))
    px = im.load()
    for i in range(w * h):
        v = data[2 * i] << 8 | data[2 * i + 1]
        px[i % w, i // w] = ((v >> 11) << 3, ((v >> 5) & 63) << 2, (v & 31) << 3)
    im.save(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", choices=sorted(SIM_PROFILE))
    ap.add_argument("--out", default=os.path.join("build", "picocheck"))
    args = ap.parse_args(argv)
    from host.drive.picodrive import PicoPilot

    sim = SimSide(args.profile)
    sim_seen = sim.run()
    want = sim.frame()
    with PicoPilot(args.profile) as p:
        seen = tape(p, p.my_turn)
        p.settle()
        got, info = p.frame()
        errors = p.errors()
    w, h = sim.d.board.width, sim.d.board.height
    os.makedirs(args.out, exist_ok=True)
    save_png(got, w, h, os.path.join(args.out, args.profile + "-firmware.png"))
    if want is not None:
        save_png(want, w, h, os.path.join(args.out, args.profile + "-model.png"))
    n, box = diff(got, want, w) if want is not None and len(want) == len(got) else (w * h, None)
    print("texts_same:", seen == sim_seen)
    print("pixels_differing:", n, box)
    print("console_errors:", errors)
    return 0 if n == 0 and seen == sim_seen and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
