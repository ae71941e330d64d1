"""The table screen's drawing: rows, status, opponents, the hand strip and a message area.

The layout is computed from the screen size and the text scale, never drawn
per board. Rows are a TileGrid over a small sheet of cell tiles (one cell per
rank: empty, placed in its color, the start card's frame, dead), so updating
a row rewrites a few tile indices. The hand is a strip of fixed-width card
labels scrolled around the cursor, with a cursor bar above and playable
marks below, both in one small bitmap each.
"""

import displayio

from engine import turn
from engine.cards import COLOR_LETTERS, DRAW, END, GAME_CINQUILLO, PASS, REVERSE, SKIP
from firmware import ui

# Row colors: Elfer Raus red, yellow, blue, green; Cinquillo coins, cups, swords, clubs.
ROW_RGB = ((0xE02020, 0xE8C020, 0x2060E8, 0x20B040), (0xD8B030, 0xD02828, 0x3070E0, 0x309040))
TEXT_ON = ((ui.WHITE, ui.BLACK, ui.WHITE, ui.BLACK), (ui.BLACK, ui.WHITE, ui.WHITE, ui.WHITE))
DEAD_RGB = 0x701010
ACTION_RGB = 0x606060
MOVE_RGB = 0x404040
MARK_RGB = 0x40E040
CINQ_RANKS = " 1234567JNK"
MOVE_TEXT = {DRAW: "DR", END: "EN", PASS: "PA"}
MOVE_WORDS = {DRAW: "draw a card", END: "end your turn", PASS: "pass"}
# The status line, long to short: (round, who, direction) and (stock).
STATUS_FORMS = (("R%d ", " stock %d"), ("R%d ", " S%d"), ("", " S%d"))
# Tiles of the row sheet: 0 empty, 1-4 placed (color), 5-8 start frame (color), 9 dead.
T_PLACED = 1
T_START = 5
T_DEAD = 9
TILES = 10


