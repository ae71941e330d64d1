"""MediumBot: a cheap heuristic bot, clearly stronger than EasyBot.

It reads only its SeatView and what the public history proves (Knowledge:
draws and blocked passes show which cards a seat lacks). A decision scores
each legal move with small integers: O(legal moves x ranks x seats) simple
operations, no allocation in choose() (scratch made in __init__), so it can
also serve as a rollout policy.

Elfer Raus (E9-E18, V1-V6):
- Free cards: a card whose play opens nothing to the others, because the
  next card of its row is ours too (an inner card of our run) or the row
  ends there (1 or 20). Only we can place them, so they wait: one a turn
  meets the must-play rule (E16) without opening a row, and while we hold a
  playable card we never draw (E17). With V1 we pass instead of spending one.
- Bottlenecks: the outer card of our run at a row end. Placing it opens the
  next card to whoever holds it. It is released when we hold cards beyond it
  and what that gains us (our cards behind the gap, worth more when high:
  far ends cost the most penalty, and discounted by the gap's length) beats
  what it gives the others: the chance each opponent holds the gap cards
  (Knowledge rules out proven holes), weighted up for a seat that was just
  blocked (we would free it) and for a seat close to going out. With no own
  card beyond, the bottleneck is kept until nothing else can be played; then
  the least harmful one goes.
- A start card of a closed row must go this turn (E12): it goes first.
- We go out as soon as every card in hand can be placed this turn, and when
  an opponent is close to going out we dump free cards (highest first) while
  keeping one for the next turn.
- Skip / Reverse (V6) are free plays kept for later, used at once to stop a
  seat that is about to go out (never skipping a blocked seat: it would only
  draw).

Cinquillo (C7, one card a turn) and Bastard (B2, B3): the same evaluation
without face values, in engine/bot_onecard.py (loaded only for those games).
"""

from engine import const, turn
from engine.bots import EasyBot
from engine.cards import DRAW, END, PASS, SKIP
from engine.knowledge import Knowledge

_BIG = const(1 << 24)

# Weights: small ints (scores stay ints, so no float is ever allocated). Tuned by duplicate deals.
# Those the medium bot and the expert's advisor share are const() here (no name interned, no
# lookup); the four the advisor sets otherwise are MediumBot's class attributes.
_NEAR = const(2)  # an opponent holding at most this many cards may go out soon
_T_STUCK = const(2)  # extra threat: the seat was blocked on its last turn (we would free it)
_T_NEAR = const(4)  # extra threat: the seat is close to going out
_G_FACE = const(2)  # Elfer: gain per 4 face points (its penalty) of an own card behind a gap we open
_CQ_CARD = const(48)  # Cinquillo: gain per own card behind a gap we open
_DECAY = const(1)  # the k-th card of a gap (k >= 1) costs _DECAY / (_DECAY + k) of its harm
_ACT_BASE = const(950)  # V6: an action card is a free play kept after the free number cards
_ACT_NEAR = const(2)  # V6: Skip / Reverse at once against a seat holding at most this many


