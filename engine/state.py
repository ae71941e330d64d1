"""The whole match state in a few bytearrays and small-int bit masks.

Hands are bit masks per (seat, color): bit r set means the seat holds the
card of rank r. Rows are lo/hi per color (0 = not open); table masks record
which cards lie on a row (Bastard rows have dead gaps). No object per card.
"""

from engine import const, deal, scoring, turn
from engine.rng import Rng

_PLAYING = const(0)  # phases (engine/turn.py names it too)
_ROUND_OVER = const(1)
_MATCH_OVER = const(2)
_NO_SEAT = const(255)  # engine/deal.py's: no seat (who got 14 cards, an explicit deal's first)

_DECK_MAX = const(88)  # 80 number cards + 8 action cards
_MOVES_MAX = const(32)  # legal moves at most: 14 Bastard cards + actions + draw/end/pass
_HIST0 = const(256)  # initial history capacity in entries (grows by doubling, rarely)


class State:
    """A match: rules, scores, dealer, the current round and the RNG.

    Drive it with legal_moves(buf) / apply(move); after a round ends call
    next_round(). Copy into a preallocated twin with copy_into().
    """

    def __init__(self, rules, seed=0, dealer=0, deal_now=True, history=_HIST0):
        n = rules.players
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError("dealer must be a seat 0..%d, got %r" % (n - 1, dealer))
        self.rules = rules
        self.n = n
        self.rng = Rng(seed)
        self.hands = [0] * (n * 4)
        self.acts = bytearray(n * 2)  # per seat: skips, reverses held (V6)
        self.count = bytearray(n)
        self.lo = bytearray(4)
        self.hi = bytearray(4)
        self.start = bytearray(4)
        self.table = [0, 0, 0, 0]
        self.stock = bytearray(_DECK_MAX)
        self.stock_pos = 0
        self.stock_len = 0
        self.stock_left = 0
        self.active = bytearray(n)
        self.nactive = n
        self.turn = 0
        self.dir = rules.direction
        self.placed = 0  # cards placed this turn
        self.drawn = 0  # cards drawn this turn
        self.skips = 0  # skip cards placed this turn (V6)
        self.revs = 0  # reverse cards placed this turn (V6)
        self.idle = 0  # turns in a row that ended without a card placed (V1)
        self.forced = 0  # the card the opening turn must start with (E10/E11/C5), or 0
        self.phase = _PLAYING
        self.history = bytearray(2 * history)  # (seat, move) per entry; public information only
        self.hist_len = 0
        self.round_no = 0
        self.dealer = dealer
        self.first = 0  # who began this round (C5)
        self.fourteen = _NO_SEAT  # Cinquillo 3p: who got 14 cards (C3)
        self.scores = [0] * n
        self.round_scores = [0] * n
        self.round_winners = 0  # bit mask of seats
        self.match_winners = 0  # bit mask of seats; more than one bit is a draw (C9)
        self.tiebreak = 0  # 1 while the current round is an E23 tie-break round
        self.pending_tiebreak = 0  # seats to play an E23 tie-break round next
        # The round's starting position, kept for records.
        self.init_hands = [0] * (n * 4)
        self.init_acts = bytearray(n * 2)
        self.init_table = [0, 0, 0, 0]
        self.explicit_first = _NO_SEAT
        self.scratch = bytearray(_MOVES_MAX)
        if deal_now:
            deal.start_round(self, None)

    # --- the OpenSpiel-like surface -------------------------------------
    def legal_moves(self, buf):
        """Write the current seat's legal moves into buf; return how many."""
        return turn.legal_moves(self, buf)

    def apply(self, move):
        """Apply a move for the seat on turn; IllegalMove (state unchanged) if forbidden."""
        turn.apply(self, move)

    def next_round(self, explicit=None):
        """Start the next round (or the E23 tie-break round) after a round has ended."""
        if self.phase != _ROUND_OVER:
            why = "still being played" if self.phase == _PLAYING else "over, and so is the match"
            raise ValueError("next_round: the round is " + why)
        if explicit is not None:  # validate first, so a bad deal changes nothing
            from engine import explicit as explicit_deals

            active = self.pending_tiebreak or (1 << self.n) - 1
            explicit = explicit_deals.check(self.rules, explicit, self.n, active)
        deal.rotate_dealer(self)
        deal.start_round(self, explicit)

    def is_round_over(self):
        return self.phase != _PLAYING

    def is_match_over(self):
        return self.phase == _MATCH_OVER

    def hand_cards(self, seat, out=None):
        """The cards of a seat's hand as a list (for display and records, not hot paths)."""
        return scoring.hand_list(self, seat, out)

    def penalty(self, seat):
        return scoring.hand_penalty(self, seat)

    def history_entry(self, i):
        """(seat, move) of the i-th move of this round."""
        return self.history[2 * i], self.history[2 * i + 1]

    def drawn_card(self, draw_index):
        """The card the draw_index-th draw of this round took (full records only)."""
        return self.stock[draw_index]

    def log(self, seat, move):
        i = 2 * self.hist_len
        if i >= len(self.history):
            if not self.history:  # made with history=0: a search's scratch state keeps no moves
                self.hist_len += 1
                return
            grown = bytearray(2 * len(self.history))
            grown[: len(self.history)] = self.history
            self.history = grown
        self.history[i] = seat
        self.history[i + 1] = move
        self.hist_len += 1

    def view_into(self, view, seat=-1):
        """Fill a SeatView with what its seat may see; never an opponent's card.

        With seat given, the view is re-pointed at that seat first: one view
        object can serve every bot in turn (every seat-specific field is rewritten).
        """
        if seat >= 0:
            view.seat = seat
        fill_view(self, view)

    def copy_into(self, dst, history=True):
        """Copy the whole state into a preallocated State of the same rules, without allocating."""
        copy_state(self, dst, history)


