"""The table's construction: its layout for the screen, the sheets of tiles and every grid and
line (firmware/table.py TableView and Layout call this). Loaded while a table is made, then
dropped: a round in play holds only the drawing code (docs/memory.md, issue 36).
"""

from engine.cards import GAME_CINQUILLO
from firmware import ui
from firmware.table import ACTION_RGB, DEAD_RGB, MARK_RGB, ROW_RGB, T_DEAD, T_START, TEXT_ON, TILES, Layout


def plan(L, width, height, ranks, players, label=2):
    """Fill Layout L for a width x height screen (firmware/table.py Layout)."""
    s = ui.text_scale(width, height)
    L.s = s
    L.cw = ui.CHAR_W * s
    L.lh = ui.CHAR_H * s
    L.cols = (width - 4) // L.cw  # 2 px kept free at either edge (bezels hide them)
    L.x = (width - L.cols * L.cw) // 2  # where the text columns start
    y = 1
    L.status_y = y
    y += L.lh + 1
    L.rows_y = y
    L.row_left = L.x + L.cw + 2  # the row's symbol
    n = L.span_chars = 5 if ranks > 9 else 3  # the span text: "12-20", "1-7"
    L.cell = (width - L.x - n * L.cw - 2 - L.row_left) // ranks
    L.row_h = L.lh - 2 * s  # symbols, digits and capitals only: rows may sit closer than text lines
    y += 4 * L.row_h + 1
    # Opponents: in one row, each a name line ("P2 15") over a last-action line; where
    # a row cannot hold the names, in two rows, the action beside the name if it fits.
    L.opp_y = y
    opps = players - 1
    L.name_form = 0  # "P2 15" (firmware/compact.py shortens it)
    if L.cols // opps >= 6:  # a name line holds "P2 15"
        L.opp_rows = 1
        L.opp_w = min(L.cols // opps, 9)
        L.name_chars = L.act_chars = L.opp_w - 1
    else:
        L.opp_rows = 2
        L.opp_w = L.cols // ((opps + 1) // 2)
        L.name_chars = 5
        L.act_chars = L.opp_w - 7
    y += 2 * L.lh + 1
    L.bar = 2 * s
    # The hand: cards of `label` characters and a pixel of padding (gap), a pixel (gap)
    # apart, between the scroll arrows; taller than a text line where the screen has the room.
    L.gap = s
    L.slot_w = label * L.cw + 2 * L.gap
    inner = width - 2 * (2 + ui.CHAR_W + 1)  # the scroll arrows are single size, in the margins
    L.slots = (inner + L.gap) // L.slot_w
    L.strip_x = (width - L.slots * L.slot_w + L.gap) // 2
    L.card_y = y + L.bar + 1
    L.cursor_y = L.card_y - L.bar - 1
    L.card_h = L.lh + 2 * s  # two message lines must still fit below
    if L.card_y + L.card_h + L.bar + 2 + 2 * L.lh > height:
        L.card_h = L.lh
    L.mark_y = L.card_y + L.card_h + 1
    L.msg_y = L.mark_y + L.bar + 1
    L.msg_lines = max(1, min(2, (height - L.msg_y) // L.lh))
    if L.msg_y + L.lh > height:  # not even one message line: the compact stack (no cursor_y)
        from firmware.compact import layout

        layout(L, width, height, ranks, players)
    L.row_right = L.row_left + L.cell * ranks  # the span text follows the cells


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


def _card_sheet(gfx, w, h, gap, scale, kinds, marks, top):
    """The card faces' backgrounds: w x h tiles (the last gap columns stay clear), one per kind
    (8, or 9 with the cursor's card); marks: the label colours of the four colours, each card's
    shape drawn in it from row top (white: palette entry 9; black: 0, the screen through), or None."""
    sheet = gfx.sheet(w, h, kinds, 10 if marks else kinds + 1, scale)
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
    # The rows' shapes (firmware/glyphs.py ROW_MARKS: circle, triangle, square, triangle down),
    # 5 x 3 pixels each: 15 bits a shape, its rows of 5 from the top (bit 14 its top left).
    shapes = b";\xee\x11\xdf~?}\xc4"
    x0 = (cw - 5) // 2
    for c in range(4 if marks else 0):  # over the cards' colour
        bits = shapes[2 * c] << 8 | shapes[2 * c + 1]
        v = 9 if marks[c] == ui.WHITE else 0
        for i in range(15):
            if bits >> 14 - i & 1:
                sheet.set(1 + c, x0 + i % 5, top + i // 5, v)
    return sheet


def _bar_sheet(gfx, w, filled, h):
    """The cursor and mark bars: tile 1 white, tile 2 the mark's green, over filled of w columns."""
    sheet = gfx.sheet(w, h, 3, 3)
    for k in (1, 2):
        for y in range(h):
            for x in range(filled):
                sheet.set(k, x, y, k)
    return sheet


def build(tv, gfx, width, height, rules, symbols=1):
    """Make the TableView tv's drawing: its layer and every grid, line and sheet on it."""
    tv.rules = rules
    tv.game = rules.game
    tv.width = width
    # Without colour an Elfer Raus card carries its row's shape before the rank.
    # With colour symbols on (symbols: the setting), a colour screen shows them as well: the
    # row's shape at its start, on each card's tile in the hand, before the rank on a line.
    tv.mono = gfx.mono
    elfer = tv.game != GAME_CINQUILLO
    tv.shapes = elfer and (tv.mono or symbols == 1)
    marks = TEXT_ON[tv.game] if tv.shapes and not tv.mono else None
    label = tv.label_chars = 1 + len(str(rules.ranks)) if tv.mono and elfer else 2
    L = tv.L = Layout(width, height, rules.ranks, rules.players, label)
    tv.layer = gfx.layer()
    g = tv.layer
    s = L.s
    tv.status = ui.Line(g, L.x, L.status_y, L.cols, s)
    # Rows: symbol, tiles, span text.
    cell, rh = L.cell, L.row_h - 1
    colors = ROW_RGB[tv.game]
    tv.grid = gfx.tiles(
        g,
        _row_sheet(gfx, cell, rh, tv.mono),
        L.row_left,
        L.rows_y,
        rules.ranks,
        rules.colors,
        (ui.BLACK, ui.GRAY if tv.mono else ui.DARK) + colors + (ui.WHITE if tv.mono else DEAD_RGB,),
    )
    # the grid's rows are row_h - 1 apart plus the 1px gap drawn inside each tile
    tv.spans = []  # none where the rows are too thin for a digit
    for c in range(rules.colors if L.span_chars else 0):
        tv.spans.append(ui.Line(g, L.row_right + 2, L.rows_y + c * rh, (width - L.row_right - 2) // L.cw, s))
    # The rows' symbols (suit, block in the color, or shape) drawn once into one tile; a
    # symbol taller than its row reaches into the next row's space, or in the compact
    # layout shows the middle of its ink, its row's height.
    sym = gfx.sheet(L.cw, 4 * rh, 1, 5)
    for c in range(4):
        k = ui.tile_of(tv.suit(c))
        top = 0
        if L.cursor_y is None:
            from firmware.compact import symbol_top

            top = symbol_top(k, rh // s)
        for y in range(c * rh, min(4 * rh, c * rh + (ui.CHAR_H - top) * s)):
            row = ui.glyph_row(k, top + (y - c * rh) // s)
            for x in range(L.cw):
                if row >> (5 - x // s) & 1:
                    sym.set(0, x, y, 1 + c)
    arrows = ui.glyph_tiles(gfx, "<>")  # the hand's scroll arrows (tiles 1 and 2: table.py)
    ui.drop_bits()
    gfx.tiles(g, sym, L.x, L.rows_y, 1, 1, (None,) + colors)
    # Opponents (Layout says where), clockwise from the person.
    tv.opp_names = []
    tv.opp_acts = []  # None where the layout has no room for the last action
    per_row = (rules.players - 1 + L.opp_rows - 1) // L.opp_rows
    for i in range(rules.players - 1):
        x = L.x + (i % per_row) * L.opp_w * L.cw
        y = L.opp_y + (i // per_row) * (L.lh + 1)  # two rows of names a pixel apart
        tv.opp_names.append(ui.Line(g, x, y, L.name_chars, s))
        act = None
        if L.opp_rows == 1 and L.act_chars:
            act = ui.Line(g, x, y + L.lh, L.act_chars, s, ui.DIM)
        elif L.act_chars >= 3:
            act = ui.Line(g, x + (L.name_chars + 1) * L.cw, y, L.act_chars, s, ui.DIM)
        tv.opp_acts.append(act)
    # Hand strip: card backgrounds (one tile per slot), a label on each, a cursor bar
    # above (or the cursor's card inverted) and playable marks below.
    kinds = 8 if L.cursor_y is not None else 9
    # A card's shape: its first row; the rank's digits end two rows above it (the label moves up),
    # a row is left under it where the card has one to spare.
    h = L.card_h // s
    mark_row = h - 3 - (h - 12) // 2
    if h < 12:
        marks = None  # (the compact layout's cards: no room under a rank; its screens are mono)
    tv.faces = gfx.tiles(
        g,
        _card_sheet(gfx, L.slot_w // s, h, L.gap // s, s, kinds, marks, mark_row),
        L.strip_x,
        L.card_y,
        L.slots,
        1,
        (None,) + colors + (DEAD_RGB, 0xFF3030, ui.DIM, ACTION_RGB, ui.WHITE)[: 5 if marks else kinds - 4],
    )  # (5 dead, 6 its strike, 7 a box's frame, 8 action, 9 the cursor's card and white shapes)
    tv.slots = []
    mid = L.card_y + (L.card_h - L.lh) // 2  # the labels' text, in the middle of the card
    # With the shapes on the tiles, a number card's label goes up (table.py draw_face): its
    # digits end two rows above the shape.
    tv.lift = mid - L.card_y - (mark_row - 11) * s if marks else 0
    for i in range(L.slots):
        tv.slots.append(ui.Line(g, L.strip_x + i * L.slot_w + L.gap, mid, label, s))
    # The scroll arrows: a glyph tile each, single size, in the middle of the text's height.
    y = mid + (L.lh - ui.CHAR_H) // 2
    tv.arrows = []
    for x in (L.strip_x - ui.CHAR_W - 1, L.strip_x + L.slots * L.slot_w - L.gap + 1):
        tv.arrows.append(gfx.tiles(g, arrows, x, y, 1, 1, (None, ui.DIM)))
    bars = _bar_sheet(gfx, L.slot_w, L.slot_w - L.gap, L.bar)
    tv.cursor = None
    if L.cursor_y is not None:
        tv.cursor = gfx.tiles(g, bars, L.strip_x, L.cursor_y, L.slots, 1, (None, ui.WHITE, MARK_RGB))
    tv.marks = gfx.tiles(g, bars, L.strip_x, L.mark_y, L.slots, 1, (None, ui.WHITE, MARK_RGB))
    tv.msg = []
    for i in range(L.msg_lines):
        tv.msg.append(ui.Line(g, L.x, L.msg_y + i * L.lh, L.cols, s, ui.DIM))
    tv.items = []  # the strip's contents: cards of the hand, then legal draw/end/pass
    tv.first = 0  # index of the item in the leftmost slot
    tv.shown_cursor = -1
    tv.shown_marks = [0] * L.slots
    tv.shown_faces = [0] * L.slots
    tv.shown_slots = [-2] * L.slots  # item << 4 | kind as drawn (-1 empty, -2 nothing yet)
    tv.shown_rows = bytearray(b"\xff" * 8)  # each row's lo and hi as drawn (255: nothing yet)
    tv.shown_msg = None  # the message and its colour as last drawn (message)
    tv.shown_color = None
    tv.shown_status = -1  # what the status line was drawn from, as one int (draw_status)
    tv.shown_opps = [-1] * (rules.players - 1)  # likewise each opponent's lines (draw_opponents)
    tv.msg_lines = []  # the message on show, wrapped, and its page on show (table.py message)
    tv.msg_page = 0
    tv.msg_turned = None  # when that page began to show (ms)
    tv.more = "\u00bb"  # the mark of a page with more after it (the screen puts its button first)
