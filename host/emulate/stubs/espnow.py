"""Stand-in for CircuitPython's espnow (ESP32-S2/S3) at its worst, over an in-process air: several
stations in one process, each with its own ESPNow, exchange packets (boards/radio_espnow.py's
tests, host_tests/test_radio_espnow.py).

    air = espnow.new_air(seed=1, loss=0)   # the module's air from now on
    air.station(b"\\x7c\\xdf\\xa1\\x00\\x00\\x01")  # the next ESPNow() opens on this MAC
    e = espnow.ESPNow(buffer_size=526)

Read in github:adafruit/circuitpython at cd3da4a5 (10.3.0-alpha.4-185; 9.2.9 differs only in
phy_rate and ESP-IDF 6's send callback):
- ports/espressif/bindings/espnow/ESPNow.c: ESPNow(buffer_size=526, phy_rate=0) is a singleton:
  another before deinit() is RuntimeError("Already running"); any call after deinit() is
  ValueError (shared-bindings/util.c raise_deinited_error). send(message, peer=None): no peer
  sends to every peer added (esp_now_send(NULL, ...)). read() never waits: an ESPNowPacket
  (mac, msg, rssi, time) or None. len()/bool(): the bytes waiting. send_success, send_failure,
  read_success, read_failure: read-only counts. phy_rate is ignored (always 1 Mbps).
- ports/espressif/common-hal/espnow/ESPNow.c: the receive ring (py/ringbuf.c, buffer_size bytes
  from the VM heap, m_malloc) keeps per packet a 7-byte header (magic 0x99, the length in ONE
  byte, time_ms, rssi), the sender's MAC and the message: 13 + len bytes, so the default 526
  holds two of 250. recv_cb drops a packet that does not fit whole, silently (read_failure).
  send_cb counts the MAC layer's answer: a success once the peer's radio acked, which it does
  whether or not its ring has room; a broadcast is never acked and counts a success. send()
  retries for 2 s while ESP-IDF's queue is full (ESP_ERR_ESPNOW_NO_MEM) and then raises; every
  ESP error is espidf.IDFError (an OSError: espidf.py here), raise_esp_error's text
  "ESP-NOW error 0x3069". read() raises ValueError("Invalid buffer") on a header that is not
  one (magic, a length over 250, fewer bytes than it says): the next read goes on from there.
  A station's Wi-Fi is switched on by ESPNow() when it was off.
- ports/espressif/bindings/espnow/Peer.c: Peer(mac, *, lmk=None, channel=0, interface=0,
  encrypted=False): mac exactly 6 bytes, lmk 16, channel 0-14 (0: the station's current one),
  interface 0-1; encrypted without an lmk is ValueError("lmk is None").
- ports/espressif/bindings/espnow/Peers.c: append() asks ESP-IDF first (esp_now_add_peer:
  EXIST, FULL), then appends to a Python list; remove() asks ESP-IDF (esp_now_del_peer, by MAC:
  NOT_FOUND), then list.remove of that object (by identity: Peer has no __eq__).
- ESP-IDF components/esp_wifi/include/esp_now.h (github:espressif/esp-idf):
  ESP_NOW_MAX_TOTAL_PEER_NUM 20, ESP_NOW_MAX_ENCRYPT_PEER_NUM 6, ESP_NOW_MAX_DATA_LEN 250 (v1.0;
  v2.0, from ESP-IDF 5.4, takes 1490: CircuitPython 10's IDF 5.5 may send one over 250, which a
  receiving CircuitPython's ring then stores with its length cut to one byte: Air(v2=True));
  the error codes (NOT_INIT 0x3065 ... CHAN 0x306d); sending to a MAC not added is NOT_FOUND, a
  peer on another channel CHAN.
Not in the sources (ESP-NOW itself is a closed library), taken at their worst: an empty message
or one over the limit is ESP_ERR_ESPNOW_ARG; sending to every peer with none added NOT_FOUND;
an encrypted broadcast peer ARG. The air: a packet reaches a station on the sender's channel
that has an ESPNow open; `loss` (per mille, seeded) loses one before any radio hears it (a
unicast one is then a send_failure). Delivery is at once, so a burst fills a ring as fast as
it can; nothing here blocks (the 2 s retry is not modelled: ESP-IDF's queue never fills).
"""

from collections import namedtuple

try:
    from espidf import esp_error  # beside it on a path (the unix port, the VM)
except ImportError:
    from host.emulate.stubs.espidf import esp_error

