"""Plain-text game records: export a match, and replay one move by move.

Format (docs/records.md has the full description)::

    elfer-raus-record 1
    rules: classic players=3
    dealer: P1
    seed: 42                      # optional; rounds without deal lines are dealt from it
    round 1
    P1: R3 R11 Y7 ...             # the deal: each seat's hand ...
    P2: ...
    P3: ...
    stock: G7 B3 ...              # ... and the stock from the top ('rest' = the rest in deck order)
    table: R10 R11                # optional: cards already on the rows
    start: R10 Y12 B10 G12        # V3: each color's start card
    first: P2                     # optional: who moves first
    P2 plays red 11
    P2 ends
    P3 draws green 7              # a seat's view writes only 'P3 draws'
    P3 passes
    scores: P1 0 P2 35 P3 12      # optional check after a round: the totals

Lines starting with '#' and blank lines are ignored; '#' also starts a trailing comment.
"""

from engine import cards, const, digits, recordtext
from engine import explicit as explicit_deals
from engine.cards import DRAW, END, PASS
from engine.errors import IllegalMove, RecordError, RulesError
from engine.recordtext import MAGIC, VERSION, move_line, scores_line, seat_name
from engine.rules_text import parse_rules

_PLAYING = const(0)  # engine/state.py's phases
_NO_SEAT = const(255)  # engine/deal.py's

_VERBS = {"plays": -1, "draws": DRAW, "ends": END, "passes": PASS}
SEED_MAX = const(0x3FFFFFFF)  # seeds stay small ints on a board (below 2**30)


def _tokens(game, cardlist):
    return " ".join(cards.card_token(game, c) for c in cardlist)


def header_lines(state, seed=None, seat=None, dealer=None):
    return recordtext.header_lines(state.rules, state.dealer if dealer is None else dealer, seed, seat)


def round_lines(state, seat=None):
    """The current round: deal and moves. With seat, only what that seat saw."""
    g = state.rules.game
    out = ["round %d" % state.round_no]
    for p in range(state.n):
        if not state.active[p]:
            continue
        if seat is None or p == seat:
            hand = _init_hand(state, p)
            out.append(("%s: %s" % (seat_name(p), _tokens(g, hand))).rstrip())
        else:
            out.append("# %s holds %d cards" % (seat_name(p), _init_count(state, p)))
    if seat is None:
        out.append(("stock: " + _tokens(g, [state.stock[i] for i in range(state.stock_len)])).rstrip())
    else:
        out.append("# stock: %d cards" % state.stock_len)
    table = []
    for c in range(4):
        t = state.init_table[c]
        for r in range(1, 21):
            if t >> r & 1:
                table.append(c * 32 + r)
    if table:
        out.append("table: " + _tokens(g, table))
    if state.rules.start_10_12:
        out.append("start: " + _tokens(g, [c * 32 + state.start[c] for c in range(state.rules.colors)]))
    if state.explicit_first != _NO_SEAT:
        out.append("first: " + seat_name(state.explicit_first))
    draws = 0
    for i in range(state.hist_len):
        p, m = state.history_entry(i)
        drawn = -1
        if m == DRAW:
            if seat is None:
                drawn = state.drawn_card(draws)
            draws += 1
        out.append(move_line(g, p, m, drawn))
    if state.phase != _PLAYING:
        out.append(scores_line(state))
    return out


def _init_hand(state, p):
    hand = []
    for c in range(4):
        h = state.init_hands[p * 4 + c]
        for r in range(1, 21):
            if h >> r & 1:
                hand.append(c * 32 + r)
    hand.extend([cards.SKIP] * state.init_acts[p * 2])
    hand.extend([cards.REVERSE] * state.init_acts[p * 2 + 1])
    return hand


def _init_count(state, p):
    return len(_init_hand(state, p))


