"""Terminal front-end (host/play/terminal.py): rendering, the input loop, and the command line.

The loop is driven in-process through injected input/output functions; the
command line is run as a subprocess. Rule ids in test names say what is checked
(E14 illegal card, E17 draw, E19 card not held, B2 dead cards, E23 tie-break).
"""

import contextlib
import io
import pathlib
import re
import subprocess
import sys

import pytest
from fuzzing import fuzz
from helpers import snapshot
from hypothesis import given
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.cards import DRAW, END, PASS, card, card_name, card_token
from engine.rules import make_rules
from engine.state import State, from_deal
from engine.view import SeatView
from firmware import matchend
from host.play import terminal as play

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLAY_PY = ROOT / "host" / "play" / "terminal.py"


R, Y, B, G = 0, 1, 2, 3  # Elfer colors
COINS, CUPS, SWORDS, CLUBS = 0, 1, 2, 3  # Cinquillo suits
JACK, KNIGHT, KING = 8, 9, 10  # Cinquillo row positions
CELL = re.compile(r"(\d+)([*x ]) ([a-z]+(?: [a-z0-9]+)?)")


def _legal(state):
    buf = bytearray(32)
    n = state.legal_moves(buf)
    return list(buf[:n])


def _all_cards(rules):
    out = []
    for c in range(rules.colors):
        for r in range(1, rules.ranks + 1):
            out.append(card(c, r))
    return out


def _hand_marks(text):
    """Parse the last 'Your hand' block: [(number, mark, card name)]."""
    block = text[text.rindex("Your hand (") :].split("\n")[1:]
    cells = []
    for line in block:
        if not line.startswith(" "):
            break
        cells.extend(CELL.findall(line))
    return [(int(n), mark, name) for n, mark, name in cells]


class ScriptedHuman:
    """Answers each prompt with the first legal move, typed in turn as a hand number, a name or a token.

    Before answering it checks the screen just printed: every hand card is
    listed in order, '*' exactly on the legal cards, 'x' exactly on dead ones.
    """

    def __init__(self, state, lines, seat=0):
        self.state = state
        self.lines = lines
        self.seat = seat
        self.asked = 0
        self.checked_screens = 0
        self.last_checked = -1

    def __call__(self, prompt):
        s = self.state
        if prompt == play.continue_prompt():
            assert s.is_round_over()
            return ""
        assert prompt.startswith("Your move (")
        assert s.phase == 0 and s.turn == self.seat
        self.asked += 1
        g = s.rules.game
        legal = _legal(s)
        hand = s.hand_cards(self.seat)
        if len(self.lines) != self.last_checked:  # a fresh screen was printed: check its marks
            self.last_checked = len(self.lines)
            marks = _hand_marks("\n".join(self.lines))
            assert [name for _, _, name in marks] == [card_name(g, c) for c in hand]
            assert [n for n, _, _ in marks] == list(range(1, len(hand) + 1))
            for (_, mark, _), c in zip(marks, hand, strict=True):
                if c in legal:
                    assert mark == "*"
                elif play.is_dead(s, c):
                    assert mark == "x"
                else:
                    assert mark == " "
            self.checked_screens += 1
        cards = [m for m in legal if m < DRAW]
        if cards:
            c = cards[0]
            k = self.asked % 3
            if k == 0:
                return str(hand.index(c) + 1)
            return card_name(g, c) if k == 1 else card_token(g, c)
        return {DRAW: "d", END: "e", PASS: "p"}[legal[0]]


def _run(state, bots, input_fn, lines):
    return play.play_match(state, bots, input_fn, lines.append, names=["you"] + ["easy"] * (state.n - 1))


def _easy_bots(rules, seed):
    return {p: make_bot("easy", rules, p, seed) for p in range(1, rules.players)}