ERR_NOT_INIT = 0x3065
ERR_ARG = 0x3066
ERR_NO_MEM = 0x3067
ERR_FULL = 0x3068
ERR_NOT_FOUND = 0x3069
ERR_EXIST = 0x306B
ERR_CHAN = 0x306D
MAX_DATA_LEN = 250  # ESP_NOW_MAX_DATA_LEN (v1.0)
MAX_DATA_LEN_V2 = 1490
MAX_PEERS = 20  # ESP_NOW_MAX_TOTAL_PEER_NUM
MAX_ENCRYPTED = 6  # ESP_NOW_MAX_ENCRYPT_PEER_NUM
HEADER = 7  # espnow_header_t: magic, msg_len, time_ms (4), rssi
PACKET = HEADER + 6  # espnow_packet_t: the header and the sender's MAC
MAGIC = 0x99
BROADCAST = b"\xff" * 6

ESPNowPacket = namedtuple("ESPNowPacket", ("mac", "msg", "rssi", "time"))


def _buffer(obj, name="buffer"):
    if isinstance(obj, str):
        return obj.encode()
    if isinstance(obj, (bytes, bytearray, memoryview)):
        return bytes(obj)
    raise TypeError("object with buffer protocol required")


def _length(obj, n, name):
    b = _buffer(obj)
    if len(b) != n:
        raise ValueError("%s length must be %d" % (name, n))
    return b


class _Ring:
    """py/ringbuf.c: size bytes, used, a read and a write index."""

    def __init__(self, size):
        self.buf = bytearray(size)
        self.size = size
        self.used = 0
        self.r = 0
        self.w = 0

    def empty(self):
        return self.size - self.used

    def put(self, data):
        """ringbuf_put_n: as many bytes as fit."""
        n = min(len(data), self.size - self.used)
        for i in range(n):
            self.buf[self.w] = data[i]
            self.w = (self.w + 1) % self.size
        self.used += n
        return n

    def get(self, n):
        """ringbuf_get_n: up to n bytes."""
        n = min(n, self.used)
        out = bytearray(n)
        for i in range(n):
            out[i] = self.buf[self.r]
            self.r = (self.r + 1) % self.size
        self.used -= n
        return bytes(out)


class _Station:
    def __init__(self, mac, channel):
        self.mac = mac
        self.channel = channel
        self.open = None  # its ESPNow while one is open (the port's singleton)
        self.heard = 0  # packets that reached its radio


class Air:
    def __init__(self, seed=0, loss=0, v2=False):
        self.stations = {}
        self.here = None  # the station the next ESPNow() opens on
        self.now = 0  # ms: the packets' time
        self.loss = loss
        self.v2 = v2
        self.seed = seed
        self.rng = None
        self.sent = 0  # transmissions (a broadcast is one)

    def station(self, mac, channel=1):
        """The station with this MAC (made on first use, on `channel`); the next ESPNow() opens there."""
        mac = _length(mac, 6, "mac")
        st = self.stations.get(mac)
        if st is None:
            st = self.stations[mac] = _Station(mac, channel)
        self.here = st
        return st

    def lost(self):
        if not self.loss:
            return False
        if self.rng is None:
            from engine.rng import Rng

            self.rng = Rng(self.seed)
        return self.rng.below(1000) < self.loss

    def carry(self, src, dst, msg):
        """One transmission from station src; True when a peer's radio acked it (unicast)."""
        self.sent += 1
        if dst == BROADCAST:
            for st in self.stations.values():
                if st is not src and st.channel == src.channel and not self.lost():
                    st.heard += 1
                    if st.open is not None:
                        st.open._recv_cb(src.mac, msg)
            return True
        st = self.stations.get(dst)
        if st is None or st.channel != src.channel or self.lost():
            return False
        st.heard += 1
        if st.open is not None:
            st.open._recv_cb(src.mac, msg)
        return True  # acked by the radio, whether its ring had room or not


air = Air()


def new_air(seed=0, loss=0, v2=False):
    global air
    air = Air(seed, loss, v2)
    return air


class Peer:
    def __init__(self, mac, *, lmk=None, channel=0, interface=0, encrypted=False):
        self._mac = _length(mac, 6, "buffer")
        if not 0 <= channel <= 14:
            raise ValueError("channel must be 0-14")
        if not 0 <= interface <= 1:
            raise ValueError("interface must be 0-1")
        self.channel = channel
        self.interface = interface
        self.lmk = None if lmk is None else _length(lmk, 16, "buffer")
        if encrypted and lmk is None:
            raise ValueError("lmk is None")
        self.encrypted = bool(encrypted)

    @property
    def mac(self):
        return self._mac


