"""A stand-in for CircuitPython's _bleio on the nRF52840 (the CLUE), with an in-process air:
several devices in one process see each other's advertisements, connect and move packets.

    air = Air()
    ble = air.device("host")          # a module-like object: ble.adapter, ble.Service, ble.UUID ...
    air.advance(now_ms)               # advertisements heard, connection events, timeouts
    air.cut("joiner1")                # out of range: heard by none, its links silent

`import _bleio` (this folder on the path: the unix port's memory runs) gives one device on an
air of its own. Modeled at its worst on github:adafruit/circuitpython cd3da4a5d8 (main of 2026-08-21,
10.3.0-alpha.4 and 185 commits):

- shared-bindings/_bleio/Adapter.c: start_advertising(data, *, scan_response, connectable=True,
  anonymous, timeout, interval=0.1 (0.02-10.24), tx_power, directed_to); start_scan(*, prefixes
  (keyword-only in allowed_args though documented positional), buffer_size=512,
  extended=False, timeout=None, interval=0.1, window=0.1, minimum_rssi=-80, active=True);
  connect(address, *, timeout) (required); a scan response with an extended connectable
  advertisement is refused.
- ports/nordic/common-hal/_bleio/Adapter.c: "Already advertising." while the program advertises;
  data over 31 bytes advertises extended (a scan without extended=True never hears it), over 238
  connectable or 255 refused; start_scan while the program advertises is NRF_ERROR_BUSY
  (BluetoothError); any connection stops advertising (advertising_on_ble_evt); connect blocks
  until connected or its timeout ("Failed to connect: timeout"), then asks for a 512-byte ATT MTU:
  until the answer (the next connection event here) a connection's packets are 20 bytes;
  BLEIO_PERIPH_ROLE_COUNT 4, BLEIO_CENTRAL_ROLE_COUNT 4, BLEIO_TOTAL_CONNECTION_COUNT 5
  (common-hal/_bleio/Adapter.h; the CLUE's mpconfigboard.h changes none): a fifth peripheral
  connection cannot advertise connectable (NRF_ERROR_CONN_COUNT); supervision timeout 4 s;
  connection interval 15 ms (BLE_MIN/MAX_CONN_INTERVAL).
- shared-module/_bleio/ScanResults.c: a ring of buffer_size bytes, 19 bytes a report plus its
  data; a report that does not fit is dropped (the new one); the prefix and rssi filters apply
  before; scan responses are reports of their own. Its iterator WAITS while the scan runs and
  nothing is buffered: here that raises Blocked, as the real one would freeze the program.
- ports/nordic/common-hal/_bleio/PacketBuffer.c: the incoming ring holds buffer_size packets of
  max_packet_size (+2 each), a packet too big for it is dropped, a full ring drops its oldest;
  readinto with a short buffer raises ValueError and the packet is gone. write: 0 while not
  bound to a connection (a server PacketBuffer binds the first connection that writes to it,
  or the last that subscribes: one connection only); ValueError over outgoing_packet_length
  (min of MTU-3, max_packet_size, the characteristic's max_length); one packet in flight and one
  pending that later writes are appended to (one packet on the air: boundaries are not kept);
  a write that does not fit the pending one WAITS for the one in flight: on a live link one
  connection interval (counted in adapter.blocked_ms), on a silent one until the supervision
  timeout: here Blocked. A packet is taken a connection event (15 ms). deinit of a server
  PacketBuffer leaves its event handler in place: it keeps taking packets.
- ports/nordic/common-hal/_bleio/Connection.c: discover_remote_services blocks, one ATT round
  trip a step (about five for one service of one characteristic); a link that dies meanwhile
  ends it with ConnectionError after the supervision timeout (counted in blocked_ms, 4000);
  services of a 128-bit UUID not registered locally (no UUID object made) have uuid None and no
  characteristics.
- ports/nordic/common-hal/_bleio/Service.c, __init__.c: services cannot be removed; the attribute
  table (BLEIO_ATTR_TAB_SIZE, 5 x 1408 bytes) full is MemoryError ("Nordic system firmware out of
  memory"). Characteristic max_length <= 512 (510 fixed).
"""