@pytest.mark.parametrize(
    "preset,options,seed",
    [
        ("classic", {}, 1),
        ("classic", {"players": 2}, 2),
        ("classic", {"players": 3, "actions": 1}, 3),
        ("junior10", {"optional_pass": 1, "draw": 3}, 4),
        ("cinquillo", {}, 5),
        ("cinquillo", {"players": 2}, 6),
        ("bastard", {}, 7),
        ("bastard", {"players": 3}, 8),
    ],
)
def test_one_round_match_finishes_with_final_scoreboard(preset, options, seed):
    """E20-E22/C9/B3: a 1-round match runs to its end; hands are revealed and the final scoreboard shown."""
    rules = make_rules(preset, rounds=1, **options)
    state = State(rules, seed=seed)
    lines = []
    human = ScriptedHuman(state, lines)
    rc = _run(state, _easy_bots(rules, seed), human, lines)
    text = "\n".join(lines)
    assert rc == 0
    assert state.is_match_over()
    assert "Match over" in text
    assert human.checked_screens > 0
    # every seat's place and total is on the match over page, the device's (firmware/matchend.py)
    board = text[text.rindex("Final points totals:" if rules.high_wins else "Final penalty totals:") :]
    places = matchend.places(state, rules.high_wins)
    for p in range(rules.players):
        assert re.search(r"^%d\. %s +%d$" % (places[p], _seat(p), state.scores[p]), board, re.M), board
    # bot moves are printed one per line
    bot_lines = [ln for ln in lines if re.match(r"P\d (plays|draws a card|passes|ends the turn)", ln)]
    assert bot_lines
    for ln in bot_lines:
        assert re.fullmatch(r"P[2-6] (plays [a-z]+(?: [a-z0-9]+)?|draws a card|passes|ends the turn)", ln)
    # the round end reveals every hand left with its penalty or points (firmware/results.py)
    end = text[text.rindex("Round 1 over") :]
    assert ("Points: cards left" if rules.high_wins else "Penalty: cards left") in end
    for p in range(rules.players):
        assert re.search(r"^%s %d: " % (_seat(p), state.round_scores[p]), end, re.M), end


def _seat(p):
    """A seat as the device's pages name it with one person: You, P2, P3 ..."""
    return "You" if p == 0 else "P%d" % (p + 1)


def _bad_input_deal():
    """Classic, 2 players; red row 9..12 on the table; P1 holds red 7, red 13, yellow 3, green 20 and moves."""
    rules = make_rules("classic", players=2, rounds=1)
    table = [card(R, r) for r in (9, 10, 11, 12)]
    p1 = [card(R, 7), card(R, 13), card(Y, 3), card(G, 20)]
    p2 = [card(Y, 11), card(Y, 12), card(B, 2)]
    return from_deal(rules, {"hands": [p1, p2], "stock": None, "table": table, "first": 0}, seed=3)


def test_bad_input_prints_reason_and_reasks_without_change():
    """E19/E14/E16/E17: bad input is answered with the reason; nothing changes until a legal move."""
    state = _bad_input_deal()
    before = snapshot(state)
    answers = iter(["xyzzy", "9", "0", "blue 5", "red 7", "1", "R25", "e", "d", "p", "yellow 3", "", "h", "R13", "q"])
    lines = []
    seen = []

    def inp(prompt):
        answer = next(answers)
        if answer == "q":
            assert state.placed == 1  # the legal red 13 went through
        else:
            assert snapshot(state) == before  # nothing changed so far
        seen.append(answer)
        return answer

    rc = _run(state, _easy_bots(state.rules, 3), inp, lines)
    assert rc == 0
    assert seen[-1] == "q"
    text = "\n".join(lines)
    expected = [
        "Unknown input 'xyzzy'",
        "There is no card number 9: your hand has 4 cards (1..4).",
        "There is no card number 0",
        # refusals: the rule, then the reason's words (the engine's, or firmware/words.py's to the person)
        "E19: ",
        "blue 5\n",
        "E14: red 7 does not fit ",
        "(it takes red 8 or red 13)",
        "E14: red 7 does not fit ",  # '1' is red 7
        "(it takes red 8 or red 13)",
        "Unknown input 'R25'",
        "E16: ",
        "red 13\n",
        "E17: ",
        "(red 13)",
        "E16: ",
        "(red 13)",
        "E9: ",
        "only yellow 11 opens it",
        "Type a card number",
        "Commands:",
        "You play red 13.",
        "You left the match.",
    ]
    pos = 0
    for piece in expected:
        i = text.find(piece, pos)
        assert i >= 0, "missing or out of order: %r" % piece
        pos = i + len(piece)
    # the screen is drawn once before the legal move (re-asks do not redraw), then again for the next decision
    first_move = text.index("You play red 13.")
    assert text[:first_move].count("Your hand (") == 1
    assert text.count("Your hand (") == 2
    assert "red 13" in text[first_move:] and "9..13" in text[first_move:]
    assert state.hand_cards(0) == [card(R, 7), card(Y, 3), card(G, 20)]


