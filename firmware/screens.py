"""Screens: menus and pages on the shared text panel, and the table.

Every screen has enter(app), button(app, b, now) and tick(app, now); the menus'
items and the set-up's tables are firmware/choices.py (loaded with the menus).
This module holds what a round in play needs (the table screen); the menus
before a match (title, set-up, settings) are firmware/menus.py, the other
pages and menus firmware/pages.py: each loaded when shown and dropped while
a match is on the table.
"""

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from engine import const
from engine.cards import DRAW, END, PASS
from firmware import keys, ui
from firmware.lang import t
from firmware.ticks import ticks_add, ticks_diff, ticks_ms


def seat(p):
    """A seat's short name on screen: P2, S2 or J2 as the language says."""
    return t(b"seat") % (p + 1)


_PLAYING = const(0)  # engine/state.py's phases
MOVE_KEYS = {DRAW: b"k_draw", END: b"k_end", PASS: b"k_pass"}
THINK_MS = 20  # a master thinks a playout at a time for up to this long an app step


class Screen:
    table = False  # True: shows the table's group, not the panel

    def enter(self, app):
        pass

    def button(self, app, b, now):
        pass

    def tick(self, app, now):
        pass


def hand_over(app):
    from firmware import handover

    handover.show(app)


def _round_end_page(app):
    from firmware.pages import round_end_pager

    app.show(round_end_pager(app))


def show_title(app):
    """The title menu (firmware/menus.py: loaded now, dropped when a match is shown)."""
    from firmware.menus import TitleMenu

    app.show(TitleMenu(app))


# --- the table ---------------------------------------------------------------------


class TableScreen(Screen):
    table = True

    def __init__(self, app):
        self.cursor = 0
        self.msg = ""
        self.msg_color = ui.DIM
        self.next_bot = None
        self.lit = -2  # the seat the board's lights show
        self.its = None  # items() as last made, for the match and moment its_key says
        self.its_key = -1
        self.its_match = None
        self.desc_key = -1  # what describe() said last, and from what
        self.desc = ""

    def enter(self, app):
        self.next_bot = None
        self.desc_key = -1  # (the language may have changed meanwhile)
        app.table.more = keys.label(app.board, UP) + "\u00bb"  # "↑»": UP turns the page (no UP: "»" only)
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
        """The strip's items: the person's cards, then the draw, end and pass moves they may make
        (made again only after a move: a button asks three times)."""
        s = m.state
        key = ((s.round_no << 12 | s.hist_len) << 2 | s.phase) << 3 | m.view.seat  # a small int: no object
        if key == self.its_key and m is self.its_match:
            return self.its
        from engine.scoring import hand_list

        its = hand_list(m.view, m.view.seat)
        if m.my_turn():
            its.extend(m.finish_moves())
        self.its = its
        self.its_key = key
        self.its_match = m
        return its

    def redraw(self, app):
        m = app.match
        v = m.view
        tv = app.table
        lit = v.turn if v.phase == _PLAYING else -1
        if lit != self.lit:  # the NeoPixels show whose turn it is
            self.lit = lit
            app.board.show_turn(lit, v.n)
        tv.draw_rows(v)
        mine = m.my_turn()
        tv.draw_status(v, mine)
        tv.draw_opponents(v, m.last, m.last_card, m.away)
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
        """The focused card or box, in words (the message area when nothing else is said); made
        again only when what it says changed (one int: the table asks after every move)."""
        v = m.view
        mine = m.my_turn()
        c = its[self.cursor] if its and mine else 255
        key = (((c << 1 | (c != 255 and m.legal(c))) << 1 | mine) << 2 | v.phase) << 3 | v.turn
        if key != self.desc_key:
            self.desc_key = key
            self.desc = self._describe(app, m, its)
        return self.desc

    def _describe(self, app, m, its):
        from firmware.words import card_name

        v = m.view
        board = app.board
        if v.phase != _PLAYING:
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
            from firmware.pages import PauseMenu

            app.show(PauseMenu(app))
            return
        if m.state.is_round_over():
            if b == A:  # in pieces (app.later): the table let go for the panel, then the round's page
                app.later(app.table_gone, lambda: _round_end_page(app))
            return
        if b == UP and len(app.table.msg_lines) > len(app.table.msg):  # the message's next page (its mark: UP)
            app.table.turn(now, True)
            app.dirty = True
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
        app.sound("draw" if mv >= DRAW else "play")
        self.after_move(app, now)

    def finish(self, app, now):
        m = app.match
        moves = m.finish_moves()
        if moves:
            self.move(app, moves[0], now)
        else:
            self.move(app, DRAW, now)  # the engine says why it is not allowed

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
        if app.table.turn(now):  # a message longer than the table's message area
            app.dirty = True
        m = app.match
        s = m.state
        if not s.is_round_over() and m.people >> s.turn & 1 and s.turn != m.view.seat:
            # Pass-and-play: another person's turn than the hand on show's. The table let go,
            # then the page that hides the hand (firmware/handover.py).
            app.later(app.table_gone, lambda: hand_over(app))
            return
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
        if m.state.is_round_over():
            # A press already made was meant for the table (a quick second A on the last card):
            # it must not skip the round's end unseen.
            app.input.flush(app.now)
            won = m.state.round_winners & 1
            self.say(
                t(b"ts_round_over") + " " + keys.hint(app.board, ((A, b"k_results"),)), ui.GOOD if won else ui.WHITE
            )
            app.sound("won" if won else "lost")
