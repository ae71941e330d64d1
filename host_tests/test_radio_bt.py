"""boards/radio_bt.py (a Pico W's BLE, MicroPython's bluetooth) against its stand-in
(host/emulate/stubs/bluetooth.py) on the CLUE's stand-in air (stubs/_bleio.py): the events' ring,
one connection, a phone on the host's one slot, a connection given up, and whole linked matches of
Pico Ws and CLUEs together (docs/link.md "BLE (Pico W)")."""

import importlib.util
import os
import subprocess
import sys

import pytest

from boards import radio_bt
from boards.radio_ble import BleRadio
from boards.radio_bt import BtRadio
from engine.rules import make_rules
from host.emulate.linktable import LinkTable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "host", "emulate", "stubs")
CONNECT_MS = radio_bt._CONNECT_MS  # private consts (CPython keeps them as globals)
RXBUF = radio_bt._RXBUF


def _load(name, rel):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, rel))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


ST = _load("bleio_standin_bt", "host/emulate/stubs/_bleio.py")
BT = _load("bluetooth_standin", "host/emulate/stubs/bluetooth.py")


def beacon_frame(name=b"pico-7", free=2, table=0x1234):
    payload = bytes(range(8)) + bytes((0, 4, free)) + name
    return bytes((0xE5, 1, table >> 8, table & 255, 0, 0, 0xFE, 0, 0, 0, 0, len(payload))) + payload


class Net:
    """An air, and Pico Ws (bt) or CLUEs (ble) on it."""

    def __init__(self):
        self.air = ST.Air()
        self.now = 0

    def pico(self, name):
        return BtRadio(bluetooth=BT.device(ST, self.air, name), clock=lambda: self.air.now)

    def clue(self, name):
        return BleRadio(bleio=self.air.device(name), clock=lambda: self.air.now)

    def run(self, ms, each=None):
        end = self.now + ms
        while self.now < end:
            self.now += 10
            self.air.advance(self.now)
            if each is not None:
                each(self.now)


def chat(h, joiners, got, size=5):
    """A host beaconing every second and answering each frame; joiners sending a frame of `size`
    bytes (their name's last character) to the last host heard every 200 ms (as the link core
    resends)."""
    hosts = {}

    def each(now):
        if now % 1000 == 10:
            h.broadcast(beacon_frame())
        while True:
            g = h.recv()
            if g is None:
                break
            got.setdefault("host", []).append(g)
            h.send(g[0], b"re:" + g[1][:8])
        for name, j in joiners.items():
            if now % 200 == 0 and name in hosts:
                j.send(hosts[name], name[-1:].encode() * size)
            while True:
                g = j.recv()
                if g is None:
                    break
                got.setdefault(name, []).append(g)
                if g[1][:2] == b"\xe5\x01":
                    hosts[name] = g[0]

    return each


def test_bt_pico_joiner_connects_to_a_pico_host_and_frames_go_both_ways():
    net = Net()
    h, j = net.pico("host"), net.pico("j1")
    got = {}
    net.run(3000, chat(h, {"j1": j}, got))
    assert [g for g in got["j1"] if g[1][:2] == b"\xe5\x01"][0][1] == beacon_frame()
    assert got["host"] and got["host"][0][1] == b"1" * 5
    assert (got["j1"][-1][0], got["j1"][-1][1][:3]) == (got["j1"][0][0], b"re:")  # the answer, from the host
    assert len(h.links) == 1 and h.links[0].step == radio_bt._READY and h.links[0].room == 244
    assert j.links[0].room == 244  # after the joiner asked for the MTU: 247 less ATT's 3


@pytest.mark.parametrize("host,joiner", [("pico", "clue"), ("clue", "pico")])
def test_bt_pico_and_clue_at_one_table_over_ble(host, joiner):
    """The same service, advertisement and packets from both runtimes' stacks."""
    net = Net()
    h = getattr(net, host)("host")
    j = getattr(net, joiner)("j1")
    got = {}
    net.run(3000, chat(h, {"j1": j}, got, size=200))
    assert got["host"] and got["host"][0][1] == b"1" * 200  # a whole frame: no 20-byte packet, no cut event
    assert any(d[:3] == b"re:" for _, d in got["j1"])


def test_bt_default_event_ring_cuts_a_frame_the_radios_ring_takes_whole():
    """modbluetooth.c: an event's data is cut to max(rxbuf / 2, rxbuf - 64) bytes: 64 with the
    default 128, so a 200-byte frame notified to a Pico W host would never arrive whole."""
    net = Net()
    h, j = net.pico("host"), net.pico("j1")
    got = {}
    each = chat(h, {"j1": j}, got, size=200)
    net.run(3000, each)
    assert got["host"][0][1] == b"1" * 200
    h.ble.config(rxbuf=128)  # as a radio that never set it
    got.clear()
    net.run(2000, each)
    assert "host" not in got  # every packet cut at 64 bytes: its frame left out, none forged
    assert RXBUF >= 4 * (244 + 7)


