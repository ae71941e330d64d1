"""Cinquillo Bastard (B1-B5): jumps, dead cards, the stuck round and its split scoring.

Loaded only when a Bastard game is played (the other games never need it).
"""


def plays(s, p, buf, n):
    """B2: any card beyond either end of an open row (Cinquillo has no action cards)."""
    base = p * 4
    for c in range(4):
        h = s.hands[base + c]
        if not h:
            continue
        hi = s.hi[c]
        if hi == 0:
            r = s.start[c]
            if h >> r & 1:
                buf[n] = c * 32 + r
                n += 1
            continue
        lo = s.lo[c]
        m = (h >> (hi + 1) << (hi + 1)) | (h & ((1 << lo) - 1))
        r = 1
        while m >> r:
            if m >> r & 1:
                buf[n] = c * 32 + r
                n += 1
            r += 1
    return n


def dead_mask(s, c):
    """B2: ranks of color c the row has jumped over; they can never be placed (bit r = rank r)."""
    hi = s.hi[c]
    if not hi:
        return 0
    between = ((1 << hi) - 1) & ~((2 << s.lo[c]) - 1)
    return between & ~s.table[c]


def anyone_can_play(s):
    buf = s.scratch
    for p in range(s.n):
        if s.active[p] and plays(s, p, buf, 0):
            return True
    return False


def score_round(s):
    """B3/B4: fewest cards wins the cards of the others, split evenly (rounded down)."""
    fewest = 255
    for p in range(s.n):
        if s.active[p] and s.count[p] < fewest:
            fewest = s.count[p]
    winners = 0
    k = 0
    others = 0
    for p in range(s.n):
        if s.active[p]:
            if s.count[p] == fewest:
                winners |= 1 << p
                k += 1
            else:
                others += s.count[p]
    share = others // k  # all tied: others == 0, nobody scores
    for p in range(s.n):
        if winners >> p & 1:
            s.round_scores[p] = share
            s.scores[p] += share
    s.round_winners = winners
