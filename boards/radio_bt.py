"""BLE under the link core on a Pico W or Pico 2 W: MicroPython's `bluetooth` (BTstack on the
cyw43). The CLUE's protocol (boards/radio_ble.py, boards/bleframes.py): a Pico W and a CLUE sit
at one table (docs/link.md, "BLE (Pico W)").

    radio = BtRadio()   # boards/mpboard.py radio(), where settings.toml has ELFER_LINK_RADIO = "ble"
    radio.send(addr, data) -> True/False    radio.broadcast(data)    radio.recv() -> (addr, data)/None

Roles as on the CLUE: the host is a GAP peripheral and a GATT client, each joiner a central and a
GATT server with one characteristic (write without response, notify). Host to joiner: writes;
joiner to host: notifies. All bluetooth tells is an event, run by the scheduler: the handler
notes each one, copied (its memoryviews and UUID are the module's own, reused), and recv() acts
on them. Nothing waits: gap_connect only starts a connection, given up after _CONNECT_MS.

From github:micropython/micropython 1c3c201 (2026-08-19):
- extmod/btstack/btstack_config_common.h: MAX_NR_HCI_CONNECTIONS 1, one connection at a time: a
  Pico W host takes one joiner (boards/mpboard.py radio_seats), and disconnects a device without
  our service (a phone) that took its one slot. MAX_ATT_DB_SIZE 512: our service fits.
- extmod/modbluetooth.c: events pass a ring of `rxbuf` bytes (128 by default) and an event's data
  is cut to max(rxbuf / 2, rxbuf - 64) bytes (64: a frame cut short), so rxbuf is _RXBUF. An
  append buffer (gatts_set_buffer(h, n, True)) keeps writes up to n bytes, the rest cut;
  gatts_read empties it.
- extmod/btstack/modbluetooth_btstack.c: gattc_write without response keeps one write while the
  controller's buffers are full and raises OSError on the next: the packet stays here and goes
  later. gatts_notify cuts at the MTU less 3 and queues without bound (the unheard count bounds
  it). The MTU is exchanged only when asked (gattc_exchange_mtu, config(mtu=)): 23 until then.
  gap_connect tries until cancelled (gap_connect(None)); its third argument is the link's
  supervision timeout here.
- docs/library/bluetooth.rst: a notify is sent whether or not the client subscribed; the host
  subscribes all the same (CircuitPython binds a server PacketBuffer to the connection that does).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from boards.bleframes import advert, beacon, split

_PACKET = const(244)  # boards/radio_ble.py
_UNHEARD = const(2)  # boards/radio_ble.py
_OUTBOX = const(488)  # boards/radio_ble.py
_FRESH_MS = const(3000)  # boards/radio_ble.py
_RETRY_MS = const(2000)  # boards/radio_ble.py
_SILENT_MS = const(6000)  # boards/radio_ble.py
_SCAN_MS = const(400)  # a host's beacon passed on at most this often (it advertises every 100 ms)
_CONNECT_MS = const(1000)  # a connection not made by then is cancelled
_MTU = const(247)  # _PACKET and ATT's 3
_RXBUF = const(1100)  # four packets' events (244 and 7 bytes each) and scan results
_INBOX = const(976)  # the joiner's characteristic: four packets appended
_EVENTS = const(48)  # events noted and not yet acted on; more are dropped (as the ring would)

_WRAP = const(0x3FFFFFFF)  # time.ticks_ms wraps at 2**30 (MicroPython's TICKS_PERIOD)

_IRQ_CENTRAL_CONNECT = const(1)
_IRQ_CENTRAL_DISCONNECT = const(2)
_IRQ_GATTS_WRITE = const(3)
_IRQ_SCAN_RESULT = const(5)
_IRQ_PERIPHERAL_CONNECT = const(7)
_IRQ_PERIPHERAL_DISCONNECT = const(8)
_IRQ_SERVICE_RESULT = const(9)
_IRQ_SERVICE_DONE = const(10)
_IRQ_CHAR_RESULT = const(11)
_IRQ_CHAR_DONE = const(12)
_IRQ_DESC_RESULT = const(13)
_IRQ_DESC_DONE = const(14)
_IRQ_WRITE_DONE = const(17)
_IRQ_NOTIFY = const(18)
_IRQ_MTU = const(21)

# a host's link, step by step: its service, characteristic and CCCD found, subscribed
_FIND = const(0)
_CHAR = const(1)
_DESC = const(2)
_SUB = const(3)
_READY = const(4)


def make():
    """The radio (boards/mpboard.py radio(), ELFER_LINK_RADIO = "ble")."""
    return BtRadio()


class _Link:
    def __init__(self, conn, addr, now, step):
        self.conn = conn
        self.addr = addr
        self.out = bytearray(_OUTBOX)  # frames waiting, each behind its length byte
        self.n = 0
        self.unheard = 0
        self.heard = now
        self.room = 20  # until the MTU is exchanged
        self.step = step
        self.asked = False  # a GATT client step asked and not yet done
        self.start = self.end = self.vh = self.cccd = 0


class BtRadio:
    mtu = _PACKET - 1

    def __init__(self, bluetooth=None, clock=None):
        if bluetooth is None:
            import bluetooth
        self.bt = bluetooth
        self.ble = ble = bluetooth.BLE()
        if clock is None:
            import time

            clock = getattr(time, "ticks_ms", None) or (lambda: int(time.monotonic() * 1000) & _WRAP)
        self.ms = clock
        ble.active(True)
        ble.config(mtu=_MTU, rxbuf=_RXBUF)
        U = bluetooth.UUID
        self.svc = U("e5a1c001-4c75-4e1f-9b0e-7e1f5a0b4711")  # boards/radio_ble.py's
        self.chr = U("e5a1c002-4c75-4e1f-9b0e-7e1f5a0b4711")
        self.cccd_uuid = U(0x2902)
        self.role = None
        self.calls = 0
        self.events = []
        self.links = []
        self.next_id = 1
        self.inbox = []
        self.handle = None  # the joiner's characteristic
        self.scanning = False
        self.connecting = None  # (addr, since) while a gap_connect runs
        self.heard = {}  # a connectable host -> when last heard
        self.told = {}  # a host -> when its beacon was last passed on
        self.tried = -_RETRY_MS
        self.adv = None
        self.advertised = None  # (advertisement, connectable) on the air
        self.sent = self.lost = self.errors = self.dropped = 0
        self.blocked_ms = 0  # no call here waits (radio_ble's figure; active(True) above is BTstack's start)
        self.last_error = None
        ble.irq(self._irq)

    def _since(self, t):
        return (self.ms() - t) & _WRAP

    def _fail(self, e):
        self.errors += 1
        self.last_error = e
        return False

    # --- events (run by the scheduler: noted, acted on in recv) -------------------------
    def _irq(self, event, data):
        ev = self.events
        if len(ev) >= _EVENTS:
            self.dropped += 1
            return
        if event == _IRQ_SCAN_RESULT:
            f = beacon(bytes(data[4]))
            if f is not None:
                ev.append((event, (data[0], bytes(data[1])), data[2] < 2, f))  # ADV_IND, ADV_DIRECT_IND
        elif event == _IRQ_GATTS_WRITE:
            ev.append((event, data[0], self.ble.gatts_read(data[1])))
        elif event == _IRQ_NOTIFY:
            ev.append((event, data[0], bytes(data[2])))
        elif event == _IRQ_SERVICE_RESULT:
            if data[3] == self.svc:
                ev.append((event, data[0], data[1], data[2]))
        elif event == _IRQ_CHAR_RESULT:
            if data[4] == self.chr:
                ev.append((event, data[0], data[2], data[1]))
        elif event == _IRQ_DESC_RESULT:
            if data[2] == self.cccd_uuid:
                ev.append((event, data[0], data[1]))
        elif event in (
            _IRQ_CENTRAL_CONNECT,
            _IRQ_PERIPHERAL_CONNECT,
            _IRQ_CENTRAL_DISCONNECT,
            _IRQ_PERIPHERAL_DISCONNECT,
        ):
            ev.append((event, data[0], (data[1], bytes(data[2]))))
        elif event in (_IRQ_SERVICE_DONE, _IRQ_CHAR_DONE, _IRQ_DESC_DONE, _IRQ_MTU):
            ev.append((event, data[0], data[1]))
        elif event == _IRQ_WRITE_DONE:
            ev.append((event, data[0], data[2]))

    def _act(self):
        while self.events:
            e = self.events.pop(0)
            kind = e[0]
            if kind == _IRQ_SCAN_RESULT:
                self._beacon(e[1], e[2], e[3])
                continue
            link = self._conn(e[1])
            if kind == _IRQ_CENTRAL_CONNECT:
                if self.role == "host":
                    self.links.append(_Link(e[1], self.next_id, self.ms(), _FIND))
                    self.next_id += 1
                    self.advertised = None  # a connection stops advertising
                else:
                    self._disconnect(e[1])
            elif kind == _IRQ_PERIPHERAL_CONNECT:
                self.connecting = None
                if self.role == "join" and not self.links:
                    link = _Link(e[1], e[2], self.ms(), _READY)
                    self.links.append(link)
                    try:
                        self.ble.gattc_exchange_mtu(e[1])
                    except Exception as x:
                        self._fail(x)
                else:
                    self._disconnect(e[1])
            elif kind in (_IRQ_CENTRAL_DISCONNECT, _IRQ_PERIPHERAL_DISCONNECT):
                if link is not None:
                    self.links.remove(link)
                    self.advertised = None
                elif kind == _IRQ_PERIPHERAL_DISCONNECT:
                    self.connecting = None  # a connection cancelled (or refused)
            elif link is None:
                continue
            elif kind == _IRQ_GATTS_WRITE or kind == _IRQ_NOTIFY:
                link.heard = self.ms()
                link.unheard = 0
                split(e[2], len(e[2]), link.addr, self.inbox)
            elif kind == _IRQ_MTU:
                link.room = min(e[2] - 3, _PACKET)
            elif kind == _IRQ_SERVICE_RESULT:
                link.start, link.end = e[2], e[3]
            elif kind == _IRQ_CHAR_RESULT:
                link.vh, link.end = e[2], e[3]
            elif kind == _IRQ_DESC_RESULT:
                link.cccd = e[2]
            elif link.step < _READY:  # a step done: the next, or the device has no table's service
                link.asked = False
                found = (link.start, link.vh, link.cccd, e[2] == 0)[link.step]
                if not found:
                    self._disconnect(link.conn)
                else:
                    link.step += 1

    def _conn(self, conn):
        for link in self.links:
            if link.conn == conn:
                return link
        return None

    def _disconnect(self, conn):
        try:
            self.ble.gap_disconnect(conn)
        except Exception as e:
            self._fail(e)

    def _discover(self, link):
        """The host's next GATT client step on a new link (one at a time: BTstack allows one)."""
        if link.asked or link.step == _READY:
            return
        b = self.ble
        c = link.conn
        try:
            if link.step == _FIND:
                b.gattc_discover_services(c, self.svc)
            elif link.step == _CHAR:
                b.gattc_discover_characteristics(c, link.start, link.end, self.chr)
            elif link.step == _DESC:
                b.gattc_discover_descriptors(c, link.vh, link.end)
            else:
                b.gattc_write(c, link.cccd, b"\x01\x00", 1)  # notifications on, with a response
            link.asked = True
        except Exception as e:  # busy: asked again next pass
            self._fail(e)

    # --- out -------------------------------------------------------------------------
    def send(self, addr, data):
        if self.role is None:
            self._become_joiner()
        link = None
        for k in self.links:
            if k.addr == addr:
                link = k
        if link is None and self.role == "join":
            self._connect(addr)
        if link is None or len(data) + 1 > _PACKET or link.n + 1 + len(data) > _OUTBOX:
            self.lost += 1
            return False
        n = link.n
        link.out[n] = len(data)
        link.out[n + 1 : n + 1 + len(data)] = data
        link.n = n + 1 + len(data)
        self.sent += 1
        return True

    def _flush(self, link):
        """One packet of what waits for a device, as many frames as fit its MTU; a frame that
        never fits is lost. A packet the stack cannot take now stays for the next pass. (The
        outbox's code is radio_ble's, written again: as functions in bleframes both modules cost
        the CLUE 176 B more live and 3 names, measured 2026-12-07.)"""
        if link.n == 0 or link.unheard >= _UNHEARD or link.step != _READY:
            return False
        out = link.out
        room = link.room
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
            if self.role == "host":
                self.ble.gattc_write(link.conn, link.vh, memoryview(out)[:take], 0)
            else:
                self.ble.gatts_notify(link.conn, self.handle, memoryview(out)[:take])
        except Exception as e:  # OSError: a write already waits, not connected
            return self._fail(e)
        link.unheard += 1
        out[:] = out[take:] + bytes(take)
        link.n -= take
        return True

    def broadcast(self, data):
        """The host's beacon as its advertisement, again when it changes or a connection stopped
        it; not connectable while its one connection is taken."""
        if self.role != "host":
            self.role = "host"
            self._stop_scan()
        ad = advert(data)
        if ad is None:
            self.lost += 1
            return False
        self._act()
        self.adv = ad
        return self._advertise()

    def _advertise(self):
        want = (self.adv, not self.links)
        if want == self.advertised:
            return True
        try:
            self.ble.gap_advertise(100000, self.adv, connectable=want[1])  # us between advertisements
        except Exception as e:
            self.advertised = None
            return self._fail(e)
        self.advertised = want
        return True

    # --- in --------------------------------------------------------------------------
    def recv(self):
        if self.role is None:
            self.calls += 1
            if self.calls < 2:
                return None
            self._become_joiner()
        self._act()
        if self.role == "host":
            for link in self.links:
                self._discover(link)
            if self.adv is not None:
                self._advertise()
        else:
            self._join_poll()
        for link in self.links:
            while self._flush(link):
                pass
        if self.inbox:
            return self.inbox.pop(0)
        return None

    def _become_joiner(self):
        self.role = "join"
        if self.handle is None:
            b = self.bt
            try:
                ((h,),) = self.ble.gatts_register_services(
                    ((self.svc, ((self.chr, b.FLAG_WRITE_NO_RESPONSE | b.FLAG_NOTIFY),)),)
                )
                self.ble.gatts_set_buffer(h, _INBOX, True)
                self.handle = h
            except Exception as e:
                self._fail(e)

    def _beacon(self, addr, connectable, f):
        now = self.ms()
        if connectable and (addr in self.heard or len(self.heard) < 8):
            self.heard[addr] = now
        t = self.told.get(addr)
        if t is None and len(self.told) >= 8:
            return
        if (t is None or self._since(t) >= _SCAN_MS) and len(self.inbox) < 32:
            self.told[addr] = now
            self.inbox.append((addr, f))

    def _join_poll(self):
        if self.links:
            link = self.links[0]
            if self._since(link.heard) < _SILENT_MS:
                return
            self._disconnect(link.conn)  # the host went away: listen for it again
            self.links = []
        if self.connecting is not None:
            if self._since(self.connecting) < _CONNECT_MS:
                return
            try:
                self.ble.gap_connect(None)  # given up (its disconnect event follows)
            except Exception as e:
                self._fail(e)
            self.connecting = None
        if not self.scanning:
            try:
                self.ble.gap_scan(0, 30000, 30000, False)  # until stopped, passive
                self.scanning = True
            except Exception as e:
                self._fail(e)

    def _stop_scan(self):
        if self.scanning:
            self.scanning = False
            try:
                self.ble.gap_scan(None)
            except Exception as e:
                self._fail(e)

    def _connect(self, addr):
        """The joiner's first send to a host heard lately starts a connection to it, at most
        every _RETRY_MS; frames sent before it is up are lost."""
        if self.links or self.connecting is not None or self._since(self.tried) < _RETRY_MS:
            return
        at = self.heard.get(addr)
        if at is None or self._since(at) > _FRESH_MS:
            return
        self.tried = self.ms()
        self._stop_scan()
        try:
            self.ble.gap_connect(addr[0], addr[1], 4000)  # 4 s supervision timeout, as the CLUE's
            self.connecting = self.tried
        except Exception as e:
            self._fail(e)

    def close(self):
        """The radio off: BTstack and its buffers let go (a new radio turns it on again)."""
        try:
            self.ble.irq(None)
            self.ble.active(False)
        except Exception as e:
            self._fail(e)
        self.links = []
        self.inbox = []
        self.events = []