def test_bt_event_buffers_are_lent_for_the_call_only():
    """The handler's memoryviews are the module's own buffer (zeroed here once it returns): the
    radio keeps copies."""
    net = Net()
    h, j = net.pico("host"), net.pico("j1")
    seen = []
    plain = j._irq

    def spy(event, data):
        plain(event, data)
        seen.append(data)

    j.ble.irq(spy)
    got = {}
    net.run(2500, chat(h, {"j1": j}, got))
    scans = [d for d in seen if len(d) == 5]
    assert scans and all(not any(bytes(d[4])) for d in scans)  # zeroed after the call
    assert got["j1"][0][1] == beacon_frame()  # the radio's copy is whole


def test_bt_a_pico_host_takes_one_joiner_and_then_advertises_unconnectable():
    net = Net()
    h = net.pico("host")
    joiners = {"j1": net.pico("j1"), "j2": net.clue("j2")}
    got = {}
    net.run(6000, chat(h, joiners, got))
    assert len(h.links) == 1 and h.advertised[1] is False
    assert net.air.devices[0].adapter._adv["connectable"] is False
    assert len({a for a, _ in got["host"]}) == 1  # one joiner's frames
    assert "j2" in got and not joiners["j2"].links  # the other hears the table, full, and waits
    assert joiners["j2"].lost > 0


def test_bt_pico_board_offers_one_remote_seat_over_ble(monkeypatch, tmp_path):
    """ELFER_LINK_RADIO = "ble" on a Pico W: BtRadio, radio_seats 1 (firmware/hosting.py refuses
    more); "wifi" or nothing: Wi-Fi; anything else: a clear error when the radio opens."""
    from boards import mpboard

    class Impl:
        _machine = "Raspberry Pi Pico W with RP2040"

    monkeypatch.setattr(sys, "implementation", Impl)
    for value, seats in (("ble", 1), ("wifi", None), (None, None), ("bt", None)):
        env = {} if value is None else {"ELFER_LINK_RADIO": value}
        monkeypatch.setattr(mpboard, "settings_getenv", lambda env=env: env.get)
        b = mpboard.MpBoard(panel=None, keys=None, gfx=object())
        assert b.radio is mpboard.radio and getattr(b, "radio_seats", None) == seats, value
    with pytest.raises(ValueError, match='ELFER_LINK_RADIO is "wifi" or "ble"'):
        mpboard.radio()
    monkeypatch.setattr(mpboard, "settings_getenv", lambda: {"ELFER_LINK_RADIO": "ble"}.get)
    monkeypatch.setitem(sys.modules, "bluetooth", BT.device(ST, ST.Air(), "pico"))
    r = mpboard.radio()
    assert isinstance(r, BtRadio) and r.ble.active()
    r.close()
    assert not r.ble.active()  # BTstack let go on leaving


def test_bt_host_drops_a_phone_that_took_its_one_connection():
    net = Net()
    h = net.pico("host")
    phone = net.air.device("phone")
    h.broadcast(beacon_frame())
    net.run(200)
    conn = phone.adapter.connect(net.air.devices[0].address, timeout=1)
    net.run(200, lambda now: h.recv())
    assert not conn.connected and h.links == []  # no table service: the slot is free again
    h.broadcast(beacon_frame())
    assert h.advertised[1] is True


def test_bt_connection_to_a_host_gone_is_given_up_and_the_joiner_listens_again():
    net = Net()
    h, j = net.pico("host"), net.pico("j1")
    got = {}
    each = chat(h, {"j1": j}, got)
    net.run(150, each)  # the beacon heard, nothing sent yet
    assert j.links == [] and "j1" in got
    net.air.cut("host")
    net.run(100, each)
    assert j.connecting is not None  # a connection started (gap_connect never ends by itself)
    net.run(CONNECT_MS + 200, each)
    assert j.connecting is None and j.scanning and j.links == []
    net.air.cut("host", gone=False)
    net.run(4000, each)
    assert len(j.links) == 1 and got["host"]


def test_bt_joiner_reconnects_after_the_host_was_out_of_range():
    net = Net()
    h, j = net.pico("host"), net.pico("j1")
    got = {}
    each = chat(h, {"j1": j}, got)
    net.run(3000, each)
    first = got["host"][0][0]
    net.air.cut("host")
    net.run(8000, each)  # past the supervision timeout and the joiner's silence
    assert h.links == [] and j.links == [] and j.scanning
    net.air.cut("host", gone=False)
    got.clear()
    net.run(5000, each)
    assert len(j.links) == 1 and got["host"] and got["host"][-1][0] != first  # a new connection, a new number


