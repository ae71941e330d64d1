"""A stand-in for MicroPython's `bluetooth` on a Pico W (BTstack on the cyw43), on the _bleio
stand-in's air (host/emulate/stubs/_bleio.py): a Pico W and a CLUE hear each other, connect and
trade packets, as boards/radio_bt.py and boards/radio_ble.py do at one table.

    import _bleio as st                 # the CLUE's stand-in: its Air
    air = st.Air()
    bt = device(st, air, "pico")       # what `import bluetooth` gives on that device
    ble = bt.BLE()                      # its one BLE object; events come at air.advance()

`import bluetooth` (this folder on the path: the unix port's runs) gives one device on an air of
its own. Modeled at its worst on github:micropython/micropython 1c3c201 (2026-08-19):

- extmod/btstack/btstack_config_common.h: MAX_NR_HCI_CONNECTIONS 1: a second connection is
  refused (gap_connect: OSError ENOMEM; a central connecting to us is dropped at once).
- extmod/modbluetooth.c: events pass a ring of rxbuf bytes (128 by default), each costing its
  bytes there (enqueue_irq); an event that does not fit is dropped, a scan result at the ring's
  front giving way to anything else; an event's data is cut to max(rxbuf / 2, rxbuf - 64).
  The handler's memoryviews are the module's own buffer: here they are zeroed once it returns.
  gatts_set_buffer: 20 bytes by default; append mode keeps writes up to its size (the rest cut)
  until gatts_read. Every call on an inactive BLE raises OSError ENODEV.
- extmod/btstack/modbluetooth_btstack.c: gap_advertise(interval_us, adv_data, connectable=);
  gap_scan(duration_ms (0: until stopped), interval_us, window_us, active), gap_scan(None) ends it
  (SCAN_DONE); gap_connect starts a connection and tries until gap_connect(None), which ends with
  a PERIPHERAL_DISCONNECT; one GATT client operation at a time per connection (another: OSError
  EALREADY); gattc_write without response: one packet in flight, one kept, a third OSError
  EALREADY, over the MTU less 3 OSError EINVAL; gatts_notify cuts at the MTU less 3 and queues
  without bound; the MTU is 23 until a central asks (gattc_exchange_mtu here; a CLUE asks at
  once), then the smaller of both sides' config(mtu=).
- A packet goes a connection event (15 ms, the _bleio stand-in's), one packet a link an event.
"""

EINVAL = 22
ENOMEM = 12
ENODEV = 19
EALREADY = 114
ENOTCONN = 107

FLAG_READ = 0x0002
FLAG_WRITE_NO_RESPONSE = 0x0004
FLAG_WRITE = 0x0008
FLAG_NOTIFY = 0x0010
FLAG_INDICATE = 0x0020

CONNECTIONS = 1  # MAX_NR_HCI_CONNECTIONS
FIRST_HANDLE = 16  # after BTstack's GAP and GATT services
_BLEIO = ((FLAG_READ, 8), (FLAG_WRITE_NO_RESPONSE, 32), (FLAG_WRITE, 16), (FLAG_NOTIFY, 4), (FLAG_INDICATE, 2))


def _bleio_props(flags):
    p = 0
    for mp, bleio in _BLEIO:
        if flags & mp:
            p |= bleio
    return p


def _mp_flags(props):
    f = 0
    for mp, bleio in _BLEIO:
        if props & bleio:
            f |= mp
    return f


def _layout(dev):
    """A device's GATT table: [(service, start, end, [(characteristic, value, end, cccd)])],
    handles as both stacks lay them out (declaration, value, then the CCCD of a notifying one)."""
    h = getattr(dev, "first_handle", 1)
    out = []
    for s in dev.services:
        start = h
        h += 1
        chars = []
        for c in s._chars:
            value = h + 1
            h += 2
            cccd = 0
            if c.properties & 6:  # notify, indicate
                cccd = h
                h += 1
            chars.append([c, value, h - 1, cccd])
        for i in range(len(chars) - 1):
            chars[i][2] = chars[i + 1][1] - 2
        if chars:
            chars[-1][2] = h - 1
        out.append((s, start, h - 1, chars))
    return out


class _Service:
    """A service we registered, in the _bleio stand-in's shape (its peers discover it)."""

    remote = False

    def __init__(self, uuid):
        self.uuid = uuid
        self._chars = []


