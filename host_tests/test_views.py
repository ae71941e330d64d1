"""Seat views (E8): a seat sees its own hand and public information, never hidden cards."""

import os
import random
import re

from gamegen import CONFIGS

from engine import turn
from engine.cards import DRAW
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUBLIC = (
    "count",
    "lo",
    "hi",
    "start",
    "table",
    "stock_left",
    "turn",
    "dir",
    "placed",
    "drawn",
    "idle",
    "forced",
    "phase",
    "dealer",
    "round_no",
    "scores",
    "round_scores",
    "active",
    "nactive",
)


def play_some(rules, seed, steps):
    s = State(rules, seed=seed)
    rng = random.Random(seed)
    buf = bytearray(32)
    for _ in range(steps):
        if s.is_round_over():
            break
        s.apply(buf[rng.randrange(s.legal_moves(buf))])
    return s


def test_E8_view_holds_no_hidden_card_and_no_reference_to_the_state():
    for preset, options in CONFIGS:
        rules = make_rules(preset, **options)
        for seed in range(3):
            s = play_some(rules, seed, 25)
            for seat in range(rules.players):
                v = SeatView(rules, seat)
                s.view_into(v)
                for p in range(rules.players):
                    for c in range(4):
                        want = s.hands[p * 4 + c] if p == seat else 0
                        assert v.hands[p * 4 + c] == want
                    assert v.acts[p * 2 : p * 2 + 2] == (s.acts[p * 2 : p * 2 + 2] if p == seat else b"\0\0")
                assert not hasattr(v, "stock") and not hasattr(v, "stock_pos") and not hasattr(v, "rng")
                state_objects = [id(x) for x in vars(s).values() if not isinstance(x, (int, str))]
                for name, value in vars(v).items():
                    if name == "rules":
                        continue  # immutable configuration, public
                    assert value is not s and id(value) not in state_objects, name
                for name in PUBLIC:
                    a, b = getattr(v, name), getattr(s, name)
                    assert (list(a) if isinstance(a, (bytearray, list)) else a) == (
                        list(b) if isinstance(b, (bytearray, list)) else b
                    ), name


def test_E8_history_in_a_view_never_names_a_drawn_card():
    rules = make_rules("classic", players=3)
    s = play_some(rules, 4, 400)
    v = SeatView(rules, 1)
    s.view_into(v)
    draws = [v.history_entry(i) for i in range(v.hist_len) if v.history_entry(i)[1] == DRAW]
    assert draws, "the test game should contain draws"
    assert [v.history_entry(i) for i in range(v.hist_len)] == [s.history_entry(i) for i in range(s.hist_len)]


def test_E8_legal_moves_from_the_view_equal_those_from_the_state():
    buf1, buf2 = bytearray(32), bytearray(32)
    for preset, options in CONFIGS:
        rules = make_rules(preset, **options)
        s = play_some(rules, 9, 30)
        if s.is_round_over():
            continue
        v = SeatView(rules, s.turn)
        s.view_into(v)
        n1 = s.legal_moves(buf1)
        n2 = turn.legal_moves(v, buf2)
        assert buf1[:n1] == buf2[:n2]


def test_view_is_refilled_incrementally_across_rounds():
    rules = make_rules("cinquillo", players=3, rounds=3)
    s = State(rules, seed=2)
    v = SeatView(rules, 0)
    buf = bytearray(32)
    while not s.is_match_over():
        if s.is_round_over():
            s.next_round()
        else:
            s.apply(buf[0] if s.legal_moves(buf) else 0)
        s.view_into(v)
        assert v.hist_len == s.hist_len
        assert [v.history_entry(i) for i in range(v.hist_len)] == [s.history_entry(i) for i in range(s.hist_len)]


def rule_ids():
    """The rule ids of docs/rules.md, one bold paragraph heading each (**E1. ...**), in the spec's numbering."""
    with open(os.path.join(ROOT, "docs", "rules.md")) as f:
        text = f.read()
    return sorted(set(re.findall(r"^\*\*([ECVB]\d+)\.", text, re.M)))


def test_every_rule_id_is_cited_by_a_test_name():
    """Each rule id of the spec names at least one test (test_<ID>_...)."""
    ids = rule_ids()
    assert len(ids) == 43  # E1-E23, V1-V6, C1-C9, B1-B5
    names = []
    for fn in os.listdir(os.path.join(ROOT, "host_tests")):
        if fn.endswith(".py"):
            with open(os.path.join(ROOT, "host_tests", fn)) as f:
                names += re.findall(r"def (test_\w+)", f.read())
    missing = [i for i in ids if not any(n.startswith("test_%s_" % i) for n in names)]
    assert not missing, "rule ids without a test: %s" % missing
