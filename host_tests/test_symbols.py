"""Colour symbols (issue 48): an Elfer Raus card's colour told by a shape as well, on every colour
screen, with the setting on (the default); absent with it off; the one-colour OLED always has them.

The shapes are the rows' (firmware/glyphs.py ROW_MARKS: circle red, triangle yellow, square blue,
triangle down green): at each row's start, before the rank of a card named on a line (an
opponent's last move), small on each card's tile in the hand (firmware/tablebuild.py
_card_sheet), at the round's end, in the Help page's legend. Read here off the screen's pixels (the simulator's
display), the firmware's own Lines and its settings and saves.
"""

import pytest

from firmware import saves, table, ui
from firmware.lang import CODES, t, use
from firmware.settings import Settings
from host.drive import simdrive
from host.measure.colour import contrast, distance

SHAPES = table.ROW_MARKS
# Each shape on a card's tile, 5 x 3 pixels in the card's label colour, a row of 5 at a time.
PIXELS = (".###.#####.###.", "..#...###.#####", "#####" "#...#" "#####", "#####.###...#..")


def shape_row(h):
    """The shape's first row on a card h rows high (in the text's pixels): a row left under it
    on a 14-row card, at the bottom of a 12-row one; the rank's digits end two rows above it."""
    return h - 3 - (h - 12) // 2


def near(pixel, colour):
    """A pixel of the display is colour (which the panel shows as RGB565: a few units off)."""
    return all(abs(pixel[i] - (colour >> 16 - 8 * i & 255)) < 12 for i in range(3))


def at_table(profile, symbols=None, game="elfer", **values):
    env = {} if symbols is None else {"ELFER_SYMBOLS": symbols}
    d = simdrive.Driver(profile, getenv=env.get, keyboard=False, lazy=True)
    d.setup_match(game, players=4, **values)
    assert d.app.screen is d.app.table_screen
    d.draw()
    return d