ATT_MTU = 512  # BLE_GATTS_VAR_ATTR_LEN_MAX: both ends of two CircuitPython boards ask for it
INTERVAL_MS = 15
SUPERVISION_MS = 4000
PERIPH_MAX = 4
CENTRAL_MAX = 4
TOTAL_MAX = 5
ATTR_TABLE = 5 * 1408


class BluetoothError(Exception):
    pass


class RoleError(BluetoothError):
    pass


class SecurityError(BluetoothError):
    pass


class Blocked(AssertionError):
    """The real call would wait here (for an advertisement, a packet's room, the supervision
    timeout): the program would stand still."""


class Attribute:
    NO_ACCESS = 0
    OPEN = 1
    ENCRYPT_NO_MITM = 2
    ENCRYPT_WITH_MITM = 3
    LESC_ENCRYPT_WITH_MITM = 4
    SIGNED_NO_MITM = 5
    SIGNED_WITH_MITM = 6


class UUID:
    def __init__(self, value):
        if isinstance(value, int):
            if not 0 <= value <= 0xFFFF:
                raise ValueError("UUID integer value must be 0-0xffff")
            self.size, self.uuid16, self._b = 16, value, None
            return
        if isinstance(value, str):
            h = value.replace("-", "")
            if len(value) != 36 or len(h) != 32:
                raise ValueError("UUID string not 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'")
            value = bytes(int(h[i : i + 2], 16) for i in range(30, -2, -2))  # little-endian
        value = bytes(value)
        if len(value) != 16:
            raise ValueError("UUID value is not str, int or byte buffer")
        self.size, self._b = 128, value
        self.uuid16 = value[12] | value[13] << 8

    @property
    def uuid128(self):
        if self._b is None:
            raise AttributeError("not a 128-bit UUID")
        return self._b

    def _key(self):
        return (self.size, self.uuid16, self._b)

    def __eq__(self, other):
        return isinstance(other, UUID) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())


class Address:
    PUBLIC = 0
    RANDOM_STATIC = 1
    RANDOM_PRIVATE_RESOLVABLE = 2
    RANDOM_PRIVATE_NON_RESOLVABLE = 3

    def __init__(self, address, address_type=0):
        address = bytes(address)
        if len(address) != 6:
            raise ValueError("address length must be 6")
        if not 0 <= address_type <= 3:
            raise ValueError("address_type out of range")
        self.address_bytes = address
        self.type = address_type

    def __eq__(self, other):
        return isinstance(other, Address) and (self.address_bytes, self.type) == (other.address_bytes, other.type)

    def __hash__(self):
        return hash((self.address_bytes, self.type))

    def __repr__(self):
        return "<Address %s>" % ":".join("%02x" % b for b in reversed(self.address_bytes))


class ScanEntry:
    def __init__(self, address, data, rssi, connectable, scan_response):
        self.address = address
        self.advertisement_bytes = data
        self.rssi = rssi
        self.connectable = connectable
        self.scan_response = scan_response

    def matches(self, prefixes, *, match_all=True):
        return _matches(self.advertisement_bytes, bytes(prefixes), not match_all)


def _matches(data, prefixes, any_):
    """shared-module/_bleio/ScanEntry.c bleio_scanentry_data_matches."""
    if not prefixes:
        return True
    if not data:
        return False
    i = 0
    while i < len(prefixes):
        n = prefixes[i]
        i += 1
        p = prefixes[i : i + n]
        j = 0
        hit = False
        while j < len(data):
            size = data[j]
            j += 1
            if size == 0:
                break
            if size >= n and data[j : j + n] == p:
                if any_:
                    return True
                hit = True
                break
            j += size
        if not hit and not any_:
            return False
        i += n
    return not any_


class ScanResults:
    def __init__(self, size, prefixes, minimum_rssi, extended, active, until):
        self.size = size
        self.filled = 0
        self.entries = []
        self.prefixes = prefixes
        self.minimum_rssi = minimum_rssi
        self.extended = extended
        self.active = active
        self.until = until
        self.done = False
        self.dropped = 0

    def _append(self, entry):
        if entry.rssi < self.minimum_rssi or not _matches(entry.advertisement_bytes, self.prefixes, True):
            return
        cost = 19 + len(entry.advertisement_bytes)
        if cost > self.size - self.filled:
            self.dropped += 1
            return
        self.filled += cost
        self.entries.append(entry)

    def __iter__(self):
        return self

    def __next__(self):
        if not self.entries:
            if not self.done:
                raise Blocked("ScanResults' iterator waits for the next advertisement while the scan runs")
            raise StopIteration
        e = self.entries.pop(0)
        self.filled -= 19 + len(e.advertisement_bytes)
        return e


