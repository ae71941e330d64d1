#!/usr/bin/env python3
"""What the hidden cards are worth to a searching bot: an upper bound for better sampling.

    python -m host.research.oracle --preset cinquillo --level expert --deals 500 [--oracle [--oracle-hidden H]]
                           [--samples 12] [--budget 200] [--against medium]

One seat of LEVEL (expert or master) plays against PLAYERS-1 seats of --against on
duplicated deals (every deal once with LEVEL in each seat). With --oracle, every world
LEVEL's search samples is replaced by the true deal: the search then knows every hand,
while its advisor still reads only the seat's view. The gap between the two runs is what
the best possible inference about the others' hands (engine/sampler.py,
engine/knowledge.py) could add to that search; docs/bots.md gives the figures. A
measurement on the host, never a level to play against.

--samples sets the master's worlds per decision (Cinquillo and Bastard default to none:
there it plays as the expert); --budget the expert's simulated moves (engine/bot_expert.py's
BUDGET); --oracle-hidden H gives the true deal only once the others hold at most H cards in
all (the endgame's share of it; KEY's _oracle then ends in H). Prints 'key: value' lines,
KEY = oracle_<preset>_<players>p_<level>[_oracle[H]]:
KEY_rounds, KEY_winrate (LEVEL's share of the round wins, ties shared), KEY_winrate_se
(standard error over deals: a deal's seatings are not independent), KEY_score_diff
(LEVEL's round score minus the others' mean: penalties in Elfer Raus, points otherwise).
"""

import argparse
import math
import os
import sys
import time

from engine import bot_expert
from engine import bots as engine_bots
from engine.errors import RulesError
from engine.state import State
from engine.view import SeatView
from host.research.tournament import play_round, rules_for, win_share
from host.research.workers import map_tasks

LEVELS = ("expert", "master")
DEAL_BASE = 7_000_000  # deal seeds DEAL_BASE + i (the arena's start at 1, the tournament's at seed x 1,000,003)


class OracleSampler:
    """Stands in for the search kit's Sampler: draws the same random numbers as the real one
    (so the rest of the search runs as it would), then writes the true position instead."""

    def __init__(self, real, hidden=None):
        self.real = real
        self.COST = real.COST  # the search buys as many samples as with the real one
        self.truth = None  # the game's State, set once a round
        self.hidden = hidden  # None: always; else only while the others hold at most this many cards

    def fill(self, view, know, rng, dst):
        self.real.fill(view, know, rng, dst)
        if self.hidden is None or sum(view.count[p] for p in range(view.n) if p != view.seat) <= self.hidden:
            self.truth.copy_into(dst, history=False)  # like the real sampler: no history


def make_seat(level, rules, seat, seed, oracle, samples, hidden=None):
    """LEVEL's bot for seat; with oracle, its own kit whose sampler writes the truth (with hidden,
    only once the others hold at most that many cards)."""
    bot = engine_bots.make_bot(level, rules, seat, seed)
    if samples is not None and level == "master":
        bot.samples = samples
    if oracle:
        see_truth(bot, hidden)
    return bot


def see_truth(bot, hidden=None):
    """Give bot its own kit (the experts of a game share one) whose sampler writes the truth
    (with hidden, only once the others hold at most that many cards); set its truth each round."""
    kit = bot.kit
    sampler = OracleSampler(kit[0], hidden)
    bot.kit = (sampler,) + tuple(kit[1:])
    return sampler


def play_deal(task):
    preset, players, level, against, deal_seed, oracle, samples, budget, hidden = task
    if budget:
        bot_expert.BUDGET = budget  # this worker process only
    rules = rules_for(preset, (("players", players),))
    view = SeatView(rules, 0)
    out = []
    for k in range(players):
        bots = [
            make_seat(level, rules, p, deal_seed * 8 + p, oracle, samples, hidden)
            if p == k
            else engine_bots.make_bot(against, rules, p, deal_seed * 8 + p)
            for p in range(players)
        ]
        s = State(rules, deal_seed, 0)
        if oracle:
            bots[k].kit[0].truth = s  # the same State all round
        play_round(s, bots, view)
        share = win_share(s.round_winners, k)
        others = sum(s.round_scores[p] for p in range(players) if p != k) / (players - 1)
        out.append((share, s.round_scores[k] - others))
    return out


def summarize(results):
    shares = [x[0] for deal in results for x in deal]
    diffs = [x[1] for deal in results for x in deal]
    per_deal = [sum(x[0] for x in deal) / len(deal) for deal in results]
    n = len(shares)
    mean = sum(per_deal) / len(per_deal)
    var = sum((d - mean) ** 2 for d in per_deal) / max(1, len(per_deal) - 1)
    return {
        "rounds": n,
        "winrate": sum(shares) / n,
        "winrate_se": math.sqrt(var / len(per_deal)),
        "score_diff": sum(diffs) / n,
    }


def make_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--preset", default="classic", choices=("classic", "cinquillo", "bastard"))
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument("--level", default="expert", choices=LEVELS)
    p.add_argument("--against", default="medium", help="the other seats' level (default medium)")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--oracle", action="store_true", help="the search samples the true deal")
    p.add_argument(
        "--oracle-hidden",
        type=int,
        metavar="H",
        help="with --oracle: only once the others hold at most H cards in all (the endgame's share)",
    )
    p.add_argument("--samples", type=int, help="the master's worlds per decision")
    p.add_argument("--budget", type=int, help="the expert's simulated moves per decision")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    return p


def main(argv=None):
    args = make_parser().parse_args(argv)
    if args.deals < 1:
        raise SystemExit("oracle: --deals must be at least 1, not %d" % args.deals)
    if args.budget is not None and args.budget < 1:
        raise SystemExit("oracle: --budget must be at least 1, not %d" % args.budget)
    if args.oracle_hidden is not None and (args.oracle_hidden < 0 or not args.oracle):
        raise SystemExit("oracle: --oracle-hidden needs --oracle and a count of 0 or more, not %d" % args.oracle_hidden)
    if args.samples is not None and args.samples < 0:
        raise SystemExit("oracle: --samples must be 0 or more, not %d" % args.samples)
    try:
        engine_bots.bot_class(args.against)
    except ValueError as e:
        raise SystemExit("oracle: --against %r: %s" % (args.against, e)) from None
    try:
        rules_for(args.preset, (("players", args.players),))  # a bad table is refused before any play
    except RulesError as e:
        raise SystemExit("oracle: %s" % e) from None
    tasks = [
        (
            args.preset,
            args.players,
            args.level,
            args.against,
            DEAL_BASE + i,
            args.oracle,
            args.samples,
            args.budget,
            args.oracle_hidden,
        )
        for i in range(args.deals)
    ]
    t0 = time.time()
    results = map_tasks(play_deal, tasks, args.workers)
    figures = summarize(results)
    key = "oracle_%s_%dp_%s%s" % (args.preset, args.players, args.level, "_oracle" if args.oracle else "")
    if args.oracle_hidden is not None:
        key += "%d" % args.oracle_hidden
    for name in ("rounds", "winrate", "winrate_se", "score_diff"):
        value = figures[name]
        print("%s_%s: %s" % (key, name, value if name == "rounds" else "%.4f" % value))
    print("%s_seconds: %.1f" % (key, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
