#!/usr/bin/env python3
"""Play Elfer Raus or Cinquillo in a terminal: you are P1 (seat 0), bots take the other seats.

    python tools/play.py [--preset classic] [--option players=3] [--option rounds=2]
                         [--bots easy|LEVEL,LEVEL,...] [--seed N] [--dealer N]

Rendering (render_table, render_hand, render_round_end, ...) is kept apart
from the input loop (play_match), which takes an input function and an
output function so tests can drive a whole match in-process. The renderers
accept a State or a SeatView (they read the same fields); the human's screen
is always drawn from the human's SeatView, and bots only ever get their own
SeatView (E8).
"""

import argparse
import os
import sys
import time

if __package__ in (None, ""):  # run as a script: make the project root importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import bots as engine_bots  # noqa: E402
from engine import turn as engine_turn  # noqa: E402
from engine.cards import (  # noqa: E402
    COLOR_NAMES,
    DRAW,
    END,
    GAME_CINQUILLO,
    PASS,
    REVERSE,
    SKIP,
    card_name,
    card_token,
    parse_card,
)
from engine.compat import digits  # noqa: E402
from engine.errors import IllegalMove, RulesError  # noqa: E402
from engine.rules import PRESET_ORDER, make_rules, option_value  # noqa: E402
from engine.scoring import hand_list  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402

HUMAN = 0  # the person always sits in seat 0 (P1)
PLAYING = 0
PROMPT = "Your move (number, card, d, e, p, h, q): "
CONTINUE_PROMPT = "Press Enter to continue (q to quit): "
COMMANDS = {"d": DRAW, "draw": DRAW, "e": END, "end": END, "p": PASS, "pass": PASS}
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("h", "help", "?")
_RED = "\x1b[31m"
_RESET = "\x1b[0m"


# --- small helpers (State or SeatView) -----------------------------------------


def seat_name(p):
    return "P%d" % (p + 1)


def seat_label(p, names=None):
    """'P1 (you)', 'P2 (easy)' — names[p] is a short tag per seat, or None."""
    if names and names[p]:
        return "%s (%s)" % (seat_name(p), names[p])
    return seat_name(p)


def rank_text(game, r):
    """A rank as printed inside a row: '11', or 'jack' in Cinquillo."""
    return card_name(game, r).split()[-1]


def hand_of(s, seat):
    """The cards of a seat's hand, color by color, rank order, action cards last (State or SeatView)."""
    return hand_list(s, seat)


def legal_set(s, seat):
    """The legal moves of `seat` when it is on turn (empty otherwise)."""
    if s.phase != PLAYING or s.turn != seat:
        return set()
    buf = bytearray(32)
    n = engine_turn.legal_moves(s, buf)
    return set(buf[:n])


def is_dead(s, c):
    """Bastard (B2): a card the row has passed over can never be placed."""
    return engine_turn.is_dead(s, c)


def dead_ranks(s, color):
    """Bastard: ranks between the row's ends that are not on the table."""
    mask = engine_turn.dead_mask(s, color)
    return [r for r in range(1, 21) if mask >> r & 1]


def _paint(text, ansi):
    return _RED + text + _RESET if ansi else text


def direction_text(s):
    return "clockwise" if s.dir > 0 else "counter-clockwise (to the right)"


def turn_order(s, start):
    """'P1 > P2 > P3' from `start` through the active seats in the play direction."""
    order = []
    p = start
    for _ in range(s.n):
        if s.active[p]:
            order.append(seat_name(p))
        p = (p + s.dir) % s.n
    return " > ".join(order)


def score_kind(rules):
    if rules.high_wins:
        return "points, highest wins"
    return "penalty, lowest wins"


def match_goal(s):
    rules = s.rules
    if getattr(s, "tiebreak", 0):
        return "tie-break round (E23): first out wins the match"
    if rules.rounds:
        return "round %d of %d" % (s.round_no, rules.rounds)
    return "match ends at %d" % rules.limit


