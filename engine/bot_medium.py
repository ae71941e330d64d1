"""MediumBot: a cheap heuristic bot (issue 4), clearly stronger than EasyBot.

It reads only its SeatView plus what the public history proves (Knowledge).
Every decision is a score per legal move, O(legal moves x colors), with no
allocation in choose() (small ints only; buffers made in __init__).

Elfer Raus ideas:
- A card is "free" when playing it opens nothing to the others: the next
  card of its row is ours too (an inner card of our run), or it is the far
  end of the row (1 or 20). Free cards can be played at any later time (only
  we hold them), so they are kept as shields: one per turn satisfies the
  must-play rule (E16) without opening a row or drawing (E17).
- The outer card of our run next to an open row end is a bottleneck: playing
  it opens the next card to whoever holds it. We release it when we hold
  cards beyond it (the gap others fill leads to our own cards) and the gain
  outweighs what it gives the others: the cards they may hold in the gap,
  weighted up for seats that were just blocked (we would free them) and for
  seats close to going out.
- We go out as soon as every card can be placed this turn; we dump free cards
  (highest penalty first) when an opponent is close to going out.
- Action cards (V6) are free plays: Skip a seat that would play, Reverse when
  the seat behind us is less dangerous than the one ahead.

Cinquillo: one card per turn; the same free / release evaluation (no face
values: every card counts one). Bastard: jumps kill the cards skipped over
(B2), so we prefer plays that kill many of the others' cards and none of ours,
and play first those of our cards that others could kill by jumping past them.
"""

from engine import turn
from engine.bots import EasyBot
from engine.cards import DRAW, END, PASS, SKIP
from engine.knowledge import Knowledge

_BIG = 1 << 24


