#!/usr/bin/env python3
"""Fits the expert's learned value (engine/value.py) to host/research/onestep.py's labels and writes its table.

    python -m host.research.onestep --preset classic --deals 6600 --out build/onestep/classic.csv
    python -m host.research.fitvalue build/onestep/classic.csv --out engine/value_classic4.py

Each decision of the labels gives a pair per alternative to the advisor's move: the features
engine/value.py reads from the view (feature_names), and the target, what the alternative's label
(a round won, with the true deal) gains over the advisor's move's. `--penalty P` labels a move by
the round won less the seat's penalty over P instead (a won round is worth P penalty points: the
2-player table, where a match is decided by penalties). Boosted regression trees,
least squares, each a full binary tree of DEPTH levels; the kind features split by sets of
kinds (ordered by their mean residual), the others by a threshold. Leaves are rounded to ints
of SCALE within a signed byte as the trees are grown, so the table predicts on the device
exactly what it predicted here. Needs numpy (a host tool; the device reads only the table).

`--folds K` first reports, for K folds of the deals, what the moves a model fitted on the
other folds would change are worth by their labels (`fitvalue_cv_gain_points`: points of
rounds won per 100 rounds, one move ahead: an upper bound on what it gains in play).
Bastard's labels (onestep.py --preset bastard) are cross-validated only: engine/value.py reads
Elfer Raus moves (TABLES; docs/bots.md, What did not work, has why).
"""

import argparse
import csv
import os
import sys
import time
import zlib

import numpy as np

from engine import value

SCALE = 1000  # a prediction of SCALE is one round won (engine/value.py predict)

# Per game, host/research/onestep.py's columns for a move (kind and its 4 numbers) and for the decision
# (features 2-7 in order: classic as engine/value.py refine reads them, Bastard as onestep.py
# bastard_context). The pair's features are named from them.
LAYOUTS = {
    "classic": (("kind", "net", "gap", "beyond", "rank"), ("placed", "own", "fewest", "shields", "stock", "nmoves")),
    "bastard": (
        ("kind", "risk", "kills", "own_gap", "rank"),
        ("own_dead", "own", "fewest", "others_dead", "others_cards", "nmoves"),
    ),
}
NFEATURES = 16
TABLES = ("classic",)  # the games whose moves engine/value.py reads: the others' labels are only cross-validated
CATEGORICAL = 2  # the kinds (features 0 and 1) split by sets
NEVER = (2, 127)  # a node that does not split: "feature 2 > 127" is never true, all go left


def feature_names(game):
    """engine/value.py's pair features of a game, by name (its docstring says what each is)."""
    move, decision = LAYOUTS[game]
    return ("kind_a", "kind_b") + decision + tuple(c + "_a" for c in move[1:]) + tuple(c + "_b" for c in move[1:])


def game_of(path, head):
    """The game whose columns a labels' CSV holds (refused when it is no game's)."""
    for game, (move, decision) in sorted(LAYOUTS.items()):
        if all(c in head for c in ("deal", "seat", "decision", "advisor", "won") + move + decision):
            return game
    why = "fitvalue: %s is not a host/research/onestep.py CSV of %s (its columns: %s)"
    raise SystemExit(why % (path, " or ".join(sorted(LAYOUTS)), ", ".join(head)))


def load(paths, penalty=0):
    """The pairs of the labels: X (int16, [pairs, NFEATURES]), y (the gain), the deal and the
    decision (a number) of each pair, the rounds the labels hold, and their game."""
    decisions = {}
    games = set()
    for path in paths:
        with open(path, newline="") as f:
            rows = csv.reader(f)
            head = next(rows)
            game = game_of(path, head)
            games.add(game)
            if len(games) > 1:
                raise SystemExit("fitvalue: the labels mix games (%s)" % ", ".join(sorted(games)))
            move_cols, decision_cols = LAYOUTS[game]
            at = {name: head.index(name) for name in head}
            for row in rows:
                key = (int(row[at["deal"]]), int(row[at["seat"]]), int(row[at["decision"]]))
                move = [int(row[at[c]]) for c in move_cols]
                ctx = [int(row[at[c]]) for c in decision_cols]
                label = float(row[at["won"]])
                if penalty:  # a round won is worth `penalty` of the seat's own penalty points
                    label -= float(row[at["score"]]) / penalty
                decisions.setdefault(key, []).append((int(row[at["advisor"]]), label, move, ctx))
    X = []
    y = []
    deal = []
    group = []
    rounds = set()
    for d, key in enumerate(sorted(decisions)):
        moves = decisions[key]
        mine = [m for m in moves if m[0]]
        if len(mine) != 1:
            raise SystemExit("fitvalue: decision %r has %d advisor moves, not 1" % (key, len(mine)))
        _, won_a, a, ctx = mine[0]
        rounds.add(key[:2])
        if game == "classic":
            ctx[0] = min(ctx[0], 3)  # cards placed this turn, as engine/value.py refine
        for flag, won_b, b, _ in moves:
            if flag:
                continue
            X.append([a[0], b[0]] + ctx + a[1:5] + b[1:5])
            y.append(won_b - won_a)
            deal.append(key[0])
            group.append(d)
    names = feature_names(game)
    X = np.array(X, np.int16).reshape(-1, NFEATURES)
    assert X.shape[1] == NFEATURES == len(value._FEATS) == len(names)
    for k, name in enumerate(names):  # the trees' thresholds are signed bytes
        if len(X) and not -128 <= X[:, k].min() <= X[:, k].max() <= 127:
            raise SystemExit(
                "fitvalue: feature %s runs %d..%d, beyond a signed byte" % (name, X[:, k].min(), X[:, k].max())
            )
    return X, np.array(y), np.array(deal, np.int64), np.array(group, np.int64), len(rounds), game


