"""The expert: a sharpened medium heuristic, checked by determinized search under a fixed budget.

It first asks its advisor for a move: the medium heuristic tuned for winning
rounds rather than for low penalties (by duplicated deals against medium: it
releases a bottleneck whenever own cards lie beyond it, but only as the
turn's first card, and never dumps free cards); in classic (2-4 players) a
value learned on the host checks that move (engine/value.py). Then, for each sample, it
deals the hidden cards at random consistently with everything public
(engine/sampler.py, engine/knowledge.py; in Cinquillo with 3 or 4 players the
deal, of several, that best fits how the others played: engine/inference.py),
plays every candidate move and a
greedy random playout to the end of the round (engine/playout.py), with the
same random numbers for every candidate, and scores the outcome: a round won
is worth 100 per opponent, a round lost -100. The search overrules the
advisor only by a margin.

Effort is a budget of simulated moves, never a clock: the same seed and view
give the same move on every runtime. The budget buys as many samples as the
cards left allow; when it cannot buy one (early in a round, many candidates)
the heuristic decides alone. All scratch is made once and shared by every
expert of a game (bots decide one at a time).
"""

from engine import const, turn
from engine.bot_medium import MediumBot
from engine.bots import EasyBot
from engine.knowledge import Knowledge
from engine.playout import play_out
from engine.sampler import Sampler
from engine.state import State

BUDGET = 200  # simulated moves per decision; make bench shows the SAMD51 estimate
# Learned values over the advisor's moves (engine/value.py), per (preset, players): the table
# modules host/research/fitvalue.py wrote. Loaded with the first expert of such a game only; its
# advisor then consults the table.
VALUES = {
    ("classic", 2): "engine.value_classic2",
    ("classic", 3): "engine.value_classic3",
    ("classic", 4): "engine.value_classic4",
}
_MAX_SAMPLES = const(16)
_MARGIN = const(2)  # extra won playouts the search needs to overrule the advisor


class Advisor(MediumBot):
    """The medium heuristic tuned for winning rounds, not for low penalties (duplicated
    deals against medium, classic 4 players: +4 points of win rate). It releases a
    bottleneck whenever own cards lie beyond it (threats weigh less), but only as the turn's
    first card: once a card is down it ends the turn and keeps the release for the next one
    (a shield meanwhile, and the others get one gap at a time). That rule was learned from
    the master, whose commonest overrule of the old advisor was to end the turn there: by
    duplicate deals against the old advisor (at most one release a turn) it won 60.1% of
    10,000 two-player classic rounds, mean penalty -12.6, and 54.5% of 8,000 four-player
    ones. It never dumps free cards, which only lowers the penalty of a lost round. Class
    attributes only: no RAM per bot."""

    T_BASE = 1
    G_CARD = 12
    DUMP = 0
    FIRST_RELEASE = 1
    refine = None  # engine/value.py's (with .model), on the experts' shared advisor where a table fits


class ExpertBot(EasyBot):
    level = "expert"

    def __init__(self, rules, seat, seed=0):
        EasyBot.__init__(self, rules, seat, seed)
        self.kit = search_kit(rules)

    def choose(self, view):
        sampler, know, work, moves, value, advisor = self.kit
        advisor.seat = view.seat  # the shared heuristic tracks only public facts: any seat may ask
        first = advisor.choose(view)  # the heuristic's move (it also brings `know` up to date)
        n = turn.legal_moves(view, moves)
        if n == 1:
            return moves[0]
        if advisor.refine:
            first = advisor.refine(advisor, view, first, moves, n)  # checked by a learned value
        for j in range(n):
            value[j] = 0
        # Each sample costs one playout per candidate, about as many moves as cards are left
        # in the game: the budget buys what it can, and none means the heuristic decides.
        left = view.stock_left // 2 + 4
        for p in range(view.n):
            left += view.count[p]
        samples = BUDGET // (n * left + sampler.COST)  # COST: its deals, in moves
        if samples == 0:
            return first
        if samples > _MAX_SAMPLES:
            samples = _MAX_SAMPLES
        seat = view.seat
        won = 100 * (view.nactive - 1)
        roll = self.rng  # one generator: samples and playouts draw from the same stream
        for _ in range(samples):
            s1 = roll.s1
            s2 = roll.s2
            s3 = roll.s3
            for j in range(n):
                roll.s1 = s1  # the same sample and the same playout numbers for every candidate
                roll.s2 = s2
                roll.s3 = s3
                sampler.fill(view, know, roll, work)  # dealing again costs less RAM than a copy
                turn.apply_unchecked(work, moves[j])
                play_out(work, roll, 1)  # to the end of the round
                value[j] += won if work.round_winners >> seat & 1 else -100
        # The search overrules the advisor only by a clear margin (few samples are noisy).
        # A won playout is worth 100 per opponent and a lost one -100: one more win than the
        # advisor's move is 100 * nactive. Demand _MARGIN such wins plus one per 4 samples.
        return overrule(moves, value, n, first, 100 * view.nactive * (_MARGIN + samples // 4))


def overrule(moves, value, n, first, need):
    """The best-valued of the n moves if it beats the advisor's move `first` by need, else first."""
    best = 0
    mine = 0
    for j in range(n):
        if value[j] > value[best]:
            best = j
        if moves[j] == first:
            mine = j
    return moves[best] if value[best] - value[mine] >= need else first


_KIT = [None, None]  # (rules text, kit): one set of scratch states for all experts of a game


def search_kit(rules):
    """Scratch shared by every expert playing these rules: bots decide one at a time,
    so six experts need no more RAM than one. The Knowledge is public (the same for
    every seat) and notices when it is asked about another game. Returns
    (sampler, knowledge, work state, moves, values, medium advisor)."""
    key = rules.describe()
    if _KIT[0] != key:
        _KIT[1] = None  # let the old kit go before making the new one
        sampler = Sampler(rules)
        if rules.kind() == "cinquillo" and rules.players > 2:
            # worlds that fit the others' plays; Bastard's jumps and a stock do not fit its model
            from engine.inference import Consistent

            sampler = Consistent(sampler, rules.players)
        if rules.one_card_turns or rules.actions or rules.optional_pass:
            # its playouts take engine/playout_more.py: loaded now, before the heap is in pieces
            __import__("engine.playout_more")
        know = Knowledge(rules)  # the facts are public: one Knowledge serves the kit
        _KIT[1] = (
            sampler,
            know,
            State(rules, deal_now=False, history=0),  # playouts read no history
            bytearray(32),
            [0] * 32,
            Advisor(rules, 0, 0, know),
        )
        name = VALUES.get((rules.preset, rules.players))
        if name:
            from engine import value

            value.attach(_KIT[1][5], name, rules)
        _KIT[0] = key
    return _KIT[1]
