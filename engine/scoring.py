"""Round end, scoring and match end: E20-E23, C9, B3-B5."""

from sys import modules

from engine import const
from engine.cards import GAME_CINQUILLO, REVERSE, SKIP

_ROUND_OVER = const(1)
_MATCH_OVER = const(2)
_ACTION_PENALTY = const(20)  # V6
# Decision (E22): a match to a limit ends after this round at the latest (the last a save holds,
# engine/snapshot.py; unreachable while each round scores, but Bastard's tied rounds score nothing).
_LAST_ROUND = const(65535)


def bastard():
    """engine.bastard (B2-B4), imported at its first use: the other games never load it (looked
    up, not imported by a statement: an import statement per call would allocate)."""
    m = modules.get("engine.bastard")
    if m is None:
        m = __import__("engine.bastard", None, None, ("plays",))
    return m


def hand_penalty(s, p):
    """E21: the face values of the cards left in hand (V6: an action card counts 20)."""
    total = 0
    base = p * 4
    for c in range(4):
        h = s.hands[base + c]
        r = 1
        while h >> r:
            if h >> r & 1:
                total += r
            r += 1
    return total + _ACTION_PENALTY * (s.acts[p * 2] + s.acts[p * 2 + 1])


def hand_list(s, p, out=None):
    """Seat p's cards in color then rank order (actions last)."""
    if out is None:
        out = []
    base = p * 4
    for c in range(4):
        h = s.hands[base + c]
        r = 1
        while h >> r:
            if h >> r & 1:
                out.append(c * 32 + r)
            r += 1
    for _ in range(s.acts[p * 2]):
        out.append(SKIP)
    for _ in range(s.acts[p * 2 + 1]):
        out.append(REVERSE)
    return out


def end_round(s, out_seat):
    """The round is over: out_seat emptied their hand (E20), or -1 when nobody can place (B3)."""
    s.phase = _ROUND_OVER
    rules = s.rules
    if rules.game != GAME_CINQUILLO:
        _score_penalties(s, out_seat)
    elif rules.bastard:
        bastard().score_round(s)
    else:
        _score_cinquillo(s, out_seat)
    _check_match_end(s)


def _score_penalties(s, out_seat):
    """E21 (and E23: a tie-break round decides the winner; its penalties are not added)."""
    for p in range(s.n):
        if s.active[p]:
            pen = 0 if p == out_seat else hand_penalty(s, p)
            s.round_scores[p] = pen
            if not s.tiebreak:
                s.scores[p] += pen
    s.round_winners = 1 << out_seat


def _score_cinquillo(s, out_seat):
    """C9: the first player out scores 5 plus one per card left in the other hands."""
    left = 0
    for p in range(s.n):
        if s.active[p] and p != out_seat:
            left += s.count[p]
    s.round_scores[out_seat] = 5 + left
    s.scores[out_seat] += 5 + left
    s.round_winners = 1 << out_seat


def _check_match_end(s):
    rules = s.rules
    if s.tiebreak:  # E23: whoever went out first in the tie-break round wins
        s.match_winners = s.round_winners
        s.phase = _MATCH_OVER
        return
    if rules.rounds:
        done = s.round_no >= rules.rounds
    else:
        done = s.round_no >= _LAST_ROUND
        for p in range(s.n):
            if s.scores[p] >= rules.limit:
                done = True
    if not done:
        return
    best = s.scores[0]
    for p in range(1, s.n):
        v = s.scores[p]
        if (v > best) if rules.high_wins else (v < best):
            best = v
    tied = 0
    k = 0
    for p in range(s.n):
        if s.scores[p] == best:
            tied |= 1 << p
            k += 1
    if k > 1 and rules.tie_break_round and s.round_no < _LAST_ROUND:
        s.pending_tiebreak = tied  # E23: next_round() deals among them
        return
    s.match_winners = tied  # C9: equal highest totals are a draw
    s.phase = _MATCH_OVER
