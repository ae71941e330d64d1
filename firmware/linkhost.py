"""The host of a linked table: it holds the match, deals, runs the bots and checks every move.

    host = LinkHost(radio, rules, seats, code, now)   # seats: per seat "you", "person", a bot level or "remote"
    host.step(now)        # frames in and out, bots, timeouts: call every loop pass
    host.start(now)       # the lobby's Start: round 1 dealt (fairly: engine/fairdeal.py)
    host.next_round(now)  # after a round's end

Every other device holds only its seat's view: each VIEW is written for its receiver
(firmware/linkview.py), and no frame carries another seat's card, the stock or the save
before the round's end reveals the deal. docs/link.md has the protocol and the faults.
"""

from engine import const
from firmware import linkview
from firmware.linkframe import Keyed, parse_head, plain, table_key
from firmware.linkpeer import Peer

# firmware/linkframe.py's frame fields and kinds, private here too: a board interns no name for them
_MAX = const(200)  # firmware/linkframe.py
_HOST = const(254)  # firmware/linkframe.py
_BEACON = const(1)  # firmware/linkframe.py
_NOKEY = const(2)  # firmware/linkframe.py
_WELCOME = const(10)  # firmware/linkframe.py
_SEATS = const(11)  # firmware/linkframe.py
_ROUND = const(12)  # firmware/linkframe.py
_VIEW = const(13)  # firmware/linkframe.py
_HIST = const(14)  # firmware/linkframe.py
_REVEAL = const(15)  # firmware/linkframe.py
_LEFT = const(16)  # firmware/linkframe.py
_REFUSE = const(17)  # firmware/linkframe.py
_CHALLENGE = const(19)  # firmware/linkframe.py
_HELLO = const(30)  # firmware/linkframe.py
_MOVE = const(31)  # firmware/linkframe.py
_RESYNC = const(32)  # firmware/linkframe.py
_PING = const(33)  # firmware/linkframe.py

OPEN = "open"
REMOTE = "remote"
_AWAY_MS = const(5000)  # a seat silent this long shows as away
_TAKEOVER_MS = const(10000)  # an away seat on turn this long: a bot moves for it
_BEACON_MS = const(1000)
_PING_MS = const(1000)
_CHALLENGE_MS = const(5000)  # a HELLO must bring a challenge the host gave this recently
TAKEOVER_LEVEL = "medium"
_NO_SEAT = const(255)

# A seat's state in SEATS frames and on screens.
_S_OPEN = const(0)
_S_HOST = const(1)  # the host device's own person
_S_PERSON = const(2)  # pass-and-play on the host device
_S_BOT = const(3)
_S_REMOTE = const(4)  # a person on their own device, heard lately
_S_AWAY = const(5)  # a remote seat silent for AWAY_MS


def _u16(v):
    return bytes((v >> 8 & 255, v & 255))


class Seat:
    def __init__(self, kind):
        self.kind = kind  # "you", "person", a bot level, REMOTE (a device's) or OPEN (waiting for one)
        self.token = b""  # the device's seat token (firmware/linkclient.py)
        self.name = ""
        self.peer = None
        self.epochs = []  # the device's epochs seen: a HELLO from an old one is a replay
        self.nonce = b""
        self.draws = bytearray()  # this round's cards drawn by the seat (resyncs send them)
        self.resync = False  # a resync is due once what is queued is taken


