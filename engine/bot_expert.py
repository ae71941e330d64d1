"""The expert: determinized search with fast playouts, under a fixed budget.

For each sample it deals the hidden cards at random consistently with
everything public (engine/sampler.py, engine/knowledge.py), then plays every
candidate move followed by a greedy random playout to the end of the round
(engine/playout.py), with the same random numbers for every candidate. The
move with the best total outcome wins: in Elfer Raus the own penalty against
the others' mean, in Cinquillo the points won against the others'.

Effort is a budget of playouts, never a clock: the same seed and view give
the same move on every runtime. All scratch states are made once.
"""

from engine import scoring, turn
from engine.bots import EasyBot
from engine.knowledge import Knowledge
from engine.playout import play_out
from engine.sampler import Sampler
from engine.state import State

DEFAULT_BUDGET = 4  # determinized samples per decision; make bench shows the SAMD51 estimate
DEFAULT_HORIZON = 4  # playouts look this many turns of each player ahead (moves = horizon x players)


class ExpertBot(EasyBot):
    level = "expert"

    def __init__(self, rules, seat, seed=0, budget=DEFAULT_BUDGET, horizon=DEFAULT_HORIZON):
        EasyBot.__init__(self, rules, seat, seed)
        self.budget = budget
        self.horizon = horizon * rules.players
        self.kit = search_kit(rules)

    def choose(self, view):
        sampler, know, base, work, moves, value = self.kit
        know.update(view)
        n = turn.legal_moves(view, moves)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        if n == 1:
            return moves[0]
        for j in range(n):
            value[j] = 0
        samples = self.budget
        seat = view.seat
        roll = self.rng  # one generator: samples and playouts draw from the same stream
        for _ in range(samples):
            sampler.fill(view, know, roll, base)
            s1 = roll.s1
            s2 = roll.s2
            s3 = roll.s3
            for j in range(n):
                base.copy_into(work, False)
                roll.s1 = s1  # common random numbers for every candidate
                roll.s2 = s2
                roll.s3 = s3
                turn.apply_unchecked(work, moves[j])
                play_out(work, roll, 1, self.horizon)
                value[j] += evaluate(work, seat)
        best = 0
        for j in range(1, n):
            if value[j] > value[best]:
                best = j
        return moves[best]


_KIT = [None, None]  # (rules text, kit): one set of scratch states for all experts of a game


def search_kit(rules):
    """Scratch shared by every expert playing these rules: bots decide one at a time,
    so six experts need no more RAM than one. The Knowledge is public (the same for
    every seat) and notices when it is asked about another game. Returns
    (sampler, knowledge, base, work, moves, values)."""
    key = rules.describe()
    if _KIT[0] != key:
        _KIT[1] = None  # let the old kit go before making the new one
        _KIT[1] = (
            Sampler(rules),
            Knowledge(rules),
            State(rules, deal_now=False, history=64),
            State(rules, deal_now=False, history=64),
            bytearray(32),
            [0] * 32,
        )
        _KIT[0] = key
    return _KIT[1]


def evaluate(s, seat):
    """How good a position is for seat, in the sampled world: the others' mean against its own.

    Elfer Raus: hand penalties (what a round end would cost now); Cinquillo:
    cards left, a card counting 3 (Bastard: a dead card 6, it can never go).
    Integers, scaled by the number of opponents to avoid division.
    """
    n = 0
    others = 0
    for p in range(s.n):
        if s.active[p] and p != seat:
            n += 1
            others += _burden(s, p)
    return others - _burden(s, seat) * n


def _burden(s, p):
    if not s.rules.one_card_turns:
        return scoring.hand_penalty(s, p)
    b = s.count[p] * 3
    if s.rules.bastard:
        base = p * 4
        for c in range(4):
            d = turn.dead_mask(s, c) & s.hands[base + c]
            while d:
                b += 3 * (d & 1)
                d >>= 1
    if s.count[p] == 0:
        b -= 15  # C9: going out scores 5 on top
    return b
