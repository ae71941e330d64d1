#!/usr/bin/env python3
"""How close the search's sampled worlds come to the real deal (issue 15).

    python -m host.research.worlds --preset cinquillo --players 4 --against ismcts --deals 20 --tries 0,5,50

Our level (default expert) sits in every other seat and `--against` (a level, or ismcts: OpenSpiel's
ISMCTSBot with --sims, as in host/research/arena.py) in the rest, in every rotation of that pattern
(arena.seatings). At each decision of one of our seats that has a choice, --worlds worlds are dealt
from that seat's view by each sampler and compared with the real hands: a world's accuracy is the
share of the others' hidden cards it gives to the seat that really holds them. Sampler "tries 0" is
the plain one (engine/sampler.py: uniform within what draws and passes prove); "tries T" keeps the
best of T deals by its fit to the others' plays (engine/inference.py, Cinquillo's model; its
module's TRIES is set to T in this process only). No bot's decision reads these worlds.

Printed as 'key: value' lines (KEY = worlds_<preset>_<players>p_vs_<against>_tries<T>):
  KEY_accuracy (every measured decision), KEY_accuracy_late (at most LATE hidden cards) and
  KEY_accuracy_early (more), and worlds_..._decisions.
"""

import argparse
import os
import sys

from engine import bots as engine_bots
from engine import inference, turn
from engine.knowledge import Knowledge
from engine.rng import Rng
from engine.sampler import Sampler
from engine.state import State
from engine.view import SeatView
from host.research.arena import add_ismcts_args, check_level, ismcts_bot, seatings
from host.research.tournament import rules_for
from host.research.workers import worker_pool

PRESETS = ("classic", "cinquillo", "bastard")
LATE = 11  # hidden cards at most: the round's last few turns


def hits(view, truth, world):
    """(cards the world gives to their real holder, hidden cards) over the others' hands."""
    ok = total = 0
    for p in range(view.n):
        if p == view.seat:
            continue
        for c in range(4):
            t = truth.hands[p * 4 + c]
            ok += bin(t & world.hands[p * 4 + c]).count("1")
            total += bin(t).count("1")
    return ok, total


class Meter:
    """Deals worlds from a view with each sampler and adds up their hits, early and late."""

    def __init__(self, rules, tries, worlds):
        self.rules = rules
        self.tries = tries
        self.worlds = worlds
        self.plain = Sampler(rules)
        self.fitted = inference.Consistent(self.plain, rules.players)
        self.know = Knowledge(rules)
        self.work = State(rules, deal_now=False, history=64)
        self.sums = {t: [0, 0, 0, 0] for t in tries}  # hits and cards: early, then late
        self.decisions = 0

    def measure(self, view, truth, salt):
        self.know.update(view)
        self.decisions += 1
        for t in self.tries:
            sums = self.sums[t]
            for j in range(self.worlds):
                rng = Rng(salt * 64 + j)
                if t == 0:
                    self.plain.fill(view, self.know, rng, self.work)
                else:
                    saved = inference.TRIES
                    inference.TRIES = t
                    try:
                        self.fitted.fill(view, self.know, rng, self.work)
                    finally:
                        inference.TRIES = saved
                ok, total = hits(view, truth, self.work)
                k = 2 if total <= LATE else 0
                sums[k] += ok
                sums[k + 1] += total


def play_chunk(task):
    preset, players, level, against, deals, sims, uct_c, tries, worlds = task
    rules = rules_for(preset, (("players", players),))
    meter = Meter(rules, tries, worlds)
    view = SeatView(rules, 0)
    moves = bytearray(64)
    game = None
    if against == "ismcts":
        from host.research import spielgame

        game = spielgame.ElferSpielGame(rules)
    for deal_seed in deals:
        for kinds in seatings(players):
            if game is not None:
                spiel = game.new_initial_state(seed=deal_seed)
                s = spiel.s
            else:
                s = State(rules, deal_seed, 0)
            bots = []
            for p in range(players):
                seed = deal_seed * 8 + p
                if kinds[p]:
                    bots.append(engine_bots.make_bot(level, rules, p, seed))
                elif game is not None:
                    bots.append(ismcts_bot(game, seed, sims, uct_c))
                else:
                    bots.append(engine_bots.make_bot(against, rules, p, seed))
            while not s.is_round_over():
                p = s.turn
                s.view_into(view, p)
                if kinds[p]:
                    if turn.legal_moves(view, moves) > 1:
                        meter.measure(view, s, deal_seed * 4096 + s.hist_len)
                    move = bots[p].choose(view)
                elif game is not None:
                    move = bots[p].step(spiel)
                else:
                    move = bots[p].choose(view)
                s.apply(int(move))  # ISMCTS answers with a numpy int
    return meter.sums, meter.decisions


def make_parser():
    p = argparse.ArgumentParser(description="How close sampled worlds come to the real deal.")
    p.add_argument("--preset", default="cinquillo", choices=PRESETS)
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--level", default="expert", help="our seats' level (default expert)")
    p.add_argument("--against", default="medium", help="the other seats: a level or ismcts (default medium)")
    add_ismcts_args(p)
    p.add_argument("--deals", type=int, default=20, help="deals, each in every seating (default 20)")
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    p.add_argument("--tries", default="0,5", help="samplers to measure: 0 plain, T best of T (default 0,5)")
    p.add_argument("--worlds", type=int, default=8, help="worlds per sampler and decision (default 8)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    return p


def main(argv=None):
    parser = make_parser()
    args = parser.parse_args(argv)
    check_level(parser, "level", args.level)
    if args.against != "ismcts":
        check_level(parser, "--against (ismcts or a level)", args.against)
    try:
        tries = tuple(int(t) for t in args.tries.split(","))
    except ValueError:
        parser.error("--tries takes numbers separated by commas, e.g. 0,5,50 (got %r)" % args.tries)
    if any(t < 0 for t in tries) or len(set(tries)) != len(tries):
        parser.error("--tries: each at least 0 (0 is the plain sampler), none twice (got %r)" % args.tries)
    if any(tries) and (args.preset != "cinquillo" or args.players < 3):
        parser.error("--tries above 0: engine/inference.py models 3-4 player Cinquillo only (use --tries 0)")
    for name in ("deals", "sims", "workers", "worlds"):
        if getattr(args, name) < 1:
            parser.error("--%s must be at least 1" % name)
    if args.against == "ismcts":
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            print("worlds: open-spiel is not installed: make venv (requirements.txt pins it)", file=sys.stderr)
            return 1
    seeds = list(range(args.seed, args.seed + args.deals))
    workers = min(args.workers, args.deals)
    common = (args.preset, args.players, args.level, args.against)
    tasks = [common + (seeds[i::workers], args.sims, args.uct_c, tries, args.worlds) for i in range(workers)]
    if workers == 1:
        results = [play_chunk(tasks[0])]
    else:
        with worker_pool(workers) as pool:
            results = pool.map(play_chunk, tasks)
    stem = "worlds_%s_%dp_vs_%s" % (args.preset, args.players, args.against)
    print("%s_decisions: %d" % (stem, sum(r[1] for r in results)))
    for t in tries:
        sums = [sum(r[0][t][i] for r in results) for i in range(4)]
        key = "%s_tries%d" % (stem, t)
        ok, total = sums[0] + sums[2], sums[1] + sums[3]
        print("%s_accuracy: %.4f" % (key, ok / total if total else 0.0))
        print("%s_accuracy_early: %.4f" % (key, sums[0] / sums[1] if sums[1] else 0.0))
        print("%s_accuracy_late: %.4f" % (key, sums[2] / sums[3] if sums[3] else 0.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
