"""The table on short screens (128x64), loaded only there: the layout's compact stack.

firmware/table.py's Layout computes the usual stack first; where not even one message line
fits below it, layout() recomputes it: the status line's blank top row off the screen, rows
as thin as the height leaves (their span texts only where a digit fits a row), the opponents
on one line without last actions ("P2 15", else "2:15", else the count alone, the seats in
order), the cursor the card drawn inverted (no bar above), the marks a thin bar in the
message line's top row, one message line.
"""

from firmware import ui


def layout(L, width, height, ranks, players):
    s = L.s
    lh = L.lh
    L.status_y = -s  # a text's top row holds only accents over capitals: the status has none
    L.rows_y = L.status_y + lh
    L.msg_lines = 1
    L.msg_y = height - lh
    L.bar = s
    L.mark_y = L.msg_y  # an accent over a capital at most meets it
    L.card_h = lh - 2 * s
    L.card_y = L.mark_y - L.card_h
    L.cursor_y = None
    L.opp_y = L.card_y - lh
    pitch = (L.opp_y + s - L.rows_y) // 4  # the last row's gap may lie under the opponents
    if pitch < 3 * s:
        raise ValueError("a %dx%d screen has no room for the table's rows" % (width, height))
    L.row_h = pitch + 1
    if pitch < 8 * s:  # a digit's 8 rows of ink do not fit a row: no span texts
        L.span_chars = 0
    spans = L.span_chars * L.cw + 2 if L.span_chars else 0
    L.cell = (width - L.x - spans - 2 - L.row_left) // ranks
    L.opp_rows = 1
    L.opp_w = L.cols // (players - 1)
    L.name_chars = L.opp_w - 1
    L.act_chars = 0
    L.name_form = 0 if L.name_chars >= 5 else 1 if L.name_chars >= 4 else 2


def short_name(form, p, count):
    """An opponent where "P2 15" does not fit: "2:15" (form 1), or the count alone (form 2);
    count -1: "?" (a linked table's seat away)."""
    if count < 0:
        return "%d:?" % (p + 1) if form == 1 else "?"
    return "%d:%d" % (p + 1, count) if form == 1 else str(count)


def symbol_top(tile, rows):
    """The first of `rows` rows of a glyph tile to show in a row that short: from the ink's
    top where it fits (the rows' shapes, level with the cells), else the ink's middle (a suit)."""
    ink = [y for y in range(ui.CHAR_H) if ui.glyph_row(tile, y)]
    if ink[-1] - ink[0] < rows:
        return ink[0]
    return (ink[0] + ink[-1] + 1 - rows) // 2
