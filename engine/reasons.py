"""Why a move is illegal: the rule id and a sentence (loaded only when a move is refused)."""

from engine import cards
from engine.cards import DRAW, END, PASS, REVERSE, SKIP
from engine.turn import holds, obligated, plays

_PLAYING = 0


def move_text(s, move):
    if not isinstance(move, int) or not 0 <= move < 256:
        return repr(move)
    return cards.move_name(s.rules.game, move)


def _rule(s, elfer, cinquillo):
    return cinquillo if s.rules.one_card_turns else elfer


def _in_deck(rules, m):
    if m == SKIP or m == REVERSE:
        return rules.actions
    return m >> 5 < rules.colors and 1 <= (m & 31) <= rules.ranks


def _deck_rule(rules, m):
    """Which rule leaves m out of this deck: C1, E2 (no green), E3 (junior ranks) or E1."""
    if rules.one_card_turns:
        return "C1"
    if m < SKIP and 1 <= (m & 31) <= 20:
        if rules.colors <= m >> 5 < 4:
            return "E2"
        if m >> 5 < 4 and m & 31 > rules.ranks:
            return "E3"
    return "E1"


def _opening(s):
    """(rule, reason) while the round's first card is still to come: C5, E10 (red), E11 (another color)."""
    rule = "C5" if s.rules.one_card_turns else "E10" if s.forced >> 5 == 0 else "E11"
    return rule, "the round opens with %s" % cards.card_name(s.rules.game, s.forced)


def _draw_rule(s):
    """E17, or V2 when a blocked player draws up to three cards."""
    return "V2" if s.rules.draw_max > 1 else "E17"


def _example(s):
    buf = bytearray(32)
    n = plays(s, s.turn, buf, 0)
    return ", ".join(cards.card_name(s.rules.game, buf[i]) for i in range(n))


def explain(s, m):
    """(rule id, reason) for a move that is not legal now."""
    rules = s.rules
    g = rules.game
    p = s.turn
    who = "P%d" % (p + 1)
    if s.phase != _PLAYING:
        return _rule(s, "E20", "B3" if rules.bastard else "C9"), "the round is over"
    if not isinstance(m, int) or not 0 <= m <= PASS:
        return _rule(s, "E19", "C7"), "not a move"
    if s.forced:  # E10/E11/C5: the opening card comes first, whatever else is tried
        if m < DRAW and not _in_deck(rules, m):
            return _deck_rule(rules, m), "%s is not a card of this deck" % cards.move_name(g, m)
        if m < DRAW and not holds(s, p, m):
            return _rule(s, "E19", "C7"), "%s does not hold %s" % (who, cards.card_name(g, m))
        return _opening(s)
    if m == DRAW:
        if s.stock_left == 0:
            return _rule(s, "E18", "C8"), "the stock is empty"
        if s.placed:
            return "E17", "%s has placed a card this turn; drawing is only for a blocked turn" % who
        if s.drawn:
            return _draw_rule(s), "the drawn card fits and must be placed"
        return _rule(s, "E17", "C7"), "%s can play (%s), so may not draw" % (who, _example(s))
    if m == END:
        if rules.one_card_turns:
            return "C7", "a Cinquillo turn ends by itself after one card"
        if not s.placed:
            can = _example(s)
            if can:
                return "E16", "end follows a placed card; play one of: " + can
            if s.stock_left:
                rule = "V2" if s.drawn else "E17"
                return rule, "nothing to end: no card placed and none fits; draw"
            return "E18", "nothing to end: no card placed and none fits; pass"
        return "E12", "%s must open the row of the start card they hold before ending the turn" % who
    if m == PASS:
        can = _example(s)
        if s.placed:
            return "E15", "%s has placed a card this turn: end the turn with 'end'" % who
        if not can:
            if s.drawn:
                return "V2", "the stock is not empty: draw again (up to three cards)"
            return _rule(s, "E17", "C8"), "the stock is not empty: draw first"
        if rules.one_card_turns:
            return "C7", "%s can play (%s) and must" % (who, can)
        if obligated(s, p):
            return "E12", "%s holds the start card of a closed row and must open it" % who
        if s.drawn:
            return _draw_rule(s), "the drawn card can be played and must be"
        if rules.optional_pass:
            return "V1", "optional passes are suspended: every player has passed in succession"
        return "E16", "%s can play (%s) and must" % (who, can)
    if not _in_deck(rules, m):
        return _deck_rule(rules, m), "%s is not a card of this deck" % cards.move_name(g, m)
    name = cards.card_name(g, m)
    if not holds(s, p, m):
        return _rule(s, "E19", "C7"), "%s does not hold %s" % (who, name)
    c = m >> 5
    color = cards.COLOR_NAMES[g][c]
    if s.hi[c] == 0:
        return _rule(s, "E9", "C4"), "the %s row is not open; only %s opens it" % (
            color,
            cards.card_name(g, c * 32 + s.start[c]),
        )
    lo = s.lo[c]
    hi = s.hi[c]
    if rules.bastard:
        return "B2", "%s is dead: the %s row already passed it" % (name, color)
    fits = []
    if lo > 1:
        fits.append(cards.card_name(g, c * 32 + lo - 1))
    if hi < rules.ranks:
        fits.append(cards.card_name(g, c * 32 + hi + 1))
    span = cards.card_name(g, c * 32 + lo) + ".." + cards.card_name(g, c * 32 + hi).split()[-1]
    return _rule(s, "E14", "C7"), "%s does not fit the row %s (it takes %s)" % (
        name,
        span,
        " or ".join(fits) or "nothing more",
    )
