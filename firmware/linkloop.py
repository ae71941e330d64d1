"""An in-process radio for tests and the desktop: endpoints on one Ether, a broadcast reaching
all, with seeded loss, duplication, reordering and delay (the loopback relay's faults, on
every runtime: engine/rng.py gives the same faults everywhere)."""

from engine.rng import Rng


class Ether:
    def __init__(self, seed=0, loss=0, dup=0, reorder=0, delay=(0, 0)):
        """loss, dup, reorder: per mille; delay: (least, most) ms a datagram takes."""
        self.rng = Rng(seed)
        self.loss = loss
        self.dup = dup
        self.reorder = reorder
        self.delay = delay
        self.radios = []
        self.now = 0
        self.frames = []  # every datagram sent: (from, to, bytes), when keep is set
        self.keep = False
        self.sent = 0

    def radio(self, name):
        r = LoopRadio(self, name)
        self.radios.append(r)
        return r

    def _chance(self, per_mille):
        return per_mille and self.rng.below(1000) < per_mille

    def carry(self, src, dst, data):
        self.sent += 1
        if self.keep:
            self.frames.append((src.name, dst.name if dst is not None else "*", bytes(data)))
        for r in self.radios if dst is None else (dst,):
            if r is src or r.closed:
                continue
            if self._chance(self.loss):
                continue
            copies = 2 if self._chance(self.dup) else 1
            for _ in range(copies):
                lo, hi = self.delay
                at = self.now + lo + (self.rng.below(hi - lo + 1) if hi > lo else 0)
                if self._chance(self.reorder):
                    at += hi - lo + 50  # held back behind later ones
                r.inbox.append((at, src.name, bytes(data)))


class LoopRadio:
    mtu = 250

    def __init__(self, ether, name):
        self.ether = ether
        self.name = name
        self.inbox = []
        self.closed = False

    def send(self, addr, data):
        for r in self.ether.radios:
            if r.name == addr:
                self.ether.carry(self, r, data)
                return True
        return False

    def broadcast(self, data):
        self.ether.carry(self, None, data)
        return True

    def recv(self):
        now = self.ether.now
        best = -1
        for i in range(len(self.inbox)):
            if self.inbox[i][0] <= now and (best < 0 or self.inbox[i][0] < self.inbox[best][0]):
                best = i
        if best < 0:
            return None
        at, src, data = self.inbox.pop(best)
        return src, data

    def close(self):
        self.closed = True
        self.inbox = []
