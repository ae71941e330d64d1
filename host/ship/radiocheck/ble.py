"""BLE link check for two boards: CLUEs (boards/radio_ble.py) and Pico W / Pico 2 W under MicroPython
(boards/radio_bt.py), in any pair: pings and echoes over the game's own BLE radio (docs/link.md
"BLE (CLUE)", "BLE (Pico W)").

On a CLUE with the game's bundle (make bundle BOARD=clue; it holds boards/radio_ble.mpy), put this
file as code.py in place of the game's (keep the game's aside). At the start, press A on one board
(the host: it advertises and echoes) and B on the other (the joiner: it connects to the first host
it hears and pings). On a Pico W with the game flashed (make flash BOARD=pico_lcd_114 PORT=...: it
ships boards/radio_bt.mpy), run it from the desktop, the host first:

    mpremote connect /dev/ttyACM0 run host/ship/radiocheck/ble.py    # BOOTSEL held: the host
    mpremote connect /dev/ttyACM1 run host/ship/radiocheck/ble.py    # the joiner

(the BOOTSEL button held in the first 2 s makes the host; ROLE below sets it without the button).
The joiner prints every 5 s, on the CLUE's screen and every serial console: pings sent and
answered, the loss, round trips (min / median / max ms), the frames the radio refused (lost), the
longest wait in a connect or discovery (a Pico W's never waits: 0) and the radio's errors. The host
prints what it echoed. SIZE (bytes a ping) and EVERY_MS below are the knobs; walk the boards apart
to see where the loss begins, switch the host off and on to see the joiner reconnect, and join a
second board to a Pico W host to see it refused (BTstack's one connection).
"""

ROLE = None  # a Pico W's role without the button: "host" or "join"
SIZE = 100  # bytes a ping (the link's frames are at most 200)
EVERY_MS = 100  # a ping this often
REPORT_MS = 5000
LATE_MS = 2000  # a ping not answered by then is lost
_WRAP = 0x1FFFFFFF
# A plain BEACON frame (docs/link.md "Frames"): what radio_ble advertises; table 0x4711, name "check".
BEACON = bytes((0xE5, 1, 0x47, 0x11, 0, 0, 0xFE, 0, 0, 0, 0, 16)) + bytes(8) + bytes((0, 2, 1)) + b"check"
PING = 0x50


class Check:
    def __init__(self, role, radio, clock, out=print, size=SIZE, every_ms=EVERY_MS):
        if role not in ("host", "join"):
            raise ValueError("radiocheck: role is host or join, got %r" % (role,))
        if not 3 <= size <= radio.mtu:
            raise ValueError("radiocheck: a ping is 3..%d bytes, got %d" % (radio.mtu, size))
        self.role = role
        self.radio = radio
        self.ms = clock
        self.out = out
        self.size = size
        self.every = every_ms
        self.host = None
        self.seq = 0
        self.waiting = {}  # seq -> when sent
        self.rtts = []
        self.sent = self.answered = self.late = self.echoed = 0
        self.beaconed = self.pinged = self.reported = clock()

    def _since(self, t):
        return (self.ms() - t) & _WRAP

    def step(self):
        r = self.radio
        if self.role == "host" and self._since(self.beaconed) >= 1000:
            self.beaconed = self.ms()
            r.broadcast(BEACON)
        for _ in range(16):
            got = r.recv()
            if got is None:
                break
            addr, data = got
            if self.role == "host":
                if data and data[0] == PING:
                    r.send(addr, data)
                    self.echoed += 1
            elif data[:2] == b"\xe5\x01" and self.host is None:
                self.host = addr
                self.out("radiocheck: heard host %s" % (addr,))
            elif data and data[0] == PING and len(data) >= 3:
                at = self.waiting.pop(data[1] << 8 | data[2], None)
                if at is not None:
                    self.answered += 1
                    self.rtts.append(self._since(at))
        if self.role == "join" and self.host is not None and self._since(self.pinged) >= self.every:
            self.pinged = self.ms()
            self.seq = (self.seq + 1) & 0xFFFF
            self.waiting[self.seq] = self.pinged
            self.sent += 1
            r.send(self.host, bytes((PING, self.seq >> 8, self.seq & 255)) + bytes(self.size - 3))
        for s in [s for s in self.waiting if self._since(self.waiting[s]) > LATE_MS]:
            del self.waiting[s]
            self.late += 1
        if self._since(self.reported) >= REPORT_MS:
            self.reported = self.ms()
            self.out(self.report())

    def report(self):
        r = self.radio
        if self.role == "host":
            return "host: echoed %d  links %d  lost %d  errors %d  longest wait %d ms" % (
                self.echoed,
                len(r.links),
                r.lost,
                r.errors,
                r.blocked_ms,
            )
        t = sorted(self.rtts)
        self.rtts = []
        done = self.answered + self.late
        loss = 100 * self.late // done if done else 0
        rtt = "%d / %d / %d ms" % (t[0], t[len(t) // 2], t[-1]) if t else "none"
        return "join: sent %d answered %d loss %d%%  rtt %s  lost %d  errors %d  longest wait %d ms" % (
            self.sent,
            self.answered,
            loss,
            rtt,
            r.lost,
            r.errors,
            r.blocked_ms,
        )


def _role():
    """A CLUE: A pressed hosts, B joins (its buttons pull their pins low). A Pico W: ROLE, else
    BOOTSEL held in the first 2 s hosts."""
    import sys
    import time

    if sys.implementation.name != "circuitpython":
        if ROLE:
            return ROLE
        import rp2

        print("radiocheck: hold BOOTSEL now to host (2 s)")
        start = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), start) < 2000:
            if rp2.bootsel_button():
                return "host"
            time.sleep_ms(20)
        return "join"
    import board
    import digitalio

    keys = []
    for pin in (board.BUTTON_A, board.BUTTON_B):
        k = digitalio.DigitalInOut(pin)
        k.switch_to_input(pull=digitalio.Pull.UP)
        keys.append(k)
    print("radiocheck: press A to host, B to join")
    while True:
        if not keys[0].value:
            return "host"
        if not keys[1].value:
            return "join"
        time.sleep(0.02)


def main():
    import sys

    role = _role()
    if sys.implementation.name == "circuitpython":
        from boards.radio_ble import BleRadio, _clock

        radio, clock = BleRadio(), _clock()
    else:
        import time

        from boards.radio_bt import BtRadio

        radio, clock = BtRadio(), time.ticks_ms
    c = Check(role, radio, clock)
    print("radiocheck: %s, pings of %d bytes every %d ms" % (role, c.size, c.every))
    while True:
        c.step()


if __name__ == "__main__":
    main()
