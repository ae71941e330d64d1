"""The medium heuristic's choice in the games of one card a turn, Cinquillo and Bastard (C7):
loaded only by the medium bots and experts' advisors of those games (engine/bot_medium.py), so a
classic match holds none of it. It reads the bot's public scoring methods, harm and release.

Cinquillo: a release that leads to our own cards goes first (it keeps us from passing later),
then free cards, then the least harmful release; a 5 counts both the directions it opens.
Bastard (B2, B3): first the card with the most of the others' cards beyond it (they could kill
it), never jumping over our own cards; killing the others' cards is a small extra.
"""

from engine import const
from engine.cards import DRAW

_BIG = const(1 << 24)  # engine/bot_medium.py's: what release returns for a free card
_RANKS10 = const(0x7FE)  # Cinquillo ranks 1..10
_B_RISK = const(32)  # Bastard: per card of the others beyond ours (it could jump over and kill ours)
_B_KILL = const(3)  # Bastard: per card of the others killed (x threat / 16)
_B_OWN = const(40)  # Bastard: per own card killed
_B_5MINE = const(8)  # Bastard: opening a suit, per own card of it
_B_5UNK = const(6)  # Bastard: opening a suit, per card of it the others hold


def popcount(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def choose(bot, view, n):
    """The legal move (of the n in bot.buf) with the highest key (a pass only when nothing else
    is legal)."""
    buf = bot.buf
    bastard = bot.rules.bastard
    best = buf[0]
    best_key = -_BIG
    for i in range(n):
        m = buf[i]
        if m >= DRAW:
            key = -_BIG + 1
        elif bastard:
            key = bastard_key(bot, view, m)
        else:
            key = cinquillo_key(bot, view, m)
        if key > best_key:
            best_key = key
            best = m
    return best


def cinquillo_key(bot, view, m):
    c = m >> 5
    r = m & 31
    h = view.hands[bot.seat * 4 + c]
    if view.hi[c] == 0:  # a 5 opens both directions (C4)
        return side(bot, view, h, c, r, 1) + side(bot, view, h, c, r, -1)
    return side(bot, view, h, c, r, 1 if r > view.hi[c] else -1)


def side(bot, view, h, c, r, step):
    """Cinquillo: worth of the row end moving to r, looking in direction step."""
    if h >> (r + step) & 1:
        return 1000  # our own next card: we keep a play and open nothing
    net = bot.release(view, h, c, r, step)
    if net == -_BIG:
        return 900  # the end of the row: opens nothing
    if net > 0:
        return 2000 + net  # leads to our own cards: before we run out of plays
    return net


def bastard_key(bot, view, m):
    c = m >> 5
    r = m & 31
    h = view.hands[bot.seat * 4 + c]
    hi = view.hi[c]
    others = _RANKS10 & ~h & ~view.table[c]  # not ours, not placed: the others hold them
    if hi == 0:
        return _B_5MINE * (popcount(h & _RANKS10) - 1) - _B_5UNK * popcount(others)
    if r > hi:
        gap = ((1 << r) - 1) & ~((2 << hi) - 1)
        beyond = _RANKS10 & ~((2 << r) - 1)
    else:
        gap = ((1 << view.lo[c]) - 1) & ~((2 << r) - 1)
        beyond = (1 << r) - 2
    return _B_RISK * popcount(beyond & others) + kill_value(bot, view, c, gap & others) - _B_OWN * popcount(gap & h)


def kill_value(bot, view, c, m):
    """Bastard: worth of making the others' cards in mask m dead (B2), by who may hold them."""
    v = 0
    r = 1
    while m >> r:
        if m >> r & 1:
            v += bot.harm(view, c, r)
        r += 1
    return v * _B_KILL // 16