def test_render_hand_marks_playable_cards():
    """E14: only cards that fit are marked; nothing is marked when it is not the seat's turn."""
    state = _bad_input_deal()
    text = play.render_hand(state, 0)
    assert _hand_marks(text) == [(1, " ", "red 7"), (2, "*", "red 13"), (3, " ", "yellow 3"), (4, " ", "green 20")]
    view = SeatView(state.rules, 0)
    state.view_into(view)
    assert play.render_hand(view, 0) == text  # the human's view renders the same
    other = SeatView(state.rules, 1)
    state.view_into(other)
    assert "*" not in play.render_hand(other, 1).split("\n", 1)[1]


def test_render_hand_marks_only_the_forced_opening_card():
    """E10: the holder of red 11 opens with it; red 12 is not marked yet."""
    rules = make_rules("classic", players=2)
    p1 = [card(R, 11), card(R, 12), card(Y, 11), card(G, 3)]
    state = from_deal(rules, {"hands": [p1, [card(B, 2)]], "stock": None})
    assert state.turn == 0 and state.forced == card(R, 11)
    marks = _hand_marks(play.render_hand(state, 0))
    assert [m for _, m, _ in marks] == ["*", " ", " ", " "]
    assert "You open the round with red 11 (E10)." in play.render_screen(state, 0)


def test_E11_opening_with_yellow_11_names_E11():
    """E11: red 11 is in the stock, so the yellow 11 holder opens with it; the prompt names E11, not E10."""
    rules = make_rules("classic", players=2)
    state = from_deal(rules, {"hands": [[card(Y, 11), card(Y, 12)], [card(B, 2)]], "stock": None})
    assert state.turn == 0 and state.forced == card(Y, 11)
    assert "You open the round with yellow 11 (E11)." in play.render_screen(state, 0)


def test_render_table_rows_stock_opponents_scores():
    state = _bad_input_deal()
    view = SeatView(state.rules, 0)
    state.view_into(view)
    text = play.render_table(view, 0, names=["you", "easy"])
    assert re.search(r"red\s+9\.\.12\s+next 8 \| 13", text)
    assert re.search(r"yellow\s+--\s+opens with yellow 11", text)
    assert "Stock: %d cards" % state.stock_left in text
    assert re.search(r"P2 \(easy\)\s+3 cards\s+last: no move yet", text)
    assert "your turn" in text and "direction clockwise" in text
    assert "Scores (penalty, lowest wins; round 1 of 1): P1 0 | P2 0" in text


def _bastard_deal():
    """Bastard, 3 players: cups row 5..jack with cups 6 and 7 dead (B2); P1 to move."""
    rules = make_rules("bastard", players=3)
    table = [card(CUPS, 5), card(CUPS, JACK)]
    p1 = [card(COINS, 3), card(COINS, 5), card(CUPS, 4), card(CUPS, 6), card(CUPS, KING), card(CLUBS, 7)]
    rest = [c for c in _all_cards(rules) if c not in table and c not in p1 and c != card(CUPS, 7)]
    p2 = [card(CUPS, 7)] + rest[:15]
    p3 = rest[15:]
    return from_deal(rules, {"hands": [p1, p2, p3], "stock": [], "table": table, "first": 0})


