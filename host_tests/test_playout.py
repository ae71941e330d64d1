"""Fast playouts move exactly as the random bot does through legal_moves/apply."""

import pytest
from gamegen import CONFIGS
from helpers import snapshot

from engine.cards import DRAW
from engine.playout import play_out
from engine.rng import Rng
from engine.rules import make_rules
from engine.state import State


def reference(s, rng, greedy, max_moves):
    buf = bytearray(32)
    moves = 0
    while s.phase == 0 and (not max_moves or moves < max_moves):
        n = s.legal_moves(buf)
        k = n
        if greedy:
            cards = sum(1 for i in range(n) if buf[i] < DRAW)
            k = cards or n
        s.apply(buf[rng.below(k)])
        moves += 1
    return moves


@pytest.mark.parametrize("preset,options", CONFIGS)
@pytest.mark.parametrize("greedy", [0, 1])
def test_E15_play_out_equals_random_play_through_the_rules(preset, options, greedy):
    rules = make_rules(preset, **options)
    for seed in range(25):
        a = State(rules, seed=seed, dealer=seed % rules.players)
        b = State(rules, seed=seed, dealer=seed % rules.players)
        ra, rb = Rng(seed + 3), Rng(seed + 3)
        limit = 0 if seed % 3 else 7 + seed
        ma = reference(a, ra, greedy, limit)
        mb = play_out(b, rb, greedy, limit)
        assert ma == mb
        assert snapshot(a) == snapshot(b)
        assert ra.get_state() == rb.get_state()
        if a.phase == 0:  # a truncated playout leaves a position that plays on identically
            reference(a, ra, greedy, 0)
            play_out(b, rb, greedy, 0)
            assert snapshot(a) == snapshot(b)
