"""Card and move names for people: records, the UI, error reasons (loaded only when needed)."""

from engine import digits
from engine.cards import COLOR_LETTERS, COLOR_NAMES, DRAW, END, GAME_CINQUILLO, PASS, REVERSE, SKIP

_CINQ_RANKS = ("", "1", "2", "3", "4", "5", "6", "7", "jack", "knight", "king")
_CINQ_TOKENS = ("", "1", "2", "3", "4", "5", "6", "7", "J", "N", "K")


# Per style: skip, reverse, unknown card format, Cinquillo rank names, color names, separator.
_FULL = ("skip", "reverse", "card #%d", _CINQ_RANKS, COLOR_NAMES, " ")
_TOKEN = ("SK", "RV", "#%d", _CINQ_TOKENS, COLOR_LETTERS, "")


def _compose(game, c, style):
    skip, reverse, unknown, cinq_ranks, colors, sep = style
    if c == SKIP:
        return skip
    if c == REVERSE:
        return reverse
    r = c & 31
    if c >> 5 > 3 or r == 0 or r > (10 if game == GAME_CINQUILLO else 20):
        return unknown % c
    rank = cinq_ranks[r] if game == GAME_CINQUILLO else str(r)
    return colors[game][c >> 5] + sep + rank


def card_name(game, c):
    """Full name, e.g. 'red 11', 'cups jack', 'skip'."""
    return _compose(game, c, _FULL)


def card_token(game, c):
    """Compact token for deals, e.g. 'R11', 'CJ', 'SK' (skip), 'RV' (reverse)."""
    return _compose(game, c, _TOKEN)


def _rank_from(game, text):
    if game == GAME_CINQUILLO:
        for table in (_CINQ_RANKS, _CINQ_TOKENS):
            for i in range(1, 11):
                if table[i].lower() == text:
                    return i
        if text in ("10", "11", "12"):
            return int(text) - 2
        return -1
    r = digits(text, 2)  # ASCII 0-9 only: '²'.isdigit() is true, but int('²') fails
    return r if 1 <= r <= 20 else -1


def parse_card(game, text):
    """Parse a full name ('red 11', 'cups jack') or a token ('R11', 'CJ').

    Returns the card code; raises ValueError naming the text otherwise. It does
    not check that the card is in the deck of a given rules set.
    """
    t = text.strip().lower()
    if t in ("skip", "sk"):
        return SKIP
    if t in ("reverse", "rv"):
        return REVERSE
    parts = t.split()
    if len(parts) == 2:
        names = COLOR_NAMES[game]
        for i in range(4):
            if names[i] == parts[0]:
                r = _rank_from(game, parts[1])
                if r > 0:
                    return i * 32 + r
    elif len(parts) == 1 and len(t) >= 2:
        letters = COLOR_LETTERS[game].lower()
        i = letters.find(t[0])
        if i >= 0:
            r = _rank_from(game, t[1:])
            if r > 0:
                return i * 32 + r
    raise ValueError("not a card: '%s'" % text.strip())


def move_name(game, m):
    """A move in words: 'red 11', 'draw', 'end', 'pass'."""
    if m == DRAW:
        return "draw"
    if m == END:
        return "end"
    if m == PASS:
        return "pass"
    return card_name(game, m)
