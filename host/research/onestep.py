#!/usr/bin/env python3
"""What each move is worth with the true deal, one move ahead: labels for a learned value (issue 15).

    python -m host.research.onestep --preset classic --deals 600 --out build/onestep/classic.csv

One advisor seat (engine/bot_expert.py's Advisor) plays against PLAYERS-1 medium bots on
duplicated deals (the advisor in each seat in turn). At each of its decisions with a choice,
every legal move is played out with the true deal, the advisor in its seat and medium in the
others, so nothing is left to chance (with 2 players the stock's order too): the move's label
is the advisor seat's share of the round won then (ties shared) and its round score. The game
itself goes on with the advisor's move. Averaged over positions that look alike from the seat,
the labels estimate what a move is worth under the real spread of the hidden cards, what the
others' plays reveal included. docs/bots.md (A value learned from the true deal) gives what was
fitted to them and how it played. A measurement on the host, never a level to play against.

The CSV has a row per legal move: deal, seat, decision (the advisor seat's count in the round),
move, advisor (1: the advisor's choice), won, score, then the features FEATURES[preset] (the
move's kind as the advisor sees it, and what the seat's view shows). `--layout classic` reads
Cinquillo's moves with the classic table's features instead (engine/value.py elfer_move).
"""

import argparse
import csv
import os
import sys
import time

from engine import (
    bot_onecard,
    turn,
    value,
)
from engine.bot_expert import Advisor
from engine.bot_medium import MediumBot
from engine.bot_onecard import popcount
from engine.cards import DRAW
from engine.state import State
from engine.view import SeatView
from host.research.tournament import play_round, rules_for, win_share
from host.research.workers import map_tasks

# Cinquillo's ranks 1..10 as a bit mask (engine/bot_onecard.py keeps its own as a private const:
# on a board that name is gone once compiled).
_RANKS10 = 0x7FE

DEAL_BASE = 7_000_000  # deal seeds DEAL_BASE + i, as host/research/oracle.py's
ELFER_KINDS = ("end", "pass", "draw", "action", "start", "release", "free", "bottleneck")  # engine/value.py's codes
ONE_CARD_KINDS = ("pass", "five", "release", "own_next", "row_end", "blocker")
COMMON = ("placed", "own", "fewest", "nmoves", "hist_len")
FEATURES = {
    "classic": ("kind", "net", "gap", "beyond", "rank") + COMMON + ("shields", "stock", "dump"),
    "cinquillo": ("kind", "key", "rank") + COMMON,
    "bastard": ("kind", "risk", "kills", "own_gap", "rank") + COMMON + ("own_dead", "others_dead", "others_cards"),
}


def elfer_move(adv, view, m):
    """(kind, net, gap, beyond, rank): the move as the expert's learned value reads it
    (engine/value.py elfer_move: net is the release worth // 16 within a signed byte)."""
    out = [0] * 5
    value.elfer_move(adv, view, m, out, 0, 1)
    return tuple(out)


def bastard_move(adv, view, m):
    """(kind, risk, kills, own_gap, rank): kind 0 pass, 1 a 5, 2 the next card of a row, 3 a
    jump (B2); then the others' cards beyond it, theirs it kills, ours it kills, its rank (as
    engine/bot_onecard.py bastard_key reads them); a 5 as (the others' cards of its suit, 0,
    own other cards of its suit, 5). Host-only: no table was shipped (docs/bots.md)."""
    if m >= DRAW:
        return (0, 0, 0, 0, 0)
    c = m >> 5
    r = m & 31
    h = view.hands[adv.seat * 4 + c]
    hi = view.hi[c]
    others = _RANKS10 & ~h & ~view.table[c]
    if hi == 0:
        return (1, popcount(others), 0, popcount(h & _RANKS10) - 1, r)
    if r > hi:
        gap = ((1 << r) - 1) & ~((2 << hi) - 1)
        beyond = _RANKS10 & ~((2 << r) - 1)
    else:
        gap = ((1 << view.lo[c]) - 1) & ~((2 << r) - 1)
        beyond = (1 << r) - 2
    return (3 if gap else 2, popcount(beyond & others), popcount(gap & others), popcount(gap & h), r)


def bastard_context(adv, view):
    """(own dead cards, the others' dead cards, the cards the others hold) of a Bastard decision."""
    mine = dead = 0
    for c in range(4):
        d = turn.dead_mask(view, c)
        mine += popcount(d & view.hands[adv.seat * 4 + c])
        dead += popcount(d)
    theirs = sum(view.count[p] for p in range(adv.rules.players) if p != adv.seat)
    return (mine, dead - mine, theirs)


