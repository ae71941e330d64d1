"""Knowledge drawn from the public history is never wrong (E8-safe inference for bots)."""

import random

import pytest
from gamegen import CONFIGS

from engine.knowledge import Knowledge
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView


@pytest.mark.parametrize("preset,options", CONFIGS[::3])
def test_E17_E18_C8_proven_absent_cards_are_really_absent(preset, options):
    """Draws and blocked passes prove a seat held no card that fitted; the facts never contradict the hands."""
    rules = make_rules(preset, **options)
    buf = bytearray(32)
    facts = 0
    for seed in range(15):
        s = State(rules, seed=seed)
        rng = random.Random(seed)
        k = Knowledge(rules)
        v = SeatView(rules, 0)
        while s.phase == 0:
            s.apply(buf[rng.randrange(s.legal_moves(buf))])
            s.view_into(v, (s.turn + 1) % rules.players)
            k.update(v)
            for p in range(rules.players):
                if p == s.turn:
                    continue
                for c in range(4):
                    assert not k.absent[p * 4 + c] & s.hands[p * 4 + c]
                    facts += bin(k.absent[p * 4 + c]).count("1")
                assert not (k.no_actions[p] and (s.acts[2 * p] or s.acts[2 * p + 1]))
            for c in range(4):
                assert (k.lo[c], k.hi[c]) == (s.lo[c], s.hi[c])
    if rules.players > 2 or not rules.one_card_turns:
        assert facts > 0