class _Char:
    def __init__(self, service, uuid, props):
        self.service = service
        self.uuid = uuid
        self.properties = props
        self.max_length = 512
        self.local = self


class _End:
    """One end of a characteristic on a link, in the _bleio PacketBuffer's shape (the air's
    connection events call _deliver and _take): our server's characteristic, or a peer's that
    our GATT client writes to and hears from."""

    def __init__(self, ble, char, client, link=None, value=0):
        self.ble = ble
        self.dev = ble.dev
        self.char = char
        self.client = client
        self.link = link
        self.value = value  # the value handle, as the client knows it
        self.capacity = 1
        self.outgoing = True
        self.queue = []  # packets to go, one an event

    def _take(self, p):
        ble = self.ble
        conn = ble._handle_of(self.link)
        if self.client:
            ble._queue(18, (conn, self.value, p), 6 + len(p))  # GATTC_NOTIFY
        else:
            ble._written(conn, self.value, p)

    def _deliver(self):
        if not self.queue or not self.link.up:
            return
        p = self.queue.pop(0)
        link = self.link
        peer = link.other(self.dev)
        target = self.char.local
        for pb in peer.pbs:
            if pb.char.local is not target and pb.char is not target:
                continue
            if pb.client:
                if pb.link is link and pb.capacity:
                    pb._take(p)
            elif pb.capacity:
                if pb.link is None or not pb.link.up:
                    pb.link = link
                if pb.link is link:
                    pb._take(p)


