"""Restoring a snapshot (engine/snapshot.py has the format): loaded only when a match is restored.

Every check that can refuse a blob is here: the frame (magic, version, length,
CRC), each field's range, what the match rules allow (round number, tie-break
seats, totals; a move count no round reaches is refused before anything is
allocated for it), the deal (explicit.check: every card once, a hand
for every seat playing, legal rows), and each move's legality as it is
replayed. A refused blob raises SnapshotError and builds nothing.
"""

from engine import const
from engine.cards import GAME_CINQUILLO
from engine.crc import crc_ok
from engine.snapshot import HEAD, MAGIC0, MAGIC1, NO_SEAT, VERSION, Tape, bit_width, deck_of

_PLAYING = const(0)  # engine/state.py's phases


class SnapshotError(ValueError):
    """The blob is not a snapshot this engine can restore: the message says why."""


class Snapshot:
    def __init__(self, state, levels, bot_rngs, extra, tape):
        self.state = state
        self.levels = levels  # per seat: a bot level name, or None for a person
        self.bot_rngs = bot_rngs  # per seat: (s1, s2, s3) or None
        self.extra = extra  # the caller's own bytes (the firmware's match settings)
        self.tape = tape  # the round's moves as a Tape (a device keeps it for its next saves)


def _set_round(s, deck, where, stock, fields):
    """Lay out the round's starting position as deal.start_round would have dealt it."""
    from engine import deal
    from engine.cards import highest_rank, lowest_rank

    active, tiebreak, round_no, first, explicit_first, fourteen, start = fields
    n = s.n
    for p in range(n):
        s.active[p] = active >> p & 1
    s.nactive = sum(s.active)
    s.tiebreak = tiebreak
    s.pending_tiebreak = 0
    deal.clear_round(s)
    s.round_no = round_no
    for i in range(len(deck)):
        w = where[i]
        if w < n:
            deal.give(s, w, deck[i])
        elif w == n + 1:
            s.table[deck[i] >> 5] |= 1 << (deck[i] & 31)
    for j in range(len(stock)):
        s.stock[j] = stock[j]
    s.stock_pos = 0
    s.stock_len = len(stock)
    s.stock_left = len(stock)
    for c in range(4):
        s.lo[c] = lowest_rank(s.table[c])
        s.hi[c] = highest_rank(s.table[c])
        s.init_table[c] = s.table[c]
        if start is not None and c < len(start):
            s.start[c] = start[c]
    for i in range(n * 4):
        s.init_hands[i] = s.hands[i]
    for i in range(n * 2):
        s.init_acts[i] = s.acts[i]
    s.explicit_first = explicit_first
    s.fourteen = fourteen
    s.turn = first
    s.first = first
    s.forced = 0
    if explicit_first == NO_SEAT and (s.rules.game != 1 or round_no == 1):
        deal.open_round(s)  # E10/E11/C5: who begins, and the card they must open with
        if s.first != first:
            raise ValueError("the round's first seat is P%d, not P%d" % (s.first + 1, first + 1))
    s.phase = _PLAYING


