"""The heap boards/radio_ble.py costs a CLUE joiner (docs/link.md "BLE (CLUE)") and
boards/radio_bt.py a Pico W joiner ("BLE (Pico W)": the bt_* keys), on the MicroPython unix port
(64-bit: objects weigh up to 1.7x what they weigh on the board). Both import boards/bleframes.py,
counted with them.

    python -m host.measure.ble_mem [--vm RUN_MJS]   # key: value lines

With the 32-bit WebAssembly VM installed (host/emulate/mpvm, or --vm naming another copy of its
run.mjs with the package beside it), also ble_module_bytes_mpy32 (what the import leaves live,
garbage collected between the VM's top-level calls), ble_joiner_radio_bytes32 (a BleRadio and
its link to the host, as allocated: the stand-in's UUID parsing left out) and ble_joiner_total32
(those and the _bleio buffers).

ble_module_bytes_{mpy,py}: the module imported (as shipped: .mpy; and from source). A joiner and a
host on the _bleio stand-in's air (host/emulate/stubs/_bleio.py) then trade 150-byte frames
for 3 s; ble_joiner_radio_bytes is what the joiner's BleRadio holds itself once connected (its
links, outbox, read buffer, inbox, tables heard), measured as what deleting it frees. What the
real _bleio allocates on the VM heap for it (the stand-in's objects weigh nothing like them) is
computed from CircuitPython's sources: ble_joiner_bleio_bytes (the PacketBuffer's incoming ring
RING * (2 + PACKET) and two outgoing buffers of PACKET, ports/nordic/common-hal/_bleio/
PacketBuffer.c common_hal_bleio_packet_buffer_construct; the scan's ring of SCAN_BYTES and its
31-byte report buffer, shared-module/_bleio/ScanResults.c, Adapter.c start_scan; while it scans,
not once connected), and per joiner on a host ble_host_bleio_bytes_per_joiner (its client
PacketBuffer, the same sizes) plus 2 x 255 bytes of advertising buffers once (Adapter.c).

The Pico W's: bt_module_bytes_mpy32, bt_joiner_radio_bytes32 (a BtRadio and its link, the
stand-in's UUIDs left out) and bt_joiner_total32 with what MicroPython's bluetooth allocates on
the heap for it, from its sources (github:micropython/micropython 1c3c201): bt_joiner_module_bytes,
the event ring of _RXBUF and its event data buffer of max(_RXBUF / 2, _RXBUF - 64)
(extmod/modbluetooth.c, config rxbuf), the characteristic's append buffer of _INBOX
(gatts_set_buffer, mp_bluetooth_gatts_db_resize), and at most _UNHEARD notifications queued
while the controller's buffers are full (modbluetooth_btstack.c, m_tracked_calloc: 16 bytes of
header and the packet each). BTstack's own buffers are static (btstack_config_common.h: no
malloc), not on the heap.
"""

import os
import shutil
import subprocess
import sys
import tempfile

from boards import radio_ble as rb
from boards import radio_bt as rt
from host.emulate import mpvm, upy
from host.ship import bundle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUBS = os.path.join(ROOT, "host", "emulate", "stubs")

PROBE = """
import gc, sys
sys.path.insert(0, %(stubs)r)
import _bleio as st
import bluetooth as bt
air = st.Air()
hostdev = air.device("host")
jdev = %(joiner_dev)s
gc.collect()
a0 = gc.mem_alloc()
from boards.%(module)s import %(cls)s as Radio
gc.collect()
print("module:", gc.mem_alloc() - a0)
from boards.radio_ble import BleRadio
clock = lambda: air.now
frame = bytes((0xE5, 1, 0x12, 0x34, 0, 0, 0xFE, 0, 0, 0, 0, 18)) + bytes(11) + b"clue-42"
h = BleRadio(bleio=hostdev, clock=clock)
h.broadcast(frame)
class Keep:
    pass
keep = Keep()
gc.collect()
b0 = gc.mem_alloc()
j = %(joiner)s
now = 0
host = None
got = 0
while now < 3000:
    now += 10
    air.advance(now)
    if now %% 1000 == 10:
        h.broadcast(frame)
    while True:
        g = h.recv()
        if g is None:
            break
        h.send(g[0], bytes(150))
    while True:
        g = j.recv()
        if g is None:
            break
        got += 1
        if host is None and g[1][1] == 1:
            host = g[0]
    if host is not None:
        j.send(host, bytes(150))
gc.collect()
b1 = gc.mem_alloc()
assert len(j.links) == 1 and got > 50, (j.links, got)
%(release)s
del j
gc.collect()
print("radio:", b1 - gc.mem_alloc())
"""


CLUE = {
    "module": "radio_ble",
    "cls": "BleRadio",
    "joiner_dev": 'air.device("joiner")',
    "joiner": "Radio(keep=keep, bleio=jdev, clock=clock)",
    "release": "",
}
PICO = {
    "module": "radio_bt",
    "cls": "BtRadio",
    "joiner_dev": 'bt.device(st, air, "joiner")',
    "joiner": "Radio(bluetooth=jdev, clock=clock)",
    # the module holds the radio's handler; what deleting it frees then moves with the C stack's
    # leftovers on the unix port (its conservative collector): only the VM's as-allocated is printed
    "release": "j.ble.irq(None)",
}
BLE_FILES = ("boards/bleframes.py", "boards/radio_ble.py")
BT_FILES = ("boards/bleframes.py", "boards/radio_bt.py")