class MediumBot(EasyBot):
    """Heuristic: hold bottleneck cards, open rows that help us more than the others."""

    level = "medium"

    # The weights the expert's advisor (engine/bot_expert.py) sets otherwise; the rest are above.
    DUMP = 3  # dump free cards (keeping one) when an opponent holds at most this many
    T_BASE = 4  # threat of an opponent: weight of a card it may get to play
    G_CARD = 6  # Elfer: gain per own card behind a gap we open (plus _G_FACE per 4 face points)
    FIRST_RELEASE = 0  # Elfer: 1 = a release only as the turn's first card (the expert's advisor)

    def __init__(self, rules, seat, seed=0, know=None):
        super().__init__(rules, seat, seed)
        n = rules.players
        self.know = Knowledge(rules) if know is None else know  # the experts' advisor shares its kit's
        self.blk = bytearray(n)  # 1: the seat ended its last turn without placing a card
        self.thr = bytearray(n)  # threat per seat, set at each decision
        self.seen = 0  # history entries read
        self.round_no = -1
        self.last = 0xFFFF  # the last history entry read (seat << 8 | move): tells one game from another
        self.maxr = rules.ranks
        self.one_card = None  # Cinquillo, Bastard: engine/bot_onecard.py chooses (one card a turn)
        if rules.one_card_turns:  # (by __import__: the module's short name is never interned)
            self.one_card = __import__("engine.bot_onecard", None, None, ("choose",)).choose

    # --- what the public history shows ---------------------------------------
    def _sync(self, view):
        """Read the new history entries: Knowledge facts, and who was blocked on their last turn."""
        h = view.history
        seen = self.seen
        stale = view.round_no != self.round_no or view.hist_len < seen
        if not stale and seen and (h[2 * seen - 2] << 8 | h[2 * seen - 1]) != self.last:
            stale = True  # same round number, another history: another game
        if stale:
            self.know.reset(view)
            seen = 0
            self.round_no = view.round_no
            for p in range(len(self.blk)):
                self.blk[p] = 0
        self.know.update(view)
        blk = self.blk
        for i in range(seen, view.hist_len):
            m = h[2 * i + 1]
            if m < DRAW:
                blk[h[2 * i]] = 0
            elif m == DRAW or m == PASS:
                blk[h[2 * i]] = 1
        self.seen = view.hist_len
        if view.hist_len:
            self.last = h[2 * view.hist_len - 2] << 8 | h[2 * view.hist_len - 1]
        me = self.seat
        for p in range(view.n):
            t = 0
            if p != me and view.active[p] and view.count[p]:
                t = self.T_BASE
                if blk[p]:
                    t += _T_STUCK
                if view.count[p] <= _NEAR:
                    t += _T_NEAR
            self.thr[p] = t

    def fewest(self, view):
        """Fewest cards held by an opponent."""
        low = 255
        for p in range(view.n):
            if p != self.seat and view.active[p] and view.count[p] < low:
                low = view.count[p]
        return low

    def harm(self, view, c, r):
        """What (color c, rank r) coming within the others' reach gives them: threat x chance they hold it, x16."""
        absent = self.know.absent
        thr = self.thr
        count = view.count
        w = 0
        wt = 0
        for p in range(view.n):
            if thr[p] and not absent[p * 4 + c] >> r & 1:
                w += count[p]
                wt += count[p] * thr[p]
        if not w:
            return 0  # no opponent can hold it: it is in the stock
        return wt * 16 // (w + view.stock_left)

    def release(self, view, h, c, r, step):
        """Net worth of placing our outer card of rank r (color c) and so opening r + step to the
        others.

        The gap up to our next card of the row costs the harm of its cards (the
        first one in full); our cards past the gap gain, divided by the gap's
        length plus one. Returns -_BIG when nothing is opened (a free card)."""
        maxr = self.maxr
        r += step
        if r < 1 or r > maxr:
            return -_BIG
        cost = self.harm(view, c, r)
        gap = 1
        r += step
        while 1 <= r <= maxr and not h >> r & 1:
            cost += self.harm(view, c, r) * _DECAY // (_DECAY + gap)
            gap += 1
            r += step
        gain = 0
        cinq = self.rules.one_card_turns
        while 1 <= r <= maxr:
            if h >> r & 1:
                gain += _CQ_CARD if cinq else self.G_CARD + _G_FACE * r // 4
            r += step
        return gain * 32 // (gap + 1) - cost

    # --- choosing ------------------------------------------------------------
    def choose(self, view):
        buf = self.buf
        n = turn.legal_moves(view, buf)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        self._sync(view)
        if n == 1:
            return buf[0]
        if self.one_card is not None:
            return self.one_card(self, view, n)
        # Elfer Raus
        base = self.seat * 4
        if self._can_go_out(view):
            for i in range(n):
                if buf[i] < DRAW:
                    return buf[i]
        # someone may go out soon: dump free cards, but keep one as a shield for the next turn
        dump = self.fewest(view) <= self.DUMP and self.shields(view) >= 2
        wait = self.FIRST_RELEASE and view.placed  # releases left for a later turn
        best = buf[0]
        best_key = -_BIG
        for i in range(n):
            m = buf[i]
            if m == END:
                key = 1500 if dump else 3000  # after the releases worth making, before free cards
            elif m == PASS:
                key = 500 if dump else 1500  # V1: rather than spend a free card or open a row
            elif m == DRAW:
                key = 0
            elif m >= SKIP:
                key = self._action_key(view, m, dump)
            else:
                c = m >> 5
                r = m & 31
                h = view.hands[base + c]
                hi = view.hi[c]
                if hi == 0:
                    key = 10000  # E12: a start card must be placed this turn: first
                else:
                    step = 1 if r > hi else -1
                    inner = h >> (r + step) & 1
                    e = r
                    while h >> (e + step) & 1:
                        e += step
                    net = self.release(view, h, c, e, step)  # the run this card starts leads to e
                    if net > 0:
                        key = 900 if wait else 5000 + net  # opens toward our own cards
                    elif inner or net == -_BIG:
                        key = 1000 + r  # free: keep it as a shield; the highest goes first
                        if dump:
                            key += 1000
                    else:
                        key = net if net > -900 else -900  # the least harmful bottleneck
            if key > best_key:
                best_key = key
                best = m
        return best

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

    def shields(self, view):
        """How many free plays the hand holds: cards placeable later without opening anything (actions too)."""
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
            if r > hi + 1:  # run hi+1..r-1: all free when it reaches the end, else all but its outer card
                k += r - hi - 1 if r > maxr else r - hi - 2
            lo = view.lo[c]
            r = lo - 1
            while r > 0 and h >> r & 1:
                r -= 1
            if r < lo - 1:
                k += lo - 1 - r if r == 0 else lo - 2 - r
        return k

    def _action_key(self, view, m, dump):
        """V6: Skip / Reverse act when the turn ends (with the ones placed before, Reverses first)."""
        d = view.dir
        steps = 1 + view.skips
        if view.nactive == 2:
            steps += view.revs  # two players: a Reverse acts as a Skip
        elif view.revs & 1:
            d = -d
        nxt = turn.next_seat(view, self.seat, steps, d)
        if m == SKIP or view.nactive == 2:
            good = 0 if self.blk[nxt] else self.thr[nxt]  # a blocked seat would only draw
        else:
            good = self.thr[nxt] - self.thr[turn.next_seat(view, self.seat, steps, -d)]
        if good > 0 and view.count[nxt] <= _ACT_NEAR:
            return 4000 + good  # keep a seat about to go out from moving
        key = _ACT_BASE + good
        if dump:
            key += 1000
        return key