# --- what happened: moves and the history ---------------------------------------


def describe_move(game, seat, move):
    """One line for another seat's move: 'P3 plays yellow 12', 'P2 draws a card'."""
    who = seat_name(seat)
    if move == DRAW:
        return "%s draws a card" % who
    if move == END:
        return "%s ends the turn" % who
    if move == PASS:
        return "%s passes" % who
    return "%s plays %s" % (who, card_name(game, move))


def last_action(s, seat):
    """What `seat` did in its latest turn this round, from the history ('played red 10, red 9; ended the turn')."""
    game = s.rules.game
    i = s.hist_len - 1
    while i >= 0 and s.history_entry(i)[0] != seat:
        i -= 1
    if i < 0:
        return "no move yet"
    block = []
    while i >= 0 and s.history_entry(i)[0] == seat:
        block.append(s.history_entry(i)[1])
        i -= 1
    block.reverse()
    parts = []  # [kind, items]
    for m in block:
        kind = "draw" if m == DRAW else "end" if m == END else "pass" if m == PASS else "play"
        if parts and parts[-1][0] == kind:
            parts[-1][1].append(m)
        else:
            parts.append([kind, [m]])
    words = []
    for kind, items in parts:
        if kind == "play":
            words.append("played " + ", ".join(card_name(game, m) for m in items))
        elif kind == "draw":
            words.append("drew a card" if len(items) == 1 else "drew %d cards" % len(items))
        elif kind == "end":
            words.append("ended the turn")
        else:
            words.append("passed")
    return "; ".join(words)


# --- rendering -------------------------------------------------------------------


def row_text(s, color, ansi=False):
    """One row: color, lowest..highest (or the start card of a closed row), what fits, dead cards."""
    rules = s.rules
    g = rules.game
    name = COLOR_NAMES[g][color]
    lo, hi = s.lo[color], s.hi[color]
    if not hi:
        return "  %-7s --          opens with %s" % (name, card_name(g, color * 32 + s.start[color]))
    span = rank_text(g, lo) if lo == hi else "%s..%s" % (rank_text(g, lo), rank_text(g, hi))
    line = "  %-7s %-11s" % (name, span)
    if rules.bastard:
        below = "below %s" % rank_text(g, lo) if lo > 1 else ""
        above = "above %s" % rank_text(g, hi) if hi < rules.ranks else ""
        takes = " or ".join(t for t in (below, above) if t)
        line += " takes any card %s" % takes if takes else " complete"
        dead = dead_ranks(s, color)
        if dead:
            line += "  " + _paint("dead: " + ", ".join(rank_text(g, r) for r in dead), ansi)
    else:
        nxt = []
        if lo > 1:
            nxt.append(rank_text(g, lo - 1))
        if hi < rules.ranks:
            nxt.append(rank_text(g, hi + 1))
        line += " next " + " | ".join(nxt) if nxt else " complete"
    if rules.start_10_12:
        line += "  (start %d)" % s.start[color]
    return line.rstrip()


def render_table(s, seat, names=None, ansi=False):
    """The table as `seat` sees it: rows, stock, opponents, turn and direction, scores."""
    rules = s.rules
    lines = []
    head = "Round %d" % s.round_no
    if getattr(s, "tiebreak", 0):
        head += " (tie-break, E23)"
    head += " | dealer %s | %s | direction %s: %s" % (
        seat_name(s.dealer),
        "your turn" if s.turn == seat else seat_name(s.turn) + " to move",
        direction_text(s),
        turn_order(s, s.turn),
    )
    lines.append(head)
    lines.append("Rows:")
    for c in range(rules.colors):
        lines.append(row_text(s, c, ansi))
    if rules.game == GAME_CINQUILLO and s.nactive > 2:
        lines.append("Stock: none (all cards dealt)")
    else:
        lines.append("Stock: %d card%s" % (s.stock_left, "" if s.stock_left == 1 else "s"))
    lines.append("Opponents:")
    p = seat
    for _ in range(s.n - 1):
        p = (p + s.dir) % s.n
        if not s.active[p]:
            lines.append("  %-11s sits out this tie-break round" % seat_label(p, names))
            continue
        k = s.count[p]
        lines.append(
            "  %-11s %2d card%s  last: %s" % (seat_label(p, names), k, " " if k == 1 else "s", last_action(s, p))
        )
    scores = " | ".join("%s %d" % (seat_name(p), s.scores[p]) for p in range(s.n))
    lines.append("Scores (%s; %s): %s" % (score_kind(rules), match_goal(s), scores))
    return "\n".join(lines)


