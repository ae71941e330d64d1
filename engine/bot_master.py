"""The master: the expert's search with playouts that play like the advisor, for fast hosts.

The expert's playouts are random (greedy: a card whenever one fits), so they
release every bottleneck at once: measured, a flat search over them loses to
its own advisor (29% of 2-player classic rounds at 2,000 simulated moves). The
master plays each sampled world to the round's end with the advisor in every
seat (engine/bot_expert.py's Advisor: the medium heuristic tuned for winning
rounds, reading only what the world's history shows), so a candidate move is
judged by how the round goes when everyone plays sensibly.

For each of SAMPLES worlds (the hidden cards dealt again, consistently with
the public history: engine/sampler.py, engine/knowledge.py) every candidate
move is played and the round played out; the outcome is scored in the game's
own points (the penalty the others take minus ours in Elfer Raus, points won
in Cinquillo and Bastard, both against the mean seat) plus WIN per round won.
As in the expert, the search overrules the advisor only by a margin.

Effort is SAMPLES worlds per decision, never a clock: the same seed and view
give the same move on every runtime. A playout costs a medium decision per
move, about 20 times a random playout move, so this level is for desktops,
the browser and fast boards; the expert keeps the handheld's budget.
"""

from engine import const, turn
from engine.bot_expert import Advisor, ExpertBot, overrule
from engine.cards import GAME_CINQUILLO
from engine.rng import Rng

_PLAYING = const(0)  # engine/state.py's phases

# Per game (engine.cards GAME_*: classic family, Cinquillo): worlds per decision. Measured by
# duplicate deals against the expert: playouts help in Elfer Raus; in Cinquillo and Bastard they
# did not (46.5% and 49% of 4-player rounds at 12 worlds), so there the master plays as the expert.
SAMPLES = {"elfer": 12, "cinquillo": 0, "bastard": 0}
WIN = 20  # points a won round is worth on top of its score (per opponent)
UNIT = 10  # margin: points per seat in play ...
MARGIN = 2  # ... times (MARGIN + samples // 4) more than the advisor's move needs to overrule it
HORIZON = 400  # playout moves at most (a round ends long before; a guard, not a budget)


def points(s, seat, nact, penalties):
    """The round's result for seat in score points, zero-sum: what it gained on the mean seat
    (times the seats in play, to stay an int)."""
    total = 0
    for p in range(s.n):
        if s.active[p]:
            total += s.round_scores[p]
    mine = s.round_scores[seat] * nact
    return total - mine if penalties else mine - total


class MasterBot(ExpertBot):
    level = "master"

    def __init__(self, rules, seat, seed=0):
        ExpertBot.__init__(self, rules, seat, seed)
        work = self.kit[2]
        if not work.history:  # the experts' work state keeps no moves; the playout seats read them
            work.history = bytearray(128)
        self.samples = SAMPLES[rules.kind()]
        self.players = playout_players(rules)
        self.roll = Rng()  # the decision's worlds draw from this copy of self.rng
        self.world = Rng()  # the generator at the current world's start
        self.view = None  # the view a decision in slices weighs (start / step)
        self.first = self.n = self.j = self.left = 0

    def choose(self, view):
        move = self.start(view)
        while move is None:
            move = self.step()
        return move

    # A decision in slices: start() and then step() once a playout (one candidate move in one
    # world), so a host that must stay responsive (the browser page, a board's keys) gets
    # control back between them. Until the decision ends, the bot's own generator is left as it
    # was (the worlds draw from a copy): a save taken between slices restores to the same
    # decision. The shared kit is held meanwhile; the firmware asks no other bot while one
    # thinks (firmware/match.py).
    def start(self, view):
        """Begins a decision: its move when there is nothing to weigh, else None (call step())."""
        if not self.samples:
            return ExpertBot.choose(self, view)
        # ExpertBot.choose's first lines again: a method both share cost four Cinquillo experts
        # 0.375 KiB of the handheld's heap (63.0 -> 63.375 KiB, 2026-12-02; the cap is 64).
        sampler, know, work, moves, value, advisor = self.kit
        advisor.seat = view.seat
        self.first = advisor.choose(view)  # (also brings `know` up to date for the sampler)
        n = turn.legal_moves(view, moves)
        if n == 1:
            return moves[0]
        if advisor.refine:
            self.first = advisor.refine(advisor, view, self.first, moves, n)  # the expert's own
        for j in range(n):
            value[j] = 0
        self.n = n
        self.j = 0
        self.view = view
        self.left = self.samples
        self.rng.copy_into(self.roll)
        return None

    def step(self):
        """One more playout of the decision start() began: the move after the last, else None."""
        sampler, know, work, moves, value, advisor = self.kit
        view = self.view
        roll = self.roll
        j = self.j
        if j == 0:
            roll.copy_into(self.world)  # a new world: every candidate is played in it
        else:
            self.world.copy_into(roll)
        sampler.fill(view, know, roll, work)
        turn.apply_unchecked(work, moves[j])
        players = self.players
        k = 0
        while work.phase == _PLAYING and k < HORIZON:
            turn.apply_unchecked(work, players[work.turn].choose(work))
            k += 1
        seat = view.seat
        nact = view.nactive
        value[j] += WIN * (nact - 1) if work.round_winners >> seat & 1 else -WIN
        value[j] += points(work, seat, nact, self.rules.game != GAME_CINQUILLO)
        j += 1
        if j < self.n:
            self.j = j
            return None
        self.j = 0
        self.left -= 1
        if self.left:
            return None
        roll.copy_into(self.rng)
        self.view = None
        return overrule(moves, value, self.n, self.first, UNIT * nact * (MARGIN + self.samples // 4))


_PLAYERS = [None, None]  # (rules text, advisors): the playouts' seats, shared by every master


def playout_players(rules):
    """An advisor per seat for the playouts, shared by every master of a game (bots decide one
    at a time). Each reads only the world's public history and its own hand, like any bot."""
    key = rules.describe()
    if _PLAYERS[0] != key:
        _PLAYERS[1] = None
        _PLAYERS[1] = [Advisor(rules, p) for p in range(rules.players)]
        _PLAYERS[0] = key
    return _PLAYERS[1]
