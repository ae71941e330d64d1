"""Screens: menus and pages on the shared text panel, and the table.

Every screen has enter(app), button(app, b, now) and tick(app, now). Menus
are lists of items, [text, key, choices, index]: choices None for an action,
else a tuple of (label, value) pairs that LEFT/RIGHT (or A) step through.
The menus before a match (title, set-up, settings) are firmware/menus.py,
loaded when shown (show_title) and dropped while a match is on the table.
"""

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from engine.cards import DRAW, END, PASS
from firmware import keys, ui
from firmware.lang import t
from firmware.texts import rules_text
from firmware.ticks import ticks_add, ticks_diff, ticks_ms


def item(text, key, choices=None, index=0):
    return [text, key, choices, index]


def label(x):
    """A choice's label: a lang key (b"c_off"), a (key, number) pair (b"c_to", 500), or a text ("25%")."""
    if isinstance(x, tuple):
        return t(x[0]) % x[1]
    if isinstance(x, bytes):
        return t(x)
    return x


def seat(p):
    """A seat's short name on screen: P2, S2 or J2 as the language says."""
    return t(b"seat") % (p + 1)


MOVE_KEYS = {DRAW: b"k_draw", END: b"k_end", PASS: b"k_pass"}
THINK_MS = 20  # a master thinks a playout at a time for up to this long an app step
# Footer hints, most important first: what does not fit the line is left out.
MENU_HINTS = ((A, b"k_choose"), (UP | DOWN, b"k_move"), (B, b"k_back"))
CHOICE_HINTS = ((LEFT | RIGHT, b"k_change"), (A, b"k_next"), (UP | DOWN, b"k_move"), (B, b"k_back"))


def value_of(it):
    return it[2][it[3]][1]


class Screen:
    table = False  # True: shows the table's group, not the panel

    def enter(self, app):
        pass

    def button(self, app, b, now):
        pass

    def tick(self, app, now):
        pass


class Menu(Screen):
    title = ""
    hints = MENU_HINTS
    help = ""  # a fixed footer instead of the hints (the battery)

    def __init__(self, app):
        self.items = self.build(app)
        self.pos = 0
        self.top = 0
        self.note = ""

    def build(self, app):
        return []

    def enter(self, app):
        self.draw(app)

    def draw(self, app):
        p = app.panel
        p.title.set(t(self.title))
        rows = p.rows
        if self.pos < self.top:
            self.top = self.pos
        elif self.pos >= self.top + rows:
            self.top = self.pos - rows + 1
        # A note longer than the footer ends there and goes on up the rows the items leave free.
        note = ui.wrap(self.note, p.cols) if len(self.note) > p.cols or "\n" in self.note else None
        above = max(0, min(len(note) - 1, rows - len(self.items))) if note else 0
        for i in range(rows):
            j = self.top + i
            line = p.lines[i]
            if i >= rows - above:
                line.set(note[i - rows + above], ui.WARN, None)
                continue
            if j >= len(self.items):
                line.set("", ui.WHITE, None)
                continue
            it = self.items[j]
            text = it[0]
            if it[2] is not None:
                val = label(it[2][it[3]][0])
                if "|" in val:  # a long value with a short form: the short one when the long does not fit
                    full, short = val.split("|")
                    val = full if len(text) + len(full) + 5 <= p.cols else short
                val = "<%s>" % val
                room = p.cols - 3 - len(val)  # the value always shows; a long name is cut
                text = text[:room]
                text = text + " " * (room + 1 - len(text)) + val
            sel = j == self.pos
            line.set(("> " if sel else "  ") + text, ui.WHITE, ui.HIGHLIGHT if sel else None)
        p.footer.set(note[above] if note else self.note or self.footer(app), ui.WARN if self.note else ui.DIM)
        app.dirty = True

    def footer(self, app):
        """The hints that fit, then the fixed help (the battery) if there is one."""
        it = self.items[self.pos] if self.items else None
        hints = CHOICE_HINTS if it is not None and it[2] is not None else self.hints
        if not self.help:
            return keys.hint(app.board, hints, app.panel.cols)
        h = keys.hint(app.board, hints, app.panel.cols - len(self.help) - 2)
        return h + "  " + self.help if h else self.help

    def button(self, app, b, now):
        n = len(self.items)
        it = self.items[self.pos]
        self.note = ""
        if b == UP:
            self.pos = (self.pos - 1) % n
        elif b == DOWN:
            self.pos = (self.pos + 1) % n
        elif b in (LEFT, RIGHT) and it[2] is not None:
            self.step(app, it, -1 if b == LEFT else 1)
        elif b == A:
            if it[2] is not None:
                self.step(app, it, 1)
            else:
                self.choose(app, it[1])
                return
        elif b == B:
            self.back(app)
            return
        elif b == START:
            self.choose(app, "start")
            return
        self.draw(app)

    def step(self, app, it, d):
        old = it[3]
        it[3] = (it[3] + d) % len(it[2])
        if not self.changed(app, it):
            it[3] = old  # refused: the note says why, nothing changed

    def changed(self, app, it):
        return True

    def choose(self, app, key):
        pass

    def back(self, app):
        show_title(app)


