"""The rules of a turn: which moves are legal (E9-E18, V1, V2, V6, C4-C8, B2)
and what applying one does. Works on a State or on a SeatView (same fields).
"""

from engine import const, scoring
from engine.cards import DRAW, END, PASS, REVERSE, SKIP

_PLAYING = const(0)


def plays(s, p, buf, n):
    """Append seat p's playable cards to buf from index n; return the new count."""
    hands = s.hands
    his = s.hi
    base = p * 4
    if s.rules.bastard:  # B2 lives in bastard.py, loaded only for Bastard games
        return scoring.bastard().plays(s, p, buf, n)
    for c in range(s.rules.colors):
        h = hands[base + c]
        if h:
            hi = his[c]
            if hi:  # E14/C7: one below the bottom or one above the top
                lo = s.lo[c]
                if lo > 1 and h >> (lo - 1) & 1:
                    buf[n] = c * 32 + lo - 1
                    n += 1
                if h >> (hi + 1) & 1:
                    buf[n] = c * 32 + hi + 1
                    n += 1
            elif h >> s.start[c] & 1:  # E9/C4: only the start card opens a row
                buf[n] = c * 32 + s.start[c]
                n += 1
    a = p * 2
    acts = s.acts
    if acts[a]:  # V6: action cards are playable at any moment of the turn
        buf[n] = SKIP
        n += 1
    if acts[a + 1]:
        buf[n] = REVERSE
        n += 1
    return n


def playable(s, p, card):
    """Is this card, held by p, a legal play now (rows only; ignores turn phase)?"""
    if card >= SKIP:
        return True
    c = card >> 5
    r = card & 31
    hi = s.hi[c]
    if hi == 0:
        return r == s.start[c]
    lo = s.lo[c]
    if s.rules.bastard:
        return r > hi or r < lo
    return r == hi + 1 or r == lo - 1


def dead_mask(s, c):
    """B2: ranks of color c the row has jumped over (bit r = rank r); 0 outside Bastard."""
    if not s.rules.bastard:
        return 0
    return scoring.bastard().dead_mask(s, c)


def is_dead(s, card):
    return card < SKIP and dead_mask(s, card >> 5) >> (card & 31) & 1 == 1


def obligated(s, p):
    """E12: does p hold the start card of a row that is not open?"""
    base = p * 4
    for c in range(s.rules.colors):
        if s.hi[c] == 0 and s.hands[base + c] >> s.start[c] & 1:
            return True
    return False


def legal_moves(s, buf):
    """Write the legal moves of the seat on turn into buf; return the count."""
    if s.phase != _PLAYING:
        return 0
    p = s.turn
    if s.forced:  # E10/E11/C5: the opening card
        buf[0] = s.forced
        return 1
    n = plays(s, p, buf, 0)
    rules = s.rules
    if rules.one_card_turns:  # C7/C8
        if n:
            return n
        buf[0] = DRAW if s.stock_left else PASS
        return 1
    if s.placed:  # E15: may go on, or stop unless E12 binds
        if not obligated(s, p):
            buf[n] = END
            n += 1
        return n
    if n:  # E16: must play; V1 may allow a pass at the start of the turn
        if rules.optional_pass and not s.drawn and s.idle < s.nactive and not obligated(s, p):
            buf[n] = PASS
            n += 1
        return n
    buf[0] = DRAW if s.stock_left else PASS  # E17/E18
    return 1


def is_legal(s, m):
    """Same answer as `m in legal_moves(s)`, without building the list (a property test checks)."""
    if s.phase != _PLAYING or not isinstance(m, int):
        return False
    p = s.turn
    if s.forced:
        return m == s.forced
    if m < DRAW:  # a card: any held card that fits is legal whenever it is p's turn
        return 0 < m <= REVERSE and holds(s, p, m) and playable(s, p, m)
    rules = s.rules
    if m == END:
        return not rules.one_card_turns and s.placed > 0 and not obligated(s, p)
    if m != DRAW and m != PASS:
        return False
    if s.placed:
        return False
    can = plays(s, p, s.scratch, 0) > 0
    if m == DRAW:
        return not can and s.stock_left > 0
    if not can:
        return s.stock_left == 0
    return (
        not rules.one_card_turns and rules.optional_pass and not s.drawn and s.idle < s.nactive and not obligated(s, p)
    )