def test_bastard_dead_cards_shown_on_rows_and_in_hand():
    """B2: ranks passed over are dead: listed with the row and marked 'x' in the hand."""
    state = _bastard_deal()
    table = play.render_table(state, 0)
    assert re.search(r"cups\s+5\.\.jack\s+takes any card below 5 or above jack\s+dead: 6, 7", table)
    marks = _hand_marks(play.render_hand(state, 0))
    assert marks == [
        (1, " ", "coins 3"),
        (2, "*", "coins 5"),
        (3, "*", "cups 4"),
        (4, "x", "cups 6"),
        (5, "*", "cups king"),
    ] + [(6, " ", "clubs 7")]
    # a dead card is refused with B2's reason; the state is unchanged
    before = snapshot(state)
    answers = iter(["cups 6", "q"])
    lines = []
    play.play_match(state, _easy_bots(state.rules, 0), lambda prompt: next(answers), lines.append)
    assert "\nB2: cups 6 is dead: " in "\n".join(lines)
    assert snapshot(state) == before


def _draw_deal():
    """Classic, 2 players: P1 is blocked; the stock starts yellow 5, red 13."""
    rules = make_rules("classic", players=2, rounds=1)
    table = [card(R, r) for r in (9, 10, 11, 12)]
    p1 = [card(G, 1), card(G, 2)]
    p2 = [card(Y, 11), card(Y, 12), card(B, 2)]
    used = set(table + p1 + p2 + [card(Y, 5), card(R, 13)])
    stock = [card(Y, 5), card(R, 13)] + [c for c in _all_cards(rules) if c not in used]
    return from_deal(rules, {"hands": [p1, p2], "stock": stock, "table": table, "first": 0})


def test_draw_shows_the_drawn_card_and_opponents_last_action():
    """E17: a drawn card that does not fit ends the turn; one that fits must be played."""
    state = _draw_deal()
    answers = iter(["d", "d", "q"])
    lines = []
    rc = _run(state, _easy_bots(state.rules, 0), lambda prompt: next(answers), lines)
    text = "\n".join(lines)
    assert rc == 0
    assert "You drew yellow 5. It does not fit; your turn is over." in text
    assert "P2 plays yellow 11\nP2 plays yellow 12\nP2 ends the turn" in text
    assert "last: played yellow 11, yellow 12; ended the turn" in text
    assert "You drew red 13. It fits, so you must play it (E17)." in text
    assert state.hand_cards(0) == [card(R, 13), card(Y, 5), card(G, 1), card(G, 2)]


def test_bots_only_ever_get_their_own_seat_view():
    """E8: bots choose from a SeatView of their own seat, never the State."""
    rules = make_rules("classic", players=4, rounds=1)
    state = State(rules, seed=12)
    calls = []

    class Spy:
        def __init__(self, seat):
            self.seat = seat
            self.bot = make_bot("random", rules, seat, 12)

        def choose(self, view):
            calls.append((self.seat, type(view), view.seat, hasattr(view, "stock")))
            return self.bot.choose(view)

    lines = []
    rc = _run(state, {p: Spy(p) for p in (1, 2, 3)}, ScriptedHuman(state, lines), lines)
    assert rc == 0 and state.is_match_over()
    assert calls
    for seat, kind, view_seat, has_stock in calls:
        assert kind is SeatView and view_seat == seat and not has_stock


def test_eof_quits_cleanly_in_process():
    state = State(make_rules("classic", rounds=1), seed=5)

    def eof(prompt):
        raise EOFError

    lines = []
    # a human move or the round-end prompt both end the match cleanly on EOF
    assert _run(state, _easy_bots(state.rules, 5), eof, lines) == 0
    assert "End of input: leaving the match." in "\n".join(lines)


def _tie_seed(rules, tries=400):
    """A seed whose all-easy-bot match needs an E23 tie-break round."""
    for seed in range(tries):
        s = State(rules, seed=seed)
        bots = [make_bot("easy", rules, p, seed) for p in range(rules.players)]
        views = [SeatView(rules, p) for p in range(rules.players)]
        while not s.is_match_over():
            if s.is_round_over():
                if s.pending_tiebreak:
                    return seed
                s.next_round()
                continue
            p = s.turn
            s.view_into(views[p])
            s.apply(bots[p].choose(views[p]))
    raise AssertionError("no tie within %d seeds" % tries)


