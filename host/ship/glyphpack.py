#!/usr/bin/env python3
"""Pack the tiles of firmware/glyphs.py into firmware/ui.py (GLYPH_CHARS) and
firmware/glyphbits.py (GLYPH_BITS, their pixels, loaded only while a sheet is drawn).

    python -m host.ship.glyphpack           # rewrite them after changing firmware/glyphs.py
    python -m host.ship.glyphpack --check   # exit 1 if they are out of date

The device reads the packed bytes instead of compiling glyphs.py: compiling it
would intern each of its names for good (MicroPython), which costs a new qstr
pool at the next import on a full heap. host_tests/test_layout.py checks they match.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UI = os.path.join(ROOT, "firmware", "ui.py")
BITS = os.path.join(ROOT, "firmware", "glyphbits.py")
START = "# --- the tiles, from firmware/glyphs.py"
END = "# --- end of the packed tiles ---"


def packed_source(chars):
    lines = ["GLYPH_CHARS = ("]
    for i in range(0, len(chars), 12):
        lines.append('    "%s"' % ascii(chars[i : i + 12])[1:-1])
    lines.append(")")
    return "\n".join(lines) + "\n"


def bits_source(bits):
    lines = ["GLYPH_BITS = ("]
    per_line = 20
    for i in range(0, len(bits), per_line):
        lines.append('    b"%s"' % "".join("\\x%02x" % b for b in bits[i : i + per_line]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def rewrite(text, new_source):
    a = text.index(START)
    a = text.index("\n", a) + 1
    b = text.index(END)
    return text[:a] + new_source + text[b:]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report whether ui.py is up to date")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from firmware import glyphs

    chars, bits = glyphs.pack()
    stale = []
    for path, source in ((UI, packed_source(chars)), (BITS, bits_source(bits))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = rewrite(text, source)
        if new != text:
            stale.append((path, new))
    if args.check:
        if stale:
            print("%s: the packed glyphs are out of date; run host/ship/glyphpack.py" % stale[0][0])
            return 1
        print("firmware/ui.py, glyphbits.py: packed glyphs up to date (%d tiles)" % (len(bits) // 12))
        return 0
    for path, new in stale:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    print("firmware/ui.py, glyphbits.py: %d tiles packed (%d bytes)" % (len(bits) // 12, len(bits)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
