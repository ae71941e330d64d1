"""The engine's refusals and hints as data, and their English (loaded only when one is shown).

engine/reasons.py and engine/hint.py say what they mean as a message key and
plain args: cards as card codes, seats and counts as ints, lists of cards as
bytes. KINDS says what each arg is, so any language can put a message into
words: render() here gives the host tools' English ("P2 does not hold red 5"),
firmware/words.py the device's sentence in the person's language ("you do not
hold red 5"). A namer turns each arg into words; one that names a seat or a
color as None leaves it out (the device's sentences say "you" and "its row").
"""

# What each arg is: p a seat, c a card, n a count, l cards (listed with commas),
# o cards (the alternatives: "x or y"), k a color index, s a row's span (bytes: lowest, highest card).
KINDS = {
    # refused moves (engine/reasons.py)
    "over": "",
    "not_move": "",
    "not_in_deck": "c",
    "not_held": "pc",
    "opens": "c",
    "stock_empty": "",
    "placed_no_draw": "p",
    "drawn_fits": "",
    "can_play_no_draw": "pl",
    "cinq_end": "",
    "end_play_one": "l",
    "end_draw": "",
    "end_pass": "",
    "end_open_row": "p",
    "placed_end": "p",
    "draw_again": "",
    "draw_first": "",
    "must_play": "pl",
    "must_open": "p",
    "drawn_must": "",
    "no_pass": "",
    "closed_row": "kc",
    "dead": "ck",
    "no_fit": "cso",
    # hints (engine/hint.py)
    "hint_draw": "",
    "hint_hold_back": "",
    "hint_pass": "",
    "hint_end": "",
    "hint_open_first": "c",
    "hint_only": "c",
    "hint_action": "c",
    "hint_opens_for": "cn",
    "hint_free_open": "c",
    "hint_leads": "cn",
    "hint_points": "cn",
    "hint_fits": "c",
}

ENGLISH = {
    "over": "the round is over",
    "not_move": "not a move",
    "not_in_deck": "%s is not a card of this deck",
    "not_held": "%s does not hold %s",
    "opens": "the round opens with %s",
    "stock_empty": "the stock is empty",
    "placed_no_draw": "%s has placed a card this turn; drawing is only for a blocked turn",
    "drawn_fits": "the drawn card fits and must be placed",
    "can_play_no_draw": "%s can play (%s), so may not draw",
    "cinq_end": "a Cinquillo turn ends by itself after one card",
    "end_play_one": "end follows a placed card; play one of: %s",
    "end_draw": "nothing to end: no card placed and none fits; draw",
    "end_pass": "nothing to end: no card placed and none fits; pass",
    "end_open_row": "%s must open the row of the start card they hold before ending the turn",
    "placed_end": "%s has placed a card this turn: end the turn with 'end'",
    "draw_again": "the stock is not empty: draw again (up to three cards)",
    "draw_first": "the stock is not empty: draw first",
    "must_play": "%s can play (%s) and must",
    "must_open": "%s holds the start card of a closed row and must open it",
    "drawn_must": "the drawn card can be played and must be",
    "no_pass": "optional passes are suspended: every player has passed in succession",
    "closed_row": "the %s row is not open; only %s opens it",
    "dead": "%s is dead: the %s row already passed it",
    "no_fit": "%s does not fit the row %s (it takes %s)",
    "hint_draw": "nothing fits: draw a card",
    "hint_hold_back": "pass: holding your cards back keeps the rows closed for the others",
    "hint_pass": "nothing fits and the stock is empty: pass",
    "hint_end": "end the turn: the cards you could still play would mostly help the others",
    "hint_open_first": "you must open the row of %s before you may end (E12)",
    "hint_only": "%s is the only card you can play",
    "hint_action": "play the %s: it costs 20 points if it stays in your hand",
    "hint_opens_for": "play %s: it opens the row for %d more of your cards",
    "hint_free_open": "play %s: it must be opened and costs you nothing to give",
    "hint_leads": "play %s: it leads on to %d more of your cards",
    "hint_points": "play %s: gets rid of %d penalty points",
    "hint_fits": "play %s: gets rid of it while it still fits",
}


def values(key, args, namer):
    """The %-values of message `key`: each arg put into words by namer, by its kind."""
    kinds = KINDS[key]
    if len(args) != len(kinds):
        raise ValueError("message %s takes %d args, got %d" % (key, len(kinds), len(args)))
    out = []
    for i in range(len(kinds)):
        k = kinds[i]
        a = args[i]
        if k == "c":
            v = namer.card(a)
        elif k == "n":
            v = a
        elif k == "p":
            v = namer.seat(a)
        elif k == "k":
            v = namer.color(a)
        elif k == "s":
            v = namer.span(a[0], a[1])
        else:  # "l" or "o": a list of cards
            names = [namer.card(c) for c in a]
            v = ", ".join(names) if k == "l" else namer.either(names)
        if v is not None:
            out.append(v)
    return tuple(out)


class English:
    """Names for the host tools' English: seats as P1.., the engine's card names."""

    def __init__(self, game):
        from engine import names

        self.game = game
        self.names = names

    def seat(self, p):
        return "P%d" % (p + 1)

    def card(self, c):
        return self.names.card_name(self.game, c)

    def color(self, i):
        return self.names.COLOR_NAMES[self.game][i]

    def span(self, lo, hi):
        return self.card(lo) + ".." + self.card(hi).split()[-1]

    def either(self, names):
        return " or ".join(names) or "nothing more"


def render(game, key, args):
    """The English sentence of a message, e.g. render(0, 'not_held', (1, 37)) -> 'P2 does not hold yellow 5'."""
    return ENGLISH[key] % values(key, args, English(game))
