"""Cards, moves, refused moves and hints in the person's language (firmware/lang).

    words.card_name(game, c)          # 'Rot 11', 'rey de oros'
    words.move_name(game, m)          # a card, or draw / end / pass in words
    rule, text = words.refusal(state, move)    # why the person's move is refused
    move, text = words.hint(view, seed)        # what the expert suggests, and why

The sentences speak to the person ("you do not hold red 5"): on the device
only the person's moves are refused or hinted. The engine says what it means
as a key and args (engine/messages.py); each key is "msg_" + that key in the
language tables, without the seat (and without the color where a sentence says
"its row"). A card is its color's text with the rank put in: "red %s",
"%s de oros", so each language keeps its own word order.
"""

from engine.cards import DRAW, GAME_CINQUILLO, REVERSE, SKIP
from firmware.lang import t

_COLORS = (
    (b"card_red", b"card_yellow", b"card_blue", b"card_green"),
    (b"card_coins", b"card_cups", b"card_swords", b"card_clubs"),
)
_FACES = (b"card_jack", b"card_knight", b"card_king")  # Cinquillo's ranks 8, 9, 10
_MOVES = (b"card_draw", b"card_end", b"card_pass")  # DRAW, END, PASS


def _rank(game, r):
    if game == GAME_CINQUILLO and r > 7:
        return t(_FACES[r - 8])
    return str(r)


def _known(game, c):
    r = c & 31
    return c >> 5 < 4 and 0 < r <= (10 if game == GAME_CINQUILLO else 20)


def card_name(game, c):
    """A card in words, e.g. 'red 11' (en), 'Münzen König' (de), 'sota de copas' (es)."""
    if c == SKIP:
        return t(b"card_skip")
    if c == REVERSE:
        return t(b"card_reverse")
    if not _known(game, c):
        return t(b"card_unknown") % c
    return t(_COLORS[game][c >> 5]) % _rank(game, c & 31)


def move_name(game, m):
    """A move in words: a card's name, or draw / end / pass."""
    if DRAW <= m < DRAW + 3:
        return t(_MOVES[m - DRAW])
    return card_name(game, m)


class _Namer:
    """How engine/messages.values() puts args into the person's words."""

    def __init__(self, game):
        self.game = game

    def seat(self, p):
        return None  # the sentence says "you"

    def color(self, i):
        return None  # the sentence says "its row"

    def card(self, c):
        return card_name(self.game, c)

    def span(self, lo, hi):
        """A row from lo to hi: 'red 5..9', '5..rey de oros'; one card: its name."""
        g = self.game
        if lo == hi or not (_known(g, lo) and _known(g, hi)):
            return card_name(g, lo) + ("" if lo == hi else ".." + card_name(g, hi))
        return t(_COLORS[g][lo >> 5]) % ("%s..%s" % (_rank(g, lo & 31), _rank(g, hi & 31)))

    def either(self, names):
        return (" %s " % t(b"msg_or")).join(names) or t(b"msg_nothing")


def say(game, key, args):
    """The sentence of engine message `key` with `args`, in the chosen language."""
    from engine import unload
    from engine.messages import values

    text = t("msg_" + key) % values(key, args, _Namer(game))
    unload("messages")  # the kinds table goes back to the heap until the next message
    return text


def refusal(state, move):
    """(rule id, sentence) why the person may not make `move` now (state or the person's view)."""
    from engine import reasons, unload

    rule, key, args = reasons.why(state, move)
    unload("reasons")  # refusals are rare: the heap is worth more than the import time
    return rule, say(state.rules.game, key, args)


def hint(view, seed=0):
    """(move, sentence): what the expert would play for the person now, and why."""
    from engine.hint import advice

    move, key, args = advice(view, seed)
    return move, say(view.rules.game, key, args)


def wait(seat):
    """The answer to a move while seat `seat` (0-based) is on turn."""
    return t(b"msg_wait") % (seat + 1)