def hand_entries(s, seat):
    """[(number, card, playable, dead)] for the hand list, numbered from 1."""
    legal = legal_set(s, seat)
    return [(i + 1, c, c in legal, is_dead(s, c)) for i, c in enumerate(hand_of(s, seat))]


def render_hand(s, seat, ansi=False, per_line=4):
    """The hand numbered for input; '*' marks a playable card, 'x' a dead one (Bastard)."""
    g = s.rules.game
    entries = hand_entries(s, seat)
    legend = "* = playable"
    if s.rules.bastard:
        legend += ", x = dead"
    lines = ["Your hand (%d card%s; %s):" % (len(entries), "" if len(entries) == 1 else "s", legend)]
    if not entries:
        lines.append("  (empty)")
    width = max([len(card_name(g, c)) for _, c, _, _ in entries] or [0])
    row = []
    for num, c, ok, dead in entries:
        mark = "*" if ok else "x" if dead else " "
        cell = "%3d%s %-*s" % (num, mark, width, card_name(g, c))
        row.append(_paint(cell, ansi) if dead else cell)
        if len(row) == per_line:
            lines.append("  ".join(row).rstrip())
            row = []
    if row:
        lines.append("  ".join(row).rstrip())
    return "\n".join(lines)


def render_options(s, seat):
    """What the human may do now, in words."""
    legal = legal_set(s, seat)
    if not legal:
        return ""
    g = s.rules.game
    if s.forced and s.forced in legal:
        rule = "C5" if s.rules.one_card_turns else "E10" if s.forced >> 5 == 0 else "E11"  # E11: not red's start card
        return "You open the round with %s (%s)." % (card_name(g, s.forced), rule)
    opts = []
    if any(m < DRAW for m in legal):
        opts.append("play a card marked *")
    if DRAW in legal:
        opts.append("d = draw a card")
    if END in legal:
        opts.append("e = end your turn")
    if PASS in legal:
        opts.append("p = pass")
    return "You may: " + " | ".join(opts)


def render_screen(s, seat, names=None, ansi=False):
    parts = ["", "-" * 72, render_table(s, seat, names, ansi), render_hand(s, seat, ansi)]
    opts = render_options(s, seat)
    if opts:
        parts.append(opts)
    return "\n".join(parts)