class MatchRecord:
    """Collects a match's rounds as text. Call end_round() after each round, before next_round()."""

    def __init__(self, state, seed=None):
        self.seed = seed
        self.lines = header_lines(state, seed)
        self._done_round = 0

    def end_round(self, state):
        if state.round_no != self._done_round:
            self.lines.extend(round_lines(state))
            self._done_round = state.round_no

    def text(self, state):
        lines = list(self.lines)
        if state.round_no != self._done_round:
            lines.extend(round_lines(state))
        return "\n".join(lines) + "\n"


def export_round(state, seed=None, seat=None):
    """A record of the current round only (a full record, or a seat's view with seat=)."""
    return "\n".join(header_lines(state, seed, seat) + round_lines(state, seat)) + "\n"


# --- replay -----------------------------------------------------------------


def _strip(line):
    i = line.find("#")
    if i >= 0:
        line = line[:i]
    return line.strip()


def _key_value(line):
    i = line.find(":")
    if i < 0:
        return None, None
    return line[:i].strip(), line[i + 1 :].strip()


def _show(text):
    """Text of the record quoted in a reason: a long one is cut short, so the reason stays one line."""
    return text if len(text) <= 40 else text[:37] + "..."


def _int(token, what, lineno, most=9, signed=False):
    """`token` as a number: ASCII digits 0-9 only (not '²' or other Unicode digits), at most `most`
    of them, a '-' first when `signed`. RecordError naming `what` otherwise."""
    neg = signed and token[:1] == "-"
    v = digits(token[1:] if neg else token, most)
    if v < 0:
        reason = "%s needs a number (at most %d digits 0-9), found '%s'" % (what, most, _show(token))
        raise RecordError(lineno, reason)
    return -v if neg else v


def _seat(text, n, lineno):
    t = text.strip().upper()
    if t[:1] == "P" and 1 <= digits(t[1:], 1) <= n:
        return int(t[1:]) - 1
    raise RecordError(lineno, "'%s' is not a seat (P1..P%d)" % (_show(text.strip()), n))


def _card(rules, text, lineno):
    try:
        c = cards.parse_card(rules.game, text)
    except ValueError:
        raise RecordError(lineno, "not a card: '%s'" % _show(text.strip())) from None
    ok = (c >= 128 and rules.actions) or (c < 128 and c >> 5 < rules.colors and 1 <= c & 31 <= rules.ranks)
    if not ok:
        raise RecordError(lineno, "%s is not a card of this deck (%s)" % (_show(text.strip()), rules.describe()))
    return c


def _card_list(rules, text, lineno):
    return [_card(rules, tok, lineno) for tok in text.split()]