def _popcount(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


class MediumBot(EasyBot):
    """Heuristic: hold bottleneck cards, open rows that help us more than the others."""

    level = "medium"

    # Tunable weights (small ints; scores are ints so no float is ever allocated).
    NEAR = 2  # an opponent with at most this many cards may go out soon
    DUMP = 3  # dump free cards (keeping one) when an opponent holds at most this many
    T_BASE = 4  # threat of an opponent seat (per card it may hold)
    T_STUCK = 2  # extra threat: the seat was blocked on its last turn (we would free it)
    T_NEAR = 4  # extra threat: the seat is close to going out
    G_CARD = 6  # gain per own card beyond a gap we open
    G_FACE = 2  # gain per 4 face points of such a card (Elfer penalty)
    REL_BIAS = 0  # release a bottleneck when its net gain exceeds this
    CQ_FIRST = 1  # Cinquillo: a release worth making goes before free cards
    CQ_CARD = 48  # Cinquillo: gain per own card beyond a gap we open
    ONE_REL = 0  # Elfer: at most one release per turn
    DECAY = 1  # the k-th card of a gap costs DECAY / (DECAY + k) of its harm
    GAP_SQ = 0
    PASS_KEEP = 1  # V1: pass rather than spend a shield when nothing helps us
    B_KILL = 3  # Bastard: per opponent's card killed (scaled by threat/16)
    B_OWN = 40  # Bastard: per own card killed
    B_RISK = 32  # Bastard: per opponent card that could jump over the card we play
    B_RISKCAP = 9
    B_5MINE = 8  # Bastard: opening a suit, per own card of it
    B_5UNK = 6  # Bastard: opening a suit, per card of it the others hold

    def __init__(self, rules, seat, seed=0):
        super().__init__(rules, seat, seed)
        n = rules.players
        self.know = Knowledge(rules)
        self.blk = bytearray(n)  # 1: the seat ended its last turn without placing a card
        self.last_p = 255  # the last history entry read, to notice a different round or match
        self.last_m = 255
        self.seen = 0
        self.round_no = -1
        self.maxr = rules.ranks
        self.released = 0  # a bottleneck was released this turn

    # --- public history -----------------------------------------------------
    def _sync(self, view):
        """Read the new history entries (Knowledge facts, who was blocked last turn)."""
        k = self.know
        h = view.history
        seen = self.seen
        stale = view.round_no != self.round_no or view.hist_len < seen
        if not stale and seen and (h[2 * seen - 2] != self.last_p or h[2 * seen - 1] != self.last_m):
            stale = True  # same round number but another history: a different match
        if stale:
            k.reset(view)
            seen = 0
            self.round_no = view.round_no
            for p in range(len(self.blk)):
                self.blk[p] = 0
        k.update(view)
        for i in range(seen, view.hist_len):
            m = h[2 * i + 1]
            if m < DRAW:
                self.blk[h[2 * i]] = 0
            elif m == DRAW or m == PASS:
                self.blk[h[2 * i]] = 1
        self.seen = view.hist_len
        if view.hist_len:
            self.last_p = h[2 * view.hist_len - 2]
            self.last_m = h[2 * view.hist_len - 1]

    def _threat(self, view, p):
        t = self.T_BASE
        if self.blk[p]:
            t += self.T_STUCK
        if view.count[p] <= self.NEAR:
            t += self.T_NEAR
        return t

    def _danger(self, view):
        """Fewest cards held by an opponent."""
        low = 255
        for p in range(view.n):
            if p != self.seat and view.active[p] and view.count[p] < low:
                low = view.count[p]
        return low

    def _harm(self, view, c, r):
        """How much placing (color c, rank r) within the others' reach helps them: threat x chance they hold it."""
        absent = self.know.absent
        bit = 1 << r
        w = 0
        wt = 0
        for p in range(view.n):
            if p == self.seat or not view.active[p]:
                continue
            k = view.count[p]
            if k and not absent[p * 4 + c] & bit:
                w += k
                wt += k * self._threat(view, p)
        if not w:
            return 0
        return wt * 16 // (w + view.stock_left)

    def _value(self, r):
        if self.rules.one_card_turns:
            return self.CQ_CARD
        return self.G_CARD + self.G_FACE * r // 4

    def _release(self, view, h, c, b, step):
        """Net gain of placing our outer card b (color c) on the row end, opening b+step to the others.

        Walks the ranks beyond b: the gap up to our next card costs the harm of each
        card the others may place there; our cards past the gap are the gain, discounted
        by the gap's length. Returns -_BIG when nothing is opened (a free card)."""
        maxr = self.maxr
        r = b + step
        if r < 1 or r > maxr:
            return -_BIG
        cost = 0
        gap = 0
        while 1 <= r <= maxr and not h >> r & 1:
            cost += self._harm(view, c, r) * self.DECAY // (self.DECAY + gap) if gap else self._harm(view, c, r)
            gap += 1
            r += step
        gain = 0
        while 1 <= r <= maxr:
            if h >> r & 1:
                gain += self._value(r)
            r += step
        if self.GAP_SQ:
            return gain * 32 // ((gap + 1) * (gap + 1)) - cost - self.REL_BIAS
        return gain * 16 * 2 // (gap + 1) - cost - self.REL_BIAS

    def _can_go_out(self, view):
        """Can every card in hand be placed this turn (runs from the row ends, start cards included)?"""
        base = self.seat * 4
        for c in range(self.rules.colors):
            h = view.hands[base + c]
            if not h:
                continue
            hi = view.hi[c]
            if hi:
                lo = view.lo[c]
            else:
                s = view.start[c]
                if not h >> s & 1:
                    return False
                lo = hi = s
                h &= ~(1 << s)
            r = hi + 1
            while h >> r & 1:
                h &= ~(1 << r)
                r += 1
            r = lo - 1
            while r > 0 and h >> r & 1:
                h &= ~(1 << r)
                r -= 1
            if h:
                return False
        return True

    # --- choosing -----------------------------------------------------------
    def choose(self, view):
        buf = self.buf
        n = turn.legal_moves(view, buf)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        self._sync(view)
        if n == 1:
            return buf[0]
        if self.rules.bastard:
            return self._choose_bastard(view, n)
        if self.rules.one_card_turns:
            return self._choose_cinquillo(view, n)
        return self._choose_elfer(view, n)

    def _choose_elfer(self, view, n):
        buf = self.buf
        base = self.seat * 4
        if self._can_go_out(view):
            for i in range(n):
                if buf[i] < DRAW:
                    return buf[i]
        # close to someone going out: dump free cards, but keep one as a shield for the next turn
        danger = self._danger(view) <= self.DUMP and self._shields(view) >= 2
        if not view.placed:
            self.released = 0
        best = buf[0]
        best_key = -_BIG - 1
        for i in range(n):
            m = buf[i]
            if m == END:
                key = 3000 if not danger else 1500
            elif m == PASS:
                key = 1500 if self.PASS_KEEP and not danger else 500
            elif m == DRAW:
                key = 0
            elif m >= SKIP:
                key = 1000 + 20 + self._action_bonus(view, m)
                if danger:
                    key += 1000
            else:
                c = m >> 5
                r = m & 31
                h = view.hands[base + c]
                hi = view.hi[c]
                if hi == 0:
                    key = 10000  # E12: a start card must be placed this turn; place it first
                else:
                    step = 1 if r > hi else -1
                    if h >> (r + step) & 1:
                        # an inner card of our run: free, unless the run leads to a release worth making
                        e = r + step
                        while h >> (e + step) & 1:
                            e += step
                        net = self._release(view, h, c, e, step)
                    else:
                        net = self._release(view, h, c, r, step)
                    if net == -_BIG or net <= 0 and (h >> (r + step) & 1):
                        key = 1000 + r  # free: keep as a shield, dump the highest first
                        if danger:
                            key += 1000
                    elif net > 0:
                        key = 5000 + net
                        if self.ONE_REL and self.released and view.placed:
                            key = 2000 + net
                    else:
                        key = net if net > -900 else -900
            if key > best_key:
                best_key = key
                best = m
        if best < DRAW and best_key >= 5000 and best_key < 10000:
            c = best >> 5
            r = best & 31
            step = 1 if r > view.hi[c] else -1
            if not view.hands[base + c] >> (r + step) & 1:
                self.released = 1
        return best

    def _shields(self, view):
        """Free plays in hand: cards we can place later without opening anything (actions included)."""
        base = self.seat * 4
        maxr = self.maxr
        k = view.acts[self.seat * 2] + view.acts[self.seat * 2 + 1]
        for c in range(self.rules.colors):
            h = view.hands[base + c]
            hi = view.hi[c]
            if not h or not hi:
                continue
            r = hi + 1
            while h >> r & 1:
                r += 1
            if r > hi + 1:
                k += r - hi - 1 if r > maxr else r - hi - 2
            r = view.lo[c] - 1
            while r > 0 and h >> r & 1:
                r -= 1
            if r < view.lo[c] - 1:
                k += view.lo[c] - 1 - r if r == 0 else view.lo[c] - 2 - r
        return k

    def _action_bonus(self, view, m):
        """V6 effect of an action card played now (it acts when the turn ends)."""
        me = self.seat
        nxt = turn.next_seat(view, me, 1)
        if m == SKIP or view.nactive == 2:
            # skipping a seat that was blocked spares it a draw; skipping a seat that plays costs it a turn
            return -8 if self.blk[nxt] else self._threat(view, nxt)
        prv = turn.next_seat(view, me, view.nactive - 1)
        return self._threat(view, nxt) - self._threat(view, prv)

    def _choose_cinquillo(self, view, n):
        buf = self.buf
        base = self.seat * 4
        best = buf[0]
        best_key = -_BIG - 1
        for i in range(n):
            m = buf[i]
            if m >= DRAW:
                key = -_BIG
            else:
                c = m >> 5
                r = m & 31
                h = view.hands[base + c]
                hi = view.hi[c]
                if hi == 0:
                    # a 5 opens both directions
                    key = self._side(view, h, c, r, 1) + self._side(view, h, c, r, -1)
                else:
                    step = 1 if r > hi else -1
                    key = self._side(view, h, c, r, step)
            if key > best_key:
                best_key = key
                best = m
        return best

    def _side(self, view, h, c, r, step):
        """Cinquillo: value of the row end moving to r in direction step."""
        if h >> (r + step) & 1:
            return 1000  # our own next card: we keep a play, open nothing
        net = self._release(view, h, c, r, step)
        if net == -_BIG:
            return 900  # the row's far end: opens nothing
        if net > 0 and self.CQ_FIRST:
            return 2000 + net
        return net

    def _choose_bastard(self, view, n):
        buf = self.buf
        base = self.seat * 4
        best = buf[0]
        best_key = -_BIG - 1
        for i in range(n):
            m = buf[i]
            if m >= DRAW:
                key = -_BIG
            else:
                c = m >> 5
                r = m & 31
                h = view.hands[base + c]
                hi = view.hi[c]
                free = 0x7FE & ~h & ~view.table[c]  # the others' cards of this suit
                if hi == 0:
                    key = self.B_5MINE * (_popcount(h & 0x7FE) - 1) - self.B_5UNK * _popcount(free)
                else:
                    if r > hi:
                        gapm = ((1 << r) - 1) & ~((2 << hi) - 1)
                        beyond = 0x7FE & ~((2 << r) - 1)
                    else:
                        gapm = ((1 << view.lo[c]) - 1) & ~((2 << r) - 1)
                        beyond = (1 << r) - 2
                    killed = self._kill_value(view, c, gapm & free)
                    risk = _popcount(beyond & free)  # the others' cards that could jump over ours
                    if risk > self.B_RISKCAP:
                        risk = self.B_RISKCAP
                    key = killed - self.B_OWN * _popcount(gapm & h) + self.B_RISK * risk
            if key > best_key:
                best_key = key
                best = m
        return best

    def _kill_value(self, view, c, m):
        """Bastard: the worth of making the others' cards in mask m dead (B2), by who may hold them."""
        v = 0
        r = 1
        while m >> r:
            if m >> r & 1:
                v += self._harm(view, c, r)
            r += 1
        return v * self.B_KILL // 16