class LinkHost:
    def __init__(
        self, radio, rules, seats, code, now, name="host", randbytes=None, seed=1, table=None, salt=None, nonces=None
    ):
        if randbytes is None or nonces is None:
            import os

            randbytes = randbytes or os.urandom
            nonces = nonces or getattr(os, "urandom", None) or randbytes  # (the 32-bit VM has no urandom)
        if len(seats) != rules.players:
            raise ValueError("link: %d seats for %d players" % (len(seats), rules.players))
        if not (len(code) == 4 and code.isdigit()):
            raise ValueError("link: the table code is 4 digits, got %r" % (code,))
        self.radio = radio
        self.rules = rules
        self.randbytes = randbytes  # the deals
        self.nonces = nonces  # the challenges: apart, so that a lossy table deals as a calm one
        self.code = code
        self.name = name[:12]
        r = randbytes(12)
        self.table = table if table is not None else r[0] << 8 | r[1]
        self.salt = bytes(salt) if salt is not None else bytes(r[2:10])
        self.epoch = r[10] << 8 | r[11]
        self.keyed = Keyed(table_key(code, self.table, self.salt), self.table)
        self.seats = [Seat(OPEN if k == REMOTE else k) for k in seats]
        self.seed = seed
        self.match = None
        self.deal = None  # this round's (salt, starts, deck, info): revealed at its end
        self.turn_at = now  # when the seat on turn began its turn
        self.beacon_at = now - _BEACON_MS
        self.nokey_at = {}
        self.challenges = []  # (4 bytes, when given): each answers one HELLO
        self.events = 0  # the events applied (moves), for the tests' latency figures
        self.refused = 0  # frames refused (forged, stale, replayed, out of turn, illegal)
        self.takeover = None  # the bot that moves for away seats, made when first needed
        self.takeover_view = None
        self.bytes_out = 0
        self.bot_ms = 0  # a bot moves this long after the event before (the app's bot delay)
        self.event_at = now  # when the last move was applied
        self.shown = b""  # the seats' states last sent
        self.now = now
        self.listeners = []  # callables(kind, seat) told of events (the tests, the host's screen)

    # --- the lobby ---------------------------------------------------------------------
    def seat_state(self, p):
        st = self.seats[p]
        k = st.kind
        if k == OPEN:
            return _S_OPEN
        if k == "you":
            return _S_HOST
        if k == "person":
            return _S_PERSON
        if k == REMOTE:
            return _S_AWAY if self.away(p) else _S_REMOTE
        return _S_BOT

    def away(self, p, now=None):
        st = self.seats[p]
        if st.kind != REMOTE or st.peer is None:
            return st.kind == REMOTE
        return (self.now if now is None else now) - st.peer.heard >= _AWAY_MS

    def can_start(self):
        return self.match is None and all(st.kind != OPEN for st in self.seats)

    def start(self, now):
        """Round 1: the match is made (remote seats are people's: no bot) and dealt fairly."""
        if not self.can_start():
            raise ValueError("link: a seat is still open")
        from engine.state import State
        from firmware.match import Match

        rules = self.rules
        dealer = self.seed % rules.players
        state = State(rules, self.seed, dealer, deal_now=False)
        state.round_no = 0
        from engine import deal

        deal.start_round(state, self._fair(state, dealer, 1, _NO_SEAT))
        _dealt()
        levels = ["you"] + ["person" if st.kind in ("person", REMOTE) else st.kind for st in self.seats[1:]]
        self.match = Match(rules, levels, self.seed, dealer, state=state)
        self._round_started(now)

    def _fair(self, s, dealer, round_no, last14):
        from engine import fairdeal

        n = s.n
        active = s.pending_tiebreak or (1 << n) - 1
        deck, starts, pick = fairdeal.shuffle_deal(self.rules, self.randbytes)
        fourteen = fairdeal.fourteen_seat(self.rules, n, dealer, active, round_no, last14, pick)
        salt = self.randbytes(16)
        commit = fairdeal.commitment(salt, round_no, starts, deck)
        self.deal = [salt, starts, deck, commit, dealer, active, s.first, round_no, fourteen]
        return fairdeal.explicit_deal(self.rules, n, dealer, active, deck, starts, fourteen)

    def next_round(self, now):
        s = self.match.state
        if s.phase != 1:  # engine/state.py _ROUND_OVER
            raise ValueError("link: next_round while the round is not over")
        dealer = (s.dealer + self.rules.direction) % s.n
        self.match.next_round(self._fair(s, dealer, s.round_no + 1, s.fourteen))
        _dealt()
        self._round_started(now)

    def _round_started(self, now):
        self.turn_at = now
        s = self.match.state
        self.deal += [s.first, s.forced]  # the opening, as dealt (resyncs later in the round send it)
        for p in range(s.n):
            st = self.seats[p]
            st.draws = bytearray()
            if st.peer is not None:
                self._send_round(p, st)
                self._send_view(p, linkview.NO_ENTRY)
        self._tell(_ROUND, -1)

    # --- frames out ----------------------------------------------------------------------
    def _queue(self, st, kind, payload):
        peer = st.peer
        if peer is None or st.resync:
            return
        if not peer.queue(kind, payload):  # the device is long silent: a resync once it takes the queue
            st.resync = True

    def _round_info(self, p):
        d = self.deal
        s = self.match.state
        own = _init_masks(s, p)
        st = self.seats[p]
        return (
            bytes(d[3])
            + bytes((d[4], d[5], d[6], s.round_no >> 8, s.round_no & 255, d[8], d[9], d[10]))
            + own
            + bytes((len(st.draws),))
            + bytes(st.draws)
        )

    def _send_round(self, p, st):
        self._queue(st, _ROUND, self._round_info(p))

    def _send_view(self, p, entry):
        st = self.seats[p]
        if st.peer is None:
            return
        s = self.match.state
        v = linkview.encode(s, p, entry)
        self._queue(st, _VIEW, v + _u16(linkview.checksum(self.seat_view(p))))

    def seat_view(self, p):
        from engine.view import SeatView

        v = self.takeover_view
        if v is None:
            v = self.takeover_view = SeatView(self.rules, p)
        self.match.state.view_into(v, p)
        return v

    def _send_resync(self, p, st):
        """ROUND, the history in chunks, then the view as it stands (no entry added)."""
        st.resync = False
        s = self.match.state
        if self.match is None:
            return
        self._send_round(p, st)
        h = s.history
        end = 2 * s.hist_len
        at = 0
        while at < end:
            k = min(160, end - at)
            self._queue(st, _HIST, _u16(at) + bytes(h[at : at + k]))
            at += k
        self._send_view(p, linkview.NO_ENTRY)
        if s.phase != 0:
            self._send_end(p, st)

    def _send_end(self, p, st):
        d = self.deal
        s = self.match.state
        left = bytearray()
        for q in range(s.n):
            left += _cur_masks(s, q)
        self._queue(st, _LEFT, bytes(left))
        self._queue(st, _REVEAL, bytes(d[0]) + bytes(d[1]) + bytes(d[2]))

    def _send_seats(self):
        body = bytearray((self.rules.players, 1 if self.match is not None else 0))
        for p in range(self.rules.players):
            body.append(self.seat_state(p))
        for st in self.seats:
            if st.peer is not None:
                self._queue(st, _SEATS, bytes(body))

    def _flush(self, now):
        keyed = self.keyed
        for st in self.seats:
            peer = st.peer
            if peer is None:
                continue
            if st.resync and not peer.out:
                self._send_resync(self.seats.index(st), st)
            sent = False
            for e in peer.due(now):
                self._out(peer, keyed.send(e, self.epoch ^ peer.epoch, _HOST, peer.last_rx()), now)
                sent = True
            if not sent and (peer.ack_due(now) or now - peer.sent >= _PING_MS):
                self._out(peer, keyed.seal(_PING, self.epoch ^ peer.epoch, _HOST, 0, peer.last_rx(), peer.ping()), now)
                sent = True
            if sent:
                peer.sent_ack()

    def _out(self, peer, f, now):
        peer.sent = now
        peer.bytes += len(f)
        self.bytes_out += len(f)
        self.radio.send(peer.addr, f)

    def _beacon(self, now):
        if now - self.beacon_at < _BEACON_MS:
            return
        self.beacon_at = now
        free = 0
        for st in self.seats:
            free += st.kind == OPEN
        g = self.rules.kind()
        body = self.salt + bytes((("elfer", "cinquillo", "bastard").index(g), self.rules.players, free))
        self.radio.broadcast(plain(_BEACON, self.table, body + self.name.encode()))

    # --- frames in -----------------------------------------------------------------------
    def step(self, now):
        self.now = now
        for _ in range(16):
            got = self.radio.recv()
            if got is None:
                break
            self.receive(got[0], got[1], now)
        self._bots(now)
        states = bytes(self.seat_state(p) for p in range(len(self.seats)))
        if states != self.shown:
            self.shown = states
            self._send_seats()
        self._beacon(now)
        self._flush(now)

    def receive(self, addr, frame, now):
        """One datagram from the radio. Anything not authentic, not fresh, or not allowed now is
        refused and changes nothing."""
        h = self.keyed.open(frame) if len(frame) <= _MAX else None
        if h is None:
            self.refused += 1
            head = parse_head(frame)
            if head is not None and head[0] == _HELLO and head[1] == self.table:
                if now - self.nokey_at.get(addr, -5000) >= 1000 and len(self.nokey_at) < 8:
                    self.nokey_at[addr] = now
                    self.radio.send(addr, plain(_NOKEY, self.table, b""))
            return
        kind, epoch, sender, seq, ack, payload = h
        if kind == _HELLO:
            self._hello(addr, epoch, payload, now)
            return
        if sender >= len(self.seats):
            self.refused += 1
            return
        st = self.seats[sender]
        peer = st.peer
        if peer is None or epoch != peer.epoch or kind < _HELLO or (seq == 0) != (kind == _PING):
            self.refused += 1
            return
        if not peer.fresh(seq, payload):  # had before (a copy, a resend, or recorded and played again)
            self.refused += 1
            return
        peer.heard = now
        peer.addr = addr
        peer.acked(ack)
        for k, body in peer.take(seq, kind, payload) if seq else ():
            if k == _MOVE:
                self._move(sender, st, body, now)
            elif k == _RESYNC:
                st.resync = True

    def _hello(self, addr, epoch, payload, now):
        """HELLO: nonce (4), token (8), challenge (4), name. Without a challenge of ours (zeros, or
        one expired or used) it gets a CHALLENGE: a HELLO recorded and played again is refused.
        Then a new device takes an open seat; a known token takes its seat back (the device was
        reset or out of range)."""
        if len(payload) < 16:
            self.refused += 1
            return
        nonce = bytes(payload[:4])
        token = bytes(payload[4:12])
        given = bytes(payload[12:16])
        fresh = False
        for c in self.challenges:
            if c[0] == given and now - c[1] < _CHALLENGE_MS:
                self.challenges.remove(c)
                fresh = True
                break
        if not fresh:
            self.refused += 1  # not taken: answered with a challenge
            if len(self.challenges) >= 8:
                self.challenges.pop(0)
            c = bytes(self.nonces(4))
            self.challenges.append((c, now))
            self.radio.send(addr, self.keyed.seal(_CHALLENGE, self.epoch, _HOST, 0, 0, nonce + c))
            return
        seat = -1
        for p, st in enumerate(self.seats):
            if st.token == token:
                seat = p
        if seat < 0 and self.match is None:
            for p, st in enumerate(self.seats):
                if st.kind == OPEN and seat < 0:
                    seat = p
        if seat < 0:
            self.refused += 1
            self.radio.send(addr, self.keyed.seal(_REFUSE, self.epoch, _HOST, 0, 0, nonce + b"full"))
            return
        st = self.seats[seat]
        if epoch in st.epochs:  # an epoch it had before: not a device starting over
            self.refused += 1
            return
        try:
            name = bytes(payload[16:28]).decode()
        except UnicodeError:
            name = "?"
        st.epochs = (st.epochs + [epoch])[-8:]
        st.kind = REMOTE
        st.token = token
        st.name = name
        st.nonce = nonce
        st.peer = Peer(addr, now)
        st.peer.reset_rx(epoch)
        st.resync = False
        self._queue(st, _WELCOME, nonce + bytes((seat,)) + self.rules.describe().encode())
        self._send_seats()
        if self.match is not None:
            self._send_resync(seat, st)
        self._tell(_HELLO, seat)

    def _move(self, p, st, body, now):
        """MOVE: round (2), history length (2) the device saw, the move. Refused (REFUSE with
        why) when stale, out of turn or illegal; the table plays on."""
        m = self.match
        if m is None or len(body) != 5:
            self.refused += 1
            return
        s = m.state
        rnd = body[0] << 8 | body[1]
        hist = body[2] << 8 | body[3]
        why = None
        if rnd != s.round_no or hist != s.hist_len:
            why = b"stale"
        else:
            r = m.apply_seat(p, body[4])
            if r is not None:
                why = r.encode()
        if why is not None:
            self.refused += 1
            self._queue(st, _REFUSE, body + why)
            return
        self._applied(p, body[4], now)

    # --- play ----------------------------------------------------------------------------
    def play(self, move, now):
        """The host's person's move (seat 0, or a pass-and-play seat on turn): None, or why not."""
        m = self.match
        s = m.state
        p = s.turn
        if self.seats[p].kind not in ("you", "person") or s.is_round_over():
            return "not your turn"
        why = m.apply_seat(p, move)
        if why is None:
            self._applied(p, move, now)
        return why

    def _applied(self, p, move, now):
        s = self.match.state
        self.events += 1
        self.event_at = now
        if move == 250 and p < len(self.seats):  # DRAW: which card, for resyncs
            st = self.seats[p]
            if st.peer is not None:
                st.draws.append(s.stock[s.stock_pos - 1])
        entry = s.hist_len - 1
        for q in range(s.n):
            self._send_view(q, entry)
        if s.is_round_over():
            for q, st in enumerate(self.seats):
                if st.peer is not None:
                    self._send_end(q, st)
        if s.turn != p or s.is_round_over():
            self.turn_at = now
        self._tell(_VIEW, p)

    def _bots(self, now):
        m = self.match
        if m is None or m.state.is_round_over():
            return
        s = m.state
        p = s.turn
        st = self.seats[p]
        if m.bots[p] is not None:
            if now - self.event_at < self.bot_ms:
                return
            got = m.bot_step()
            if got is not None:
                self._applied(got[0], got[1], now)
        elif st.kind == REMOTE and self.away(p, now) and now - self.turn_at >= _TAKEOVER_MS:
            self._take_over(p, now)

    def _take_over(self, p, now):
        """An away seat on turn: a bot moves for it (it gets its seat back when it is heard)."""
        if self.takeover is None:
            from engine.bots import make_bot

            self.takeover = make_bot(TAKEOVER_LEVEL, self.rules, p, self.seed)
        bot = self.takeover
        bot.seat = p
        move = bot.choose(self.seat_view(p))
        if self.match.apply_seat(p, move) is None:
            self._applied(p, move, now)

    def _tell(self, kind, p):
        for f in self.listeners:
            f(kind, p)


def _masks(hands, acts, p):
    out = bytearray(14)
    for c in range(4):
        m = hands[p * 4 + c]
        out[3 * c] = m >> 16 & 255
        out[3 * c + 1] = m >> 8 & 255
        out[3 * c + 2] = m & 255
    out[12] = acts[p * 2]
    out[13] = acts[p * 2 + 1]
    return bytes(out)


def _init_masks(s, p):
    return _masks(s.init_hands, s.init_acts, p)


def _cur_masks(s, p):
    return _masks(s.hands, s.acts, p)


def _dealt():
    """The round dealt: the fair deal's code and the explicit deal's go until the next round's
    deal (about 6 KB a CircuitPython host has no room for at the table; what the round's end
    reveals is in LinkHost.deal)."""
    from engine import unload

    unload("fairdeal")
    unload("explicit")