class Characteristic:
    BROADCAST = 1
    INDICATE = 2
    NOTIFY = 4
    READ = 8
    WRITE = 16
    WRITE_NO_RESPONSE = 32

    def __init__(self, service, uuid, properties, max_length, local=None):
        self.service = service
        self.uuid = uuid
        self.properties = properties
        self.max_length = max_length
        self.local = local if local is not None else self  # a remote one: the peer's own
        self.value = b""

    @classmethod
    def add_to_service(
        cls,
        service,
        uuid,
        *,
        properties=0,
        read_perm=Attribute.OPEN,
        write_perm=Attribute.OPEN,
        max_length=20,
        fixed_length=False,
        initial_value=None,
        user_description=None,
    ):
        if not isinstance(uuid, UUID):
            raise TypeError("uuid must be of type UUID")
        if properties & ~0x3F:
            raise ValueError("Invalid properties")
        top = 510 if fixed_length else 512
        if not 0 <= max_length <= top:
            raise ValueError("max_length must be 0-%d when fixed_length is %s" % (top, fixed_length))
        if service.remote:
            raise RoleError("Can't add a Characteristic to a remote Service")
        service._dev._attrs(40 + max_length)
        c = cls(service, uuid, properties, max_length)
        service._chars.append(c)
        return c

    @property
    def descriptors(self):
        return ()


class _Service:
    _dev = None

    def __init__(self, uuid, *, secondary=False, _remote=None):
        if not isinstance(uuid, UUID):
            raise TypeError("uuid must be of type UUID")
        self.uuid = uuid
        self.secondary = secondary
        self._chars = []
        self.remote = _remote is not None
        self.connection = _remote
        if _remote is None:
            self._dev._attrs(24)
            self._dev.services.append(self)

    @property
    def characteristics(self):
        return tuple(self._chars)


class PacketBuffer:
    def __init__(self, characteristic, *, buffer_size, max_packet_size=None):
        if not isinstance(characteristic, Characteristic):
            raise TypeError("characteristic must be of type Characteristic")
        if buffer_size < 1:
            raise ValueError("buffer_size must be >= 1")
        mps = characteristic.max_length if max_packet_size is None else max_packet_size
        if mps < 1:
            raise ValueError("max_packet_size must be >= 1")
        self.char = characteristic
        self.max_packet_size = min(mps, ATT_MTU - 3)
        svc = characteristic.service
        self.client = svc.remote
        p = characteristic.properties
        incoming = p & (Characteristic.WRITE | Characteristic.WRITE_NO_RESPONSE)
        outgoing = p & (Characteristic.NOTIFY | Characteristic.INDICATE)
        if self.client:
            incoming, outgoing = outgoing, incoming
        self.capacity = buffer_size * (2 + self.max_packet_size) if incoming else 0
        self.ring = []
        self.filled = 0
        self.outgoing = bool(outgoing)
        self.queued = None  # the packet in flight
        self.pending = b""  # the one later writes are appended to
        self.dropped = 0
        self.dev = svc.connection.dev if self.client else svc._dev
        self.link = svc.connection.link if self.client else None
        self.dev.pbs.append(self)
        if self.client and incoming:  # the CCCD written: the server side binds at the next event
            self.link.cccd.append((self, characteristic.local))

    def _take(self, data):
        n = len(data)
        if n + 2 > self.capacity:
            self.dropped += 1
            return
        while self.capacity - self.filled < n + 2:
            self.filled -= len(self.ring.pop(0)) + 2
            self.dropped += 1
        self.ring.append(bytes(data))
        self.filled += n + 2

    def readinto(self, buf):
        if not self.ring:
            return 0
        p = self.ring.pop(0)
        self.filled -= len(p) + 2
        if len(p) > len(buf):
            raise ValueError("Buffer too short by %d bytes" % (len(p) - len(buf)))
        buf[: len(p)] = p
        return len(p)

    def _bound(self):
        link = self.link
        return link is not None and link.up

    @property
    def incoming_packet_length(self):
        if self.client and self.char.properties & (Characteristic.NOTIFY | Characteristic.INDICATE):
            if not self._bound():
                raise ValueError("No connection: length cannot be determined")
            return self.link.mtu() - 3
        return self.char.max_length

    @property
    def outgoing_packet_length(self):
        if not self.client and self.char.properties & (Characteristic.NOTIFY | Characteristic.INDICATE):
            if not self._bound():
                raise ValueError("No connection: length cannot be determined")
            return min(self.link.mtu() - 3, self.max_packet_size, self.char.max_length)
        if self.client and self._bound():
            return min(self.link.mtu() - 3, self.max_packet_size)
        return min(self.char.max_length, self.max_packet_size)

    def write(self, data, *, header=None):
        if not self.outgoing:
            raise BluetoothError("Writes not supported on Characteristic")
        data = bytes(data)
        header = bytes(header or b"")
        if not self._bound():
            return 0
        room = self.outgoing_packet_length
        total = len(data) + len(header)
        if total > room:
            raise ValueError("Total data to write is larger than outgoing_packet_length")
        if total > self.max_packet_size:
            raise ValueError("Total data to write is larger than max_packet_size")
        if self.pending and len(data) + len(self.pending) > room:
            link = self.link
            if link.silent():
                raise Blocked("PacketBuffer.write waits for its packet in flight: the link is silent")
            self.dev.adapter.blocked_ms.append(INTERVAL_MS)
            link.event_for(self)
        if not self.pending:
            self.pending = header
        self.pending += data
        if self.queued is None:
            self.queued, self.pending = self.pending, b""
        return total

    def _deliver(self):
        """One connection event: the packet in flight arrives, the pending one goes."""
        if self.queued is None:
            return
        p, self.queued = self.queued, None
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
        if self.pending:
            self.queued, self.pending = self.pending, b""

    def deinit(self):
        if self.client and self in self.dev.pbs:  # a server one's handler stays (PacketBuffer.c)
            self.dev.pbs.remove(self)