def show_title(app):
    """The title menu (firmware/menus.py: loaded now, dropped when a match is shown)."""
    from firmware.menus import TitleMenu

    app.show(TitleMenu(app))


# The set-up's tables a match's rules are made from (firmware/app.py make_rules, restore.py).
ON_OFF = ((b"c_off", 0), (b"c_on", 1))
ELFER_OPTIONS = (
    (b"m_optional_pass", "optional_pass", ON_OFF),
    (b"m_draw", "draw", (("1", 1), (b"c_up_to_3", 3))),
    (b"m_start_10_12", "start_10_12", ON_OFF),
    (b"m_actions", "actions", ON_OFF),
)


def _lengths(limits):
    """A match to each points limit, then one round and three rounds: (label, (option, value))."""
    return tuple(((b"c_to", n), ("limit", n)) for n in limits) + (
        (b"c_1round", ("rounds", 1)),
        ((b"c_rounds", 3), ("rounds", 3)),
    )


LENGTHS = {"elfer": _lengths((500, 300, 100, 1000)), "cinquillo": _lengths((30, 20, 10, 50))}
LENGTHS["bastard"] = LENGTHS["cinquillo"]


def setup_defaults():
    return {
        "game": "elfer",
        "variant": "classic",
        "optional_pass": 0,
        "draw": 1,
        "start_10_12": 0,
        "actions": 0,
        "players": 4,
        "levels": ["medium"] * 6,
        "length": 0,
        "dealer": -1,
    }


class PauseMenu(Menu):
    title = b"p_paused"
    hints = ((A, b"k_choose"), (B | START, b"k_resume"), (UP | DOWN, b"k_move"))

    def build(self, app):
        return [
            item(t(b"m_resume"), "resume"),
            item(t(b"m_hint"), "hint"),
            item(t(b"m_rules"), "rules"),
            item(t(b"m_restart"), "restart"),
            item(t(b"m_quit"), "quit"),
        ]

    def choose(self, app, key):
        t = app.table_screen
        if key in ("resume", "start"):
            app.show(t)
        elif key == "hint":
            t.hint(app)
            app.show(t)
        elif key == "rules":
            app.show(Pager(app, b"p_rules", rules_text(app.setup["game"]), self))
        elif key == "restart":
            app.new_match(app.match.seed + 1)
        elif key == "quit":
            app.leave_match()

    def back(self, app):
        app.show(app.table_screen)


class Pager(Screen):
    """Lines of text: UP/DOWN scroll, A goes on (then()), B goes back. title: a lang key (bytes),
    or a text already made (a title with a number in it)."""

    def __init__(self, app, title, text, back_to=None, then=None, go=b"k_go_on"):
        self.title = title
        self.go = go
        self.lines = ui.wrap(text, app.panel.cols)
        self.top = 0
        self.back_to = back_to
        self.then = then

    def enter(self, app):
        self.draw(app)

    def draw(self, app):
        p = app.panel
        p.title.set(t(self.title) if isinstance(self.title, bytes) else self.title)
        for i in range(p.rows):
            j = self.top + i
            p.lines[i].set(self.lines[j] if j < len(self.lines) else "", ui.WHITE, None)
        more = self.top + p.rows < len(self.lines)
        hints = ((DOWN, b"k_more"), (A, self.go), (B, b"k_back")) if more else ((A, self.go), (B, b"k_back"))
        p.footer.set(keys.hint(app.board, hints, p.cols), ui.DIM)
        app.dirty = True

    def button(self, app, b, now):
        rows = app.panel.rows
        if b == DOWN and self.top + rows < len(self.lines):
            self.top += 1
            self.draw(app)
        elif b == UP and self.top > 0:
            self.top -= 1
            self.draw(app)
        elif b == A or b == START:
            if self.then is not None:
                self.then(app)
            else:
                self.leave(app)
        elif b == B:
            self.leave(app)

    def leave(self, app):
        if self.back_to is None:
            show_title(app)
        else:
            app.show(self.back_to)


