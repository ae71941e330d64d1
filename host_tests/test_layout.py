"""Glyphs, card faces and the table's layout on every screen in every language (issue 12)."""

import pytest

from firmware import glyphs, lang, ui
from firmware.glyphs import BLOCK, CCW, CW, DONE, NONE, STOCK, SUITS
from host.drive import layoutcheck, simdrive

PROFILES = ("sim", "clue", "feather_tft")  # 160x128, 240x240, 240x135
GAMES = (("Elfer Raus", 6), ("Cinquillo", 4), ("Bastard", 4))


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


def language_table(code):
    """firmware/lang/<code>.txt as a dict of texts (test_lang.py checks the format)."""
    with open(lang.path(code), encoding="utf-8") as f:
        lines = f.read().splitlines()
    pairs = [line.split("=", 1) for line in lines if line and not line.startswith("#")]
    return dict((key, text.replace("\\n", "\n")) for key, text in pairs)


def tile_pixels(tile):
    return tuple(ui.glyph_row(tile, y) >> (5 - x) & 1 for y in range(ui.CHAR_H) for x in range(ui.CHAR_W))


def missing_tile():
    return ui.GLYPHS + len(ui.GLYPH_CHARS)


def test_every_character_of_every_language_table_has_a_tile():
    missing = []
    for code in lang.CODES:
        for key, text in language_table(code).items():
            for ch in text.replace("\n", ""):  # a line break is not drawn: pages split at it
                if ui.tile_of(ch) == missing_tile():
                    missing.append((code, key, ch))
    assert missing == []


def test_the_table_symbols_and_the_alphabets_have_tiles_of_their_own():
    wanted = "äöüÄÖÜßáéíóúÁÉÍÓÚñÑ¿¡ãõçÇâêôàÃÕÂÊÔëï«»·←→↑↓"
    wanted += SUITS + BLOCK + STOCK + DONE + NONE + CW + CCW
    blank = tile_pixels(0)
    seen = {}
    for ch in wanted:
        tile = ui.tile_of(ch)
        assert tile != missing_tile(), ch
        pixels = tile_pixels(tile)
        assert pixels != blank, "%r is drawn blank" % ch
        assert pixels not in seen, "%r looks exactly like %r" % (ch, seen.get(pixels))
        seen[pixels] = ch


def test_the_packed_tiles_in_ui_are_those_glyphs_py_draws():
    """ui.py and glyphbits.py hold glyphs.py's tiles packed (host/ship/glyphpack.py); a change to one
    without the other fails."""
    from firmware import glyphbits

    chars, bits = glyphs.pack()
    assert ui.GLYPH_CHARS == chars
    assert glyphbits.GLYPH_BITS == bits and ui.tiles_count() * ui.CHAR_H == len(bits)


def test_an_accented_letter_is_its_base_plus_a_mark():
    for line in glyphs.COMPOSED.split("\n"):
        ch, base, how = line.split(" ")
        got = tile_pixels(ui.tile_of(ch))
        assert got != tile_pixels(ui.tile_of(base)), ch
        if how in ("acute", "grave", "circ", "tilde", "diaer"):
            assert any(got[: 3 * ui.CHAR_W]), "%r has no accent above" % ch
        if how == "cedil":
            assert any(got[10 * ui.CHAR_W :]), "%r has no cedilla below" % ch


def test_a_character_without_a_tile_shows_a_box_not_a_blank():
    box = missing_tile()
    assert ui.tile_of("\u4e2d") == box and ui.tile_of("\t") == box
    assert any(tile_pixels(box))
    from boards.gfx_displayio import GFX

    line = ui.Line(GFX.layer(), 0, 0, 4)
    line.set("a\u4e2dé")
    assert [line.grid[i] for i in range(3)] == [ui.tile_of("a"), box, ui.tile_of("é")]


def test_line_set_records_a_cut_text():
    from boards.gfx_displayio import GFX

    line = ui.Line(GFX.layer(), 0, 0, 5)
    line.set("Größe")
    assert not line.cut and line.text == "Größe"
    line.set("Größere")
    assert line.cut and line.text == "Größe"
    line.set("ok")
    assert not line.cut


def table_driver(profile, game, players):
    lang.use("en")
    d = simdrive.Driver(profile, lazy=True)  # layoutcheck reads the lines and glyph sheets, not the display
    d.app.seed = 5
    d.new_match(game, players=players)
    return d


def play_one(d):
    m = d.app.match
    if m.my_turn():
        d.press("DOWN", "A") if any(c < 250 for c in m.moves[: m.nmoves]) else d.press("B")
    else:
        d.step(1000)


