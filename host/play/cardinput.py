"""What a person may type for a card in the terminal: 'R 11', 'red11', '11 red', 'r11', 'cups jack',
'CJ', 'jack of cups', and the same with the color, suit and rank names of the chosen language.

Host only (host/play/terminal.py): the engine's parse_card (engine/names.py) reads the record format;
this reads people. English names and the record tokens are always understood.
"""

import re

from engine import digits
from engine.cards import COLOR_LETTERS, COLOR_NAMES, GAME_CINQUILLO, REVERSE, SKIP

_PIECES = re.compile(r"[^\W\d_]+|[0-9]+")  # runs of letters, runs of the digits 0-9
_SEPARATORS = re.compile(r"[\s,.:;\-_/]+")
_CINQ_WORDS_EN = (("jack", "j"), ("knight", "n"), ("king", "k"))  # ranks 8, 9, 10


class Names:
    """The words of one language: colors per game, Cinquillo ranks 8..10, action cards, filler words."""

    def __init__(self, colors, cinq_ranks, skip, reverse, fillers):
        self.colors = colors  # (Elfer color names, Cinquillo suit names)
        self.cinq_ranks = cinq_ranks  # (jack, knight, king)
        self.skip = skip
        self.reverse = reverse
        self.fillers = fillers  # words like 'of' / 'de' between rank and suit


def _fold(word):
    return word.strip().lower()


def _color_words(game, names):
    words = {}
    for table in (COLOR_NAMES[game], tuple(COLOR_LETTERS[game]), names.colors[game] if names else ()):
        for i, w in enumerate(table):
            words[_fold(w)] = i
    return words


def _rank(game, piece, names):
    """The rank a piece names (Cinquillo row positions 1..10), or 0."""
    if piece.isdigit():
        r = digits(piece, 2)
        if game == GAME_CINQUILLO:
            if 1 <= r <= 7:
                return r
            return r - 2 if 10 <= r <= 12 else 0  # the printed values of jack, knight, king
        return r if 1 <= r <= 20 else 0
    if game != GAME_CINQUILLO:
        return 0
    for i, words in enumerate(_CINQ_WORDS_EN):
        if piece in words or (names and piece == _fold(names.cinq_ranks[i])):
            return 8 + i
    return 0


def _pieces(text, names):
    """The words and numbers of `text`, without filler words ('of', 'de', 'van')."""
    return [p for p in _PIECES.findall(text) if not (names and p in names.fillers) and p != "of"]


def parse(game, text, names=None, ranks=20):
    """The card `text` names; ValueError otherwise. names: the chosen language's words (or None)."""
    t = _fold(text)
    if not t or _SEPARATORS.sub("", t) != "".join(_PIECES.findall(t)):
        raise ValueError("not a card: %r" % text)  # a character that is neither a letter, a digit nor a space
    pieces = _pieces(t, names)
    joined = "".join(pieces)
    actions = {"skip": SKIP, "sk": SKIP, "reverse": REVERSE, "rv": REVERSE}
    if names:  # 'cambio de sentido' as typed, with or without its spaces and filler words
        actions["".join(_pieces(_fold(names.skip), names))] = SKIP
        actions["".join(_pieces(_fold(names.reverse), names))] = REVERSE
    if joined in actions:
        return actions[joined]
    colors = _color_words(game, names)
    if len(pieces) == 1:  # 'cj', 'cupsjack': a color word glued to a rank word
        word = pieces[0]
        for name, i in sorted(colors.items(), key=lambda kv: -len(kv[0])):
            if word.startswith(name) and len(word) > len(name):
                r = _rank(game, word[len(name) :], names)
                if r:
                    return _card(i, r, ranks, text)
    if len(pieces) == 2:
        for a, b in (pieces, pieces[::-1]):
            if a in colors:
                r = _rank(game, b, names)
                if r:
                    return _card(colors[a], r, ranks, text)
    raise ValueError("not a card: %r" % text)


def _card(color, rank, ranks, text):
    if rank > ranks:
        raise ValueError("not a card: %r" % text)
    return color * 32 + rank
