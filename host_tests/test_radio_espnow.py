"""ESP-NOW link play (boards/radio_espnow.py, docs/link.md "ESP-NOW") against the stand-in for
CircuitPython's espnow (host/emulate/stubs/espnow.py: the port's ring buffer, 250-byte limit,
peer list and errors, read in its source), several stations on one in-process air."""

import os
import subprocess
import sys
import types

import pytest

from boards import radio_espnow
from boards.radio_espnow import BROADCAST, EspNowRadio
from engine.rules import make_rules
from host.emulate.linktable import STEP_MS, LinkTable
from host.emulate.stubs import espidf, espnow


def mac(n):
    return bytes((0x7C, 0xDF, 0xA1, 0, 0, n))


def radios(n, air=None, buffer_size=radio_espnow.BUFFER, channel=1):
    air = air or espnow.new_air()
    out = []
    for i in range(n):
        air.station(mac(i + 1), channel)
        out.append(EspNowRadio(buffer_size, espnow=espnow))
    return air, out


def drain(r):
    got = []
    while True:
        p = r.recv()
        if p is None:
            return got
        got.append(p)


def test_espnow_stand_in_refuses_what_the_port_refuses():
    air = espnow.new_air()
    air.station(mac(1))
    e = espnow.ESPNow()
    with pytest.raises(RuntimeError):
        espnow.ESPNow()  # the port's singleton
    stranger = espnow.Peer(mac(9))
    with pytest.raises(espidf.IDFError) as got:
        e.send(b"hi", stranger)  # never added: ESP_ERR_ESPNOW_NOT_FOUND
    assert "0x3069" in str(got.value) and isinstance(got.value, OSError)
    e.peers.append(stranger)
    with pytest.raises(espidf.IDFError):
        e.peers.append(espnow.Peer(mac(9)))  # EXIST
    with pytest.raises(espidf.IDFError):
        e.send(b"x" * 251, stranger)  # over ESP_NOW_MAX_DATA_LEN: ESP_ERR_ESPNOW_ARG
    with pytest.raises(ValueError):
        espnow.Peer(b"\x01\x02")  # a MAC is 6 bytes
    for i in range(19):
        e.peers.append(espnow.Peer(mac(20 + i)))
    assert len(e.peers) == 20
    with pytest.raises(espidf.IDFError) as full:
        e.peers.append(espnow.Peer(mac(60)))  # ESP_NOW_MAX_TOTAL_PEER_NUM
    assert "0x3068" in str(full.value)
    assert e.buffer_size == 526
    e.deinit()
    with pytest.raises(ValueError):
        e.read()  # deinitialized
    espnow.ESPNow().deinit()  # released: a new one opens


def test_espnow_radio_a_frame_over_250_bytes_is_a_lost_frame_not_an_exception():
    air, (a, b) = radios(2)
    assert a.send(mac(2), b"x" * 250) is True
    assert a.send(mac(2), b"x" * 251) is False
    assert a.broadcast(b"y" * 300) is False
    assert a.send(mac(2), b"") is False
    assert a.lost == 3 and a.sent == 1
    assert drain(b) == [(mac(1), b"x" * 250)]


def test_espnow_radio_a_full_ring_drops_packets_silently_and_recv_takes_one_a_call():
    air, (a, b) = radios(2, buffer_size=526)  # espnow's default: two packets of 250 (13 + 250 each)
    sent = [a.send(mac(2), bytes((i,)) * 250) for i in range(5)]
    assert sent == [True] * 5  # each acked by b's radio: the ring's drops are not the sender's to see
    assert a.e.send_success == 5 and a.e.send_failure == 0
    assert b.dropped() == 3
    assert b.recv() == (mac(1), b"\x00" * 250)
    assert b.recv() == (mac(1), b"\x01" * 250)
    assert b.recv() is None
    assert a.send(mac(2), b"again") and drain(b) == [(mac(1), b"again")]


