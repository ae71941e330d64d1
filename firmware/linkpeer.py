"""One end's stream to one other device: numbered frames, acks, resends with back-off, and
duplicates, stale and far-ahead frames refused (docs/link.md, "Delivery").

Reliable frames are numbered 1, 2, 3 ... per sender epoch; every frame says the last number
it has taken in order from the other side (ack). A frame not acked is sent again after RTO
ms, then after twice that, up to RTO_MAX. The receiver takes frames in order, keeps up to
EARLY that came early, and drops what it has had or what lies beyond.
"""

from engine import const

RTO = const(300)  # ms before the first resend (the loopback relay's delay is up to 200 ms a way)
RTO_MAX = const(2000)
WINDOW = const(8)  # frames in flight, not yet acked
QUEUE = const(40)  # frames waiting at most; beyond that the peer is sent a resync instead
EARLY = const(8)  # frames kept that came before their turn


class Peer:
    def __init__(self, addr, now):
        self.addr = addr
        self.epoch = -1  # the other side's epoch: -1 until a handshake gives it
        self.tx = 1  # the next number to give a reliable frame
        self.out = []  # [seq, kind, payload, due_ms, tries]
        self.rx = 1  # the next number expected from the other side
        self.early = {}  # seq -> (kind, payload)
        self.heard = now  # ms: the last authentic frame from it
        self.sent = now  # ms: the last frame to it
        self.owe_ack = False
        self.overflow = False  # more queued than QUEUE: the stream is to be started over
        self.resent = 0
        self.bytes = 0

    def reset_rx(self, epoch):
        self.epoch = epoch
        self.rx = 1
        self.early = {}

    def restart_tx(self):
        """Forget what is queued: the next frames start a new stream (after a resync)."""
        self.out = []
        self.overflow = False

    def queue(self, kind, payload):
        if len(self.out) >= QUEUE:
            self.overflow = True
            return
        self.out.append([self.tx, kind, payload, 0, 0])
        self.tx = self.tx + 1 if self.tx < 65535 else 1

    def acked(self, ack):
        """The other side has taken every frame up to ack."""
        out = self.out
        while out and _le(out[0][0], ack):
            out.pop(0)

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
        if d < 0x8000 and d <= EARLY and len(self.early) < EARLY:
            self.early[seq] = (kind, payload)
        return ()

    def due(self, now):
        """The queued frames to send now: (seq, kind, payload), first times and resends."""
        due = []
        for i in range(min(WINDOW, len(self.out))):
            e = self.out[i]
            if now >= e[3]:
                if e[4]:
                    self.resent += 1
                e[3] = now + min(RTO << e[4], RTO_MAX)
                e[4] = min(e[4] + 1, 4)
                due.append(e)
        return due

    def last_rx(self):
        return (self.rx - 1) & 0xFFFF


def _next(seq):
    return seq + 1 if seq < 65535 else 1


def _le(a, b):
    return ((b - a) & 0xFFFF) < 0x8000
