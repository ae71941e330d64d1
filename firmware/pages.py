"""Pages and menus on the text panel: the Menu and Pager screens, the pause menu, and the pages
at a round's end and the match's (results, scores, match over), and the self-test.

Loaded when a panel screen is shown during or after a match (and by the menus before one),
dropped when the table is shown again (firmware/app.py show): a round in play does not carry them.
"""

from boards.base import DOWN, LEFT, RIGHT, START, UP, A, B
from engine.cards import GAME_ELFER, SKIP
from firmware import keys, ui
from firmware.lang import t
from firmware.screens import Screen, show_title
from firmware.texts import rules_text
from firmware.ticks import ticks_diff

# Footer hints, most important first: what does not fit the line is left out.
MENU_HINTS = ((A, b"k_choose"), (UP | DOWN, b"k_move"), (B, b"k_back"))
CHOICE_HINTS = ((LEFT | RIGHT, b"k_change"), (A, b"k_next"), (UP | DOWN, b"k_move"), (B, b"k_back"))


def title(p, text, top, n):
    """The panel's title, and at its right end where its list scrolls: "▲" with lines above
    the rows on show, "▼" with lines below."""
    up = top > 0
    down = top + p.rows < n
    if up or down:
        text += " " * (p.cols - 2 - len(text)) + ("\u25b2" if up else " ") + ("\u25bc" if down else " ")
    p.title.set(text)


class Menu(Screen):
    title = ""
    hints = MENU_HINTS
    help = ""  # a fixed footer instead of the hints (the battery)

    def __init__(self, app):
        self.items = self.build(app)
        self.pos = 0
        self.top = 0
        self.note = ""
        self.note_page = 0  # a note longer than its room shows in pages (note_lines)
        self.note_turned = None
        self.note_pages = 1

    def build(self, app):
        return []

    def enter(self, app):
        self.draw(app)

    def draw(self, app):
        from firmware.choices import label  # (not at the round's pages: firmware/choices.py)

        p = app.panel
        rows = p.rows
        if self.pos < self.top:
            self.top = self.pos
        elif self.pos >= self.top + rows:
            self.top = self.pos - rows + 1
        title(p, t(self.title), self.top, len(self.items))
        # A note longer than the footer ends there and goes on up the rows the items leave free.
        note = self.note_lines(p)
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

    def note_lines(self, p):
        """The note's lines on show (None: it fits the footer): all of them where they fit the footer
        and the rows the items leave free, else a page of them, each page with more after it ending
        in "»", turned by tick() and round again."""
        text = self.note
        self.note_pages = 1
        if len(text) <= p.cols and "\n" not in text:
            return None
        room = max(0, p.rows - len(self.items)) + 1
        lines = ui.wrap(text, p.cols)
        if len(lines) <= room:
            return lines
        lines = ui.wrap(text, p.cols - 2)
        self.note_pages = (len(lines) + room - 1) // room
        self.note_room = room
        k = self.note_page % self.note_pages * room
        page = lines[k : k + room]
        if k + room < len(lines):
            page[-1] += " " * (p.cols - 1 - len(page[-1])) + "\u00bb"
        return page

    def tick(self, app, now):
        if self.note_pages < 2:
            return
        if self.note_turned is None:
            self.note_turned = now  # the first page's time starts
        elif ticks_diff(now, self.note_turned) >= ui.PAGE_MS * self.note_room:
            self.note_turned = now
            self.note_page += 1
            self.draw(app)

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
        self.note_page = 0
        self.note_turned = None
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


class PauseMenu(Menu):
    title = b"p_paused"
    hints = ((A, b"k_choose"), (B | START, b"k_resume"), (UP | DOWN, b"k_move"))

    def build(self, app):
        from firmware.choices import actions

        if app.link is not None:  # a linked table: no restart; a client has no hint (no bots there)
            hint = ((b"m_hint", "hint"),) if app.link.hints else ()
            return actions(((b"m_resume", "resume"),) + hint + ((b"m_rules", "rules"), (b"m_leave", "quit")))
        return actions(
            (
                (b"m_resume", "resume"),
                (b"m_hint", "hint"),
                (b"m_rules", "rules"),
                (b"m_restart", "restart"),
                (b"m_quit", "quit"),
            )
        )

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
        title(p, t(self.title) if isinstance(self.title, bytes) else self.title, self.top, len(self.lines))
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


