"""A seat at a linked table on its own device: it holds its seat's view and nothing more.

    c = LinkClient(radio, device_id, name, now)
    c.step(now)               # frames in and out: call every loop pass
    c.tables                  # the tables heard nearby: Table(addr, id, salt, game, players, free, name)
    c.join(table, code, now)  # with the code the host shows
    c.view                    # engine/view.py SeatView, once the host has welcomed us
    c.play(move, now)         # None when sent, else why not (not our turn, not legal)
    c.status                  # _JOINING, _LOBBY, _PLAYING, _WRONG_CODE, _FULL, _LOST (docs/link.md)

No bot and no save code is loaded here; the round's end replays it from the revealed deal
(engine/fairdeal.py) and c.unfair says what differed, if anything.
"""

from engine import const, turn
from firmware import linkview
from firmware.linkframe import Keyed, parse_head, table_key
from firmware.linkpeer import Peer

# firmware/linkframe.py's frame fields and kinds, private here too: a board interns no name for them
_HEAD = const(12)  # firmware/linkframe.py
_HOST = const(254)  # firmware/linkframe.py
_NEW = const(255)  # firmware/linkframe.py
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

_IDLE = const(0)
_JOINING = const(1)
_LOBBY = const(2)
_PLAYING = const(3)
_WRONG_CODE = const(4)  # the host could not read our frames: the code is wrong
_FULL = const(5)  # no seat left at that table
_LOST = const(6)  # the host is silent: we keep asking
_HELLO_MS = const(700)
_LOST_MS = const(4000)
_PING_MS = const(1000)
_CHALLENGE_MS = const(4000)  # the host's lasts 5 s


class Table:
    def __init__(self, addr, table, body, now):
        self.addr = addr
        self.id = table
        self.salt = bytes(body[:8])
        self.game = ("elfer", "cinquillo", "bastard")[body[8]] if body[8] < 3 else "?"
        self.players = body[9]
        self.free = body[10]
        self.name = bytes(body[11:23]).decode()
        self.heard = now


