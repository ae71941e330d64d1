"""The table's colours (issue 48): the four row colours of each game stay apart for people with a
colour-vision deficiency, and every text reads on what it is drawn on.

Distinct: the smallest CIEDE2000 difference between any two row colours, in normal vision and
after Machado, Oliveira and Fernandes' 2009 simulation of protanopia, deuteranopia and tritanopia
at severity 1.0 (host/measure/colour.py cites them), is at least MIN_APART. The threshold: 20.
A difference of about 2 is just noticeable side by side; telling a card's colour at a glance,
alone, on a 5-pixel-wide tile, needs far more, and the simulations model dichromats, the strongest
form. 20 is strict: the Okabe-Ito palette, made to be colour-blind safe, scores 12 under
tritanopia by this measure. Normal vision keeps at least 30.

Readable: WCAG 2.x contrast of at least 4.5:1 (level AA, normal-size text) for each card's label
(and its shape, drawn in the same colour) on its card, and for a card named on a line (an
opponent's last move) on the screen's black; the rows' symbols and cells, graphics, at least
3:1 on black (WCAG 2.1 1.4.11, non-text contrast). Every other text on every screen is checked
where it is drawn by host/drive/layoutcheck.py (the every-board walk, host_tests/test_layout_every_board.py).
"""

import itertools

import pytest

from firmware import table, ui
from host.measure.colour import KINDS, contrast, distance, simulate

MIN_APART = 20
MIN_APART_NORMAL = 30
GAMES = (("elfer", 0), ("cinquillo", 1))


def closest_pair(colours, kind=None):
    seen = [c if kind is None else simulate(c, kind) for c in colours]
    return min((distance(seen[i], seen[j]), i, j) for i, j in itertools.combinations(range(4), 2))


@pytest.mark.parametrize("name,game", GAMES)
@pytest.mark.parametrize("kind", KINDS)
def test_palette_row_colours_stay_apart_under_each_simulated_deficiency(name, game, kind):
    d, i, j = closest_pair(table.ROW_RGB[game], kind)
    assert d >= MIN_APART, "%s under %s: colours %d and %d only %.1f apart" % (name, kind, i, j, d)


@pytest.mark.parametrize("name,game", GAMES)
def test_palette_row_colours_stay_apart_in_normal_vision(name, game):
    d, i, j = closest_pair(table.ROW_RGB[game])
    assert d >= MIN_APART_NORMAL, "%s: colours %d and %d only %.1f apart" % (name, i, j, d)


@pytest.mark.parametrize("name,game", GAMES)
def test_palette_each_cards_label_and_shape_read_on_it(name, game):
    for c in range(4):
        ratio = contrast(table.TEXT_ON[game][c], table.ROW_RGB[game][c])
        assert ratio >= 4.5, "%s colour %d: label %.2f:1" % (name, c, ratio)
    # the other card faces: a dead card's pink label, an action card's white, the cursor's black
    assert contrast(0xFFB0B0, table.DEAD_RGB) >= 4.5
    assert contrast(ui.WHITE, table.ACTION_RGB) >= 4.5


@pytest.mark.parametrize("name,game", GAMES)
def test_palette_a_card_named_on_a_line_reads_on_black_and_the_rows_show(name, game):
    from host.drive import simdrive

    d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
    d.setup_match("cinquillo" if game else "elfer", players=4)
    tv = d.app.table
    act = tv.opp_acts[0]
    for c in range(4):
        rgb = table.ROW_RGB[game][c]
        assert contrast(rgb, ui.BLACK) >= 3, "%s colour %d: %.2f:1 on black" % (name, c, contrast(rgb, ui.BLACK))
        # The last move line as draw_opponents sets it: a card of this colour just played.
        v = d.app.match.view
        p = (v.seat + 1) % v.n  # the first opponent's line
        tv.shown_opps[0] = -1
        last = bytearray(v.n)
        cards = bytearray(v.n)
        last[p] = cards[p] = c * 32 + 5
        tv.draw_opponents(v, last, cards)
        assert act.text.endswith("5"), act.text
        assert contrast(act.color, ui.BLACK) >= 4.5, "%s colour %d: %r %.2f:1" % (
            name,
            c,
            act.text,
            contrast(act.color, 0),
        )
