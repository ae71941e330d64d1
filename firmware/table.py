"""The table screen's drawing: rows, status, opponents, the hand strip and a message area.

The layout is computed from the screen size and the text scale, never drawn
per board; everything is drawn through the board's surface (board.gfx). Rows
are tiles over a small sheet of cell tiles (one cell per rank: empty, placed
in its color, the start card's frame, dead), so updating a row rewrites a
few tile indices. The hand is a strip of card faces a
pixel apart, scrolled around the cursor: a background tile per slot (the
card's color, a dead card struck through, a move box's frame) under a label
of two characters (the rank centred, Cinquillo's suit symbol before it), with
a cursor bar above and playable marks below, both in one small bitmap each.
Every word goes through firmware.lang; firmware/legend.py explains the symbols.
"""

from engine import const, turn
from engine.cards import DRAW, END, GAME_CINQUILLO, PASS, REVERSE, SKIP
from firmware import ui
from firmware.lang import current, t
from firmware.ticks import ticks_diff

current()  # the language's table is read now, at boot (the app imports this module then), not mid-match
# Row colors: Elfer Raus red, yellow, blue, green; Cinquillo coins, cups, swords, clubs.
_PLAYING = const(0)  # engine/state.py's phases
# Each pair stays apart by a CIEDE2000 difference of 20 or more under simulated protanopia,
# deuteranopia and tritanopia, and every label on them reads at 4.5:1 (host_tests/test_palette.py).
ROW_RGB = ((0xC01010, 0xF8D838, 0x2060E8, 0x18B070), (0xE8C028, 0xC81818, 0x2860C8, 0x30A878))
# A card named on a line (an opponent's last move), on black: its row's colour where that reads at
# 4.5:1 there, else a lighter one of its hue; the red is the dead card's strike (FF3030): a 4-bit
# screen has 16 colours, and each new one takes a slot (boards/gfx_framebuf.py FbGfx.value).
ROW_TEXT = (0xFF3030, 0xF8D838, 0x5890F0, 0x18B070, 0xE8C028, 0xFF3030, 0x5890F0, 0x30A878)
TEXT_ON = ((ui.WHITE, ui.BLACK, ui.WHITE, ui.BLACK), (ui.BLACK, ui.WHITE, ui.WHITE, ui.BLACK))
DEAD_RGB = 0x701010
ACTION_RGB = 0x606060
MARK_RGB = 0x40E040
# The symbols (firmware/glyphs.py draws them, firmware/legend.py explains them) are written
# out where used, not named: each name the device compiles stays interned (docs/memory.md).
# The move boxes: draw "+" and the stock's card back, end a check mark, pass an empty set.
MOVE_TEXT = ("+\u25a4", "\u2713", "\u2205")  # DRAW, END, PASS: MOVE_TEXT[m - DRAW]
# Tiles of the row sheet: 0 empty, 1-4 placed (color), 5-8 start frame (color), 9 dead.
_T_PLACED = const(1)
T_START = 5
T_DEAD = 9
TILES = 10
# Tiles of the card sheet (the strip's card faces): 0 none, 1-4 a card of that color, 5 a dead
# card, 6 a move box (and on a monochrome screen every card: framed), 7 an action card, 8 the
# cursor's card where the layout has no cursor bar (filled white, the label black). Numbers,
# not names: see MOVE_TEXT.
# On a screen without colour (gfx.mono), and on a colour one with the colour symbols on (the
# setting), the Elfer Raus rows are told apart by shapes as well, the same at each row's start
# and before each card's rank on a line (firmware/glyphs.py ROW_MARKS); in the hand strip of a
# colour screen the shape is drawn small on the card's tile, under its rank.
ROW_MARKS = "\u25cf\u25b2\u25a1\u25bc"


class Layout:
    """Where everything goes for a width x height screen; label: a card label's characters
    (2, or 3 where a mark of the card's row goes before an Elfer Raus rank). Computed by
    firmware/tablebuild.py plan."""

    def __init__(self, width, height, ranks, players, label=2):
        from firmware.tablebuild import plan

        plan(self, width, height, ranks, players, label)