class _Replayer:
    def __init__(self, text):
        self.lines = text.split("\n")
        self.state = None
        self.rules = None
        self.seed = None
        self.dealer = 0
        self.record = None

    def run(self):
        from engine import state as state_mod

        i = self._header()
        expect_round = 1
        while True:
            i, line = self._next(i)
            if line is None:
                break
            lineno = i + 1
            parts = line.split()
            if parts[0] != "round" or len(parts) != 2:
                raise RecordError(lineno, "expected 'round %d', found '%s'" % (expect_round, _show(line)))
            if _int(parts[1], "'round'", lineno) != expect_round:
                raise RecordError(lineno, "expected round %d, found round %s" % (expect_round, parts[1]))
            if self.state is not None and not self.state.is_round_over():
                raise RecordError(lineno, "round %d starts before round %d is over" % (expect_round, expect_round - 1))
            if self.state is not None and self.state.is_match_over():
                raise RecordError(lineno, "the match is already over")
            i, deal = self._deal(i + 1)
            self._start(state_mod, deal, lineno)
            i = self._moves(i)
            expect_round += 1
        if self.state is None:
            raise RecordError(len(self.lines), "the record has no round")
        return self.state

    def _next(self, i):
        """(index, text) of the first non-blank line from line index i on; (end, None) at the end."""
        lines = self.lines
        while i < len(lines):
            line = _strip(lines[i])
            if line:
                return i, line
            i += 1
        return i, None

    def _header(self):
        seen = {}
        i = 0
        while True:
            i, line = self._next(i)
            if line is None:
                break
            lineno = i + 1
            if not seen:
                parts = line.split()
                if len(parts) != 2 or parts[0] != MAGIC:
                    raise RecordError(lineno, "not a game record: the first line must be '%s %d'" % (MAGIC, VERSION))
                if not 0 <= digits(parts[1]) <= VERSION:
                    raise RecordError(
                        lineno, "record version %s is not supported (this reads %d)" % (_show(parts[1]), VERSION)
                    )
                seen["magic"] = 1
                i += 1
                continue
            if line.startswith("round"):
                break
            key, value = _key_value(line)
            if key is None:
                raise RecordError(lineno, "expected 'key: value' in the header, found '%s'" % _show(line))
            if key in seen:
                raise RecordError(lineno, "header '%s' given twice" % _show(key))
            seen[key] = 1
            if key == "rules":
                try:
                    self.rules = parse_rules(value)
                except RulesError as e:
                    raise RecordError(lineno, str(e)) from None
            elif key == "dealer":
                if self.rules is None:
                    raise RecordError(lineno, "'rules:' must come before 'dealer:'")
                self.dealer = _seat(value, self.rules.players, lineno)
            elif key == "seed":
                seed = digits(value, 10)
                if not 0 <= seed <= SEED_MAX:
                    raise RecordError(lineno, "seed must be a number 0..%d, found '%s'" % (SEED_MAX, _show(value)))
                self.seed = seed
            elif key == "view":
                raise RecordError(
                    lineno, "this is %s's view: hidden cards are missing, so it cannot be replayed" % _show(value)
                )
            else:
                raise RecordError(lineno, "unknown header '%s' (rules, dealer, seed)" % _show(key))
            i += 1
        if "magic" not in seen:
            raise RecordError(1, "empty record")
        if self.rules is None:
            raise RecordError(i + 1 if i < len(self.lines) else len(self.lines), "the header lacks 'rules:'")
        return i

    def _deal(self, i):
        rules = self.rules
        d = {}
        hands = {}
        first_line = i + 1
        while True:
            i, line = self._next(i)
            if line is None:
                break
            lineno = i + 1
            key, value = _key_value(line)
            if key is None:
                break
            if key[:1] in ("P", "p"):  # a hand; no other deal line starts with P
                p = _seat(key, rules.players, lineno)
                if p in hands:
                    raise RecordError(lineno, "%s's hand is given twice" % seat_name(p))
                hands[p] = _card_list(rules, value, lineno)
            elif key == "stock":
                d["stock"] = None if value == "rest" else _card_list(rules, value, lineno)
            elif key == "table":
                d["table"] = _card_list(rules, value, lineno)
            elif key == "start":
                d["start"] = [c & 31 for c in _card_list(rules, value, lineno)]
            elif key == "first":
                d["first"] = _seat(value, rules.players, lineno)
            elif key == "scores":
                raise RecordError(lineno, "'scores:' before any move of the round")
            else:
                raise RecordError(lineno, "unknown deal line '%s' (P1.., stock, table, start, first)" % _show(key))
            i += 1
        if not hands and not d:
            return i, None
        if "stock" not in d:
            raise RecordError(first_line, "the deal needs a 'stock:' line ('stock: rest' for the rest in deck order)")
        d["hands"] = [hands.get(p, []) for p in range(rules.players)]
        d["_line"] = first_line
        return i, d

    def _start(self, state_mod, deal, lineno):
        from engine import deal as deal_mod

        rules = self.rules
        s = self.state
        if deal is not None:
            try:
                active = s.pending_tiebreak if s is not None else 0
                deal = explicit_deals.check(rules, deal, rules.players, active or None)
            except ValueError as e:
                raise RecordError(deal["_line"], "bad deal: %s" % e) from None
        if s is None:
            if self.seed is None and deal is None:
                raise RecordError(lineno, "round 1 has no deal and the record has no seed")
            if self.seed is not None:
                s = state_mod.State(rules, seed=self.seed, dealer=self.dealer)
            else:
                s = state_mod.State(rules, seed=0, dealer=self.dealer, deal_now=False)
                deal_mod.start_round(s, deal)
                deal = None
            self.state = s
        elif self.seed is not None:
            s.next_round()
        elif deal is None:
            raise RecordError(lineno, "round %d has no deal and the record has no seed" % (s.round_no + 1))
        else:
            s.next_round(deal)
            deal = None
        if deal is not None:  # seeded round with deal lines: they must match the seed
            self._check_same(deal, lineno)

    def _check_same(self, deal, lineno):
        s = self.state
        same = not deal.get("table") and deal.get("first") is None
        same = same and list(deal["stock"]) == list(s.stock[: s.stock_len])
        for p in range(s.n):
            same = same and sorted(deal["hands"][p]) == sorted(_init_hand(s, p))
        if self.rules.start_10_12:
            same = same and list(deal["start"]) == list(s.start[: self.rules.colors])
        if not same:
            raise RecordError(deal["_line"], "the deal of round %d does not match the seed" % s.round_no)

    def _moves(self, i):
        s = self.state
        rules = self.rules
        g = rules.game
        while True:
            i, line = self._next(i)
            if line is None:
                break
            lineno = i + 1
            parts = line.split()
            if parts[0] == "round":
                return i
            if parts[0] == "scores:":
                self._check_scores(parts[1:], lineno)
                i += 1
                continue
            if len(parts) < 2 or parts[1] not in _VERBS:
                raise RecordError(lineno, "expected 'P<n> plays|draws|ends|passes ...', found '%s'" % _show(line))
            p = _seat(parts[0], rules.players, lineno)
            verb = parts[1]
            rest = " ".join(parts[2:])
            if s.is_round_over():
                raise RecordError(lineno, "the round is already over")
            if p != s.turn:
                raise RecordError(lineno, "it is %s's turn, not %s's" % (seat_name(s.turn), seat_name(p)))
            if verb == "plays":
                if not rest:
                    raise RecordError(lineno, "'plays' needs a card")
                move = _card(rules, rest, lineno)
            else:
                move = _VERBS[verb]
                if rest and verb != "draws":
                    raise RecordError(lineno, "unexpected text after '%s': '%s'" % (verb, _show(rest)))
            if move == DRAW and rest and s.stock_left:
                named = _card(rules, rest, lineno)
                actual = s.stock[s.stock_pos]
                if named != actual:
                    raise RecordError(
                        lineno,
                        "%s draws %s, but the top of the stock is %s"
                        % (seat_name(p), cards.card_name(g, named), cards.card_name(g, actual)),
                    )
            try:
                s.apply(move)
            except IllegalMove as e:
                raise RecordError(lineno, "illegal move: %s (rule %s)" % (e.reason, e.rule)) from None
            i += 1
        return i

    def _check_scores(self, parts, lineno):
        s = self.state
        if not s.is_round_over():
            raise RecordError(lineno, "'scores:' before the round is over")
        if len(parts) != 2 * s.n:
            raise RecordError(lineno, "'scores:' needs a total for each of the %d seats" % s.n)
        for k in range(s.n):
            p = _seat(parts[2 * k], s.n, lineno)
            total = _int(parts[2 * k + 1], "%s's total" % seat_name(p), lineno, signed=True)
            if total != s.scores[p]:
                raise RecordError(lineno, "%s's total is %d, the record says %d" % (seat_name(p), s.scores[p], total))


def replay(text):
    """Replay a full record; return the final State or raise RecordError(line, reason)."""
    return _Replayer(text).run()
