"""MicroPython-side benchmark (unix port): prints 'key: value' lines.

    micropython host/measure/bench_mp.py [SECONDS]     (cwd: a folder holding engine/)

- calibration_ms: the shaoziyang/micropython_benchmarks loop, for device estimates
- rounds_per_s_micropython: classic 4-player random-play rounds (play_out; _api: legal_moves/apply)
- cinquillo_rounds_per_s_micropython
- bot_LEVEL_ms_median / bot_LEVEL_ms_p95: one decision of each bot level (classic 4p), and
  bot_LEVEL_calibration_ms: the calibration loop timed in slices between those decisions;
  bot_expert_cinquillo_* and bot_expert_bastard_*: the expert in those games (4 players)
"""

import sys
import time

if "" not in sys.path:
    sys.path.insert(0, "")

from engine.bots import LEVEL_ORDER, make_bot  # noqa: E402
from engine.playout import play_out  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.rules import make_rules  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402


def calibration():
    C = 0
    for i in range(1000000):  # noqa: B007 - exactly the published loop
        C = 12345678 + 56781234
    return C


def calibration_ms():
    """Median of five runs: one run alone swings by a third on a shared machine."""
    runs = []
    for _ in range(5):
        t = time.ticks_ms()
        calibration()
        runs.append(time.ticks_diff(time.ticks_ms(), t))
    runs.sort()
    return runs[2]


def rounds_per_s(rules, seconds, api):
    buf = bytearray(32)
    rng = Rng(1)
    rounds = 0
    limit = int(seconds * 1000)
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < limit:
        s = State(rules, seed=rounds)
        if api:
            while s.phase == 0:
                n = s.legal_moves(buf)
                s.apply(buf[rng.below(n)])
        else:
            play_out(s, rng)
        rounds += 1
    return rounds * 1000 / time.ticks_diff(time.ticks_ms(), t0)


def calibration_part(n):
    C = 0
    for i in range(n):  # noqa: B007 - the published loop, in slices
        C = 12345678 + 56781234
    return C


def decision_times(level, rules, decisions):
    """Median and p95 ms of one decision, and the calibration loop's ms measured interleaved
    with them (a slice after every 20 decisions), so both see the same machine speed."""
    bots = [make_bot(level, rules, p, 5) for p in range(rules.players)]
    view = SeatView(rules, 0)
    times = []
    calib_us = 0
    calib_n = 0
    seed = 0
    while len(times) < decisions:
        s = State(rules, seed=seed)
        seed += 1
        while s.phase == 0 and len(times) < decisions:
            s.view_into(view, s.turn)
            t = time.ticks_us()
            m = bots[s.turn].choose(view)
            times.append(time.ticks_diff(time.ticks_us(), t))
            s.apply(m)
            if len(times) % 20 == 0:
                t = time.ticks_us()
                calibration_part(50000)
                calib_us += time.ticks_diff(time.ticks_us(), t)
                calib_n += 50000
    times.sort()
    calib_ms = calib_us / 1000 * (1000000 / calib_n)
    return times[len(times) // 2] / 1000, times[(len(times) * 95) // 100] / 1000, calib_ms


class Decisions:
    """Bot decisions one call at a time, for a caller that times each call itself (the browser
    benchmark, host/emulate/browser/bench.mjs: the WebAssembly port's ticks_us counts whole ms).
    decide() is one bot's decision from its seat view, apply() plays it; rounds follow on."""

    def __init__(self, level, rules):
        self.rules = rules
        self.bots = [make_bot(level, rules, p, 5) for p in range(rules.players)]
        self.view = SeatView(rules, 0)
        self.seed = 0
        self.state = State(rules, seed=0)
        self.move = 0

    def decide(self):
        s = self.state
        if s.phase != 0:
            self.seed += 1
            s = self.state = State(self.rules, seed=self.seed)
        s.view_into(self.view, s.turn)
        self.move = self.bots[s.turn].choose(self.view)

    def apply(self):
        self.state.apply(self.move)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print("calibration_ms: %d" % calibration_ms())
    classic = make_rules("classic", players=4)
    cinq = make_rules("cinquillo", players=4)
    print("rounds_per_s_micropython: %.0f" % rounds_per_s(classic, seconds, False))
    print("rounds_per_s_micropython_api: %.0f" % rounds_per_s(classic, seconds, True))
    print("cinquillo_rounds_per_s_micropython: %.0f" % rounds_per_s(cinq, seconds, False))
    for level in LEVEL_ORDER:
        print_times(level, level, classic)
    # The expert in 4-player Cinquillo: it also deals worlds that fit the others' plays
    # (engine/inference.py), so the handheld's budget is checked there too; and in Bastard,
    # whose playouts take the engine's plain loop (engine/playout_more.py).
    print_times("expert_cinquillo", "expert", cinq)
    print_times("expert_bastard", "expert", make_rules("bastard", players=4))


def print_times(name, level, rules):
    med, p95, calib = decision_times(level, rules, 400)
    print("bot_%s_ms_median: %.4f" % (name, med))
    print("bot_%s_ms_p95: %.4f" % (name, p95))
    print("bot_%s_calibration_ms: %.1f" % (name, calib))


if __name__ == "__main__":  # (imported by the browser benchmark, host/emulate/browser/bench.mjs)
    main()
