"""A whole linked table in one process, for the tests and the bench (docs/link.md).

    t = LinkTable(rules, remote=3, seed=7, loss=200, dup=50, reorder=100, delay=(0, 200))
    t.play()            # to the match's end (or t.play(rounds=2))
    t.views_identical() # every client's view byte for byte the host's view of its seat

A host (seat 0 played by a seeded bot on the host's own view, like its person) and clients on
a firmware/linkloop.py Ether; each client's player is a seeded bot on the client's SeatView
(the test's player, not the device's: a client device loads no bot). Runs on CPython and on
MicroPython (the link core's own tests run it on the unix port and the 32-bit VM).
"""

from engine.bots import make_bot
from engine.rng import Rng
from firmware import linkview
from firmware.linkclient import LinkClient
from firmware.linkhost import LinkHost
from firmware.linkloop import Ether

STEP_MS = 10


def seeded_bytes(seed):
    """A randbytes(k) from engine/rng.py: the same "random" deals on every runtime, for tests."""
    r = Rng(seed)

    def randbytes(k):
        return bytes(r.below(256) for _ in range(k))

    return randbytes


class LinkTable:
    def __init__(
        self,
        rules,
        remote=3,
        seed=1,
        loss=0,
        dup=0,
        reorder=0,
        delay=(0, 0),
        bots=None,
        code="4711",
        think_ms=0,
        radio=None,
        clock=None,
    ):
        """radio(name) -> a radio (default: the Ether's); clock(now) is told each step's time
        (another radio's air: host/emulate/stubs/_bleio.py Air.advance)."""
        n = rules.players
        self.rules = rules
        self.seed = seed
        self.ether = Ether(seed, loss, dup, reorder, delay)
        self.make_radio = radio or self.ether.radio
        self.clock = clock
        seats = ["you"] + ["remote"] * remote + (bots or ["easy"]) * n
        self.host = LinkHost(
            self.make_radio("H"),
            rules,
            seats[:n],
            code,
            0,
            randbytes=seeded_bytes(seed),
            seed=seed,
            nonces=seeded_bytes(seed + 7919),
        )
        self.code = code
        self.think_ms = think_ms  # every player, bot or person, moves this long after the move before
        self.host.bot_ms = think_ms
        self.clients = [self.new_client(i) for i in range(remote)]
        self.players = {}
        self.now = 0
        self.rounds = 0
        self.silent = {}  # client index -> until when it neither steps nor hears (a device switched off)
        self.applied_at = {}  # (round, history index) -> when the host applied it
        self.latency = []  # ms from the host applying a move to a client holding its view
        self.host.listeners.append(self._host_event)

    def new_client(self, i, randbytes=None):
        c = LinkClient(
            self.make_radio("C%d" % i),
            "dev%d" % i,
            "P%d" % (i + 2),
            self.now if hasattr(self, "now") else 0,
            randbytes=randbytes or seeded_bytes(self.seed * 31 + i + 1),
        )
        c.listeners.append(lambda kind, c=c: self._client_event(c, kind))
        return c

    def _host_event(self, kind, p):
        if kind == 13:  # VIEW (firmware/linkframe.py): a move applied
            s = self.host.match.state
            self.applied_at[(s.round_no, s.hist_len - 1)] = self.now

    def _client_event(self, c, kind):
        if kind == 13:
            v = c.view
            at = self.applied_at.get((v.round_no, v.hist_len - 1))
            if at is not None and v.hist_len:
                self.latency.append(self.now - at)

    def player(self, seat):
        b = self.players.get(seat)
        if b is None:
            b = self.players[seat] = make_bot("easy", self.rules, seat, self.seed + seat)
        return b

    def tick(self):
        self.now += STEP_MS
        now = self.now
        self.ether.now = now
        if self.clock is not None:
            self.clock(now)
        self.host.step(now)
        for i in range(len(self.clients)):
            c = self.clients[i]
            if self.silent.get(i, 0) > now:
                c.radio.inbox = []
                continue
            c.step(now)
            if c.status == 0 and c.tables:
                c.join(c.tables[0], self.code, now)

    def settled(self):
        """Every client has the host's last view (and, at a round's end, has checked the reveal)."""
        s = self.host.match.state
        for i in range(len(self.clients)):
            if self.silent.get(i, 0) > self.now:
                continue
            v = self.clients[i].view
            if v is None or v.hist_len != s.hist_len or v.phase != s.phase or v.round_no != s.round_no:
                return False
            if s.phase != 0 and self.clients[i].unfair is None:
                return False
        return True

    def play(self, rounds=0, limit_ms=20000000, moves=None):
        """Play until the match ends (or `rounds` rounds have ended); moves(table) is called
        every tick when given (a test's hook). Returns the rounds played."""
        end = self.now + limit_ms
        while self.now < end:
            self.tick()
            h = self.host
            if moves is not None:
                moves(self)
            if h.match is None:
                if h.can_start():
                    h.start(self.now)
                continue
            s = h.match.state
            if s.is_round_over():
                if self.settled():
                    self.rounds += 1
                    if s.is_match_over() or rounds and self.rounds >= rounds:
                        return self.rounds
                    h.next_round(self.now)
                continue
            p = s.turn
            if self.now - h.event_at < self.think_ms:
                continue
            if p == 0:
                h.play(self.player(0).choose(h.match.view), self.now)
            for i in range(len(self.clients)):
                c = self.clients[i]
                v = c.view
                if self.silent.get(i, 0) > self.now or v is None or c.status != 3:
                    continue
                if v.my_turn() and c.pending < 0 and v.hist_len == s.hist_len:
                    c.play(self.player(v.seat).choose(v), self.now)
        raise RuntimeError("link table: no end after %d ms" % limit_ms)

    def views_identical(self):
        """Each client's view (fields and history) byte for byte the host's view of its seat."""
        for c in self.clients:
            hv = self.host.seat_view(c.seat)
            a = linkview.encode(hv, c.seat, linkview.NO_ENTRY) + bytes(hv.history[: 2 * hv.hist_len])
            b = linkview.encode(c.view, c.seat, linkview.NO_ENTRY) + bytes(c.view.history[: 2 * c.view.hist_len])
            if a != b:
                return False
        return True

    def unfair(self):
        """Every round check that found something, as (seat, round, what differed)."""
        out = []
        for c in self.clients:
            for rnd, bad in c.checked:
                if bad:
                    out.append((c.seat, rnd, bad))
        return out
