#!/usr/bin/env python3
"""Play Elfer Raus or Cinquillo in a terminal: you are P1 (seat 0), bots take the other seats.

    python -m host.play.terminal [--preset classic] [--option players=3] [--option rounds=2]
                         [--people N] [--bots easy|LEVEL,LEVEL,...] [--seed N] [--dealer N]
                         [--lang en|de|es|nl|pt] [--record FILE]
    python -m host.play.terminal --host [--port 47110] [--code NNNN] [--preset ...] [--option ...]
    python -m host.play.terminal --join [HOST:PORT] [--code NNNN] [--name NAME]

--host and --join play a linked table over UDP, one person a device (host/play/linkterm.py).

Pass-and-play: --people N makes P1..PN people, and 'person' as a level of
--bots makes that seat a person (--bots person,easy: P2 a person, P3 a bot).
Between two different people's turns the screen is cleared (a separator line
when the output is no terminal), the next person is asked to take the
keyboard and press Enter, and only then sees the moves since their last turn
and their own hand (class Handover). With one person nothing of this shows.

The match is the device's: a firmware.match.Match (its deal, its bots, bot_step()
and play(), firmware/results.py note_round at a round's end, next_round()), so a
rule of play is applied, and a move refused, by the same code as on a board; the
match record (--record, 'record FILE') is firmware/export.py's lines, the device's
export of the same match (Keeper). A round's end, the scores and the match's end are
the device's pages, firmware/results.py's and firmware/matchend.py's texts.

Rendering (render_table, render_hand, render_round_end, ...) is kept apart
from the input loop (play_match), which takes an input function and an
output function so tests can drive a whole match in-process. The renderers
accept a State or a SeatView (they read the same fields); the human's screen
is always drawn from the match's view of the person's seat, and bots only ever
get their own SeatView (E8). Every text comes from host/play/playtexts (the chosen
language); card names and refusals from firmware/words.py.
"""

import argparse
import os
import sys
import time

from engine import bots as engine_bots
from engine import digits, reasons
from engine import turn as engine_turn
from engine.cards import DRAW, END, GAME_CINQUILLO, PASS, REVERSE, SKIP, card_token
from engine.errors import RulesError
from engine.recordtext import seat_name as record_seat
from engine.rules import PRESET_ORDER, make_rules
from engine.rules_text import option_value
from engine.scoring import hand_list
from engine.state import State
from firmware import lang, matchend, results, words
from firmware.handover import since
from firmware.match import HUMAN, Match
from firmware.texts import rules_text
from host.play import cardinput, playtexts
from host.play.playtexts import t

PERSON = "person"  # the level of --bots that makes a seat a person
PROG = "python -m host.play.terminal"  # how the terminal version is started: its usage and errors name it
LANGS = playtexts.CODES
_RED = "\x1b[31m"
_RESET = "\x1b[0m"
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # cursor home, clear the screen and the scrollback (xterm's 3J)
HANDOVER_RULE = "#" * 72  # what stands for the cleared screen when the output is no terminal


def use_language(code):
    """Choose the language of the texts, and of the card names and refusals (firmware.lang)."""
    playtexts.use(code)
    lang.use(code)


def card_name(game, c):
    """A card's name in the chosen language ('red 11', 'rot 11', 'sota de copas'): firmware/words.py's."""
    return words.card_name(game, c)


_ENGLISH = {}  # the English word lists, read once


def _words(key):
    """A command's words: the English ones and the chosen language's."""
    if key not in _ENGLISH:
        _ENGLISH[key] = tuple(playtexts.table("en")[key].split())
    return _ENGLISH[key] + playtexts.words(key)


def ask(key):
    """A prompt's text: the text, then the space the answer is typed after."""
    return t(key) + " "


def continue_prompt():
    return ask("continue_prompt")


def _around_rank(game, color):
    """What firmware/words.py puts around a rank to name a card of `color`: ('red ', ''), ('', ' de oros'),
    read off its name of the color's 1 (no color's name has a digit)."""
    before, _, after = words.card_name(game, color * 32 + 1).partition("1")
    return before, after


def color_words(game):
    """The colors' names as firmware/words.py names the cards ('red 1' -> 'red', '1 de oros' -> 'oros')."""
    fillers = playtexts.words("fillers")
    out = []
    for color in range(4):
        ws = [w for w in " ".join(_around_rank(game, color)).split() if w.lower() not in fillers]
        out.append(" ".join(ws))
    return tuple(out)


