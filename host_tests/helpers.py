"""Shared helpers for the rules tests: cards by name, explicit deals, legal-move lists,
state snapshots for "nothing changed" checks, and a simple round player."""

import pytest

from engine import deal, state
from engine import explicit as explicit_deals
from engine.cards import GAME_CINQUILLO, GAME_ELFER, parse_card
from engine.errors import IllegalMove
from engine.rng import Rng

ELFER_COLORS = ("red", "yellow", "blue", "green")
CINQ_SUITS = ("coins", "cups", "swords", "clubs")


def c(name):
    """An Elfer Raus card by name or token: c('red 11') or c('R11')."""
    return parse_card(GAME_ELFER, name)


def k(name):
    """A Cinquillo card by name or token: k('cups jack') or k('CJ'); ranks are row positions."""
    return parse_card(GAME_CINQUILLO, name)


def cs(*names):
    return [c(n) for n in names]


def ks(*names):
    return [k(n) for n in names]


def erow(color, lo, hi):
    """Elfer cards color lo..hi, e.g. erow('green', 9, 12)."""
    i = ELFER_COLORS.index(color)
    return [i * 32 + r for r in range(lo, hi + 1)]


def krow(suit, lo, hi):
    """Cinquillo cards of a suit between row positions lo..hi (8 = jack, 9 = knight, 10 = king)."""
    i = CINQ_SUITS.index(suit)
    return [i * 32 + r for r in range(lo, hi + 1)]


def explicit(hands, stock=None, table=None, first=None, start=None):
    d = {"hands": [list(h) for h in hands], "stock": stock}
    if table is not None:
        d["table"] = list(table)
    if first is not None:
        d["first"] = first
    if start is not None:
        d["start"] = list(start)
    return d


def deal_state(rules, hands, stock=None, table=None, first=None, start=None, dealer=0, seed=0):
    """A State whose round 1 is this explicit deal ('stock' None = rest of the deck in deck order)."""
    return state.from_deal(rules, explicit(hands, stock, table, first, start), dealer=dealer, seed=seed)


def next_deal(s, hands, stock=None, table=None, first=None, start=None):
    """Start the next round of s (after a round ended) from an explicit deal."""
    active = s.pending_tiebreak or (1 << s.n) - 1  # an E23 tie-break round deals only to the tied seats
    d = explicit_deals.check(s.rules, explicit(hands, stock, table, first, start), s.n, active)
    s.next_round(d)
    return s


def legal(s):
    """The legal moves of the seat on turn, as a list."""
    buf = bytearray(32)
    n = s.legal_moves(buf)
    return list(buf[:n])


def snapshot(s):
    """Every field of a State as plain comparable values (the move scratch buffer excluded)."""
    out = {}
    for name, value in vars(s).items():
        if name in ("scratch", "rules"):
            continue
        if isinstance(value, (bytearray, list)):
            out[name] = tuple(value)
        elif isinstance(value, Rng):
            out[name] = value.get_state()
        else:
            out[name] = value
    return out


def assert_illegal(s, move, rules_ok):
    """apply(move) must raise IllegalMove whose rule is in rules_ok, changing nothing. Returns the error."""
    if isinstance(rules_ok, str):
        rules_ok = (rules_ok,)
    before = snapshot(s)
    with pytest.raises(IllegalMove) as info:
        s.apply(move)
    assert info.value.rule in rules_ok, "rule %s, expected one of %s (%s)" % (
        info.value.rule,
        rules_ok,
        info.value.reason,
    )
    assert info.value.reason
    assert snapshot(s) == before, "an illegal move changed the state"
    return info.value


def first_legal(s):
    return legal(s)[0]


def play_round(s, choose=first_legal, max_moves=20000):
    """Play the current round to its end with choose(s) -> move; return the number of moves."""
    n = 0
    while not s.is_round_over():
        s.apply(choose(s))
        n += 1
        assert n < max_moves, "round did not end"
    return n


def seats(mask):
    """Seat numbers in a bit mask."""
    return [p for p in range(8) if mask >> p & 1]


def all_cards(s):
    """Every card in the hands and the undrawn stock, as a sorted list."""
    out = []
    for p in range(s.n):
        out.extend(s.hand_cards(p))
    out.extend(s.stock[s.stock_pos : s.stock_pos + s.stock_left])
    return sorted(out)


def deck_cards(rules):
    buf = bytearray(96)
    n = deal.build_deck(rules, buf)
    return sorted(buf[:n])


def spread(rules, fixed, table=(), to=None):
    """Hands for a deal using every card: fixed[p] cards for seat p, then the cards neither fixed nor on the
    table dealt round-robin to the seats in `to` (default: all seats)."""
    hands = [list(h) for h in fixed]
    rest = deck_cards(rules)
    for x in [x for h in fixed for x in h] + list(table):
        rest.remove(x)
    to = list(range(len(hands))) if to is None else list(to)
    for i, x in enumerate(rest):
        hands[to[i % len(to)]].append(x)
    return hands


def refused(fn, *args, **kwargs):
    """Call fn(*args, **kwargs), which must raise RulesError; return the error (option, message)."""
    from engine.errors import RulesError

    with pytest.raises(RulesError) as info:
        fn(*args, **kwargs)
    return info.value


def run_main(main, argv, err_errors="backslashreplace"):
    """(exit status, stdout, stderr) of a tool's main(argv) run in this process: stdout strict
    UTF-8 as under a UTF-8 locale (a lone surrogate in a name must not crash the printing);
    argparse's SystemExit gives its status."""
    import contextlib
    import io

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=err_errors, newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as e:
            status = e.code
        out.flush()
        err.flush()
    return status, out.buffer.getvalue().decode(), err.buffer.getvalue().decode()
