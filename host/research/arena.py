#!/usr/bin/env python3
"""Our bots against OpenSpiel's ISMCTS on duplicate deals (make arena).

    python -m host.research.arena --level expert --sims 1000 --players 2 --deals 200 --preset classic

Each deal (the engine's deal for its seed) is played once per seating: with 2 players the
seats are swapped; with 3 or 4 the kinds alternate around the table (ours, ISMCTS, ours, ...)
and every rotation of that pattern is played (--ismcts-seats K: K ISMCTS seats instead of half,
e.g. one ISMCTS seat against three of ours, in each seat once). ISMCTS is OpenSpiel's Python ISMCTSBot
(open-spiel, pinned in requirements.txt) on host/research/spielgame.py: it sees only its seat's
information state, deals the hidden cards again itself from that view (the engine's Sampler
and Knowledge), and evaluates leaves by uniform random playouts to the round's end.

A round is won by whoever goes out first (Bastard: the fewest cards, shared). Printed as
'key: value' lines (KEY = arena_<preset>_<players>p_<level>_vs_ismcts<sims>, then _seats<N> when
--ismcts-seats is not half the players and _uct<C> when --uct-c is not 2.0):
  KEY_rounds, KEY_winrate (our seats' share of the round wins) with KEY_winrate_ci_low/_high
  (Wilson 95%), KEY_score_diff (our seats' mean round score minus ISMCTS's: penalties in Elfer
  Raus, lower is better; points in Cinquillo and Bastard) with KEY_score_diff_se,
  KEY_ms_ours / KEY_ms_ismcts (mean ms per decision).
--oracle-hidden H is a bound, not a level: our seats' search samples the true deal whenever the
others hold at most H cards in all (host/research/oracle.py's OracleSampler; 40 or more: always), what
knowing the hidden cards late in the round is worth (docs/bots.md); KEY then ends _oracle<H>.
--out DIR writes <stem>.csv (a row per round) and <stem>.json (the figures and the settings),
and <stem>.png (the win share with its interval) when matplotlib is there.
"""

import argparse
import csv
import json
import math
import os
import sys
import time
from contextlib import nullcontext

from engine import bots as engine_bots
from engine.view import SeatView
from host.research.tournament import load_pyplot, rules_for, wilson
from host.research.workers import worker_pool

PRESETS = ("classic", "cinquillo", "bastard")
SEARCHERS = ("expert", "master")  # the levels whose search samples worlds (--oracle-hidden)
# Seconds one deal takes on one core at --sims 1000, every seating played (half the seats ISMCTS),
# by game and players: what the start line's estimate is made of. ISMCTS's thinking is nearly all
# of it, so our level does not count. Timed 2026-12-04 on a 2-core host busy with other work
# (ISMCTS 773 ms a decision) and scaled to the ms per decision of the README's runs (193-418 ms).
DEAL_SECONDS = {("classic", 2): 60.0, ("cinquillo", 4): 15.0, ("bastard", 4): 12.0}
DEAL_SECONDS_OTHER = 30.0  # other games and player counts


def seatings(players, ismcts=None):
    """The seat kinds of each seating: True for our bot. Two players: both ways; more: the
    alternating pattern and each rotation of it. ismcts (default players // 2) ISMCTS seats:
    at seats 1, 3, ... and then from the last seat down (4 players, 1: ours, ISMCTS, ours, ours)."""
    k = players // 2 if ismcts is None else ismcts
    base = [True] * players
    for p in list(range(1, players, 2)) + list(range(players - 1, -1, -1)):
        if base.count(False) < k and base[p]:
            base[p] = False
    out = []
    for r in range(players if players > 2 else 2):
        kinds = tuple(base[(p + r) % players] for p in range(players))
        if kinds not in out:
            out.append(kinds)
    return out


