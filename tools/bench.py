"""Benchmarks. Prints 'key: value' lines at the end.

Throughput unit: a random-play round (uniformly random legal move in every
seat, drawn from our own PRNG), dealt from a fresh seed each time.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.bots import RandomBot  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import make_rules  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402


def engine_rounds_per_s(rules, seconds):
    """Rounds/s driving the engine directly: legal_moves + apply with one reused buffer."""
    buf = bytearray(32)
    rng = Rng(1)
    rounds = moves = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = State(rules, seed=rounds)
        while s.phase == 0:
            n = s.legal_moves(buf)
            s.apply(buf[rng.below(n)])
            moves += 1
        rounds += 1
    dt = time.perf_counter() - t0
    return rounds / dt, moves / rounds


def bot_rounds_per_s(rules, seconds):
    """Rounds/s with a RandomBot in every seat, each deciding from its own SeatView."""
    bots = [RandomBot(rules, p, 1) for p in range(rules.players)]
    views = [SeatView(rules, p) for p in range(rules.players)]
    rounds = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = State(rules, seed=rounds)
        while s.phase == 0:
            v = views[s.turn]
            s.view_into(v)
            s.apply(bots[s.turn].choose(v))
        rounds += 1
    return rounds / (time.perf_counter() - t0)


def main():
    seconds = float(os.environ.get("BENCH_SECONDS", "3"))
    classic = make_rules("classic", players=4)
    cinq = make_rules("cinquillo", players=4)
    rps, mpr = engine_rounds_per_s(classic, seconds)
    crps, cmpr = engine_rounds_per_s(cinq, seconds)
    brps = bot_rounds_per_s(classic, seconds)
    print("rounds_per_s_cpython: %.0f" % rps)
    print("moves_per_round_classic4: %.1f" % mpr)
    print("cinquillo_rounds_per_s_cpython: %.0f" % crps)
    print("moves_per_round_cinquillo4: %.1f" % cmpr)
    print("bot_view_rounds_per_s_cpython: %.0f" % brps)


if __name__ == "__main__":
    main()
