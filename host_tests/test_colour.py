"""host/measure/colour.py against published numbers: Sharma, Wu and Dalal 2005's CIEDE2000 test data
(Table 1, pair numbers as there), WCAG contrast ratios, and what a dichromat simulation must keep."""

import pytest

from host.measure import colour

# (pair, Lab 1, Lab 2, delta E 2000) from Sharma et al. 2005, Table 1.
SHARMA = [
    (1, (50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    (4, (50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    (7, (50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    (10, (50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    (11, (50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    (15, (50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    (17, (50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    (20, (50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    (25, (60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    (31, (90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    (33, (6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    (34, (2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("pair, lab1, lab2, want", SHARMA, ids=[f"pair{p[0]}" for p in SHARMA])
def test_ciede2000_matches_sharma_table_both_ways(pair, lab1, lab2, want):
    assert colour.ciede2000(lab1, lab2) == pytest.approx(want, abs=1e-4)
    assert colour.ciede2000(lab2, lab1) == pytest.approx(want, abs=1e-4)


def test_wcag_contrast_of_white_black_and_grey():
    assert colour.contrast(0xFFFFFF, 0x000000) == pytest.approx(21)
    assert colour.contrast(0x000000, 0xFFFFFF) == pytest.approx(21)
    assert colour.contrast(0x777777, 0xFFFFFF) == pytest.approx(4.48, abs=0.005)
    assert colour.contrast(0xFFFFFF, 0xFFFFFF) == 1


def test_lab_of_white_black_and_primaries():
    assert colour.lab(0xFFFFFF) == pytest.approx((100, 0, 0), abs=1e-3)
    assert colour.lab(0x000000) == pytest.approx((0, 0, 0), abs=1e-9)
    assert colour.lab(0xFF0000) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)


@pytest.mark.parametrize("kind", colour.KINDS)
def test_simulate_keeps_black_white_and_greys(kind):
    for grey in (0x00, 0x33, 0x77, 0x80, 0xCC, 0xFF):
        rgb = grey * 0x010101
        assert colour.distance(colour.simulate(rgb, kind), rgb) < 0.5


def test_deuteranopia_brings_red_and_green_closer():
    red, green = 0xFF0000, 0x00FF00
    normal = colour.distance(red, green)
    seen = colour.distance(colour.simulate(red, "deuteranopia"), colour.simulate(green, "deuteranopia"))
    assert seen < normal / 2
