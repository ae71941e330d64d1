"""UDP under the link core (firmware/linkhost.py, linkclient.py): the desktop, the terminal, the
MicroPython unix port, a Pico W and the ESP32 boards on Wi-Fi.

    radio = UdpRadio(port=0, host="0.0.0.0", broadcast_port=47111, peers=())
    radio.send(addr, data) -> True/False    radio.broadcast(data)    radio.recv() -> (addr, data)/None

An address is (host text, port) on every runtime. A datagram that could not go (no route, a full
buffer, a peer gone) is a lost frame, as on a radio: send says False and the link core's resends
do the rest; nothing here waits. broadcast() goes to 255.255.255.255:broadcast_port (0: none), to
each of `peers` (the tests' relay ports) and to each address that asked with an empty datagram:
a joiner given the host's address (`ask`: where broadcasts do not pass, or a second window on one
machine) sends one twice a second. A joiner binds broadcast_port itself to hear the beacons.

The runtimes differ in three places (read in their sources):
- MicroPython (ports/unix/modsocket.c, extmod/modlwip.c): recvfrom gives the unix port's raw
  sockaddr bytes, and sendto takes only getaddrinfo's opaque address; socket.sockaddr() and
  inet_ntop() turn it into (host, port). A non-blocking socket with nothing raises OSError
  EAGAIN (11).
- CircuitPython (shared-bindings/socketpool/Socket.c): no recvfrom, only recvfrom_into(buffer)
  -> (size, (host, port)); the socket comes from socketpool.SocketPool(wifi.radio); settimeout(0)
  makes it non-blocking (EAGAIN as above).
- CPython on Linux: an ICMP "port unreachable" from a peer that went away comes back as
  ConnectionRefusedError on the next recvfrom; it is skipped.
"""

import time

try:
    import socket as _socket
except ImportError:  # CircuitPython: sockets come from a pool on the Wi-Fi radio
    _socket = None

_AGAIN = (11, 35)  # EAGAIN on Linux and the ports' lwIP; macOS's
MTU = 250  # bytes: the largest datagram taken whole (the link core's frames are <= 200)


def _ms():
    try:
        return time.ticks_ms()  # MicroPython (it wraps: _ask minds it)
    except AttributeError:
        return int(time.monotonic() * 1000)  # CPython, CircuitPython


def _pool():
    if _socket is not None:
        return _socket
    import socketpool
    import wifi

    return socketpool.SocketPool(wifi.radio)


class UdpRadio:
    mtu = MTU

    def __init__(self, port=0, host="0.0.0.0", broadcast_port=47111, peers=(), ask=None):
        self.pool = pool = _pool()
        self.sock = pool.socket(pool.AF_INET, pool.SOCK_DGRAM)
        # No SO_REUSEADDR: two sockets on one port would each get some of the datagrams (Linux
        # gives a unicast one to one of them); the second radio on a machine is told the port is taken.
        try:
            if broadcast_port:
                self.sock.setsockopt(pool.SOL_SOCKET, pool.SO_BROADCAST, 1)
        except (AttributeError, OSError):  # CircuitPython's pool has no such option: broadcast is allowed
            pass
        self.native = {}  # (host, port) -> the runtime's own address form
        self.sock.bind(self._native((host, port)))
        if hasattr(self.sock, "setblocking"):
            self.sock.setblocking(False)
        else:
            self.sock.settimeout(0)
        self.broadcast_port = broadcast_port
        self.peers = tuple((h, int(p)) for h, p in peers)
        self.buf = bytearray(MTU + 1)  # one byte over: a longer datagram shows as too long
        self.sent = self.dropped = 0
        self.askers = []  # who sent an empty datagram: they get the beacons too
        self.ask = None if ask is None else (ask[0], int(ask[1]))
        self.asked = None

    def _native(self, addr):
        got = self.native.get(addr)
        if got is None:
            got = self.pool.getaddrinfo(addr[0], addr[1])[0][-1]
            if len(self.native) < 64:  # a table has at most 6 devices; strangers are not kept
                self.native[addr] = got
        return got

    def _plain(self, raw):
        if isinstance(raw, tuple):
            return (raw[0], raw[1])
        fam, ip, port = _socket.sockaddr(raw)  # the unix port's raw sockaddr
        return (_socket.inet_ntop(fam, ip), port)

    def address(self):
        """(host, port) this radio is bound to (the port the system chose for port=0)."""
        try:
            return self._plain(self.sock.getsockname())
        except (AttributeError, OSError):  # MicroPython has no getsockname
            return None

    def send(self, addr, data):
        try:
            self.sock.sendto(data, self._native(tuple(addr)))
        except OSError:
            self.dropped += 1
            return False
        self.sent += 1
        return True

    def broadcast(self, data):
        ok = False
        if self.broadcast_port:
            ok = self.send(("255.255.255.255", self.broadcast_port), data)
        for p in self.peers + tuple(self.askers):
            ok = self.send(p, data) or ok
        return ok

    def _ask(self):
        """`ask`: a host's address, given where broadcasts do not pass (or on one machine): an
        empty datagram to it twice a second asks it for its beacons."""
        now = _ms()
        if self.asked is None or now - self.asked >= 500 or now < self.asked:
            self.asked = now
            self.send(self.ask, b"")

    def recv(self):
        s = self.sock
        if self.ask is not None:
            self._ask()
        for _ in range(8):  # skip a few unreachable reports and asks, then give the loop back
            try:
                if hasattr(s, "recvfrom"):
                    data, raw = s.recvfrom(MTU + 1)
                else:
                    n, raw = s.recvfrom_into(self.buf)
                    data = bytes(self.buf[:n])
            except OSError as e:
                if e.args and e.args[0] in _AGAIN:
                    return None
                continue  # a peer's unreachable report: the next datagram
            if not data:
                a = self._plain(raw)
                if a not in self.askers and len(self.askers) < 8:
                    self.askers.append(a)
                continue
            if len(data) > MTU:
                data = data[: MTU + 1]  # kept too long: the link core refuses it whole
            return self._plain(raw), data
        return None

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass
