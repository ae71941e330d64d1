"""Every message the table says, and every rules page, shows whole on every board in every language.

The sweep: each refusal and hint the device words over seeded positions of every game
(host/drive/msgs.py table_says), and each notice the table says (a bot's move, whose
turn, a card that fits or not, the move boxes, the round's end, the tie-break), in each language
of firmware/lang, put into the message area of each board profile's real table (the
simulator posing as the board). A message fits its lines, or it pages: the pages together show
every word, no line is cut, and every page with more after it ends in the mark that names the
button turning it (firmware/table.py message). The rules pages scroll to their last line.
"""

import pytest

from boards.sim import PROFILES
from engine.cards import DRAW, END, PASS
from firmware import keys, lang, words
from firmware.lang import CODES, t

_TEXTS = {}


def notices(board):
    """What the table says besides refusals and hints (firmware/screens.py TableScreen), with
    the longest names the language has: each card of both games, each move, the sixth seat."""
    from boards.base import START, A, B
    from firmware.screens import MOVE_KEYS, seat

    out = {t(b"ts_hint_wait"), t(b"ts_tiebreak"), words.wait(5)}
    out.add(t(b"ts_round_over") + " " + keys.hint(board, ((A, b"k_results"),)))
    out.add(t(b"ts_playing") % seat(5) + "  " + keys.hint(board, ((START, b"k_menu"),)))
    for key in MOVE_KEYS.values():
        out.add(keys.hint(board, ((A | B, key),)))
    for game in (0, 1):
        for c in range(256):
            if words._known(game, c):
                name = words.card_name(game, c)
                out.add(t(b"ts_fits") % (name, keys.names(board, A)))
                out.add(t(b"ts_no_fit") % name)
                out.add(t(b"ts_your_turn") % ("%s: %s" % (seat(5), name)))
        for m in (DRAW, END, PASS):
            out.add(t(b"ts_your_turn") % ("%s: %s" % (seat(5), words.move_name(game, m))))
    return out


def texts(code, board):
    key = (code, board.name)
    if key not in _TEXTS:
        lang.use(code)
        from host.drive import msgs

        refusals, hints = msgs.table_says()
        _TEXTS[key] = sorted(set(refusals) | set(hints) | notices(board))
    return _TEXTS[key]


def table_on(profile):
    from host.drive import simdrive

    d = simdrive.Driver(profile, keyboard=False, lazy=True)
    d.setup_match("elfer", players=4)
    assert d.app.screen is d.app.table_screen
    return d


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_message_shows_whole_in_every_language(profile):
    """E16 C7 (refusals), the hints and the table's notices: nothing dropped, nothing cut."""
    from host.drive import layoutcheck

    d = table_on(profile)
    tv = d.app.table
    cols = tv.L.cols
    up = keys.label(d.board, 4)  # UP
    assert tv.more == up + "\u00bb"
    found = []
    paged = 0
    try:
        for code in CODES:
            for text in texts(code, d.board):
                tv.message(text)
                missing = layoutcheck.message_missing(tv)
                pages = layoutcheck.message_pages(tv)
                if missing:
                    found.append("%s: %r never shows %r" % (code, text, missing))
                for page in pages:
                    for line in page:
                        if len(line) > cols:
                            found.append("%s: %r is cut in %r" % (code, text, line))
                    if page is not pages[-1] and not page[-1].endswith(" " + tv.more):
                        found.append("%s: %r has a page without the more mark: %r" % (code, text, page))
                paged += len(pages) > 1
    finally:
        lang.use("en")
    assert not found, "%d problems on %s:\n%s" % (len(found), profile, "\n".join(found[:20]))
    assert paged, "the sweep had no message longer than %s's message area: it tests nothing" % profile


@pytest.mark.parametrize("profile", ["pybadge", "clue", "oled128x64", "feather_tft"])
def test_a_paged_message_turns_by_itself_and_with_up_where_the_board_has_it(profile):
    """The longest refusal pages; every page shows in turn, round again; UP turns it at once
    where the board has an UP, and the cursor stays; any other button goes on as before."""
    from firmware.ui import PAGE_MS

    d = table_on(profile)
    tv = d.app.table
    longest = max(texts("en", d.board), key=len)
    d.run_until(lambda: d.app.match.my_turn())  # no bot's move says something else meanwhile
    d.app.table_screen.say(longest)
    d.app.table_screen.redraw(d.app)
    first = [line.text for line in tv.msg]
    assert len(tv.msg_lines) > len(tv.msg)  # it pages
    seen = [first]
    d.step()  # the first page's time starts
    for _ in range(10):
        d.step(PAGE_MS * len(tv.msg) + 20)
        page = [line.text for line in tv.msg]
        if page == first:
            break
        seen.append(page)
    assert page == first and len(seen) >= 2, "the pages did not come round again"
    if d.has("UP"):
        cursor = d.app.table_screen.cursor
        d.press("UP")
        assert [line.text for line in tv.msg] == seen[1] and d.app.table_screen.cursor == cursor
    else:
        assert tv.more == "\u00bb"


@pytest.mark.parametrize("profile", ["pybadge", "clue", "oled128x64", "pico_lcd_114"])
def test_every_rules_page_scrolls_to_its_last_line_in_every_language(profile):
    """The rules pages (firmware/texts.py) in a Pager: DOWN scrolls to the last line, no line cut."""
    from firmware import ui
    from firmware.pages import Pager
    from firmware.texts import rules_text
    from host.drive import simdrive

    try:
        for code in CODES:
            d = simdrive.Driver(profile, keyboard=False, lazy=True, lang=code)
            for game in ("elfer", "cinquillo", "bastard"):
                text = rules_text(game)
                d.app.show(Pager(d.app, b"p_rules", text))
                p = d.app.panel
                for _ in range(200):
                    d.press("DOWN")
                shown = [line.text for line in p.lines if line.text]
                assert shown[-1] == ui.wrap(text, p.cols)[-1], (code, game)
                assert not any(line.cut for line in p.lines), (code, game)
    finally:
        lang.use("en")
