"""A linked table's fair deal: the deck shuffled from true random bytes, committed, revealed, checked.

The engine's seeded generator has about 45 bits of state: a player who knows their own
10-20 cards could search for the seed. A linked round (docs/link.md) is dealt instead from
random bytes the host's os.urandom gives, through the explicit-deal path (engine/explicit.py),
in the same order as a seeded deal (engine/deal.py). The host commits to the deal before play
(SHA-256 of salt, round and deal) and reveals it when the round ends; every client replays
the round's public moves from the revealed deal with the engine and says so if anything
differs: the commitment, its own hand and draws, a card played that its player was not dealt
or had not drawn, the hands left at the end.
"""

from engine import const
from engine.cards import DRAW, GAME_CINQUILLO
from engine.deal import build_deck, hand_size_for
from engine.hashing import sha256

_NO_SEAT = const(255)


class Randoms:
    """Uniform small numbers from a source of random bytes (os.urandom), without modulo bias."""

    def __init__(self, randbytes):
        self.randbytes = randbytes
        self.pool = b""
        self.at = 0

    def byte(self):
        if self.at >= len(self.pool):
            self.pool = self.randbytes(32)
            self.at = 0
        self.at += 1
        return self.pool[self.at - 1]

    def below(self, n):
        """0..n-1 (n <= 256)."""
        limit = 256 - 256 % n
        while True:
            b = self.byte()
            if b < limit:
                return b % n


def shuffle_deal(rules, randbytes):
    """(deck, starts, pick): a fresh deck (a bytearray) shuffled by Fisher-Yates from randbytes,
    the start rank per color (V3: 10 or 12 each, else the rules' one) and, for Cinquillo's
    3-player first round, the dealing order's index (0..2) of the seat given 14 (C3; else 0)."""
    deck = bytearray(96)
    size = build_deck(rules, deck)
    deck = deck[:size]
    r = Randoms(randbytes)
    for i in range(size - 1, 0, -1):
        j = r.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    if rules.start_10_12:
        starts = bytes(10 if r.below(2) == 0 else 12 for _ in range(rules.colors))
    else:
        starts = bytes(rules.start_rank for _ in range(rules.colors))
    return deck, starts, r.below(3)


def deal_order(rules, n, dealer, active):
    """The seats in dealing order (engine/deal.py's: clockwise from the dealer's left, E6; to
    the right from the dealer's right in Cinquillo, C3)."""
    out = []
    if rules.game == GAME_CINQUILLO:
        p, step = (dealer - 1) % n, -1
    else:
        p, step = (dealer + 1) % n, 1
    for _ in range(n):
        if active >> p & 1:
            out.append(p)
        p = (p + step) % n
    return out


def explicit_deal(rules, n, dealer, active, deck, starts, fourteen=_NO_SEAT):
    """The explicit deal (engine/explicit.py's dict) dealt from deck, as deal.py deals: a card
    each in dealing order, round after round; the rest is the stock in deck order. fourteen: the
    Cinquillo 3-player seat given a 14th card (C3)."""
    order = deal_order(rules, n, dealer, active)
    hands = [[] for _ in range(n)]
    i = 0
    for _ in range(hand_size_for(rules, len(order))):
        for p in order:
            hands[p].append(deck[i])
            i += 1
    if rules.game == GAME_CINQUILLO and len(order) == 3:
        hands[fourteen].append(deck[i])
        i += 1
    d = {"hands": hands, "stock": list(deck[i:])}
    if rules.start_10_12:
        d["start"] = list(starts)
    return d


def fourteen_seat(rules, n, dealer, active, round_no, last, pick):
    """C3: who gets 14 cards in a 3-player Cinquillo round: drawn by lot (pick) in the first
    round or when nobody had them, else the seat to the right of the last round's."""
    order = deal_order(rules, n, dealer, active)
    if rules.game != GAME_CINQUILLO or len(order) != 3:
        return _NO_SEAT
    if round_no == 1 or last == _NO_SEAT:
        return order[pick]
    return (last - 1) % n


def commitment(salt, round_no, starts, deck):
    """The 32 bytes the host shows at the round's start: SHA-256 of salt, round, starts, deck."""
    return sha256(bytes(salt) + bytes((round_no >> 8, round_no & 255)) + bytes(starts) + bytes(deck))


