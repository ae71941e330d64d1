"""ESP-NOW between two real ESP32-S2/S3 boards under CircuitPython (docs/link.md "ESP-NOW"):
copy this one file as code.py onto both boards and open both serial consoles.

The boards find each other by broadcast (HI, twice a second); the one with the lower MAC pings,
the other echoes. The pinger sends numbered pings by broadcast, PINGS of each size in SIZES,
one at a time (each waits up to WAIT_MS for its echo), then BURST pings at once; the echoer sends
each back unicast to the pinger (a peer added, as boards/radio_espnow.py does). After each
sweep the pinger prints, per size: sent, echoed, loss, the round trip's min/median/max ms, a
refusal (ESP-NOW v1.0 refuses over 250 bytes) and the largest size that came back whole; both
print espnow's counters (read_failure: packets the ring had no room for). Then it sweeps again.

Both boards must be on one Wi-Fi channel: neither joined to an access point (settings.toml
without CIRCUITPY_WIFI_SSID), or both joined to the same one. Needs only CircuitPython's
espnow and wifi; nothing of the game. The logic is Check.step(now), which never waits
(host_tests/test_radio_espnow.py runs two of them on the stand-in).
"""

import time

BUFFER = 4096  # boards/radio_espnow.py's ring
SIZES = (16, 64, 128, 200, 250, 251, 300)
PINGS = 20
BURST = 12
BURST_SIZE = 200
WAIT_MS = 300
PAUSE_MS = 3000
EVERYONE = b"\xff\xff\xff\xff\xff\xff"


def ms():
    return time.monotonic_ns() // 1000000


def hexmac(mac):
    return ":".join("%02x" % b for b in mac)


def packet(kind, seq, size):
    b = bytearray(size)
    b[0] = kind
    b[1] = seq >> 24 & 255
    b[2] = seq >> 16 & 255
    b[3] = seq >> 8 & 255
    b[4] = seq & 255
    for i in range(5, size):
        b[i] = (seq + i) & 255
    return b


def seq_of(msg):
    return msg[1] << 24 | msg[2] << 16 | msg[3] << 8 | msg[4]


