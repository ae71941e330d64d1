"""The engine's refusals and hints as data (loaded only when one is shown).

engine/reasons.py and engine/hint.py say what they mean as a message key and
plain args: cards as card codes, seats and counts as ints, lists of cards as
bytes. KINDS says what each arg is, so any language can put a message into
words: engine/english.py gives the host tools' English ("P2 does not hold red
5"), firmware/words.py the device's sentence in the person's language ("you do
not hold red 5"; the device never loads the English). A namer turns each arg
into words; one that names a seat or a color as None leaves it out (the
device's sentences say "you" and "its row").
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