@pytest.mark.parametrize("game,players", GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("profile", PROFILES)
def test_table_screen_has_no_layout_problem_in_any_language(profile, game, players):
    """Nothing cut, outside the panel or overlapping, on the person's turns and at round end."""
    d = table_driver(profile, game, players)
    m = d.app.match
    checked = 0
    for _ in range(3000):
        if m.my_turn() or m.state.phase:
            for code in lang.CODES:
                lang.use(code)
                d.app.table_screen.redraw(d.app)
                assert layoutcheck.problems(d.app) == [], (code, m.state.phase)
            lang.use("en")
            checked += 1
        if m.state.phase:
            break
        play_one(d)
    assert m.state.phase and checked > 3


def test_layoutcheck_reports_cut_outside_and_overlapping_texts():
    d = table_driver("sim", "Elfer Raus", 4)
    tv = d.app.table
    assert layoutcheck.problems(d.app) == []
    tv.status.set("x" * (tv.status.chars + 3))
    tv.spans[0].move(d.app.board.width - ui.CHAR_W, tv.spans[0].y)  # "--" now reaches past the right edge
    tv.msg[0].set("hello")
    tv.msg[0].move(tv.msg[0].x, tv.opp_names[0].y)  # on the opponents' name boxes
    found = layoutcheck.problems(d.app)
    assert any(p.startswith("status: cut") for p in found), found
    assert any(p.startswith("spans[0]:") and "outside" in p for p in found), found
    assert any("msg[0]" in p and "overlaps" in p for p in found), found


def test_cards_sit_a_pixel_apart_and_one_digit_ranks_are_centred():
    d = table_driver("sim", "Elfer Raus", 4)
    tv = d.app.table
    L = tv.L
    assert L.slots >= 10  # 160x128: 9 before the faces were narrowed
    sheet = tv.faces.grid.bitmap
    w = L.slot_w
    for tile in range(1, 8):  # every kind of face leaves its last column clear (tiles side by side)
        assert all(sheet[tile * w + w - 1, y] == 0 for y in range(L.card_h))
        assert sheet[tile * w, L.card_h // 2] != 0
    boxes = []
    for i, line in enumerate(tv.slots):
        if not line.text:
            continue
        base = L.strip_x + i * L.slot_w + L.gap
        assert line.x == base + (L.cw // 2 if len(line.text) == 1 else 0), line.text
        boxes.append(layoutcheck.box(line, line.x, line.y, 1))
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert a[2] < b[0], "labels run together"


def test_cinquillo_faces_carry_suit_symbol_and_the_languages_court_letter():
    d = table_driver("sim", "Cinquillo", 4)
    tv = d.app.table
    assert [tv.suit(c) for c in range(4)] == list(SUITS)
    for code, court in (("en", "JNK"), ("es", "SCR"), ("de", "BRK"), ("nl", "BRK"), ("pt", "VCR")):
        lang.use(code)
        assert [tv.face(1 * 32 + r, 0) for r in (7, 8, 9, 10)] == [SUITS[1] + "7"] + [SUITS[1] + x for x in court]
    faces = [s for s in tv.slot_texts() if s]
    assert faces and all(s[0] in SUITS + "+" + DONE + NONE for s in faces)


def test_move_boxes_are_framed_symbols_not_card_faces():
    from engine.cards import DRAW, END, PASS
    from firmware import table

    texts = [table.MOVE_TEXT[m - DRAW] for m in (DRAW, END, PASS)]
    assert len(set(texts)) == 3
    for text in texts:
        assert not any(ch.isalnum() for ch in text)  # "EN" was also the swords knight
    d = table_driver("sim", "Elfer Raus", 4)
    tv = d.app.table
    tv.set_items([DRAW, END])
    tv.draw_strip(d.app.match.view, 0, lambda c: True, True)
    assert tv.shown_faces[:2] == [6, 6]  # the move box face (table.py)
    assert tv.slot_texts()[:2] == texts[:2]


@pytest.mark.parametrize("code", lang.CODES)
def test_legend_names_every_symbol_in_each_language(code):
    from engine.cards import GAME_CINQUILLO, GAME_ELFER
    from firmware.legend import legend

    lang.use(code)
    text = legend(GAME_CINQUILLO, bastard=True)
    for symbol in SUITS + STOCK + DONE + NONE + CW + CCW + "<>+":
        assert symbol in text, symbol
    assert lang.t("table_leg_dead") in text and lang.t("card_king") in text
    assert all(ui.tile_of(ch) != missing_tile() for ch in text if ch != "\n")
    plain = legend(GAME_ELFER)
    assert SUITS[0] not in plain and lang.t("table_leg_dead") not in plain


def test_table_texts_differ_from_english_in_every_other_language():
    en = language_table("en")
    same = []
    for code in lang.CODES[1:]:
        table = language_table(code)
        for key in en:
            if key.startswith("table_") and key != "table_round" and table[key] == en[key]:
                same.append((code, key))
    assert same == []
