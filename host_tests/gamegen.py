"""Random-legal-move games over every preset, for property tests."""

import random

from engine.cards import REVERSE, SKIP
from engine.rules import make_rules
from engine.state import State

CONFIGS = []  # (preset, options) for every preset x player count, plus variant combinations
for _preset, _players in (
    ("classic", (2, 3, 4, 5, 6)),
    ("three-color", (2, 3, 4, 5, 6)),
    ("junior10", (2, 3, 4, 5, 6)),
    ("junior15", (2, 3, 4, 5, 6)),
    ("cinquillo", (2, 3, 4)),
    ("bastard", (3, 4)),
):
    for _n in _players:
        CONFIGS.append((_preset, {"players": _n}))
for _n in (2, 3, 4, 6):
    CONFIGS.append(("classic", {"players": _n, "optional_pass": 1, "draw": 3, "start_10_12": 1, "actions": 1}))
    CONFIGS.append(("three-color", {"players": _n, "optional_pass": 1, "actions": 1}))
    CONFIGS.append(("junior10", {"players": _n, "draw": 3, "actions": 1}))
CONFIGS.append(("cinquillo", {"players": 2, "hand_size": 10}))
CONFIGS.append(("cinquillo", {"players": 2, "hand_size": 15}))


def deck_size(rules):
    return rules.colors * rules.ranks + (8 if rules.actions else 0)


def popcount(x):
    return bin(x).count("1")


def actions_played(s):
    n = 0
    for i in range(s.hist_len):
        _, m = s.history_entry(i)
        if m == SKIP or m == REVERSE:
            n += 1
    return n


def cards_accounted(s):
    hands = 0
    for p in range(s.n):
        held = sum(popcount(s.hands[p * 4 + c]) for c in range(4)) + s.acts[p * 2] + s.acts[p * 2 + 1]
        assert held == s.count[p], "count of P%d is %d, holds %d" % (p + 1, s.count[p], held)
        hands += held
    table = sum(popcount(t) for t in s.table)
    return hands + table + s.stock_left + actions_played(s)


def random_game(preset, options, seed, rounds=2, check=None):
    """Play a match (at most `rounds` rounds) with uniformly random legal moves."""
    rules = make_rules(preset, rounds=rounds, **options)
    s = State(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    buf = bytearray(32)
    steps = 0
    while not s.is_match_over():
        if s.is_round_over():
            if check:
                check(s, None)
            s.next_round()
            continue
        n = s.legal_moves(buf)
        assert n > 0
        move = buf[rng.randrange(n)]
        if check:
            check(s, move)
        s.apply(move)
        steps += 1
        assert steps < 20000 * rounds, "round does not terminate"
    return s