def input_names():
    """The chosen language's words for cards (host/play/cardinput.py): the device's card words
    (firmware/words.py card names), and the small words between them (host/play/playtexts: fillers)."""
    return cardinput.Names(
        (color_words(0), color_words(GAME_CINQUILLO)),
        tuple(rank_text(GAME_CINQUILLO, r) for r in (8, 9, 10)),  # jack, knight, king (C1)
        words.card_name(0, SKIP),
        words.card_name(0, REVERSE),
        playtexts.words("fillers"),
    )


# --- small helpers (State or SeatView) -----------------------------------------


def seat_name(p):
    """'P2' in English, 'S2' in German, 'J2' in Spanish: the device's seat= text."""
    return lang.t("seat") % (p + 1)


def level_name(level):
    """A bot level ('easy', an engine.bots.LEVELS name) as the device's set-up menu words it ('leicht')."""
    return lang.t("c_" + level)


def seat_label(p, names=None):
    """'P1 (you)', 'P2 (easy)' — names[p] is a short tag per seat, or None."""
    if names and names[p]:
        return "%s (%s)" % (seat_name(p), names[p])
    return seat_name(p)


def label_width(s, names=None):
    """The column the seat labels take: 11, or the longest label ('S2 (makkelijk)')."""
    return max([11] + [len(seat_label(p, names)) for p in range(s.n)])


def color_name(game, color):
    return color_words(game)[color]


def rank_text(game, r):
    """A rank as printed inside a row: '11', or 'jack' in Cinquillo: firmware/words.py's name of a card
    of that rank, without what it puts around the rank."""
    before, after = _around_rank(game, 0)
    name = words.card_name(game, r)
    return name[len(before) : len(name) - len(after)]


def plural(k, one, many):
    return "%d %s" % (k, t(one) if k == 1 else t(many))


def joined(items):
    """'P2', 'P2 and P3', 'P2, P3 and P4' in the chosen language."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " %s " % t("and") + items[-1]


def hand_of(s, seat):
    """The cards of a seat's hand, color by color, rank order, action cards last (State or SeatView)."""
    return hand_list(s, seat)


def legal_set(s, seat):
    """The legal moves of `seat` when it is on turn (none otherwise; none once the round is over: engine/turn.py)."""
    if s.turn != seat:
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
    return t("dir_cw") if s.dir > 0 else t("dir_ccw")


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
    return t("kind_high") if rules.high_wins else t("kind_low")


def match_goal(s):
    rules = s.rules
    if getattr(s, "tiebreak", 0):
        return t("goal_tiebreak")
    if rules.rounds:
        return t("goal_rounds") % (s.round_no, rules.rounds)
    return t("goal_limit") % rules.limit


def game_name(rules):
    return lang.t("c_cinquillo" if rules.game == GAME_CINQUILLO else "c_elfer")


# --- what happened: moves and the history ---------------------------------------


def describe_move(game, seat, move):
    """One line for another seat's move: 'P3 plays yellow 12', 'P2 draws a card'."""
    who = seat_name(seat)
    if move == DRAW:
        return t("does_draw") % who
    if move == END:
        return t("does_end") % who
    if move == PASS:
        return t("does_pass") % who
    return t("does_play") % (who, card_name(game, move))


def last_action(s, seat):
    """What `seat` did in its latest turn this round, from the history ('played red 10, red 9; ended the turn')."""
    game = s.rules.game
    i = s.hist_len - 1
    while i >= 0 and s.history_entry(i)[0] != seat:
        i -= 1
    if i < 0:
        return t("last_none")
    block = []
    while i >= 0 and s.history_entry(i)[0] == seat:
        block.append(s.history_entry(i)[1])
        i -= 1
    block.reverse()
    parts = []  # [kind, items]
    for m in block:
        kind = m if m in (DRAW, END, PASS) else 0
        if parts and parts[-1][0] == kind:
            parts[-1][1].append(m)
        else:
            parts.append([kind, [m]])
    said = []
    for kind, items in parts:
        if kind == 0:
            said.append(t("last_played") % ", ".join(card_name(game, m) for m in items))
        elif kind == DRAW:
            said.append(t("last_drew") if len(items) == 1 else t("last_drew_n") % len(items))
        elif kind == END:
            said.append(t("last_ended"))
        else:
            said.append(t("last_passed"))
    return "; ".join(said)


# --- rendering -------------------------------------------------------------------