def bt_table(preset, seed, kinds):
    air = ST.Air()

    def radio(name):
        kind = kinds[0] if name == "H" else kinds[int(name[1:]) + 1]
        if kind == "pico":
            return BtRadio(bluetooth=BT.device(ST, air, name), clock=lambda: air.now)
        return BleRadio(bleio=air.device(name), clock=lambda: air.now)

    remote = len(kinds) - 1
    rules = make_rules(preset, players=remote + 2, rounds=1)
    return LinkTable(rules, remote=remote, seed=seed, radio=radio, clock=air.advance)


@pytest.mark.parametrize(
    "preset,seed,kinds",
    [
        ("classic", 5, ("pico", "pico")),
        ("cinquillo", 6, ("pico", "clue")),
        ("classic", 7, ("clue", "pico", "clue", "pico")),
    ],
)
def test_bt_whole_linked_match_picos_and_clues_views_identical_seed(preset, seed, kinds):
    t = bt_table(preset, seed, kinds)
    t.play()
    assert t.views_identical() and t.unfair() == []
    calm = LinkTable(make_rules(preset, players=len(kinds) + 1, rounds=1), remote=len(kinds) - 1, seed=seed)
    calm.play()
    s, c = t.host.match.state, calm.host.match.state
    assert (list(s.scores), bytes(s.history[: 2 * s.hist_len])) == (list(c.scores), bytes(c.history[: 2 * c.hist_len]))


def test_bt_pico_bundles_ship_the_radio_and_the_boot_does_not_load_it():
    from host.ship import bundle

    for board in ("pico_lcd_114", "pico_display", "oled128x64"):
        rels = [rel for rel, _ in bundle.plan(board)]
        assert "boards/radio_bt.mpy" in rels and "boards/bleframes.mpy" in rels, board
    assert not [rel for rel, _ in bundle.plan("pybadge") if "radio_bt" in rel]
    code = "import sys, boards.mpboard; print('boards.radio_bt' in sys.modules, 'boards.bleframes' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.stdout.strip().splitlines()[-1] == "False False"
    settings = dict(bundle.plan("pico_lcd_114"))["settings.toml"].decode()
    assert '# ELFER_LINK_RADIO = "ble"' in settings


UPY_PROBE = """
import _bleio as st
import bluetooth as bt
from boards.radio_bt import BtRadio
from boards.radio_ble import BleRadio
from engine.rules import make_rules
from host.emulate.linktable import LinkTable
air = st.Air()
def radio(name):
    if name == "H":
        return BleRadio(bleio=air.device(name), clock=lambda: air.now)
    return BtRadio(bluetooth=bt.device(st, air, name), clock=lambda: air.now)
t = LinkTable(make_rules("classic", players=4, rounds=1), remote=2, seed=5, radio=radio, clock=air.advance)
r = t.play()
print("bt: rounds=%d identical=%d unfair=%d" % (r, t.views_identical(), len(t.unfair())))
"""


def test_bt_whole_match_on_the_micropython_unix_port(tmp_path):
    """The radio and its stand-in on MicroPython: two Pico Ws joining a CLUE's table."""
    from host.emulate import upy

    mp = upy.micropython()
    if mp is None:
        if os.environ.get("CI"):
            pytest.fail("the MicroPython unix port is missing under CI")
        pytest.skip("no MicroPython unix port in this venv (make venv installs it)")
    path = tmp_path / "btprobe.py"
    path.write_text("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\n" % (ROOT, STUBS) + UPY_PROBE)
    r = subprocess.run([mp, "-X", "heapsize=2M", str(path)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0 and r.stdout == "bt: rounds=1 identical=1 unfair=0\n", r.stdout + r.stderr


def test_bt_radiocheck_pings_between_a_pico_and_a_clue_over_the_stand_in():
    from host.ship.radiocheck.ble import Check

    for host, joiner in (("pico", "clue"), ("clue", "pico")):
        net = Net()
        lines = []
        clock = lambda net=net: net.air.now  # noqa: E731
        h = Check("host", getattr(net, host)("host"), clock, out=lines.append)
        j = Check("join", getattr(net, joiner)("j1"), clock, out=lines.append, size=200)

        def each(now, h=h, j=j):
            h.step()
            j.step()

        net.run(10500, each)
        assert j.answered > 50 and j.answered + j.late + len(j.waiting) == j.sent, (host, joiner)
        reports = [x for x in lines if x.startswith("join:")]
        assert reports and "loss" in reports[-1] and "rtt" in reports[-1]