def _tree(top, files, as_mpy):
    os.makedirs(os.path.join(top, "boards"), exist_ok=True)
    open(os.path.join(top, "boards", "__init__.py"), "w").close()
    for rel in files:
        if as_mpy:
            with open(os.path.join(top, rel[:-3] + ".mpy"), "wb") as f:
                f.write(bundle.compile_mpy(rel))
        else:
            shutil.copy(os.path.join(ROOT, rel), os.path.join(top, "boards"))


def measure(as_mpy, kind=CLUE):
    tmp = tempfile.mkdtemp(prefix="ble-mem-")
    try:
        _tree(tmp, sorted(set(BLE_FILES + BT_FILES)) if kind is PICO else BLE_FILES, as_mpy)
        probe = os.path.join(tmp, "probe.py")
        with open(probe, "w") as f:
            f.write(PROBE % dict(kind, stubs=STUBS))
        r = upy.run(probe, cwd=tmp)
        if r.returncode != 0:
            raise RuntimeError("ble_mem probe failed: %s" % (r.stderr or r.stdout)[-800:])
        out = {}
        for line in r.stdout.splitlines():
            k, _, v = line.partition(":")
            out[k.strip()] = int(v)
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


VM_LIVE = """
import gc
import _bleio
%(more)s
_n = [0]
def step():
    _n[0] += 1
    if _n[0] == 1:
        gc.collect()
        return True
    print("live:", gc.mem_alloc())
    return False
"""

VM_RADIO = """
import gc
import _bleio as st
from boards import radio_ble
air = st.Air()
dev = air.device("joiner")
dev.UUID = lambda v: v
a0 = gc.mem_alloc()
r = radio_ble.BleRadio(bleio=dev, clock=lambda: air.now)
k = radio_ble._Link(None, None, 1, 0)
print("radio:", gc.mem_alloc() - a0)
"""

VM_RADIO_BT = """
import gc
import _bleio as st
import bluetooth as bt
from boards import radio_bt
air = st.Air()
dev = bt.device(st, air, "joiner")
dev.UUID = lambda v: v
a0 = gc.mem_alloc()
r = radio_bt.BtRadio(bluetooth=dev, clock=lambda: air.now)
k = radio_bt._Link(64, None, 0, 4)
print("radio:", gc.mem_alloc() - a0)
"""


def measure_vm(run_mjs, pico=False):
    """The 32-bit figures, or None where the VM is not installed."""
    if run_mjs is None:
        ok, _ = mpvm.available()
        if not ok:
            return None
        run_mjs = mpvm.RUN_MJS
    tmp = tempfile.mkdtemp(prefix="ble-vm-")
    try:
        _tree(os.path.join(tmp, "tree"), BT_FILES + BLE_FILES[1:], True)
        for stub in ("_bleio", "bluetooth"):
            with open(os.path.join(tmp, "tree", stub + ".mpy"), "wb") as f:
                f.write(bundle.compile_mpy("host/emulate/stubs/%s.py" % stub))
        module = "radio_bt" if pico else "radio_ble"
        out = {}
        for key, text, loop in (
            ("base", VM_LIVE % {"more": "import bluetooth" if pico else ""}, True),
            ("with", VM_LIVE % {"more": ("import bluetooth\n" if pico else "") + "from boards import " + module}, True),
            ("radio", VM_RADIO_BT if pico else VM_RADIO, False),
        ):
            script = os.path.join(tmp, key + ".py")
            with open(script, "w") as f:
                f.write(text)
            cmd = ["node", run_mjs, "--tree", os.path.join(tmp, "tree")] + (["--loop", "step()"] if loop else [])
            r = subprocess.run(cmd + [script], capture_output=True, text=True, timeout=300)
            if r.returncode != 0:
                raise RuntimeError("ble_mem VM probe failed: %s" % (r.stderr or r.stdout)[-800:])
            out[key] = int(r.stdout.split(":")[-1])
        return out["with"] - out["base"], out["radio"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bleio_bytes():
    pb = rb._RING * (2 + rb._PACKET) + 2 * rb._PACKET
    scan = rb._SCAN_BYTES + 8 + 31  # the ring, and the SoftDevice's report buffer (ble_data_t + 31)
    return pb, scan


def bt_bytes():
    """What MicroPython's bluetooth allocates for a Pico W joiner (the docstring's sources)."""
    ring = rt._RXBUF + max(rt._RXBUF // 2, rt._RXBUF - 64)
    return ring + rt._INBOX + rt._UNHEARD * (16 + rt._PACKET)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    run_mjs = argv[argv.index("--vm") + 1] if "--vm" in argv else None
    mpy = measure(True)
    src = measure(False)
    pb, scan = bleio_bytes()
    print("ble_module_bytes_mpy: %d" % mpy["module"])
    print("ble_module_bytes_py: %d" % src["module"])
    print("ble_joiner_radio_bytes: %d" % mpy["radio"])
    print("ble_joiner_bleio_bytes: %d" % (pb + scan))
    print("ble_host_bleio_bytes_per_joiner: %d" % pb)
    print("ble_host_adv_buffer_bytes: %d" % (2 * 255))
    vm = measure_vm(run_mjs)
    if vm is not None:
        print("ble_module_bytes_mpy32: %d" % vm[0])
        print("ble_joiner_radio_bytes32: %d" % vm[1])
        print("ble_joiner_total32: %d" % (vm[0] + vm[1] + pb + scan))
    bt = measure(True, PICO)
    print("bt_module_bytes_mpy: %d" % bt["module"])
    print("bt_joiner_module_bytes: %d" % bt_bytes())
    vm = measure_vm(run_mjs, pico=True)
    if vm is not None:
        print("bt_module_bytes_mpy32: %d" % vm[0])
        print("bt_joiner_radio_bytes32: %d" % vm[1])
        print("bt_joiner_total32: %d" % (vm[0] + vm[1] + bt_bytes()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