def row_text(s, color, ansi=False):
    """One row: color, lowest..highest (or the start card of a closed row), what fits, dead cards."""
    rules = s.rules
    g = rules.game
    name = color_name(g, color)
    lo, hi = s.lo[color], s.hi[color]
    if not hi:
        return "  %-9s --          %s" % (name, t("row_opens") % card_name(g, color * 32 + s.start[color]))
    span = rank_text(g, lo) if lo == hi else "%s..%s" % (rank_text(g, lo), rank_text(g, hi))
    line = "  %-9s %-11s" % (name, span)
    fits = [r for r in range(1, rules.ranks + 1) if engine_turn.playable(s, s.turn, color * 32 + r)]  # E14/C7/B2
    if rules.bastard:
        below = t("row_below") % rank_text(g, lo) if fits and fits[0] < lo else ""
        above = t("row_above") % rank_text(g, hi) if fits and fits[-1] > hi else ""
        takes = (" %s " % lang.t("msg_or")).join(x for x in (below, above) if x)
        line += " " + (t("row_takes") % takes if takes else t("row_complete"))
        dead = dead_ranks(s, color)
        if dead:
            line += "  " + _paint(t("row_dead") % ", ".join(rank_text(g, r) for r in dead), ansi)
    else:
        nxt = [rank_text(g, r) for r in fits]
        line += " " + (t("row_next") % " | ".join(nxt) if nxt else t("row_complete"))
    if rules.start_10_12:
        line += "  " + t("row_start") % s.start[color]
    return line.rstrip()


def render_table(s, seat, names=None, ansi=False):
    """The table as `seat` sees it: rows, stock, opponents, turn and direction, scores."""
    rules = s.rules
    lines = []
    head = t("head_round") % s.round_no
    if getattr(s, "tiebreak", 0):
        head += " " + t("head_tiebreak")
    head += " | %s | %s | %s" % (
        t("head_dealer") % seat_name(s.dealer),
        # the device's table heading and hand-over title, in small letters as a part of the line
        lang.t("table_your_turn").lower() if s.turn == seat else lang.t("ho_title").lower() % seat_name(s.turn),
        t("head_direction") % (direction_text(s), turn_order(s, s.turn)),
    )
    lines.append(head)
    lines.append(t("rows"))
    for c in range(rules.colors):
        lines.append(row_text(s, c, ansi))
    if not deals_stock(rules):
        lines.append(t("stock_none"))
    else:
        lines.append(t("stock") % plural(s.stock_left, "card", "cards"))
    lines.append(t("opponents"))
    w = label_width(s, names)
    p = seat
    for _ in range(s.n - 1):
        p = (p + s.dir) % s.n
        if not s.active[p]:
            lines.append("  %-*s %s" % (w, seat_label(p, names), t("sits_out")))
            continue
        k = s.count[p]
        count = "%2d %s" % (k, t("card") if k == 1 else t("cards"))
        lines.append("  %-*s %-9s  %s" % (w, seat_label(p, names), count, t("last") % last_action(s, p)))
    scores = " | ".join("%s %d" % (seat_name(p), s.scores[p]) for p in range(s.n))
    lines.append(t("scores_line") % (score_kind(rules), match_goal(s), scores))
    return "\n".join(lines)


def hand_entries(s, seat):
    """[(number, card, playable, dead)] for the hand list, numbered from 1."""
    legal = legal_set(s, seat)
    return [(i + 1, c, c in legal, is_dead(s, c)) for i, c in enumerate(hand_of(s, seat))]


def render_hand(s, seat, ansi=False, per_line=4):
    """The hand numbered for input; '*' marks a playable card, 'x' a dead one (Bastard)."""
    g = s.rules.game
    entries = hand_entries(s, seat)
    legend = t("legend_playable")
    if s.rules.bastard:
        legend += ", " + t("legend_dead")
    lines = [t("hand_head") % (plural(len(entries), "card", "cards"), legend)]
    if not entries:
        lines.append("  " + t("hand_empty"))
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


def no_pass_reason(s, seat, legal):
    """Why V1's optional pass is not offered now, or "" (V1 off, or the pass is there, or no pass is due):
    the engine's reason for refusing it (firmware/words.py refusal), as a move of p would be refused."""
    if not s.rules.optional_pass or PASS in legal or s.placed or s.drawn or not legal:
        return ""
    rule, why = words.refusal(s, PASS)
    return t("no_pass") % (why, rule)


def render_options(s, seat):
    """What the human may do now, in words (and why V1's pass is not there when it is not)."""
    legal = legal_set(s, seat)
    if not legal:
        return ""
    g = s.rules.game
    if s.forced and s.forced in legal:
        return t("opt_forced") % (card_name(g, s.forced), reasons.opening_rule(s)[0])
    opts = []
    if any(m < DRAW for m in legal):
        opts.append(t("opt_play"))
    for move, key in ((DRAW, "opt_draw"), (END, "opt_end"), (PASS, "opt_pass")):
        if move in legal:
            opts.append(t(key))
    text = t("opt_head") % " | ".join(opts)
    why = no_pass_reason(s, seat, legal)
    return text + "\n" + why if why else text


