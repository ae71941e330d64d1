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

The bundle folder is marked (.elfer-bundle in it) and only a marked folder is
ever replaced: --out may name a new folder, an empty one, or an earlier bundle,
never a folder of something else (a CIRCUITPY drive, a home folder). The new
bundle is built beside it and swapped in only when complete: a write that fails
(full disk, a file where a folder should be) is one line naming the file, exit 1,
and leaves the previous bundle as it was.
"""

import argparse
import os
import shutil
import sys
import tempfile

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
MARK = ".elfer-bundle"  # in every folder bundle.py made; only such a folder is replaced
MARK_TEXT = b"Made by tools/bundle.py (Elfer Raus): the next build replaces this whole folder.\n"
BUILD = os.path.join(ROOT, "build")
# What a bundle holds at its top: an unmarked folder in build/ with only these is one
# made before folders were marked.
TOP = {"code.py", "boot.py", "settings.toml", "selftest.txt", "engine", "firmware", "boards", "lib"}
# firmware/ files the device never imports: code.py goes to the root; glyphs.py is the readable
# source of the tiles tools/glyphpack.py packs into ui.py.
HOST_ONLY = ("code.py", "glyphs.py")
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
            if name.endswith(".py") and name not in HOST_ONLY:
                files.append(("firmware/" + name, os.path.join(ROOT, "firmware", name)))
        for name in sorted(os.listdir(os.path.join(ROOT, "firmware", "lang"))):
            if name.endswith((".py", ".txt")):  # every language's file: the one chosen is read
                files.append(("firmware/lang/" + name, os.path.join(ROOT, "firmware", "lang", name)))
        for name in ("__init__", "base", "detect", "schemes") + profiles:
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


def _inside(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def replaceable(out):
    """'new', 'empty' or 'bundle' for a folder the bundle may go to; BundleError naming it if not."""
    if "\0" in out or not out:
        raise BundleError("%r: not a folder name" % out)
    if not os.path.lexists(out):
        return "new"
    if not os.path.isdir(out):
        raise BundleError("%s: exists and is not a folder" % out)
    try:
        names = set(os.listdir(out))
    except OSError as e:
        raise BundleError("%s: %s" % (out, e.strerror or e)) from None
    if not names:
        return "empty"
    if MARK in names and os.path.isfile(os.path.join(out, MARK)):
        return "bundle"
    if _inside(out, BUILD) and "selftest.txt" in names and names <= TOP:
        return "bundle"  # made by an earlier bundle.py, before the mark
    raise BundleError(
        "%s: not empty and not a bundle folder (no %s in it): refusing to replace it; "
        "give --out a new or empty folder" % (out, MARK)
    )


def _write(files, folder, out):
    """Write the files into folder (out is the name the user gave, for messages)."""
    rel = MARK
    try:
        with open(os.path.join(folder, MARK), "wb") as f:
            f.write(MARK_TEXT)
        for rel, src in files:
            dest = os.path.join(folder, *rel.split("/"))
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            if isinstance(src, bytes):
                with open(dest, "wb") as f:
                    f.write(src)
            else:
                shutil.copyfile(src, dest)
    except OSError as e:
        raise BundleError("%s: %s" % (os.path.join(out, *rel.split("/")), e.strerror or e)) from None


def _remove(path):
    shutil.rmtree(path, ignore_errors=True)


def _empty(folder):
    """Remove what _write put into a folder that was empty."""
    for name in os.listdir(folder):
        p = os.path.join(folder, name)
        try:
            if os.path.isdir(p) and not os.path.islink(p):
                shutil.rmtree(p)
            else:
                os.remove(p)
        except OSError:
            pass


def build(board, out):
    """Write the bundle to out, replacing only an earlier bundle; all or nothing."""
    files = plan(board)
    total = sum(size_of(src) for _, src in files)
    capacity = BOARDS[board][2]
    if total > capacity:
        why = "the %s bundle is %d bytes but the board has about %d bytes for files" % (board, total, capacity)
        raise BundleError(why + ": it will not fit")
    kind = replaceable(out)
    real = os.path.realpath(out)
    if kind == "empty":  # the user's empty folder: filled in place, emptied again on failure
        try:
            _write(files, real, out)
        except BundleError:
            _empty(real)
            raise
        return files, total, capacity
    parent = os.path.dirname(real)
    up = parent
    while not os.path.lexists(up) and os.path.dirname(up) != up:
        up = os.path.dirname(up)
    if not os.path.isdir(up):  # a file where a folder should be
        raise BundleError("%s: not a folder" % up)
    try:
        os.makedirs(parent, exist_ok=True)
        stage = tempfile.mkdtemp(prefix=".%s.elfer-" % os.path.basename(real), dir=parent)
    except OSError as e:
        raise BundleError("%s: %s" % (e.filename or parent, e.strerror or e)) from None
    try:
        _write(files, stage, out)
        if kind == "new":
            os.rename(stage, real)
        else:  # swap: the old bundle stays whole until the new one is in place
            old = stage + ".old"
            os.rename(real, old)
            try:
                os.rename(stage, real)
            except OSError:
                os.rename(old, real)
                raise
            _remove(old)
    except OSError as e:
        _remove(stage)
        raise BundleError("%s: %s" % (out, e.strerror or e)) from None
    except BaseException:
        _remove(stage)
        raise
    return files, total, capacity


def path_arg(value):
    """argparse type for a folder argument: a usage error for what cannot be a file name."""
    if not value or "\0" in value:
        raise argparse.ArgumentTypeError("%r is not a folder name" % value)
    return value


def quiet_encoding_errors():
    """A file name that is not valid UTF-8 (a surrogate escape in argv) prints as \\udcxx, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the device bundle for a board.")
    ap.add_argument("board", help="one of: " + ", ".join(BOARDS))
    ap.add_argument("--out", type=path_arg, default=None, help="bundle folder (default build/device)")
    quiet_encoding_errors()
    args = ap.parse_args(argv)
    if args.board not in BOARDS:
        ap.error("unknown board %r; boards: %s" % (args.board, ", ".join(BOARDS)))
    args.out = args.out or os.path.join(BUILD, "device")
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
