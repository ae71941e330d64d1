"""Wi-Fi link check for two Pico W (or Pico 2 W) boards under MicroPython: pings and echoes over
boards/network.py, the game's own Wi-Fi radio (docs/link.md "Wi-Fi (Pico W)").

Both boards hold the game's bundle (make flash BOARD=pico_lcd_114 PORT=...: it ships
boards/network.mpy and boards/radio_udp.mpy) and the same Wi-Fi keys in settings.toml (none:
the table's own access point, ElferRaus). Run this file on each from the desktop, the host first:

    mpremote connect /dev/ttyACM0 run host/ship/radiocheck/wifi.py    # BOOTSEL held: the host
    mpremote connect /dev/ttyACM1 run host/ship/radiocheck/wifi.py    # the joiner

The role: the BOOTSEL button held in the first 2 s makes the host, else the joiner (ROLE below
sets it without the button). The host opens the Wi-Fi as Host a table does (its access point,
or joins the home network), beacons once a second and echoes pings; the joiner finds it (the
beacons, or 192.168.4.1 asked directly), pings it every EVERY_MS with each size of SIZES in turn
and prints every 5 s: sent, answered, the loss, round trips (min / median / max ms), the sizes
that came back whole, the signal (rssi). Both print each change of the Wi-Fi's state with the
ms since the start (how long a join really takes) and why it failed.

How many stations the access point takes: the host prints the stations on it every 5 s and the
most it saw. Join phones or laptops to ElferRaus (key elferraus) one by one beside the joiner;
the first one the chip refuses fails to join on that device, and the host's count stays (the
limit is the cyw43 firmware's, not in MicroPython's sources; a table needs at most 5).
The logic is Check.step(), which never waits (host_tests/test_radio_wifi.py runs two on the
stand-in).
"""

ROLE = None  # "host" or "join": no button needed
SIZES = (16, 100, 200, 250)  # bytes a ping (the link's frames are at most 200; UDP takes 250)
EVERY_MS = 100
REPORT_MS = 5000
LATE_MS = 2000  # a ping not answered by then is lost
# A plain BEACON frame (docs/link.md "Frames"): table 0x4711, the host's name "check".
BEACON = bytes((0xE5, 1, 0x47, 0x11, 0, 0, 0xFE, 0, 0, 0, 0, 16)) + bytes(8) + bytes((0, 2, 1)) + b"check"
PING = 0x50
STATES = {0: "off", 1: "connecting", 3: "up", -1: "failed", -2: "network not found", -3: "wrong password"}


class Check:
    def __init__(self, role, radio, ms, diff, out=print, every_ms=EVERY_MS):
        """radio: boards/network.py's WifiRadio, not yet used; ms() and diff(a, b) its clock."""
        if role not in ("host", "join"):
            raise ValueError("radiocheck: role is host or join, got %r" % (role,))
        self.role = role
        self.radio = radio
        radio.hosting = role == "host"  # as firmware/remotehost.py host(): before its first use
        self.ms = ms
        self.diff = diff
        self.out = out
        self.every = every_ms
        self.state = None
        self.started = self.beaconed = self.pinged = self.reported = ms()
        self.host = None
        self.seq = 0
        self.waiting = {}  # seq -> (when sent, size)
        self.rtts = []
        self.whole = {}  # size -> echoes that came back whole
        self.sent = self.answered = self.late = self.echoed = 0
        self.stations_most = 0

    def _since(self, t):
        return self.diff(self.ms(), t)

    def step(self):
        r = self.radio
        for _ in range(16):
            got = r.recv()  # (this brings the Wi-Fi up too)
            if got is None:
                break
            addr, data = got
            if self.role == "host":
                if data and data[0] == PING:
                    r.send(addr, data)
                    self.echoed += 1
            elif data[:2] == b"\xe5\x01":
                if self.host is None:
                    self.out("radiocheck: heard the host at %s" % (addr,))
                self.host = addr
            elif data and data[0] == PING and len(data) >= 3:
                sent = self.waiting.pop(data[1] << 8 | data[2], None)
                if sent is not None:
                    self.answered += 1
                    self.rtts.append(self._since(sent[0]))
                    if len(data) == sent[1] and data[3:] == bytes(range(3, sent[1])):
                        self.whole[sent[1]] = self.whole.get(sent[1], 0) + 1
        if r.state != self.state:
            self.state = r.state
            why = r.why if r.state == -4 else STATES.get(r.state, "status %d" % r.state)
            self.out("wifi: %s %s after %d ms" % (r.ssid, why, self._since(self.started)))
        if r.state != 3:
            return
        if self.role == "host" and self._since(self.beaconed) >= 1000:
            self.beaconed = self.ms()
            r.broadcast(BEACON)
        if self.role == "join" and self.host is not None and self._since(self.pinged) >= self.every:
            self.pinged = self.ms()
            self.seq = (self.seq + 1) & 0xFFFF
            size = SIZES[self.seq % len(SIZES)]
            self.waiting[self.seq] = (self.pinged, size)
            self.sent += 1
            r.send(self.host, bytes((PING, self.seq >> 8, self.seq & 255)) + bytes(range(3, size)))
        for s in [s for s in self.waiting if self._since(self.waiting[s][0]) > LATE_MS]:
            del self.waiting[s]
            self.late += 1
        if self._since(self.reported) >= REPORT_MS:
            self.reported = self.ms()
            self.out(self.report())

    def stations(self):
        """The stations on this host's access point (None where it joined a home network)."""
        r = self.radio
        if not r.ap or r.wlan is None:
            return None
        n = len(r.wlan.status("stations"))
        self.stations_most = max(self.stations_most, n)
        return n

    def report(self):
        r = self.radio
        if self.role == "host":
            n = self.stations()
            where = "home network %s" % r.ssid if n is None else "access point %s" % r.ssid
            on = "" if n is None else "  stations %d (most %d)" % (n, self.stations_most)
            return "host: %s at %s%s  echoed %d" % (where, r.address(), on, self.echoed)
        t = sorted(self.rtts)
        self.rtts = []
        done = self.answered + self.late
        loss = 100 * self.late // done if done else 0
        rtt = "%d / %d / %d ms" % (t[0], t[len(t) // 2], t[-1]) if t else "none"
        whole = " ".join(str(s) for s in SIZES if self.whole.get(s)) or "none"
        try:
            rssi = "%d dBm" % r.wlan.status("rssi")
        except (OSError, ValueError, AttributeError):
            rssi = "?"
        return "join: sent %d answered %d loss %d%%  rtt %s  whole: %s  rssi %s" % (
            self.sent,
            self.answered,
            loss,
            rtt,
            whole,
            rssi,
        )


def _role():
    """ROLE, else the BOOTSEL button held in the first 2 s: host; not held: join."""
    if ROLE:
        return ROLE
    import time

    import rp2

    print("radiocheck: hold BOOTSEL now to host (2 s)")
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < 2000:
        if rp2.bootsel_button():
            return "host"
        time.sleep_ms(20)
    return "join"


def main():
    from boards import network

    role = _role()
    c = Check(role, network.make(), network._ms, network._diff)
    print("radiocheck: %s, pings of %s bytes every %d ms" % (role, "/".join(str(s) for s in SIZES), c.every))
    while True:
        c.step()


if __name__ == "__main__":
    main()