def render_screen(s, seat, names=None, ansi=False):
    parts = ["", "-" * 72, render_table(s, seat, names, ansi), render_hand(s, seat, ansi)]
    opts = render_options(s, seat)
    if opts:
        parts.append(opts)
    return "\n".join(parts)


def deals_stock(rules):
    """Does a deal of these rules leave a stock to draw from (C8: Cinquillo's only with 2 players)?
    engine/deal.py's deal says: the undealt rest of a State's deck (the same size for every seed)."""
    return State(rules, 0, 0, True, 0).stock_len > 0


def game_moves(rules):
    """The moves this game has at all: no end where a turn is one card (C7), no draw without a stock (C8)."""
    has = (DRAW, END, PASS)
    if rules.one_card_turns:
        has = (DRAW, PASS)
    return has if deals_stock(rules) else tuple(m for m in has if m != DRAW)


_MOVE_LETTERS = {DRAW: "d", END: "e", PASS: "p"}


def move_prompt(s, seat, named=False):
    """'Your move (number, card, d, p, h, q): ' with only the moves this game has;
    named (several people at the keyboard): 'P3, your move (...): '."""
    letters = [_MOVE_LETTERS[m] for m in game_moves(s.rules)]
    choices = ", ".join([t("prompt_number"), t("prompt_card")] + letters + ["h", "q"])
    if named:
        return ask("prompt_seat") % (seat_name(seat), choices)
    return ask("prompt") % choices


def render_help(rules):
    g = rules.game
    ex = 32 + 3
    lines = [
        t("help_head"),
        "  %-13s %s" % (t("help_number_word"), t("help_number")),
        "  %-13s %s" % (t("help_card_word"), t("help_card") % (card_name(g, ex), card_token(g, ex))),
    ]
    if rules.one_card_turns:
        if DRAW in game_moves(rules):
            lines.append("  d             " + t("help_draw_c8"))
        lines.append("  p             " + t("help_pass_c8"))
    else:
        lines.append("  d             " + t("help_draw"))
        lines.append("  e             " + t("help_end"))
        lines.append("  p             " + (t("help_pass_v1") if rules.optional_pass else t("help_pass")))
    lines.append("  %-13s %s" % (t("help_record_word"), t("help_record")))
    lines.append("  h             " + t("help_help"))
    lines.append(t("help_rules"))
    for page in rules_pages(rules):
        lines.extend("  " + line for line in rules_text(page).split("\n"))
    return "\n".join(lines)


def rules_pages(rules):
    """The device's Rules pages for these rules (firmware/lang/rules_*.py): 'elfer', 'cinquillo', or
    Cinquillo's then the changes of 'bastard'."""
    if rules.game != GAME_CINQUILLO:
        return ("elfer",)
    return ("cinquillo", "bastard") if rules.bastard else ("cinquillo",)


def render_round_start(s, names=None):
    lines = ["", "=" * 72]
    if s.tiebreak:
        seats = ", ".join(seat_label(p, names) for p in range(s.n) if s.active[p])
        lines.append(t("start_tiebreak") % seats)
    else:
        lines.append(t("start_round") % (s.round_no, seat_label(s.dealer, names)))
    g = s.rules.game
    if s.rules.start_10_12:
        lines.append(t("start_cards") % ", ".join(card_name(g, c * 32 + s.start[c]) for c in range(s.rules.colors)))
    if s.fourteen < s.n:  # C3: the seat the deal gave 14 cards (engine/deal.py; none outside it)
        lines.append(t("start_fourteen") % seat_name(s.fourteen))
    if s.forced:
        lines.append(t("start_opens") % (seat_name(s.turn), card_name(g, s.forced), reasons.opening_rule(s)[0]))
    else:
        lines.append(t("start_begins") % seat_name(s.turn))
    return "\n".join(lines)


def render_round_end(m):
    """The device's round end and score pages (firmware/results.py), under their titles: every hand
    left with its penalty or points, then the totals and what comes next (a tie-break round, E23)."""
    s = m.state
    lines = [
        "",
        "=" * 72,
        lang.t("res_round_over") % s.round_no,
        results.round_text(m, card_token),
        "",
        lang.t("res_scores"),
        results.score_text(m),
    ]
    return "\n".join(lines)


def render_match_end(m, saved=""):
    """The device's match over page (firmware/matchend.py): the winner, each seat's place and
    total, and where the record went (saved: its path, when written)."""
    return "\n".join(["", lang.t("res_match_over"), matchend.match_text(m, saved)])


# --- input ------------------------------------------------------------------------


