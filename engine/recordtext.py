"""The lines a game record is written in (docs/records.md): the header, one move, the scores.

engine/record.py writes and reads whole records; firmware/export.py writes a
finished match with only this small module loaded (the reader would not fit
the heap at match over).
"""

from engine import cards
from engine.cards import DRAW, END, PASS

MAGIC = "elfer-raus-record"
VERSION = 1
_VERBS = {DRAW: "draws", END: "ends", PASS: "passes"}


def seat_name(p):
    return "P%d" % (p + 1)


def header_lines(rules, dealer, seed=None, seat=None):
    """The record's first lines; a seat's view names the seat and no seed."""
    out = ["%s %d" % (MAGIC, VERSION), "rules: " + rules.describe(), "dealer: " + seat_name(dealer)]
    if seed is not None and seat is None:
        out.append("seed: %d" % seed)
    if seat is not None:
        out.append("view: " + seat_name(seat))
    return out


def move_line(game, p, m, drawn=-1, name=cards.card_name):
    """'P2 plays red 11' (name: how a card is written), 'P3 draws' ('P3 draws green 7' with
    the card drawn), 'P1 ends', 'P1 passes'."""
    who = seat_name(p)
    if m == DRAW and drawn >= 0:
        return "%s draws %s" % (who, cards.card_name(game, drawn))
    if m in _VERBS:
        return who + " " + _VERBS[m]
    return "%s plays %s" % (who, name(game, m))


def scores_line(state):
    return "scores: " + " ".join("%s %d" % (seat_name(p), state.scores[p]) for p in range(state.n))
