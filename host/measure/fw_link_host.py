"""Host side of the linked-table heap probe (host/measure/fw_link_mem.py), issue 47.

    from host.measure import fw_link_host as flh
    build = flh.build_dir(tmp, "cp")
    keys = flh.run(build, "join", "clue", 1 << 20)      # one run: fw_mem.py's report keys
    flh.live(build, "join", "clue")                     # bytes: the median over fw_mem's layouts
    flh.smallest_heap(build, "join", "clue")            # bytes: the smallest heap that never grows

The firmware runs in the 32-bit WebAssembly VM (host/emulate/mpvm/run.mjs --udp: its radio a
real UDP socket on 127.0.0.1) from the bundle's .mpy, as fw_mem_host.py's figures do; the other
end of the table runs outside the VM, so none of it is counted: as a joiner, the table's host is
a CPython host/emulate/linkhostrun.py (4 players: its bot, this device, two easy bots; a 1-round
classic match); as a host, the remote seats are host/emulate/linkseat.py on the MicroPython
unix port, each playing an easy bot. No relay: datagrams go straight between the processes (no
loss; a lossy network keeps more frames in flight, at most linkpeer's WINDOW of 16 a stream).

The figures, as fw_mem_host.py's: the live heap is the largest live heap between steps less
what the probe and the stand-ins hold (fw_harness_bytes), the median of its three layouts
(LAYOUT_PADS); the no-growth heap is the smallest starting heap (1 KiB steps) at which the run
never grows the heap, less the harness. The run is in real time against real processes, so
two runs differ in their timing (which frames wait when a step runs): the bisection takes a
size as fitting only when it fits twice.
"""

import os
import shutil
import subprocess
import sys
import time

from host.emulate import linkprocs, mpvm
from host.measure import fw_mem_host as fwm

HOST = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(HOST, "measure", "fw_link_mem.py")
TIMEOUT = 300
# (key tail, role, board, runtime, players, remote seats): what make bench measures.
CASES = (
    ("cp32_clue_joiner", "join", "clue", "cp", 4, 1),
    ("cp32_clue_host3", "host", "clue", "cp", 4, 3),
    ("mpy32_pico_lcd_114_host5", "host", "pico_lcd_114", "mp", 6, 5),
)


def build_dir(dest, runtime):
    """fw_mem_host.probe_dir as shipped (.mpy): "cp" with CircuitPython's stand-ins, "mp" without."""
    return fwm.probe_dir(dest, True, micropython=runtime == "mp")


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([linkprocs.ROOT, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["MICROPYPATH"] = os.pathsep.join([linkprocs.ROOT, ".frozen"])
    return env


def _other_end(role, vm_port, players, remote, seed):
    """The processes at the table's other end (started before the VM: they wait for it)."""
    if role == "join":
        port = linkprocs.free_udp_port()
        cmd = [sys.executable, "-m", "host.emulate.linkhostrun", "--port", str(port), "--peers", str(vm_port)]
        cmd += ["--players", str(players), "--remote", str(remote), "--option", "rounds=1", "--seed", str(seed)]
        cmd += ["--linger", "5000", "--limit", str(TIMEOUT)]
        return [linkprocs.Proc(cmd, _env(), linkprocs.ROOT, "host")]
    script = os.path.join(linkprocs.ROOT, "host", "emulate", "linkseat.py")
    exe = linkprocs.upy.micropython() or sys.executable
    procs = []
    for i in range(remote):
        cmd = [exe, script, "--host", "127.0.0.1:%d" % vm_port, "--device", "dev%d" % (i + 1)]
        cmd += ["--seed", str(seed + i), "--limit", str(TIMEOUT), "--linger", "60000"]
        procs.append(linkprocs.Proc(cmd, _env(), linkprocs.ROOT, "seat%d" % (i + 1)))
    return procs


def run(build, role, board, heap, players=4, remote=1, modules="", pad=0, extra=(), seed=11):
    """({key: value}, output) of one fw_link_mem.py run in the VM against its other end."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not on PATH")
    vm_port = linkprocs.free_udp_port()
    procs = _other_end(role, vm_port, players, remote, seed)
    try:
        cmd = [node, mpvm.RUN_MJS, "--timeout", str(TIMEOUT), "--heap", str(int(heap)), "--tree", build]
        cmd += ["--udp", str(vm_port), "--loop", "tick()", SCRIPT, role, board]
        cmd += ["players=%d" % players, "remote=%d" % remote] + (["modules=" + modules] if modules else [])
        cmd += (["pad=%d" % pad] if pad else []) + list(extra)
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT + 30, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return {}, "fw_link_mem.py did not finish in the VM within %d s" % TIMEOUT
        out = p.stdout + p.stderr
        if p.returncode:
            out += "\n(rc %d)" % p.returncode
        return mpvm.parse_keys(p.stdout), out
    finally:
        time.sleep(0.2)
        for q in procs:
            q.kill()


def _ok(keys):
    return "fw_link" in keys and keys["fw_link"].startswith("OK") and "fw_live_peak" in keys


def live(build, role, board, players=4, remote=1, modules=""):
    """(the median over fw_mem_host.LAYOUT_PADS of the live peak less the harness, bytes; the
    keys of the run without a pad)."""
    lives = []
    first = None
    for pad in fwm.LAYOUT_PADS:
        keys, out = run(build, role, board, 1 << 20, players, remote, modules, pad)
        if not _ok(keys):
            raise RuntimeError("fw_link_mem.py failed (pad=%d):\n%s" % (pad, out[-3000:]))
        lives.append(fwm.live_of(keys))
        first = first or keys
    return fwm._median(lives), first


def fits(build, role, board, heap, players=4, remote=1, modules=""):
    keys, out = run(build, role, board, heap, players, remote, modules)
    return _ok(keys) and keys.get("fw_heap_grew") == "0" and keys.get("fw_heap_grew_at_tick") == "0", keys, out


def smallest_heap(build, role, board, players=4, remote=1, modules="", lo=96 << 10, hi=320 << 10, step=1024):
    """(the smallest starting heap, bytes, at which two runs never grow the heap; the harness bytes)."""
    ok, keys, out = fits(build, role, board, hi, players, remote, modules)
    if not ok:
        raise RuntimeError("fw_link_mem.py grows the heap even from %d bytes:\n%s" % (hi, out[-3000:]))
    harness = int(keys["fw_harness_bytes"])
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if (
            fits(build, role, board, mid, players, remote, modules)[0]
            and fits(build, role, board, mid, players, remote, modules)[0]
        ):
            hi = mid
        else:
            lo = mid
    return hi, harness
