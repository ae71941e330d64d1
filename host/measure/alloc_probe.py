"""Heap bytes allocated per turn by the engine, measured inside MicroPython.

Run it in the 32-bit WebAssembly VM (object sizes of a 32-bit board):

    node host/emulate/mpvm/run.mjs host/measure/alloc_probe.py [--rounds N] [--all] [--verbose]

(the unix port, `micropython host/measure/alloc_probe.py`, also works; its figures
are named _64bit). Prints 'key: value' lines. One step is one legal_moves()
plus one apply(); the seat's move is picked uniformly by the engine's own PRNG
(engine.rng.Rng) outside the measured calls. For each preset: a warm-up
round, then N measured rounds with gc disabled, gc.mem_alloc() read before
and after each call. Dealing and the step that ends a round (scoring) are
not in the per-turn figures; the round-ending step is reported on its own.
Bots: one warm-up and N measured rounds per level, every seat that bot,
deciding from its own SeatView filled by state.view_into().

--all adds more presets and variants (EXTRA_PRESETS); --verbose adds '# ...'
lines naming each allocating step and its move.
"""

import gc
import sys

from engine.bots import BOARD_LEVELS, make_bot
from engine.cards import move_name
from engine.rng import Rng
from engine.rules import make_rules
from engine.state import State
from engine.view import SeatView

PRESETS = (
    ("classic4", "classic", {"players": 4}),
    ("classic6_actions_pass_draw3", "classic", {"players": 6, "actions": 1, "optional_pass": 1, "draw": 3}),
    ("cinquillo4", "cinquillo", {"players": 4}),
    ("bastard4", "bastard", {"players": 4}),
)
# --all adds these: the other presets and the variants' rarer paths (2-player Reverse, V3, Cinquillo 3p).
EXTRA_PRESETS = (
    ("classic2_actions_pass_draw3", "classic", {"players": 2, "actions": 1, "optional_pass": 1, "draw": 3}),
    ("classic3_start_10_12", "classic", {"players": 3, "start_10_12": 1}),
    ("three_color5_actions", "three-color", {"players": 5, "actions": 1}),
    ("junior10_2", "junior10", {"players": 2}),
    ("junior15_4_pass", "junior15", {"players": 4, "optional_pass": 1}),
    ("cinquillo2", "cinquillo", {"players": 2}),
    ("cinquillo3", "cinquillo", {"players": 3}),
    ("bastard3", "bastard", {"players": 3}),
)

# Indexes into a preallocated stats list (small ints only: no allocation to store them).
STEPS = 0  # steps measured, round-ending steps excluded
WORST = 1  # largest step (legal_moves + apply)
TOTAL = 2  # sum over the steps of a round (worst round), round-ending step included
WORST_LM = 3  # largest legal_moves() alone
WORST_APPLY = 4  # largest apply() alone
ALLOC_STEPS = 5  # steps that allocated anything
END_STEP = 6  # largest round-ending step
PICK = 7  # largest allocation of the move pick itself (the probe's own PRNG call; must be 0)
OVERHEAD = 8  # largest mem_alloc() pair with nothing between (must be 0)
NSTATS = 9


def new_stats():
    return [0] * NSTATS


def tally(st, d):
    """One measured step that allocated d bytes."""
    st[STEPS] += 1
    if d:
        st[ALLOC_STEPS] += 1
    if d > st[WORST]:
        st[WORST] = d


def next_round(s, seed):
    """The next round of s, or the first round of a new match when the match is over."""
    if s.is_match_over():
        return State(s.rules, seed=seed)
    s.next_round()
    return s


def engine_round(s, buf, rng, st, label, verbose):
    """Play s's current round to its end with uniform random moves; fold the figures into st."""
    ma = gc.mem_alloc
    total = 0
    step = 0
    while s.phase == 0:
        a0 = ma()
        n = s.legal_moves(buf)
        a1 = ma()
        m = buf[rng.below(n)]
        a2 = ma()
        seat = s.turn
        a3 = ma()
        s.apply(m)
        a4 = ma()
        a5 = ma()
        d_lm = a1 - a0
        d_ap = a4 - a3
        d = d_lm + d_ap
        total += d
        if a2 - a1 > st[PICK]:
            st[PICK] = a2 - a1
        if a5 - a4 > st[OVERHEAD]:
            st[OVERHEAD] = a5 - a4
        if s.phase != 0:  # this step ended the round: scoring, not a turn
            if d > st[END_STEP]:
                st[END_STEP] = d
        else:
            tally(st, d)
            if d_lm > st[WORST_LM]:
                st[WORST_LM] = d_lm
            if d_ap > st[WORST_APPLY]:
                st[WORST_APPLY] = d_ap
        if verbose and d:
            print(
                "# %s round %d step %d: P%d %s: legal_moves %d B, apply %d B%s"
                % (
                    label,
                    s.round_no,
                    step,
                    seat + 1,
                    move_name(s.rules.game, m),
                    d_lm,
                    d_ap,
                    " (round end)" if s.phase != 0 else "",
                )
            )
        step += 1
    if total > st[TOTAL]:
        st[TOTAL] = total