class Connection:
    def __init__(self, link, dev):
        self.link = link
        self.dev = dev
        self.paired = False

    @property
    def connected(self):
        return self.link.up

    @property
    def connection_interval(self):
        return float(INTERVAL_MS)

    @property
    def max_packet_length(self):
        return self.link.mtu() - 3

    def disconnect(self):
        self.link.down()

    def discover_remote_services(self, service_uuids_whitelist=None):
        if not self.link.up:
            raise ConnectionError(
                "Connection has been disconnected and can no longer be used. Create a new connection."
            )
        wanted = None
        if service_uuids_whitelist is not None:
            wanted = list(service_uuids_whitelist)
            for u in wanted:
                if not isinstance(u, UUID):
                    raise TypeError("non-UUID found in service_uuids_whitelist")
        if self.link.silent():
            self.dev.adapter.blocked_ms.append(SUPERVISION_MS)
            self.link.down()
            raise ConnectionError(
                "Connection has been disconnected and can no longer be used. Create a new connection."
            )
        peer = self.link.other(self.dev)
        out = []
        steps = 1
        for s in peer.services:
            if wanted is not None and s.uuid not in wanted:
                continue
            known = s.uuid.size == 16 or s.uuid.uuid128[:12] + s.uuid.uuid128[14:] in self.dev.bases
            r = _Service(s.uuid, _remote=self)
            if not known:
                r.uuid = None
            else:
                for c in s._chars:
                    r._chars.append(Characteristic(r, c.uuid, c.properties, c.max_length, local=c))
                    steps += 2
                steps += 1
            out.append(r)
        self.dev.adapter.blocked_ms.append(steps * 2 * INTERVAL_MS)
        return tuple(out)


class _Link:
    def __init__(self, air, central, peripheral):
        self.air = air
        self.central = central
        self.peripheral = peripheral
        self.up = True
        self.exchanged = False
        self.next_event = air.now + INTERVAL_MS
        self.cccd = []
        self.conns = {central: Connection(self, central), peripheral: Connection(self, peripheral)}

    def other(self, dev):
        return self.peripheral if dev is self.central else self.central

    def mtu(self):
        return ATT_MTU if self.exchanged else 23

    def silent(self):
        return self.central.name in self.air.gone or self.peripheral.name in self.air.gone

    def down(self):
        if self.up:
            self.up = False
            for d in (self.central, self.peripheral):
                d.adapter._changed()

    def event_for(self, pb):
        pb._deliver()

    def event(self):
        self.exchanged = True
        for pb, local in self.cccd:
            for spb in self.other(pb.dev).pbs:
                if not spb.client and spb.char is local:
                    spb.link = self  # a subscription binds the server PacketBuffer, taking it over
        self.cccd = []
        for d in (self.central, self.peripheral):
            for pb in list(d.pbs):
                if pb.link is self and pb.outgoing:
                    pb._deliver()


