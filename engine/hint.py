"""Hints for the human seat: what the expert would play now, and a short reason why.

    move, reason = hint(view)       # view: the SeatView of the seat on turn

The expert decides from the view alone (it never peeks); the reason is read
off the position: which card goes, which row it opens or leads toward, why a
turn should end or why a draw or pass is the only move.
"""

from engine import turn
from engine.bot_expert import ExpertBot
from engine.cards import DRAW, END, PASS, SKIP

_BOTS = {}


def hint(view, seed=0):
    """(move, reason) for view.seat; raises ValueError when it is not that seat's turn."""
    if not view.my_turn():
        raise ValueError("no hint: it is not P%d's turn" % (view.seat + 1))
    key = (view.rules.describe(), view.seat)
    bot = _BOTS.get(key)
    if bot is None:
        _BOTS.clear()  # one at a time: a hint bot is big enough
        bot = _BOTS[key] = ExpertBot(view.rules, view.seat, seed)
    move = bot.choose(view)
    return move, reason(view, move)


def reason(view, move):
    """A short sentence explaining a move from the view (no hidden information)."""
    from engine.names import card_name

    g = view.rules.game
    buf = bytearray(32)
    n = turn.legal_moves(view, buf)
    if move == DRAW:
        return "nothing fits: draw a card"
    if move == PASS:
        cards = sum(1 for i in range(n) if buf[i] < DRAW)
        if cards:
            return "pass: holding your cards back keeps the rows closed for the others"
        return "nothing fits and the stock is empty: pass"
    if move == END:
        return "end the turn: the cards you could still play would mostly help the others"
    if view.forced:
        return "the round opens with %s" % card_name(g, move)
    if n == 1:
        if move < SKIP and view.hi[move >> 5] == 0 and view.placed:
            return "you must open the row of %s before you may end (E12)" % card_name(g, move)
        return "%s is the only card you can play" % card_name(g, move)
    if move >= SKIP:
        return "play the %s: it costs 20 points if it stays in your hand" % card_name(g, move)
    c = move >> 5
    r = move & 31
    own = view.hands[view.seat * 4 + c] & ~(1 << r)
    name = card_name(g, move)
    if view.hi[c] == 0:
        k = _bits(own)
        if k:
            return "play %s: it opens the row for %d more of your cards" % (name, k)
        return "play %s: it must be opened and costs you nothing to give" % name
    step = 1 if r > view.hi[c] else -1
    run = 0
    x = r + step
    while 0 < x < 32 and own >> x & 1:
        run += 1
        x += step
    if run:
        return "play %s: it leads on to %d more of your cards" % (name, run)
    if not view.rules.one_card_turns and r >= 15:
        return "play %s: gets rid of %d penalty points" % (name, r)
    return "play %s: gets rid of it while it still fits" % name


def _bits(x):
    k = 0
    while x:
        k += x & 1
        x >>= 1
    return k
