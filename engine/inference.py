"""Worlds that fit how the others played (Cinquillo with 3 or 4 players): a Sampler stand-in.

The plain Sampler (engine/sampler.py) deals the hidden cards uniformly among
the deals the public facts allow (engine/knowledge.py). But the others chose
their cards, and most players, whatever they are, prefer the same kinds of
card: one that leads on to more of their own cards in that row (a release),
then one whose next card they hold themselves (free), then a row's last card
(an end), and last a card that opens the row to the others (a blocker). This
is the expert's advisor's order (engine/bot_onecard.py, `side`).

So `fill` deals TRIES worlds and keeps the one in which the others' past plays
least often passed over a card of a better kind that the world says they
held then: walking the round's history backwards, each card goes back into
its player's hand and off the table, so the hand and the rows are those of
the moment it was played. Only card plays count (passes are hard facts
already). docs/bots.md gives what it is worth and costs.

The search calls fill once per candidate move with the same random numbers
(engine/bot_expert.py): the first call chooses, the later ones deal the
chosen world again from the remembered generator state, one deal each.
Nothing is allocated per call; the generator's states are small ints.
"""

from engine.cards import DRAW

TRIES = 5  # worlds dealt per sample
_TOP = 10  # Cinquillo's ranks 1..10 (the jack after the 7, in the cards module's rank order)
_COINS_5 = 5  # suit 0, rank 5: who holds it must open the first round with it


def _kind(h, hi, r):
    """Worth of card r for a hand h of its suit, whose row's top is hi (0: not open; a 5 then
    counts both ways, C4): per side 2000 a release, 1000 free, 900 the row's end, 0 a blocker."""
    step = 1 if r > hi else -1
    v = 0
    while True:
        q = r + step
        if q < 1 or q > _TOP:
            v += 900
        elif h >> q & 1:
            v += 1000
        else:
            q += step
            while 0 < q <= _TOP:
                if h >> q & 1:
                    v += 2000
                    break
                q += step
        if hi or step < 0:
            return v
        step = -1


class Consistent:
    COST = 45  # simulated moves charged to a sample for its TRIES deals: keeps the p95 at classic's (docs/bots.md)

    def __init__(self, sampler, players):
        self.sampler = sampler
        self.lo = bytearray(4)
        self.hi = bytearray(4)
        self.hands = [0] * (players * 4)
        # The last choice's key (the generator's state, the seat, the round, the history's
        # length), the generator before the kept deal, and after all the deals.
        self.gen = [-1] * 12

    def fill(self, view, know, rng, dst):
        """Write into dst the world, of TRIES dealt from rng, that best fits the others' plays."""
        g = self.gen
        if (
            g[0] != rng.s1
            or g[1] != rng.s2
            or g[2] != rng.s3
            or g[9] != view.seat
            or g[10] != view.round_no
            or g[11] != view.hist_len
        ):
            g[0] = rng.s1
            g[1] = rng.s2
            g[2] = rng.s3
            g[9] = view.seat
            g[10] = view.round_no
            g[11] = view.hist_len
            best = 1 << 20
            for _ in range(TRIES):
                s1 = rng.s1
                s2 = rng.s2
                s3 = rng.s3
                self.sampler.fill(view, know, rng, dst)
                d = self.misfits(view, dst, best)
                if d < best:
                    best = d
                    g[3] = s1
                    g[4] = s2
                    g[5] = s3
                    if d == 0:
                        break
            g[6] = rng.s1
            g[7] = rng.s2
            g[8] = rng.s3
        rng.s1 = g[3]
        rng.s2 = g[4]
        rng.s3 = g[5]
        self.sampler.fill(view, know, rng, dst)
        rng.s1 = g[6]  # every candidate's playout then draws the same numbers
        rng.s2 = g[7]
        rng.s3 = g[8]

    def misfits(self, view, world, limit):
        """How many of the others' card plays this round passed over a better kind of card
        that `world` says they held at the time (counting stops at limit)."""
        lo = self.lo
        hi = self.hi
        hands = self.hands
        for c in range(4):
            lo[c] = view.lo[c]
            hi[c] = view.hi[c]
        for i in range(view.n * 4):
            hands[i] = world.hands[i]
        me = view.seat
        hist = view.history
        d = 0
        for i in range(view.hist_len - 1, -1, -1):
            m = hist[2 * i + 1]
            if m >= DRAW:
                continue
            p = hist[2 * i]
            c = m >> 5
            r = m & 31
            if hi[c] == lo[c]:  # the row's 5 goes back: the suit is closed again
                hi[c] = 0
                lo[c] = 0
            elif r == hi[c]:
                hi[c] -= 1
            else:
                lo[c] += 1
            hands[p * 4 + c] |= 1 << r
            if p == me or (i == 0 and m == _COINS_5 and view.round_no == 1):
                continue  # our own plays, and the first round's forced opening (C5)
            better = _kind(hands[p * 4 + c], hi[c], r) + 100
            for cc in range(4):
                h = hands[p * 4 + cc]
                t = hi[cc]
                b = lo[cc]
                if t == 0:
                    if h >> 5 & 1 and _kind(h, 0, 5) >= better:
                        break
                elif (b > 1 and h >> (b - 1) & 1 and _kind(h, t, b - 1) >= better) or (
                    t < _TOP and h >> (t + 1) & 1 and _kind(h, t, t + 1) >= better
                ):
                    break
            else:
                continue
            d += 1
            if d >= limit:
                break
        return d
