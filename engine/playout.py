"""Fast playouts: play the round on with random moves, for bots' searches and benchmarks.

play_out(s, rng) moves exactly as RandomBot would in every seat (a uniformly
random legal move, drawn with rng.below over the legal list in legal_moves'
order), so the result is identical to looping legal_moves/apply - a property
test checks it - but the common games run in one inlined loop with no calls
per move. greedy=1 draws only among the cards while any card fits (never a
voluntary end or pass): a better rollout policy for searching bots.
Variants with rarer mechanics (Bastard, action cards, optional pass, a
tie-break round among some seats) take the plain loop.
"""

from sys import modules

from engine import const, scoring
from engine.cards import DRAW, END, PASS

_PLAYING = const(0)  # engine/state.py's phases


def _more():
    """engine.playout_more, loaded only by the games that need it (looked up, not imported by a
    statement: an import statement per call would allocate, and one naming it would intern its
    short name in every game)."""
    m = modules.get("engine.playout_more")
    if m is None:
        m = __import__("engine.playout_more", None, None, ("plain",))
    return m


def play_out(s, rng, greedy=0, max_moves=0):
    """Play from the current position until the round ends, or after max_moves moves (0: no limit).

    Returns the number of moves made.
    """
    rules = s.rules
    if s.phase != _PLAYING:
        return 0
    if rules.bastard or rules.actions or rules.optional_pass or s.nactive != s.n:
        return _more().plain(s, rng, greedy, max_moves)
    if rules.one_card_turns:
        return _more().cinquillo(s, rng, greedy, max_moves)
    # Elfer Raus without its variants: the commonest playout, here in full.
    hands = s.hands
    lo = s.lo
    hi = s.hi
    start = s.start
    count = s.count
    table = s.table
    stock = s.stock
    ncol = s.rules.colors
    n = s.n
    draw_max = s.rules.draw_max
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
            for c in range(ncol):  # turn.plays, inlined
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
                    elif h >> start[c] & 1:
                        buf[k] = c * 32 + start[c]
                        k += 1
            if s.placed:
                if not (greedy and k):
                    obliged = 0
                    for c in range(ncol):  # turn.obligated, inlined (E12)
                        if hi[c] == 0 and hands[base + c] >> start[c] & 1:
                            obliged = 1
                            break
                    if not obliged:
                        buf[k] = END
                        k += 1
            elif k == 0:
                buf[0] = DRAW if s.stock_left else PASS
                k = 1
        limit = 32362 - 32362 % k  # rng.below(k), inlined
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
        if m < DRAW:  # turn._play
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
            s.placed += 1
            s.idle = 0
            if count[p] == 0:
                scoring.end_round(s, p)
                break
            continue
        if m == DRAW:  # turn._draw
            card = stock[s.stock_pos]
            s.stock_pos += 1
            s.stock_left -= 1
            c = card >> 5
            r = card & 31
            hands[base + c] |= 1 << r
            count[p] += 1
            s.drawn += 1
            t = hi[c]
            if (r == start[c]) if t == 0 else (r == t + 1 or r == lo[c] - 1):
                continue
            if s.drawn < draw_max and s.stock_left:
                continue
        if not s.placed:  # turn.end_turn
            s.idle += 1
        s.turn = (p + 1) % n
        s.placed = 0
        s.drawn = 0
    rng.s1 = s1
    rng.s2 = s2
    rng.s3 = s3
    return moves