# --- the table ---------------------------------------------------------------------


class TableScreen(Screen):
    table = True

    def __init__(self, app):
        self.cursor = 0
        self.msg = ""
        self.msg_color = ui.DIM
        self.next_bot = None
        self.lit = -2  # the seat the board's lights show

    def enter(self, app):
        self.next_bot = None
        self.focus_playable(app.match)
        self.redraw(app)

    def focus_playable(self, m):
        """On the person's turn, put the cursor on a playable card if it is not on one."""
        if m.my_turn():
            its = self.items(m)
            if its and (self.cursor >= len(its) or not m.legal(its[self.cursor])):
                self.cursor = min(self.cursor, len(its) - 1)
                self.jump(m, its, 1)

    def items(self, m):
        from engine.scoring import hand_list

        its = hand_list(m.view, m.view.seat)
        if m.my_turn():
            its.extend(m.finish_moves())
        return its

    def redraw(self, app):
        m = app.match
        v = m.view
        tv = app.table
        lit = v.turn if v.phase == 0 else -1
        if lit != self.lit:  # the NeoPixels show whose turn it is
            self.lit = lit
            app.board.show_turn(lit, v.n)
        tv.draw_rows(v)
        mine = m.my_turn()
        tv.draw_status(v, mine)
        tv.draw_opponents(v, m.last, m.last_card)
        its = self.items(m)
        tv.set_items(its)
        if self.cursor >= len(its):
            self.cursor = max(0, len(its) - 1)
        tv.draw_strip(v, self.cursor if its else -1, m.legal, app.settings.marks and mine)
        if self.msg:
            tv.message(self.msg, self.msg_color)
        else:
            tv.message(self.describe(app, m, its), ui.DIM)
        app.dirty = True

    def describe(self, app, m, its):
        """The focused card or box, in words (the message area when nothing else is said)."""
        from firmware.words import card_name

        v = m.view
        board = app.board
        if v.phase != 0:
            return t(b"ts_round_over") + " " + keys.hint(board, ((A, b"k_results"),))
        if not m.my_turn():
            return t(b"ts_playing") % seat(v.turn) + "  " + keys.hint(board, ((START, b"k_menu"),))
        if not its:
            return ""
        c = its[self.cursor]
        if c in MOVE_KEYS:
            return keys.hint(board, ((A | B, MOVE_KEYS[c]),))
        name = card_name(m.rules.game, c)
        if m.legal(c):
            return t(b"ts_fits") % (name, keys.names(board, A))
        return t(b"ts_no_fit") % name

    def say(self, text, color=ui.WHITE):
        self.msg = text
        self.msg_color = color

    def button(self, app, b, now):
        m = app.match
        if b == START:
            app.show(PauseMenu(app))
            return
        if m.state.phase != 0:
            if b == A:
                app.show(round_end_pager(app))
            return
        its = self.items(m)
        n = len(its)
        self.msg = ""
        if b == LEFT and self.cursor > 0:
            self.cursor -= 1
        elif b == RIGHT and self.cursor < n - 1:
            self.cursor += 1
        elif b in (UP, DOWN) and n:
            self.jump(m, its, 1 if b == DOWN else -1)
        elif b == A and n:
            self.move(app, its[self.cursor], now)
        elif b == B:
            self.finish(app, now)
        elif b == SELECT:
            self.hint(app)
        self.redraw(app)

    def jump(self, m, its, d):
        """To the next playable card or box in direction d, wrapping; stays if there is none."""
        n = len(its)
        j = self.cursor
        for _ in range(n):
            j = (j + d) % n
            if m.legal(its[j]):
                self.cursor = j
                return

    def move(self, app, mv, now):
        m = app.match
        why = m.play(mv)
        if why:
            self.say(t(b"ts_refused") % why, ui.WARN)
            app.sound("refuse")
            return
        app.sound("draw" if mv >= 250 else "play")
        self.after_move(app, now)

    def finish(self, app, now):
        m = app.match
        moves = m.finish_moves()
        if moves:
            self.move(app, moves[0], now)
        else:
            self.move(app, 250, now)  # DRAW: the engine says why it is not allowed

    def after_move(self, app, now):
        self.focus_playable(app.match)
        self.next_bot = None
        self.check_round_end(app)

    def hint(self, app):
        m = app.match
        if not m.my_turn():
            self.say(t(b"ts_hint_wait"))
            return
        mv, why = m.hint()
        its = self.items(m)
        if mv in its:
            self.cursor = its.index(mv)
        self.say(t(b"ts_hint") % why, ui.GOOD)

    def tick(self, app, now):
        pages = app.table.pages
        if pages is not None and pages.turn(now):  # a message longer than the table's one line
            app.dirty = True
        m = app.match
        if not m.bot_on_turn():
            return
        if self.next_bot is None:
            self.next_bot = ticks_add(now, app.settings.delay())
            return
        if ticks_diff(now, self.next_bot) < 0:
            return
        t0 = ticks_ms()
        step = m.bot_step()
        while step is None and ticks_diff(ticks_ms(), t0) < THINK_MS:
            step = m.bot_step()  # a master decides a playout at a time
        if step is None:
            return  # the master thinks on next step: the keys and the screen get their turn
        p, mv = step
        from firmware.words import move_name

        text = "%s: %s" % (seat(p), move_name(m.rules.game, mv))
        self.next_bot = ticks_add(now, app.settings.delay())
        if m.my_turn():
            self.focus_playable(m)
            self.say(t(b"ts_your_turn") % text, ui.GOOD)
        else:
            self.say(text, ui.DIM)
        self.check_round_end(app)
        self.redraw(app)

    def check_round_end(self, app):
        m = app.match
        if m.state.phase != 0:
            won = m.state.round_winners & 1
            self.say(
                t(b"ts_round_over") + " " + keys.hint(app.board, ((A, b"k_results"),)), ui.GOOD if won else ui.WHITE
            )
            app.sound("won" if won else "lost")