def _echo(text):
    """Typed text as repeated in a reply: cut short, control characters (a terminal escape) shown as escapes."""
    if len(text) > 40:
        text = text[:37] + "..."
    return text if text.isprintable() else ascii(text)[1:-1]


def _shown(path):
    """A file name as printed: whole, control characters shown as escapes."""
    return path if path.isprintable() else ascii(path)[1:-1]


def parse_input(s, seat, text):
    """('move', m) | ('help', None) | ('quit', None) | ('record', file) | ('error', reason). Changes nothing."""
    t_ = text.strip().lower()
    if not t_:
        return "error", t("err_empty")
    if t_ in _words("words_quit"):
        return "quit", None
    if t_ in _words("words_help"):
        return "help", None
    head, _, rest = text.strip().partition(" ")
    if head.lower() in _words("words_record"):
        if not rest.strip():
            return "error", t("err_record_file")
        return "record", rest.strip()
    for move, key in ((DRAW, "words_draw"), (END, "words_end"), (PASS, "words_pass")):
        if t_ in _words(key):
            if move not in game_moves(s.rules):
                return "error", t("err_no_such_move") % _echo(text.strip())
            return "move", move
    hand = hand_of(s, seat)
    if t_.isdigit():  # also true for '²' or '٣': only the digits 0-9 make a card number
        k = digits(t_, 3)
        if 1 <= k <= len(hand):
            return "move", hand[k - 1]
        return "error", t("err_number") % (_echo(t_), plural(len(hand), "card", "cards"), len(hand))
    g = s.rules.game
    try:
        return "move", cardinput.parse(g, t_, input_names())
    except ValueError:
        return "error", t("err_unknown") % (_echo(text.strip()), card_name(g, 32 + 3), card_token(g, 32 + 3))


class Quit(Exception):
    """The person asked to leave the match."""


class Keeper:
    """The match record, as the device exports it (firmware/export.py), and where it goes (--record,
    'record FILE'). The match (a firmware.match.Match, set by play_match) keeps the finished rounds'
    moves (firmware/results.py note_round); the record is made from them when it is written.

    seed: the match's seed when play_match is given a State (a Match knows its own). people: the seats
    played by people; they are marked in a comment after the header, '# people: P1 P3' (a comment: every
    reader of docs/records.md reads the record as the device's).
    """

    def __init__(self, seed=None, path=None, people=None):
        self.seed = seed
        self.path = path
        self.people = people
        self.match = None

    def text(self, m=None):
        """The record so far (None when the match keeps none: too long, firmware/results.py LOG_MAX)."""
        lines = record_lines(m or self.match)
        if lines is None:
            return None
        if self.people:
            at = lines.index("round 1") if "round 1" in lines else len(lines)
            lines.insert(at, "# people: " + " ".join(record_seat(p) for p in self.people))
        return "\n".join(lines) + "\n"

    def write(self, m=None, path=None):
        """Write the record so far; the sentence to show (written, or why not)."""
        path = path or self.path
        text = self.text(m)
        if text is None:
            return t("record_failed") % (_shown(path), lang.t("res_rec_none"))
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except (OSError, ValueError) as e:
            return t("record_failed") % (_shown(path), getattr(e, "strerror", None) or e)
        return t("record_written") % _shown(path)


class _Ended:
    """The state of a round in play, as if the round had ended: firmware/results.py note_round notes its moves."""

    def __init__(self, s):
        self._s = s

    def __getattr__(self, name):
        return getattr(self._s, name)

    def is_round_over(self):
        return True


class _SoFar:
    """A match as firmware/export.py reads it, with the round in play added to a copy of its log (the moves
    so far) by firmware/results.py note_round, as the device notes a finished round. log None: the match
    could not keep it (results.py LOG_MAX)."""

    def __init__(self, m):
        self.state = _Ended(m.state)
        self.rules = m.rules
        self.dealer0 = m.dealer0
        self.seed = m.seed
        self.log = bytearray(m.log)
        results.note_round(self)


def record_lines(m):
    """The lines of the match's record: firmware/export.py's, the device's export of the same match.
    A round still in play is written as export writes a finished one, without the scores line that
    only a finished round has. None when the match keeps no record (nor would it keep the round in play)."""
    from firmware import export

    if m.log is None:
        return None
    playing = not m.state.is_round_over()
    if playing:
        m = _SoFar(m)
        if m.log is None:
            return None
    lines = []
    for _ in export.lines(m, lines.append):
        pass
    if playing and lines and lines[-1].startswith("scores:"):
        lines.pop()
    return lines


