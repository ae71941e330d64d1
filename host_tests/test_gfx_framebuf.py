"""The framebuf surface (boards/gfx_framebuf.py, MicroPython) draws what the displayio surface draws.

The same button tape runs the firmware twice: in the displayio simulator (CPython, Blinka)
and on the framebuf surface under the MicroPython unix port (host/drive/fbshots.py, a panel
that records what write_rows sends). Every frame is compared pixel by pixel, colours taken
to RGB565 as the ST7789 panels show them. Then the cases displayio has no twin for: four bits
a pixel (colours past 16 take the nearest), and the monochrome panel.
"""

import os
import subprocess

import pytest
from fbframes import fb_frames, need_micropython

from host.emulate import upy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

pytest.importorskip("blinka_displayio_pygamedisplay")

# title, a match started, a few bot turns, a round played to its end, the results, a pause menu
TAPE = (
    "@title",
    "start",
    "@deal",
    "w1000",
    "w1000",
    "w1000",
    "@turns",
    "play",
    "@round_end",
    "A",
    "@results",
    "A",
    "A",
    "START",
    "@pause",
)
SIZES = {"feather_tft": (240, 135), "clue": (240, 240), "sim": (160, 128)}


def to565(r, g, b):
    return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3


def sim_frames(profile, tape):
    """The same tape in the displayio simulator: frame name -> big-endian RGB565 bytes."""
    import pygame

    from host.drive import simdrive

    d = simdrive.Driver(profile, speed=0)
    out = {}
    for tok in tape:
        if tok.startswith("@"):
            d.board.display.refresh()
            surf = d.board.display.surface
            w, h = surf.get_size()
            raw = pygame.image.tobytes(surf, "RGB")
            buf = bytearray(w * h * 2)
            for i in range(w * h):
                v = to565(raw[3 * i], raw[3 * i + 1], raw[3 * i + 2])
                buf[2 * i] = v >> 8
                buf[2 * i + 1] = v & 255
            out[tok[1:]] = bytes(buf)
        elif tok.startswith("w"):
            d.step(int(tok[1:]))
        elif tok == "start":
            d.menu_to("new")
            d.press("A")
            scr = d.app.screen
            while scr.items[scr.pos][1] != "start":
                d.press("DOWN")
            d.press("A")
        elif tok == "play":
            m = d.app.match
            while m.state.phase == 0:
                if m.my_turn():
                    d.press(*(("DOWN", "A") if any(c < 250 for c in m.moves[: m.nmoves]) else ("B",)))
                else:
                    d.step(1000)
        else:
            d.press(tok)
    return out


def first_difference(a, b, width):
    for i in range(0, len(a), 2):
        if a[i : i + 2] != b[i : i + 2]:
            p = i // 2
            return "first at x=%d y=%d: %s vs %s" % (p % width, p // width, a[i : i + 2].hex(), b[i : i + 2].hex())
    return None


@pytest.mark.parametrize("profile", sorted(SIZES))
def test_framebuf_draws_every_pixel_as_displayio_does(tmp_path, profile):
    need_micropython()
    w, h = SIZES[profile]
    fb, _ = fb_frames(tmp_path, w, h, 8, TAPE)
    sim = sim_frames(profile, TAPE)
    assert sorted(fb) == sorted(sim)
    bad = []
    for name in sorted(sim):
        why = first_difference(fb[name], sim[name], w)
        if why:
            bad.append("%s: %s" % (name, why))
    assert bad == []


RECTS = """
import sys
sys.path.insert(0, "")
from boards.gfx_framebuf import FbGfx


class Panel:
    width = 240
    height = 240
    FORMAT = "RGB565"


g = FbGfx(Panel())
def rects(*boxes):
    for b in boxes:
        g.add_rect(*b)
    got = sorted(tuple(r) for r in g.rects)
    del g.rects[:]
    return got
# two message lines of different lengths, one under the other: two windows, not their box
print(rects((6, 191, 210, 215), (6, 215, 78, 239)))
# the same lengths: one window
print(rects((6, 191, 210, 215), (6, 215, 210, 239)))
# overlapping, and a third that touches their box: one window
print(rects((0, 0, 100, 20), (50, 10, 150, 30), (0, 30, 150, 40)))
# clipped to the screen, nothing left of one outside it
print(rects((-5, 230, 10, 250), (300, 0, 310, 5)))
"""


def test_framebuf_changed_rectangles_merge_where_they_overlap_or_their_box_costs_little():
    need_micropython()
    r = subprocess.run(
        [upy.micropython(), "-X", "heapsize=1m", "-c", RECTS], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [
        "[(6, 191, 210, 215), (6, 215, 78, 239)]",
        "[(6, 191, 210, 239)]",
        "[(0, 0, 150, 40)]",
        "[(0, 230, 10, 240)]",
    ]


@pytest.mark.parametrize("size", [(160, 128), (240, 240)])
def test_a_16_colour_screen_shows_every_colour_of_the_table_as_it_is(tmp_path, size):
    """A 4-bit framebuf has 16 colours, given out as they are first drawn; a 17th is drawn as the
    nearest one already given (boards/gfx_framebuf.py FbGfx.value). The table's colours (the rows',
    their text colours, the card faces', the UI's) fit: the 4-bit frames are the 8-bit ones."""
    need_micropython()
    w, h = size
    for bits in "48":
        (tmp_path / bits).mkdir()
    eight, _ = fb_frames(tmp_path / "8", w, h, 8, TAPE)
    four, _ = fb_frames(tmp_path / "4", w, h, 4, TAPE)
    assert sorted(four) == sorted(eight)
    bad = [
        name + ": " + first_difference(four[name], eight[name], w) for name in sorted(four) if four[name] != eight[name]
    ]
    assert bad == []
