"""A seat's view as a frame's payload, and its checksum (docs/link.md, "What a frame carries").

The host writes what the seat may see (engine/view.py SeatView's fields: the public ones
and that seat's own hand, never another seat's card nor the stock) after every event; the
client sets its SeatView from it, so the client needs none of the turn rules' effects. A VIEW
names the move that led to it (a history entry) and a checksum of the whole view the client
must then hold, history included: a client that differs asks for a resync.
"""

from engine import const
from engine.crc import crc_update

_PLAYING = const(0)
NO_ENTRY = const(0xFFFF)  # a VIEW that adds no history entry (a round's start, a resync)


def _u16(b, i, v):
    v &= 0xFFFF
    b[i] = v >> 8
    b[i + 1] = v & 255


def _s16(v):
    return v - 65536 if v >= 32768 else v


def size(n, phase):
    return 60 + n + (4 * n if phase != _PLAYING else 0)


def encode(v, seat, entry):
    """The VIEW payload for seat from v (a State or a SeatView filled for that seat); entry: the
    history index this view adds (NO_ENTRY: none). Layout: docs/link.md."""
    n = v.n
    b = bytearray(size(n, v.phase))
    b[0] = n
    b[1] = seat
    b[2] = v.phase
    _u16(b, 3, v.hist_len)
    _u16(b, 5, entry)
    if entry != NO_ENTRY:
        b[7] = v.history[2 * entry]
        b[8] = v.history[2 * entry + 1]
    base = seat * 4
    for c in range(4):
        m = v.hands[base + c]
        t = v.table[c]
        for k in range(3):
            b[9 + 3 * c + k] = m >> (16 - 8 * k) & 255
            b[21 + 3 * c + k] = t >> (16 - 8 * k) & 255
    b[33] = v.acts[seat * 2]
    b[34] = v.acts[seat * 2 + 1]
    b[35] = v.stock_left
    b[36] = v.turn
    b[37] = v.dir & 255
    b[38] = v.placed
    b[39] = v.drawn
    b[40] = v.skips
    b[41] = v.revs
    b[42] = v.idle
    b[43] = v.forced
    b[44] = v.dealer
    b[45] = v.first
    _u16(b, 46, v.round_no)
    b[48] = v.round_winners
    b[49] = v.match_winners
    b[50] = v.tiebreak
    act = 0
    for p in range(n):
        act |= v.active[p] << p
    b[51] = act
    for c in range(4):  # ranks 0..20: 5 bits each of lo, hi and start in 16
        x = v.lo[c] | v.hi[c] << 5 | v.start[c] << 10
        b[52 + 2 * c] = x >> 8
        b[53 + 2 * c] = x & 255
    for p in range(n):
        b[60 + p] = v.count[p]
    if v.phase != _PLAYING:
        i = 60 + n
        for p in range(n):
            _u16(b, i + 2 * p, v.scores[p])
            _u16(b, i + 2 * n + 2 * p, v.round_scores[p])
    return bytes(b)


def peek(b, view):
    """(entry, hist_len) of a VIEW payload for this SeatView, or raise ValueError for a payload
    that is not a view of this table's size and seat, or of the wrong length."""
    n = view.n
    if len(b) < 60 + n or b[0] != n or b[1] != view.seat or len(b) != size(n, b[2]):
        raise ValueError("link: not a view of this seat")
    hist_len = b[3] << 8 | b[4]
    entry = b[5] << 8 | b[6]
    if hist_len * 2 > len(view.history) or entry != NO_ENTRY and entry != hist_len - 1:
        raise ValueError("link: a view's history does not add up")
    return entry, hist_len


def decode(b, view):
    """Set the SeatView from a VIEW payload (peek() it first)."""
    n = view.n
    seat = view.seat
    entry, hist_len = peek(b, view)
    view.phase = b[2]
    for i in range(n * 4):
        view.hands[i] = 0
    for c in range(4):
        view.hands[seat * 4 + c] = b[9 + 3 * c] << 16 | b[10 + 3 * c] << 8 | b[11 + 3 * c]
        view.table[c] = b[21 + 3 * c] << 16 | b[22 + 3 * c] << 8 | b[23 + 3 * c]
    for i in range(n * 2):
        view.acts[i] = 0
    view.acts[seat * 2] = b[33]
    view.acts[seat * 2 + 1] = b[34]
    view.stock_left = b[35]
    view.turn = b[36]
    view.dir = b[37] if b[37] < 128 else b[37] - 256
    view.placed = b[38]
    view.drawn = b[39]
    view.skips = b[40]
    view.revs = b[41]
    view.idle = b[42]
    view.forced = b[43]
    view.dealer = b[44]
    view.first = b[45]
    view.round_no = b[46] << 8 | b[47]
    view.round_winners = b[48]
    view.match_winners = b[49]
    view.tiebreak = b[50]
    k = 0
    for p in range(n):
        view.active[p] = b[51] >> p & 1
        k += view.active[p]
    view.nactive = k
    for c in range(4):
        x = b[52 + 2 * c] << 8 | b[53 + 2 * c]
        view.lo[c] = x & 31
        view.hi[c] = x >> 5 & 31
        view.start[c] = x >> 10
    for p in range(n):
        view.count[p] = b[60 + p]
    if view.phase != _PLAYING:
        i = 60 + n
        for p in range(n):
            view.scores[p] = _s16(b[i + 2 * p] << 8 | b[i + 2 * p + 1])
            view.round_scores[p] = _s16(b[i + 2 * n + 2 * p] << 8 | b[i + 2 * n + 2 * p + 1])
    if entry != NO_ENTRY:
        view.history[2 * entry] = b[7]
        view.history[2 * entry + 1] = b[8]
    view.hist_len = hist_len
    return entry


def checksum(view):
    """16 bits over the view the client should hold: its VIEW payload and its history."""
    b = encode(view, view.seat, NO_ENTRY)
    hi, lo = crc_update(0xFFFF, 0xFFFF, b, 0, len(b))
    hi, lo = crc_update(hi, lo, view.history, 0, 2 * view.hist_len)
    return lo ^ hi
