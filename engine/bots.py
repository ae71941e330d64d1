"""Bots: each takes a SeatView and returns a move, exactly as the human seat does.

Effort is set by deterministic budgets, never by clocks, so a seed gives the
same decision on every runtime. (Stronger levels come with issue 4.)
"""

from engine import turn
from engine.cards import DRAW, END, PASS
from engine.rng import Rng


class RandomBot:
    """Uniformly random legal move: the baseline."""

    level = "random"

    def __init__(self, rules, seat, seed=0):
        self.rules = rules
        self.seat = seat
        self.rng = Rng(seed * 7 + seat + 1)
        self.buf = bytearray(32)

    def choose(self, view):
        n = turn.legal_moves(view, self.buf)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        return self.buf[self.rng.below(n)]


class EasyBot(RandomBot):
    """Greedy: always place a card when it can, the highest-valued first; never passes by choice."""

    level = "easy"

    def choose(self, view):
        buf = self.buf
        n = turn.legal_moves(view, buf)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        best = -1
        best_key = -1
        for i in range(n):
            m = buf[i]
            if m == DRAW or m == END or m == PASS:
                key = 0
            else:
                key = 100 if m >= 128 else (m & 31) + 1
            if key > best_key:
                best_key = key
                best = m
        return best


LEVELS = {"random": RandomBot, "easy": EasyBot}
LEVEL_ORDER = ("random", "easy")  # weakest to strongest
STRONGEST = LEVEL_ORDER[-1]


def make_bot(level, rules, seat, seed=0):
    if level not in LEVELS:
        raise ValueError("unknown bot level '%s'; levels: %s" % (level, ", ".join(sorted(LEVELS))))
    return LEVELS[level](rules, seat, seed)
