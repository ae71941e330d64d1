"""Cards and moves as small ints, and their names.

A number card is ``color * 32 + rank`` (rank 1..20; Cinquillo uses row
positions 1..10 where 8, 9, 10 are jack, knight, king). The colorless
action cards (V6) are SKIP and REVERSE. A move is a card to play, or one of
DRAW, END (finish a turn after placing), PASS (finish a turn without placing).
Everything fits a byte, so decks, hands and move lists are bytearrays.
"""

from engine import const

_ACTION = const(4)  # the "color" of action cards (cards >= 128: SKIP, REVERSE)
SKIP = const(129)
REVERSE = const(130)
DRAW = const(250)
END = const(251)
PASS = const(252)

GAME_ELFER = const(0)
GAME_CINQUILLO = const(1)

# Per game: color names and one-letter tokens (the rest of the naming is in names.py).
COLOR_NAMES = (("red", "yellow", "blue", "green"), ("coins", "cups", "swords", "clubs"))
COLOR_LETTERS = ("RYBG", "OCEB")


def card(color, rank):
    return color * 32 + rank


def lowest_rank(mask):
    """The lowest rank set in a bit mask of ranks (0 for an empty mask)."""
    if not mask:
        return 0
    r = 1
    while not mask >> r & 1:
        r += 1
    return r


def highest_rank(mask):
    """The highest rank set in a bit mask of ranks (0 for an empty mask)."""
    r = 0
    while mask >> (r + 1):
        r += 1
    return r


# Naming lives in engine/names.py so the device loads it only when it shows or parses a card.
def card_name(game, c):
    """Full name, e.g. 'red 11', 'cups jack', 'skip'."""
    from engine import names

    return names.card_name(game, c)


def card_token(game, c):
    """Compact token for deals, e.g. 'R11', 'CJ', 'SK' (skip), 'RV' (reverse)."""
    from engine import names

    return names.card_token(game, c)


def parse_card(game, text):
    """Parse 'red 11' / 'cups jack' or 'R11' / 'CJ'; ValueError naming the text otherwise."""
    from engine import names

    return names.parse_card(game, text)


def move_name(game, m):
    """A move in words: 'red 11', 'draw', 'end', 'pass'."""
    from engine import names

    return names.move_name(game, m)