def test_tiebreak_round_is_announced_and_decides_the_match():
    """E23: a tie for the lowest total deals an extra round among the tied seats; its first out wins."""
    rules = make_rules("junior10", players=2, rounds=2)
    seed = _tie_seed(rules)
    state = State(rules, seed=seed)
    me = make_bot("easy", rules, 0, seed)
    view = SeatView(rules, 0)
    words = {DRAW: "d", END: "e", PASS: "p"}

    def inp(prompt):
        if prompt == play.continue_prompt():
            return ""
        state.view_into(view)
        m = me.choose(view)
        return words.get(m) or card_token(rules.game, m)

    lines = []
    assert _run(state, _easy_bots(rules, seed), inp, lines) == 0
    text = "\n".join(lines)
    assert state.is_match_over() and state.tiebreak
    tied = ", ".join(_seat(p) for p in range(2))
    assert "Tie: %s. A tie-break round (E23) decides." % tied in text
    assert "Tie-break round (E23) among" in text
    assert "Decided by the tie-break round (E23)." in text[text.rindex("Match over") :]
    # the score page after the tie-break round (firmware/results.py) counts no round past the last
    counted = re.findall(r"Round (\d+) of (\d+)\.", text)
    assert counted and all(int(k) <= int(n) for k, n in counted), counted


# --- the command line, as a subprocess -------------------------------------------


def _cli(args, stdin_text="", timeout=120):
    return subprocess.run(
        [sys.executable, str(PLAY_PY)] + args,
        input=stdin_text,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=timeout,
    )


def _stubborn_stdin(cycles=300):
    """Every hand number, then d, e, p, over and over: each prompt is eventually answered legally."""
    cycle = "".join("%d\n" % i for i in range(1, 61)) + "d\ne\np\n"
    return cycle * cycles


@pytest.mark.parametrize(
    "args",
    [
        ["--option", "rounds=1", "--seed", "21"],
        ["--preset", "cinquillo", "--option", "rounds=1", "--seed", "22", "--bots", "random"],
        [
            "--preset",
            "bastard",
            "--option",
            "rounds=1",
            "--option",
            "players=3",
            "--seed",
            "23",
            "--bots",
            "easy,random",
            "--dealer",
            "2",
        ],
    ],
)
def test_cli_plays_a_full_match(args):
    r = _cli(args, _stubborn_stdin())
    assert r.returncode == 0, r.stderr
    assert "seed %s" % args[args.index("--seed") + 1] in r.stdout
    assert re.search(r"Final (penalty|points) totals:", r.stdout) and "Match over" in r.stdout
    assert r.stderr == ""


def test_cli_dealer_and_bots_options():
    r = _cli(["--option", "players=3", "--bots", "random,easy", "--dealer", "3", "--seed", "1"], "")
    assert r.returncode == 0
    assert "Bots: P2 random, P3 easy." in r.stdout
    assert "Round 1: P3 (easy) deals." in r.stdout


def test_cli_eof_exits_cleanly():
    r = _cli(["--seed", "9"], "")
    assert r.returncode == 0
    assert "End of input: leaving the match." in r.stdout
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--option", "players=9"], "players=9"),
        (["--option", "colors=2"], "colors=2"),
        (["--option", "bogus=1"], "bogus"),
        (["--option", "players=three"], "players=three"),
        (["--preset", "cinquillo", "--option", "draw=3"], "draw=3"),
        (["--preset", "bastard", "--option", "players=2"], "players=2"),
        (["--option", "rounds"], "NAME=VALUE"),
        (["--bots", "genius"], "genius"),
        (["--bots", "easy,random"], "one per bot seat"),
        (["--dealer", "5"], "--dealer"),
        (["--seed", "-1"], "--seed"),
        (["--seed", "1073741824"], "--seed must be a number 0..1073741823"),
        (["--option", "players=²"], "players=²"),
        (["--option", "players=٣"], "players=٣"),
        (["--option", "preset=bastard"], "use --preset"),
    ],
)
def test_cli_bad_arguments_exit_2(args, needle):
    r = _cli(args, "")
    assert r.returncode == 2
    assert needle in r.stderr
    assert r.stdout == ""