def human_move(m, seat, input_fn, out, names=None, ansi=False, keeper=None, named=False):
    """Show the screen, read until the match takes a legal move (firmware.match.Match.play); return it.
    Raises Quit, EOFError. named: the prompt names the seat (several people share the keyboard)."""
    view = m.view
    out(render_screen(view, seat, names, ansi))
    prompt = move_prompt(view, seat, named)
    while True:
        kind, value = parse_input(view, seat, input_fn(prompt))
        if kind == "quit":
            raise Quit()
        if kind == "help":
            out(render_help(m.rules))
            continue
        if kind == "record":
            out(keeper.write(m, value) if keeper else t("record_failed") % (_shown(value), "-"))
            continue
        if kind == "error":
            out(value)
            continue
        why = m.play(value)  # the rule and why, in the chosen language, when refused (nothing changed)
        if why:
            out(why)
            continue
        return value


def _turn_over(s, p):
    """Did p's turn end with the move just applied? (engine/turn.py end_turn clears placed and drawn)"""
    return s.is_round_over() or s.turn != p or not (s.placed or s.drawn)


def _effects_note(s, p, dir_before):
    """After a turn with skip/reverse cards (V6): say who was skipped and the new direction."""
    notes = []
    if s.dir != dir_before:
        notes.append(t("note_direction") % direction_text(s))
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
        notes.append((t("note_skipped") if len(skipped) == 1 else t("note_skipped_n")) % joined(skipped))
    return " ".join(notes)


def _drew_text(state, hview, p, before):
    g = state.rules.game
    after = hand_of(hview, p)
    for c in before:
        after.remove(c)
    drawn = after[0] if after else None
    text = t("you_drew") % (card_name(g, drawn) if after else t("a_card"))
    if state.rules.one_card_turns:
        return text + " " + t("drew_c8")
    if _turn_over(state, p):
        return text + " " + t("drew_no_fit")
    if drawn in legal_set(hview, p):
        return text + " " + t("drew_fits")
    return text + " " + t("drew_again")


class Handover:
    """Pass-and-play (several people, one keyboard): before a person's turn that follows another
    person's, hide the screen, wait for the next person, list the moves since their last turn.

    last: the person who had the keyboard last (P1 to begin with: who started the match).
    The moves since a person's last turn are the device's hand-over page's lines (firmware/handover.py
    since: those after their latest move in the round's history, 'P2: red 5'), indented here.
    """

    def __init__(self, people, tty=False):
        self.people = list(people)
        self.tty = tty
        self.last = self.people[0]

    def begin_turn(self, m, p, input_fn, out):
        """p's turn in match m begins: when another person had the keyboard, hand it over. Raises Quit, EOFError."""
        if p == self.last:
            return
        self.last = p
        out(_CLEAR if self.tty else "\n" + HANDOVER_RULE)
        who = seat_name(p)
        if input_fn(ask("handover") % (who, who)).strip().lower() in _words("words_quit"):
            raise Quit()
        lines = since(m, p)  # its heading, then a line a move; none when nobody moved since
        if lines:
            out(lines[0])
            for line in lines[1:]:
                out("  " + line)


def play_round(m, input_fn, out, names=None, ansi=False, keeper=None, handover=None):
    """Play the current round of m (a firmware.match.Match) to its end, as the device does: the bots
    move by m.bot_step(), the people by m.play(). Raises Quit or EOFError when a person leaves.
    handover (a Handover) when several people share the keyboard."""
    state = m.state
    g = state.rules.game
    turn_moves = []
    dir_before = state.dir
    while not state.is_round_over():
        p = state.turn
        if not (state.placed or state.drawn):  # a new turn begins
            turn_moves = []
            dir_before = state.dir
        if m.bot_on_turn():
            step = m.bot_step()
            while step is None:  # a master decides a playout at a time
                step = m.bot_step()
            move = step[1]
            out(describe_move(g, p, move))
        else:
            if handover and not turn_moves:
                handover.begin_turn(m, p, input_fn, out)
            if m.view.seat != p:  # the keyboard is p's now (firmware/handover.py _take)
                m.view.seat = p
                m.update()
            before = hand_of(m.view, p)
            move = human_move(m, p, input_fn, out, names, ansi, keeper, handover is not None)
            if move == DRAW:
                out(_drew_text(state, m.view, p, before))
            elif move == END:
                out(t("you_end"))
            elif move == PASS:
                out(t("you_pass"))
            else:
                out(t("you_play") % card_name(g, move))
        turn_moves.append(move)
        if not state.is_round_over() and _turn_over(state, p) and (SKIP in turn_moves or REVERSE in turn_moves):
            note = _effects_note(state, p, dir_before)
            if note:
                out(note)