class Peers:
    def __init__(self, owner):
        self._owner = owner
        self._list = []
        self._table = {}  # ESP-IDF's peer list: mac -> (channel, encrypted)

    def append(self, peer):
        if not isinstance(peer, Peer):
            raise TypeError("Peer must be of type Peer, not %s" % type(peer).__name__)
        self._owner._check()
        t = self._table
        if peer.mac == BROADCAST and peer.encrypted:
            raise esp_error(ERR_ARG)
        if peer.mac in t:
            raise esp_error(ERR_EXIST)
        if len(t) >= MAX_PEERS or peer.encrypted and sum(1 for c, e in t.values() if e) >= MAX_ENCRYPTED:
            raise esp_error(ERR_FULL)
        t[peer.mac] = (peer.channel, peer.encrypted)
        self._list.append(peer)

    def remove(self, peer):
        if not isinstance(peer, Peer):
            raise TypeError("Peer must be of type Peer, not %s" % type(peer).__name__)
        self._owner._check()
        if peer.mac not in self._table:
            raise esp_error(ERR_NOT_FOUND)
        del self._table[peer.mac]
        for i in range(len(self._list)):
            if self._list[i] is peer:
                del self._list[i]
                return
        raise ValueError("object not in sequence")

    def __len__(self):
        return len(self._list)

    def __getitem__(self, i):
        return self._list[i]

    def __iter__(self):
        return iter(self._list)


class ESPNow:
    def __init__(self, buffer_size=526, phy_rate=0):
        st = air.here
        if st is None:
            n = len(air.stations) + 1
            st = air.station(bytes((0x7C, 0xDF, 0xA1, 0, n >> 8, n & 255)))
        if st.open is not None:
            raise RuntimeError("Already running")
        if buffer_size < PACKET:
            raise ValueError("buffer_size must be >= %d" % PACKET)
        if phy_rate < 0:
            raise ValueError("phy_rate must be >= 0")
        self._station = st
        self._ring = _Ring(buffer_size)
        self._size = buffer_size
        self.phy_rate = phy_rate
        self._peers = Peers(self)
        self._counts = [0, 0, 0, 0]  # send_success, send_failure, read_success, read_failure
        st.open = self

    def _check(self):
        if self._ring is None:
            raise ValueError("Object has been deinitialized and can no longer be used. Create a new object.")

    def deinit(self):
        self._check()
        self._ring = None
        self._station.open = None

    def __enter__(self):
        return self

    def __exit__(self, *args):
        if self._ring is not None:
            self.deinit()

    def send(self, message, peer=None):
        self._check()
        msg = _buffer(message)
        if peer is not None and not isinstance(peer, Peer):
            raise TypeError("peer must be of type Peer, not %s" % type(peer).__name__)
        if not msg or len(msg) > (MAX_DATA_LEN_V2 if air.v2 else MAX_DATA_LEN):
            raise esp_error(ERR_ARG)
        table = self._peers._table
        if peer is None:
            if not table:
                raise esp_error(ERR_NOT_FOUND)
            macs = list(table)
        else:
            if peer.mac not in table:
                raise esp_error(ERR_NOT_FOUND)
            macs = [peer.mac]
        st = self._station
        for mac in macs:
            if table[mac][0] not in (0, st.channel):
                raise esp_error(ERR_CHAN)
        for mac in macs:
            self._counts[0 if air.carry(st, mac, msg) else 1] += 1

    def _recv_cb(self, mac, msg):
        ring = self._ring
        if PACKET + len(msg) > ring.empty():
            self._counts[3] += 1
            return
        t = air.now & 0xFFFFFFFF
        rssi = -60
        ring.put(bytes((MAGIC, len(msg) & 255, t & 255, t >> 8 & 255, t >> 16 & 255, t >> 24, rssi & 255)))
        ring.put(mac)
        ring.put(msg)
        self._counts[2] += 1

    def read(self):
        self._check()
        ring = self._ring
        if not ring.used:
            return None
        head = ring.get(HEADER)
        if len(head) != HEADER:
            raise ValueError("Invalid buffer")
        n = head[1]
        mac = ring.get(6) if head[0] == MAGIC and n <= MAX_DATA_LEN else b""
        msg = ring.get(n) if len(mac) == 6 else b""
        if len(mac) != 6 or len(msg) != n:
            raise ValueError("Invalid buffer")
        rssi = head[6] - 256 if head[6] > 127 else head[6]
        return ESPNowPacket(mac, msg, rssi, head[2] | head[3] << 8 | head[4] << 16 | head[5] << 24)

    def set_pmk(self, pmk):
        self._check()
        _length(pmk, 16, "buffer")

    def __len__(self):
        self._check()
        return self._ring.used

    def __bool__(self):
        return len(self) != 0

    @property
    def peers(self):
        return self._peers

    @property
    def buffer_size(self):
        return self._size

    @property
    def send_success(self):
        return self._counts[0]

    @property
    def send_failure(self):
        return self._counts[1]

    @property
    def read_success(self):
        return self._counts[2]

    @property
    def read_failure(self):
        return self._counts[3]