class Adapter:
    def __init__(self, dev):
        self.dev = dev
        self.enabled = False
        self.name = "CIRCUITPY" + dev.name[-4:]
        self._adv = None
        self._scan = None
        self._conns = None
        self.blocked_ms = []  # what each blocking call would have held the program, in ms

    @property
    def address(self):
        return self.dev.address

    @property
    def advertising(self):
        return self._adv is not None

    def start_advertising(
        self,
        data,
        *,
        scan_response=None,
        connectable=True,
        anonymous=False,
        timeout=0,
        interval=0.1,
        tx_power=0,
        directed_to=None,
    ):
        data = bytes(data)
        sr = bytes(scan_response or b"")
        if not 0.02 <= interval <= 10.24:
            raise ValueError("interval must be in range 0.02-10.24")
        if len(data) > 31 and connectable and sr:
            raise BluetoothError("Cannot have scan responses for extended, connectable advertisements.")
        if self._adv is not None:
            raise BluetoothError("Already advertising.")
        for n in (len(data), len(sr)):
            if n > 255 or (connectable and n > 238):
                raise ValueError("Data too large for advertisement packet")
        if connectable and self.dev.count("peripheral") >= PERIPH_MAX:
            raise BluetoothError("Unknown system firmware error: 0012")  # NRF_ERROR_CONN_COUNT
        self._adv = {
            "data": data,
            "sr": sr,
            "connectable": connectable,
            "extended": len(data) > 31 or len(sr) > 31,
            "every": max(20, int(interval * 1000)),
            "next": self.dev.air.now,
        }

    def stop_advertising(self):
        self._adv = None

    def start_scan(
        self,
        *,
        prefixes=b"",  # keyword-only in the binding's allowed_args, whatever its docstring says
        buffer_size=512,
        extended=False,
        timeout=None,
        interval=0.1,
        window=0.1,
        minimum_rssi=-80,
        active=True,
    ):
        if self._scan is not None and not self._scan.done:
            raise BluetoothError("Scan already in progress. Stop with stop_scan.")
        if self._adv is not None:
            raise BluetoothError("Unknown system firmware error: 0011")  # NRF_ERROR_BUSY
        if not 0.0025 <= interval <= 40.959375:
            raise ValueError("interval must be in range 0.0025-40.959375")
        if timeout and timeout < interval:
            raise ValueError("non-zero timeout must be >= interval")
        if window > interval:
            raise ValueError("window must be <= interval")
        if buffer_size < 1:
            raise ValueError("buffer_size must be >= 1")
        now = self.dev.air.now
        until = now + int(timeout * 1000) if timeout else None
        self._scan = ScanResults(buffer_size, bytes(prefixes), minimum_rssi, extended, active, until)
        return self._scan

    def stop_scan(self):
        if self._scan is not None:
            self._scan.done = True
            self._scan = None

    def connect(self, address, *, timeout):
        if not isinstance(address, Address):
            raise TypeError("address must be of type Address")
        dev = self.dev
        air = dev.air
        if self._scan is not None and not self._scan.done:
            raise BluetoothError("Invalid state")  # modeled at its worst: a scan running refuses it
        if dev.count("central") >= CENTRAL_MAX or dev.count() >= TOTAL_MAX:
            raise BluetoothError("Unknown system firmware error: 0012")
        target = None
        for d in air.devices:
            a = d.adapter._adv
            if d.address == address and d is not dev and a is not None and a["connectable"] and not a["extended"]:
                if d.name not in air.gone and dev.name not in air.gone:
                    target = d
        if target is None:
            self.blocked_ms.append(int(timeout * 1000))
            raise BluetoothError("Failed to connect: timeout")
        self.blocked_ms.append(min(target.adapter._adv["every"], int(timeout * 1000)))
        link = _Link(air, dev, target)
        air.links.append(link)
        for d in (dev, target):
            d.adapter._adv = None  # BLE_GAP_EVT_CONNECTED stops advertising
            d.adapter._changed()
        return link.conns[dev]

    @property
    def connected(self):
        return bool(self.connections)

    @property
    def connections(self):
        if self._conns is None:
            self._conns = tuple(k.conns[self.dev] for k in self.dev.air.links if k.up and self.dev in k.conns)
        return self._conns

    def _changed(self):
        self._conns = None

    def erase_bonding(self):
        pass


