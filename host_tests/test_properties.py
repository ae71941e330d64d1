"""Property tests: thousands of random-legal-move games over every preset and player count."""

import random

import pytest
from gamegen import CONFIGS, cards_accounted, deck_size, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.errors import IllegalMove
from engine.record import MatchRecord, replay
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView

CONFIG_IDS = ["%s-%s" % (p, "-".join("%s%d" % kv for kv in sorted(o.items()))) for p, o in CONFIGS]


def fields(s):
    return (
        list(s.hands),
        bytes(s.acts),
        bytes(s.count),
        bytes(s.lo),
        bytes(s.hi),
        list(s.table),
        s.stock_pos,
        s.stock_left,
        s.turn,
        s.dir,
        s.placed,
        s.drawn,
        s.skips,
        s.revs,
        s.idle,
        s.forced,
        s.phase,
        s.hist_len,
        list(s.scores),
        s.rng.get_state(),
    )


@pytest.mark.parametrize("preset,options", CONFIGS, ids=CONFIG_IDS)
def test_E20_cards_conserved_and_rounds_terminate(preset, options):
    """Every card is in a hand, on a row or in the stock at every step; every round ends (E20/B3)."""

    def check(s, move):
        assert cards_accounted(s) == deck_size(s.rules)

    for seed in range(30):
        s = random_game(preset, options, seed, rounds=2, check=check)
        assert s.is_match_over()


@pytest.mark.parametrize("preset,options", CONFIGS, ids=CONFIG_IDS)
def test_E19_illegal_moves_refused_state_unchanged(preset, options):
    """Any move outside the legal list raises IllegalMove and changes nothing (E19)."""
    rng = random.Random(7)
    buf = bytearray(32)
    all_moves = list(range(1, 131)) + [250, 251, 252]

    def check(s, move):
        if move is None or rng.random() > 0.3:
            return
        n = s.legal_moves(buf)
        legal = set(buf[:n])
        bad = rng.choice([m for m in all_moves if m not in legal])
        before = fields(s)
        with pytest.raises(IllegalMove) as e:
            s.apply(bad)
        assert e.value.rule and e.value.reason
        assert fields(s) == before

    for seed in range(4):
        random_game(preset, options, seed, rounds=1, check=check)


def expected_round_scores(s):
    """Scores of a finished round computed independently from the hands (E21, C9, B4)."""
    r = s.rules
    seats = [p for p in range(s.n) if s.active[p]]
    if r.game == 0:
        out = next(p for p in seats if s.count[p] == 0)
        return {p: (0 if p == out else s.penalty(p)) for p in seats}
    if not r.bastard:
        out = next(p for p in seats if s.count[p] == 0)
        return {p: (5 + sum(s.count[q] for q in seats if q != out) if p == out else 0) for p in seats}
    fewest = min(s.count[p] for p in seats)
    winners = [p for p in seats if s.count[p] == fewest]
    others = sum(s.count[p] for p in seats if p not in winners)
    return {p: (others // len(winners) if p in winners else 0) for p in seats}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**30 - 1))
def test_E21_C9_B4_round_scores_follow_the_rules(config, seed):
    preset, options = config
    totals = {}

    def check(s, move):
        if move is not None:
            return
        want = expected_round_scores(s)
        for p, v in want.items():
            assert s.round_scores[p] == v
            totals[p] = totals.get(p, 0) + (0 if s.tiebreak else v)
        assert [s.scores[p] for p in range(s.n)] == [totals.get(p, 0) for p in range(s.n)]

    s = random_game(preset, options, seed, rounds=3, check=check)
    check(s, None)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**30 - 1), st.booleans())
def test_records_export_then_replay_reproduces_final_state(config, seed, keep_seed):
    """A record exported during play replays to the identical final state (with or without the seed)."""
    preset, options = config
    rules = make_rules(preset, rounds=2, **options)
    s = State(rules, seed=seed, dealer=seed % rules.players)
    rec = MatchRecord(s, seed=seed if keep_seed else None)
    bots = [make_bot("easy" if p % 2 else "random", rules, p, seed) for p in range(rules.players)]
    views = [SeatView(rules, p) for p in range(rules.players)]
    while not s.is_match_over():
        if s.is_round_over():
            rec.end_round(s)
            s.next_round()
            continue
        v = views[s.turn]
        s.view_into(v)
        s.apply(bots[s.turn].choose(v))
    rec.end_round(s)
    again = replay(rec.text(s))
    assert fields(again)[:-1] == fields(s)[:-1]
    assert list(again.scores) == list(s.scores)
    assert again.match_winners == s.match_winners
    assert again.hand_cards(0) == s.hand_cards(0)
    assert [again.history_entry(i) for i in range(again.hist_len)] == [s.history_entry(i) for i in range(s.hist_len)]


def test_E2_E3_seeded_deal_is_reproducible():
    """The same seed gives the same deal and game; another seed gives another deal."""
    a = random_game("classic", {"players": 4}, 123, rounds=1)
    b = random_game("classic", {"players": 4}, 123, rounds=1)
    c = random_game("classic", {"players": 4}, 124, rounds=1)
    assert a.init_hands == b.init_hands and a.scores == b.scores
    assert a.init_hands != c.init_hands


def test_copy_into_gives_an_identical_independent_state():
    """copy_into copies every field; the copy then evolves on its own."""
    rules = make_rules("classic", players=5, actions=1, optional_pass=1)
    src = State(rules, seed=99)
    buf = bytearray(32)
    for _ in range(30):
        src.apply(buf[0] if src.legal_moves(buf) else 0)
    dst = State(rules, seed=1)
    src.copy_into(dst)
    assert fields(dst) == fields(src)
    n = dst.legal_moves(buf)
    dst.apply(buf[n - 1])
    assert fields(dst) != fields(src)


@pytest.mark.parametrize("preset,options", CONFIGS, ids=CONFIG_IDS)
def test_E16_is_legal_agrees_with_the_legal_move_list(preset, options):
    """apply() validates with is_legal(); it must accept exactly the moves legal_moves() lists."""
    from engine.turn import is_legal

    buf = bytearray(32)

    def check(s, move):
        if move is None:
            return
        n = s.legal_moves(buf)
        legal = set(buf[:n])
        assert len(legal) == n, "duplicate legal moves"
        for m in range(256):
            assert is_legal(s, m) == (m in legal), m

    for seed in range(3):
        random_game(preset, options, seed, rounds=1, check=check)