def stats_menu(app):
    """Back, or reset the statistics after a confirmation (firmware/statscreens.py)."""
    from firmware.statscreens import StatsMenu

    app.show(StatsMenu(app))


def round_end_pager(app):
    from firmware import results

    m = app.match
    return Pager(app, t(b"res_round_over") % m.state.round_no, results.round_text(m), app.table_screen, score_page)


def score_page(app):
    from firmware import results

    app.show(Pager(app, t(b"res_scores"), results.score_text(app.match), app.table_screen, after_scores))


def after_scores(app):
    from firmware import results

    m = app.match
    results.note_round(m)  # before next_round(): the round's moves, for the match record
    if m.state.is_match_over():
        app.record_match()
        _free_the_table(app)
        saved, why = _export(m)
        from firmware import matchend

        text = matchend.match_text(m, saved, why)
        app.show(MatchOverPager(app, t(b"res_match_over"), text))
        return
    from engine.compat import unload

    unload("firmware.results")  # the pages are done: room for the bots of the next round
    m.next_round()
    ts = app.table_screen
    ts.msg = ""
    ts.cursor = 0
    if m.state.tiebreak:
        ts.say(t(b"ts_tiebreak"), ui.GOOD)
    app.show(ts)


class MatchOverPager(Pager):
    """The match over page: A or B ends the match (its table is gone) for the title menu."""

    def leave(self, app):
        app.quit_match()


def _free_the_table(app):
    """The match is over: its table and bots are not needed again (only its pages, then the
    title menu), and their memory makes room to compile the export and the match over page."""
    import gc

    m = app.match
    for p in range(len(m.bots)):
        m.bots[p] = None
    app.table = None
    app.table_screen = None
    gc.collect()


def _export(m):
    """The match record to the console and a file (firmware/export.py, loaded for this only)."""
    from engine.compat import unload
    from firmware import export

    got = export.export(m)
    unload("firmware.export")
    return got


def selftest_page(app):
    """Help, then A: the engine's self-test on this board (engine/selftest.py)."""
    from engine import selftest

    verdict, got, want, free0, free1 = selftest.run()
    text = t(b"selftest") % (verdict, got, want or t(b"selftest_none"), free1)
    app.show(Pager(app, b"p_selftest", text))
