"""Validating an explicit deal (records, tests, bug reports): every card once, legal rows.

Kept apart from deal.py so a device that never loads a hand-written deal never loads this.
"""

from engine import const
from engine.cards import GAME_CINQUILLO, card_name, highest_rank, lowest_rank
from engine.deal import build_deck, give

_NO_SEAT = const(255)  # engine/deal.py's


def check(rules, d, seats, active=None):
    """Validate an explicit deal; return it completed ('stock' None -> the rest in deck order).

    Raises ValueError saying what is wrong: a card not in this deck, a card
    given twice, cards missing, an empty hand, a table row that is not a
    legal row, a seat that does not play this round, a stock in a Cinquillo
    deal for 3 or 4 players (C3 deals all 40 cards). `active` is the bit
    mask of seats playing (an E23 tie-break round), default all.
    """
    g = rules.game
    deck = bytearray(96)
    size = build_deck(rules, deck)
    left = {}
    for i in range(size):
        left[deck[i]] = left.get(deck[i], 0) + 1
    hands = d.get("hands")
    if hands is None or len(hands) != seats:
        raise ValueError("the deal needs a hand for each of the %d seats" % seats)

    def take(card, where):
        if left.get(card, 0) == 0:
            if card in left:
                raise ValueError("%s is dealt twice (again in %s)" % (card_name(g, card), where))
            raise ValueError("%s is not a card of this deck (in %s)" % (card_name(g, card), where))
        left[card] -= 1

    if active is None:
        active = (1 << seats) - 1
    for p in range(seats):
        if not active >> p & 1:
            if hands[p]:
                raise ValueError("P%d does not play this round (E23) but is dealt cards" % (p + 1))
            continue
        if not hands[p]:
            rule = "B3" if rules.bastard else "C9" if g == GAME_CINQUILLO else "E20"  # a round ends with a hand empty
            raise ValueError("P%d's hand is empty: a round cannot start with a player already out (%s)" % (p + 1, rule))
        for card in hands[p]:
            take(card, "P%d's hand" % (p + 1))
    table = d.get("table") or []
    for card in table:
        if card >= 128:
            raise ValueError("action cards cannot lie on a row (table)")
        take(card, "the table")
    start = d.get("start")
    if start is not None:
        if len(start) != rules.colors:
            raise ValueError("start ranks: need one per color (%d)" % rules.colors)
        for r in start:
            if r not in ((10, 12) if rules.start_10_12 else (rules.start_rank,)):
                raise ValueError(
                    "start rank %d is not allowed here (%s)"
                    % (r, "10 or 12" if rules.start_10_12 else rules.start_rank)
                )
    elif rules.start_10_12:
        raise ValueError("start_10_12 needs a 'start' line with each color's start rank (V3)")
    starts = start or [rules.start_rank] * rules.colors
    for c in range(rules.colors):
        mask = 0
        for card in table:
            if card >> 5 == c:
                mask |= 1 << (card & 31)
        if not mask:
            continue
        if not mask >> starts[c] & 1:
            raise ValueError("the %s row on the table lacks its start card" % card_name(g, c * 32 + 1).split()[0])
        if not rules.bastard:
            top = mask >> lowest_rank(mask)
            if top & (top + 1):  # not of the form 0b111..1
                raise ValueError("the %s row on the table has a gap" % card_name(g, c * 32 + 1).split()[0])
    stock = d.get("stock")
    rest = []
    for i in range(size):
        if left.get(deck[i], 0):
            left[deck[i]] -= 1
            rest.append(deck[i])
    if stock is None:
        stock = rest
    else:
        for card in stock:
            if card not in rest:
                take(card, "the stock")  # raises with the right reason
            rest.remove(card)
        if rest:
            raise ValueError("cards missing from the deal: " + ", ".join(card_name(g, c) for c in rest))
    if stock and g == GAME_CINQUILLO and seats > 2:
        raise ValueError(
            "a Cinquillo deal for %d players has no stock: all 40 cards are dealt (C3; only 2 players draw, C8),"
            " but %d left over: %s" % (seats, len(stock), _names(g, stock))
        )
    first = d.get("first")
    if first is not None and not (0 <= first < seats and active >> first & 1):
        raise ValueError("first seat P%d does not play this round" % (first + 1))
    out = dict(d)
    out["stock"] = list(stock)
    out["table"] = list(table)
    return out


def _names(g, cardlist):
    names = [card_name(g, c) for c in cardlist[:3]]
    if len(cardlist) > 3:
        names.append("...")
    return ", ".join(names)


def place(s, d):
    """d: dict with 'hands' (list per seat of card lists), 'stock', optional 'table', 'start', 'first'.

    Validation of the card set happens in record.py; here cards are placed.
    """
    for p in range(s.n):
        for card in d["hands"][p]:
            give(s, p, card)
    stock = d["stock"]
    for j in range(len(stock)):
        s.stock[j] = stock[j]
    s.stock_pos = 0
    s.stock_len = len(stock)
    s.stock_left = len(stock)
    for card in d.get("table", ()):
        c = card >> 5
        r = card & 31
        s.table[c] |= 1 << r
    for c in range(4):  # rows as laid: from the lowest to the highest card (Bastard rows may have gaps)
        s.lo[c] = lowest_rank(s.table[c])
        s.hi[c] = highest_rank(s.table[c])
    start = d.get("start")
    if start:
        for c in range(len(start)):
            s.start[c] = start[c]
    if s.rules.game == GAME_CINQUILLO and s.nactive == 3:
        s.fourteen = _NO_SEAT  # C3: when nobody holds 14, the next shuffled round draws by lot
        for p in range(s.n):
            if s.count[p] == 14:
                s.fourteen = p
    first = d.get("first")
    if first is not None:
        s.explicit_first = first