def render_help(rules):
    g = rules.game
    ex = [card_name(g, 32 + 3), card_token(g, 32 + 3)]
    lines = [
        "Commands:",
        "  <number>      play the card with that number in your hand list",
        "  <card>        play a card by name or token, e.g. '%s' or '%s'" % (ex[0], ex[1]),
    ]
    if rules.one_card_turns:
        if rules.players == 2:
            lines.append("  d             draw a card when you cannot play (C8)")
        lines.append("  p             pass when you cannot play (C8)")
    else:
        lines.append("  d             draw a card (only when you cannot play, E17)")
        lines.append("  e             end your turn (after placing at least one card, E15)")
        lines.append(
            "  p             pass (blocked with an empty stock, E18%s)"
            % ("; or by choice, V1" if rules.optional_pass else "")
        )
    lines.append("  h             this help;  q  quit the match")
    lines.append("Rules in brief:")
    if rules.game == GAME_CINQUILLO:
        lines.append("  Each row opens with its 5 (C4). A turn is exactly one card (C7); who can play must.")
        if rules.bastard:
            lines.append("  Bastard (B2): any higher card goes on top, any lower below; skipped cards are dead.")
            lines.append("  The round ends when a hand is empty or nobody can place; fewest cards wins (B3/B4).")
        else:
            lines.append("  Cards go one above the top or one below the bottom of their suit's row; 7 is")
            lines.append("  followed by the jack. First out scores 5 plus 1 per card left in other hands (C9).")
        if rules.players == 2:
            lines.append("  Blocked: draw one card, and the turn passes (C8).")
    else:
        lines.append("  A row opens only with its start card (E9); a card fits one below the bottom or one")
        lines.append("  above the top of its color's row (E14). Play as many cards as you like (E15), then e.")
        lines.append("  You must play if you can (E16) and must open a row whose start card you hold (E12).")
        lines.append(
            "  Blocked: draw (E17%s); a drawn card that fits must be played."
            % (", up to %d cards, V2" % rules.draw_max if rules.draw_max > 1 else "")
        )
        lines.append("  Cards left in hand at the end are penalty points (E21); lowest total wins.")
        if rules.actions:
            lines.append("  Skip/reverse (V6): playable any time in your turn; act when the turn ends; 20 points.")
    return "\n".join(lines)


def render_round_start(s, names=None):
    lines = ["", "=" * 72]
    if s.tiebreak:
        seats = ", ".join(seat_label(p, names) for p in range(s.n) if s.active[p])
        lines.append("Tie-break round (E23) among %s: whoever goes out first wins the match." % seats)
    else:
        lines.append("Round %d: %s deals." % (s.round_no, seat_label(s.dealer, names)))
    g = s.rules.game
    if s.rules.start_10_12:
        lines.append(
            "Start cards this round (V3): "
            + ", ".join(card_name(g, c * 32 + s.start[c]) for c in range(s.rules.colors))
        )
    if g == GAME_CINQUILLO and s.nactive == 3 and s.fourteen < s.n:
        lines.append("%s got 14 cards (C3)." % seat_name(s.fourteen))
    if s.forced:
        rule = "C5" if s.rules.one_card_turns else "E10" if s.forced == s.start[0] else "E11"
        lines.append("%s holds %s and opens the round (%s)." % (seat_name(s.turn), card_name(g, s.forced), rule))
    else:
        lines.append("%s begins." % seat_name(s.turn))
    return "\n".join(lines)


def _hand_text(s, p, ansi):
    g = s.rules.game
    names = []
    for c in hand_of(s, p):
        if is_dead(s, c):
            names.append(_paint(card_name(g, c) + " (dead)", ansi))
        else:
            names.append(card_name(g, c))
    return ", ".join(names) if names else "out"


def render_scoreboard(s, names=None, title=None):
    rules = s.rules
    title = title or "Scoreboard after round %d" % s.round_no
    lines = ["%s (%s; %s):" % (title, score_kind(rules), match_goal(s))]
    lines.append("  %-11s %6s %7s" % ("seat", "round", "total"))
    for p in range(s.n):
        rnd = "%6d" % s.round_scores[p] if s.active[p] else "%6s" % "-"
        lines.append("  %-11s %s %7d" % (seat_label(p, names), rnd, s.scores[p]))
    if s.tiebreak:
        lines.append("  (tie-break round: its penalties are shown but not added to the totals)")
    return "\n".join(lines)


