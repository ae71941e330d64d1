"""A seat's view: what a person in that seat can see, and nothing more (E8).

It has the fields the turn rules read (so legal moves work on it exactly as
on the State), but the other seats' hand masks are zero, the stock order is
absent, and it holds no reference to the State it was filled from.
"""

from engine import const

_PLAYING = const(0)  # engine/state.py's phase


class SeatView:
    def __init__(self, rules, seat):
        n = rules.players
        if not 0 <= seat < n:
            raise ValueError("seat must be 0..%d, got %r" % (n - 1, seat))
        self.rules = rules
        self.seat = seat
        self.n = n
        self.hands = [0] * (n * 4)  # only this seat's four masks are ever non-zero
        self.acts = bytearray(n * 2)
        self.count = bytearray(n)
        self.active = bytearray(n)
        self.lo = bytearray(4)
        self.hi = bytearray(4)
        self.start = bytearray(4)
        self.table = [0, 0, 0, 0]
        self.scores = [0] * n
        self.round_scores = [0] * n
        self.stock_left = 0
        self.nactive = n
        self.turn = 0
        self.dir = 1
        self.placed = 0
        self.drawn = 0
        self.skips = 0
        self.revs = 0
        self.idle = 0
        self.forced = 0
        self.phase = _PLAYING
        self.dealer = 0
        self.first = 0
        self.round_no = -1
        self.round_winners = 0
        self.match_winners = 0
        self.tiebreak = 0
        self.scratch = bytearray(32)  # scratch for the turn rules, as on State
        self.history = bytearray(512)
        self.hist_len = 0

    def my_turn(self):
        return self.phase == _PLAYING and self.turn == self.seat

    def history_entry(self, i):
        """(seat, move) of the i-th move of this round; a draw never names its card here."""
        return self.history[2 * i], self.history[2 * i + 1]