def new_match(state, bots, seed=0):
    """A firmware.match.Match around a dealt State: bots {seat: bot}, the other seats people (P1 always)."""
    levels = ["person" if p not in bots else "bot" for p in range(state.n)]
    return Match(state.rules, levels, seed, state.dealer, state=state, bots=[bots.get(p) for p in range(state.n)])


def play_match(game, bots=None, input_fn=input, out=print, names=None, ansi=False, keeper=None, tty=False):
    """Play rounds until the match ends. game: a firmware.match.Match, or a State with bots
    ({seat: bot}; the other seats are people: one, or several taking turns at the keyboard:
    pass-and-play, see Handover; tty: clear the screen then).

    The round's end is the device's (firmware/screens.py, pages.py): the round's moves noted for the
    record (firmware/results.py note_round), then the match's end or m.next_round().
    keeper (a Keeper) writes the match record (firmware/export.py's lines) when it has a path: when the
    match ends or the person leaves. Returns the exit code (0 also when the person quits or input ends).
    """
    keeper = keeper or Keeper()
    m = game if isinstance(game, Match) else new_match(game, bots, keeper.seed or 0)
    keeper.match = m
    state = m.state
    people = [p for p in range(state.n) if m.people >> p & 1]
    handover = Handover(people, tty) if len(people) > 1 else None
    try:
        while True:
            out(render_round_start(state, names))
            play_round(m, input_fn, out, names, ansi, keeper=keeper, handover=handover)
            results.note_round(m)  # before next_round(): the round's moves, for the match record
            out(render_round_end(m))
            if state.is_match_over():
                out(render_match_end(m))
                _keep(keeper, out)
                return 0
            if input_fn(continue_prompt()).strip().lower() in _words("words_quit"):
                raise Quit()
            m.next_round()
    except Quit:
        _keep(keeper, out)
        out(t("bye"))
        return 0
    except EOFError:
        out("")
        _keep(keeper, out)
        out(t("bye_eof"))
        return 0


def _keep(keeper, out):
    if keeper.path:
        out(keeper.write())


# --- command line -------------------------------------------------------------------


def language_arg(text):
    if text not in LANGS:
        raise argparse.ArgumentTypeError("%s: not a language; choose one of %s" % (ascii(text), ", ".join(LANGS)))
    return text


def add_language_option(ap):
    ap.add_argument(
        "--lang",
        type=language_arg,
        default=None,
        metavar="|".join(LANGS),
        help="language of the texts (default: ELFER_LANG, else en)",
    )


def add_terminal_options(ap):
    """The terminal version's options (also listed by host/play/sim.py, which hands them on)."""
    ap.add_argument("--preset", choices=PRESET_ORDER, default=None, help="rules preset (default classic)")
    ap.add_argument(
        "--option",
        action="append",
        default=None,
        metavar="NAME=VALUE",
        help="rules option, repeatable (e.g. players=3, rounds=1, optional_pass=1, draw=3)",
    )
    ap.add_argument(
        "--people",
        type=people_arg,
        default=None,
        metavar="N",
        help="pass-and-play: seats P1..PN are people taking turns at one keyboard, the rest bots (default 1)",
    )
    ap.add_argument(
        "--bots",
        default=None,
        metavar="LEVEL[,LEVEL...]",
        help="bot level for all bot seats, or one per seat after the people (levels: %s; default medium); "
        "the level %s makes that seat a person (--bots %s,easy: P2 a person)"
        % (", ".join(sorted(engine_bots.LEVELS)), PERSON, PERSON),
    )
    ap.add_argument("--seed", type=int, default=None, help="deal seed (default: from the clock)")
    ap.add_argument("--dealer", type=int, default=None, help="first dealer, 1-based seat (default 1 = you, E5)")
    ap.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="write the match record to FILE when the match ends or you leave (replay: host/play/replay.py FILE)",
    )


TERMINAL_OPTIONS = ("preset", "option", "people", "bots", "seed", "dealer", "record")


def people_arg(text):
    """--people N: a whole number 1..6 (checked against the players when the rules are known)."""
    n = digits(text.strip(), 3)
    if not 1 <= n <= 6:
        raise argparse.ArgumentTypeError("%s: not a number of people 1..6" % ascii(text))
    return n


def build_parser():
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Play Elfer Raus or Cinquillo against bots. You are P1 (seat 1); "
        "with --people, or 'person' in --bots, several people share the keyboard.",
        allow_abbrev=False,
    )
    add_terminal_options(ap)
    add_language_option(ap)
    add_link_options(ap)
    return ap


