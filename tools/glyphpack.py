#!/usr/bin/env python3
"""Pack the tiles of firmware/glyphs.py into firmware/ui.py (GLYPH_CHARS, GLYPH_BITS).

    python tools/glyphpack.py           # rewrite them after changing firmware/glyphs.py
    python tools/glyphpack.py --check   # exit 1 if ui.py is out of date

The device reads the packed bytes instead of compiling glyphs.py: compiling it
would intern each of its names for good (MicroPython), which costs a new qstr
pool at the next import on a full heap. host_tests/test_layout.py checks they match.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UI = os.path.join(ROOT, "firmware", "ui.py")
START = "# --- the tiles, from firmware/glyphs.py"
END = "# --- end of the packed tiles ---"


def packed_source(chars, bits):
    lines = ["GLYPH_CHARS = ("]
    for i in range(0, len(chars), 12):
        lines.append('    "%s"' % ascii(chars[i : i + 12])[1:-1])
    lines += [")", "GLYPH_BITS = ("]
    per_line = 20
    for i in range(0, len(bits), per_line):
        lines.append('    b"%s"' % "".join("\\x%02x" % b for b in bits[i : i + per_line]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def rewrite(text, chars, bits):
    a = text.index(START)
    a = text.index("\n", a) + 1
    b = text.index(END)
    return text[:a] + packed_source(chars, bits) + text[b:]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report whether ui.py is up to date")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from firmware import glyphs

    chars, bits = glyphs.pack()
    with open(UI, encoding="utf-8") as f:
        text = f.read()
    new = rewrite(text, chars, bits)
    if args.check:
        if new != text:
            print("firmware/ui.py: the packed glyphs are out of date; run tools/glyphpack.py")
            return 1
        print("firmware/ui.py: packed glyphs up to date (%d tiles)" % (len(bits) // 12))
        return 0
    if new != text:
        with open(UI, "w", encoding="utf-8") as f:
            f.write(new)
    print("firmware/ui.py: %d tiles packed (%d bytes)" % (len(bits) // 12, len(bits)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
