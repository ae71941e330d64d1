"""The rules of a turn: which moves are legal (E9-E18, V1, V2, V6, C4-C8, B2)
and what applying one does. Works on a State or on a SeatView (same fields).
"""

from engine import cards, scoring
from engine.cards import DRAW, END, PASS, REVERSE, SKIP
from engine.errors import IllegalMove

_PLAYING = 0


def plays(s, p, buf, n):
    """Append seat p's playable cards to buf from index n; return the new count."""
    rules = s.rules
    hands = s.hands
    base = p * 4
    bastard = rules.bastard
    for c in range(rules.colors):
        h = hands[base + c]
        if not h:
            continue
        hi = s.hi[c]
        if hi == 0:  # E9/C4: only the start card opens a row
            r = s.start[c]
            if h >> r & 1:
                buf[n] = c * 32 + r
                n += 1
        elif bastard:  # B2: any card beyond either end
            lo = s.lo[c]
            m = (h >> (hi + 1) << (hi + 1)) | (h & ((1 << lo) - 1))
            r = 1
            while m >> r:
                if m >> r & 1:
                    buf[n] = c * 32 + r
                    n += 1
                r += 1
        else:  # E14/C7: one below the bottom or one above the top
            lo = s.lo[c]
            if h >> (lo - 1) & 1 and lo > 1:
                buf[n] = c * 32 + lo - 1
                n += 1
            if h >> (hi + 1) & 1:
                buf[n] = c * 32 + hi + 1
                n += 1
    a = p * 2
    if s.acts[a]:  # V6: action cards are playable at any moment of the turn
        buf[n] = SKIP
        n += 1
    if s.acts[a + 1]:
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
    """B2: ranks of color c the row has jumped over; they can never be placed (bit r = rank r)."""
    hi = s.hi[c]
    if not hi or not s.rules.bastard:
        return 0
    between = ((1 << hi) - 1) & ~((2 << s.lo[c]) - 1)
    return between & ~s.table[c]


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
        return 0 < m <= REVERSE and _holds(s, p, m) and playable(s, p, m)
    rules = s.rules
    if m == END:
        return not rules.one_card_turns and s.placed > 0 and not obligated(s, p)
    if m != DRAW and m != PASS:
        return False
    if s.placed:
        return False
    can = plays(s, p, s._buf, 0) > 0
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
        rule, reason = explain(s, move)
        raise IllegalMove(_name(s, move), rule, reason)
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
        if s.hi[c] == 0:
            s.lo[c] = r
            s.hi[c] = r
        elif r > s.hi[c]:
            s.hi[c] = r
        else:
            s.lo[c] = r
    s.count[p] -= 1
    s.placed += 1
    s.idle = 0
    s.log(p, card)
    if s.count[p] == 0:  # E20: the round ends at once, even mid-turn (and V6 effects lapse)
        scoring.end_round(s, p)
    elif s.rules.one_card_turns:
        end_turn(s)


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


def next_seat(s, p, steps):
    """The seat `steps` active seats away from p in the play direction."""
    n = s.n
    d = s.dir
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
    s.turn = next_seat(s, s.turn, steps)
    s.placed = 0
    s.drawn = 0
    s.skips = 0
    s.revs = 0
    if s.rules.bastard and not anyone_can_play(s):  # B3
        scoring.end_round(s, -1)


def anyone_can_play(s):
    buf = s._buf
    for p in range(s.n):
        if s.active[p] and plays(s, p, buf, 0):
            return True
    return False


# --- Why a move is illegal (only on the error path) -------------------------


def _name(s, move):
    if not isinstance(move, int) or not 0 <= move < 256:
        return repr(move)
    return cards.move_name(s.rules.game, move)


def _rule(s, elfer, cinquillo):
    return cinquillo if s.rules.one_card_turns else elfer


def _in_deck(rules, m):
    if m == SKIP or m == REVERSE:
        return rules.actions
    return m >> 5 < rules.colors and 1 <= (m & 31) <= rules.ranks