def stats_menu(app):
    """Back, or reset the statistics after a confirmation (firmware/statscreens.py)."""
    from firmware.statscreens import StatsMenu

    app.show(StatsMenu(app))


def round_end_pager(app):
    from firmware import results

    m = app.match
    if m.rules.game == GAME_ELFER and (app.board.gfx.mono or app.settings.symbols):  # its shapes on
        name = _shaped  # (and engine/names.py not loaded for it)
    else:
        from engine.names import card_token as name
    return Pager(
        app, t(b"res_round_over") % m.state.round_no, results.round_text(m, name), app.table_screen, score_page
    )


def _shaped(g, c):
    """An Elfer Raus card as the table shows it with the colour symbols: its row's shape and rank
    ("\u25cf19"), an action card SK or RV (variant V6) as the table names them."""
    if c < SKIP:
        from firmware.table import ROW_MARKS  # (loaded: the round's table was on show)

        return ROW_MARKS[c >> 5] + str(c & 31)
    return "SK" if c == SKIP else "RV"


def score_page(app):
    from firmware import results

    app.show(Pager(app, t(b"res_scores"), results.score_text(app.match), app.table_screen, after_scores))


def after_scores(app):
    if app.link is not None:  # a linked table's next round is the host's (firmware/remote.py)
        app.link.after_scores(app)
        return
    from firmware import results

    m = app.match
    results.note_round(m)  # before next_round(): the round's moves, for the match record
    if m.state.is_match_over():
        # In pieces, a loop pass each (app.later): counted and the table let go, the record
        # exported, the match over page written.
        app.record_match()
        _free_the_table(app)
        end = _MatchEnd(app, m)
        app.later(end.export, end.show)
        return
    _done_with_results(())  # the pages are done: room for the bots of the next round
    m.next_round()
    ts = app.table_screen
    ts.msg = ""
    ts.cursor = 0
    if m.state.tiebreak:
        ts.say(t(b"ts_tiebreak"), ui.GOOD)
    # The next round's table: its drawing made on the next loop pass, after a collection (the
    # pages' garbage gone), then drawn.
    app.later(lambda: app.table_first(m.rules), app.show_table)


class _MatchEnd:
    """The last pieces of a match's end: its record exported a round a loop pass
    (firmware/export.py, loaded for this only), then the match over page."""

    def __init__(self, app, m):
        self.app = app
        self.m = m
        self.saved = []  # (file name or '', why not or ''), once exported
        self.steps = None

    def export(self):
        if self.steps is None:
            from firmware import export

            self.steps = export.steps(self.m, self.saved)
        for _ in self.steps:
            self.app.work.insert(0, self.export)  # the next round on the next pass
            return
        self.steps = None
        from engine import unload

        unload("firmware.export")

    def show(self):
        from firmware import matchend

        saved, why = self.saved
        text = matchend.match_text(self.m, saved, why)
        matchend = None
        _done_with_results(("firmware.matchend", "recordtext"))
        app = self.app
        app.show(MatchOverPager(app, t(b"res_match_over"), text))


class MatchOverPager(Pager):
    """The match over page: A or B ends the match (its table is gone) for the title menu."""

    def leave(self, app):
        app.quit_match()


def _done_with_results(more):
    """The round's pages are written: their code (and the card names they used) can go."""
    from engine import unload

    for name in ("firmware.results", "names") + more:
        unload(name)


def _free_the_table(app):
    """The match is over: its table and bots are not needed again (only its pages, then the
    title menu), and their memory makes room to compile the export and the match over page."""
    import gc

    from engine.bots import drop_levels

    m = app.match
    for p in range(len(m.bots)):
        m.bots[p] = None
    app.table = None
    app.table_screen = None
    drop_levels()
    gc.collect()


def selftest_page(app):
    """Help, then A: the engine's self-test on this board (engine/selftest.py)."""
    from engine import selftest

    verdict, got, want, free0, free1 = selftest.run()
    if verdict == "NO-EXPECTED":  # nothing to compare with: not a failure, and said so
        verdict = t(b"selftest_unchecked")
    text = t(b"selftest") % (verdict, got, want or t(b"selftest_none"))
    if free1 >= 0:  # (CPython, the simulator, has no gc.mem_free)
        text += "\n" + t(b"selftest_heap") % free1
    app.show(Pager(app, b"p_selftest", text))