def render_round_end(s, names=None, ansi=False):
    """Every hand revealed with its penalty or points, then the scoreboard (final one at match end)."""
    rules = s.rules
    g = rules.game
    winners = [p for p in range(s.n) if s.round_winners >> p & 1]
    lines = ["", "=" * 72]
    out = [p for p in range(s.n) if s.active[p] and s.count[p] == 0]
    if out:
        lines.append("Round %d over: %s went out." % (s.round_no, seat_name(out[0])))
    else:
        lines.append("Round %d over: nobody can place any more (B3)." % s.round_no)
    for p in range(s.n):
        if not s.active[p]:
            continue
        label = "%-11s" % seat_label(p, names)
        cards_text = _hand_text(s, p, ansi)
        if g == GAME_CINQUILLO:
            k = s.count[p]
            lines.append(
                "  %s %2d card%s: %s -> %d point%s"
                % (
                    label,
                    k,
                    " " if k == 1 else "s",
                    cards_text,
                    s.round_scores[p],
                    "" if s.round_scores[p] == 1 else "s",
                )
            )
        else:
            lines.append("  %s %s -> penalty %d" % (label, cards_text, s.round_scores[p]))
    if g == GAME_CINQUILLO and winners:
        who = " and ".join(seat_name(p) for p in winners)
        if rules.bastard:
            lines.append("Fewest cards: %s (B3/B4)." % who)
        else:
            lines.append("%s scores 5 + 1 per card left in the other hands (C9)." % who)
    title = "Final scoreboard" if s.is_match_over() else None
    lines.append(render_scoreboard(s, names, title))
    return "\n".join(lines)


def render_tiebreak_notice(s, names=None):
    seats = [p for p in range(s.n) if s.pending_tiebreak >> p & 1]
    return "%s tie for the lowest penalty (%d): a tie-break round (E23) among them decides the match." % (
        " and ".join(seat_label(p, names) for p in seats),
        s.scores[seats[0]],
    )


def render_match_end(s, names=None):
    winners = [p for p in range(s.n) if s.match_winners >> p & 1]
    unit = "points" if s.rules.high_wins else "penalty points"
    if not winners:
        return "Match over."
    if len(winners) > 1:
        return "Match over: a draw between %s with %d %s each." % (
            " and ".join(seat_label(p, names) for p in winners),
            s.scores[winners[0]],
            unit,
        )
    p = winners[0]
    if s.tiebreak:
        text = "Match over: %s went out first in the tie-break round and wins the match (E23)." % seat_label(p, names)
    else:
        text = "Match over: %s wins with %d %s." % (seat_label(p, names), s.scores[p], unit)
    if p == HUMAN:
        text += " Congratulations, you win!"
    return text


# --- input ------------------------------------------------------------------------


def _echo(text):
    """Typed text as repeated in a reply: cut short, control characters (a terminal escape) shown as escapes."""
    if len(text) > 40:
        text = text[:37] + "..."
    return text if text.isprintable() else ascii(text)[1:-1]


def parse_input(s, seat, text):
    """('move', m) | ('help', None) | ('quit', None) | ('error', reason). Changes nothing."""
    t = text.strip().lower()
    if not t:
        return "error", "Type a card number or name, or d (draw), e (end), p (pass), h (help), q (quit)."
    if t in QUIT_WORDS:
        return "quit", None
    if t in HELP_WORDS:
        return "help", None
    if t in COMMANDS:
        return "move", COMMANDS[t]
    hand = hand_of(s, seat)
    if t.isdigit():  # also true for '²' or '٣': only the digits 0-9 make a card number
        k = digits(t, 3)
        if 1 <= k <= len(hand):
            return "move", hand[k - 1]
        return "error", "There is no card number %s: your hand has %d card%s (1..%d)." % (
            _echo(t),
            len(hand),
            "" if len(hand) == 1 else "s",
            len(hand),
        )
    g = s.rules.game
    try:
        return "move", parse_card(g, t)
    except ValueError:
        return "error", "Unknown input '%s': type a card number, a card such as '%s' or '%s', or h for help." % (
            _echo(text.strip()),
            card_name(g, 32 + 3),
            card_token(g, 32 + 3),
        )


class Quit(Exception):
    """The person asked to leave the match."""


