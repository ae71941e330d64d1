"""One end's stream to one other device: numbered frames, acks, resends with back-off, and
duplicates, stale and far-ahead frames refused (docs/link.md, "Delivery").

Reliable frames are numbered 1, 2, 3 ... per sender epoch; every frame says the last number
it has taken in order from the other side (ack). A frame not acked is sent again after _RTO
ms, then after twice that, up to _RTO_MAX; every frame goes out twice at first, _COPY_MS
apart. The receiver takes frames in order, keeps up to _EARLY that came early, and drops
what it has had or what lies beyond.
"""

from engine import const

_RTO = const(300)  # ms before the first resend (the loopback relay's delay is up to 200 ms a way)
_RTO_MAX = const(2000)
_COPY_MS = const(20)  # each frame's second copy, this long after the first: at 20% loss the median
# move reached the clients in 150 ms with one copy, 100 ms with two (docs/link.md, "Figures")
_WINDOW = const(16)  # frames in flight, not yet acked
_QUEUE = const(40)  # frames waiting at most (the host then sends a resync once they are taken)
_EARLY = const(16)  # frames kept that came before their turn
_ACK_MS = const(40)  # an ack owed waits this long for more to ack (a frame's copy: _COPY_MS behind)


class Peer:
    def __init__(self, addr, now):
        self.addr = addr
        self.epoch = -1  # the other side's epoch: -1 until a handshake gives it
        self.tx = 1  # the next number to give a reliable frame
        self.out = []  # [seq, kind, payload (the sealed frame once sent: Keyed.send), due_ms, tries, sealed]
        self.rx = 1  # the next number expected from the other side
        self.early = {}  # seq -> (kind, payload)
        self.heard = now  # ms: the last authentic frame from it
        self.sent = now  # ms: the last frame to it
        self.owe_ack = False
        self.ack_at = -1  # when the ack owed goes (as a PING, unless a frame carries it first)
        self.resent = 0
        self.copy_ms = _COPY_MS
        self.pings = 0  # our PINGs' count: a PING recorded and played again is older than the last
        self.pings_rx = 0
        self.bytes = 0

    def reset_rx(self, epoch):
        self.epoch = epoch
        self.rx = 1
        self.early = {}
        self.pings_rx = 0

    def restart_tx(self):
        """Forget what is queued: the next frames start a new stream (after a resync)."""
        self.out = []
        self.pings = 0

    def queue(self, kind, payload):
        """Queue a reliable frame: False when _QUEUE frames already wait (nothing queued)."""
        if len(self.out) >= _QUEUE:
            return False
        self.out.append([self.tx, kind, payload, 0, 0, False])
        self.tx = self.tx + 1 if self.tx < 65535 else 1
        return True

    def acked(self, ack):
        """The other side has taken every frame up to ack."""
        out = self.out
        while out and _le(out[0][0], ack):
            out.pop(0)

    def ping(self):
        """A PING's body: its count (2 bytes)."""
        self.pings = self.pings + 1 & 0xFFFF
        return bytes((self.pings >> 8, self.pings & 255))

    def fresh(self, seq, payload):
        """Whether an authentic frame is new: a PING counted past the last one, a numbered frame
        not taken yet and not too far ahead. An old one is refused (and acked again: its sender
        may not have had our ack)."""
        if seq == 0:
            if len(payload) != 2:
                return False
            c = payload[0] << 8 | payload[1]
            if not 0 < (c - self.pings_rx) & 0xFFFF < 0x8000:
                return False
            self.pings_rx = c
            return True
        d = (seq - self.rx) & 0xFFFF
        if d < 0x8000 and d <= _EARLY:
            return True
        self.owe_ack = True
        return False

    def take(self, seq, kind, payload):
        """A reliable frame arrived: the frames now in order, as a list of (kind, payload)."""
        self.owe_ack = True
        if seq == self.rx:
            got = [(kind, payload)]
            self.rx = _next(self.rx)
            while self.rx in self.early:
                got.append(self.early.pop(self.rx))
                self.rx = _next(self.rx)
            return got
        d = (seq - self.rx) & 0xFFFF
        if d < 0x8000 and d <= _EARLY and len(self.early) < _EARLY:
            self.early[seq] = (kind, payload)
        return ()

    def due(self, now):
        """The queued frames to send now: (seq, kind, payload), first times and resends."""
        due = []
        for i in range(min(_WINDOW, len(self.out))):
            e = self.out[i]
            if now >= e[3]:
                if e[4]:
                    self.resent += 1
                e[3] = now + (self.copy_ms if e[4] == 0 and self.copy_ms else min(_RTO << e[4], _RTO_MAX))
                e[4] = min(e[4] + 1, 5)
                due.append(e)
        return due

    def ack_due(self, now):
        """Whether the ack owed should go now: _ACK_MS after the frame that asked for it, so that
        one PING acks a frame and its copy (at 20% loss: 3.3 KB less a seat in a 6-seat round)."""
        if not self.owe_ack:
            return False
        if self.ack_at < 0:
            self.ack_at = now + _ACK_MS
        return now - self.ack_at >= 0

    def sent_ack(self):
        """A frame went out: it carries our ack."""
        self.owe_ack = False
        self.ack_at = -1

    def last_rx(self):
        return (self.rx - 1) & 0xFFFF


def _next(seq):
    return seq + 1 if seq < 65535 else 1


def _le(a, b):
    return ((b - a) & 0xFFFF) < 0x8000