def ismcts_bot(game, seed, sims, uct_c):
    """OpenSpiel's ISMCTSBot for one seat: it deals the hidden cards again from its own view
    (the engine's Sampler and Knowledge) and judges leaves by uniform random playouts."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts

    from host.research import spielgame

    bot = ismcts.ISMCTSBot(
        game,
        spielgame.RandomRollout(seed),
        uct_c=uct_c,
        max_simulations=sims,
        random_state=np.random.RandomState(seed),
    )
    bot.set_resampler(spielgame.resampler(seed))
    return bot


def play_round(game, level, kinds, deal_seed, sims, uct_c, oracle_hidden=None):
    """One round of deal_seed with our level in the seats kinds marks; a result dict."""
    rules = game.rules
    n = rules.players
    state = game.new_initial_state(seed=deal_seed)
    ours = {}
    theirs = {}
    for p in range(n):
        seed = deal_seed * 8 + p
        if kinds[p]:
            ours[p] = engine_bots.make_bot(level, rules, p, seed)
            if oracle_hidden is not None:
                from host.research.oracle import see_truth

                see_truth(ours[p], oracle_hidden).truth = state.s
        else:
            theirs[p] = ismcts_bot(game, seed, sims, uct_c)
    view = SeatView(rules, 0)
    spent = [0.0, 0.0]  # seconds: ours, ISMCTS
    decisions = [0, 0]
    while not state.is_terminal():
        p = state.current_player()
        t = time.perf_counter()
        if kinds[p]:
            state.s.view_into(view, p)
            move = ours[p].choose(view)
        else:
            move = theirs[p].step(state)
        side = 0 if kinds[p] else 1
        spent[side] += time.perf_counter() - t
        decisions[side] += 1
        state.apply_action(move)
    s = state.s
    return {
        "deal": deal_seed,
        "kinds": "".join("O" if k else "I" for k in kinds),
        "winners": s.round_winners,
        "scores": list(s.round_scores[:n]),
        "ms": [1000 * spent[i] / max(1, decisions[i]) for i in range(2)],
        "decisions": decisions,
    }


def play_chunk(task):
    from host.research import spielgame

    preset, players, level, deals, sims, uct_c, ismcts, oracle_hidden = task
    rules = rules_for(preset, (("players", players),))
    game = spielgame.ElferSpielGame(rules)
    out = []
    for deal_seed in deals:
        for kinds in seatings(players, ismcts):
            out.append(play_round(game, level, kinds, deal_seed, sims, uct_c, oracle_hidden))
    return out


def summarize(rounds, players):
    """The figures of a run: win share (Wilson), score difference (SE), ms per decision."""
    wins = 0.0
    diffs = []
    ms = [[], []]
    for r in rounds:
        kinds = r["kinds"]
        winners = [p for p in range(players) if r["winners"] >> p & 1]
        if winners:
            wins += sum(1 for p in winners if kinds[p] == "O") / len(winners)
        ours = [r["scores"][p] for p in range(players) if kinds[p] == "O"]
        theirs = [r["scores"][p] for p in range(players) if kinds[p] == "I"]
        diffs.append(sum(ours) / len(ours) - sum(theirs) / len(theirs))
        for i in range(2):
            if r["decisions"][i]:
                ms[i].append(r["ms"][i])
    n = len(rounds)
    low, high = wilson(wins, n)
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return {
        "rounds": n,
        "winrate": wins / n if n else 0.0,
        "winrate_ci_low": low,
        "winrate_ci_high": high,
        "score_diff": mean,
        "score_diff_se": sd / math.sqrt(n) if n else 0.0,
        "ms_ours": sum(ms[0]) / len(ms[0]) if ms[0] else 0.0,
        "ms_ismcts": sum(ms[1]) / len(ms[1]) if ms[1] else 0.0,
    }


def key_of(args):
    key = "arena_%s_%dp_%s_vs_ismcts%d" % (args.preset, args.players, args.level, args.sims)
    if args.ismcts_seats != args.players // 2:
        key += "_seats%d" % args.ismcts_seats
    if args.uct_c != 2.0:
        key += "_uct%g" % args.uct_c
    if getattr(args, "oracle_hidden", None) is not None:
        key += "_oracle%d" % args.oracle_hidden
    return key


def write_outputs(args, rounds, figures, key):
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, key)
    with open(stem + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            ["deal", "seats", "winners"] + ["score_%d" % p for p in range(args.players)] + ["ms_ours", "ms_ismcts"]
        )
        for r in rounds:
            w.writerow([r["deal"], r["kinds"], r["winners"]] + r["scores"] + ["%.3f" % r["ms"][0], "%.3f" % r["ms"][1]])
    settings = {
        k: getattr(args, k)
        for k in ("preset", "players", "level", "sims", "uct_c", "deals", "seed", "ismcts_seats", "oracle_hidden")
    }
    with open(stem + ".json", "w") as f:
        json.dump({"settings": settings, "figures": figures}, f, indent=1, sort_keys=True)
    plt = load_pyplot()
    if plt is not None:
        fig, ax = plt.subplots(figsize=(5, 3))
        rate = figures["winrate"]
        err = [[rate - figures["winrate_ci_low"]], [figures["winrate_ci_high"] - rate]]
        ax.bar([args.level], [rate], yerr=err, capsize=6, color="#4a7ab8")
        ax.axhline(0.5, color="gray", lw=0.8, ls="--")
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of round wins")
        ax.set_title(
            "%s, %d players: %s vs ISMCTS(%d)" % (args.preset, args.players, args.level, args.sims), fontsize=9
        )
        fig.tight_layout()
        fig.savefig(stem + ".png", dpi=100)
        plt.close(fig)


def make_parser():
    p = argparse.ArgumentParser(description="Our bots against OpenSpiel's ISMCTS on duplicate deals.")
    p.add_argument("--level", default="expert", help="our bot level (default expert)")
    p.add_argument("--preset", default="classic", choices=PRESETS)
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--deals", type=int, default=200, help="deals, each played in every seating (default 200)")
    add_ismcts_args(p)
    p.add_argument(
        "--ismcts-seats",
        type=int,
        help="how many seats ISMCTS takes, 1 to players-1 (default half, rounded down; e.g. 1 with 4"
        " players: ISMCTS against three of our level, as our ladder sets one bot against three medium)",
    )
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    p.add_argument(
        "--oracle-hidden",
        type=int,
        metavar="H",
        help="a bound, not a level: our seats' search sees the true deal once the others hold at most H cards",
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", help="folder for the CSV, JSON and PNG")
    return p


def add_ismcts_args(p):
    p.add_argument("--sims", type=int, default=1000, help="ISMCTS simulations per decision (default 1000)")
    p.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS exploration constant (default 2.0)")


def check_level(parser, name, level):
    levels = engine_bots.LEVEL_ORDER
    if level not in levels:
        parser.error("unknown %s %r; levels: %s" % (name, level, ", ".join(levels)))


def duration(seconds):
    """'40 s', '17 min' or '2.5 h': how long, for a person."""
    if seconds < 90:
        return "%.0f s" % seconds
    return "%.0f min" % (seconds / 60) if seconds < 5400 else "%.1f h" % (seconds / 3600)


def estimate_seconds(args, workers):
    """About how long the run takes: DEAL_SECONDS scaled by the simulations and the ISMCTS seats."""
    per_deal = DEAL_SECONDS.get((args.preset, args.players), DEAL_SECONDS_OTHER)
    per_deal *= args.sims / 1000 * args.ismcts_seats / (args.players // 2)
    return per_deal * math.ceil(args.deals / workers)


def main(argv=None):
    parser = make_parser()
    args = parser.parse_args(argv)
    check_level(parser, "level", args.level)
    for name in ("deals", "sims", "workers"):
        if getattr(args, name) < 1:
            parser.error("--%s must be at least 1" % name)
    if not args.uct_c > 0:  # (also refuses nan)
        parser.error("--uct-c must be above 0, not %g" % args.uct_c)
    if args.oracle_hidden is not None:
        if args.oracle_hidden < 0:
            parser.error("--oracle-hidden must be 0 or more, not %d" % args.oracle_hidden)
        if args.level not in SEARCHERS:
            parser.error("--oracle-hidden: the %s level has no search to give the true deal" % args.level)
    if args.ismcts_seats is None:
        args.ismcts_seats = args.players // 2
    elif not 1 <= args.ismcts_seats < args.players:
        parser.error(
            "--ismcts-seats must be 1 to %d with %d players, not %d"
            % (args.players - 1, args.players, args.ismcts_seats)
        )
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("arena: open-spiel is not installed: make venv (requirements.txt pins open-spiel)", file=sys.stderr)
        return 1
    t0 = time.time()
    seeds = list(range(args.seed, args.seed + args.deals))
    workers = min(args.workers, args.deals)
    # One task a deal (each round seeds its own bots: the same figures however deals are split),
    # so a run of hours says how far it has come.
    task = (args.preset, args.players, args.level)
    tasks = [task + ([seed], args.sims, args.uct_c, args.ismcts_seats, args.oracle_hidden) for seed in seeds]
    results = []
    rounds_each = len(seatings(args.players, args.ismcts_seats))
    print(
        "arena: %s against ISMCTS(%d) in %s with %d players, %d deals x %d seatings = %d rounds on %d workers:"
        " about %s"
        % (
            args.level,
            args.sims,
            args.preset,
            args.players,
            args.deals,
            rounds_each,
            args.deals * rounds_each,
            workers,
            duration(estimate_seconds(args, workers)),
        ),
        file=sys.stderr,
        flush=True,
    )
    with worker_pool(workers) if workers > 1 else nullcontext() as pool:
        done = pool.imap_unordered(play_chunk, tasks) if pool else map(play_chunk, tasks)
        for chunk in done:
            results.append(chunk)
            spent = time.time() - t0
            left = spent / len(results) * (len(tasks) - len(results))
            print(
                "arena: %d of %d deals played (%.0f s, about %s left)"
                % (len(results), len(tasks), spent, duration(left)),
                file=sys.stderr,
                flush=True,
            )
    rounds = sorted((r for chunk in results for r in chunk), key=lambda r: (r["deal"], r["kinds"]))
    figures = summarize(rounds, args.players)
    key = key_of(args)
    for name in ("rounds", "winrate", "winrate_ci_low", "winrate_ci_high", "score_diff", "score_diff_se"):
        v = figures[name]
        print("%s_%s: %s" % (key, name, v if name == "rounds" else "%.4f" % v))
    print("%s_fair_share: %.4f" % (key, (args.players - args.ismcts_seats) / args.players))
    print("%s_ms_ours: %.3f" % (key, figures["ms_ours"]))
    print("%s_ms_ismcts: %.3f" % (key, figures["ms_ismcts"]))
    print("%s_seconds: %.1f" % (key, time.time() - t0))
    if args.out:
        write_outputs(args, rounds, figures, key)
        where = "%s.csv, .json%s" % (os.path.join(args.out, key), ", .png" if load_pyplot() else "")
    else:
        where = "no files (--out DIR writes them)"
    print(
        "arena: done in %s; the figures above on stdout, %s" % (duration(time.time() - t0), where),
        file=sys.stderr,
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
