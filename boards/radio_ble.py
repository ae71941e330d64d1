"""BLE under the link core (firmware/linkhost.py, linkclient.py) on the CLUE: CircuitPython's
native _bleio on the nRF52840 (docs/link.md, "BLE (CLUE)").

    radio = BleRadio(keep=board)   # keep: where the joiner's GATT service lives between tables
    radio.send(addr, data) -> True/False    radio.broadcast(data)    radio.recv() -> (addr, data)/None

The host is a GAP peripheral and a GATT client; each joiner a central and a GATT server. The
host advertises its beacon (connectable, legacy: 31 bytes) and never scans (CircuitPython
refuses a scan while the program advertises). A joiner scans, and its first send to a host
connects to it (Adapter.connect, bounded: 0.4 s). The joiner's service has one
characteristic (write without response, notify) and one PacketBuffer; the host discovers it on
each new connection and holds a PacketBuffer per joiner: a server-side PacketBuffer serves one
connection only, a client-side one its own. Host to joiner: writes; joiner to host: notifies.

A radio is a host from its first broadcast(), a joiner from a second recv() without one.
Addresses: a host is the _bleio.Address it advertised from; a joiner, to the host, a number
given to each connection. Frames go in packets of at most _PACKET bytes, each frame behind a
length byte (a PacketBuffer joins writes queued behind one in flight into one packet, so the
boundaries are ours); frames sent in one loop pass to one device share a packet. Anything that
cannot go (too long, no connection yet, a link not heard) is a lost frame: send says False and
the link core resends. PacketBuffer.write waits while its one spare buffer is full, up to the
4 s supervision timeout on a dead link: so at most _UNHEARD packets go to a device between two
packets heard from it, which a live link empties in a connection interval (15 ms).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Each constant is private, or spelled where it is used: a joiner's names are close to the six
# qstr pools' 1,260 (docs/memory.md, "A joiner's heap").
_PACKET = const(244)  # one link-layer packet (251 bytes less L2CAP's 4 and ATT's 3)
_RING = const(4)  # packets a PacketBuffer holds before it drops the oldest
_UNHEARD = const(2)  # packets to a device not yet answered: one in flight, one waiting
_OUTBOX = const(488)  # frames waiting for a device (two packets' worth: a round's start is a burst)
_SCAN_BYTES = const(320)  # the scan's buffer: an entry is 19 bytes and its advertisement
_SCAN_MS = const(400)  # a scan's results are read (and a new scan started) this often
_RETRY_MS = const(2000)  # a joiner tries to connect at most this often
_FRESH_MS = const(3000)  # ... and only to a host heard advertising this recently
_SILENT_MS = const(6000)  # a joiner's connection this long without a packet is given up
_PERIPHERALS = const(4)  # BLEIO_PERIPH_ROLE_COUNT: connections a host accepts
_WRAP = const(0x1FFFFFFF)  # supervisor.ticks_ms wraps at 2**29

from boards.bleframes import advert, beacon, split  # noqa: E402, F401 (advert, beacon: the tests' names here)


def _clock():
    try:
        import supervisor

        return supervisor.ticks_ms
    except (ImportError, AttributeError):
        import time

        return lambda: int(time.monotonic() * 1000) & _WRAP


class _Link:
    def __init__(self, conn, pb, addr, now):
        self.conn = conn
        self.pb = pb
        self.addr = addr
        self.out = bytearray(_OUTBOX)  # frames waiting, each behind its length byte
        self.n = 0
        self.unheard = 0
        self.heard = now


class BleRadio:
    mtu = _PACKET - 1

    def __init__(self, keep=None, bleio=None, clock=None):
        if bleio is None:
            import _bleio as bleio
        self.ble = bleio
        self.ad = bleio.adapter
        if not self.ad.enabled:
            self.ad.enabled = True
        # the service: registers the vendor base, so discovery then knows it
        self.svc = bleio.UUID("e5a1c001-4c75-4e1f-9b0e-7e1f5a0b4711")
        self.chr = bleio.UUID("e5a1c002-4c75-4e1f-9b0e-7e1f5a0b4711")  # its characteristic
        self.keep = keep if keep is not None else self
        self.ms = clock or _clock()
        self.role = None
        self.calls = 0
        self.links = []  # host: one per joiner; joiner: the one to its host
        self.refused = []  # connections without our service (a phone): left alone
        self.next_id = 1
        self.inbox = []
        self.buf = bytearray(_PACKET)
        self.scan = None
        self.scan_at = 0
        self.heard = {}  # host address -> when last heard advertising
        self.tried = -_RETRY_MS
        self.adv = None  # the beacon's advertisement
        self.advertised = None  # what is on the air
        self.adv_connectable = None
        self.prefix = bytearray(b"\x04\xff\xff\xff\xe5")  # the scan's filter (it must be on the heap)
        self.sent = self.lost = self.errors = 0
        self.blocked_ms = 0  # the longest connect or discovery (the loop stood still)
        self.last_error = None

    def _since(self, t):
        return (self.ms() - t) & _WRAP

    def _fail(self, e):
        self.errors += 1
        self.last_error = e
        return False

    # --- out -----------------------------------------------------------------------------
    def send(self, addr, data):
        if self.role is None:
            self.role = "join"
        link = self._link(addr)
        if link is None and self.role == "join":
            link = self._connect(addr)
        if link is None or len(data) + 1 > _PACKET:
            self.lost += 1
            return False
        if link.n + 1 + len(data) > _OUTBOX:
            self._flush(link)
            if link.n + 1 + len(data) > _OUTBOX:
                self.lost += 1
                return False
        n = link.n
        link.out[n] = len(data)
        link.out[n + 1 : n + 1 + len(data)] = data
        link.n = n + 1 + len(data)
        self.sent += 1
        return True

    def _link(self, addr):
        for link in self.links:
            if link.addr == addr:
                return link
        return None

    def _flush(self, link):
        """One packet of what waits for a device: what fits in the connection's packets now
        (20 bytes until the MTU exchange is done); a frame that never fits is lost."""
        if link.n == 0 or link.unheard >= _UNHEARD:
            return False
        try:
            room = min(link.pb.outgoing_packet_length, _PACKET)
        except ValueError:  # no connection yet (a joiner not yet subscribed to): the frames wait
            return False
        out = link.out
        i = take = 0
        while i < link.n:
            size = 1 + out[i]
            if size > room:
                self.lost += 1
                out[i:] = out[i + size :] + bytes(size)
                link.n -= size
                continue
            if take + size > room:
                break
            take += size
            i += size
        if take == 0:
            return False
        try:
            wrote = link.pb.write(memoryview(out)[:take])
        except Exception as e:
            wrote = 0
            self._fail(e)
        if wrote:
            link.unheard += 1
        else:  # not subscribed yet: what was in the packet is lost
            self.lost += 1
        out[:] = out[take:] + bytes(take)
        link.n -= take
        return wrote > 0

    def broadcast(self, data):
        """The host's beacon as its advertisement: restarted when it changes or when a
        connection stopped it; non-connectable once _PERIPHERALS joiners are connected."""
        if self.role != "host":
            self._become_host()
        ad = advert(data)
        if ad is None:
            self.lost += 1
            return False
        self._host_poll()
        if ad == self.adv and self.ad.advertising:
            return True
        self.adv = ad
        return self._advertise()

    def _advertise(self):
        connectable = len(self.ad.connections) < _PERIPHERALS
        a = self.ad
        ad = self.adv
        if a.advertising and connectable == self.adv_connectable and ad == self.advertised:
            return True
        try:
            if a.advertising:
                a.stop_advertising()
            a.start_advertising(ad, connectable=connectable, interval=0.1)  # s, between advertisements
        except Exception as e:
            self.advertised = None
            return self._fail(e)
        self.advertised = ad
        self.adv_connectable = connectable
        return True

    def _become_host(self):
        self.role = "host"
        self._stop_scan()
        for link in self.links:
            self._drop(link)
        self.links = []

    # --- in ------------------------------------------------------------------------------
    def recv(self):
        if self.role is None:
            self.calls += 1
            if self.calls < 2:
                return None
            self.role = "join"
        if self.role == "host":
            self._host_poll()
        else:
            self._join_poll()
        for link in self.links:
            self._read(link)
            while self._flush(link):
                pass
        if self.inbox:
            return self.inbox.pop(0)
        return None

    def _read(self, link):
        pb = link.pb
        for _ in range(_RING):
            try:
                n = pb.readinto(self.buf)
            except Exception as e:  # ValueError: a packet longer than ours (dropped by readinto)
                self._fail(e)
                continue
            if n <= 0:
                return
            link.heard = self.ms()
            link.unheard = 0
            split(self.buf, n, link.addr, self.inbox)

    def _host_poll(self):
        """New connections get their PacketBuffer (discovery waits on the joiner: a few
        connection intervals, up to the supervision timeout if it goes away meanwhile)."""
        conns = self.ad.connections
        for link in self.links:
            if not link.conn.connected:
                self._drop(link)
        self.links = [k for k in self.links if k.conn.connected]
        self.refused = [c for c in self.refused if c.connected]
        for c in conns:
            if not c.connected or any(k.conn is c for k in self.links) or any(r is c for r in self.refused):
                continue
            t = self.ms()
            pb = None
            try:
                for s in c.discover_remote_services((self.svc,)):
                    if s.uuid == self.svc:
                        for ch in s.characteristics:
                            if ch.uuid == self.chr:
                                pb = self.ble.PacketBuffer(ch, buffer_size=_RING, max_packet_size=_PACKET)
            except Exception as e:
                self._fail(e)
            self.blocked_ms = max(self.blocked_ms, self._since(t))
            if pb is None:
                self.refused.append(c)
                continue
            self.links.append(_Link(c, pb, self.next_id, self.ms()))
            self.next_id += 1
        if self.adv is not None:
            self._advertise()  # a connection stopped it, or the last free one was taken or left

    def _join_poll(self):
        if self.links:
            link = self.links[0]
            if link.conn.connected and self._since(link.heard) < _SILENT_MS:
                return
            self._drop(link)  # the host went away (or never took us): listen for it again
            self.links = []
        if self.scan is not None and self._since(self.scan_at) < _SCAN_MS:
            return
        self._stop_scan()
        try:
            self.scan = self.ad.start_scan(
                prefixes=self.prefix, buffer_size=_SCAN_BYTES, active=False, minimum_rssi=-90
            )
            self.scan_at = self.ms()
        except Exception as e:
            self._fail(e)

    def _stop_scan(self):
        """The results read once the scan is stopped: ScanResults' iterator waits for the next
        advertisement while a scan runs. One beacon a host a scan."""
        scan = self.scan
        if scan is None:
            return
        self.scan = None
        try:
            self.ad.stop_scan()
            got = {}
            for e in scan:
                f = beacon(e.advertisement_bytes)
                if f is not None:
                    got[e.address] = (f, e.connectable)
        except Exception as e:
            self._fail(e)
            return
        now = self.ms()
        for addr in got:
            f, connectable = got[addr]
            if connectable and (addr in self.heard or len(self.heard) < 8):
                self.heard[addr] = now  # a full host advertises but takes no connection
            if len(self.inbox) < 32:
                self.inbox.append((addr, f))

    def _gatt(self):
        """The joiner's service and its PacketBuffer, made once and kept on `keep`: CircuitPython
        cannot take a service out of the SoftDevice's table, and a server PacketBuffer's event
        handler outlives deinit (ports/nordic/common-hal/_bleio/PacketBuffer.c)."""
        pb = getattr(self.keep, "ble_gatt", None)
        if pb is None:
            b = self.ble
            C = b.Characteristic
            svc = b.Service(self.svc)
            ch = C.add_to_service(svc, self.chr, properties=C.WRITE_NO_RESPONSE | C.NOTIFY, max_length=_PACKET)
            pb = b.PacketBuffer(ch, buffer_size=_RING, max_packet_size=_PACKET)
            self.keep.ble_gatt = pb
        return pb

    def _connect(self, addr):
        """The joiner's first send to a host heard lately connects to it: at most every
        _RETRY_MS, waiting 0.4 s at most. The host then discovers us and subscribes; frames
        sent before that are lost."""
        if self.links or self._since(self.tried) < _RETRY_MS:
            return None
        at = self.heard.get(addr)
        if at is None or self._since(at) > _FRESH_MS:
            return None
        self.tried = t = self.ms()
        try:
            pb = self._gatt()
            while pb.readinto(self.buf) > 0:  # what an earlier table left
                pass
            self._stop_scan()
            conn = self.ad.connect(addr, timeout=0.4)  # at most (the screen stands still meanwhile)
        except Exception as e:
            self.blocked_ms = max(self.blocked_ms, self._since(t))
            return self._fail(e) or None
        self.blocked_ms = max(self.blocked_ms, self._since(t))
        link = _Link(conn, pb, addr, self.ms())
        self.links = [link]
        return link

    def _drop(self, link):
        try:
            if link.conn.connected:
                link.conn.disconnect()
            if link.pb is not getattr(self.keep, "ble_gatt", None):
                link.pb.deinit()
        except Exception as e:
            self._fail(e)

    def close(self):
        self._stop_scan()
        for link in self.links:
            self._drop(link)
        self.links = []
        try:
            if self.ad.advertising:
                self.ad.stop_advertising()
        except Exception as e:
            self._fail(e)
        self.inbox = []
