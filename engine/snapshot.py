"""Snapshots: a whole match in a compact, versioned binary blob, restored exactly.

    blob = snapshot.dump(state, bots)          # bots: one per seat (None for a person)
    snap = snapshot_load.load(blob)            # SnapshotError (a ValueError) if it is not a good blob
    snap, why = snapshot_load.safe_load(blob)  # never raises
    snap.state, snap.levels, snap.bot_rngs, snap.extra, snap.tape
    bots = snapshot_load.make_bots(snap)       # bots whose random numbers continue where they were

What is stored is the round's starting position (where every card was
dealt, the stock order), the moves of the round so far and what carries
from round to round (rules, dealer, scores, the PRNG, each bot's level and
PRNG); restoring deals that position and replays the moves through the
engine's own apply(), so every derived field (rows, hands, turn, history)
comes out as the game made it, and a blob that does not replay is refused.
Bots keep nothing else that matters: their knowledge is rebuilt from the
public history on their next decision. docs/saves.md has the byte layout.

Loaded only when saving or restoring: nothing on the match path imports it. Restoring
lives in engine/snapshot_load.py, so a device that saves every turn keeps only dump()
and the Tape in RAM.
"""

from engine import const
from engine.crc import put_crc

_PLAYING = const(0)  # engine/state.py's phases

MAGIC0 = 0x45  # 'E'
MAGIC1 = 0x52  # 'R'
VERSION = 2  # 2: the round number in two bytes (a match to a limit may outlast round 255)
HEAD = 5  # magic (2), version, length (2)
NO_SEAT = 255


# --- bits ------------------------------------------------------------------------


def bit_width(k):
    """Bits needed to write a number 0..k."""
    b = 0
    while k >> b:
        b += 1
    return b


class _Bits:
    def __init__(self, data=None, pos=0, end=0):
        self.data = bytearray() if data is None else data
        self.pos = pos * 8
        self.end = end * 8

    def put(self, value, width):
        for i in range(width):
            j = self.pos >> 3
            if j == len(self.data):
                self.data.append(0)
            if value >> i & 1:
                self.data[j] |= 1 << (self.pos & 7)
            self.pos += 1


class Tape:
    """The round's moves as they are made, each as its index among the legal moves then
    (what a snapshot stores): a device that keeps one saves without replaying the round."""

    def __init__(self):
        self.bits = _Bits(bytearray(96))
        self.count = 0
        self.round_no = -1

    def clear(self, round_no):
        data = self.bits.data
        for i in range((self.bits.pos + 7) >> 3):
            data[i] = 0
        self.bits.pos = 0
        self.count = 0
        self.round_no = round_no

    def add(self, index, n):
        """The move made was the index-th of the n legal moves."""
        self.bits.put(index, bit_width(n - 1))
        self.count += 1


# --- the round's starting position ------------------------------------------------


def deck_of(rules, buf=None):
    from engine.deal import build_deck

    if buf is None:
        buf = bytearray(96)
    return buf, build_deck(rules, buf)


# Scratch for dump(): a device saves every turn, and these are reused (no new buffers each time).
_WHERE = bytearray(96)
_LEFT = bytearray(96)
_ACTS = bytearray(12)
_DECK = bytearray(96)
_TEXT = [None, b""]  # rules object, its describe() text encoded


def _start_position(s, deck, size, where):
    """Where each deck card lay when the round began: seat, n (stock) or n+1 (table)."""
    n = s.n
    acts = _ACTS
    for i in range(2 * n):
        acts[i] = s.init_acts[i]
    for i in range(size):
        card = deck[i]
        w = n  # the stock, unless found in a hand or on the table
        if card >= 128:
            k = card - 129
            for p in range(n):
                if acts[p * 2 + k]:
                    acts[p * 2 + k] -= 1
                    w = p
                    break
        else:
            c = card >> 5
            bit = 1 << (card & 31)
            if s.init_table[c] & bit:
                w = n + 1
            for p in range(n):
                if s.init_hands[p * 4 + c] & bit:
                    w = p
        where[i] = w


# --- dump ----------------------------------------------------------------------------


def _u16(out, v):
    out.put(v >> 8 & 255, 8)
    out.put(v & 255, 8)


def _rng(out, r):
    _u16(out, r.s1)
    _u16(out, r.s2)
    _u16(out, r.s3)


