"""Check the screen on show for layout faults: texts cut, texts off the panel, texts on top of each
other, text too faint on what it is drawn on (WCAG 2.x contrast under 4.5:1, on a colour screen).

    from host.drive.layoutcheck import problems
    problems(app)      # [] or readable sentences, e.g. "status: cut: 'R1 DU BIST DRAN ↻ Stapel 20' (25 of 26+)"

Works on the firmware's own objects (firmware/ui.py Lines of the table or the
text panel, whichever the display shows), so it runs headless on any board
profile. A Line's box is where it really paints: the whole line when its
background is opaque, else only the ink of the characters it shows (columns
of non-blank characters, rows of their glyphs' pixels), at the Line's scale and
position. Importing it does nothing.
"""

from host.measure.colour import contrast

_INK = {}  # tile -> (first, last) ink row, or None for a blank tile


def _ink_rows(ui, tile):
    if tile not in _INK:
        rows = [y for y in range(ui.CHAR_H) if ui.glyph_row(tile, y)]
        _INK[tile] = (min(rows), max(rows)) if rows else None
    return _INK[tile]


def _lines(obj, name, out):
    from firmware import ui

    if isinstance(obj, ui.Line):
        out.append((name, obj))
    elif isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            if isinstance(item, ui.Line):
                out.append(("%s[%d]" % (name, i), item))


def box(line, x, y, s):
    """(x0, y0, x1, y1) the Line paints (x1, y1 exclusive), or None when it paints nothing."""
    from firmware import ui

    cw = ui.CHAR_W * s
    if line.background is not None:
        return (x, y, x + line.chars * cw, y + ui.CHAR_H * s)
    first = last = -1
    top, bottom = ui.CHAR_H, -1
    for i, ch in enumerate(line.shown):
        if ch == " ":
            continue
        ink = _ink_rows(ui, ui.tile_of(ch))
        if ink is None:
            continue
        if first < 0:
            first = i
        last = i
        top = min(top, ink[0])
        bottom = max(bottom, ink[1])
    if first < 0:
        return None
    return (x + first * cw, y + top * s, x + (last + 1) * cw, y + (bottom + 1) * s)


def shown_lines(app):
    """[(name, Line, box)] of the Lines the display shows, in drawing order."""
    view = app.table if app.screen is not None and app.screen.table else app.panel
    found = []
    for name in sorted(vars(view)):
        _lines(getattr(view, name), name, found)
    return [(name, line, box(line, line.x, line.y, line.scale)) for name, line in found]


def message_pages(table):
    """Each page of the table's message as its lines show it (the page on show is shown again after)."""
    on_show = table.msg_page
    n = len(table.msg)
    pages = []
    for k in range((len(table.msg_lines) + n - 1) // n or 1):
        table.msg_page = k
        table.show_page()
        pages.append([line.shown for line in table.msg])
    table.msg_page = on_show
    table.show_page()
    return pages


def message_missing(table):
    """The words of the table's message that none of its pages shows, in order ('' when all show),
    read from what the lines show with the pages' more mark taken off."""
    shown = []
    for page in message_pages(table):
        for text in page:
            if text.endswith(table.more):
                text = text[: -len(table.more)]
            shown.extend(text.split())
    words = table.message_text().split()
    return "" if shown == words else " ".join(w for w in words if w not in shown) or repr(shown)


MIN_CONTRAST = 4.5  # WCAG 2.x, level AA, for text of normal size (ours is 6x12 pixels a character)


def under_colour(app, name, line):
    """What a Line's text is drawn on: its background, or where that is clear what shows through:
    a card's face under a label of the hand strip (firmware/tablebuild.py's card sheet), else the
    screen's black."""
    if line.background is not None:
        return line.background
    if name.startswith("slots[") and app.screen is not None and app.screen.table:
        from firmware import table, ui

        tv = app.table
        k = tv.shown_faces[int(name[6:-1])]
        if 1 <= k <= 4:
            return table.ROW_RGB[tv.game][k - 1]
        return (ui.BLACK, table.DEAD_RGB, ui.BLACK, table.ACTION_RGB, ui.WHITE)[max(0, k - 4)]
    return 0


def problems(app):
    """Readable sentences for every cut text, text off the panel, and overlap on the screen on show."""
    width = app.board.width
    height = app.board.height
    out = []
    lines = shown_lines(app)
    if app.screen is not None and app.screen.table:
        missing = message_missing(app.table)
        if missing:
            out.append("message: %r never shows %r" % (app.table.message_text(), missing))
    for name, line, b in lines:
        if line.cut:
            out.append("%s: cut: %r (%d characters shown)" % (name, line.shown, line.chars))
        if b is not None and (b[0] < 0 or b[1] < 0 or b[2] > width or b[3] > height):
            out.append("%s: %r reaches outside the %dx%d panel: %r" % (name, line.text, width, height, b))
    if not app.board.gfx.mono:  # (a one-colour panel has its ink and its black only)
        for name, line, b in lines:
            if b is None:
                continue
            under = under_colour(app, name, line)
            ratio = contrast(line.color, under)
            if ratio < MIN_CONTRAST:
                out.append(
                    "%s: %r in #%06X on #%06X: contrast %.2f:1 (at least %.1f:1)"
                    % (name, line.text, line.color, under, ratio, MIN_CONTRAST)
                )
    for i in range(len(lines)):
        na, la, a = lines[i]
        if a is None:
            continue
        for j in range(i + 1, len(lines)):
            nb, lb, b = lines[j]
            if b is not None and a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                out.append("%s %r overlaps %s %r" % (na, la.text, nb, lb.text))
    return out