class Layout:
    """Where everything goes for a width x height screen."""

    def __init__(self, width, height, ranks, players):
        s = ui.text_scale(width, height)
        self.s = s
        self.cw = ui.CHAR_W * s
        self.lh = ui.CHAR_H * s
        self.cols = width // self.cw
        y = 0
        self.status_y = y
        y += self.lh + 1
        self.rows_y = y
        self.row_left = self.cw + 2  # the color letter
        self.row_right = 5 * self.cw + 2  # "12-20"
        self.cell = (width - self.row_left - self.row_right) // ranks
        self.row_h = self.lh - 2 * s  # digits and capitals only: rows may sit closer than text lines
        y += 4 * self.row_h + 1
        self.opp_y = y
        opps = players - 1
        self.opp_w = min(self.cols // opps, 9)
        y += 2 * self.lh + 2
        self.bar = 2 * s
        self.strip_y = y + self.bar + 1
        self.slot_chars = 2
        self.slot_w = self.slot_chars * self.cw + 3
        self.slots = (width - 2 * self.cw) // self.slot_w
        self.strip_x = (width - self.slots * self.slot_w) // 2
        y = self.strip_y + self.lh + self.bar + 2
        self.msg_y = y
        self.msg_lines = max(1, min(2, (height - y) // self.lh))


def _sheet(cell, height):
    """The row tiles: cell x height each, stacked in one bitmap."""
    pal = displayio.Palette(8)
    pal[0] = ui.BLACK
    pal[1] = ui.DARK
    pal[6] = DEAD_RGB
    pal[7] = ui.WHITE
    bmp = displayio.Bitmap(cell, height * TILES, 8)
    return bmp, pal


class TableView:
    def __init__(self, width, height, rules):
        self.rules = rules
        self.game = rules.game
        self.width = width
        L = self.L = Layout(width, height, rules.ranks, rules.players)
        self.group = displayio.Group()
        g = self.group
        s = L.s
        self.status = ui.Line(g, 0, L.status_y, L.cols, s)
        # Rows: letter, tile grid, span text.
        cell, rh = L.cell, L.row_h - 1
        bmp, pal = _sheet(cell, rh)
        colors = ROW_RGB[self.game]
        for c in range(4):
            pal[2 + c] = colors[c]
        _draw_tiles(bmp, cell, rh)
        self.grid = displayio.TileGrid(
            bmp,
            pixel_shader=pal,
            width=rules.ranks,
            height=rules.colors,
            tile_width=cell,
            tile_height=rh,
            x=L.row_left,
            y=L.rows_y,
        )
        # the grid's rows are row_h - 1 apart plus the 1px gap drawn inside each tile
        g.append(self.grid)
        self.letters = []
        self.spans = []
        for c in range(rules.colors):
            y = L.rows_y + c * rh
            self.letters.append(ui.Line(g, 0, y, 1, s, colors[c]))
            self.spans.append(ui.Line(g, width - L.row_right + 2, y, 5, s))
            self.letters[c].set(COLOR_LETTERS[self.game][c])
        # Opponents: two lines per seat (name and count; last action).
        self.opp_names = []
        self.opp_acts = []
        n = rules.players
        for i in range(n - 1):
            x = i * L.opp_w * L.cw
            self.opp_names.append(ui.Line(g, x, L.opp_y, L.opp_w - 1, s))
            self.opp_acts.append(ui.Line(g, x, L.opp_y + L.lh, L.opp_w - 1, s, ui.DIM))
        # Hand strip with a cursor bar above and playable marks below.
        self.slots = []
        for i in range(L.slots):
            x = L.strip_x + i * L.slot_w
            self.slots.append(ui.Line(g, x + 1, L.strip_y, L.slot_chars, s))
        self.more_left = ui.Line(g, 0, L.strip_y, 1, s, ui.DIM)
        self.more_right = ui.Line(g, width - L.cw, L.strip_y, 1, s, ui.DIM)
        bpal = displayio.Palette(3)
        bpal[0] = ui.BLACK
        bpal[1] = ui.WHITE
        bpal[2] = MARK_RGB
        bpal.make_transparent(0)
        self.cursor_bmp = displayio.Bitmap(width, L.bar, 3)
        self.marks_bmp = displayio.Bitmap(width, L.bar, 3)
        g.append(displayio.TileGrid(self.cursor_bmp, pixel_shader=bpal, x=0, y=L.strip_y - L.bar - 1))
        g.append(displayio.TileGrid(self.marks_bmp, pixel_shader=bpal, x=0, y=L.strip_y + L.lh + 1))
        self.msg = []
        for i in range(L.msg_lines):
            self.msg.append(ui.Line(g, 0, L.msg_y + i * L.lh, L.cols, s, ui.DIM))
        self.items = []  # the strip's contents: cards of the hand, then legal draw/end/pass
        self.first = 0  # index of the item in the leftmost slot
        self.shown_cursor = -1
        self.shown_marks = [0] * L.slots

    # --- the parts ----------------------------------------------------------------
    def draw_rows(self, v):
        dead = self.rules.bastard
        for c in range(self.rules.colors):
            lo, hi = v.lo[c], v.hi[c]
            dm = turn.dead_mask(v, c) if dead and hi else 0
            for r in range(1, self.rules.ranks + 1):
                if hi and lo <= r <= hi:
                    t = T_DEAD if dm >> r & 1 else T_PLACED + c
                elif not hi and r == v.start[c]:
                    t = T_START + c
                else:
                    t = 0
                if self.grid[r - 1, c] != t:
                    self.grid[r - 1, c] = t
            if hi:
                text = self.rank(lo) if lo == hi else "%s-%s" % (self.rank(lo), self.rank(hi))
            else:
                text = "--"
            self.spans[c].set(text)

    def rank(self, r):
        if self.game == GAME_CINQUILLO:
            return CINQ_RANKS[r]
        return str(r)

    def draw_status(self, v, you_move):
        who = "YOUR TURN" if you_move else "P%d plays" % (v.turn + 1)
        if v.phase != 0:
            who = "round over"
        arrow = ">>" if v.dir > 0 else "<<"
        stock = v.stock_left
        if self.game == GAME_CINQUILLO and v.nactive > 2:
            stock = -1  # everything is dealt: no stock to show
        text = ""
        for form in STATUS_FORMS:  # the longest that fits the line
            text = (form[0] % v.round_no if form[0] else "") + who + " " + arrow
            if stock >= 0:
                text += form[1] % stock
            if len(text) <= self.L.cols:
                break
        self.status.set(text, ui.GOOD if you_move else ui.WHITE)

    def draw_opponents(self, v, last, last_card):
        n = v.n
        p = v.seat
        for i in range(n - 1):
            p = (p + 1) % n  # clockwise from the person, whatever the direction of play
            name = self.opp_names[i]
            act = self.opp_acts[i]
            if not v.active[p]:
                name.set("P%d --" % (p + 1), ui.DIM, ui.DARK)
                act.set("out")
                continue
            bg = ui.HIGHLIGHT if v.turn == p and v.phase == 0 else ui.DARK
            name.set("P%d %d" % (p + 1, v.count[p]), ui.WHITE, bg)
            act.set(self.action_text(last[p], last_card[p]))

    def action_text(self, move, card):
        if move == DRAW:
            return "drew"
        if move == PASS:
            return "pass"
        if move == END or move < DRAW:
            return self.token(card) if card else ""
        return ""

    def token(self, c):
        if c == SKIP:
            return "SK"
        if c == REVERSE:
            return "RV"
        return COLOR_LETTERS[self.game][c >> 5] + self.rank(c & 31)

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
        colors = ROW_RGB[self.game]
        on = TEXT_ON[self.game]
        for i in range(k):
            j = self.first + i
            slot = self.slots[i]
            mark = 0
            if j >= len(items):
                slot.set("", ui.WHITE, None)
            else:
                m = items[j]
                if m >= DRAW:
                    slot.set(MOVE_TEXT[m], ui.WHITE, MOVE_RGB)
                elif m == SKIP or m == REVERSE:
                    slot.set(self.token(m), ui.WHITE, ACTION_RGB)
                elif self.rules.bastard and turn.is_dead(v, m):
                    slot.set("x" + self.rank(m & 31), 0xFF3030, ui.BLACK)
                else:
                    c = m >> 5
                    r = self.rank(m & 31)
                    slot.set(r if len(r) > 1 else " " + r, on[c], colors[c])
                if show_marks and (m >= DRAW or playable(m)):
                    mark = 2
            if self.shown_marks[i] != mark:
                self.shown_marks[i] = mark
                _fill(self.marks_bmp, L.strip_x + i * L.slot_w + 1, L.slot_w - 2, L.bar, mark)
        self.more_left.set("<" if self.first > 0 else "")
        self.more_right.set(">" if self.first + k < len(items) else "")
        pos = cursor - self.first if 0 <= cursor < len(items) else -1
        if pos != self.shown_cursor:
            if self.shown_cursor >= 0:
                _fill(self.cursor_bmp, L.strip_x + self.shown_cursor * L.slot_w, L.slot_w, L.bar, 0)
            if pos >= 0:
                _fill(self.cursor_bmp, L.strip_x + pos * L.slot_w, L.slot_w, L.bar, 1)
            self.shown_cursor = pos

    def message(self, text, color=ui.DIM):
        lines = ui.wrap(text, self.L.cols) if text else []
        for i in range(len(self.msg)):
            self.msg[i].set(lines[i] if i < len(lines) else "", color)

    # --- what the screen shows (tests, serial log) ----------------------------------
    def slot_texts(self):
        return [sl.text for sl in self.slots]

    def marked_slots(self):
        return [i for i in range(len(self.slots)) if self.shown_marks[i]]

    def message_text(self):
        return " ".join(m.text for m in self.msg).strip()


def _fill(bmp, x, w, h, value):
    for yy in range(h):
        for xx in range(x, x + w):
            bmp[xx, yy] = value


def _draw_tiles(bmp, cell, rh):
    """Tile t occupies rows t*rh .. t*rh+rh-1; the last column and row stay black (gaps)."""
    for t in range(TILES):
        top = t * rh
        for y in range(rh - 1):
            for x in range(cell - 1):
                edge = x == 0 or y == 0 or x == cell - 2 or y == rh - 2
                if t == 0:
                    v = 1 if edge else 0
                elif t < T_START:
                    v = 1 + t  # palette 2..5
                elif t < T_DEAD:
                    v = 2 + t - T_START if edge else 0
                else:
                    v = 6 if edge or x == y * (cell - 1) // (rh - 1) else 0
                bmp[x, top + y] = v