def bot_round(s, bots, views, st_view, st_bot, label, verbose):
    """Play s's current round with a bot in every seat; view_into and choose measured apart."""
    ma = gc.mem_alloc
    step = 0
    while s.phase == 0:
        p = s.turn
        v = views[p]
        b = bots[p]
        a0 = ma()
        s.view_into(v)
        a1 = ma()
        m = b.choose(v)
        a2 = ma()
        s.apply(m)
        d_view = a1 - a0
        d_bot = a2 - a1
        tally(st_view, d_view)
        tally(st_bot, d_bot)
        if verbose and (d_view or d_bot):
            print("# %s step %d: P%d view_into %d B, choose %d B" % (label, step, p + 1, d_view, d_bot))
        step += 1


def main(argv):
    rounds = 1
    verbose = False
    presets = PRESETS
    i = 1
    while i < len(argv):
        if argv[i] == "--rounds" and i + 1 < len(argv):
            rounds = int(argv[i + 1])
            i += 1
        elif argv[i] == "--verbose":
            verbose = True
        elif argv[i] == "--all":
            presets = PRESETS + EXTRA_PRESETS
        else:
            raise SystemExit("usage: alloc_probe.py [--rounds N] [--all] [--verbose]")
        i += 1
    if not hasattr(gc, "mem_alloc"):
        raise SystemExit("alloc_probe.py needs MicroPython (gc.mem_alloc); run it with host/emulate/mpvm/run.mjs")
    bits = "32bit" if sys.maxsize < (1 << 32) else "64bit"
    out = []
    worst_engine = 0
    worst_view = 0
    worst_bot = {}
    overhead = 0
    for key, preset, options in presets:
        rules = make_rules(preset, **options)
        s = State(rules, seed=11)
        buf = bytearray(32)
        rng = Rng(5)
        st = new_stats()
        engine_round(s, buf, rng, new_stats(), key, False)  # warm-up
        gc.collect()  # only scheduled inside one runPython call; harmless elsewhere
        gc.disable()
        for r in range(rounds):
            s = next_round(s, 100 + r)
            engine_round(s, buf, rng, st, key, verbose)
        gc.enable()
        steps = st[STEPS]
        out.append("alloc_bytes_per_turn_engine_%s_%s: %d" % (bits, key, st[WORST]))
        out.append("alloc_bytes_per_round_engine_%s_%s: %d" % (bits, key, st[TOTAL]))
        out.append("alloc_bytes_legal_moves_max_%s_%s: %d" % (bits, key, st[WORST_LM]))
        out.append("alloc_bytes_apply_max_%s_%s: %d" % (bits, key, st[WORST_APPLY]))
        out.append("alloc_bytes_round_end_step_%s_%s: %d" % (bits, key, st[END_STEP]))
        out.append("allocating_steps_%s: %d of %d" % (key, st[ALLOC_STEPS], steps))
        out.append("steps_per_round_%s: %d" % (key, steps // rounds))
        if st[PICK]:
            out.append("probe_pick_alloc_bytes_%s_%s: %d" % (bits, key, st[PICK]))
        if st[OVERHEAD] > overhead:
            overhead = st[OVERHEAD]
        if st[WORST] > worst_engine:
            worst_engine = st[WORST]

        for level in sorted(BOARD_LEVELS):  # (the master runs on fast hosts, not in a 32-bit heap)
            bots = [make_bot(level, rules, p, 3) for p in range(rules.players)]
            views = [SeatView(rules, p) for p in range(rules.players)]
            st_view = new_stats()
            st_bot = new_stats()
            s = next_round(s, 200)
            bot_round(s, bots, views, new_stats(), new_stats(), key, False)  # warm-up
            gc.disable()
            for r in range(rounds):
                s = next_round(s, 300 + r)
                bot_round(s, bots, views, st_view, st_bot, "%s %s" % (key, level), verbose)
            gc.enable()
            out.append("bot_%s_alloc_bytes_per_decision_%s_%s: %d" % (level, bits, key, st_bot[WORST]))
            out.append("view_into_alloc_bytes_per_call_%s_%s_%s: %d" % (bits, key, level, st_view[WORST]))
            worst_bot[level] = max(worst_bot.get(level, 0), st_bot[WORST])
            if st_view[WORST] > worst_view:
                worst_view = st_view[WORST]

    for line in out:
        print(line)
    print("measure_overhead_bytes_%s: %d" % (bits, overhead))
    print("alloc_bytes_per_turn_engine_%s: %d" % (bits, worst_engine))
    for level in sorted(worst_bot):
        print("bot_%s_alloc_bytes_per_decision_%s: %d" % (level, bits, worst_bot[level]))
    print("view_into_alloc_bytes_per_call_%s: %d" % (bits, worst_view))


if __name__ == "__main__":
    main(sys.argv)