class LinkClient:
    def __init__(self, radio, device_id, name, now, randbytes=None):
        if randbytes is None:
            import os

            randbytes = os.urandom
        self.radio = radio
        self.device_id = device_id
        self.name = name[:12]
        self.randbytes = randbytes
        r = randbytes(2)
        self.epoch = r[0] << 8 | r[1]  # ours, of the stream the host welcomed
        self.hello_epoch = self.epoch  # of our last HELLO: ours once its WELCOME comes
        self.tables = []
        self.status = _IDLE
        self.keyed = None
        self.table = None
        self.peer = None
        self.view = None
        self.seat = _NEW
        self.seats = b""  # each seat's state (firmware/linkhost.py S_*)
        self.started = False
        self.rules_text = ""
        self.info = None  # this round's ROUND frame: commit, dealer, ... own start, draws
        self.own_draws = bytearray()
        self.hist_have = 0  # history bytes a resync has filled
        self.final = None  # LEFT: the hands left at the round's end
        self.unfair = None  # None: not checked yet; [] fair; else what differed
        self.reveal = None  # a REVEAL to check on the next pass
        self.checked = []  # (round, what differed) of every round checked
        self.refusal = b""  # the host's reason for our last refused move
        self.pending = -1  # the move sent and not yet seen applied
        self.hello_at = now - _HELLO_MS
        self.nonce = b""
        self.challenge = b""  # the host's answer to our last HELLO: the next one brings it
        self.challenge_at = 0
        self.asking = False
        self.now = now
        self.applied = 0  # views applied (events), for the tests
        self.resyncs = 0
        self.bytes_in = 0
        self.bytes_out = 0
        self.listeners = []

    # --- joining -------------------------------------------------------------------------
    def join(self, table, code, now):
        from engine.hashing import sha256

        key = table_key(code, table.id, table.salt)
        self.keyed = Keyed(key, table.id)
        self.token = sha256(key + self.device_id.encode())[:8]  # the same device gets its seat back
        self.table = table
        self.peer = Peer(table.addr, now)
        self.status = _JOINING
        self._hello(now)

    def _hello(self, now):
        """A HELLO without a challenge gets the host's CHALLENGE; the next brings it (one use).
        Each asks for a new stream (a new epoch and nonce); until its WELCOME our frames stay on
        the stream we have, which the host keeps while it has not welcomed the new one."""
        if self.challenge and now - self.challenge_at < _CHALLENGE_MS:
            challenge = self.challenge
            self.challenge = b""
        else:
            challenge = bytes(4)
            r = self.randbytes(6)
            self.hello_epoch = r[4] << 8 | r[5]
            self.nonce = bytes(r[:4])
        self.hello_at = now
        self.asking = True  # a HELLO not yet welcomed
        body = self.nonce + self.token + challenge + self.name.encode()
        self._send(self.keyed.seal(_HELLO, self.hello_epoch, self.seat, 0, 0, body), now)

    def _send(self, frame, now):
        self.bytes_out += len(frame)
        self.peer.sent = now
        self.radio.send(self.peer.addr, frame)

    # --- the loop ------------------------------------------------------------------------
    def step(self, now):
        self.now = now
        if self.reveal is not None:  # a loop pass after the REVEAL: its modules loaded then
            self._checked()
        for _ in range(16):
            got = self.radio.recv()
            if got is None:
                break
            self.receive(got[0], got[1], now)
        if self.peer is None:
            return
        peer = self.peer
        if self.status in (_JOINING, _WRONG_CODE, _LOST) and now - self.hello_at >= _HELLO_MS:
            self._hello(now)
        elif self.status in (_LOBBY, _PLAYING) and now - peer.heard >= _LOST_MS:
            self.status = _LOST  # keep the view on screen; say we wait for the host
            self._hello(now)
        if peer.epoch < 0:
            return
        sent = False
        for e in peer.due(now):
            self._send(self.keyed.send(e, self.epoch, self.seat, peer.last_rx()), now)
            sent = True
        if not sent and (peer.ack_due(now) or now - peer.sent >= _PING_MS):
            self._send(self.keyed.seal(_PING, self.epoch, self.seat, 0, peer.last_rx(), peer.ping()), now)
            sent = True
        if sent:
            peer.sent_ack()

    def receive(self, addr, frame, now):
        self.bytes_in += len(frame)
        head = parse_head(frame)
        if head is None:
            return
        if head[0] == _BEACON:
            self._beacon(addr, head[1], frame[_HEAD:], now)
            return
        if self.keyed is None or head[1] != self.keyed.table:
            return
        if head[0] == _NOKEY:
            if self.status == _JOINING:
                self.status = _WRONG_CODE
            return
        h = self.keyed.open(frame)
        if h is None or h[2] != _HOST:
            return
        kind, epoch, sender, seq, ack, payload = h
        peer = self.peer
        if kind == _WELCOME:
            if payload[:4] != self.nonce or epoch == peer.epoch:
                return  # not an answer to our HELLO now (a replay), or one already taken
            # The host seals a stream with its epoch ^ ours: frames of a stream before are not this one's
            peer.reset_rx(epoch)
            peer.restart_tx()
            peer.tx = 1
            self.epoch = self.hello_epoch
            self.asking = False
            self.pending = -1
        elif kind == _CHALLENGE and seq == 0:
            if payload[:4] == self.nonce and self.asking and not self.challenge:
                self.challenge = bytes(payload[4:8])
                self.challenge_at = now
                self._hello(now)
            return
        elif kind == _REFUSE and seq == 0:
            if payload == self.nonce + b"full" and self.status == _JOINING:
                self.status = _FULL
            return
        if epoch != peer.epoch or (seq == 0) != (kind == _PING) or not peer.fresh(seq, payload):
            return
        peer.heard = now
        peer.addr = addr
        peer.acked(ack)
        if self.status == _LOST:
            self.status = _PLAYING if self.started else _LOBBY
        if seq:
            for k, body in peer.take(seq, kind, payload):
                self._event(k, body, now)

    def _beacon(self, addr, table, body, now):
        if len(body) < 11:
            return
        for t in self.tables:
            if t.id == table and t.addr == addr:
                t.free = body[10]
                t.heard = now
                return
        if len(self.tables) < 8:
            self.tables.append(Table(addr, table, body, now))

    # --- what the host says ----------------------------------------------------------------
    def _event(self, kind, body, now):
        if self.reveal is not None:  # (a frame after the REVEAL in the same pass: checked first)
            self._checked()
        if kind == _REVEAL:  # checked on the next pass, once the load's garbage can go
            from engine import fairdeal  # noqa: F401

            self.reveal = bytes(body)
            return
        self._take(kind, body)

    def _checked(self):
        body = self.reveal
        self.reveal = None
        self._take(_REVEAL, body)

    def _take(self, kind, body):
        """A host's event applied; its listeners told, or a resync asked for if it does not fit."""
        try:
            if kind == _WELCOME:
                self._welcome(body)
            elif kind == _SEATS:
                self.started = body[1] == 1
                self.seats = bytes(body[2 : 2 + body[0]])
                if self.status in (_JOINING, _LOST, _WRONG_CODE):
                    self.status = _PLAYING if self.started else _LOBBY
            elif kind == _ROUND:
                self._round(body)
            elif kind == _HIST:
                at = body[0] << 8 | body[1]
                self.view.history[at : at + len(body) - 2] = body[2:]
                self.hist_have = at + len(body) - 2
            elif kind == _VIEW:
                self._view(body)
            elif kind == _LEFT:
                self.final = bytes(body)
            elif kind == _REVEAL:
                self._check(body)
            elif kind == _REFUSE:
                self.refusal = bytes(body[5:])
                self.pending = -1
        except (ValueError, IndexError) as e:  # a frame that does not fit what we hold
            print("link: %s" % e)
            self._resync()
            return
        for f in self.listeners:
            f(kind)

    def _welcome(self, body):
        from engine.view import SeatView

        text = bytes(body[5:]).decode()
        if self.view is None or text != self.rules_text or self.seat != body[4]:
            from engine import unload
            from engine.rules_text import parse_rules

            rules = parse_rules(text)
            parse_rules = None
            unload("rules_text")  # set-up only (as on a local table: firmware/app.py), ~10 KB
            unload("rules")
            self.view = SeatView(rules, body[4])
            self.rules_text = text
        self.seat = body[4]
        self.status = _LOBBY

    def _round(self, body):
        if len(body) < 55 or len(body) != 55 + body[54]:
            raise ValueError("link: a ROUND of the wrong length")
        self.info = bytes(body[:54])
        self.own_draws = bytearray(body[55:])
        self.final = None
        self.unfair = None
        self.hist_have = 0
        self.status = _PLAYING
        self.started = True

    def _view(self, body):
        v = self.view
        if self.info is None:
            raise ValueError("link: a view before its round")
        data = body[:-2]
        entry, hist_len = linkview.peek(data, v)
        if entry == linkview.NO_ENTRY:
            if 2 * hist_len > max(self.hist_have, 2 * v.hist_len):
                raise ValueError("link: a view beyond the history we hold")
            # A resync (or a round's start): what became of a move sent before it, the view says;
            # its REFUSE may have been one of the frames the resync stands for. We may move again.
            self.pending = -1
        elif hist_len != v.hist_len + 1:
            raise ValueError("link: a gap in the history")
        before = _own(v)
        linkview.decode(data, v)
        self.hist_have = 2 * v.hist_len
        if entry != linkview.NO_ENTRY:
            self.applied += 1
            p, move = v.history_entry(entry)
            if p == v.seat:
                self.pending = -1
                if move == 250:  # DRAW: the card it gave us
                    got = _gained(before, _own(v))
                    if got >= 0:
                        self.own_draws.append(got)
        if linkview.checksum(v) != (body[-2] << 8 | body[-1]):
            raise ValueError("link: our view differs from the host's")

    def _resync(self):
        self.resyncs += 1
        if self.peer is not None and self.peer.epoch >= 0:
            self.peer.queue(_RESYNC, b"")

    def _check(self, body):
        """REVEAL: salt (16), starts (colors), deck. Replayed with the engine (engine/fairdeal.py)."""
        from engine import fairdeal

        v = self.view
        rules = v.rules
        info = self.info
        colors = rules.colors
        salt = body[:16]
        starts = body[16 : 16 + colors]
        deck = body[16 + colors :]
        final = []
        f = self.final or b""
        for p in range(v.n):
            m = f[14 * p : 14 * p + 14]
            if len(m) < 14:
                m = bytes(14)
            final.append(([m[3 * c] << 16 | m[3 * c + 1] << 8 | m[3 * c + 2] for c in range(4)], m[12], m[13]))
        rinfo = (info[:32], info[32], info[33], info[34], info[35] << 8 | info[36], info[37], info[38], info[39])
        reveal = (salt, starts, deck)
        self.unfair = fairdeal.check_round(rules, v.n, rinfo, reveal, v, info[40:54], self.own_draws, final)
        fairdeal = None
        from engine import unload

        unload("fairdeal")  # until the next round's end (~6 KB with the deal's replay)
        unload("explicit")
        self.checked.append((rinfo[4], self.unfair))

    # --- our moves -----------------------------------------------------------------------
    def play(self, move, now):
        """Send our move: None when sent, else why not (nothing sent)."""
        v = self.view
        if v is None or not v.my_turn() or self.status != _PLAYING:
            return "not your turn"
        if self.pending >= 0:
            return "waiting for the host"
        buf = bytearray(32)
        k = turn.legal_moves(v, buf)
        j = 0
        while j < k and buf[j] != move:
            j += 1
        if j == k:
            return "illegal"
        if not self.peer.queue(
            _MOVE, bytes((v.round_no >> 8, v.round_no & 255, v.hist_len >> 8, v.hist_len & 255, move))
        ):
            return "waiting for the host"
        self.pending = move
        self.refusal = b""
        self.step(now)
        return None


def _own(v):
    p = v.seat
    return [v.hands[p * 4 + c] for c in range(4)] + [v.acts[p * 2], v.acts[p * 2 + 1]]


def _gained(old, new):
    for c in range(4):
        extra = new[c] & ~old[c]
        if extra:
            r = 0
            while not extra >> r & 1:
                r += 1
            return c * 32 + r
    if new[4] > old[4]:
        return 129
    if new[5] > old[5]:
        return 130
    return -1