def copy_public(src, dst):
    """The fields every seat may see, from a State or SeatView into another of the same rules."""
    for i in range(src.n):
        dst.count[i] = src.count[i]
        dst.active[i] = src.active[i]
        dst.scores[i] = src.scores[i]
        dst.round_scores[i] = src.round_scores[i]
    for i in range(4):
        dst.lo[i] = src.lo[i]
        dst.hi[i] = src.hi[i]
        dst.start[i] = src.start[i]
        dst.table[i] = src.table[i]
    dst.nactive = src.nactive
    dst.turn = src.turn
    dst.dir = src.dir
    dst.placed = src.placed
    dst.drawn = src.drawn
    dst.skips = src.skips
    dst.revs = src.revs
    dst.idle = src.idle
    dst.forced = src.forced
    dst.phase = src.phase
    dst.round_no = src.round_no
    dst.dealer = src.dealer
    dst.first = src.first
    dst.round_winners = src.round_winners
    dst.match_winners = src.match_winners
    dst.tiebreak = src.tiebreak


def copy_state(src, dst, history):
    copy_public(src, dst)
    for i in range(src.n * 4):
        dst.hands[i] = src.hands[i]
        dst.init_hands[i] = src.init_hands[i]
    for i in range(4):
        dst.init_table[i] = src.init_table[i]
    for i in range(src.n * 2):
        dst.acts[i] = src.acts[i]
        dst.init_acts[i] = src.init_acts[i]
    for i in range(src.stock_len):
        dst.stock[i] = src.stock[i]
    dst.stock_pos = src.stock_pos
    dst.stock_len = src.stock_len
    dst.stock_left = src.stock_left
    dst.fourteen = src.fourteen
    dst.pending_tiebreak = src.pending_tiebreak
    dst.explicit_first = src.explicit_first
    src.rng.copy_into(dst.rng)
    if history:
        if len(dst.history) < len(src.history):
            dst.history = bytearray(len(src.history))
        dh = dst.history
        sh = src.history
        for i in range(2 * src.hist_len):
            dh[i] = sh[i]
    dst.hist_len = src.hist_len if history else 0


def fill_view(s, v):
    seat = v.seat
    v.rules = s.rules
    for i in range(s.n * 4):
        v.hands[i] = s.hands[i] if i >> 2 == seat else 0
    for i in range(s.n * 2):
        v.acts[i] = s.acts[i] if i >> 1 == seat else 0
    new_round = v.round_no != s.round_no
    copy_public(s, v)
    v.stock_left = s.stock_left
    # History holds no hidden information (draws never name the card): copy what is new.
    if new_round or v.hist_len > s.hist_len:
        v.hist_len = 0
    if len(v.history) < 2 * s.hist_len:
        grown = bytearray(len(s.history))
        grown[: len(v.history)] = v.history
        v.history = grown
    for i in range(2 * v.hist_len, 2 * s.hist_len):
        v.history[i] = s.history[i]
    v.hist_len = s.hist_len


def from_deal(rules, explicit, dealer=0, seed=0):
    """A State whose first round starts from an explicit deal (tests, records, bug reports).

    explicit: {'hands': [[card, ...] per seat], 'stock': [...] or None (the
    rest in deck order), optional 'table': [cards on the rows], 'start':
    [start rank per color] (V3), 'first': seat to move first}. Raises
    ValueError naming what is wrong with the deal.
    """
    from engine import explicit as explicit_deals

    d = explicit_deals.check(rules, explicit, rules.players)
    s = State(rules, seed=seed, dealer=dealer, deal_now=False)
    deal.start_round(s, d)
    return s
