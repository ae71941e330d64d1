#!/usr/bin/env python3
"""Build the device bundle for one board: make bundle BOARD=pybadge (into build/device/).

    python tools/bundle.py BOARD [--out build/device]

Boards: pybadge (also EdgeBadge), pygamer, clue, feather_tft (ESP32-S2/S3 TFT and
Reverse TFT), micropython (any MicroPython board: the engine and its self-test).
The bundle holds code.py, boot.py, settings.toml, firmware/, engine/, the
board's profile in boards/, lib/ with the CircuitPython libraries the firmware
imports (from the pinned PyPI packages in the venv: no internet bundle), and
selftest.txt with the host's self-test digest. Prints the total size and the
largest files, and refuses (exit 1, nothing written) if it will not fit.
"""

import argparse
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

KIB = 1024
# name -> (runtime, board profile modules, flash space for files in bytes).
# CIRCUITPY sizes: 2 MB QSPI flash on the SAMD51 badges and the CLUE (about
# 1.9 MB free after formatting); about 1 MB on the 4 MB ESP32-S2/S3 Feathers.
BOARDS = {
    "pybadge": ("circuitpython", ("pybadge",), 1900 * KIB),
    "pygamer": ("circuitpython", ("pybadge", "pygamer"), 1900 * KIB),
    "clue": ("circuitpython", ("clue",), 1900 * KIB),
    "feather_tft": ("circuitpython", ("feather_tft",), 1000 * KIB),
    "micropython": ("micropython", (), 512 * KIB),
}
LIBS = ("adafruit_ticks", "neopixel")  # what firmware/ and boards/ import beyond CircuitPython's built-ins


class BundleError(Exception):
    pass


def plan(board):
    """[(relative path in the bundle, source path or bytes)] for a board."""
    if board not in BOARDS:
        raise BundleError("unknown board %r; boards: %s" % (board, ", ".join(BOARDS)))
    runtime, profiles, _ = BOARDS[board]
    files = []
    for name in sorted(os.listdir(os.path.join(ROOT, "engine"))):
        if name.endswith(".py"):
            files.append(("engine/" + name, os.path.join(ROOT, "engine", name)))
    if runtime == "circuitpython":
        files.append(("code.py", os.path.join(ROOT, "firmware", "code.py")))
        files.append(("boot.py", os.path.join(ROOT, "device", "boot.py")))
        for name in sorted(os.listdir(os.path.join(ROOT, "firmware"))):
            if name.endswith(".py") and name != "code.py":
                files.append(("firmware/" + name, os.path.join(ROOT, "firmware", name)))
        for name in ("__init__", "base", "detect") + profiles:
            files.append(("boards/%s.py" % name, os.path.join(ROOT, "boards", name + ".py")))
        with open(os.path.join(ROOT, "device", "settings.toml.in")) as f:
            files.append(("settings.toml", f.read().format(board=profiles[-1]).encode()))
        for lib in LIBS:
            files.append(("lib/%s.py" % lib, library_source(lib)))
    from engine import selftest

    files.append(("selftest.txt", ("digest=%s\n" % selftest.digest()).encode()))
    return files


def library_source(name):
    """The library's .py file in the venv (found without importing it: neopixel would load Blinka)."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    path = spec.origin if spec else None
    if path is None:
        raise BundleError("library %s is not installed: make venv (requirements.txt pins it)" % name)
    if not path.endswith(".py"):
        raise BundleError("library %s is not a .py file (%s)" % (name, path))
    return path


def size_of(src):
    return len(src) if isinstance(src, bytes) else os.path.getsize(src)


def build(board, out):
    files = plan(board)
    total = sum(size_of(src) for _, src in files)
    capacity = BOARDS[board][2]
    if total > capacity:
        why = "the %s bundle is %d bytes but the board has about %d bytes for files" % (board, total, capacity)
        raise BundleError(why + ": it will not fit")
    if os.path.isdir(out):
        shutil.rmtree(out)
    for rel, src in files:
        dest = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if isinstance(src, bytes):
            with open(dest, "wb") as f:
                f.write(src)
        else:
            shutil.copyfile(src, dest)
    return files, total, capacity


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the device bundle for a board.")
    ap.add_argument("board", help="one of: " + ", ".join(BOARDS))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "device"))
    args = ap.parse_args(argv)
    try:
        files, total, capacity = build(args.board, args.out)
    except BundleError as e:
        print("bundle: %s" % e, file=sys.stderr)
        return 1
    print("bundle: %s -> %s" % (args.board, args.out))
    print("bundle_files: %d" % len(files))
    print("bundle_bytes: %d (%.0f%% of about %d KiB for files)" % (total, 100.0 * total / capacity, capacity // KIB))
    print("largest files:")
    for rel, src in sorted(files, key=lambda f: -size_of(f[1]))[:5]:
        print("  %7d  %s" % (size_of(src), rel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
