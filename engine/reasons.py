"""Why a move is illegal: the rule id and a message (loaded only when a move is refused).

rule, key, args = why(s, move)     # the message as data (engine/messages.py)
rule, reason = explain(s, move)    # the same in English, for the host tools
"""

from engine import cards, const
from engine.cards import DRAW, END, PASS, REVERSE, SKIP
from engine.turn import holds, obligated, plays

_PLAYING = const(0)  # engine/state.py's phases


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


def opening_rule(s):
    """(rule, key, args) while the round's first card is still to come: C5, E10 (red), E11 (another color)."""
    rule = "C5" if s.rules.one_card_turns else "E10" if s.forced >> 5 == 0 else "E11"
    return rule, "opens", (s.forced,)


def _draw_rule(s):
    """E17, or V2 when a blocked player draws up to three cards."""
    return "V2" if s.rules.draw_max > 1 else "E17"


def _playable(s):
    """The cards the seat on turn can play now (bytes; empty when none)."""
    buf = bytearray(32)
    n = plays(s, s.turn, buf, 0)
    return bytes(buf[:n])


def why(s, m):
    """(rule id, message key, args) for a move that is not legal now; engine/messages.py words it."""
    rules = s.rules
    p = s.turn
    if s.phase != _PLAYING:
        return _rule(s, "E20", "B3" if rules.bastard else "C9"), "over", ()
    if not isinstance(m, int) or not 0 <= m <= PASS:
        return _rule(s, "E19", "C7"), "not_move", ()
    if s.forced:  # E10/E11/C5: the opening card comes first, whatever else is tried
        if m < DRAW and not _in_deck(rules, m):
            return _deck_rule(rules, m), "not_in_deck", (m,)
        if m < DRAW and not holds(s, p, m):
            return _rule(s, "E19", "C7"), "not_held", (p, m)
        return opening_rule(s)
    if m == DRAW:
        if s.stock_left == 0:
            return _rule(s, "E18", "C8"), "stock_empty", ()
        if s.placed:
            return "E17", "placed_no_draw", (p,)
        if s.drawn:
            return _draw_rule(s), "drawn_fits", ()
        return _rule(s, "E17", "C7"), "can_play_no_draw", (p, _playable(s))
    if m == END:
        if rules.one_card_turns:
            return "C7", "cinq_end", ()
        if not s.placed:
            can = _playable(s)
            if can:
                return "E16", "end_play_one", (can,)
            if s.stock_left:
                return "V2" if s.drawn else "E17", "end_draw", ()
            return "E18", "end_pass", ()
        return "E12", "end_open_row", (p,)
    if m == PASS:
        can = _playable(s)
        if s.placed:
            return "E15", "placed_end", (p,)
        if not can:
            if s.drawn:
                return "V2", "draw_again", ()
            return _rule(s, "E17", "C8"), "draw_first", ()
        if rules.one_card_turns:
            return "C7", "must_play", (p, can)
        if obligated(s, p):
            return "E12", "must_open", (p,)
        if s.drawn:
            return _draw_rule(s), "drawn_must", ()
        if rules.optional_pass:
            return "V1", "no_pass", ()
        return "E16", "must_play", (p, can)
    if not _in_deck(rules, m):
        return _deck_rule(rules, m), "not_in_deck", (m,)
    if not holds(s, p, m):
        return _rule(s, "E19", "C7"), "not_held", (p, m)
    c = m >> 5
    if s.hi[c] == 0:
        return _rule(s, "E9", "C4"), "closed_row", (c, c * 32 + s.start[c])
    lo = s.lo[c]
    hi = s.hi[c]
    if rules.bastard:
        return "B2", "dead", (m, c)
    fits = bytearray()
    if lo > 1:
        fits.append(c * 32 + lo - 1)
    if hi < rules.ranks:
        fits.append(c * 32 + hi + 1)
    return _rule(s, "E14", "C7"), "no_fit", (m, bytes((c * 32 + lo, c * 32 + hi)), bytes(fits))


def explain(s, m):
    """(rule id, reason in English) for a move that is not legal now."""
    from engine.english import render

    rule, key, args = why(s, m)
    return rule, render(s.rules.game, key, args)


def illegal(s, m):
    """The IllegalMove for m: its English reason, and the message key and args for other languages."""
    from engine.english import render
    from engine.errors import IllegalMove

    rule, key, args = why(s, m)
    return IllegalMove(move_text(s, m), rule, render(s.rules.game, key, args), key, args)