class _Device:
    def __init__(self, air, name, index):
        self.air = air
        self.name = name
        self.address = Address(bytes((index, 0x47, 0x11, 0xE5, 0xC1, 0xC0 | index >> 8 & 0x3F)), Address.RANDOM_STATIC)
        self.adapter = Adapter(self)
        self.services = []
        self.pbs = []
        self.bases = set()  # vendor UUID bases this SoftDevice knows
        self.attrs = 1200  # the CircuitPython workflow's own services (file transfer, serial)

    def _attrs(self, n):
        if self.attrs + n > ATTR_TABLE:
            raise MemoryError("Nordic system firmware out of memory")
        self.attrs += n

    def count(self, role=None):
        n = 0
        for k in self.air.links:
            if k.up and (
                role is None and self in k.conns or (k.central if role == "central" else k.peripheral) is self
            ):
                n += 1
        return n


class Module:
    """One device's view of _bleio: what `import _bleio` gives on that device."""

    def __init__(self, dev):
        class Service(_Service):
            _dev = dev

        class _UUID(UUID):
            def __init__(self, value):
                UUID.__init__(self, value)
                if self.size == 128:
                    dev.bases.add(self._b[:12] + self._b[14:])  # sd_ble_uuid_vs_add

        self.adapter = dev.adapter
        self.Service = Service
        self.UUID = _UUID
        self.Address = Address
        self.Attribute = Attribute
        self.Characteristic = Characteristic
        self.PacketBuffer = PacketBuffer
        self.ScanEntry = ScanEntry
        self.ScanResults = ScanResults
        self.Connection = Connection
        self.Adapter = Adapter
        self.BluetoothError = BluetoothError
        self.RoleError = RoleError
        self.SecurityError = SecurityError
        self.dev = dev


class Air:
    def __init__(self, rssi=-50):
        self.now = 0
        self.devices = []
        self.links = []
        self.gone = set()
        self.rssi = rssi

    def device(self, name):
        d = _Device(self, name, len(self.devices) + 1)
        self.devices.append(d)
        return Module(d)

    def cut(self, name, gone=True):
        """A device out of range (gone=False: back): nothing of it is heard, its links go silent
        and after the supervision timeout down."""
        if gone:
            self.gone.add(name)
            for k in self.links:
                if k.up and name in (k.central.name, k.peripheral.name):
                    k.silent_since = self.now
        else:
            self.gone.discard(name)

    def advance(self, now):
        """Air time to now: advertising events heard by the scans, connection events."""
        for d in self.devices:
            a = d.adapter._adv
            while a is not None and a["next"] <= now:
                self._heard(d, a)
                a["next"] += a["every"]
        for d in self.devices:
            s = d.adapter._scan
            if s is not None and s.until is not None and now >= s.until:
                s.done = True
        for k in self.links:
            while k.up and k.next_event <= now:
                if k.silent():
                    if k.next_event - getattr(k, "silent_since", k.next_event) >= SUPERVISION_MS:
                        k.down()
                else:
                    k.event()
                k.next_event += INTERVAL_MS
        self.now = now
        for d in self.devices:  # a device with a clock of its own: a Pico W's (stubs/bluetooth.py)
            tick = getattr(d, "tick", None)
            if tick is not None:
                tick(now)

    def _heard(self, src, a):
        if src.name in self.gone:
            return
        for d in self.devices:
            s = d.adapter._scan
            if d is src or s is None or s.done or d.name in self.gone:
                continue
            if a["extended"] and not s.extended:
                continue
            s._append(ScanEntry(src.address, a["data"], self.rssi, a["connectable"], False))
            if s.active and a["sr"]:
                s._append(ScanEntry(src.address, a["sr"], self.rssi, a["connectable"], True))


_air = Air()
_self = _air.device("self")
adapter = _self.adapter
Service = _self.Service
