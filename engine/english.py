"""The engine's refusals and hints in English, for the host tools and tests (engine/messages.py: the keys).

render(game, "not_held", (1, 37))   -> "P2 does not hold yellow 5"
"""

from engine.messages import values

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
    "must_play": "%s can play (%s) and must play one",
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
    """The English sentence of message `key` with `args`."""
    return ENGLISH[key] % values(key, args, English(game))
