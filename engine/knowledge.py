"""What the public history proves about the hidden hands (for bots; E8-safe).

Reads only a SeatView: the plays, draws, passes and turn ends of the round.
For each seat it keeps, per color, a bit mask of ranks the seat surely does
not hold:

- a draw in Elfer Raus is only allowed to a blocked player (E17), and a drawn
  card that fits must be placed: so at every draw the seat held no card that
  fitted then, and the drawn card (if not placed) did not fit either. Rows only
  grow, so what fitted stays provable until it is placed.
- a pass without V1 is a blocked pass (E18, C8); in Cinquillo it proves the
  same at that moment. A Cinquillo draw adds an unknown card that may be one
  that fitted, so a Cinquillo draw forgets what was known about that seat.
- ending a turn proves the seat holds no start card of a closed row (E12).
- every seat also lacks action cards after a blocked draw or pass (V6).

Incremental: update(view) reads only the history entries it has not seen.
The facts hold for every seat except the one on turn right after its own draw
(the drawn card may fit and is then placed at once): bots consult them on
their own turn, when every other seat's turn has ended.
"""

from engine import const
from engine.cards import DRAW, END, PASS, SKIP, highest_rank, lowest_rank
from engine.turn import extend_row

_ALL = const((1 << 21) - 2)  # ranks 1..20


class Knowledge:
    def __init__(self, rules):
        n = rules.players
        self.rules = rules
        self.absent = [0] * (n * 4)  # per (seat, color): ranks surely not held
        self.no_actions = bytearray(n)  # 1: the seat surely holds no action card
        self._played = [0, 0, 0, 0]
        self.lo = bytearray(4)
        self.hi = bytearray(4)
        self.seen = 0  # history entries processed
        self.round_no = -1
        self.head = bytearray(8)  # the round's first 4 entries: tells one game from another
        self.actions_played = 0

    def reset(self, view):
        """Start over for the view's round: rows as dealt (hand-written deals may pre-place cards)."""
        for i in range(len(self.absent)):
            self.absent[i] = 0
        for i in range(len(self.no_actions)):
            self.no_actions[i] = 0
        played = self._played
        for c in range(4):
            played[c] = 0
        for i in range(view.hist_len):
            m = view.history[2 * i + 1]
            if m < SKIP:
                played[m >> 5] |= 1 << (m & 31)
        for c in range(4):
            base = view.table[c] & ~played[c]
            self.lo[c] = lowest_rank(base)
            self.hi[c] = highest_rank(base)
        self.seen = 0
        self.actions_played = 0
        self.round_no = view.round_no

    def update(self, view):
        # another round, or another game (its first entries differ): start over
        stale = view.round_no != self.round_no or view.hist_len < self.seen
        for i in range(0 if stale else 2 * self.seen if self.seen < 4 else 8):
            if view.history[i] != self.head[i]:
                stale = True
                break
        if stale:
            self.reset(view)
        rules = self.rules
        cinq = rules.one_card_turns
        informative_pass = cinq or not rules.optional_pass
        hist = view.history
        for i in range(self.seen, view.hist_len):
            p = hist[2 * i]
            m = hist[2 * i + 1]
            if m < DRAW:
                if m >= SKIP:
                    self.actions_played += 1
                    continue
                extend_row(self.lo, self.hi, m >> 5, m & 31)
            elif m == END:  # E12: the seat holds no start card of a closed row
                for c in range(rules.colors):
                    if self.hi[c] == 0:
                        self.absent[p * 4 + c] |= 1 << view.start[c]
            elif m == DRAW and cinq:  # an unknown card that may fit: what was known goes
                for c in range(4):
                    self.absent[p * 4 + c] = 0
                self.no_actions[p] = 0
            elif m == DRAW or m == PASS and informative_pass:  # blocked: it held nothing that fitted
                for c in range(rules.colors):
                    self.absent[p * 4 + c] |= self.fits(view, c)
                self.no_actions[p] = 1
        for i in range(2 * self.seen, 8 if view.hist_len > 4 else 2 * view.hist_len):
            self.head[i] = hist[i]
        self.seen = view.hist_len

    def fits(self, view, c):
        """Bit mask of the ranks of color c that may be placed now."""
        hi = self.hi[c]
        if hi == 0:
            return 1 << view.start[c]
        lo = self.lo[c]
        if self.rules.bastard:
            return (_ALL >> (hi + 1) << (hi + 1)) | ((1 << lo) - 1) & _ALL
        return (1 << (lo - 1)) & _ALL | (1 << (hi + 1)) & _ALL

    def may_hold(self, p, card):
        """False when the history proves seat p does not hold this card."""
        if card >= SKIP:
            return not self.no_actions[p]
        return not self.absent[p * 4 + (card >> 5)] >> (card & 31) & 1