def card_marks(d, rows=None):
    """[(card, the mark's 5 x 3 pixels: '.' the card's colour, '#' its label's, '?' another)] of
    the hand strip's number cards on show, read off the display; rows: (first, count) of the
    tile's rows to read across the whole card instead."""
    tv = d.app.table
    L = tv.L
    s = L.s
    surface = d.board.display.surface
    top, n = rows or (shape_row(L.card_h // s), 3)
    w = L.slot_w // s - L.gap // s
    x0, w = (0, w) if rows else ((w - 5) // 2, 5)
    out = []
    for i in range(L.slots):
        j = tv.first + i
        if j >= len(tv.items) or not 1 <= tv.shown_faces[i] <= 4:
            continue
        card = tv.items[j]
        back = table.ROW_RGB[tv.game][card >> 5]
        label = table.TEXT_ON[tv.game][card >> 5]
        bits = ""
        for y in range(n):
            for x in range(w):
                px = L.strip_x + i * L.slot_w + (x0 + x) * s
                py = L.card_y + (top + y) * s
                pixel = surface.get_at((px, py))
                bits += "." if near(pixel, back) else "#" if near(pixel, label) else "?"
        out.append((card, bits))
    return out


@pytest.mark.parametrize("profile", ["pybadge", "clue", "feather_tft"])
def test_symbols_on_by_default_each_card_in_the_hand_carries_its_rows_shape(profile):
    d = at_table(profile)
    assert d.app.settings.symbols == 1
    marks = card_marks(d)
    assert len(marks) >= 5
    for card, bits in marks:
        c = card >> 5
        assert bits == PIXELS[c], (card, bits)
    tv = d.app.table
    L = tv.L
    mid = L.card_y + (L.card_h - L.lh) // 2
    boxes = 0
    for i, text in enumerate(tv.slot_texts()):  # the label: the rank alone, its digits above the shape
        if 1 <= tv.shown_faces[i] <= 4:
            assert text == str(tv.items[tv.first + i] & 31)
            # glyph row 9, a digit's last, two rows above the shape's first
            assert tv.slots[i].y + 9 * L.s == L.card_y + (shape_row(L.card_h // L.s) - 2) * L.s
    # The strip at its end: a move box's symbol stays in the middle of its frame.
    tv.set_items(tv.items + [250, 251])  # engine/cards.py DRAW, END: boxes as a later turn has them
    tv.draw_strip(d.app.match.view, len(tv.items) - 1, lambda m: False, False)
    for i, text in enumerate(tv.slot_texts()):
        if tv.shown_faces[i] == 6 and text:
            assert tv.slots[i].y == mid, (i, text)
            boxes += 1
    assert boxes, "no move box on show"
    assert [tv.suit(c) for c in range(4)] == list(SHAPES)  # the rows' symbols: their shapes


@pytest.mark.parametrize("profile", ["pybadge", "clue"])
def test_symbols_off_leaves_every_card_plain_and_its_label_in_the_middle(profile):
    d = at_table(profile, "0")
    assert d.app.settings.symbols == 0
    tv = d.app.table
    L = tv.L
    assert tv.slots[0].y == L.card_y + (L.card_h - L.lh) // 2
    h = L.card_h // L.s
    below = (h - 12) // 2 + 10  # the first row under the digits (glyph rows 2..9)
    marks = card_marks(d, (below, h - below))  # where the shape would be: the card's colour only
    assert marks and all(set(bits) == {"."} for _, bits in marks), marks
    assert [tv.suit(c) for c in range(4)] == ["\u2588"] * 4  # the rows: a block in the colour
    assert tv.face(3 * 32 + 12, True) == "12"


def test_symbols_name_an_opponents_last_card_with_its_shape_in_a_colour_that_reads_on_black():
    d = at_table("pybadge")
    tv = d.app.table
    seen = []
    for _ in range(12):  # the person's turns, the bots' between
        if d.app.match.state.is_round_over():
            break
        d.play_turn()
        d.between_turns(d.app.match)
        for act in tv.opp_acts:
            if act is not None and act.text and act.text[0] in SHAPES:
                c = SHAPES.index(act.text[0])
                assert act.text[1:].isdigit() and contrast(act.color, ui.BLACK) >= 4.5, act.text
                away = [distance(act.color, rgb) for rgb in table.ROW_RGB[0]]
                assert min(away) == away[c], (act.text, hex(act.color))  # its row's colour, lightened
                seen.append(c)
    assert seen, "no opponent played a card in 12 turns"
    plain = at_table("pybadge", "0").app.table
    assert plain.face(2 * 32 + 7, True) == "7" and tv.face(2 * 32 + 7, True) == SHAPES[2] + "7"


def test_symbols_cinquillo_keeps_its_suits_and_no_card_gets_a_shape():
    d = at_table("pybadge", game="cinquillo")
    tv = d.app.table
    assert not tv.shapes
    assert [tv.suit(c) for c in range(4)] == list("\ue000\ue001\ue002\ue003")
    L = tv.L
    h = L.card_h // L.s
    below = (h - 12) // 2 + 10
    assert all(set(bits) == {"."} for _, bits in card_marks(d, (below, h - below)))


def test_symbols_the_one_colour_screen_has_the_shapes_whatever_the_setting():
    d = at_table("oled128x64", "0")
    tv = d.app.table
    assert tv.shapes and tv.face(5, True) == SHAPES[0] + "5" and tv.face(5, False) == SHAPES[0] + "5"
    labels = [text for i, text in enumerate(tv.slot_texts()) if tv.items[tv.first + i] < 128 and text]
    assert labels and all(text[0] in SHAPES for text in labels)


def test_symbols_setting_in_settings_toml_the_menu_and_the_saves():
    s = Settings()
    assert s.load_defaults({"ELFER_SYMBOLS": "0"}.get) == "" and s.symbols == 0
    assert "ELFER_SYMBOLS" in s.load_defaults({"ELFER_SYMBOLS": "maybe"}.get) and s.symbols == 0
    with pytest.raises(ValueError, match="setting symbols must be 0..1, got 2"):
        s.set("symbols", 2)
    # Saved with the others (payload version 4), read back; a version 2 payload keeps the default.
    payload = saves.encode(s, {}, None)
    assert payload[0] == 4 and payload[6] == 0
    fresh = Settings()
    assert saves.decode(payload, fresh) == ({}, None, "") and fresh.symbols == 0
    old = bytes([2]) + payload[1:6] + payload[8:]
    fresh = Settings()
    assert saves.decode(old, fresh) == ({}, None, "") and fresh.symbols == 1 and fresh.lang == s.lang
    # The Settings menu has it on a colour screen; the one-colour screen, which always shows the
    # shapes, has no such item.
    from firmware import menus

    for profile, has in (("pybadge", True), ("oled128x64", False)):
        d = simdrive.Driver(profile, keyboard=False, lazy=True)
        keys = [it[1] for it in menus.SettingsMenu(d.app).items]
        assert ("symbols" in keys) is has, profile


@pytest.mark.parametrize("code", CODES)
def test_symbols_the_help_legend_names_each_shape_in_every_language(code):
    from engine.cards import GAME_ELFER
    from firmware.legend import legend

    use(code)
    try:
        words = [(t(k) % "").strip() for k in (b"card_red", b"card_yellow", b"card_blue", b"card_green")]
        assert all(w and "%" not in w for w in words)
        for n in (4, 3, 0):  # the four colours, the three-colour game's, none (the symbols off)
            lines = legend(GAME_ELFER, False, n).split("\n")
            named = [line for line in lines if line and line[0] in SHAPES]
            assert named == [SHAPES[c] + " " + words[c] for c in range(n)], (n, lines)
    finally:
        use("en")


def test_symbols_the_round_end_page_names_the_cards_left_by_shape():
    from firmware import results

    d = at_table("pybadge")
    m = d.app.match
    from engine.names import card_token
    from firmware import pages

    for shapes in (True, False):
        lines = results.round_text(m, pages._shaped if shapes else card_token).split("\n")[2:]
        cards = [tok for line in lines for tok in line.split(": ", 1)[1].split()]
        assert len(cards) == sum(m.state.count), lines
        for tok in cards:
            if shapes:
                assert tok[0] in SHAPES and 1 <= int(tok[1:]) <= 20, tok
            else:
                assert tok[0] in "RYBG" and 1 <= int(tok[1:]) <= 20, tok
    # what the page shows: with the setting, the shapes (the OLED always: it has no colour)

    shown = pages.round_end_pager(d.app).lines
    assert any(line.startswith("P2 ") and line.split(": ", 1)[1][0] in SHAPES for line in shown), shown
    d.app.settings.symbols = 0
    shown = pages.round_end_pager(d.app).lines
    assert any(line.startswith("P2 ") and line.split(": ", 1)[1][0] in "RYBG" for line in shown), shown
    assert pages._shaped(0, 129) == card_token(0, 129) and pages._shaped(0, 130) == card_token(0, 130)