def best_split(X, r, node, nodes, rows, min_leaf):
    """The best (feature, byte) per node of this level by least squares, or NEVER."""
    out = [NEVER] * nodes
    gain = [0.0] * nodes
    n_node = np.bincount(node[rows], minlength=nodes)
    s_node = np.bincount(node[rows], weights=r[rows], minlength=nodes)
    base = np.where(n_node > 0, s_node**2 / np.maximum(n_node, 1), 0.0)
    for feat in range(X.shape[1]):
        key = node[rows] * 256 + (X[rows, feat].astype(np.int64) + 128)
        cnt = np.bincount(key, minlength=nodes * 256).reshape(nodes, 256)
        sm = np.bincount(key, weights=r[rows], minlength=nodes * 256).reshape(nodes, 256)
        for k in range(nodes):
            if n_node[k] < 2 * min_leaf:
                continue
            if feat < CATEGORICAL:
                cats = [c for c in range(8) if cnt[k, 128 + c]]
                cats.sort(key=lambda c: sm[k, 128 + c] / cnt[k, 128 + c])
                c_cnt = np.cumsum([cnt[k, 128 + c] for c in cats])[:-1]
                c_sum = np.cumsum([sm[k, 128 + c] for c in cats])[:-1]
            else:
                c_cnt = np.cumsum(cnt[k])[:-1]
                c_sum = np.cumsum(sm[k])[:-1]
            ok = (c_cnt >= min_leaf) & (n_node[k] - c_cnt >= min_leaf)
            if not ok.any():
                continue
            right_n = np.maximum(n_node[k] - c_cnt, 1)
            g = np.where(ok, c_sum**2 / np.maximum(c_cnt, 1) + (s_node[k] - c_sum) ** 2 / right_n - base[k], -1.0)
            j = int(np.argmax(g))
            if g[j] > gain[k] + 1e-9:
                gain[k] = float(g[j])
                if feat < CATEGORICAL:
                    mask = 0
                    for c in cats[: j + 1]:
                        mask |= 1 << c
                    out[k] = (feat, mask)
                else:
                    out[k] = (feat, j - 128)  # left: the feature at most j - 128
    return out


def goes_right(X, feat, b):
    x = X[:, feat].astype(np.int64)
    if feat < CATEGORICAL:
        return (b >> x) & 1 == 0
    return x > b


def fit(X, y, trees, depth, rate, min_leaf):
    """(base, [(nodes, leaves)]) in SCALE units; predictions are what engine/value.py computes."""
    target = y * SCALE
    base = int(round(float(target.mean())))
    pred = np.full(len(y), base, np.int64)
    model = []
    rows = np.arange(len(y))
    for _ in range(trees):
        r = target - pred
        node = np.zeros(len(y), np.int64)  # index within the level
        splits = []
        for level in range(depth):
            level_splits = best_split(X, r, node, 1 << level, rows, min_leaf)
            right = np.zeros(len(y), bool)
            for k, (feat, b) in enumerate(level_splits):
                at = node == k
                right[at] = goes_right(X[at], feat, b)
            node = node * 2 + right
            splits.extend(level_splits)
        n = np.bincount(node, minlength=1 << depth)
        s = np.bincount(node, weights=r, minlength=1 << depth)
        leaves = [int(max(-127, min(127, round(rate * s[k] / n[k])))) if n[k] else 0 for k in range(1 << depth)]
        pred += np.array(leaves, np.int64)[node]
        model.append((splits, leaves))
    return base, model


def predict(X, base, model, depth):
    pred = np.full(len(X), base, np.int64)
    for splits, leaves in model:
        node = np.zeros(len(X), np.int64)
        for level in range(depth):
            right = np.zeros(len(X), bool)
            for k in range(1 << level):
                feat, b = splits[(1 << level) - 1 + k]
                at = node == k
                right[at] = goes_right(X[at], feat, b)
            node = node * 2 + right
        pred += np.array(leaves, np.int64)[node]
    return pred


def picked_gain(y, group, pred):
    """What the labels say the changed moves gain, summed: per decision, the alternative with
    the highest prediction when it is above 0 (the first of equals, as engine/value.py)."""
    order = np.lexsort((np.arange(len(y)), -pred, group))
    first = np.concatenate(([True], group[order][1:] != group[order][:-1]))
    top = order[first]
    return float(y[top][pred[top] > 0].sum())