def apply(s, move):
    """Apply move for the seat on turn, or raise IllegalMove with nothing changed."""
    if not is_legal(s, move):
        # engine.reasons only on the error path (keeps the turn loop's RAM small; by __import__,
        # so its short name is not interned where no move is refused)
        reasons = __import__("engine.reasons", None, None, ("illegal",))

        raise reasons.illegal(s, move)
    apply_unchecked(s, move)


def apply_unchecked(s, move):
    """Apply a move already known to be legal (taken from legal_moves): playouts skip the check."""
    p = s.turn
    if move == DRAW:
        _draw(s, p)
    elif move == END or move == PASS:
        s.log(p, move)
        end_turn(s)
    else:
        _play(s, p, move)


def _play(s, p, card):
    s.forced = 0
    if card >= SKIP:
        if card == SKIP:
            s.acts[p * 2] -= 1
            s.skips += 1
        else:
            s.acts[p * 2 + 1] -= 1
            s.revs += 1
    else:
        c = card >> 5
        r = card & 31
        s.hands[p * 4 + c] &= ~(1 << r)
        s.table[c] |= 1 << r
        extend_row(s.lo, s.hi, c, r)
    s.count[p] -= 1
    s.placed += 1
    s.idle = 0
    s.log(p, card)
    if s.count[p] == 0:  # E20: the round ends at once, even mid-turn (and V6 effects lapse)
        scoring.end_round(s, p)
    elif s.rules.one_card_turns:
        end_turn(s)


def extend_row(lo, hi, c, r):
    """Place rank r on color c's row, kept as lo/hi bytes: open it, or move the end it lies beyond."""
    if hi[c] == 0:
        lo[c] = r
        hi[c] = r
    elif r > hi[c]:
        hi[c] = r
    else:
        lo[c] = r


def _draw(s, p):
    card = s.stock[s.stock_pos]
    s.stock_pos += 1
    s.stock_left -= 1
    if card >= SKIP:
        s.acts[p * 2 + card - SKIP] += 1
    else:
        s.hands[p * 4 + (card >> 5)] |= 1 << (card & 31)
    s.count[p] += 1
    s.drawn += 1
    s.log(p, DRAW)
    if s.rules.one_card_turns:  # C8: the drawn card waits for a later turn
        end_turn(s)
    elif playable(s, p, card):  # E17/V2: a playable drawn card must be played
        return
    elif s.drawn < s.rules.draw_max and s.stock_left:  # V2: draw again
        return
    else:
        end_turn(s)


def next_seat(s, p, steps, d):
    """The seat `steps` active seats away from p in direction d (+1 clockwise, -1 to the right)."""
    n = s.n
    while steps:
        p = (p + d) % n
        if s.active[p]:
            steps -= 1
    return p


def end_turn(s):
    if not s.placed:
        s.idle += 1
    steps = 1 + s.skips
    if s.revs:  # V6: Reverses first (with two players each acts as a Skip), then Skips
        if s.nactive == 2:
            steps += s.revs
        elif s.revs & 1:
            s.dir = -s.dir
    s.turn = next_seat(s, s.turn, steps, s.dir)
    s.placed = 0
    s.drawn = 0
    s.skips = 0
    s.revs = 0
    if s.rules.bastard and not scoring.bastard().anyone_can_play(s):  # B3
        scoring.end_round(s, -1)


def holds(s, p, card):
    if card >= SKIP:
        return card <= REVERSE and s.acts[p * 2 + card - SKIP] > 0
    return card >> 5 < 4 and s.hands[p * 4 + (card >> 5)] >> (card & 31) & 1
