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

from engine import turn
from engine.cards import DRAW, END, GAME_CINQUILLO, PASS, REVERSE, SKIP
from firmware import ui
from firmware.lang import current, t

current()  # the language's table is read now, at boot (the app imports this module then), not mid-match
# Row colors: Elfer Raus red, yellow, blue, green; Cinquillo coins, cups, swords, clubs.
ROW_RGB = ((0xE02020, 0xE8C020, 0x2060E8, 0x20B040), (0xD8B030, 0xD02828, 0x3070E0, 0x309040))
TEXT_ON = ((ui.WHITE, ui.BLACK, ui.WHITE, ui.BLACK), (ui.BLACK, ui.WHITE, ui.WHITE, ui.WHITE))
DEAD_RGB = 0x701010
ACTION_RGB = 0x606060
MARK_RGB = 0x40E040
# The symbols (firmware/glyphs.py draws them, firmware/legend.py explains them) are written
# out where used, not named: each name the device compiles stays interned (docs/memory.md).
# The move boxes: draw "+" and the stock's card back, end a check mark, pass an empty set.
MOVE_TEXT = {DRAW: "+" + "\u25a4", END: "\u2713", PASS: "\u2205"}
# Tiles of the row sheet: 0 empty, 1-4 placed (color), 5-8 start frame (color), 9 dead.
T_PLACED = 1
T_START = 5
T_DEAD = 9
TILES = 10
# Tiles of the card sheet (the strip's card faces): 0 none, 1-4 a card of that color, 5 a dead
# card, 6 a move box (and on a monochrome screen every card: framed), 7 an action card, 8 the
# cursor's card where the layout has no cursor bar (filled white, the label black). Numbers,
# not names: see MOVE_TEXT.
# On a monochrome screen (gfx.mono) the Elfer Raus rows are told apart by shapes, the same
# at each row's start and before each card's rank (firmware/glyphs.py ROW_MARKS).
ROW_MARKS = "\u25cf\u25b2\u25a1\u25bc"