def _holds(s, p, card):
    if card >= SKIP:
        return card <= REVERSE and s.acts[p * 2 + card - SKIP] > 0
    return card >> 5 < 4 and s.hands[p * 4 + (card >> 5)] >> (card & 31) & 1


def _example(s):
    buf = bytearray(32)
    n = plays(s, s.turn, buf, 0)
    return ", ".join(cards.card_name(s.rules.game, buf[i]) for i in range(n))


def explain(s, m):
    """(rule id, reason) for a move that is not legal now."""
    rules = s.rules
    g = rules.game
    p = s.turn
    who = "P%d" % (p + 1)
    if s.phase != _PLAYING:
        return _rule(s, "E20", "B3"), "the round is over"
    if not isinstance(m, int) or not 0 <= m < 256:
        return "E19", "not a move"
    if m == DRAW:
        if s.stock_left == 0:
            return _rule(s, "E18", "C8"), "the stock is empty"
        if s.placed:
            return "E17", "%s has placed a card this turn; drawing is only for a blocked turn" % who
        if s.drawn:
            return "E17", "the drawn card fits and must be placed"
        if s.forced:
            return _rule(s, "E10", "C5"), "the round opens with %s" % cards.card_name(g, s.forced)
        return _rule(s, "E17", "C8"), "%s can play (%s), so may not draw" % (who, _example(s))
    if m == END:
        if rules.one_card_turns:
            return "C7", "a Cinquillo turn ends by itself after one card"
        if not s.placed:
            can = _example(s)
            if can:
                return "E16", "end follows a placed card; play one of: " + can
            if s.stock_left:
                return "E17", "nothing to end: no card placed and none fits; draw"
            return "E18", "nothing to end: no card placed and none fits; pass"
        return "E12", "%s must open the row of the start card they hold before ending the turn" % who
    if m == PASS:
        can = _example(s)
        if s.forced:
            return _rule(s, "E10", "C5"), "the round opens with %s" % cards.card_name(g, s.forced)
        if s.placed:
            return "E15", "%s has placed a card this turn: end the turn with 'end'" % who
        if not can:
            return _rule(s, "E17", "C8"), "the stock is not empty: draw first"
        if rules.one_card_turns:
            return "C7", "%s can play (%s) and must" % (who, can)
        if obligated(s, p):
            return "E12", "%s holds the start card of a closed row and must open it" % who
        if s.drawn:
            return "E17", "the drawn card can be played and must be"
        if rules.optional_pass:
            return "V1", "optional passes are suspended: every player has passed in succession"
        return "E16", "%s can play (%s) and must" % (who, can)
    if not _in_deck(rules, m):
        return _rule(s, "E1", "C1"), "%s is not a card of this deck" % cards.move_name(g, m)
    name = cards.card_name(g, m)
    if not _holds(s, p, m):
        return "E19", "%s does not hold %s" % (who, name)
    if s.forced:
        return _rule(s, "E10", "C5"), "the round opens with %s" % cards.card_name(g, s.forced)
    c = m >> 5
    color = cards.COLOR_NAMES[g][c]
    if s.hi[c] == 0:
        return _rule(s, "E9", "C4"), "the %s row is not open; only %s opens it" % (
            color,
            cards.card_name(g, c * 32 + s.start[c]),
        )
    lo = s.lo[c]
    hi = s.hi[c]
    if rules.bastard:
        return "B2", "%s is dead: the %s row already passed it" % (name, color)
    fits = []
    if lo > 1:
        fits.append(cards.card_name(g, c * 32 + lo - 1))
    if hi < rules.ranks:
        fits.append(cards.card_name(g, c * 32 + hi + 1))
    span = cards.card_name(g, c * 32 + lo) + ".." + cards.card_name(g, c * 32 + hi).split()[-1]
    return _rule(s, "E14", "C7"), "%s does not fit the row %s (it takes %s)" % (
        name,
        span,
        " or ".join(fits) or "nothing more",
    )
