"""A value learned on the host: which of the advisor's alternatives is worth more (issue 15).

The expert's advisor (engine/bot_expert.py) sorts Elfer Raus moves by kind: the start card of
a closed row, a release toward its own cards, ending the turn, a free card, the least harmful
bottleneck. host/research/onestep.py labels every legal move of many decisions with the round the true
deal plays out after it, and host/research/fitvalue.py fits a few small regression trees to what an
alternative's label gains over the advisor's move, from what the seat's view shows of both
moves. The expert plays the alternative the trees value most when they predict a gain, else
the advisor's move. docs/bots.md (A value learned from the true deal) gives the figures.

The features of a pair, in the order the trees read them (host/research/fitvalue.py FEATURES names
them): 0 the advisor's move's kind, 1 the alternative's (0 end the turn, 1 pass, 2 draw, 3 an
action card, 4 a start card, 5 a release, 6 a free card, 7 a bottleneck: host/research/onestep.py
ELFER_KINDS), 2 cards placed this turn (at most 3), 3 own cards, 4 the fewest an opponent
holds, 5 free plays held, 6 the stock, 7 legal moves, then the advisor's move at 8-11 and the
alternative at 12-15, each as (release worth // NET_DIV within a signed byte, gap, own cards
beyond the gap, rank).

A model is a generated table module: DEPTH, TREES, BASE and TABLE, a bytes of TREES trees, each
a full binary tree of 2**DEPTH - 1 nodes (feature, byte) in heap order, then 2**DEPTH leaves
(signed bytes). A node sends a pair right when its feature is above the byte read as a signed
threshold; for the kinds (features 0 and 1) the byte is a mask of the kinds that go left.
Predictions are ints in 1/1000 of a round won (host/research/fitvalue.py SCALE): no float, the same
move on every runtime, and nothing allocated per decision (the features go into one scratch
list of this module's: the experts of a game decide one at a time). A table's labels all had
every seat in play, so a tie-break round (E23) among fewer keeps the advisor's move. A table also
records PROBE, its labels' first deal and a checksum of that deal's features: make test
recomputes it, so the features cannot change without the table being fitted again.
Only rules that play their preset's rounds load a table (an optional pass, more draws, 10/12
starts or actions would give moves the labels never had).
"""

import gc

from engine import const
from engine.cards import DRAW, END, PASS, SKIP

_BIG = const(1 << 24)  # engine/bot_medium.py's: what release returns for a free card

NET_DIV = 16
_FEATS = [0] * 16  # scratch (host/research/fitvalue.py NFEATURES): the experts of a game decide one at a time


def attach(adv, name, rules):
    """Has the experts' shared advisor consult the table module `name` (engine/bot_expert.py
    VALUES): adv.refine and adv.model; nothing when the rules change how the preset's rounds
    are played."""
    for option in rules.options:
        if option != "players" and option != "limit" and option != "rounds":
            return
    module = __import__(name)
    for part in name.split(".")[1:]:
        module = getattr(module, part)
    adv.model = module
    adv.refine = refine
    gc.collect()  # the import's buffers go before the match's objects fill the holes


def elfer_move(adv, view, m, out, k, o):
    """Writes move m's kind at out[k] and (release worth // NET_DIV within a signed byte, gap,
    beyond, rank) at out[o..o+3] (engine/bot_medium.py release; 0 for a free card)."""
    out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0
    if m >= SKIP:
        out[k] = 3 if m < DRAW else 0 if m == END else 1 if m == PASS else 2
        return
    c = m >> 5
    r = m & 31
    out[o + 3] = r
    h = view.hands[adv.seat * 4 + c]
    hi = view.hi[c]
    if hi == 0:
        out[k] = 4
        return
    step = 1 if r > hi else -1
    e = r
    while h >> (e + step) & 1:
        e += step
    net = adv.release(view, h, c, e, step)
    if net > 0:
        out[k] = 5
    elif h >> (r + step) & 1 or net == -_BIG:
        out[k] = 6
        net = 0
    else:
        out[k] = 7
    net //= NET_DIV
    out[o] = -128 if net < -128 else 127 if net > 127 else net
    q = e + step
    maxr = adv.maxr
    while 1 <= q <= maxr and not h >> q & 1:
        out[o + 1] += 1
        q += step
    while 1 <= q <= maxr:
        out[o + 2] += h >> q & 1
        q += step


def predict(model, f):
    """The model's gain for the pair in f, in 1/1000 of a round won (host/research/fitvalue.py SCALE)."""
    table = model.TABLE
    d = model.DEPTH
    inner = (1 << d) - 1
    s = model.BASE
    o = 0
    for _ in range(model.TREES):
        i = 0
        for _ in range(d):
            k = table[o + 2 * i]  # the feature
            b = table[o + 2 * i + 1]
            if k < 2:
                i = 2 * i + (1 if b >> f[k] & 1 else 2)
            else:
                i = 2 * i + (2 if f[k] > (b - 256 if b > 127 else b) else 1)
        v = table[o + inner + i]  # leaf i - inner, after the tree's 2 * inner node bytes
        s += v - 256 if v > 127 else v
        o += 3 * inner + 1
    return s


def refine(adv, view, first, moves, n):
    """The advisor's move `first`, or the one of the n legal moves the advisor's table values
    most over it when that gain is positive."""
    if view.nactive != adv.rules.players:
        return first
    f = _FEATS
    elfer_move(adv, view, first, f, 0, 8)
    f[2] = view.placed if view.placed < 3 else 3
    f[3] = view.count[adv.seat]
    f[4] = adv.fewest(view)
    f[5] = adv.shields(view)
    f[6] = view.stock_left
    f[7] = n
    best = first
    gain = 0
    model = adv.model
    for j in range(n):
        if moves[j] != first:
            elfer_move(adv, view, moves[j], f, 1, 12)
            v = predict(model, f)
            if v > gain:
                gain = v
                best = moves[j]
    return best
