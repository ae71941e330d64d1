"""The 128x64 monochrome OLED (boards/mpschemes.py Oled128x64Scheme): every screen fits, and the
table says without colour what colour says elsewhere.

In CPython the simulator poses as the OLED (its scheme says mono, so the firmware draws as for
a monochrome panel) and host/drive/layoutcheck.py looks at a round of every game in every language
(every screen: host_tests/test_layout_every_board.py, which walks the MicroPython profiles too); on the
MicroPython unix port the firmware draws a round on the real framebuf surface with a
one-bit panel (host/drive/fbshots.py BITS=1) and the frames are read back.
"""

import pytest
from fbframes import fb_frames, need_micropython

from firmware.lang import CODES

BOARD = "oled128x64"
# Every game the OLED must seat: classic Elfer Raus for 2..6, Cinquillo, Bastard.
GAMES = [("elfer", n) for n in range(2, 7)] + [("cinquillo", 4), ("cinquillo", 2), ("bastard", 3)]


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("game,players", GAMES)
def test_a_round_on_the_oled_table_stays_laid_out_cleanly(game, players, code):
    """Every turn of a round, the bots' and the person's (cursor on each card of the hand
    in turn), the table shows every text whole: nothing cut, off the panel or overlapping."""
    pytest.importorskip("blinka_displayio_pygamedisplay")
    from host.drive import layoutcheck, simdrive

    d = simdrive.Driver(BOARD, keyboard=False, lazy=True, lang=code)
    d.app.seed = players
    d.setup_match(game, players=players)
    m = d.app.match
    found = set()
    for _ in range(300):
        if m.state.phase:
            break
        if m.my_turn():
            for _ in range(len(d.app.table_screen.items(m))):
                d.press("RIGHT")
                found.update(layoutcheck.problems(d.app))
            d.play_turn()
        else:
            d.step(1000)
        found.update(layoutcheck.problems(d.app))
    assert m.state.phase, "the round did not end"
    found.update(layoutcheck.problems(d.app))
    assert not found, "\n".join(sorted(found))


def oled_table(game="elfer", players=4):
    from host.drive import simdrive

    d = simdrive.Driver(BOARD, keyboard=False, lazy=True)
    d.app.seed = 5
    d.setup_match(game, players=players)
    m = d.app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    return d, m


def test_the_oled_layout_is_the_compact_one_from_its_size():
    """128x64 leaves no room for the usual stack: thin rows without spans, one line of
    opponents, one message line, the cursor drawn as an inverted card (no bar)."""
    from firmware.table import Layout

    L = Layout(128, 64, 20, 6, 3)
    assert L.msg_lines == 1 and L.cursor_y is None and L.span_chars == 0
    assert L.opp_rows == 1 and L.act_chars == 0
    assert L.rows_y + 4 * (L.row_h - 1) <= L.opp_y + 1  # the last row's gap may lie under the names
    assert L.opp_y + L.lh <= L.card_y and L.card_y + L.card_h <= L.msg_y
    assert L.msg_y + L.lh == 64
    assert L.row_h - 1 >= 5  # a row's shape (5 pixels of ink) shows whole
    for w, h in ((160, 128), (240, 135), (240, 240)):
        assert Layout(w, h, 20, 6).cursor_y is not None


def test_a_screen_too_short_for_the_rows_is_refused_clearly():
    from firmware.table import Layout

    with pytest.raises(ValueError, match="128x40 screen has no room"):
        Layout(128, 40, 20, 4)


@pytest.mark.parametrize("players,form", [(4, "P2 15"), (5, "2:15"), (6, "15")])
def test_the_opponents_share_one_line_shortened_to_fit(players, form):
    pytest.importorskip("blinka_displayio_pygamedisplay")
    d, m = oled_table(players=players)
    tv = d.app.table
    v = m.view
    names = [line.text for line in tv.opp_names]
    assert len(names) == players - 1 and all(n for n in names)
    p = (v.seat + 1) % v.n
    assert names[0] == form.replace("2", str(p + 1), 1).replace("15", str(v.count[p]))
    right = tv.opp_names[-1].x + tv.opp_names[-1].chars * tv.L.cw
    assert right <= 128


def test_without_colour_each_elfer_card_carries_its_rows_shape():
    pytest.importorskip("blinka_displayio_pygamedisplay")
    from firmware.table import ROW_MARKS

    d, m = oled_table()
    tv = d.app.table
    assert tv.mono
    its = d.app.table_screen.items(m)
    for i, text in enumerate(tv.slot_texts()):
        j = tv.first + i
        if j < len(its) and its[j] < 250:
            c = its[j]
            assert text == ROW_MARKS[c >> 5] + str(c & 31)