def moves_by_replay(s, deck, where, active, bits):
    """Write the round's moves as legal-move indices into bits, replaying them on a scratch state."""
    from engine.state import State

    work = State(s.rules, dealer=s.dealer, deal_now=False, history=s.hist_len // 2 + 8)
    stock = bytearray(s.stock_len)
    for j in range(s.stock_len):
        stock[j] = s.stock[j]
    starts = [s.start[c] for c in range(s.rules.colors)] if s.rules.start_10_12 else None
    fields = (active, s.tiebreak, s.round_no, s.first, s.explicit_first, s.fourteen, starts)
    _set_round(work, deck, where, stock, fields)
    buf = bytearray(32)
    for i in range(s.hist_len):
        m = s.history[2 * i + 1]
        k = work.legal_moves(buf)
        j = 0
        while j < k and buf[j] != m:
            j += 1
        if j == k:
            raise ValueError("snapshot: move %d of the history does not replay" % (i + 1))
        bits.put(j, bit_width(k - 1))
        work.apply(m)


def make_bots(snap, seed=0):
    from engine.bots import make_bot

    rules = snap.state.rules
    bots = [None] * rules.players
    for p in range(rules.players):
        if snap.levels[p] is not None:
            bots[p] = make_bot(snap.levels[p], rules, p, seed)
            bots[p].rng.set_state(snap.bot_rngs[p])
    return bots


def safe_load(blob):
    """(Snapshot, '') or (None, why): never raises."""
    try:
        return load(blob), ""
    except Exception as e:
        return None, str(e)


def check(blob):
    """Why a blob cannot be a snapshot of this version ('' if the frame and CRC are good)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        return "not bytes"
    if len(blob) < HEAD + 4:
        return "too short (%d bytes)" % len(blob)
    if blob[0] != MAGIC0 or blob[1] != MAGIC1:
        return "not an Elfer Raus snapshot"
    if not 1 <= blob[2] <= VERSION:  # format 1: the round number in one byte
        if blob[2] > VERSION:
            return "made by a newer version (format %d; this one reads %d)" % (blob[2], VERSION)
        return "format %d is not readable (this one reads 1 to %d)" % (blob[2], VERSION)
    length = blob[3] << 8 | blob[4]
    if length != len(blob):
        return "truncated or padded (%d bytes, header says %d)" % (len(blob), length)
    if not crc_ok(blob, 0, length - 4):
        return "corrupted (CRC mismatch)"
    return ""


def load(blob):
    """Restore a snapshot; raises SnapshotError saying why a blob is refused (never a half state)."""
    why = check(blob)
    if why:
        raise SnapshotError("snapshot " + why)
    try:
        return _load(bytes(blob))
    except SnapshotError:
        raise
    except Exception as e:  # a well-framed blob this engine cannot replay (foreign or damaged)
        raise SnapshotError("snapshot does not restore: %s" % (e,))  # noqa: B904 (MicroPython)


class _BitReader:
    def __init__(self, data, pos, end):
        self.data = data
        self.pos = pos * 8
        self.end = end * 8

    def get(self, width):
        if self.pos + width > self.end:
            raise SnapshotError("snapshot truncated (the move list runs past the end)")
        v = 0
        for i in range(width):
            if self.data[self.pos >> 3] >> (self.pos & 7) & 1:
                v |= 1 << i
            self.pos += 1
        return v


def _explicit(rules, n, deck, where, stock):
    hands = [[] for _ in range(n)]
    table = []
    for i in range(len(deck)):
        w = where[i]
        if w < n:
            hands[w].append(deck[i])
        elif w == n + 1:
            table.append(deck[i])
    return {"hands": hands, "stock": list(stock), "table": table}


class _Reader:
    def __init__(self, data, pos, end):
        self.data = data
        self.pos = pos
        self.end = end

    def byte(self):
        if self.pos >= self.end:
            raise SnapshotError("snapshot truncated")
        v = self.data[self.pos]
        self.pos += 1
        return v

    def u16(self):
        return self.byte() << 8 | self.byte()

    def take(self, k):
        if self.pos + k > self.end:
            raise SnapshotError("snapshot truncated")
        v = self.data[self.pos : self.pos + k]
        self.pos += k
        return v


def _round_max(rules, size):
    """The most one seat's total can grow in one round (E21 penalties; C9/B4 points)."""
    if rules.game == GAME_CINQUILLO:  # 5 and a point per card left in the other hands (B4: less)
        return 5 + size
    top = rules.colors * rules.ranks * (rules.ranks + 1) // 2  # every card left in one hand
    return top + 160 if rules.actions else top  # V6: 8 action cards at 20 each


def _max_moves(n, size):
    """More moves than any round holds: every turn places or draws a card (each card once
    each way), else passes, and no more than 2n passes come in a row (V1, E18, C8)."""
    return (2 * size + 1) * (2 * n + 2)


def _check_match(rules, size, round_no, tiebreak, active, scores):
    """Refuse a round number, tie-break, seats or totals the match rules could not have
    reached (E22, E23, C9), or totals this round could push past what a save holds."""
    n = rules.players
    last = rules.rounds  # 0: played to the limit
    top = _round_max(rules, size)
    high = max(scores)
    if tiebreak:
        if not rules.tie_break_round:
            raise SnapshotError("snapshot: a tie-break round (E23) in a game that has none")
        if round_no < 2 or last and round_no != last + 1 or not last and high < rules.limit:
            raise SnapshotError("snapshot: a tie-break round (E23) before the match was over")
        best = min(scores) if not rules.high_wins else high
        tied = 0
        for p in range(n):
            if scores[p] == best:
                tied |= 1 << p
        if active != tied or tied & (tied - 1) == 0:
            raise SnapshotError("snapshot: the tie-break seats are not the tied leaders (E23)")
    else:
        if active != (1 << n) - 1:
            raise SnapshotError("snapshot: a seat sits out a round that is not a tie-break")
        if last and round_no > last:
            raise SnapshotError("snapshot: round %d of a %d-round match" % (round_no, last))
        if not last and high >= rules.limit:
            raise SnapshotError(
                "snapshot: a total of %d reached the limit %d: the match was over" % (high, rules.limit)
            )
    for p in range(n):
        if scores[p] > (round_no - 1) * top:
            raise SnapshotError(
                "snapshot: P%d's total %d is more than %d rounds can score" % (p + 1, scores[p], round_no - 1)
            )
        if not tiebreak and scores[p] > 65535 - top:
            raise SnapshotError("snapshot: P%d's total %d leaves no room for this round's" % (p + 1, scores[p]))


def _load(blob):
    from engine.bots import LEVEL_ORDER
    from engine.rules_text import parse_rules
    from engine.state import State

    end = len(blob) - 4
    r = _Reader(blob, HEAD, end)
    text = r.take(r.byte()).decode()
    rules = parse_rules(text)
    n = rules.players
    dealer = r.byte()
    round_no = r.u16() if blob[2] >= 2 else r.byte()
    tiebreak = r.byte()
    active = r.byte()
    first = r.byte()
    explicit_first = r.byte()
    fourteen = r.byte()
    start_bits = r.byte()
    rng = (r.u16(), r.u16(), r.u16())
    if dealer >= n or round_no < 1 or tiebreak > 1 or active >> n or not active:
        raise SnapshotError("snapshot: bad dealer, round, or seats")
    if first >= n or not active >> first & 1 or explicit_first != NO_SEAT and explicit_first != first:
        raise SnapshotError("snapshot: bad first seat")
    if not (0 < rng[0] < 32363 and 0 < rng[1] < 31727 and 0 < rng[2] < 31657):
        raise SnapshotError("snapshot: bad PRNG state")
    scores = [r.u16() for _ in range(n)]
    levels = [None] * n
    bot_rngs = [None] * n
    for p in range(n):
        lv = r.byte()
        if lv == 0:
            continue
        if lv > len(LEVEL_ORDER):
            raise SnapshotError("snapshot: unknown bot level %d" % lv)
        levels[p] = LEVEL_ORDER[lv - 1]
        bot_rngs[p] = (r.u16(), r.u16(), r.u16())
        if not (0 < bot_rngs[p][0] < 32363 and 0 < bot_rngs[p][1] < 31727 and 0 < bot_rngs[p][2] < 31657):
            raise SnapshotError("snapshot: bad bot PRNG state")
    extra = r.take(r.byte())
    hist_len = r.u16()
    stock_len = r.u16()
    buf, size = deck_of(rules)
    _check_match(rules, size, round_no, tiebreak, active, scores)
    if hist_len > _max_moves(n, size):  # before the history is allocated for them
        raise SnapshotError("snapshot: %d moves in one round; no round has that many" % hist_len)
    bits = _BitReader(blob, r.pos, end)
    deck = buf[:size]
    where = bytearray(len(deck))
    wbits = bit_width(n + 1)
    left = []
    for i in range(len(deck)):
        w = bits.get(wbits)
        if w > n + 1:
            raise SnapshotError("snapshot: bad card place")
        where[i] = w
        if w == n:
            left.append(deck[i])
    if len(left) != stock_len:
        raise SnapshotError("snapshot: the stock does not match the deal")
    stock = bytearray(stock_len)
    for j in range(stock_len):
        k = bits.get(bit_width(len(left) - 1))
        if k >= len(left):
            raise SnapshotError("snapshot: bad stock order")
        stock[j] = left.pop(k)
    from engine import explicit

    d = _explicit(rules, n, deck, where, stock)
    starts = None
    if rules.start_10_12:
        starts = [12 if start_bits >> c & 1 else 10 for c in range(rules.colors)]
        d["start"] = starts
    elif start_bits:
        raise SnapshotError("snapshot: start ranks given without V3")
    explicit.check(rules, d, n, active)  # every card once, a hand for each seat playing, legal rows
    s = State(rules, dealer=dealer, deal_now=False, history=hist_len // 2 + 64)
    _set_round(s, deck, where, stock, (active, tiebreak, round_no, first, explicit_first, fourteen, starts))
    if fourteen != NO_SEAT and fourteen >= n:
        raise SnapshotError("snapshot: bad 14-card seat")
    for p in range(n):
        s.scores[p] = scores[p]
    s.rng.set_state(rng)
    buf = bytearray(32)
    tape = Tape()
    tape.clear(round_no)
    for i in range(hist_len):
        if s.phase != _PLAYING:
            raise SnapshotError("snapshot: moves after the end of the round")
        k = s.legal_moves(buf)
        j = bits.get(bit_width(k - 1))
        if j >= k:
            raise SnapshotError("snapshot: move %d is not a legal move" % (i + 1))
        s.apply(buf[j])
        tape.add(j, k)
    if bits.end - bits.pos >= 8:
        raise SnapshotError("snapshot: bytes left over after the moves")
    return Snapshot(s, levels, bot_rngs, extra, tape)