def human_move(state, view, seat, input_fn, out, names=None, ansi=False):
    """Show the screen, read until a legal move is applied to `state`; return it. Raises Quit, EOFError."""
    state.view_into(view)
    out(render_screen(view, seat, names, ansi))
    while True:
        kind, value = parse_input(view, seat, input_fn(PROMPT))
        if kind == "quit":
            raise Quit()
        if kind == "help":
            out(render_help(state.rules))
            continue
        if kind == "error":
            out(value)
            continue
        try:
            state.apply(value)
        except IllegalMove as e:
            out("%s: %s" % (e.rule, e.reason))
            continue
        return value


def _turn_over(s, p):
    """Did p's turn end with the move just applied?"""
    return s.phase != PLAYING or s.turn != p or not (s.placed or s.drawn)


def _effects_note(s, p, dir_before):
    """After a turn with skip/reverse cards (V6): say who was skipped and the new direction."""
    notes = []
    if s.dir != dir_before:
        notes.append("Play now goes %s." % direction_text(s))
    skipped = []
    q = p
    for _ in range(2 * s.n):
        q = (q + s.dir) % s.n
        if not s.active[q]:
            continue
        if q == s.turn:
            break
        skipped.append(seat_name(q))
    if skipped:
        notes.append("%s %s skipped." % (" and ".join(skipped), "is" if len(skipped) == 1 else "are"))
    return " ".join(notes)


def play_round(state, bots, input_fn, out, names=None, ansi=False, human=HUMAN):
    """Play the current round to its end. Raises Quit or EOFError when the person leaves."""
    g = state.rules.game
    views = {p: SeatView(state.rules, p) for p in bots}
    hview = SeatView(state.rules, human)
    turn_moves = []
    dir_before = state.dir
    while state.phase == PLAYING:
        p = state.turn
        if not (state.placed or state.drawn):  # a new turn begins
            turn_moves = []
            dir_before = state.dir
        if p in bots:
            view = views[p]
            state.view_into(view)
            move = bots[p].choose(view)
            state.apply(move)
            out(describe_move(g, p, move))
        else:
            state.view_into(hview)
            before = hand_of(hview, p)
            move = human_move(state, hview, p, input_fn, out, names, ansi)
            state.view_into(hview)
            if move == DRAW:
                after = hand_of(hview, p)
                for c in before:
                    after.remove(c)
                drawn = after[0] if after else None
                text = "You drew %s." % (card_name(g, drawn) if after else "a card")
                if state.rules.one_card_turns:
                    text += " It waits for a later turn (C8); your turn is over."
                elif _turn_over(state, p):
                    text += " It does not fit; your turn is over."
                elif drawn in legal_set(hview, p):
                    text += " It fits, so you must play it (E17)."
                else:
                    text += " It does not fit: draw again (V2)."
                out(text)
            elif move == END:
                out("You end the turn.")
            elif move == PASS:
                out("You pass.")
            else:
                out("You play %s." % card_name(g, move))
        turn_moves.append(move)
        if state.phase == PLAYING and _turn_over(state, p) and (SKIP in turn_moves or REVERSE in turn_moves):
            note = _effects_note(state, p, dir_before)
            if note:
                out(note)


def play_match(state, bots, input_fn=input, out=print, names=None, ansi=False):
    """Play rounds until the match ends. bots: {seat: bot}; the other active seat is the person.

    Returns the exit code (0 also when the person quits or input ends).
    """
    try:
        while True:
            out(render_round_start(state, names))
            play_round(state, bots, input_fn, out, names, ansi)
            out(render_round_end(state, names, ansi))
            if state.is_match_over():
                out(render_match_end(state, names))
                return 0
            if state.pending_tiebreak:
                out(render_tiebreak_notice(state, names))
            if input_fn(CONTINUE_PROMPT).strip().lower() in QUIT_WORDS:
                raise Quit()
            state.next_round()
    except Quit:
        out("You left the match. Bye!")
        return 0
    except EOFError:
        out("")
        out("End of input: leaving the match. Bye!")
        return 0