class Check:
    def __init__(self, espnow, e, me, out=print):
        self.espnow = espnow
        self.e = e
        self.me = bytes(me)
        self.out = out
        self.everyone = espnow.Peer(mac=EVERYONE)
        e.peers.append(self.everyone)
        self.known = {}  # mac -> Peer added
        self.role = None  # "ping" or "echo"
        self.hi_at = None
        self.said_at = None
        self.echoed = 0
        self.sweeps = 0
        self._new_sweep(0)

    def _new_sweep(self, now):
        self.plan = [s for s in SIZES for _ in range(PINGS)]
        self.at = 0  # the next ping of the plan
        self.waiting = None  # (seq, size, sent at) of the ping out
        self.burst_at = None
        self.pause_until = now
        self.seq = self.sweeps * 100000
        self.stats = {}  # size -> [sent, back, [rtt, ...], refusal]
        self.burst = {}  # seq -> sent at
        self.burst_back = []

    def _peer(self, mac):
        p = self.known.get(mac)
        if p is None:
            p = self.espnow.Peer(mac=mac)
            self.e.peers.append(p)
            self.known[mac] = p
        return p

    def _send(self, msg, peer):
        try:
            self.e.send(msg, peer)
            return None
        except Exception as ex:  # IDFError (an OSError), ValueError: said, never fatal
            return "%s: %s" % (type(ex).__name__, ex)

    def step(self, now):
        for _ in range(16):
            try:
                p = self.e.read()
            except ValueError as ex:  # a packet the ring mangled (one over 255 bytes)
                self.out("read: %s" % ex)
                continue
            if p is None:
                break
            self._heard(p.mac, p.msg, now)
        if self.role != "ping" and (self.hi_at is None or now - self.hi_at >= 500):
            self.hi_at = now
            self._send(b"HI" + self.me, self.everyone)
        if self.role == "ping":
            self._ping(now)
        if self.said_at is None or now - self.said_at >= 10000:
            self.said_at = now
            e = self.e
            counts = (e.send_success, e.send_failure, e.read_success, e.read_failure)
            self.out(
                "%s %s: echoed %d; send_success %d, send_failure %d, read_success %d, read_failure %d"
                % ((hexmac(self.me), self.role or "looking", self.echoed) + counts)
            )

    def _heard(self, mac, msg, now):
        mac = bytes(mac)
        if msg[:2] == b"HI" and len(msg) == 8:
            if self.role is None:
                self.role = "ping" if self.me < mac else "echo"
                self.out(
                    "%s: %s heard: this board is the %s"
                    % (hexmac(self.me), hexmac(mac), ("echoer", "pinger")[self.role == "ping"])
                )
        elif msg[:1] == b"P" and len(msg) >= 5:
            if self.role is None:
                self.role = "echo"
            reply = bytearray(msg)
            reply[0] = ord("E")
            if self._send(reply, self._peer(mac)) is None:
                self.echoed += 1
        elif msg[:1] == b"E" and len(msg) >= 5 and self.role == "ping":
            self._echo(bytes(msg), now)

    def _echo(self, msg, now):
        seq = seq_of(msg)
        if msg != bytes(packet(ord("E"), seq, len(msg))):
            return  # not whole: not counted
        w = self.waiting
        if w is not None and w[0] == seq and w[1] == len(msg):
            st = self.stats[w[1]]
            st[1] += 1
            st[2].append(now - w[2])
            self.waiting = None
        elif seq in self.burst:
            self.burst_back.append(now - self.burst.pop(seq))

    def _ping(self, now):
        if now < self.pause_until:
            return
        w = self.waiting
        if w is not None and now - w[2] < WAIT_MS:
            return
        self.waiting = None
        if self.at < len(self.plan):
            size = self.plan[self.at]
            self.at += 1
            self.seq += 1
            st = self.stats.setdefault(size, [0, 0, [], None])
            st[0] += 1
            why = self._send(packet(ord("P"), self.seq, size), self.everyone)
            if why is None:
                self.waiting = (self.seq, size, now)
            else:
                st[3] = why
            return
        if self.burst_at is None:
            self.burst_at = now
            for _ in range(BURST):
                self.seq += 1
                if self._send(packet(ord("P"), self.seq, BURST_SIZE), self.everyone) is None:
                    self.burst[self.seq] = now
            return
        if now - self.burst_at < 1000:
            return
        self._report()
        self.sweeps += 1
        self._new_sweep(now + PAUSE_MS)

    def _report(self):
        out = self.out
        out("sweep %d (%s pings, %d each, one at a time):" % (self.sweeps + 1, hexmac(self.me), PINGS))
        largest = 0
        for size in SIZES:
            sent, back, rtts, why = self.stats.get(size, (0, 0, [], None))
            rtts = sorted(rtts)
            line = "  %3d bytes: sent %d, echoed %d, loss %d%%" % (
                size,
                sent,
                back,
                100 * (sent - back) // max(1, sent),
            )
            if rtts:
                line += ", rtt min %d / median %d / max %d ms" % (rtts[0], rtts[len(rtts) // 2], rtts[-1])
                largest = max(largest, size)
            if why:
                line += ", refused: " + why
            out(line)
        n = len(self.burst_back) + len(self.burst)
        out("  burst of %d x %d bytes: %d echoed within 1 s" % (n, BURST_SIZE, len(self.burst_back)))
        out("  largest frame echoed whole: %d bytes" % largest)


def main():
    import espnow
    import wifi

    e = espnow.ESPNow(buffer_size=BUFFER)
    me = bytes(wifi.radio.mac_address)
    ap = wifi.radio.ap_info
    print("ESP-NOW check: this board %s, ring %d bytes" % (hexmac(me), BUFFER))
    if ap is None:
        print("not joined to an access point: the other board must not be either")
    else:
        print(
            "joined to %s on channel %d: the other board must be on channel %d too" % (ap.ssid, ap.channel, ap.channel)
        )
    c = Check(espnow, e, me)
    while True:
        c.step(ms())
        time.sleep(0.002)


if __name__ == "__main__":
    main()
