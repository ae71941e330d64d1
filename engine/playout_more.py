"""Playouts for Cinquillo and for the rarer variants (see playout.py; loaded on demand)."""

from engine import const, scoring, turn
from engine.cards import DRAW, PASS

_PLAYING = const(0)  # engine/state.py's phases


def plain(s, rng, greedy, max_moves):
    buf = s.scratch
    moves = 0
    while s.phase == _PLAYING and (not max_moves or moves < max_moves):
        n = turn.legal_moves(s, buf)
        k = n
        if greedy:
            cards = 0
            while cards < n and buf[cards] < DRAW:
                cards += 1
            if cards:
                k = cards
        turn.apply_unchecked(s, buf[rng.below(k)])
        moves += 1
    return moves


def cinquillo(s, rng, greedy, max_moves):
    hands = s.hands
    lo = s.lo
    hi = s.hi
    count = s.count
    table = s.table
    stock = s.stock
    n = s.n
    buf = s.scratch
    s1 = rng.s1
    s2 = rng.s2
    s3 = rng.s3
    moves = 0
    while not max_moves or moves < max_moves:
        p = s.turn
        base = p * 4
        k = 0
        if s.forced:
            buf[0] = s.forced
            k = 1
        else:
            for c in range(4):
                h = hands[base + c]
                if h:
                    t = hi[c]
                    if t:
                        b = lo[c]
                        if b > 1 and h >> (b - 1) & 1:
                            buf[k] = c * 32 + b - 1
                            k += 1
                        if h >> (t + 1) & 1:
                            buf[k] = c * 32 + t + 1
                            k += 1
                    elif h >> 5 & 1:
                        buf[k] = c * 32 + 5
                        k += 1
            if k == 0:
                buf[0] = DRAW if s.stock_left else PASS
                k = 1
        limit = 32362 - 32362 % k
        while True:
            s1 = (157 * s1) % 32363
            s2 = (146 * s2) % 31727
            s3 = (142 * s3) % 31657
            z = (s1 - s2 + s3) % 32362
            if z < limit:
                break
        m = buf[z % k]
        moves += 1
        s.log(p, m)
        if m < DRAW:
            s.forced = 0
            c = m >> 5
            r = m & 31
            hands[base + c] &= ~(1 << r)
            table[c] |= 1 << r
            t = hi[c]
            if t == 0:
                lo[c] = r
                hi[c] = r
            elif r > t:
                hi[c] = r
            else:
                lo[c] = r
            count[p] -= 1
            s.idle = 0
            if count[p] == 0:
                s.placed = 1  # as turn._play leaves it when the round ends
                scoring.end_round(s, p)
                break
        elif m == DRAW:  # C8: draw, and the turn passes
            card = stock[s.stock_pos]
            s.stock_pos += 1
            s.stock_left -= 1
            hands[base + (card >> 5)] |= 1 << (card & 31)
            count[p] += 1
            s.idle += 1
        else:
            s.idle += 1
        s.turn = (p - 1) % n
    rng.s1 = s1
    rng.s2 = s2
    rng.s3 = s3
    return moves