def test_seat_view_keeps_a_long_history():
    """The opponents' 'last' column reads the view's history; it must survive a round longer than 256 moves."""
    state = State(make_rules("classic", players=3), seed=2)
    view = SeatView(state.rules, 0)
    for i in range(300):
        state.log(1 + i % 2, DRAW if i % 3 else END)
        state.view_into(view)
    assert [view.history_entry(i) for i in range(state.hist_len)] == [
        state.history_entry(i) for i in range(state.hist_len)
    ]
    assert play.last_action(view, 1) == play.last_action(state, 1) == "drew a card"


# --- unusual input: Unicode digits, huge numbers (issue 11) -----------------------------------


@pytest.mark.parametrize("typed", ["²", "٣", "१", pytest.param("1" * 5000, id="5000-digits"), "00000000000000000001"])
def test_unicode_digits_and_huge_numbers_are_refused_and_asked_again(typed):
    state = _bad_input_deal()
    before = snapshot(state)
    answers = iter([typed, "q"])
    lines = []

    def inp(prompt):
        assert prompt.startswith("Your move (")
        assert snapshot(state) == before
        return next(answers)

    assert _run(state, _easy_bots(state.rules, 3), inp, lines) == 0
    reply = lines[lines.index(next(x for x in lines if x.startswith("There is no card number")))]
    assert reply.endswith("your hand has 4 cards (1..4).") and len(reply) < 100
    assert lines[-1] == "You left the match. Bye!"


def test_cli_superscript_digit_is_refused_and_the_prompt_comes_again():
    r = _cli(["--seed", "9", "--option", "players=2"], "²\nq\n")
    assert r.returncode == 0, r.stderr
    assert "There is no card number ²" in r.stdout
    assert r.stdout.count("Your move (") == 2
    assert "You left the match." in r.stdout and r.stderr == ""


# --- fuzz: random arguments and random typed lines --------------------------------------------

PLAY_ARGS = [
    "--preset", "classic", "cinquillo", "bastard", "poker", "--option", "players=2", "players=²", "players=٣",
    "rounds=1", "draw=3", "preset=1", "limit=" + "9" * 5000, "=", "players",
    "--bots", "easy", "random", "easy,random", "genius", "person", "person,easy", "--people", "3",
    "--seed", "1", "-1", "²", "٣", "1" * 5000, "1073741824", "--dealer", "2", "0", "-h", "--help", "--", "-", "",
    "\udcff", "players=\udcff",
]  # fmt: skip
TYPED = ["²", "٣", "1" * 5000, "0", "1", "99", "d", "e", "p", "h", "red 11", "R²", "\x00", "\x1b[2J", "", "\udcff"]


def _typed_then_eof(lines):
    it = iter(lines)

    def inp(prompt):
        for line in it:
            return line
        raise EOFError

    return inp


@given(
    st.lists(st.one_of(st.sampled_from(PLAY_ARGS), st.text(max_size=10)), max_size=6),
    st.lists(st.one_of(st.sampled_from(TYPED), st.text(max_size=10)), max_size=5),
)
@fuzz("tool_args")
def test_fuzz_play_arguments_never_a_traceback(argv, typed):
    out, err = [], io.StringIO()
    strict = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")  # stdout under a UTF-8 locale
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(strict):
        try:
            status = play.main(argv, input_fn=_typed_then_eof(typed), out=out.append)
        except SystemExit as e:  # argparse: --help (0) and usage errors (2)
            status = e.code
    assert status in (0, 2), (argv, status)
    if status == 2:
        assert "\n%s: " % play.PROG in "\n" + err.getvalue(), err.getvalue()  # argparse's or ours, naming the culprit
    elif out:
        assert (
            out[-1] in ("End of input: leaving the match. Bye!", "You left the match. Bye!") or "Match over" in out[-1]
        )


@given(st.lists(st.one_of(st.sampled_from(TYPED), st.text()), max_size=8))
@fuzz("play_input")
def test_fuzz_typed_lines_are_answered_and_change_nothing_but_a_legal_move(typed):
    state = _bad_input_deal()
    kinds = []
    for text in typed:
        kind, value = play.parse_input(state, 0, text)
        kinds.append(kind)
        assert kind in ("move", "help", "quit", "error")
        if kind == "error":
            assert "\n" not in value and len(value) < 400
    lines = []
    assert _run(state, _easy_bots(state.rules, 3), _typed_then_eof(typed), lines) == 0
