"""Hints for the human seat: what the expert would play now, and a short reason why.

    move, reason = hint(view)            # view: the SeatView of the seat on turn; English reason
    move, key, args = advice(view)       # the same, the reason as data (engine/messages.py)

The expert decides from the view alone (it never peeks); the reason is read
off the position: which card goes, which row it opens or leads toward, why a
turn should end or why a draw or pass is the only move.
"""

from engine import turn
from engine.bot_expert import ExpertBot
from engine.cards import DRAW, END, PASS, SKIP

_BOTS = {}


def advice(view, seed=0):
    """(move, message key, args) for view.seat; raises ValueError when it is not that seat's turn."""
    if not view.my_turn():
        raise ValueError("no hint: it is not P%d's turn" % (view.seat + 1))
    key = (view.rules.describe(), view.seat)
    bot = _BOTS.get(key)
    if bot is None:
        _BOTS.clear()  # one at a time: a hint bot is big enough
        bot = _BOTS[key] = ExpertBot(view.rules, view.seat, seed)
    move = bot.choose(view)
    key, args = why(view, move)
    return move, key, args


def hint(view, seed=0):
    """(move, reason in English) for view.seat; raises ValueError when it is not that seat's turn."""
    from engine.english import render

    move, key, args = advice(view, seed)
    return move, render(view.rules.game, key, args)


def reason(view, move):
    """A short English sentence explaining a move from the view (no hidden information)."""
    from engine.english import render

    key, args = why(view, move)
    return render(view.rules.game, key, args)


def why(view, move):
    """(message key, args) explaining a move from the view (no hidden information)."""
    buf = bytearray(32)
    n = turn.legal_moves(view, buf)
    if move == DRAW:
        return "hint_draw", ()
    if move == PASS:
        cards = sum(1 for i in range(n) if buf[i] < DRAW)
        if cards:
            return "hint_hold_back", ()
        return "hint_pass", ()
    if move == END:
        return "hint_end", ()
    if view.forced:
        return "opens", (move,)
    if n == 1:
        if move < SKIP and view.hi[move >> 5] == 0 and view.placed:
            return "hint_open_first", (move,)
        return "hint_only", (move,)
    if move >= SKIP:
        return "hint_action", (move,)
    c = move >> 5
    r = move & 31
    own = view.hands[view.seat * 4 + c] & ~(1 << r)
    if view.hi[c] == 0:
        k = _bits(own)
        if k:
            return "hint_opens_for", (move, k)
        return "hint_free_open", (move,)
    step = 1 if r > view.hi[c] else -1
    run = 0
    x = r + step
    while 0 < x < 32 and own >> x & 1:
        run += 1
        x += step
    if run:
        return "hint_leads", (move, run)
    if not view.rules.one_card_turns and r >= 15:
        return "hint_points", (move, r)
    return "hint_fits", (move,)


def _bits(x):
    k = 0
    while x:
        k += x & 1
        x >>= 1
    return k