class Layout:
    """Where everything goes for a width x height screen; label: a card label's characters
    (2, or 3 where a mark of the card's row goes before an Elfer Raus rank)."""

    def __init__(self, width, height, ranks, players, label=2):
        s = ui.text_scale(width, height)
        self.s = s
        self.cw = ui.CHAR_W * s
        self.lh = ui.CHAR_H * s
        self.cols = (width - 4) // self.cw  # 2 px kept free at either edge (bezels hide them)
        self.x = (width - self.cols * self.cw) // 2  # where the text columns start
        y = 1
        self.status_y = y
        y += self.lh + 1
        self.rows_y = y
        self.row_left = self.x + self.cw + 2  # the row's symbol
        n = self.span_chars = 5 if ranks > 9 else 3  # the span text: "12-20", "1-7"
        self.cell = (width - self.x - n * self.cw - 2 - self.row_left) // ranks
        self.row_h = self.lh - 2 * s  # symbols, digits and capitals only: rows may sit closer than text lines
        y += 4 * self.row_h + 1
        # Opponents: in one row, each a name line ("P2 15") over a last-action line; where
        # a row cannot hold the names, in two rows, the action beside the name if it fits.
        self.opp_y = y
        opps = players - 1
        self.name_form = 0  # "P2 15" (firmware/compact.py shortens it)
        if self.cols // opps >= 6:  # a name line holds "P2 15"
            self.opp_rows = 1
            self.opp_w = min(self.cols // opps, 9)
            self.name_chars = self.act_chars = self.opp_w - 1
        else:
            self.opp_rows = 2
            self.opp_w = self.cols // ((opps + 1) // 2)
            self.name_chars = 5
            self.act_chars = self.opp_w - 7
        y += 2 * self.lh + 1
        self.bar = 2 * s
        # The hand: cards of `label` characters and a pixel of padding (gap), a pixel (gap)
        # apart, between the scroll arrows; taller than a text line where the screen has the room.
        self.gap = s
        self.slot_w = label * self.cw + 2 * self.gap
        inner = width - 2 * (2 + ui.CHAR_W + 1)  # the scroll arrows are single size, in the margins
        self.slots = (inner + self.gap) // self.slot_w
        self.strip_x = (width - self.slots * self.slot_w + self.gap) // 2
        self.card_y = y + self.bar + 1
        self.cursor_y = self.card_y - self.bar - 1
        self.card_h = self.lh + 2 * s  # two message lines must still fit below
        if self.card_y + self.card_h + self.bar + 2 + 2 * self.lh > height:
            self.card_h = self.lh
        self.mark_y = self.card_y + self.card_h + 1
        self.msg_y = self.mark_y + self.bar + 1
        self.msg_lines = max(1, min(2, (height - self.msg_y) // self.lh))
        if self.msg_y + self.lh > height:  # not even one message line: the compact stack (no cursor_y)
            from firmware.compact import layout

            layout(self, width, height, ranks, players)
        self.row_right = self.row_left + self.cell * ranks  # the span text follows the cells


def _row_sheet(gfx, cell, rh, mono):
    """The row tiles: empty, placed (colour), the start card's frame (colour), dead. mono: empty
    a dot in its corner (a dark frame would not show), dead a cross (a frame and a stroke
    would look like a placed card when cells are a few pixels wide)."""
    sheet = gfx.sheet(cell, rh, TILES, 7)
    for k in range(TILES):
        for y in range(rh - 1):  # the last column and row stay black: the gaps
            for x in range(cell - 1):
                edge = x == 0 or y == 0 or x == cell - 2 or y == rh - 2
                if k == 0:
                    v = 1 if (x == 0 and y == rh - 2 if mono else edge) else 0
                elif k < T_START:
                    v = 1 + k  # colours 2..5
                elif k < T_DEAD:
                    v = 2 + k - T_START if edge else 0
                elif mono:
                    d = y * (cell - 2) // (rh - 2)
                    v = 6 if x == d or x == cell - 2 - d else 0
                else:
                    v = 6 if edge or x == y * (cell - 1) // (rh - 1) else 0
                if v:
                    sheet.set(k, x, y, v)
    return sheet


def _card_sheet(gfx, w, h, gap, scale, kinds):
    """The card faces' backgrounds: w x h tiles (the last gap columns stay clear), one per kind
    (8, or 9 with the cursor's card)."""
    sheet = gfx.sheet(w, h, kinds, kinds + 1, scale)
    cw = w - gap
    for k in range(1, kinds):
        for y in range(h):
            for x in range(cw):
                edge = x == 0 or y == 0 or x == cw - 1 or y == h - 1
                if k <= 4:
                    v = k
                elif k == 5:  # dead: struck through
                    v = 6 if edge or x == (h - 1 - y) * (cw - 1) // (h - 1) else 5
                elif k == 6:  # a move box: a frame
                    v = 7 if edge else 0
                else:
                    v = k + 1  # action card, cursor's card: filled
                if v:
                    sheet.set(k, x, y, v)
    return sheet


def _bar_sheet(gfx, w, filled, h):
    """The cursor and mark bars: tile 1 white, tile 2 the mark's green, over filled of w columns."""
    sheet = gfx.sheet(w, h, 3, 3)
    for k in (1, 2):
        for y in range(h):
            for x in range(filled):
                sheet.set(k, x, y, k)
    return sheet


class TableView:
    def __init__(self, gfx, width, height, rules):
        self.rules = rules
        self.game = rules.game
        self.width = width
        # Without colour an Elfer Raus card carries its row's shape before the rank.
        self.mono = gfx.mono
        label = self.label_chars = 1 + len(str(rules.ranks)) if self.mono and self.game != GAME_CINQUILLO else 2
        L = self.L = Layout(width, height, rules.ranks, rules.players, label)
        self.layer = gfx.layer()
        g = self.layer
        s = L.s
        self.status = ui.Line(g, L.x, L.status_y, L.cols, s)
        # Rows: symbol, tiles, span text.
        cell, rh = L.cell, L.row_h - 1
        colors = ROW_RGB[self.game]
        self.grid = gfx.tiles(
            g,
            _row_sheet(gfx, cell, rh, self.mono),
            L.row_left,
            L.rows_y,
            rules.ranks,
            rules.colors,
            (ui.BLACK, ui.GRAY if self.mono else ui.DARK) + colors + (ui.WHITE if self.mono else DEAD_RGB,),
        )
        # the grid's rows are row_h - 1 apart plus the 1px gap drawn inside each tile
        self.spans = []  # none where the rows are too thin for a digit
        for c in range(rules.colors if L.span_chars else 0):
            self.spans.append(ui.Line(g, L.row_right + 2, L.rows_y + c * rh, (width - L.row_right - 2) // L.cw, s))
        # The rows' symbols (suit, block in the color, or shape) drawn once into one tile; a
        # symbol taller than its row reaches into the next row's space, or in the compact
        # layout shows the middle of its ink, its row's height.
        sym = gfx.sheet(L.cw, 4 * rh, 1, 5)
        for c in range(4):
            k = ui.tile_of(self.suit(c))
            top = 0
            if L.cursor_y is None:
                from firmware.compact import symbol_top

                top = symbol_top(k, rh // s)
            for y in range(c * rh, min(4 * rh, c * rh + (ui.CHAR_H - top) * s)):
                row = ui.glyph_row(k, top + (y - c * rh) // s)
                for x in range(L.cw):
                    if row >> (5 - x // s) & 1:
                        sym.set(0, x, y, 1 + c)
        ui.drop_bits()
        gfx.tiles(g, sym, L.x, L.rows_y, 1, 1, (None,) + colors)
        # Opponents (Layout says where), clockwise from the person.
        self.opp_names = []
        self.opp_acts = []  # None where the layout has no room for the last action
        per_row = (rules.players - 1 + L.opp_rows - 1) // L.opp_rows
        for i in range(rules.players - 1):
            x = L.x + (i % per_row) * L.opp_w * L.cw
            y = L.opp_y + (i // per_row) * (L.lh + 1)  # two rows of names a pixel apart
            self.opp_names.append(ui.Line(g, x, y, L.name_chars, s))
            act = None
            if L.opp_rows == 1 and L.act_chars:
                act = ui.Line(g, x, y + L.lh, L.act_chars, s, ui.DIM)
            elif L.act_chars >= 3:
                act = ui.Line(g, x + (L.name_chars + 1) * L.cw, y, L.act_chars, s, ui.DIM)
            self.opp_acts.append(act)
        # Hand strip: card backgrounds (one tile per slot), a label on each, a cursor bar
        # above (or the cursor's card inverted) and playable marks below.
        kinds = 8 if L.cursor_y is not None else 9
        self.faces = gfx.tiles(
            g,
            _card_sheet(gfx, L.slot_w // s, L.card_h // s, L.gap // s, s, kinds),
            L.strip_x,
            L.card_y,
            L.slots,
            1,
            (None,) + colors + (DEAD_RGB, 0xFF3030, 0xB0B0B0, ACTION_RGB, ui.WHITE)[: kinds - 4],  # strike, frame
        )
        self.slots = []
        top = L.card_y + (L.card_h - L.lh) // 2  # the labels' text, in the middle of the card
        for i in range(L.slots):
            self.slots.append(ui.Line(g, L.strip_x + i * L.slot_w + L.gap, top, label, s))
        # The scroll arrows: a glyph tile each, single size, in the middle of the text's height.
        y = top + (L.lh - ui.CHAR_H) // 2
        sheet = ui.glyph_sheet(gfx)
        self.arrows = []
        for x in (L.strip_x - ui.CHAR_W - 1, L.strip_x + L.slots * L.slot_w - L.gap + 1):
            self.arrows.append(gfx.tiles(g, sheet, x, y, 1, 1, (None, ui.DIM)))
        bars = _bar_sheet(gfx, L.slot_w, L.slot_w - L.gap, L.bar)
        self.cursor = None
        if L.cursor_y is not None:
            self.cursor = gfx.tiles(g, bars, L.strip_x, L.cursor_y, L.slots, 1, (None, ui.WHITE, MARK_RGB))
        self.marks = gfx.tiles(g, bars, L.strip_x, L.mark_y, L.slots, 1, (None, ui.WHITE, MARK_RGB))
        self.msg = []
        for i in range(L.msg_lines):
            self.msg.append(ui.Line(g, L.x, L.msg_y + i * L.lh, L.cols, s, ui.DIM))
        self.items = []  # the strip's contents: cards of the hand, then legal draw/end/pass
        self.first = 0  # index of the item in the leftmost slot
        self.shown_cursor = -1
        self.shown_marks = [0] * L.slots
        self.shown_faces = [0] * L.slots
        self.msg_dropped = 0  # lines of the last message that found no room (tools/layoutcheck.py)
        self.pages = None
        if L.cursor_y is None:
            from firmware.compact import Pages

            self.pages = Pages(self.msg[0], L.cols)

    # --- the parts ----------------------------------------------------------------
    def draw_rows(self, v):
        dead = self.rules.bastard
        for c in range(self.rules.colors):
            lo, hi = v.lo[c], v.hi[c]
            dm = turn.dead_mask(v, c) if dead and hi else 0
            for r in range(1, self.rules.ranks + 1):
                if hi and lo <= r <= hi:
                    k = T_DEAD if dm >> r & 1 else T_PLACED + c
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
        return ROW_MARKS[c] if self.label_chars > 2 else "\u2588"  # or a full block

    def face(self, c):
        """A number card's label: the rank (its color is the card's), with the suit in Cinquillo
        or the row's shape where there is no colour."""
        if self.game == GAME_CINQUILLO or self.label_chars > 2:
            return self.suit(c >> 5) + self.rank(c & 31)
        return str(c & 31)

    def draw_status(self, v, you_move):
        if v.phase != 0:
            who = t(b"table_round_over")
        elif you_move:
            who = t(b"table_your_turn")
        else:
            who = t(b"table_plays") % self.seat(v.turn)
        who += " " + ("\u21bb" if v.dir > 0 else "\u21ba")  # clockwise, counterclockwise
        stock = v.stock_left
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

    def draw_opponents(self, v, last, last_card):
        n = v.n
        p = v.seat
        for i in range(n - 1):
            p = (p + 1) % n  # clockwise from the person, whatever the direction of play
            name = self.opp_names[i]
            act = self.opp_acts[i]
            if not v.active[p]:
                name.set(self.seat(p) + " " + "--" if self.L.name_form == 0 else "--", ui.DIM, ui.DARK)
                if act is not None:
                    text = t(b"table_act_out")
                    act.set(text if len(text) <= act.chars else "--", ui.DIM)
                continue
            bg = ui.HIGHLIGHT if v.turn == p and v.phase == 0 else ui.DARK
            if self.L.name_form:
                from firmware.compact import short_name

                text = short_name(self.L.name_form, p, v.count[p])
            else:
                text = "%s %d" % (self.seat(p), v.count[p])
            name.set(text, ui.WHITE, bg)
            if act is None:
                continue
            # The last action: drew or passed (the word, or the move box's symbol where it
            # does not fit), or the card played, in its color.
            move = last[p]
            c = last_card[p]
            if move == DRAW or move == PASS:
                text = t(b"table_act_drew" if move == DRAW else b"table_act_pass")
                act.set(text if len(text) <= act.chars else MOVE_TEXT[move], ui.DIM)
            elif (move == END or move < DRAW) and c:
                if c == SKIP or c == REVERSE:
                    act.set(self.token(c), ui.DIM)
                else:
                    act.set(self.face(c), ROW_RGB[self.game][c >> 5])
            else:
                act.set("")

    def token(self, c):
        """The Elfer Raus action cards (variant V6)."""
        return "SK" if c == SKIP else "RV"

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
        for i in range(k):
            j = self.first + i
            mark = 0
            if j >= len(items):
                self.draw_face(i, 0, "", ui.WHITE)
            else:
                m = items[j]
                if m >= DRAW:
                    text, kind, color = MOVE_TEXT[m], 6, ui.WHITE
                elif m == SKIP or m == REVERSE:
                    text, kind, color = self.token(m), 6 if mono else 7, ui.WHITE
                elif bastard and turn.is_dead(v, m):
                    text, kind, color = self.face(m), 5, 0xFFB0B0  # pink on the dark red
                else:
                    c = m >> 5
                    text, kind, color = self.face(m), 6 if mono else 1 + c, ui.WHITE if mono else on[c]
                if i == inverted:
                    kind, color = 8, ui.BLACK
                self.draw_face(i, kind, text, color)
                if show_marks and (m >= DRAW or playable(m)):
                    mark = 2
            if self.shown_marks[i] != mark:
                self.shown_marks[i] = mark
                self.marks[i] = mark
        self.arrows[0][0] = ord("<") - ui.FIRST if self.first > 0 else 0
        self.arrows[1][0] = ord(">") - ui.FIRST if self.first + k < len(items) else 0
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
        moves half a character right)."""
        if self.shown_faces[i] != k:
            self.shown_faces[i] = k
            self.faces[i] = k
        L = self.L
        line = self.slots[i]
        x = L.strip_x + i * L.slot_w + L.gap + ((self.label_chars - len(text)) * L.cw // 2 if text else 0)
        if line.x != x:
            line.move(x, line.y)
        line.set(text, color, None)

    def message(self, text, color=ui.DIM):
        if self.pages is not None:  # one line: a longer message shows in pages
            self.pages.show(text, color)
            return
        lines = ui.wrap(text, self.L.cols) if text else []
        self.msg_dropped = len(lines) - len(self.msg) if len(lines) > len(self.msg) else 0
        for i in range(len(self.msg)):
            self.msg[i].set(lines[i] if i < len(lines) else "", color)

    # --- what the screen shows (tests, serial log) ----------------------------------
    def slot_texts(self):
        return [sl.text for sl in self.slots]

    def marked_slots(self):
        return [i for i in range(len(self.slots)) if self.shown_marks[i]]

    def message_text(self):
        if self.pages is not None:
            return self.pages.text
        return " ".join(m.text for m in self.msg).strip()