# --- command line -------------------------------------------------------------------


def build_parser():
    ap = argparse.ArgumentParser(
        prog="play.py", description="Play Elfer Raus or Cinquillo against bots. You are P1 (seat 1)."
    )
    ap.add_argument("--preset", choices=PRESET_ORDER, default="classic", help="rules preset (default classic)")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rules option, repeatable (e.g. players=3, rounds=1, optional_pass=1, draw=3)",
    )
    ap.add_argument(
        "--bots",
        default="medium",
        metavar="LEVEL[,LEVEL...]",
        help="bot level for all bot seats, or one per bot seat (levels: %s; default medium)"
        % ", ".join(sorted(engine_bots.LEVELS)),
    )
    ap.add_argument("--seed", type=int, default=None, help="deal seed (default: from the clock)")
    ap.add_argument("--dealer", type=int, default=1, help="first dealer, 1-based seat (default 1 = you, E5)")
    return ap


def _error(msg):
    sys.stderr.write("play.py: %s\n" % msg)
    return 2


def main(argv=None, input_fn=input, out=print):
    args = build_parser().parse_args(argv)
    options = {}
    for item in args.option:
        if "=" not in item:
            return _error("--option wants NAME=VALUE, got '%s'" % item)
        name, value = item.split("=", 1)
        if name.strip() == "preset":
            return _error("--option preset=%s: the preset is not an option; use --preset" % value.strip())
        # a number in ASCII digits, else the text, which make_rules refuses with the allowed values
        options[name.strip()] = option_value(value.strip())
    try:
        rules = make_rules(args.preset, **options)
    except RulesError as e:
        return _error(str(e))
    levels = [x.strip() for x in args.bots.split(",")]
    for level in levels:
        if level not in engine_bots.LEVELS:
            return _error("unknown bot level '%s'; levels: %s" % (level, ", ".join(sorted(engine_bots.LEVELS))))
    nbots = rules.players - 1
    if len(levels) == 1:
        levels = levels * nbots
    elif len(levels) != nbots:
        return _error("--bots: give one level, or one per bot seat (%d), not %d" % (nbots, len(levels)))
    if not 1 <= args.dealer <= rules.players:
        return _error("--dealer must be a seat 1..%d, got %d" % (rules.players, args.dealer))
    seed = args.seed
    if seed is None:
        seed = int(time.time() * 1000) % 1000000007
    elif not 0 <= seed < 1 << 30:  # seeds are small ints on a board, and in records (engine/record.py)
        got = str(seed) if len(str(seed)) <= 12 else str(seed)[:9] + "..."
        return _error("--seed must be a number 0..%d, got %s" % ((1 << 30) - 1, got))
    state = State(rules, seed=seed, dealer=args.dealer - 1)
    bots = {}
    names = ["you"]
    for i in range(nbots):
        bots[i + 1] = engine_bots.make_bot(levels[i], rules, i + 1, seed)
        names.append(levels[i])
    game = "Cinquillo" if rules.game == GAME_CINQUILLO else "Elfer Raus"
    out("%s: %s, %d players, seed %d (replay with --seed %d)." % (game, rules.describe(), rules.players, seed, seed))
    out(
        "You are P1. Bots: %s. Type h at your turn for help."
        % ", ".join("%s %s" % (seat_name(p), names[p]) for p in range(1, rules.players))
    )
    ansi = hasattr(sys.stdout, "isatty") and sys.stdout.isatty() and not os.environ.get("NO_COLOR") and out is print
    try:
        return play_match(state, bots, input_fn, out, names, ansi)
    except KeyboardInterrupt:
        out("")
        out("Interrupted: leaving the match.")
        return 130


if __name__ == "__main__":
    sys.exit(main())
