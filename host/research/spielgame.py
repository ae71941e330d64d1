"""One round of the engine's game as an OpenSpiel game, for the arena (host/research/arena.py).

    game = ElferSpielGame(make_rules("classic", players=2))
    state = game.new_initial_state(seed=7, dealer=0)   # the deal the engine makes for that seed

An OpenSpiel episode is one round: the deal comes from the engine (seeded, so the arena can
play the same deal twice with the seats swapped), the stock's order is part of the hidden
state, and there are no chance nodes. Actions are the engine's move codes (cards < 250,
draw/end/pass above), so num_distinct_actions is 256.

What a seat knows is its SeatView (engine/view.py): information_state_string is built from it
alone, and resample_from_infostate deals the hidden cards again from that view with the
engine's own Sampler and Knowledge (what draws and passes prove about the other hands), so
ISMCTS searches worlds the seat cannot tell from the real one. Returns are zero-sum: each
seat's round score as a utility (minus the penalty in Elfer Raus, the points won in Cinquillo
and Bastard), minus the seats' mean, over 100.

clone() and information_state_string() are Python methods: OpenSpiel's Python ISMCTSBot calls
them from Python, and the engine's bytearrays copy faster than a deepcopy.
"""

import numpy as np
import pyspiel

from engine.cards import GAME_CINQUILLO
from engine.knowledge import Knowledge
from engine.playout import play_out
from engine.rng import Rng
from engine.sampler import Sampler
from engine.state import State, copy_state
from engine.view import SeatView

NUM_ACTIONS = 256
MAX_MOVES = 400  # a round's moves at most (the engine's history holds 256 entries; a round ends long before)


def utilities(state):
    """Each seat's round result as a utility: higher is better."""
    s = state
    penalties = s.rules.game != GAME_CINQUILLO  # Elfer Raus: round_scores are penalties
    return [(-v if penalties else v) for v in s.round_scores[: s.n]]


def zero_sum(s):
    """The returns of an engine state: utilities minus their mean, over 100 (0 while in play)."""
    if s.phase == 0:
        return [0.0] * s.n
    u = utilities(s)
    mean = sum(u) / len(u)
    return [(x - mean) / 100.0 for x in u]


def game_type(players):
    return pyspiel.GameType(
        short_name="python_elfer_raus_%dp" % players,
        long_name="Elfer Raus (engine/, one round, %d players)" % players,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
    )


class ElferSpielGame(pyspiel.Game):
    def __init__(self, rules, params=None):
        n = rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-2.0,
            max_utility=2.0,
            utility_sum=0.0,
            max_game_length=MAX_MOVES,
        )
        super().__init__(game_type(n), info, params or {})
        self.rules = rules
        self.sampler = Sampler(rules)
        self.know = Knowledge(rules)
        self.views = [SeatView(rules, p) for p in range(n)]

    def new_initial_state(self, seed=1, dealer=0):
        return ElferSpielState(self, State(self.rules, seed, dealer))


class ElferSpielState(pyspiel.State):
    def __init__(self, game, engine_state):
        super().__init__(game)
        self.game = game
        self.s = engine_state
        self.buf = bytearray(32)

    # --- what OpenSpiel asks ------------------------------------------------------------
    def current_player(self):
        if self.s.phase != 0:
            return pyspiel.PlayerId.TERMINAL
        return self.s.turn

    def _legal_actions(self, player):
        n = self.s.legal_moves(self.buf)
        return sorted(self.buf[:n])

    def legal_actions(self, player=None):
        if self.s.phase != 0:
            return []
        return self._legal_actions(self.s.turn)

    def _apply_action(self, action):
        self.s.apply(int(action))

    def apply_action(self, action):
        self.s.apply(int(action))

    def is_terminal(self):
        return self.s.phase != 0

    def returns(self):
        return zero_sum(self.s)

    def information_state_string(self, player=None):
        """The seat's view: its own hand, the public table, counts and the history (no hidden card)."""
        p = self.s.turn if player is None else player
        v = self.game.views[p]
        v.hist_len = 0  # (view_into copies only the entries it lacks: the view serves many states)
        self.s.view_into(v, p)
        return "%d|%s|%s|%s|%s|%d|%s" % (
            p,
            ",".join(map(str, v.hands[p * 4 : p * 4 + 4])),
            ",".join(map(str, v.table)),
            bytes(v.count).hex(),
            bytes(v.acts).hex(),
            v.stock_left,
            bytes(v.history[: 2 * v.hist_len]).hex(),
        )

    def clone(self):
        c = State(self.s.rules, 0, 0, deal_now=False)
        copy_state(self.s, c, True)
        return ElferSpielState(self.game, c)

    def resample_from_infostate(self, player, rng):
        """A world the player cannot tell from this one: the hidden cards dealt again from its view."""
        g = self.game
        v = g.views[player]
        v.hist_len = 0
        self.s.view_into(v, player)
        g.know.reset(v)
        g.know.update(v)
        dst = State(self.s.rules, 0, 0, deal_now=False)
        g.sampler.fill(v, g.know, rng, dst)
        # The sampler leaves the history out (the expert's playouts do not read it); the
        # information state is built from it, so the world gets the public history back.
        k = 2 * v.hist_len
        dst.history[:k] = v.history[:k]
        dst.hist_len = v.hist_len
        return ElferSpielState(g, dst)

    def __str__(self):
        return "round %d, seat %d on turn, %s" % (self.s.round_no, self.s.turn, self.information_state_string())


def resampler(seed):
    """A resampler for ISMCTSBot.set_resampler, with the engine's own seeded random numbers."""
    rng = Rng(seed)

    def resample(state, player):
        return state.resample_from_infostate(player, rng)

    return resample


class RandomRollout:
    """ISMCTS's evaluator: uniform random legal moves to the round's end (the distribution of
    OpenSpiel's RandomRolloutEvaluator with one rollout, on the engine's moves directly), and
    uniform priors."""

    def __init__(self, seed):
        self.rng = Rng(seed)
        self.buf = bytearray(32)

    def evaluate(self, state):
        s = state.clone().s
        play_out(s, self.rng)  # uniform over legal_moves, as RandomBot plays (test_playout checks it)
        return np.array(zero_sum(s))

    def prior(self, state):
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]