def probe(X, deal, first):
    """A checksum of the pair features of deal `first` (below 2**30: a small int on a board)."""
    return zlib.crc32(X[deal == first].astype("<i2").tobytes()) & 0x3FFFFFFF


def table_text(base, model, depth, args, rows, rounds, sources, deals, check):
    out = bytearray()
    for splits, leaves in model:
        for feat, b in splits:
            out += bytes((feat, b & 0xFF))
        out += bytes(v & 0xFF for v in leaves)
    lines = [
        '"""The expert\'s learned value for %s (engine/value.py): generated, do not edit.' % args.name,
        "",
        "Written by host/research/fitvalue.py from %d pairs of %d rounds of host/research/onestep.py labels"
        % (rows, rounds),
        "(%s: deals %d-%d): %d trees of depth %d, rate %s, at least %d pairs a leaf."
        % (", ".join(sources), deals[0], deals[1], len(model), depth, args.rate, args.min_leaf),
    ]
    if args.penalty:
        lines.append("A move's label: the round won, less the seat's penalty over %g (--penalty)." % args.penalty)
    lines += [
        '"""',
        "",
        "PROBE = (%d, %d)  # (deal, checksum): make test deals it again, its features must give it" % (deals[0], check),
        "DEPTH = %d" % depth,
        "TREES = %d" % len(model),
        "BASE = %d" % base,
        "TABLE = (",
    ]
    hexed = out.hex()
    for i in range(0, len(hexed), 80):
        lines.append('    b"%s"' % "".join("\\x" + hexed[j : j + 2] for j in range(i, min(i + 80, len(hexed)), 2)))
    lines.append(")")
    return "\n".join(lines) + "\n", len(out)


def make_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("csv", nargs="+", help="host/research/onestep.py CSVs of one game (classic or bastard)")
    p.add_argument("--out", help="the table module to write (e.g. engine/value_classic4.py)")
    p.add_argument("--name", default="classic, 4 players")
    p.add_argument("--trees", type=int, default=20)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--rate", type=float, default=0.2)
    p.add_argument("--min-leaf", type=int, default=200)
    p.add_argument(
        "--penalty",
        type=float,
        default=0,
        help="label a move by the round won minus the seat's penalty over this (0: rounds won only)",
    )
    p.add_argument("--folds", type=int, default=0, help="cross-validate over this many folds of deals first")
    return p


def main(argv=None):
    args = make_parser().parse_args(argv)
    for name, low in (("trees", 1), ("depth", 1), ("min_leaf", 1)):
        if getattr(args, name) < low:
            raise SystemExit("fitvalue: --%s must be at least %d" % (name.replace("_", "-"), low))
    if args.depth > 6:
        raise SystemExit("fitvalue: --depth must be at most 6 (the table grows as 2**depth)")
    if args.penalty < 0:
        raise SystemExit("fitvalue: --penalty must be 0 (rounds won only) or more, not %s" % args.penalty)
    if not 0 < args.rate <= 1:
        raise SystemExit("fitvalue: --rate must be above 0 and at most 1, not %s" % args.rate)
    t0 = time.time()
    X, y, deal, group, rounds, game = load(args.csv, args.penalty)
    if args.out and game not in TABLES:
        raise SystemExit(
            "fitvalue: engine/value.py reads the moves of %s only: %s labels can be cross-validated "
            "(--folds), not written as a table" % (", ".join(TABLES), game)
        )
    if not len(y):
        raise SystemExit("fitvalue: the labels hold no decision with a choice")
    print("fitvalue_pairs: %d" % len(y))
    print("fitvalue_rounds: %d" % rounds)
    if args.folds > 1:
        fold = deal % args.folds
        gain = 0.0
        for k in range(args.folds):
            train = fold != k
            base, model = fit(X[train], y[train], args.trees, args.depth, args.rate, args.min_leaf)
            test = ~train
            gain += picked_gain(y[test], group[test], predict(X[test], base, model, args.depth))
        print("fitvalue_cv_gain_points: %.2f" % (100 * gain / rounds))
    base, model = fit(X, y, args.trees, args.depth, args.rate, args.min_leaf)
    fitted = picked_gain(y, group, predict(X, base, model, args.depth))
    print("fitvalue_fit_gain_points: %.2f" % (100 * fitted / rounds))
    if args.out:
        sources = [os.path.basename(p) for p in args.csv]
        deals = (int(deal.min()), int(deal.max()))
        check = probe(X, deal, deals[0])
        text, size = table_text(base, model, args.depth, args, len(y), rounds, sources, deals, check)
        with open(args.out + ".tmp", "w") as f:  # a table is replaced whole or not at all
            f.write(text)
        os.replace(args.out + ".tmp", args.out)
        print("fitvalue_table_bytes: %d" % size)
    print("fitvalue_seconds: %.1f" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