class TableView:
    def __init__(self, gfx, width, height, rules, symbols=1):
        from engine import unload
        from firmware import tablebuild

        tablebuild.build(self, gfx, width, height, rules, symbols)
        tablebuild = None
        unload("firmware.tablebuild")  # made once a table: its code need not stay

    # --- the parts ----------------------------------------------------------------
    def draw_rows(self, v):
        dead = self.rules.bastard
        shown = self.shown_rows  # each row's lo and hi as drawn: a row that did not grow is skipped
        for c in range(self.rules.colors):
            lo, hi = v.lo[c], v.hi[c]
            if not dead and shown[2 * c] == lo and shown[2 * c + 1] == hi:
                continue
            shown[2 * c] = lo
            shown[2 * c + 1] = hi
            dm = turn.dead_mask(v, c) if dead and hi else 0
            for r in range(1, self.rules.ranks + 1):
                if hi and lo <= r <= hi:
                    k = T_DEAD if dm >> r & 1 else _T_PLACED + c
                elif not hi and r == v.start[c]:
                    k = T_START + c
                else:
                    k = 0
                if self.grid[r - 1, c] != k:
                    self.grid[r - 1, c] = k
            if not self.spans:
                continue
            if hi:
                text = self.rank(lo) if lo == hi else "%s-%s" % (self.rank(lo), self.rank(hi))
            else:
                text = "--"
            self.spans[c].set(text)

    def rank(self, r):
        """A rank as the cards print it: 1..20, or 1..7 and the court letters of the language."""
        if self.game == GAME_CINQUILLO:
            return t(b"table_court")[r - 8] if r > 7 else str(r)
        return str(r)

    def suit(self, c):
        """A row's symbol: Cinquillo's suit, a block in the Elfer Raus color, or its shape."""
        if self.game == GAME_CINQUILLO:
            return "\ue000\ue001\ue002\ue003"[c]
        return ROW_MARKS[c] if self.shapes else "\u2588"  # or a full block

    def face(self, c, line):
        """A number card's label: the rank (its color is the card's), with the suit in Cinquillo,
        or the row's shape where there is no colour or, with colour symbols on, on a line of text
        (a card of the hand strip carries its shape on its tile: firmware/tablebuild.py)."""
        if self.game == GAME_CINQUILLO or self.shapes and (line or self.mono):
            return self.suit(c >> 5) + self.rank(c & 31)
        return str(c & 31)

    def draw_status(self, v, you_move):
        stock = v.stock_left
        key = (
            ((((v.round_no << 2 | v.phase) << 1 | you_move) << 3 | v.turn) << 1 | (v.dir > 0)) << 3 | v.nactive
        ) << 8 | stock & 255
        if key == self.shown_status:  # (a small int: nothing made when nothing changed)
            return
        self.shown_status = key
        if v.phase != _PLAYING:
            who = t(b"table_round_over")
        elif you_move:
            who = t(b"table_your_turn")
        else:
            who = t(b"table_plays") % self.seat(v.turn)
        who += " " + ("\u21bb" if v.dir > 0 else "\u21ba")  # clockwise, counterclockwise
        if self.game == GAME_CINQUILLO and v.nactive > 2:
            stock = -1  # everything is dealt: no stock to show
        # The longest form that fits: round, who, direction and stock in words, then shorter.
        r = t(b"table_round") % v.round_no + " "
        form = " " + t(b"table_stock") % stock if stock >= 0 else ""
        mark = " " + "\u25a4" + str(stock) if stock >= 0 else ""  # the stock's card back
        n = self.L.cols
        text = r + who + form
        if len(text) > n:
            text = r + who + mark
        if len(text) > n:
            text = who + mark
        self.status.set(text, ui.GOOD if you_move else ui.WHITE)

    def seat(self, p):
        return t(b"seat") % (p + 1)

    def draw_opponents(self, v, last, last_card, away=0):
        """away: the seats of a linked table not heard lately, one bit each (marked: the act line
        says so in the warning colour, or where there is none the count is a "?")."""
        n = v.n
        p = v.seat
        for i in range(n - 1):
            p = (p + 1) % n  # clockwise from the person, whatever the direction of play
            # What the opponent's lines are drawn from, as one int: drawn again only when it changed.
            key = (((v.count[p] << 1 | v.active[p]) << 1 | (v.turn == p and v.phase == _PLAYING)) << 8 | last[p]) << 8
            key = (key | last_card[p]) << 1 | (away >> p & 1)
            if key == self.shown_opps[i]:
                continue
            self.shown_opps[i] = key
            name = self.opp_names[i]
            act = self.opp_acts[i]
            if not v.active[p]:
                name.set(self.seat(p) + " " + "--" if self.L.name_form == 0 else "--", ui.DIM, ui.DARK)
                if act is not None:
                    text = t(b"table_act_out")
                    act.set(text if len(text) <= act.chars else "--", ui.DIM)
                continue
            bg = ui.HIGHLIGHT if v.turn == p and v.phase == _PLAYING else ui.DARK
            gone = away >> p & 1
            count = -1 if gone and act is None else v.count[p]  # -1: "?" (away, no line to say so)
            if self.L.name_form:
                from firmware.compact import short_name

                text = short_name(self.L.name_form, p, count)
            else:
                text = "%s %d" % (self.seat(p), count) if count >= 0 else self.seat(p) + " " + "?"
            name.set(text, ui.WARN if gone else ui.WHITE, bg)
            if act is None:
                continue
            if gone:
                text = t(b"table_act_away")
                act.set(text if len(text) <= act.chars else "?", ui.WARN)
                continue
            # The last action: drew or passed (the word, or the move box's symbol where it
            # does not fit), or the card played, in its color.
            move = last[p]
            c = last_card[p]
            if move == DRAW or move == PASS:
                text = t(b"table_act_drew" if move == DRAW else b"table_act_pass")
                act.set(text if len(text) <= act.chars else MOVE_TEXT[move - DRAW], ui.DIM)
            elif (move == END or move < DRAW) and c:
                if c == SKIP or c == REVERSE:
                    act.set("SK" if c == SKIP else "RV", ui.DIM)  # the action cards (variant V6)
                else:
                    act.set(self.face(c, True), ROW_TEXT[4 * self.game + (c >> 5)])
            else:
                act.set("")

    # --- the hand strip ------------------------------------------------------------
    def set_items(self, items):
        self.items = items

    def draw_strip(self, v, cursor, playable, show_marks):
        """items: cards then moves; cursor: index into items; playable(card) -> bool."""
        L = self.L
        items = self.items
        k = L.slots
        if 0 <= cursor < self.first:
            self.first = cursor
        elif cursor >= self.first + k:
            self.first = cursor - k + 1
        if self.first > len(items) - k:
            self.first = len(items) - k
        if self.first < 0:
            self.first = 0
        on = TEXT_ON[self.game]
        bastard = self.rules.bastard
        mono = self.mono  # number and action cards framed: a filled face is the cursor's
        pos = cursor - self.first if 0 <= cursor < len(items) else -1
        inverted = -1 if self.cursor is not None else pos  # the slot drawn as the cursor
        drawn = self.shown_slots  # what each slot shows, as one int: item << 4 | kind (-1: empty)
        for i in range(k):
            j = self.first + i
            mark = 0
            if j >= len(items):
                if drawn[i] != -1:
                    drawn[i] = -1
                    self.draw_face(i, 0, "", ui.WHITE)
            else:
                m = items[j]
                dead = bastard and m < DRAW and m != SKIP and m != REVERSE and turn.is_dead(v, m)
                key = m << 4 | (8 if i == inverted else 5 if dead else 0)
                if drawn[i] != key:  # the slot's text and colours only when it shows another card
                    drawn[i] = key
                    if m >= DRAW:
                        text, kind, color = MOVE_TEXT[m - DRAW], 6, ui.WHITE
                    elif m == SKIP or m == REVERSE:
                        text, kind, color = "SK" if m == SKIP else "RV", 6 if mono else 7, ui.WHITE
                    elif dead:
                        text, kind, color = self.face(m, False), 5, 0xFFB0B0  # pink on the dark red
                    else:
                        c = m >> 5
                        text, kind, color = self.face(m, False), 6 if mono else 1 + c, ui.WHITE if mono else on[c]
                    if i == inverted:
                        kind, color = 8, ui.BLACK
                    self.draw_face(i, kind, text, color)
                if show_marks and (m >= DRAW or playable(m)):
                    mark = 2
            if self.shown_marks[i] != mark:
                self.shown_marks[i] = mark
                self.marks[i] = mark
        self.arrows[0][0] = 1 if self.first > 0 else 0  # "<" (firmware/tablebuild.py's arrow tiles)
        self.arrows[1][0] = 2 if self.first + k < len(items) else 0  # ">"
        if self.cursor is None:
            self.shown_cursor = pos
        elif pos != self.shown_cursor:
            if self.shown_cursor >= 0:
                self.cursor[self.shown_cursor] = 0
            if pos >= 0:
                self.cursor[pos] = 1
            self.shown_cursor = pos

    def draw_face(self, i, k, text, color):
        """Slot i: the card's background tile and its label, centred (a one-character label
        moves half a character right; a number card's label up, where its shape is under it)."""
        if self.shown_faces[i] != k:
            self.shown_faces[i] = k
            self.faces[i] = k
        L = self.L
        line = self.slots[i]
        x = L.strip_x + i * L.slot_w + L.gap + ((self.label_chars - len(text)) * L.cw // 2 if text else 0)
        y = L.card_y + (L.card_h - L.lh) // 2 - (self.lift if 0 < k < 5 else 0)  # a number card's: above its shape
        if line.x != x or line.y != y:
            line.move(x, y)
        line.set(text, color, None)

    def message(self, text, color=ui.DIM):
        """Say text in the message area: whole where it fits, else in pages of the area's lines
        that turn by themselves or at once (turn), round again; a page with more
        after it ends in the `more` mark (the button that turns it, and a "»")."""
        if text == self.shown_msg and color == self.shown_color:
            return  # (wrapped and set again, it would come out the same: the page stays)
        self.shown_msg = text
        self.shown_color = color
        cols = self.L.cols
        lines = ui.wrap(text, cols) if text else []
        if len(lines) > len(self.msg):
            lines = ui.wrap(text, cols - len(self.more) - 1)  # room for " ↑»" after the last line
        self.msg_lines = lines
        self.msg_page = 0
        self.msg_turned = None
        self.show_page()

    def show_page(self):
        n = len(self.msg)
        lines = self.msg_lines
        first = self.msg_page * n
        for i in range(n):
            text = lines[first + i] if first + i < len(lines) else ""
            if i == n - 1 and first + n < len(lines):
                text += " " * (self.L.cols - len(self.more) - len(text)) + self.more
            self.msg[i].set(text, self.shown_color)

    def turn(self, now, at_once=False):
        """Turn the page when it has been up ui.PAGE_MS a line, or at once; True when the area changed."""
        n = len(self.msg)
        if len(self.msg_lines) <= n:
            return False
        if not at_once:
            if self.msg_turned is None:
                self.msg_turned = now  # its time starts at the first tick that shows it
                return False
            if ticks_diff(now, self.msg_turned) < ui.PAGE_MS * n:
                return False
        self.msg_page = (self.msg_page + 1) % ((len(self.msg_lines) + n - 1) // n)
        self.msg_turned = now
        self.show_page()
        return True

    # --- what the screen shows (tests, serial log) ----------------------------------
    def slot_texts(self):
        return [sl.text for sl in self.slots]

    def message_text(self):
        """The whole message, every page of it."""
        return self.shown_msg or ""