def check_round(rules, n, info, reveal, view, own_start, own_draws, final_hands):
    """A client's check of a finished round: a list of what differs (empty when the round was fair).

    info: (commit, dealer, active, prev_first, round_no, fourteen, first, forced) as the host sent
    at the round's start (prev_first: who began the round before, for C5);
    reveal: (salt, starts, deck); view: the client's SeatView at the round's end (its history and
    counts); own_start: this seat's hand masks and action counts as first received (bytes, 4 masks
    of 3 bytes then 2 counts); own_draws: the cards this seat was given by draws, in order;
    final_hands: the hands the host says are left, per seat as (masks list of 4, skips, reverses).
    """
    from engine import deal
    from engine.state import State

    commit, dealer, active, prev_first, round_no, fourteen, first, forced = info
    salt, starts, deck = reveal
    bad = []
    if commitment(salt, round_no, starts, deck) != bytes(commit):
        bad.append("commit")
        return bad
    if not _same_cards(deck, _fresh_deck(rules)):
        bad.append("deck")
        return bad
    s = State(rules, 0, dealer, deal_now=False)
    s.round_no = round_no - 1
    s.pending_tiebreak = active if active != (1 << n) - 1 else 0
    s.first = prev_first
    deal.start_round(s, explicit_deal(rules, n, dealer, active, deck, starts, fourteen))
    if s.turn != first or s.forced != forced:
        bad.append("first")
    me = view.seat
    if own_masks(s, me) != bytes(own_start):
        bad.append("hand")
    draws = 0
    h = view.history  # (read in place: a tuple an entry is garbage a step cannot collect on the VM)
    for i in range(view.hist_len):
        p = h[2 * i]
        move = h[2 * i + 1]
        if p != s.turn:
            bad.append("turn %d" % i)
            break
        before = s.count[p]
        mask = own_masks(s, me) if p == me and move == DRAW else b""
        try:
            s.apply(move)
        except ValueError:  # IllegalMove (not imported: a fair round never loads engine/errors.py)
            bad.append("move %d" % i)
            break
        if p == me and move == DRAW and s.count[p] > before:  # which card did the draw give?
            got = _gained(mask, own_masks(s, me))
            if draws >= len(own_draws) or got != own_draws[draws]:
                bad.append("draw %d" % draws)
            draws += 1
    else:
        if draws != len(own_draws):
            bad.append("draws")
        for p in range(n):
            masks, skips, revs = final_hands[p]
            for c in range(4):
                if s.hands[p * 4 + c] != masks[c]:
                    bad.append("left P%d" % (p + 1))
                    break
            else:
                if s.acts[p * 2] != skips or s.acts[p * 2 + 1] != revs:
                    bad.append("left P%d" % (p + 1))
        for p in range(n):
            if s.count[p] != view.count[p] or s.round_scores[p] != view.round_scores[p]:
                bad.append("score P%d" % (p + 1))
                break
    return bad


def own_masks(s, p):
    """A seat's hand as 14 bytes: four 20-bit rank masks of 3 bytes each, then skips, reverses."""
    out = bytearray(14)
    for c in range(4):
        m = s.hands[p * 4 + c]
        out[3 * c] = m >> 16 & 255
        out[3 * c + 1] = m >> 8 & 255
        out[3 * c + 2] = m & 255
    out[12] = s.acts[p * 2]
    out[13] = s.acts[p * 2 + 1]
    return bytes(out)


def _gained(old, new):
    """The one card in hand `new` (own_masks bytes) that `old` lacks, or -1."""
    for c in range(4):
        o = old[3 * c] << 16 | old[3 * c + 1] << 8 | old[3 * c + 2]
        m = new[3 * c] << 16 | new[3 * c + 1] << 8 | new[3 * c + 2]
        extra = m & ~o
        if extra:
            r = 0
            while not extra >> r & 1:
                r += 1
            return c * 32 + r
    if new[12] > old[12]:
        return 129
    if new[13] > old[13]:
        return 130
    return -1


def _same_cards(a, b):
    """Whether two decks hold the same cards, each as often (counted in place: two sorted lists
    were 2 KB of garbage on the unix port)."""
    if len(a) != len(b):
        return False
    seen = bytearray(256)
    for c in a:
        seen[c] += 1
    for c in b:
        if not seen[c]:
            return False
        seen[c] -= 1
    return True


def _fresh_deck(rules):
    deck = bytearray(96)
    return deck[: build_deck(rules, deck)]