def add_link_options(ap):
    """A linked table over UDP (host/play/linkterm.py): --host opens one, --join takes a seat."""
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--host", action="store_true", help="open a linked table: devices on the network join it")
    g.add_argument(
        "--join",
        nargs="?",
        const="",
        default=None,
        metavar="HOST:PORT",
        help="join a linked table (the first heard, or the one at HOST:PORT)",
    )
    ap.add_argument("--port", type=int, default=None, help="UDP port (--host: 47110; --join: any)")
    ap.add_argument("--code", default=None, help="the table's 4-digit code (--host: chosen for you; --join: asked)")
    ap.add_argument("--name", default=None, help="your name at a linked table")


def _error(msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    return 2


def default_language():
    code = os.environ.get("ELFER_LANG", "")
    return code if code in LANGS else "en"


def main(argv=None, input_fn=input, out=print):
    return run(build_parser().parse_args(argv), input_fn, out)


def run(args, input_fn=input, out=print):
    """Play with parsed arguments (build_parser(), or host/play/sim.py's parser)."""
    use_language(args.lang or default_language())
    options = {}
    for item in args.option or ():
        if "=" not in item:
            return _error("--option wants NAME=VALUE, got '%s'" % item)
        name, value = item.split("=", 1)
        if name.strip() == "preset":
            return _error("--option preset=%s: the preset is not an option; use --preset" % value.strip())
        # a number in ASCII digits, else the text, which make_rules refuses with the allowed values
        options[name.strip()] = option_value(value.strip())
    try:
        rules = make_rules(args.preset or "classic", **options)
    except RulesError as e:
        return _error(str(e))
    if getattr(args, "host", False) or getattr(args, "join", None) is not None:
        from host.play import linkterm

        return linkterm.run(args, rules, input_fn, out)
    npeople = args.people or 1
    if npeople > rules.players:
        return _error("--people %d: more people than players (%d)" % (npeople, rules.players))
    levels = [x.strip() for x in (args.bots or "medium").split(",")]
    for level in levels:
        if level not in engine_bots.LEVELS and level != PERSON:
            return _error(
                "unknown bot level '%s'; levels: %s, or %s for a person"
                % (level, ", ".join(sorted(engine_bots.LEVELS)), PERSON)
            )
    nbots = rules.players - npeople  # the seats after P1..Pnpeople: bots, or people by --bots
    if nbots == 0 and args.bots is not None:
        return _error("--bots: no seat left for it, all %d players are people (--people %d)" % (npeople, npeople))
    if len(levels) == 1:
        levels = levels * nbots
    elif len(levels) != nbots:
        if npeople > 1:
            return _error(
                "--bots: give one level, or one per seat after the %d people (%d), not %d"
                % (npeople, nbots, len(levels))
            )
        return _error("--bots: give one level, or one per bot seat (%d), not %d" % (nbots, len(levels)))
    levels = [PERSON] * npeople + levels  # one per seat, P1 first
    dealer = 1 if args.dealer is None else args.dealer
    if not 1 <= dealer <= rules.players:
        return _error("--dealer must be a seat 1..%d, got %d" % (rules.players, dealer))
    seed = args.seed
    if seed is None:
        seed = int(time.time() * 1000) % 1000000007 % (1 << 30)
    elif not 0 <= seed < 1 << 30:  # seeds are small ints on a board, and in records (engine/record.py)
        got = str(seed) if len(str(seed)) <= 12 else str(seed)[:9] + "..."
        return _error("--seed must be a number 0..%d, got %s" % ((1 << 30) - 1, got))
    m = Match(rules, levels, seed, dealer - 1)  # the device's match: its deal, its bots (make_bot per level)
    people = [p for p in range(rules.players) if levels[p] == PERSON]
    keeper = Keeper(seed, args.record, people)
    bots = [p for p in range(rules.players) if levels[p] != PERSON]
    names = []
    for p in range(rules.players):
        if levels[p] == PERSON:
            names.append(lang.t("c_you") if len(people) == 1 else lang.t("c_person"))
        else:
            names.append(level_name(levels[p]))
    out(t("intro") % (game_name(rules), rules.describe(), rules.players, seed, seed))
    bots_text = ", ".join("%s %s" % (seat_name(p), names[p]) for p in bots)
    if len(people) == 1:
        out(t("intro_bots") % (seat_name(HUMAN), bots_text))
    else:
        out(t("intro_people") % (", ".join(seat_name(p) for p in people), bots_text or t("no_bots")))
    tty = hasattr(sys.stdout, "isatty") and sys.stdout.isatty() and out is print
    ansi = tty and not os.environ.get("NO_COLOR")
    try:
        return play_match(m, None, input_fn, out, names, ansi, keeper, tty)
    except KeyboardInterrupt:
        out("")
        _keep(keeper, out)
        out(t("interrupted"))
        return 130


if __name__ == "__main__":
    sys.exit(main())