class _BLE:
    """A device's one bluetooth.BLE object."""

    def __init__(self, dev, st):
        self.dev = dev
        self.st = st
        self.on = False
        self.handler = None
        self.rxbuf = 128
        self.ring = []  # (cost, event, data)
        self.used = 0
        self.mtu_pref = 23
        self.value = {}  # handle -> [bytes, size, append]
        self.ends = {}  # our characteristics' value handles -> _End
        self.handles = {}  # link -> connection handle
        self.next_conn = 64
        self.noted_mtu = set()
        self.asked_mtu = set()
        self.busy = {}  # connection handle -> its GATT client operation's time done
        self.ops = []  # (due, fn)
        self.connecting = None  # (addr_type, addr, since)
        self.scan = None
        self.clients = {}  # (link, value handle) -> _End

    # --- the module's frame ----------------------------------------------------------
    def _active(self):
        if not self.on:
            raise OSError(ENODEV)

    def active(self, on=None):
        if on is None:
            return self.on
        if not on and self.on:
            for k in list(self.handles):
                k.down()
            self.dev.adapter._adv = None
            self.scan = None
            self.dev.adapter._scan = None
            self.dev.services = []
            self.dev.pbs = [p for p in self.dev.pbs if p.ble is not self]
            self.value = {}
            self.ends = {}
            self.ring = []
            self.used = 0
        self.on = bool(on)
        return self.on

    def config(self, *name, **kw):
        if name:
            return {"mtu": self.mtu_pref, "rxbuf": self.rxbuf}[name[0]]
        if "rxbuf" in kw:
            n = kw["rxbuf"]
            if not 16 <= n <= 0xFFFF:
                raise ValueError("rxbuf")
            self.rxbuf = n
            self.ring = []
            self.used = 0
        if "mtu" in kw:
            self._active()
            if not 23 <= kw["mtu"] <= 1017:
                raise OSError(EINVAL)
            self.mtu_pref = kw["mtu"]

    def irq(self, handler):
        if handler is not None and not callable(handler):
            raise ValueError("invalid handler")
        self.handler = handler

    def _queue(self, event, data, cost):
        """An event into the ring (enqueue_irq): cost is its bytes after the event's own."""
        if self.handler is None:
            return
        alloc = max(self.rxbuf // 2, self.rxbuf - 64)
        if event in (5, 18) and len(data[-1]) > alloc:
            data = data[:-1] + (data[-1][:alloc],)
            cost -= len(data[-1]) - alloc
        if self.rxbuf - self.used < cost + 1:
            if event == 5 or not self.ring or self.ring[0][1] != 5:
                self.dev.dropped_events = getattr(self.dev, "dropped_events", 0) + 1
                return
            self.used -= self.ring.pop(0)[0]
        self.ring.append((cost + 1, event, data))
        self.used += cost + 1

    def _run_irqs(self):
        while self.ring and self.handler is not None:
            cost, event, data = self.ring.pop(0)
            self.used -= cost
            bufs = []
            args = []
            for x in data:
                if isinstance(x, (bytes, bytearray)):
                    b = bytearray(x)  # the module's own buffer, lent for the call
                    bufs.append(b)
                    args.append(memoryview(b))
                else:
                    args.append(x)
            self.handler(event, tuple(args))
            for b in bufs:
                b[:] = bytes(len(b))

    # --- GAP -------------------------------------------------------------------------
    def gap_advertise(self, interval_us, adv_data=None, *, resp_data=None, connectable=True):
        self._active()
        a = self.dev.adapter
        if interval_us is None:
            a._adv = None
            return
        data = bytes(adv_data or b"")
        sr = bytes(resp_data or b"")
        if len(data) > 31 or len(sr) > 31:
            raise OSError(EINVAL)  # legacy advertising only (gap_advertisements_set_data)
        a._adv = {
            "data": data,
            "sr": sr,
            "connectable": bool(connectable),
            "extended": False,
            "every": max(20, interval_us // 1000),
            "next": self.dev.air.now,
        }

    def gap_scan(self, duration_ms, interval_us=1280000, window_us=11250, active=False):
        self._active()
        if duration_ms is None:
            if self.scan is not None:
                self.scan = None
                self.dev.adapter._scan = None
                self._queue(6, (), 0)
            return
        now = self.dev.air.now
        self.scan = _Scan(self, now + duration_ms if duration_ms > 0 else None, active)
        self.dev.adapter._scan = self.scan

    def gap_connect(self, addr_type, addr=None, scan_duration_ms=2000, *intervals):
        self._active()
        if addr_type is None:
            if self.connecting is not None:
                self.connecting = None
                self._queue(8, (0xFFFF, 0xFF, bytes(6)), 9)
            return
        if self._up_links() >= CONNECTIONS:
            raise OSError(ENOMEM)  # BTSTACK_MEMORY_ALLOC_FAILED: no room for a connection
        self.connecting = (addr_type, bytes(addr), self.dev.air.now)

    def gap_disconnect(self, conn):
        self._active()
        for k, h in self.handles.items():
            if h == conn and k.up:
                k.down()
                return True
        return False

    def _up_links(self):
        return sum(1 for k in self.dev.air.links if k.up and self.dev in k.conns)

    def _handle_of(self, link):
        return self.handles.get(link, 0xFFFF)

    def _link_of(self, conn):
        for k, h in self.handles.items():
            if h == conn and k.up:
                return k
        raise OSError(ENOTCONN)

    def _changed(self):
        """The air's links changed: connect and disconnect events."""
        dev = self.dev
        for k in dev.air.links:
            if k.up and dev in k.conns and k not in self.handles:
                if self._up_links() > CONNECTIONS:
                    k.down()  # no hci_connection left for it
                    continue
                self.handles[k] = h = self.next_conn
                self.next_conn += 1
                peer = k.other(dev).address
                event = 7 if k.central is dev else 1  # PERIPHERAL_CONNECT, CENTRAL_CONNECT
                self._queue(event, (h, peer.type and 1, peer.address_bytes), 9)
        for k in list(self.handles):
            if not k.up:
                h = self.handles.pop(k)
                peer = k.other(dev).address
                self._queue(8 if k.central is dev else 2, (h, peer.type and 1, peer.address_bytes), 9)
                self.busy.pop(h, None)

    def _exchanged(self, link):
        """Asked by a Pico W central (gattc_exchange_mtu), or by a CLUE central at once (its
        stand-in's link is exchanged at its first connection event)."""
        return link in self.asked_mtu or (getattr(link.central, "ble", None) is None and link.exchanged)

    def mtu(self, link):
        if not self._exchanged(link):
            return 23
        peer = getattr(link.other(self.dev), "ble", None)
        return min(self.mtu_pref, peer.mtu_pref if peer is not None else 512)

    # --- GATT server -----------------------------------------------------------------
    def gatts_register_services(self, services):
        self._active()
        dev = self.dev
        dev.services = []
        dev.pbs = [p for p in dev.pbs if p.ble is not self or p.client]
        for uuid, chars in services:
            s = _Service(uuid)
            for c in chars:
                s._chars.append(_Char(s, c[0], _bleio_props(c[1])))
            dev.services.append(s)
        if sum(19 + 3 * len(s._chars) * 19 for s in dev.services) > 512:
            raise OSError(ENOMEM)  # MAX_ATT_DB_SIZE
        out = []
        self.value = {}
        self.ends = {}
        for _s, _start, _end, chars in _layout(dev):
            hs = []
            for c, value, _e, _cccd in chars:
                self.value[value] = [b"", 20, False]  # MP_BLUETOOTH_DEFAULT_ATTR_LEN
                end = _End(self, c, client=False, value=value)
                self.ends[value] = end
                dev.pbs.append(end)
                hs.append(value)
            out.append(tuple(hs))
        return tuple(out)

    def gatts_set_buffer(self, handle, size, append=False):
        self._active()
        self.value[handle] = [b"", size, bool(append)]

    def gatts_read(self, handle):
        self._active()
        v = self.value[handle]
        data = v[0]
        if v[2]:
            v[0] = b""
        return data

    def gatts_write(self, handle, data, send_update=False):
        self._active()
        self.value[handle][0] = bytes(data)

    def _written(self, conn, h, p):
        v = self.value[h]
        v[0] = (v[0] + p)[: v[1]] if v[2] else p[: v[1]]
        self._queue(3, (conn, h), 4)  # GATTS_WRITE

    def gatts_notify(self, conn, handle, data=None):
        self._active()
        link = self._link_of(conn)
        end = self.ends[handle]
        p = bytes(self.value[handle][0] if data is None else data)[: self.mtu(link) - 3]
        end.link = link
        end.queue.append(p)

    # --- GATT client -----------------------------------------------------------------
    def _op(self, conn, fn):
        link = self._link_of(conn)
        if conn in self.busy:
            raise OSError(EALREADY)
        self.busy[conn] = True
        now = self.dev.air.now

        def done():
            self.busy.pop(conn, None)
            if link.up:
                fn(link)

        self.ops.append((now + 2 * 15, done))  # a request and its answer: two connection events

    def gattc_exchange_mtu(self, conn):
        self._active()
        link = self._link_of(conn)

        def done():
            if link.up:
                self.asked_mtu.add(link)
                peer = getattr(link.other(self.dev), "ble", None)
                if peer is not None:
                    peer.asked_mtu.add(link)

        self.ops.append((self.dev.air.now + 2 * 15, done))

    def gattc_discover_services(self, conn, uuid=None):
        self._active()

        def fn(link):
            for s, start, end, _ in _layout(link.other(self.dev)):
                if uuid is None or s.uuid == uuid:
                    self._queue(9, (conn, start, end, s.uuid), 6 + 17)
            self._queue(10, (conn, 0), 4)

        self._op(conn, fn)

    def gattc_discover_characteristics(self, conn, start, end, uuid=None):
        self._active()

        def fn(link):
            for _s, _a, _b, chars in _layout(link.other(self.dev)):
                for c, value, cend, _cccd in chars:
                    if start <= value <= end and (uuid is None or c.uuid == uuid):
                        self._queue(11, (conn, cend, value, _mp_flags(c.properties), c.uuid), 7 + 17)
            self._queue(12, (conn, 0), 4)

        self._op(conn, fn)

    def gattc_discover_descriptors(self, conn, start, end):
        self._active()

        def fn(link):
            for _s, _a, _b, chars in _layout(link.other(self.dev)):
                for _c, _value, _cend, cccd in chars:
                    if cccd and start <= cccd <= end:
                        self._queue(13, (conn, cccd, self.st.UUID(0x2902)), 4 + 3)
            self._queue(14, (conn, 0), 4)

        self._op(conn, fn)

    def _remote(self, link, handle):
        for _s, _a, _b, chars in _layout(link.other(self.dev)):
            for c, value, _cend, cccd in chars:
                if handle in (value, cccd):
                    return c, handle == cccd, value
        return None, False, 0

    def _client_end(self, link, char, value):
        end = self.clients.get((link, value))
        if end is None:
            end = self.clients[(link, value)] = _End(self, _Remote(char), client=True, link=link, value=value)
            self.dev.pbs.append(end)
        return end

    def gattc_write(self, conn, handle, data, mode=0):
        self._active()
        link = self._link_of(conn)
        char, is_cccd, value = self._remote(link, handle)
        data = bytes(data)
        if mode == 0:
            if char is None or is_cccd:
                raise OSError(EINVAL)
            if len(data) > self.mtu(link) - 3:
                raise OSError(EINVAL)  # GATT_CLIENT_VALUE_TOO_LONG
            end = self._client_end(link, char, value)
            if len(end.queue) >= 2:  # one in flight, one kept
                raise OSError(EALREADY)
            end.queue.append(data)
            return
        if char is None:
            raise OSError(EINVAL)

        def fn(link):
            if is_cccd and data[:1] == b"\x01":
                end = self._client_end(link, char, value)
                link.cccd.append((end, char))  # the server binds it at the next event
            self._queue(17, (conn, handle, 0), 6)

        self._op(conn, fn)

    # --- time ------------------------------------------------------------------------
    def _tick(self, now):
        if not self.on:
            return
        for op in [o for o in self.ops if o[0] <= now]:
            self.ops.remove(op)
            op[1]()
        for k in list(self.handles):
            if k.up and k not in self.noted_mtu and self._exchanged(k):
                self.noted_mtu.add(k)
                self._queue(21, (self.handles[k], self.mtu(k)), 4)  # MTU_EXCHANGED
        if self.scan is not None and self.scan.until is not None and now >= self.scan.until:
            self.gap_scan(None)
        c = self.connecting
        if c is not None:
            air = self.dev.air
            for d in air.devices:
                a = d.adapter._adv
                if (
                    d is not self.dev
                    and d.address.address_bytes == c[1]
                    and a is not None
                    and a["connectable"]
                    and d.name not in air.gone
                    and self.dev.name not in air.gone
                ):
                    self.connecting = None
                    link = self.st._Link(air, self.dev, d)
                    # what a CLUE peripheral's packets may be: 23 until we ask (its stand-in's own
                    # link says 512 from the first event, as a CLUE central asks at once)
                    link.mtu = _gated(self, link)
                    air.links.append(link)
                    d.adapter._adv = None  # a connection stops advertising
                    d.adapter._changed()
                    self.dev.adapter._changed()
                    break
        self._run_irqs()


def _gated(ble, link):
    return lambda: ble.mtu(link)


class _Remote:
    """A peer's characteristic as our GATT client's end sees it."""

    def __init__(self, char):
        self.local = char


class _Scan:
    def __init__(self, ble, until, active):
        self.ble = ble
        self.until = until
        self.active = active
        self.extended = False
        self.done = False

    def _append(self, entry):
        if self.ble.scan is not self:
            return
        a = entry.address
        kind = 4 if entry.scan_response else (0 if entry.connectable else 3)
        data = bytes(entry.advertisement_bytes)
        self.ble._queue(5, (a.type and 1, a.address_bytes, kind, entry.rssi, data), 11 + len(data))


class _Adapter:
    """What the _bleio air reads of a device: its advertisement, its scan, link changes."""

    def __init__(self, dev, ble):
        self.dev = dev
        self.ble = ble
        self._adv = None
        self._scan = None
        self.blocked_ms = []

    @property
    def address(self):
        return self.dev.address

    def _changed(self):
        self.ble._changed()


class Module:
    """One device's `bluetooth`."""

    FLAG_READ = FLAG_READ
    FLAG_WRITE = FLAG_WRITE
    FLAG_NOTIFY = FLAG_NOTIFY
    FLAG_INDICATE = FLAG_INDICATE
    FLAG_WRITE_NO_RESPONSE = FLAG_WRITE_NO_RESPONSE

    def __init__(self, st, dev):
        self.UUID = st.UUID
        self.dev = dev
        self._ble = dev.ble

    def BLE(self):
        return self._ble


def device(st, air, name):
    """A Pico W on air (a _bleio stand-in's Air): its `bluetooth` module."""
    dev = st._Device(air, name, len(air.devices) + 1)
    dev.first_handle = FIRST_HANDLE
    dev.ble = _BLE(dev, st)
    dev.adapter = _Adapter(dev, dev.ble)
    dev.tick = dev.ble._tick  # the air's advance runs it after its own
    air.devices.append(dev)
    return Module(st, dev)


try:  # `import bluetooth` on the unix port (this folder on the path): one Pico W on an air of its own
    import _bleio as _st
except ImportError:  # CPython's tests load this file by path and call device()
    _st = None
if _st is not None and hasattr(_st, "Air"):
    _self = device(_st, _st.Air(), "self")
    BLE = _self.BLE
    UUID = _st.UUID