def dump(s, bots=None, extra=b"", tape=None):
    """The match as bytes. bots: a list with a bot (or None for a person) per seat, or None;
    tape: the round's Tape, if one was kept (saves the replay).

    The state must be between moves (every apply() is whole, so it always is).
    """
    out = bytearray(1024)
    return bytes(out[: dump_into(out, s, bots, extra, tape)])


def dump_into(out, s, bots=None, extra=b"", tape=None, at=0):
    """dump() into the bytearray out from offset `at` (zeros after what is written); return
    the length. With a Tape this allocates next to nothing: what a device calls every turn."""
    from engine.bots import LEVEL_ORDER

    rules = s.rules
    n = s.n
    if _TEXT[0] is not rules:
        _TEXT[0] = rules
        _TEXT[1] = rules.describe().encode()
    text = _TEXT[1]
    if len(text) > 255 or len(extra) > 255:
        raise ValueError("snapshot: rules text or extra longer than 255 bytes")
    if s.round_no < 1 or s.round_no > 65535:
        raise ValueError("snapshot: round_no %d out of range" % s.round_no)
    for i in range(at, len(out)):
        out[i] = 0
    bits = _Bits(out, at)
    for v in (MAGIC0, MAGIC1, VERSION, 0, 0, len(text)):
        bits.put(v, 8)
    for i in range(len(text)):
        bits.put(text[i], 8)
    active = 0
    for p in range(n):
        active |= s.active[p] << p
    bits.put(s.dealer, 8)
    _u16(bits, s.round_no)
    for v in (s.tiebreak, active, s.first, s.explicit_first, s.fourteen):
        bits.put(v, 8)
    start = 0
    for c in range(4):
        if s.start[c] == 12:
            start |= 1 << c
    bits.put(start, 8)
    _rng(bits, s.rng)
    # Totals as the round began: a finished round has added its scores (not in an E23 tie-break).
    done = s.phase != _PLAYING and not s.tiebreak
    for p in range(n):
        v = s.scores[p] - (s.round_scores[p] if done else 0)
        if not 0 <= v <= 65535:
            raise ValueError("snapshot: score %d of P%d out of range" % (v, p + 1))
        _u16(bits, v)
    for p in range(n):
        bot = bots[p] if bots is not None else None
        if bot is None:
            bits.put(0, 8)
            continue
        bits.put(LEVEL_ORDER.index(bot.level) + 1, 8)
        _rng(bits, bot.rng)
    bits.put(len(extra), 8)
    for i in range(len(extra)):
        bits.put(extra[i], 8)
    _u16(bits, s.hist_len)
    _u16(bits, s.stock_len)
    # The bit stream: where each card was dealt, the stock order, the moves.
    deck, size = deck_of(rules, _DECK)
    where = _WHERE
    _start_position(s, deck, size, where)
    wbits = bit_width(n + 1)
    for i in range(size):
        bits.put(where[i], wbits)
    left = _LEFT  # the stock's cards, sorted: each stock card is written as its index among those left
    nleft = 0
    for i in range(size):
        if where[i] == n:
            left[nleft] = deck[i]
            nleft += 1
    if nleft != s.stock_len:
        raise ValueError("snapshot: the stock holds %d cards, the deal leaves %d" % (s.stock_len, nleft))
    for j in range(s.stock_len):
        card = s.stock[j]
        k = 0
        while k < nleft and left[k] != card:
            k += 1
        if k == nleft:
            raise ValueError("snapshot: the stock order does not match the deal")
        bits.put(k, bit_width(nleft - 1))
        nleft -= 1
        for i in range(k, nleft):
            left[i] = left[i + 1]
    # Moves: each as its index among the legal moves then: from the tape kept as they were made,
    # or found by replaying the round on a scratch state (engine/snapshot_load.py).
    if tape is not None and tape.count == s.hist_len and tape.round_no == s.round_no:
        data = tape.bits.data
        for i in range(tape.bits.pos):
            bits.put(data[i >> 3] >> (i & 7) & 1, 1)
    else:
        from engine import snapshot_load

        snapshot_load.moves_by_replay(s, deck[:size], where, active, bits)
    length = ((bits.pos + 7) >> 3) + 4 - at
    while len(out) < at + length:  # (put() grows out when it is too short)
        out.append(0)
    out[at + 3] = length >> 8
    out[at + 4] = length & 255
    put_crc(out, at, at + length - 4)
    return length