def test_espnow_radio_peers_past_the_limit_drop_the_one_sent_to_longest_ago():
    air, rs = radios(26)
    host = rs[0]
    for i in range(2, 21):  # 19 unicast peers and the broadcast one: ESP-IDF's 20
        assert host.send(mac(i), b"a")
    assert host.send(mac(2), b"b")  # mac 2 used again: mac 3 is now the longest ago
    for i in range(21, 27):
        assert host.send(mac(i), b"c")
        table = host.e.peers._table
        assert len(table) == 20 and BROADCAST in table
    gone = {mac(i) for i in range(3, 9)}
    assert not gone & set(host.e.peers._table) and mac(2) in host.e.peers._table
    assert host.send(mac(3), b"back")  # an evicted peer is added again when sent to
    assert drain(rs[2]) == [(mac(1), b"a"), (mac(1), b"back")]
    assert drain(rs[1]) == [(mac(1), b"a"), (mac(1), b"b")]
    assert host.broadcast(b"all")
    assert all(drain(r)[-1] == (mac(1), b"all") for r in rs[1:])


def test_espnow_radio_broadcast_reaches_every_station_on_its_channel_only():
    air, (a, b, c) = radios(3)
    air.station(mac(9), channel=6)
    far = EspNowRadio(espnow=espnow)
    assert a.broadcast(b"beacon")
    assert drain(b) == drain(c) == [(mac(1), b"beacon")]
    assert drain(a) == [] and drain(far) == []
    assert a.send(mac(9), b"hello")  # queued: the missing ack shows only in send_failure
    assert drain(far) == [] and a.e.send_failure == 1


def test_espnow_radio_closed_sends_nothing_and_frees_the_port_for_the_next():
    air, (a, b) = radios(2)
    a.close()
    a.close()
    assert a.send(mac(2), b"x") is False and a.recv() is None
    assert b.send(mac(1), b"to nobody") is True and drain(b) == []
    air.station(mac(1))
    again = EspNowRadio(espnow=espnow)  # the singleton released by close()
    assert b.send(mac(1), b"now") and drain(again) == [(mac(2), b"now")]


def test_espnow_radio_survives_a_mangled_ring_from_an_espnow_v2_sender():
    """ESP-NOW v2 (ESP-IDF >= 5.4) sends up to 1490 bytes; CircuitPython's ring stores the length
    in one byte, so the reads after such a packet find no header (ValueError "Invalid buffer")."""
    air, (a, b) = radios(2)
    air.v2 = True
    a.e.send(b"z" * 300, a.everyone)  # a stranger's, straight through espnow
    for _ in range(400):
        if b.recv() is None and len(b.e) == 0:
            break
    assert len(b.e) == 0
    assert a.send(mac(2), b"fine") and drain(b) == [(mac(1), b"fine")]


def test_feather_tft_radio_opens_espnow_only_when_called_and_closes_one_left_open(monkeypatch):
    from boards import feather_tft

    monkeypatch.setitem(sys.modules, "espnow", espnow)
    espnow.new_air().station(mac(1))
    board = types.SimpleNamespace(link_radio=None)
    first = feather_tft.FeatherTFT.radio(board)
    second = feather_tft.FeatherTFT.radio(board)  # the first never closed: the port's singleton
    assert first.e is None and second.e is not None and board.link_radio is second
    assert isinstance(second, EspNowRadio) and second.e.buffer_size == radio_espnow.BUFFER


LOOP_MS = 100


