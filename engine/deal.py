"""Dealing and opening a round: E5-E7, E10, E11, V3, V6, C3, C5, E23's seats."""

from engine import const
from engine.cards import GAME_CINQUILLO, REVERSE, SKIP

_NO_SEAT = const(255)
_PLAYING = const(0)  # engine/state.py's phases


def build_deck(rules, buf):
    """Write the unshuffled deck into buf; return its size."""
    n = 0
    for c in range(rules.colors):
        for r in range(1, rules.ranks + 1):
            buf[n] = c * 32 + r
            n += 1
    if rules.actions:  # V6: 4 Skip and 4 Reverse
        for _ in range(4):
            buf[n] = SKIP
            buf[n + 1] = REVERSE
            n += 2
    return n


def rotate_dealer(s):
    """E5: the deal passes one seat on after every round (to the right in Cinquillo)."""
    s.dealer = (s.dealer + s.rules.direction) % s.n


def give(s, p, card):
    if card >= SKIP:
        s.acts[p * 2 + card - SKIP] += 1
    else:
        s.hands[p * 4 + (card >> 5)] |= 1 << (card & 31)
    s.count[p] += 1


def clear_round(s):
    for i in range(s.n * 4):
        s.hands[i] = 0
    for i in range(s.n * 2):
        s.acts[i] = 0
    for i in range(s.n):
        s.count[i] = 0
        s.round_scores[i] = 0
    for c in range(4):
        s.lo[c] = 0
        s.hi[c] = 0
        s.table[c] = 0
        s.start[c] = s.rules.start_rank
    s.placed = s.drawn = s.skips = s.revs = s.idle = 0
    s.forced = 0
    s.dir = s.rules.direction
    s.hist_len = 0
    s.round_winners = 0
    s.explicit_first = _NO_SEAT


def _seat_order(s, first, step, out):
    """Active seats starting at `first` (inclusive) going `step`; return how many."""
    k = 0
    p = first
    for _ in range(s.n):
        if s.active[p]:
            out[k] = p
            k += 1
        p = (p + step) % s.n
    return k


def start_round(s, explicit):
    """Deal a new round from the RNG, or from an explicit deal (see record.py)."""
    if s.pending_tiebreak:  # E23: only the tied seats play
        for p in range(s.n):
            s.active[p] = s.pending_tiebreak >> p & 1
        s.tiebreak = 1
        s.pending_tiebreak = 0
    else:
        for p in range(s.n):
            s.active[p] = 1
        s.tiebreak = 0
    s.nactive = sum(s.active)
    clear_round(s)
    s.round_no += 1
    if explicit is None:
        _deal_random(s)
    else:
        from engine import explicit as explicit_deals  # only for hand-written deals

        explicit_deals.place(s, explicit)
    for i in range(s.n * 4):
        s.init_hands[i] = s.hands[i]
    s.init_acts[:] = s.acts
    for c in range(4):
        s.init_table[c] = s.table[c]
    open_round(s)
    s.phase = _PLAYING


def _deal_random(s):
    rules = s.rules
    rng = s.rng
    deck = s.stock
    size = build_deck(rules, deck)
    rng.shuffle(deck, size)
    if rules.start_10_12:  # V3
        for c in range(rules.colors):
            s.start[c] = 10 if rng.below(2) == 0 else 12
    order = bytearray(6)
    k = s.nactive
    hand = hand_size_for(rules, k)
    if rules.game == GAME_CINQUILLO:
        _seat_order(s, (s.dealer - 1) % s.n, -1, order)  # dealt to the right, from the dealer's right
        if k == 3:  # C3: one player gets 14
            if s.round_no == 1 or s.fourteen == _NO_SEAT:
                s.fourteen = order[rng.below(3)]
            else:
                s.fourteen = (s.fourteen - 1) % s.n
    else:
        _seat_order(s, (s.dealer + 1) % s.n, 1, order)  # E6: clockwise from the dealer's left
    i = 0
    for _ in range(hand):
        for j in range(k):
            give(s, order[j], deck[i])
            i += 1
    if rules.game == GAME_CINQUILLO and k == 3:
        give(s, s.fourteen, deck[i])
        i += 1
    # The stock is the undealt rest, in order, moved to the front.
    n = size - i
    for j in range(n):
        deck[j] = deck[i + j]
    s.stock_pos = 0
    s.stock_len = n
    s.stock_left = n


def _holder(s, card):
    c = card >> 5
    r = card & 31
    for p in range(s.n):
        if s.active[p] and s.hands[p * 4 + c] >> r & 1:
            return p
    return _NO_SEAT


def _first_active(s, p, step):
    for _ in range(s.n):
        if s.active[p]:
            return p
        p = (p + step) % s.n
    return p


def open_round(s):
    """Who begins, and with which card (E10, E11, C5)."""
    rules = s.rules
    s.forced = 0
    if s.explicit_first != _NO_SEAT:
        s.turn = s.explicit_first
    elif rules.game == GAME_CINQUILLO:
        if s.round_no == 1:  # C5: the 5 of coins begins
            h = _holder(s, 5)
            if h != _NO_SEAT:
                s.turn = h
                s.forced = 5
            else:  # decision: 2 players, 5 of coins in the stock -> dealer's right begins
                s.turn = _first_active(s, (s.dealer - 1) % s.n, -1)
        else:  # C5: the player to the right of the previous first player
            s.turn = _first_active(s, (s.first - 1) % s.n, -1)
    else:
        s.turn = _NO_SEAT
        for c in range(rules.colors):  # E10, then E11's color order
            if s.hi[c]:
                continue
            card = c * 32 + s.start[c]
            h = _holder(s, card)
            if h != _NO_SEAT:
                s.turn = h
                s.forced = card
                break
        if s.turn == _NO_SEAT:  # E11: no start card dealt
            s.turn = _first_active(s, (s.dealer + 1) % s.n, 1)
    s.first = s.turn


def hand_size_for(rules, players):
    """Cards per hand for a deal among `players` seats (E6, E7, C3)."""
    if rules.game == GAME_CINQUILLO:
        if players == 2:
            return rules.hand_size
        return 40 // players  # 4p: 10; 3p: 13 (+1 for the 14-card player)
    deck = rules.colors * rules.ranks  # number cards only (V6)
    a = deck // 4
    b = (3 * deck) // (4 * players)
    return a if a < b else b