def one_card_move(adv, view, m):
    """(kind, key, rank): the move as the advisor's Cinquillo key sorts it."""
    if m >= DRAW:
        return (ONE_CARD_KINDS.index("pass"), 0, 0)
    key = bot_onecard.cinquillo_key(adv, view, m)
    if view.hi[m >> 5] == 0:
        kind = "five"
    elif key >= 2000:
        kind = "release"
    elif key == 1000:
        kind = "own_next"
    elif key == 900:
        kind = "row_end"
    else:
        kind = "blocker"
    return (ONE_CARD_KINDS.index(kind), key, m & 31)


def classic_context(adv, view):
    """(free plays held, the stock, 1 when the advisor would dump): classic's own decision features."""
    shields = adv.shields(view)
    return (shields, view.stock_left, int(adv.fewest(view) <= adv.DUMP and shields >= 2))


def no_context(adv, view):
    return ()


# Per layout (FEATURES): how a move reads, and the decision's own features after COMMON.
LAYOUTS = {
    "classic": (elfer_move, classic_context),
    "cinquillo": (one_card_move, no_context),
    "bastard": (bastard_move, bastard_context),
}


def context(layout, adv, view, nmoves):
    """The decision's own features (the same for each of its moves), FEATURES' columns after the move's."""
    common = (view.placed, view.count[adv.seat], adv.fewest(view), nmoves, view.hist_len)
    return common + LAYOUTS[layout][1](adv, view)


def lineup(rules, k):
    return [Advisor(rules, p) if p == k else MediumBot(rules, p) for p in range(rules.players)]


def outcome(s, k):
    return win_share(s.round_winners, k), s.round_scores[k]


def label_deal(task):
    """Rows for every seating of one deal, and each seating's real (won, score)."""
    preset, players, deal = task[:3]
    layout = task[3] if len(task) > 3 else preset  # whose features the rows hold (--layout)
    rules = rules_for(preset, (("players", players),))
    move_features = LAYOUTS[layout][0]
    view = SeatView(rules, 0)
    other = SeatView(rules, 0)
    work = State(rules, deal_now=False)
    moves = bytearray(64)
    rows = []
    real = []
    for k in range(players):
        s = State(rules, DEAL_BASE + deal, 0)
        bots = lineup(rules, k)
        decision = 0
        while not s.is_round_over():
            p = s.turn
            s.view_into(view, p)
            m = bots[p].choose(view)
            n = turn.legal_moves(view, moves) if p == k else 0
            if n > 1:
                ctx = context(layout, bots[k], view, n)
                for j in range(n):
                    s.copy_into(work)
                    work.apply(moves[j])
                    play_round(work, lineup(rules, k), other)  # fresh bots: each reads the whole history
                    f = move_features(bots[k], view, moves[j]) + ctx
                    rows.append((deal, k, decision, moves[j], int(moves[j] == m)) + outcome(work, k) + f)
                decision += 1
            s.apply(m)
        real.append(outcome(s, k))
    return rows, real


def make_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--preset", default="classic", choices=sorted(FEATURES))
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    p.add_argument(
        "--layout",
        choices=sorted(FEATURES),
        help="read the moves with another game's features (default: the preset's own); classic's, "
        "engine/value.py elfer_move, read Cinquillo's moves too",
    )
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="the first deal (seed DEAL_BASE + it)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", required=True, help="the CSV to write")
    return p


def main(argv=None):
    args = make_parser().parse_args(argv)
    if args.deals < 1:
        raise SystemExit("onestep: --deals must be at least 1, not %d" % args.deals)
    if args.seed < 0:
        raise SystemExit("onestep: --seed must be 0 or more, not %d" % args.seed)
    layout = args.layout or args.preset
    if layout != args.preset and (layout, args.preset) != ("classic", "cinquillo"):
        why = "onestep: --layout %s does not read %s's moves (classic's read Cinquillo's too)"
        raise SystemExit(why % (layout, args.preset))
    tasks = [(args.preset, args.players, d, layout) for d in range(args.seed, args.seed + args.deals)]
    t0 = time.time()
    results = map_tasks(label_deal, tasks, args.workers)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    rows = [row for deal_rows, _ in results for row in deal_rows]
    with open(args.out, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(("deal", "seat", "decision", "move", "advisor", "won", "score") + FEATURES[layout])
        out.writerows(rows)
    decisions = len({(r[0], r[1], r[2]) for r in rows})
    best = {}
    mine = {}
    for r in rows:
        key = (r[0], r[1], r[2])
        best[key] = max(best.get(key, 0.0), r[5])
        if r[4]:
            mine[key] = r[5]
    key = "onestep_%s_%dp" % (args.preset, args.players)
    print("%s_rounds: %d" % (key, args.deals * args.players))
    print("%s_decisions: %d" % (key, decisions))
    print("%s_rows: %d" % (key, len(rows)))
    # What knowing the deal is worth a decision, at one move: the best label against the advisor's.
    print("%s_true_deal_gain: %.4f" % (key, sum(best[k] - mine[k] for k in best) / max(1, decisions)))
    print("%s_seconds: %.1f" % (key, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