class EspNowTable(LinkTable):
    """LinkTable's host and joiners each on a station of one stand-in air."""

    def __init__(self, rules, remote, buffer_size, seed, loss=0):
        self.air = espnow.new_air(seed=seed, loss=loss)
        self.made = []
        LinkTable.__init__(self, rules, remote=remote, seed=seed, radio=self._make(buffer_size))

    def _make(self, buffer_size):
        def make(name):
            self.air.station(mac(len(self.made) + 1))
            r = EspNowRadio(buffer_size, espnow=espnow)
            self.made.append(r)
            return r

        return make

    def tick(self):
        """LinkTable.tick, but each device's loop comes round only every LOOP_MS (a screen drawn,
        a bot thinking), each at its own phase: the air fills the rings meanwhile."""
        self.now += STEP_MS
        now = self.air.now = self.now
        devices = [self.host] + self.clients
        for i in range(len(devices)):
            if (now // STEP_MS + i * 2) % (LOOP_MS // STEP_MS) == 0:
                devices[i].step(now)
        for c in self.clients:
            if c.status == 0 and c.tables:
                c.join(c.tables[0], self.code, now)


def _result(t):
    s = t.host.match.state
    return (list(s.scores), s.round_no, bytes(s.history[: 2 * s.hist_len]))


@pytest.mark.parametrize("preset,rounds,seed", [("classic", 1, 4), ("cinquillo", 2, 5)])
def test_espnow_link_match_host_and_two_joiners_end_identical_through_ring_drops_seed(preset, rounds, seed):
    """A 256-byte ring holds one 200-byte frame (13 + 200) and little more: with every loop
    100 ms apart it overflows again and again (espnow's default 526 did not at 3 or 6 seats)."""
    rules = make_rules(preset, players=3, rounds=rounds)
    t = EspNowTable(rules, remote=2, buffer_size=256, seed=seed, loss=50)  # and 5% lost in the air
    t.play()
    drops = sum(r.dropped() for r in t.made)
    assert drops > 8, drops
    assert t.views_identical()
    assert t.unfair() == []
    calm = LinkTable(rules, remote=2, seed=seed)  # the same deals and moves on a faultless Ether
    calm.play()
    assert _result(calm) == _result(t)


def test_radiocheck_script_two_boards_find_roles_and_report_loss_rtt_and_the_largest_frame():
    from host.ship.radiocheck import espnow as check

    air = espnow.new_air()
    said = {1: [], 2: []}
    boards = []
    for n in (2, 1):  # the higher MAC starts first: the roles still come from the MACs
        air.station(mac(n))
        boards.append(check.Check(espnow, espnow.ESPNow(buffer_size=check.BUFFER), mac(n), said[n].append))
    now = 0
    while not any(line.startswith("  largest") for line in said[1]) and now < 200000:
        now += 5
        air.now = now
        for b in boards:
            b.step(now)
    assert [b.role for b in boards] == ["echo", "ping"]
    text = "\n".join(said[1])
    for size in (16, 64, 128, 200, 250):
        assert "%3d bytes: sent 20, echoed 20, loss 0%%, rtt min 5 / median 5 / max 5 ms" % size in text, text
    assert "251 bytes: sent 20, echoed 0, loss 100%, refused: IDFError: ESP-NOW error 0x3066" in text, text
    assert "burst of 12 x 200 bytes: 12 echoed within 1 s" in text
    assert "largest frame echoed whole: 250 bytes" in text


def test_espnow_radio_costs_the_boot_heap_a_method_and_its_import_under_4_kib_in_the_32_bit_vm():
    """host/measure/radio_mem.py (make bench): 1,808 bytes held by the import and 128 for the
    Feather's radio method on 2026-12-07; the goals hold them with a wide margin."""
    from host.emulate import mpvm
    from host.measure import radio_mem

    ok, why = mpvm.available()
    if not ok:
        pytest.skip(why)
    got = radio_mem.measure()
    assert 0 < got["radio_espnow_import_bytes"] < 4096, got
    assert 0 < got["feather_tft_radio_method_bytes"] < 512, got


MP_SCRIPT = """import sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import espnow
from boards.radio_espnow import EspNowRadio
air = espnow.new_air()
air.station(b"\\x01" * 6)
a = EspNowRadio(526, espnow=espnow)
air.station(b"\\x02" * 6)
b = EspNowRadio(526, espnow=espnow)
assert a.broadcast(b"hi") and b.recv() == (b"\\x01" * 6, b"hi")
assert not a.send(b"\\x02" * 6, b"x" * 251)
for i in range(4):
    assert a.send(b"\\x02" * 6, bytes([i]) * 250)
assert b.dropped() == 2 and b.recv()[1] == bytes(250) and b.recv()[1] == b"\\x01" * 250 and b.recv() is None
a.close()
a.close()
print("ok")
"""


def test_espnow_radio_runs_on_the_micropython_unix_port(tmp_path):
    """CircuitPython is MicroPython underneath: the radio (and the stand-in) run there unchanged."""
    from host.emulate import upy

    if upy.micropython() is None:
        pytest.skip("micropython not installed")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = tmp_path / "radio.py"
    script.write_text(MP_SCRIPT % (os.path.join(root, "host", "emulate", "stubs"), root))
    p = subprocess.run([upy.micropython(), str(script)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