def test_without_colour_the_cursor_is_the_inverted_card_and_marks_stay_bars():
    pytest.importorskip("blinka_displayio_pygamedisplay")
    T_FRAME, T_CURSOR = 6, 8  # the card sheet's tiles (firmware/table.py): framed, the cursor's card

    d, m = oled_table()
    tv = d.app.table
    ts = d.app.table_screen
    assert tv.cursor is None
    pos = ts.cursor - tv.first
    kinds = tv.shown_faces
    assert kinds[pos] == T_CURSOR
    assert tv.slots[pos].color == 0x000000  # black on the white card
    assert T_CURSOR not in kinds[:pos] + kinds[pos + 1 :]
    numbers = [i for i, j in enumerate(range(tv.first, tv.first + len(kinds))) if j < len(ts.items(m))]
    assert all(kinds[i] == T_FRAME for i in numbers if i != pos and ts.items(m)[tv.first + i] < 250)
    assert [i for i, m in enumerate(tv.shown_marks) if m], "the person's turn shows the playable cards"
    before = ts.cursor
    d.press("RIGHT" if before + 1 < len(ts.items(m)) else "LEFT")
    assert ts.cursor != before
    assert tv.shown_faces.count(T_CURSOR) == 1 and tv.shown_faces[ts.cursor - tv.first] == T_CURSOR


def test_a_message_longer_than_the_line_shows_in_pages():
    """The OLED's one message line pages a longer message: a page a PAGE_MS, round again, each
    page with more after it marked with the UP button's name and a "»"; UP turns it at once."""
    pytest.importorskip("blinka_displayio_pygamedisplay")
    from firmware.ui import PAGE_MS

    d, m = oled_table()
    tv = d.app.table
    text = "one two three four five six seven eight nine ten"
    tv.message(text)
    assert tv.more == "\u2191\u00bb"  # the joystick's up, then the mark
    pages = [tv.msg[0].text]
    t0 = d.now
    assert not tv.turn(t0)  # the first page's time starts
    for k in range(1, 9):
        assert not tv.turn(t0 + k * PAGE_MS - 1)
        assert tv.turn(t0 + k * PAGE_MS)
        if tv.msg[0].text == pages[0]:  # round again
            break
        pages.append(tv.msg[0].text)
    assert len(pages) == 4 and all(len(p) <= tv.L.cols for p in pages)
    assert all(p.endswith(" " + tv.more) for p in pages[:-1]) and tv.more not in pages[-1]
    assert " ".join(p.replace(tv.more, "").strip() for p in pages) == text
    assert tv.message_text() == text
    tv.message(text)  # the same text again (each redraw): the page stays
    assert tv.msg[0].text == pages[0]
    d.press("UP")  # the next page at once, and the cursor stays
    cursor = d.app.table_screen.cursor
    assert tv.msg[0].text == pages[1] and d.app.table_screen.cursor == cursor
    tv.message("short")
    assert tv.msg[0].text == "short" and not tv.turn(t0 + 9 * PAGE_MS)


def test_colour_boards_keep_their_layout():
    """Three-character labels and the one message line are for the monochrome, short screen only."""
    pytest.importorskip("blinka_displayio_pygamedisplay")
    from host.drive import simdrive

    d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
    d.setup_match("elfer", players=4)
    tv = d.app.table
    assert not tv.mono and tv.label_chars == 2 and tv.cursor is not None
    assert len(tv.msg) == 2


# --- on the MicroPython unix port, the framebuf surface with a one-bit panel ---------------


def mono_frames(tmp_path, tape):
    return fb_frames(tmp_path, 128, 64, 1, tape)[0]


def ink(frame, x0, y0, x1, y1):
    return sum(frame[y * 128 + x] for y in range(y0, y1) for x in range(x0, x1))


def test_a_round_plays_on_the_monochrome_framebuf(tmp_path):
    """The firmware plays a round on the 128x64 one-bit framebuf; each part of the table has
    ink where the layout puts it, the cursor's card differs from the others, and the
    round's end shows."""
    need_micropython()
    from firmware.table import Layout

    tape = ["@title", "start", "w1000", "w1000", "w1000", "@deal", "RIGHT", "@moved", "play", "@over"]
    frames = mono_frames(tmp_path, tape)
    for name, f in frames.items():
        assert len(f) == 128 * 64 and set(f) <= {0, 1}, name
    assert ink(frames["title"], 0, 0, 128, 12) > 50  # the title line
    L = Layout(128, 64, 20, 4, 3)
    for name in ("deal", "moved", "over"):
        f = frames[name]
        assert ink(f, 0, 0, 128, L.rows_y) > 50, name  # the status line
        assert ink(f, L.row_left, L.rows_y, L.row_right, L.opp_y) > 20, name  # the rows
        assert ink(f, 0, L.opp_y, 128, L.card_y) > 30, name  # the opponents' counts
        assert ink(f, 0, L.msg_y + 1, 128, 64) > 20, name  # the message
    # The cursor's card is drawn filled: its slot has far more ink than any other card.
    f = frames["deal"]
    slots = [ink(f, L.strip_x + i * L.slot_w, L.card_y, L.strip_x + (i + 1) * L.slot_w - 1, L.mark_y) for i in range(5)]
    cur = slots.index(max(slots))
    assert all(s and s * 3 < slots[cur] * 2 for i, s in enumerate(slots) if i != cur), slots
    g = frames["moved"]
    moved = [ink(g, L.strip_x + i * L.slot_w, L.card_y, L.strip_x + (i + 1) * L.slot_w - 1, L.mark_y) for i in range(5)]
    assert moved.index(max(moved)) != cur or frames["moved"] != frames["deal"]
    assert frames["over"] != frames["deal"]
